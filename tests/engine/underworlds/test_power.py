"""The power step (Deathgorge rulebook, Power step pg 29, Upgrade cards, Delve and Salvage pg 30, Spells pg 28)."""
from tests.support.play import underworlds_setup

from .helpers import RS, codes, pass_power, play, started


def in_power(setup=None, glory=0):
    state = started(setup=setup)
    if glory:
        state, _ = play(state, "glory_adjust", "p1", seat="p1", unspent=glory, spent=0, reason="test")
    state, _ = play(state, "player_action", "p1", action="pass")
    return state


def test_upgrade_spends_one_unspent_glory():
    """Upgrade cards (pg 30): spend one unspent glory point and give the upgrade to a friendly fighter."""
    state = in_power(glory=1)
    state, cons = play(state, "power", "p1", play="upgrade", fighter="p1.brute", card="Great Strength")
    assert state["seats"]["p1"]["glory"] == {"unspent": 0, "spent": 1}
    assert state["fighters"]["p1.brute"]["upgrades"] == ["Great Strength"]
    assert state["seats"]["p1"]["hand"]["power"] == 4
    assert "after_power_card" in state["reaction"]["steps"]


def test_upgrade_needs_unspent_glory_and_a_fighter_on_the_battlefield():
    """Upgrade cards (pg 30): an upgrade costs one unspent glory; not to a fighter out of action."""
    state = in_power()
    assert "no_unspent_glory" in codes(state, "power", "p1", play="upgrade", fighter="p1.brute")
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    state, _ = play(state, "glory_adjust", "p1", seat="p1", unspent=1, spent=0, reason="test")
    assert "fighter_out_of_action" in codes(state, "power", "p1", play="upgrade", fighter="p1.minion")
    assert "not_friendly" in codes(state, "power", "p1", play="upgrade", fighter="p2.brute")


def test_delve_flips_the_token_and_staggers_once_per_power_step():
    """Delve (pg 30): flip the feature token a friendly fighter that is not staggered is on, then stagger it;
    once per power step."""
    state = started()
    state, _ = play(state, "position", "p1", fighter="p1.minion", feature="3")
    state, _ = play(state, "position", "p1", fighter="p1.leader", feature="4")
    state, _ = play(state, "player_action", "p1", action="pass")
    state, cons = play(state, "power", "p1", play="delve", fighter="p1.minion", feature="3")
    assert state["features"]["3"]["face"] == "cover" and state["fighters"]["p1.minion"]["tokens"]["stagger"] == 1
    state, _ = play(state, "power", "p2", play="pass")
    assert "already_delved" in codes(state, "power", "p1", play="delve", fighter="p1.leader", feature="4")
    assert "staggered" in codes(state, "power", "p1", play="delve", fighter="p1.minion", feature="3")
    assert "not_on_token" in codes(state, "power", "p1", play="delve", fighter="p1.brute", feature="4")


def test_delve_cannot_make_a_blocked_hex():
    """Delve (pg 30): a player cannot delve by flipping a token that would become a blocked hex token."""
    state = started()
    state, _ = play(state, "feature", "p1", feature="b1", action="place", face="cover")
    state, _ = play(state, "position", "p1", fighter="p1.minion", feature="b1")
    state, _ = play(state, "player_action", "p1", action="pass")
    assert "would_be_blocked" in codes(state, "power", "p1", play="delve", fighter="p1.minion", feature="b1")


def test_gambit_spell_needs_a_wizard_and_casting_roll_backlash():
    """Spells (pg 28): gambit spells need a friendly wizard on the battlefield; two criticals is backlash."""
    state = in_power()
    assert "not_a_wizard" in codes(state, "power", "p1", play="spell", fighter="p1.brute",
                                   casting_roll={"channel": 1}, casting_value={"channel": 1})
    state, cons = play(state, "power", "p1", play="spell", fighter="p1.leader", casting_roll={"channel": 1},
                       casting_value={"channel": 1})
    assert "spell_cast" in cons
    state, _ = play(state, "power", "p2", play="ploy")
    state, _ = play(state, "damage", "p2", fighter="p1.leader", amount=4, source="card")
    assert "no_wizard" in codes(state, "power", "p1", play="spell", fighter="p1.leader",
                                casting_roll={"channel": 1}, casting_value={"channel": 1})


def test_gambit_spell_fails_when_backlash_takes_the_caster_out():
    """Casting spells, step 2 (pg 28): if backlash takes the wizard out of action the spell fails."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["wizard_level"] = 2
    state = started(setup=setup)
    state, _ = play(state, "damage", "p2", fighter="p1.leader", amount=3, source="card")
    state, _ = play(state, "player_action", "p1", action="pass")
    state, cons = play(state, "power", "p1", play="spell", fighter="p1.leader", casting_roll={"crit": 2},
                       casting_value={"channel": 1})
    assert "spell_failed" in cons and "out_of_action" in cons and state["fighters"]["p1.leader"]["out"]


def test_no_gambits_in_the_end_phase_and_none_outside_power_steps():
    """Advanced rules, End phase (pg 38): players cannot use gambits in the end phase."""
    state = started()
    assert "not_power_step" in codes(state, "power", "p1", play="ploy")
    state, _ = play(state, "player_action", "p1", action="pass")
    state = pass_power(state)
    while state["phase"] == "action":
        state, _ = play(state, "player_action", state["turn"]["seat"], action="pass")
        state = pass_power(state)
    assert "not_in_end_phase" in codes(state, "power", state["end"]["order"][0], play="ploy")


def deck(*cards):
    return [{"name": f"O{i}", "type": "objective", "glory": 1, "scoring": "end"} for i in range(12)] + list(cards) + [
        {"name": f"P{i}", "type": "ploy"} for i in range(20)]


def test_restricted_gambits_and_upgrades():
    """Gambit and upgrade restrictions (pg 29-30): a restricted gambit needs its fighter on the battlefield; a
    restricted upgrade goes only to its fighters."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = deck({"name": "Minion Trick", "type": "ploy", "restrictions": ["minion"]},
                                     {"name": "Brute Axe", "type": "upgrade", "restrictions": ["brute"]},
                                     {"name": "Bolt Scroll", "type": "spell", "cast": {"channel": 1}})
    state = in_power(setup=setup, glory=1)
    assert "restricted" in codes(state, "power", "p1", play="upgrade", card="Brute Axe", fighter="p1.minion")
    assert codes(state, "power", "p1", play="upgrade", card="Brute Axe", fighter="p1.brute") == []
    assert "wrong_card_type" in codes(state, "power", "p1", play="ploy", card="Brute Axe")
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    assert "restricted" in codes(state, "power", "p1", play="ploy", card="Minion Trick")
    assert codes(state, "power", "p1", play="salvage", card="Minion Trick") == []
    assert "cannot_salvage" in codes(state, "power", "p1", play="salvage", card="Brute Axe")
    state, cons = play(state, "power", "p1", play="spell", card="Bolt Scroll", fighter="p1.leader",
                       casting_roll={"focus": 1})
    assert "spell_failed" in cons
    assert "card_already_used" in codes(state, "power", "p2", play="pass") + codes(
        state, "power", "p1", play="spell", card="Bolt Scroll", fighter="p1.leader", casting_roll={"channel": 1})


def test_gambit_spell_backlash_has_the_damage_reaction_steps_before_the_spell_resolves():
    """Casting spells, step 2 (pg 28) and Reactions: when a fighter is dealt damage (pg 36): backlash deals the caster
    1 damage, and its reaction steps come before the spell is resolved; with no backlash there are none."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["wizard_level"] = 2
    state = in_power(setup)
    plain, _ = play(state, "power", "p1", play="spell", fighter="p1.leader", casting_roll={"channel": 2},
                    casting_value={"channel": 1})
    assert "after_damage" not in plain["reaction"]["steps"]
    state, cons = play(state, "power", "p1", play="spell", fighter="p1.leader", casting_roll={"crit": 2},
                       casting_value={"channel": 1})
    steps = state["reaction"]["steps"]
    assert "spell_cast" in cons and state["fighters"]["p1.leader"]["damage"] == 1
    assert steps == ["after_power_card_revealed", "after_casting_roll", "after_backlash", "after_damage",
                     "after_spell", "after_power_card"]


def test_spell_action_from_a_card_needs_a_wizard_and_can_backlash():
    """Spells (pg 28): spell actions on fighter and upgrade cards are cast by a wizard with a casting roll of one
    magic dice per wizard level; two or more criticals is backlash."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][0]["wizard_level"] = 2
    state = started(setup=setup)
    assert "not_a_wizard" in codes(state, "activate", "p1", action="ability", fighter="p1.brute", name="Hex",
                                   casting_roll={"channel": 1}, casting_value={"channel": 1})
    assert "casting_dice" in codes(state, "activate", "p1", action="ability", fighter="p1.leader", name="Hex",
                                   casting_roll={"channel": 1}, casting_value={"channel": 1})
    state, cons = play(state, "activate", "p1", action="ability", fighter="p1.leader", name="Hex",
                       casting_roll={"crit": 2}, casting_value={"focus": 2})
    assert "spell_cast" in cons and state["fighters"]["p1.leader"]["damage"] == 1
    assert state["reaction"]["steps"][:3] == ["after_casting_roll", "after_backlash", "after_damage"]


def test_spell_reaction_casts_with_the_reacting_wizard():
    """Spells (pg 28): some reactions are spells; a friendly wizard must cast them."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    assert "caster_needed" in codes(state, "reaction", "p2", step="after_action", name="Ward",
                                    casting_roll={"channel": 1}, casting_value={"channel": 1})
    state, cons = play(state, "reaction", "p2", step="after_action", name="Ward", fighter="p2.leader",
                       casting_roll={"focus": 2}, casting_value={"focus": 1})
    assert "spell_cast" in cons


def test_persisting_gambit_stays_in_play_until_discarded():
    """Advanced rules, Gambit cards (pg 29): a gambit that persists stays face up until it says it is discarded."""
    state = in_power()
    state, cons = play(state, "power", "p1", play="ploy", card="Shardgale", persists=True)
    assert "gambit_persists" in cons and state["seats"]["p1"]["in_play"] == ["Shardgale"]
    assert state["seats"]["p1"]["discards"]["power"] == 0
    assert "not_in_play" in codes(state, "discard_power", "p1", card="Other", in_play=True)
    state, _ = play(state, "discard_power", "p1", card="Shardgale", in_play=True)
    assert state["seats"]["p1"]["in_play"] == [] and state["seats"]["p1"]["discards"]["power"] == 1


def test_salvage_needs_every_restricted_fighter_out_of_action_by_keyword_too():
    """Salvage (pg 30): a restricted power card can be salvaged only when each fighter it is restricted to is out of
    action; restrictions name a fighter, a trait or a keyword (Upgrade cards, advanced rules pg 30)."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][2]["keywords"] = ["hunter"]
    setup["seats"][0]["deck"] = deck({"name": "Hunter's Mark", "type": "ploy", "restrictions": ["hunter"]})
    state = in_power(setup=setup)
    assert "cannot_salvage" in codes(state, "power", "p1", play="salvage", card="Hunter's Mark")
    assert codes(state, "power", "p1", play="ploy", card="Hunter's Mark") == []
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    assert codes(state, "power", "p1", play="salvage", card="Hunter's Mark") == []


def test_a_beast_cannot_be_given_an_attack_action_upgrade():
    """Traits, Beast (pg 7): a beast cannot be given Attack action upgrades (and is not offered them)."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][1]["traits"] = ["beast"]
    setup["seats"][0]["deck"] = deck({"name": "Great Fang", "type": "upgrade", "attack": True})
    state = in_power(setup=setup, glory=1)
    assert "beast_upgrade" in codes(state, "power", "p1", play="upgrade", card="Great Fang", fighter="p1.brute")
    offer = [s for s in RS.suggest(state, "p1").suggestions if s.data.get("card") == "Great Fang"]
    assert offer and "p1.brute" not in offer[0].choices["fighter"]
