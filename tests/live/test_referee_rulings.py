"""Live suite: the referee's entries stand against the players' tokens on the real server."""
from __future__ import annotations

import pytest

from tests.support.live import Phone, add

pytestmark = pytest.mark.live


def test_a_player_cannot_take_back_the_referees_entry_but_the_referee_can(server):
    game = server.create_game()
    referee = Phone(server.url, game["tokens"]["referee"])
    ana = Phone(server.url, game["tokens"]["p1"])
    try:
        ruling = referee.submit(add("p1", 2))
        assert ruling["status"] == 201, ruling
        undo = {"id": "undo-ruling", "type": "revert", "by": "p1", "data": {"seq": ruling["seq"], "reason": "oops"}}
        refused = ana.submit(undo)
        assert refused["status"] == 422 and refused["error"]["code"] == "referee_entry", refused
        assert "only the referee" in refused["error"]["message"]
        assert server.get(f"/api/games/{game['id']}", game["tokens"]["p1"])["head"] == ruling["seq"], "nothing stored"
        # The same id again is answered the same way (nothing was stored under it), and the referee may take it back.
        assert ana.submit(undo)["error"]["code"] == "referee_entry"
        taken_back = referee.submit({**undo, "id": "undo-by-referee", "by": "referee"})
        assert taken_back["status"] == 201, taken_back
    finally:
        referee.disconnect()
        ana.disconnect()


def test_a_note_on_an_entry_over_the_live_connection_names_an_entry_of_the_log(server):
    """A player's flag and the referee's ruling on an entry go through /live like any entry; a note about an entry
    that is not in the log is refused with its code and nothing is stored."""
    game = server.create_game()
    referee = Phone(server.url, game["tokens"]["referee"])
    ana = Phone(server.url, game["tokens"]["p1"])
    try:
        entry = ana.submit(add("p1", 2))
        assert entry["status"] == 201, entry
        flag = ana.submit({"id": "flag-1", "type": "note", "by": "p1", "data": {"text": "wrong count", "seq": entry["seq"]}})
        assert flag["status"] == 201, flag
        ruling = referee.submit({"id": "ruling-1", "type": "note", "by": "referee",
                                 "data": {"text": "it stands", "seq": entry["seq"]}})
        assert ruling["status"] == 201, ruling
        stray = referee.submit({"id": "ruling-2", "type": "note", "by": "referee", "data": {"text": "?", "seq": 999}})
        assert stray["status"] == 422 and stray["error"]["code"] == "unknown_note_target", stray
        assert server.get(f"/api/games/{game['id']}", game["tokens"]["p1"])["head"] == ruling["seq"], "nothing stored"
    finally:
        referee.disconnect()
        ana.disconnect()
