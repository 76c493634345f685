"""What upgrades change on their fighter (state.upgrade_grants): characteristics and Attack actions by range, set
values before changes (Deathgorge rulebook, Setting characteristics, pg 18), conditional grants, Wounds when given,
False Gifts to enemy fighters, and the numbers every phone reads from the view."""
from app.engine.underworlds.state import characteristic, profiles
from tests.support.play import underworlds_setup

from .helpers import RS, codes, play, started

UPGRADES = [
    {"name": "Sharp", "type": "upgrade", "grants": {"attack_dice": 1, "damage": 1, "attacks": "melee"}},
    {"name": "Close", "type": "upgrade", "grants": {"keywords": ["ensnare"], "attacks": "range_1"}},
    {"name": "Sturdy", "type": "upgrade", "grants": {"wounds": 1, "move": -1}},
    {"name": "Wall", "type": "upgrade", "grants": {"set": {"defence_dice": 2, "defence_symbol": "dodge"},
                                                   "defence_dice": 1}},
    {"name": "Still", "type": "upgrade", "grants": {"move": 2, "while": ["no_move_or_charge"]}},
    {"name": "Gift", "type": "upgrade", "tags": ["False Gift"], "grants": {"move": -2}},
]


def _game():
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = {"cards": UPGRADES}
    state = started(setup=setup)
    state["seats"]["p1"]["glory"]["unspent"] = 6
    state, _ = play(state, "player_action", "p1", action="pass")
    return state


def _give(state, card, fighter="p1.brute"):
    state["step"] = "power"
    state["power"] = {"order": ["p1", "p2"], "next": 0, "passes": 0, "delved": [], "started": True}
    return play(state, "power", "p1", play="upgrade", card=card, fighter=fighter)


def test_attack_upgrades_apply_to_the_ranges_they_name():
    """Blade (Range 1) and Bow (Range 3): +1 Dice and Damage to melee only; Ensnare to Range 1 only."""
    state, cons = _give(_game(), "Sharp")
    blade, bow = profiles(state, "p1.brute")[:2]
    assert (blade["dice"], blade["damage"], bow["dice"], bow["damage"]) == (3, 3, 2, 1)
    assert "upgrade_grants" in cons
    state, _ = _give(state, "Close")
    blade, bow = profiles(state, "p1.brute")[:2]
    assert "ensnare" in blade["keywords"] and "ensnare" not in bow["keywords"]


def test_wounds_change_when_given_and_move_when_read():
    state, _ = _give(_game(), "Sturdy")
    assert state["fighters"]["p1.brute"]["wounds"] == 6 and characteristic(state, "p1.brute", "move") == 2
    view = RS.view(state, "p2")
    assert view["derived"]["p1.brute"]["wounds"] == 6 and view["derived"]["p1.brute"]["move"] == 2


def test_a_set_value_comes_before_the_changes():
    """Defence set to 2 dodge, then +1: 3 dodge (pg 18: set first, then add)."""
    state, _ = _give(_game(), "Wall")
    assert characteristic(state, "p1.brute", "defence") == {"dice": 3, "symbol": "dodge"}


def test_a_conditional_grant_holds_only_in_its_state():
    state, _ = _give(_game(), "Still")
    assert characteristic(state, "p1.brute", "move") == 5
    state["fighters"]["p1.brute"]["tokens"]["move"] = 1
    assert characteristic(state, "p1.brute", "move") == 3


def test_a_false_gift_goes_to_an_enemy_and_others_do_not():
    state = _game()
    state["step"] = "power"
    state["power"] = {"order": ["p1", "p2"], "next": 0, "passes": 0, "delved": [], "started": True}
    assert "not_friendly" in codes(state, "power", "p1", play="upgrade", card="Sturdy", fighter="p2.brute")
    state, _ = _give(state, "Gift", fighter="p2.brute")
    assert characteristic(state, "p2.brute", "move") == 1
