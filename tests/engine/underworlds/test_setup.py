"""Set up (Deathgorge rulebook, Game sequence; Draw cards pg 15; Place feature tokens pg 14; Multiplayer games)."""
import copy

import pytest

from app.engine import registry
from app.engine.core import Event, SetupError
from app.engine.underworlds.cards import check_in_hand
from tests.support.play import edition_setup, underworlds_setup

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
    # Bounds of the game's shape: 16 fighters, 20 Wounds, 64 cards a deck (no override lifts a set-up check).
    (lambda s: s["seats"][0].update(fighters=[{"slug": f"f{i}", "wounds": 1} for i in range(17)]),
     "seats[0].fighters"),
    (lambda s: s["seats"][0]["fighters"][0].update(wounds=3_000_000), "seats[0].fighters[0].wounds"),
    (lambda s: s["seats"][0].update(deck={"complete": False, "objectives": []}, deck_sizes={"power": 65}),
     "seats[0].deck_sizes.power"),
    (lambda s: s["seats"][0].update(deck=[{"name": f"C{i}", "type": "ploy"} for i in range(129)]), "seats[0].deck"),
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


def test_multiplayer_boards_roll_off_the_fewest_loses_and_chooses_the_first_board():
    """Deathgorge, Multiplayer games, Place the boards, and Roll-offs in multiplayer games: in a three or four player
    game the player who rolled fewer of the first symbol than anyone else loses and every other player wins, even
    when two players tie on top; the loser chooses the first game board. A tie for fewest goes to the next symbol,
    and only a tie on every symbol is rolled again."""
    state = RS.new_game(underworlds_setup(3))
    rolls = {"p1": {"crit": 2}, "p2": {"crit": 2}, "p3": {"crit": 1, "double": 3}}
    assert codes(state, "roll_off", "p1", purpose="boards", first="p3", rolls=rolls) == []
    assert codes(state, "roll_off", "p1", purpose="boards", first="p1", rolls=rolls) == ["wrong_loser"]
    assert codes(state, "roll_off", "p1", purpose="boards", first="p3", winner="p3", rolls=rolls) == ["wrong_winner"]
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p3", rolls=rolls)
    assert state["first_board"] == "p3" and state["roll_offs"][-1]["loser"] == "p3"
    assert state["step"] == "do_overs"  # the loser decides on a do-over first (Multiplayer games, Draw cards)
    tied_low = RS.new_game(underworlds_setup(4))
    rolls = {"p1": {"crit": 1, "single": 1}, "p2": {"crit": 1, "single": 2}, "p3": {"crit": 3}, "p4": {"crit": 1}}
    assert codes(tied_low, "roll_off", "p1", purpose="boards", first="p4", rolls=rolls) == []  # single breaks it
    rolls["p4"] = {"crit": 1, "single": 1}
    assert codes(tied_low, "roll_off", "p1", purpose="boards", first="p4", rolls=rolls) == ["roll_off_tied"]


def test_two_player_boards_roll_off_the_winner_picks_who_chooses():
    """Deathgorge, Set up, 2. Place the boards: with two players the winner picks a player (either) to choose the
    first board; a tie on top is rolled again."""
    state = RS.new_game(underworlds_setup(2))
    rolls = {"p1": {"crit": 2}, "p2": {"crit": 1}}
    assert codes(state, "roll_off", "p1", purpose="boards", first="p2", winner="p1", rolls=rolls) == []
    assert codes(state, "roll_off", "p1", purpose="boards", first="p1", winner="p1", rolls=rolls) == []
    assert codes(state, "roll_off", "p1", purpose="boards", first="p1", rolls={"p1": {"crit": 1}, "p2": {"crit": 1}}) \
        == ["roll_off_tied"]


@pytest.mark.parametrize("players", [2, 3])
def test_shadespire_the_lowest_roll_places_the_first_board(players):
    """Shadespire, Game Sequence, 1. Place the boards (pg 14): "the player who loses chooses a game board first";
    Multiplayer Games, Place the boards (pg 27): "whichever player scores lowest places a game board first"."""
    rs = registry.get("underworlds/shadespire")
    state = rs.new_game(edition_setup("underworlds/shadespire", players))
    rolls = {"p1": {"crit": 2}, "p2": {"crit": 0}, "p3": {"crit": 2}}
    rolls = {s: rolls[s] for s in state["seats"]}
    wrong = rs.check(state, Event("roll_off", "p1", {"purpose": "boards", "first": "p1", "rolls": rolls}))
    assert [v.code for v in wrong] == ["wrong_loser"]
    assert wrong[0].rule.endswith("(pg 27)" if players > 2 else "(pg 14)")
    assert not rs.check(state, Event("roll_off", "p1", {"purpose": "boards", "first": "p2", "rolls": rolls}))


def _with_deck(setup: dict) -> dict:
    for seat in setup["seats"]:
        seat["deck"] = ([{"name": f"Goal {i}", "type": "objective", "glory": 1} for i in range(12)]
                        + [{"name": f"Trick {i}", "type": "ploy"} for i in range(20)])
    return setup


def test_deathgorge_do_over_shuffles_the_discarded_cards_back():
    """Deathgorge, Set up, 4. Draw cards (pg 15): the do-over discards all power cards (or objectives, or both), draws
    as many replacements, then shuffles the discarded cards back into their decks: counts do not change, and the
    cards once held may come back later in the game."""
    state = RS.new_game(_with_deck(underworlds_setup(2)))
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p1")
    state, cons = play(state, "do_over", "p1", choice="power")
    s = state["seats"]["p1"]
    assert s["hand"] == {"objectives": 3, "power": 5} and s["deck"] == {"objectives": 9, "power": 15}
    assert s["discards"] == {"objectives": 0, "power": 0} and s["gone"] == []


@pytest.mark.parametrize("ruleset_id", ["underworlds/shadespire", "underworlds/dreadfane"])
def test_2018_and_2019_do_over_discards_the_hand_for_the_game(ruleset_id):
    """Shadespire, 3. Draw cards, Do-over? (pg 16): all the cards of that type are discarded before drawing a new
    hand, and "you can't play discarded cards in this game"; Dreadfane, 3. Draw cards (pg 8) the same, and discarded
    cards are never shuffled back. So the discard pile grows by the hand, the deck shrinks by the new hand, and a
    card named in the discarded hand is refused later."""
    rs = registry.get(ruleset_id)
    state = rs.new_game(_with_deck(edition_setup(ruleset_id, 2)))
    state, _ = rs.play(state, Event("roll_off", "p1", {"purpose": "boards", "first": "p1"}))
    state, cons = rs.play(state, Event("do_over", "p1", {"choice": "all"}))
    s = state["seats"]["p1"]
    assert s["hand"] == {"objectives": 3, "power": 5}
    assert s["discards"] == {"objectives": 3, "power": 5} and s["deck"] == {"objectives": 6, "power": 10}
    assert [c.type for c in cons] == ["do_over_discarded", "do_over_discarded"] and cons[0].rule.endswith(
        "(pg 16)" if ruleset_id.endswith("shadespire") else "(pg 8)")
    state, _ = rs.play(state, Event("do_over", "p2", {"choice": "objectives"}))
    assert state["seats"]["p2"]["discards"] == {"objectives": 3, "power": 0}
    assert state["seats"]["p2"]["deck"] == {"objectives": 6, "power": 15}


def test_a_card_named_in_a_discarded_hand_cannot_be_played_that_game():
    """Shadespire pg 16: the cards a do-over discards cannot be played in this game (named when the hand was told)."""
    rs = registry.get("underworlds/shadespire")
    state = rs.new_game(_with_deck(edition_setup("underworlds/shadespire", 2)))
    state["seats"]["p1"]["cards"]["power"] = ["Trick 3", "Trick 4"]  # what p1 said it held before the do-over
    state, _ = rs.play(state, Event("roll_off", "p1", {"purpose": "boards", "first": "p1"}))
    state, _ = rs.play(state, Event("do_over", "p1", {"choice": "power"}))
    assert {"Trick 3", "Trick 4"} <= set(state["seats"]["p1"]["gone"])
    assert [v.code for v in check_in_hand(state, "p1", "power", "Trick 3", rs.edition.rule("gambits"))] == ["card_already_used"]


def test_the_lists_an_event_carries_are_bounded_even_overridden():
    """A hand holds at most a deck's 64 cards; a weapon at most the 6 known keywords (structural: no override)."""
    state = RS.new_game(underworlds_setup(2))

    def blocking(type_, data):
        return {(v.code, v.message) for v in RS.judge(state, Event(type_, "p1", data, override={"reason": "card"})).blocked}

    assert ("malformed", "data.objectives holds at most 64 items.") in blocking("hand", {"objectives": ["x"] * 65})
    assert not any(code == "malformed" for code, _ in blocking("hand", {"objectives": ["x"] * 3}))
    weapon = {"attacker": "p1.leader", "target": "p2.leader", "profile": {"keywords": ["cleave"] * 7}}
    assert ("malformed", "data.profile.keywords holds at most 6 items.") in blocking("attack", weapon)
