"""suggest() and view(): legal next events with labels and groups, open steps, who the game waits for, and
what each seat may see (DESIGN.md engine contract)."""
from app.engine.core import Event

from ..play import fill, underworlds_setup
from .helpers import RS, play, started


def all_suggestions_pass(state):
    for seat in state["order"]:
        for s in RS.suggest(state, seat).suggestions:
            assert s.label and s.group
            ev = fill(s, lambda kind, arg: arg[0] if kind == "choice" else (arg[1] if kind == "int" else "X"))
            assert RS.check(state, ev) == [], (s.to_dict(), [v.to_dict() for v in RS.check(state, ev)])


def test_suggestions_during_set_up_and_turns_all_pass_check():
    """Every suggested event passes check() (one source of legality)."""
    state = RS.new_game(underworlds_setup(2))
    all_suggestions_pass(state)
    state = started()
    all_suggestions_pass(state)
    state, _ = play(state, "activate", "p1", action="charge", fighter="p1.leader")
    all_suggestions_pass(state)
    types = {s.type for s in RS.suggest(state, "p1").suggestions}
    assert {"attack", "abandon"} <= types


def test_activation_step_offers_each_action_and_player_action():
    """Activation step (pg 18): Move, Attack, Charge, Guard, Stun, Barge for each fighter, and player actions."""
    advice = RS.suggest(started(), "p1")
    acts = {(s.data.get("fighter"), s.data["action"]) for s in advice.suggestions if s.type == "activate"}
    assert {("p1.brute", a) for a in ("move", "attack", "charge", "guard", "stun", "barge")} <= acts
    assert {s.data["action"] for s in advice.suggestions if s.type == "player_action"} == {
        "draw_power", "swap_objective", "pass"}
    assert advice.step["turn"] == "p1" and advice.waiting_for == ["p1"]
    assert not [s for s in RS.suggest(started(), "p2").suggestions if s.type == "activate"]


def test_templates_have_finite_choices_or_int_bounds():
    """Each template field has a finite list of choices or int bounds (clients build forms from them)."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    attack = [s for s in RS.suggest(state, "p1").suggestions if s.type == "attack"]
    assert attack and all(not s.complete for s in attack)
    bolt = next(s for s in attack if s.data["profile"]["name"] == "Bolt")
    assert "attack_roll.channel" in bolt.bounds and "attack_roll.smash" not in bolt.bounds
    assert set(bolt.choices["target"]) == {"p2.leader", "p2.brute", "p2.minion"}
    d = bolt.to_dict()
    assert d["template"]["type"] == "attack" and d["fields"]["attack_roll.crit"]["type"] == "int"


def test_power_step_names_whose_go_and_reaction_window():
    """Power step (pg 29) and reaction steps (pg 36): advice names the step, whose go, and open reactions."""
    state = started()
    state, _ = play(state, "player_action", "p1", action="pass")
    advice = RS.suggest(state, "p2")
    assert advice.step["power_go"] == "p1" and advice.reaction_window["steps"][0]["id"] == "after_action"
    assert advice.reaction_window["may_react"] == ["p1", "p2"]
    all_suggestions_pass(state)


def test_view_hides_other_players_held_cards():
    """Draw cards (pg 15): the hand is kept secret from the opponent."""
    state = started()
    state["seats"]["p2"]["cards"]["power"] = ["Sidestep"]
    assert RS.view(state, "p1")["seats"]["p2"]["cards"]["power"] == []
    assert RS.view(state, "p2")["seats"]["p2"]["cards"]["power"] == ["Sidestep"]
    assert RS.view(state, "referee")["seats"]["p2"]["cards"]["power"] == ["Sidestep"]
    assert RS.view(state, "p1")["seats"]["p2"]["hand"]["power"] == 5  # counts are public


def test_end_phase_suggestions():
    """End phase (pg 38): score, discard, upgrades, discard power, done — for the player whose sequence it is."""
    from .test_objectives import to_end_phase
    state = to_end_phase(started())
    types = {s.type for s in RS.suggest(state, "p1").suggestions}
    assert {"objective", "discard_power", "end_phase_done"} <= types
    assert "end_phase_done" not in {s.type for s in RS.suggest(state, "p2").suggestions}
    all_suggestions_pass(state)


def test_catalogue_fields_have_specs():
    """The catalogue lists every event with a spec per field (clients build forms from it)."""
    for entry in RS.catalogue():
        for name, spec in entry["fields"].items():
            assert "type" in spec, (entry["type"], name)
    assert RS.check(started(), Event("fly", "p1", {}))[0].code == "unknown_event"
