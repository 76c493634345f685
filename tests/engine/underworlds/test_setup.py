"""Set up (Deathgorge rulebook, Game sequence; Draw cards pg 15; Place feature tokens pg 14; Multiplayer games)."""
import copy

import pytest

from app.engine.core import SetupError

from ..play import underworlds_setup
from .helpers import RS, codes, play


def test_fighters_hands_decks_and_feature_tokens():
    """Draw cards (pg 15): three objective and five power cards; fighters keyed <seat>.<slug>; five numbered tokens."""
    state = RS.new_game(underworlds_setup(2))
    assert set(state["fighters"]) == {"p1.leader", "p1.brute", "p1.minion", "p2.leader", "p2.brute", "p2.minion"}
    assert state["seats"]["p1"]["hand"] == {"objectives": 3, "power": 5}
    assert state["seats"]["p1"]["deck"] == {"objectives": 9, "power": 15}
    assert sorted(k for k, f in state["features"].items() if f["on_board"]) == ["1", "2", "3", "4", "5"]
    assert sorted(k for k, f in state["features"].items() if not f["on_board"]) == ["b1", "b2"]


@pytest.mark.parametrize("players,numbered,available", [(3, 7, 3), (4, 9, 4)])
def test_multiplayer_feature_tokens(players, numbered, available):
    """Multiplayer games, Place feature tokens: tokens 1-7 with three players, 1-9 with four; one available per player."""
    state = RS.new_game(underworlds_setup(players))
    assert sum(f["on_board"] for f in state["features"].values()) == numbered
    assert sum(not f["on_board"] for f in state["features"].values()) == available


@pytest.mark.parametrize("change,field", [
    (lambda s: s["seats"].pop(), "seats"),
    (lambda s: s["seats"].extend(copy.deepcopy(s["seats"]) * 2), "seats"),
    (lambda s: s["seats"][0].update(fighters=[]), "seats[0].fighters"),
    (lambda s: s["seats"][0]["fighters"][0].update(wounds="4"), "seats[0].fighters[0].wounds"),
    (lambda s: s["seats"][0]["fighters"][1].update(slug="leader"), "seats[0].fighters[1].slug"),
    (lambda s: s["options"].update(players=3), "options.players"),
    (lambda s: s["options"].update(format="bogus"), "options.format"),
    (lambda s: s["seats"][0].update(deck=[{"name": "X", "type": "trap"}]), "seats[0].deck"),
])
def test_unusable_setups_raise_setup_error(change, field):
    """Game sequence: 2-4 players, each with a warband of fighters with Wounds; unusable setups name the field."""
    setup = underworlds_setup(2)
    change(setup)
    with pytest.raises(SetupError) as err:
        RS.new_game(setup)
    assert err.value.field == field


def test_do_overs_start_with_the_player_who_chose_the_first_board():
    """Draw cards, do-over (pg 15): the player who chose the first game board decides first."""
    state = RS.new_game(underworlds_setup(3))
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p2", winner="p1")
    assert "not_your_do_over" in codes(state, "do_over", "p1", choice="none")
    state, _ = play(state, "do_over", "p2", choice="all")
    state, _ = play(state, "do_over", "p3", choice="none")
    assert state["step"] == "do_overs"
    state, _ = play(state, "do_over", "p1", choice="power")
    assert state["step"] == "deployment_roll_off"
    assert state["seats"]["p2"]["hand"] == {"objectives": 3, "power": 5}  # replaced card for card


def test_finishing_placement_first_adds_a_critical_to_round_one_roll_off():
    """Action phase (pg 16): in the first round the player who finished placing fighters first adds one critical."""
    state = RS.new_game(underworlds_setup(2))
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p1")
    state, _ = play(state, "do_over", "p1", choice="none")
    state, _ = play(state, "do_over", "p2", choice="none")
    state, _ = play(state, "roll_off", "p2", purpose="deployment", first="p2")
    state, cons = play(state, "deployed", "p1", finished_first="p2")
    assert state["phase"] == "action" and state["step"] == "roll_off"
    advice = RS.suggest(state, "p1")
    assert "p2 adds one critical" in advice.suggestions[0].label


def test_nothing_happens_before_set_up_is_done():
    """Game sequence: the rounds follow set up."""
    state = RS.new_game(underworlds_setup(2))
    assert codes(state, "activate", "p1", action="move", fighter="p1.leader") == ["not_started"]
    assert "not_now" in codes(state, "roll_off", "p1", purpose="first_turn", first="p1")


def test_deck_data_sets_deck_and_hand_counts():
    """The decks (pg 7): with deck data the deck sizes come from the cards; a hand is drawn from them."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = ([{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(12)]
                                 + [{"name": f"P{i}", "type": "ploy"} for i in range(22)])
    state = RS.new_game(setup)
    assert state["seats"]["p1"]["deck"] == {"objectives": 9, "power": 17}
    assert state["decks"]["p1"]["power"]["P3"]["type"] == "ploy"


def test_roll_off_dice_decide_the_winner_with_the_first_round_critical():
    """Roll-offs (pg 13) and Action phase (pg 16): most criticals wins, then the next symbols; in the first round
    the player who finished placing their fighters first adds one critical; a tie is rolled again."""
    state = RS.new_game(underworlds_setup(2))
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p1")
    state, _ = play(state, "do_over", "p1", choice="none")
    state, _ = play(state, "do_over", "p2", choice="none")
    assert "roll_off_tied" in codes(state, "roll_off", "p1", purpose="deployment", first="p1",
                                    rolls={"p1": {"crit": 1, "double": 1}, "p2": {"crit": 1, "double": 1}})
    assert "wrong_winner" in codes(state, "roll_off", "p1", purpose="deployment", first="p1", winner="p1",
                                   rolls={"p1": {"crit": 1}, "p2": {"crit": 1, "single": 1}})
    state, _ = play(state, "roll_off", "p2", purpose="deployment", first="p2", winner="p2",
                    rolls={"p1": {"crit": 1}, "p2": {"crit": 1, "single": 1}})
    state, _ = play(state, "deployed", "p1", finished_first="p1")
    # p1 rolled no critical but adds one: tied on criticals, p1's double support wins.
    assert codes(state, "roll_off", "p1", purpose="first_turn", first="p1", winner="p1",
                 rolls={"p1": {"double": 1}, "p2": {"crit": 1}}) == []
    assert "malformed" in codes(state, "roll_off", "p1", purpose="first_turn", first="p1",
                                rolls={"p1": {"smash": 1}, "p2": {"crit": 1}})
