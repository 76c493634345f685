"""What each seat sees of an Underworlds player's cards, in every edition (app/engine/underworlds/privacy.py).

Hands are secret from the opponents (Deathgorge, Set up, 4. Draw cards, pg 15; Shadespire, 3. Draw cards, pg 16;
Dreadfane, 3. Draw cards, pg 8); decks are face down and "you cannot look at the cards in your opponents' decks"
(Dreadfane pg 3); played, scored and discarded cards are face up for everyone (Discard: Deathgorge pg 15,
Dreadfane pg 8, Shadespire FAQ "open information").
"""
from __future__ import annotations

import json

import pytest

from app.engine import registry
from app.engine.core import Event
from app.engine.sharing import thawed
from app.engine.underworlds import privacy
from app.engine.underworlds.state import clone
from tests.support.play import edition_setup, play_random, underworlds_setup

from .editions.helpers import Table

EDITIONS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]
OBJECTIVES = [{"name": f"Goal {i}", "type": "objective", "glory": 1} for i in range(12)]
POWER = [{"name": f"Trick {i}", "type": "ploy"} for i in range(20)]


def with_decks(ruleset_id: str) -> dict:
    """Two seats, each with a complete 12 + 20 card deck (the same card names: hidden cards must not show)."""
    setup = underworlds_setup(2) if ruleset_id.endswith("deathgorge") else edition_setup(ruleset_id, 2)
    for seat in setup["seats"]:
        seat["deck"] = {"objectives": [dict(c) for c in OBJECTIVES], "power": [dict(c) for c in POWER]}
    return setup


def started(ruleset_id: str) -> Table:
    table = Table(registry.get(ruleset_id), with_decks(ruleset_id))
    table.start()
    return table


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_hand_is_seen_only_by_its_player_and_the_referee(ruleset_id):
    """The `hand` event names the cards p1 holds: p2, spectators and scorekeepers get it without the names,
    p1 and the referee with them; the view hides them too."""
    table = started(ruleset_id)
    table.play("hand", "p1", objectives=["Goal 3", "Goal 7"], power=["Trick 1"])
    record = {"seq": len(table.log), "id": "h", "type": "hand", "by": "p1",
              "data": {"objectives": ["Goal 3", "Goal 7"], "power": ["Trick 1"]}}
    rs, state = table.rs, table.state
    for seat in ("p2", "spectator", "scorekeeper"):
        assert rs.redact_event(state, record, seat)["data"] == {}
        assert "Goal 3" not in str(rs.view(state, seat)["seats"])
    for seat in ("p1", "referee"):
        assert rs.redact_event(state, record, seat)["data"] == record["data"]
        assert rs.view(state, seat)["seats"]["p1"]["cards"]["objectives"] == ["Goal 3", "Goal 7"]


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_how_many_drawn_cards_are_unnamed_is_the_players_own(ruleset_id):
    """Which kinds a hand entry named changes how many drawn cards are still unnamed: another seat's view carries
    no count of it, so an opponent cannot tell a hand naming only objectives from one naming both kinds."""
    views = []
    for said in ({"objectives": ["Goal 3"]}, {"objectives": ["Goal 3"], "power": []}):
        table = started(ruleset_id)
        table.play("hand", "p1", **said)
        views.append({seat: table.rs.view(table.state, seat)["seats"]["p1"] for seat in ("p2", "spectator")})
        assert "drawn" in table.rs.view(table.state, "p1")["seats"]["p1"]
    assert views[0] == views[1] and all("drawn" not in v for v in views[0].values())


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_an_opponents_deck_shows_only_the_cards_that_were_shown(ruleset_id):
    """Decks are face down: p2's view of p1's deck holds no card until p1 plays or discards one; then that card
    appears (see below), and the deck's counts stay public. p1 and the referee see the whole list."""
    table = started(ruleset_id)
    rs = table.rs
    theirs = rs.view(table.state, "p2")["decks"]["p1"]
    assert theirs["objectives"] == {} and theirs["power"] == {} and theirs["hidden"] is True
    assert len(rs.view(table.state, "p1")["decks"]["p1"]["power"]) == 20
    assert len(rs.view(table.state, "referee")["decks"]["p2"]["objectives"]) == 12
    assert table.state["seats"]["p1"]["deck"] == rs.view(table.state, "p2")["seats"]["p1"]["deck"]


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_played_card_appears_in_the_opponents_view(ruleset_id):
    """A ploy played in the power step is revealed and discarded face up: the opponent now sees it in p1's deck
    data (its type and rules for the log), and still none of the unplayed cards."""
    table = started(ruleset_id)
    rs = table.rs
    while table.state["step"] in ("roll_off",) or table.state["phase"] == "hazard":
        if table.state["phase"] == "hazard":  # Dreadfane pg 9: draw the round's hazard card, then go on
            drawn = table.state["hazards"]["drawn"] >= table.state["round"]
            table.play("hazard", "p1", action="end" if drawn else "draw")
        else:
            table.play("roll_off", "p1", purpose="first_turn", first="p1")
    table.play("player_action", "p1", action="pass")
    seat = table.state["power"]["order"][table.state["power"]["next"]]
    table.play("power", seat, play="ploy", card="Trick 4")
    seen = rs.view(table.state, "p2" if seat == "p1" else "p1")["decks"][seat]
    assert set(seen["power"]) == {"Trick 4"} and seen["objectives"] == {}


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_players_export_setup_hides_the_other_decks(ruleset_id):
    """The setup in an export for p2 keeps p2's deck and replaces p1's by a face-down marker; the referee's keeps both."""
    rs = registry.get(ruleset_id)
    setup = with_decks(ruleset_id)
    mine = rs.redact_setup(setup, "p2")
    assert mine["seats"][0]["deck"] == {"hidden": True} and mine["seats"][1]["deck"] == setup["seats"][1]["deck"]
    assert rs.redact_setup(setup, "referee") == setup
    assert setup["seats"][0]["deck"]["objectives"], "the stored setup is not changed"


def test_the_hand_record_is_hidden_even_after_the_game():
    """No rule reveals a card left in the hand: the record stays hidden from the other players after the game."""
    rs = registry.get("underworlds/deathgorge")
    state = rs.new_game(with_decks("underworlds/deathgorge"))
    state["phase"] = "over"
    record = {"seq": 9, "id": "x", "type": "hand", "by": "p2", "data": {"power": ["Trick 2"]}}
    assert rs.redact_event(state, record, "p1")["data"] == {}
    assert rs.check(state, Event("hand", "p2", {"power": ["Trick 2"]}))  # and nothing more is entered


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_view_shares_the_state_without_changing_it_and_hides_the_same_as_a_copy(ruleset_id):
    """Views share what they do not hide with the stored state: viewing changes no state, and each seat's view
    is the one a whole copy of the state gives, at every step of a played game."""
    rs = registry.get(ruleset_id)
    setup = with_decks(ruleset_id)
    seen = []

    def check(state, *_event):
        before = json.dumps(state, sort_keys=True)
        for seat in ("p1", "p2", "referee", "spectator"):
            view = rs.view(state, seat)
            assert json.dumps(view, sort_keys=True) == json.dumps(rs.view(clone(state), seat), sort_keys=True)
            seen.append(view)
        assert json.dumps(state, sort_keys=True) == before

    state, log = play_random(rs, setup, 5, max_events=120, on_event=check)
    check(state)
    assert len(log) > 20 and seen


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_seat_as_the_others_see_it_is_made_once_per_state_and_anew_after_a_change(ruleset_id, monkeypatch):
    """Another seat's hidden part is the same for every viewer but its player: worked out once per state
    (per_state.py) for all the views, it holds what that state holds (a state changed in place included), and a
    seat's own player and the referee see the seat as the state has it."""
    rs = registry.get(ruleset_id)
    made = []
    hidden_parts = privacy.hidden_parts
    monkeypatch.setattr(privacy, "hidden_parts", lambda state: made.append(state) or hidden_parts(state))

    def as_others_see(state, sid):
        shown = {k: v for k, v in state["seats"][sid].items() if k not in ("cards", "drawn")}
        return {**shown, "cards": {"objectives": [], "power": []}, "cards_hidden": True}

    def views_hold(state):
        made.clear()
        for viewer in ("p1", "p2", "referee", "spectator"):
            seats = thawed(rs.view(state, viewer)["seats"])
            for sid in state["seats"]:
                seen = state["seats"][sid] if viewer in (sid, "referee") else as_others_see(state, sid)
                assert seats[sid] == json.loads(json.dumps(seen)), (viewer, sid)
        assert len(made) <= 1

    held = []   # states checked while a hand held power cards: the hidden part had something to hide

    def check(state, event, *_):
        views_hold(state)
        held.append(any(s.get("hand", {}).get("power") for s in state["seats"].values()))
        owned = clone(state)
        views_hold(owned)
        rs.apply_in_place(owned, event)
        views_hold(owned)

    _state, log = play_random(rs, with_decks(ruleset_id), 5, max_events=120, on_event=check)
    assert len(log) > 20 and sum(held) > 10
