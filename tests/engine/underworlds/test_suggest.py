"""suggest() and view(): legal next events with labels and groups, open steps, who the game waits for, and
what each seat may see (docs/architecture.md, Engine contract)."""
import json
import pickle

import pytest

from app.engine import registry
from app.engine.core import Event, Suggestion
from app.engine.underworlds import suggest as S
from app.engine.underworlds.state import STATIC_KEYS
from tests.support.play import SETUPS, fill, play_random, underworlds_setup

from .helpers import RS, codes, ev, play, started, to_end_phase


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
    state = to_end_phase(started())
    types = {s.type for s in RS.suggest(state, "p1").suggestions}
    assert {"objective", "discard_power", "end_phase_done"} <= types
    # The next player is offered their own sequence: entering a step of it says p1 has finished (passes.py).
    assert "end_phase_done" in {s.type for s in RS.suggest(state, "p2").suggestions}
    all_suggestions_pass(state)


def test_catalogue_fields_have_specs():
    """The catalogue lists every event with a spec per field (clients build forms from it)."""
    for entry in RS.catalogue():
        for name, spec in entry["fields"].items():
            assert "type" in spec, (entry["type"], name)
    assert RS.check(started(), Event("fly", "p1", {}))[0].code == "unknown_event"


# -- unknown numbers (content with null characteristics) -------------------------------------------

def _content_game(first="steelhearts-champions", second="thricefold-discord"):
    from app import content  # noqa: PLC0415
    setup = content.expand_setup("underworlds/deathgorge", {
        "ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
        "seats": [{"name": "Ana", "warband": first}, {"name": "Ben", "warband": second}]})
    return started(setup=setup)


def _attack_suggestions(state, seat, label_part):
    return [s for s in RS.suggest(state, seat).suggestions if s.type == "attack" and label_part in s.label]


def test_attack_with_unknown_numbers_is_a_template_asking_for_them():
    """Attack actions (pg 20) with numbers our content lacks (the Harvester's Whirling Scythe, Sepulchral Guard):
    suggest() offers a template whose missing Dice, Damage and Range are int bounds and whose symbol is a finite choice; filled in,
    check() accepts it, and without them it is refused (the engine cannot resolve an attack it has no numbers for)."""
    state = _content_game("sepulchral-guard", "steelhearts-champions")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.harvester")
    swing, = _attack_suggestions(state, "p1", "Whirling Scythe")
    assert not swing.complete
    assert {"profile.dice", "profile.damage", "profile.range"} <= set(swing.bounds)
    assert swing.choices["profile.symbol"] == ["smash", "fury"]
    all_suggestions_pass(state)
    bare = Event("attack", "p1", {"attacker": "p1.harvester", "target": swing.choices["target"][0],
                                  "profile": {"name": "Whirling Scythe"}, "attack_roll": {"smash": 1},
                                  "defence_roll": {}})
    assert "missing_field" in [v.code for v in RS.check(state, bare)]
    ev = fill(swing, lambda kind, arg: arg[0] if kind == "choice" else arg[1])
    assert RS.check(state, ev) == []
    state, _ = RS.apply(state, ev)
    assert state["pending"] is None or state["pending"]["left"] < 1 or state["reaction"]


def test_fighter_with_no_known_profiles_attacks_with_an_entered_profile():
    """A fighter whose Attack actions content does not give (the Thricefold Discord: `missing` lists profiles) can
    still be activated to attack; the attack template asks for the whole profile. A fighter whose card really has
    no Attack action stays refused (see test_activations)."""
    state = _content_game("thricefold-discord", "steelhearts-champions")
    assert RS.check(state, Event("activate", "p1", {"action": "attack", "fighter": "p1.vexmor"})) == []
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.vexmor")
    entered, = _attack_suggestions(state, "p1", "enter its profile")
    assert {"profile.dice", "profile.damage", "profile.range"} <= set(entered.bounds)
    assert entered.choices["profile.symbol"] == ["smash", "fury"]
    all_suggestions_pass(state)


def test_target_with_unknown_defence_needs_its_defence_entered():
    """Combat step 3 (pg 21) needs the target's Defence: attacking a fighter whose Defence our content lacks
    (the Thricefold Discord) asks for it (template with defence.dice bounds and defence.symbol choices); check()
    refuses the attack without it instead of guessing."""
    state = _content_game("steelhearts-champions", "thricefold-discord")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.angharad-brightshield")
    hammer, = _attack_suggestions(state, "p1", "Sigmarite Hammer")
    assert hammer.choices["defence.symbol"] == ["block", "dodge"]
    assert hammer.bounds["defence.dice"]["type"] == "int"
    base = {"attacker": "p1.angharad-brightshield", "target": "p2.vexmor", "profile": {"name": "Sigmarite Hammer"},
            "attack_roll": {"smash": 1}, "defence_roll": {}}
    assert "defence_needed" in [v.code for v in RS.check(state, Event("attack", "p1", base))]
    assert RS.check(state, Event("attack", "p1", {**base, "defence": {"dice": 1, "symbol": "dodge"}})) == []
    all_suggestions_pass(state)


def _inspire_offers(state, seat):
    return [s.data["fighter"] for s in RS.suggest(state, seat).suggestions if s.type == "inspire"]


def test_only_fighters_check_accepts_are_offered_inspire():
    """Inspire (pg 6): when a fighter's Inspire condition is met it becomes Inspired at the next Inspire step, one
    before each activation step and after each activation and power step. So Inspire is offered only for a fighter
    whose condition is met (or left to the players to judge) in an Inspire step: exactly what check() accepts."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["inspire_condition"] = {"text": "An enemy fighter is out of action.",
                                                            "check": {"kind": "enemy_out_of_action_at_least",
                                                                      "count": 1}}
    state = started(setup=setup)
    assert state["minor"], "the Inspire step before the first activation step is open"
    offered = _inspire_offers(state, "p1")
    assert "p1.leader" not in offered  # its condition is not met
    assert offered == [f for f in ("p1.leader", "p1.brute", "p1.minion")
                       if not RS.check(state, ev("inspire", "p1", fighter=f))]
    assert "inspire_condition_not_met" in codes(state, "inspire", "p1", fighter="p1.leader")
    state, _ = play(state, "damage", "p1", fighter="p2.minion", amount=2, source="card")
    assert state["fighters"]["p2.minion"]["out"]
    assert "p1.leader" in _inspire_offers(state, "p1")  # met now, and the Inspire step is still open


def test_a_card_that_inspires_a_fighter_is_an_override_with_its_reason():
    """A card can Inspire a fighter outside its condition (But my card says..., cards beat rules): the Inspire the
    rules refuse is entered with an override and the card as its reason, and the fighter is Inspired."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["inspire_condition"] = {"text": "Never by itself.",
                                                            "check": {"kind": "enemy_out_of_action_at_least",
                                                                      "count": 9}}
    state = started(setup=setup)
    assert "p1.leader" not in _inspire_offers(state, "p1")
    state, _ = play(state, "inspire", "p1", override="card: Inspiring Presence", fighter="p1.leader")
    assert state["fighters"]["p1.leader"]["inspired"]


def test_the_shared_look_ahead_is_the_same_as_each_seats_own():
    """suggest.ahead() works out the passes ahead once per state for every seat and adds only the attacking
    player's continuation past a drive back (passes.implied_pass); over random games of every edition, each
    seat's chain equals the one worked out for that seat alone, drive backs included."""
    drive_backs = 0
    for rid in [r for r in SETUPS if r.startswith("underworlds/")]:
        rs = registry.get(rid)
        states: list = []
        play_random(rs, SETUPS[rid][0], 7, max_events=300, on_event=lambda s, *_, into=states: into.append(s))
        for state in states:
            for seat in state["seats"]:
                alone = S._passes(rs, state, seat)
                shared = S.ahead(rs, state, seat)
                assert [(i.event.to_dict(), after) for i, after in shared] == \
                       [(i.event.to_dict(), after) for i, after in alone]
            chain = S._passes(rs, state, "")
            drive_backs += bool((chain[-1][1] if chain else state).get("drive_back"))
    assert drive_backs, "no game reached a drive back: the attacking player's continuation went untested"


def test_suggestions_are_told_apart_as_their_json_text_tells_them_apart():
    """suggest() drops a suggestion equal to one it already has (suggest._key, with orjson): over random games of
    every edition, two suggestions of a seat share a key exactly when the standard library's sorted JSON of their
    type, data, choices and bounds is the same, and True and 1 are told apart as JSON tells them apart."""
    def json_key(s):
        return json.dumps([s.type, s.data, s.choices, s.bounds], sort_keys=True, default=str)

    for rid in [r for r in SETUPS if r.startswith("underworlds/")]:
        rs = registry.get(rid)
        states: list = []
        play_random(rs, SETUPS[rid][0], 5, max_events=120, on_event=lambda s, *_, into=states: into.append(s))
        for state in states[::4]:
            for seat in state["seats"]:
                offers = rs.suggest(state, seat).suggestions
                offers = offers + [Suggestion(o.type, o.by, o.label, dict(o.data), dict(o.choices), dict(o.bounds))
                                   for o in offers[:3]]   # equal copies: the same key
                for a in offers:
                    for b in offers:
                        assert (S._key(a) == S._key(b)) == (json_key(a) == json_key(b))
    flag = Suggestion("token", "p1", "x", {"n": True})
    assert S._key(flag) != S._key(Suggestion("token", "p1", "x", {"n": 1}))
    assert S._key(Suggestion("t", "p1", "x", {"b": 10**30, "a": 2})) == \
        json_key(Suggestion("t", "p1", "x", {"b": 10**30, "a": 2})).encode()   # past 64 bits: the library's text


def test_what_the_rules_derive_is_shared_by_the_seats_views_of_a_state_and_new_for_the_next(monkeypatch):
    """The views of one state share its `derived` part (worked out once, per_state.py); each equals what the rules
    derive for that state, so the next state's views show a fighter's new wounds."""
    state = started()
    calls = []
    derive = RS.derived
    monkeypatch.setattr(RS, "derived", lambda st: calls.append(st) or derive(st))
    views = [RS.view(state, seat) for seat in ("p1", "p2", "referee")]
    # Worked out once for the three views (under test a view hands its parts out read-only, each read a wrapper of
    # the one shared mapping, so they are compared by value here).
    assert calls == [state]
    assert views[0]["derived"] == views[1]["derived"] == views[2]["derived"]
    monkeypatch.undo()
    assert views[0]["derived"] == RS.derived(state) and views[0]["derived"]["p2.brute"]["wounds_left"] == 5
    later, _ = play(state, "damage", "p1", fighter="p2.brute", amount=2, source="card")
    assert RS.view(later, "p2")["derived"]["p2.brute"]["wounds_left"] == 3
    assert RS.view(state, "p1")["derived"]["p2.brute"]["wounds_left"] == 5   # the earlier state: its own again


@pytest.mark.parametrize("ruleset_id", ["underworlds/deathgorge", "underworlds/shadespire"])
def test_advice_follows_a_state_changed_in_place(ruleset_id):
    """A state asked about, then changed in place (apply_in_place), gets the advice of what it holds now, never the
    optional steps worked out for what it held before."""
    rs = registry.get(ruleset_id)
    seen = 0

    def check(state, event, _sugg):
        nonlocal seen
        owned = rs.copy_state(state)
        for seat in owned["order"]:
            rs.suggest(owned, seat)
        rs.apply_in_place(owned, event)
        after = [rs.suggest(owned, seat).to_dict() for seat in owned["order"]]
        S._LAST_CHAIN.clear()
        assert after == [rs.suggest(rs.copy_state(owned), seat).to_dict() for seat in owned["order"]]
        seen += bool(after[0]["step"].get("optional"))

    play_random(rs, SETUPS[ruleset_id][0], seed=11, max_events=120, on_event=check)
    assert seen, "the game passed through optional steps"


@pytest.mark.parametrize("ruleset_id", ["underworlds/deathgorge", "underworlds/shadespire"])
def test_the_optional_steps_are_worked_out_once_per_state(ruleset_id, monkeypatch):
    """Every seat's advice on one state shares one working out of the optional steps ahead, whatever the state
    holds (the 2018 rules keep a rule citation in the reaction window)."""
    rs = registry.get(ruleset_id)
    calls = []
    passes = S._passes
    monkeypatch.setattr(S, "_passes", lambda rs_, state, seat: calls.append(seat) or passes(rs_, state, seat))

    def check(state, _event, _sugg):
        calls.clear()
        for seat in state["order"]:
            rs.suggest(state, seat)
        assert calls.count("") <= 1

    play_random(rs, SETUPS[ruleset_id][0], seed=5, max_events=120, on_event=check)


@pytest.mark.parametrize("ruleset_id", ["underworlds/deathgorge", "underworlds/shadespire"])
def test_a_position_met_again_is_offered_the_activations_worked_out_for_it_and_no_other(ruleset_id, monkeypatch):
    """The activations are remembered by the state's content: a state holding what the last one held (another
    object) is offered them again without working them out, as copies (changing one seat's choices changes no
    later advice); every state is offered what it would be with nothing remembered."""
    rs = registry.get(ruleset_id)
    worked = []
    work = S.activations.suggest_activations
    monkeypatch.setattr(S.activations, "suggest_activations", lambda *a: worked.append(a[2]) or work(*a))

    exercised = 0

    def check(state, _event, _sugg):
        nonlocal exercised
        for seat in state["order"]:
            remembered = dict(S._LAST_ACTIVATIONS)
            S._LAST_ACTIVATIONS.clear()
            alone = json.loads(json.dumps(rs.suggest(state, seat).to_dict()))   # what nothing remembered gives
            S._LAST_ACTIVATIONS.clear()
            S._LAST_ACTIVATIONS.update(remembered)
            first = rs.suggest(state, seat)
            exercised += any(s.get("group", "").startswith("Activate") for s in alone["suggestions"])
            assert json.loads(json.dumps(first.to_dict())) == alone
            for s in first.suggestions:
                s.choices.clear()   # what an edition's filter may do to its own copy
            worked.clear()
            same_position = {**pickle.loads(pickle.dumps({k: v for k, v in state.items() if k not in STATIC_KEYS})),
                             **{k: state[k] for k in STATIC_KEYS}}
            assert json.loads(json.dumps(rs.suggest(same_position, seat).to_dict())) == alone
            assert worked == []                                  # remembered, not worked out again

    play_random(rs, SETUPS[ruleset_id][0], seed=5, max_events=150, on_event=check)
    assert exercised > 10, "activations were worked out along the game"


def test_the_optional_steps_remembered_share_nothing_with_a_state_changed_in_place_later():
    """The passes ahead are remembered by content; a fold's own state, changed in place after it was asked about,
    must not change the remembered states (only the passes after the first share parts, with the first)."""
    found = []

    def keep(state, _event, _sugg):
        w = state.get("reaction")
        if w and state["phase"] == "action" and len(w["order"]) - len(w["passed"]) >= 3:
            found.append(state)
    play_random(RS, underworlds_setup(4), seed=3, max_events=150, on_event=keep)
    state = found[-1]
    owned = RS.copy_state(state)
    S.ahead(RS, owned, "")
    fid = next(iter(owned["fighters"]))
    RS.apply_in_place(owned, Event("token", "p1", {"fighter": fid, "token": "guard", "action": "give"}))
    again = S.ahead(RS, RS.copy_state(state), "")
    assert [pickle.dumps(s) for _, s in again] == \
        [pickle.dumps(s) for _, s, _ in RS.passes_ahead(state, Event("activate", "", {}))]
