"""The attack event applied to the game (Deathgorge rulebook, Combat sequence pg 21, Damage pg 23,
Out of action and Bounty pg 24, Stagger pg 25, Spells pg 28). combat.py decides the result; these tests
check what the ruleset does with it."""
import copy

from app.engine import registry
from app.engine.core import Event
from tests.support.play import underworlds_setup

from .helpers import HIT, RS, attack, codes, ev, play, started

MISS = {"fury": 2}


def test_attack_needs_its_activation_first():
    """Activation step (pg 18): an Attack action is made when a fighter is activated for it."""
    state = started()
    assert "no_attack_pending" in codes(state, "attack", "p1", attacker="p1.leader", target="p2.minion",
                                        profile={"name": "Blade"}, attack_roll=HIT, defence_roll={"block": 1})


def test_cannot_target_a_friendly_fighter():
    """Advanced rules, Combat sequence (pg 21): you cannot target a friendly fighter."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    assert "friendly_target" in codes(state, "attack", "p1", attacker="p1.leader", target="p1.brute",
                                      profile={"name": "Blade"}, attack_roll=HIT, defence_roll={"block": 1})


def test_hit_deals_damage_and_takes_out_of_action_with_bounty():
    """Combat steps 5-6, Out of action and Bounty (pg 24): damage equal to Damage; out of action at Wounds; 1 glory."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state)
    assert cons[:1] == ["attack_resolved"] and "out_of_action" in cons and "bounty" in cons
    f = state["fighters"]["p2.minion"]
    assert f["out"] and f["damage"] == 0 and all(v == 0 for v in f["tokens"].values())
    assert state["seats"]["p1"]["glory"]["unspent"] == 1
    assert state["step"] == "power"
    w = state["reaction"]
    assert "after_out_of_action" in w["steps"] and "after_drive_back" not in w["steps"]
    assert w["order"] == ["p1", "p2"]


def test_large_fighter_bounty_is_two():
    """Bounty (pg 24): a Large fighter (Wounds 5+) is worth 1 additional glory point."""
    state = started()
    state, _ = play(state, "damage", "p1", fighter="p2.brute", amount=4, source="card")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, tgt="p2.brute", defence={"single": 2})
    assert state["fighters"]["p2.brute"]["out"] and state["seats"]["p1"]["glory"]["unspent"] == 2


def test_miss_deals_no_damage_and_the_activation_ends():
    """Combat step 4 (pg 21): a miss fails; step 8 ends the sequence."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, roll=MISS)
    assert state["fighters"]["p2.minion"]["damage"] == 0 and state["step"] == "power"
    assert state["reaction"]["steps"][-3:] == ["after_attack", "after_action", "after_activation"]


def test_stagger_keyword_staggers_a_surviving_target():
    """Stagger (pg 25): after a successful Attack action with Stagger, the target gets a Stagger token."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["profiles"][0]["keywords"] = ["stagger"]
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, tgt="p2.brute", defence={"single": 2})
    assert state["fighters"]["p2.brute"]["tokens"]["stagger"] == 1 and "staggered" in cons


def test_spell_attack_backlash_damages_the_caster():
    """Casting spell Attack actions (pg 28): two or more criticals is backlash, 1 damage to the wizard."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, profile="Bolt", roll={"crit": 2}, tgt="p2.brute", defence={"single": 2})
    assert state["fighters"]["p1.leader"]["damage"] == 1
    assert "after_backlash" in state["reaction"]["steps"]


def test_scything_makes_one_attack_per_declared_target():
    """Scything (pg 25): one Attack action per adjacent enemy fighter, each at a different target."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.brute", attacks=2)
    state, _ = attack(state, att="p1.brute", tgt="p2.leader", roll=MISS)
    assert state["step"] == "activation" and state["pending"]["left"] == 1
    assert "scything_same_target" in codes(state, "attack", "p1", attacker="p1.brute", target="p2.leader",
                                           profile={"name": "Blade"}, attack_roll=MISS, defence_roll={"block": 1})
    state, _ = attack(state, att="p1.brute", tgt="p2.minion", roll=MISS)
    assert state["step"] == "power"


def test_attacker_taken_out_of_action_ends_the_activation():
    """Out of action (pg 24): a fighter out of action cannot make actions; the activation ends."""
    state = started()
    state, _ = play(state, "activate", "p1", action="charge", fighter="p1.minion")
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    assert state["pending"] is None and state["step"] == "power"


def test_plunder_after_the_attack_takes_the_target_out():
    """Plunder (pg 24): after the out of action check of a friendly fighter's Attack action, place an available
    feature token where the target was."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = attack(state)
    assert "plunder_not_open" in codes(state, "reaction", "p2", step="after_out_of_action", name="plunder",
                                       feature="b1")
    state, cons = play(state, "reaction", "p1", step="after_out_of_action", name="plunder", feature="b1")
    assert "feature_placed" in cons and state["features"]["b1"]["on_board"]
    assert state["features"]["b1"]["face"] == "cover"
    assert "one_reaction_per_step" in codes(state, "reaction", "p1", step="after_out_of_action", name="plunder",
                                            feature="b2")


def test_attack_is_checked_structurally_by_combat():
    """Combat sequence (pg 21): faces of the wrong dice are malformed and cannot be overridden."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    e = Event("attack", "p1", {"attacker": "p1.leader", "target": "p2.minion", "profile": {"name": "Blade"},
                               "attack_roll": {"channel": 1}, "defence_roll": {"block": 1}},
              override={"reason": "try"})
    assert RS.judge(state, e).blocked and not copy.deepcopy(RS.judge(state, e).blocked)[0].overridable


def test_plunder_places_the_token_face_the_player_chooses():
    """Plunder (pg 24) and Advanced rules, Feature tokens (pg 14): a player placing a feature token during a round
    decides which face is up; a blocked/cover token has no objective side."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = attack(state)
    offer = [s for s in RS.suggest(state, "p1").suggestions if s.data.get("name") == "plunder"]
    assert offer and offer[0].choices["face"] == ["cover", "blocked"]
    assert "no_such_face" in codes(state, "reaction", "p1", step="after_out_of_action", name="plunder",
                                   feature="b1", face="objective")
    state, _ = play(state, "reaction", "p1", step="after_out_of_action", name="plunder", feature="b1", face="blocked")
    assert state["features"]["b1"] == {"value": None, "face": "blocked", "on_board": True, "fighter": None}


def test_no_plunder_into_a_hex_that_still_holds_a_feature_token():
    """Plunder (pg 24) with Advanced rules, Feature tokens (pg 14): a feature token cannot be placed in a hex that
    contains another feature token, so a target taken out on a feature token cannot be Plundered."""
    state = started()
    state, _ = play(state, "position", "p2", fighter="p2.minion", feature="3")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = attack(state)
    assert state["fighters"]["p2.minion"]["out"] and state["features"]["3"]["on_board"]
    assert "hex_has_feature_token" in codes(state, "reaction", "p1", step="after_out_of_action", name="plunder",
                                            feature="b1")
    assert not [s for s in RS.suggest(state, "p1").suggestions if s.data.get("name") == "plunder"]


def test_spell_attack_backlash_opens_the_damage_reaction_steps():
    """Reactions: when a fighter is dealt damage (pg 36): backlash is damage dealt to the caster, so the reaction
    steps after damage (and after out of action) follow it."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["wizard_level"] = 3
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, tgt="p2.brute", profile="Bolt", roll={"crit": 2, "channel": 1})
    steps = state["reaction"]["steps"]
    assert "damage_dealt" in cons and state["fighters"]["p1.leader"]["damage"] >= 1
    assert steps.index("after_backlash") < steps.index("after_damage") < steps.index("after_defence_roll")


def test_drive_back_after_a_hit_with_knockback():
    """Drive back (step 7, pg 21) and Knockback (pg 26): the attacking player may push the target 1 hex, plus
    its Knockback; a push into a lethal hex deals 1 damage."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["profiles"][0]["keywords"] = ["knockback 1"]
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, tgt="p2.brute", defence={"single": 2})
    assert "drive_back_allowed" in cons and state["drive_back"]["hexes"] == 2
    assert "too_far" in codes(state, "drive_back", "p1", fighter="p2.brute", hexes=3)
    assert "no_drive_back" in codes(state, "drive_back", "p1", fighter="p2.leader", hexes=1)
    state, cons = play(state, "drive_back", "p1", fighter="p2.brute", hexes=2, into="lethal")
    assert state["fighters"]["p2.brute"]["damage"] == 3 and state["drive_back"] is None
    assert state["reaction"] is not None  # the reaction steps of the Attack action are still open


def test_no_drive_back_for_a_target_on_guard_or_after_a_miss():
    """Guard (pg 27): a fighter on Guard cannot be driven back unless the Attack action has Knockback."""
    state = started()
    state, _ = play(state, "token", "p2", fighter="p2.brute", token="guard", action="give")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, cons = attack(state, tgt="p2.brute", defence={"single": 2})
    assert "drive_back_allowed" not in cons
    assert "no_drive_back" in codes(state, "drive_back", "p1", fighter="p2.brute", hexes=1)


def test_card_granted_action_uses_no_activation_and_grants_its_attack():
    """Gambit cards (pg 29): some gambits let fighters make actions without being activated (entered as an
    overridden activation): no activation is used, and the Attack action that follows needs no override."""
    state = started()
    state, _ = play(state, "player_action", "p1", action="pass")
    state, cons = play(state, "activate", "p1", action="charge", fighter="p1.brute", override="card: Sudden Charge")
    assert "action_without_activation" in cons and state["seats"]["p1"]["activations_left"] == 3
    assert state["step"] == "power" and state["granted"] == {"p1.brute": 1}
    assert any(s.type == "attack" for s in __import__("tests.engine.underworlds.helpers", fromlist=["RS"]).RS
               .suggest(state, "p1").suggestions)
    state, _ = attack(state, att="p1.brute", roll=MISS)
    assert state["granted"] == {} and state["step"] == "power"


def test_the_attack_says_which_faces_succeeded_with_guard_and_cleave_applied():
    """Combat steps 2-3 (pg 21), Guard, Cleave (pg 25): the engine names the success faces it used, so a phone
    shows them instead of working them out."""
    state = started()
    state, _ = play(state, "token", "p2", fighter="p2.minion", token="guard", action="give")
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    event = Event("attack", "p1", {"attacker": "p1.leader", "target": "p2.minion",
                                   "profile": {"name": "Blade", "keywords": ["cleave"]},
                                   "attack_roll": {}, "defence_roll": {}})
    assert not RS.judge(state, event).blocked, "no die entered yet: the preview still answers"
    _, cons = RS.apply(state, event)
    faces = next(c for c in cons if c.type == "attack_resolved").data["faces"]
    assert "crit" in faces["attack"] and "crit" in faces["defence"]
    assert "dodge" in faces["defence"] and "block" not in faces["defence"], "on Guard, but Cleave takes block away"


def test_each_edition_offers_its_own_attack_options():
    """Stagger is Deathgorge's (Attack action keywords, pg 25), and so are cover hexes (pg 10): the 2018 and 2019
    phones offer neither."""
    def options(rid):
        return next(e for e in registry.get(rid).catalogue() if e["type"] == "attack")["options"]

    assert options("underworlds/deathgorge") == {"keywords": ["cleave", "ensnare", "stagger", "grievous 1", "knockback 1"],
                                                 "cover": True}
    for rid in ("underworlds/dreadfane", "underworlds/shadespire"):
        assert "stagger" not in options(rid)["keywords"] and options(rid)["cover"] is False


def test_a_target_on_a_cover_hex_token_has_cover_without_anyone_entering_it():
    """Deathgorge rulebook, Feature tokens (pg 14): a hex that contains a cover token is a cover hex, where the
    defender's single support counts as a success (Cover hexes, pg 10): the engine knows where the target stands."""
    base = started()
    base, _ = play(base, "activate", "p1", action="attack", fighter="p1.leader")
    on_cover = RS.copy_state(base)
    on_cover["features"]["1"].update({"face": "cover", "on_board": True, "fighter": "p2.minion"})
    on_cover["fighters"]["p2.minion"]["feature"] = "1"
    roll = {"attack_roll": {"smash": 1, "fury": 1}, "defence_roll": {"single": 1}}
    _, plain = RS.apply(base, ev("attack", "p1", attacker="p1.leader", target="p2.minion", profile={"name": "Blade"}, **roll))
    _, covered = RS.apply(on_cover, ev("attack", "p1", attacker="p1.leader", target="p2.minion", profile={"name": "Blade"},
                                       **roll))
    result = {c.type: c.data for c in plain}["attack_resolved"]["result"]
    result_covered = {c.type: c.data for c in covered}["attack_resolved"]["result"]
    assert result == "hit" and result_covered != "hit"


def test_an_attack_entered_by_its_counts_is_applied_as_by_its_faces():
    """Combat steps 4-6 (pg 21), Out of action and Bounty (pg 24): rolls entered by their counts (critical
    successes, other successes) decide the same result, damage, out of action and bounty as by their faces; the
    log keeps what was entered."""
    outcomes = []
    for roll, defence in (({"crit": 1, "smash": 1}, {"block": 1}), ({"crit": 1, "success": 1}, {"success": 1})):
        state = started()
        state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
        state, cons = attack(state, roll=roll, defence=defence)
        outcomes.append((cons, state["fighters"]["p2.minion"]["out"], state["seats"]["p1"]["glory"]["unspent"],
                         state["reaction"]["context"]["crit"]))
    assert outcomes[0] == outcomes[1] and outcomes[1][1:] == (True, 1, True)


def test_the_catalogue_offers_the_counts_form():
    """Tablewarden: the attack event's catalogue entry bounds `success` in each roll like a face (0 to 20 dice)."""
    attack_type = next(e for e in RS.event_types() if e["type"] == "attack")
    for roll in ("attack_roll", "defence_roll"):
        spec = attack_type["fields"][roll]["fields"]["success"]
        assert (spec["type"], spec["min"], spec["max"]) == ("int", 0, 20)
