"""Views across processes (app/live/viewbus.py): what is read from the channel, and a Redis that is not there."""
import json

from app.live.viewbus import ViewBus

UNREACHABLE = "redis://127.0.0.1:1/0"


def _bus():
    heard = []
    return ViewBus(UNREACHABLE, server=None, on_remote=lambda game, seq: heard.append((game, seq))), heard


def test_another_process_s_announcement_is_handed_on_and_garbage_is_skipped(caplog):
    bus, heard = _bus()
    for junk in (b"not json", b"[1, 2]", json.dumps({"game": "g1"}), json.dumps({"game": "g1", "seq": "x"}), None):
        bus._handle(junk)
    assert heard == [] and caplog.text.count("could not be read") == 5
    bus._handle(json.dumps({"game": "g1", "seq": 4, "from": "another-process"}))
    bus._handle(json.dumps({"game": "g1", "seq": 5, "from": bus.origin}))  # its own: already sent
    assert heard == [("g1", 4)]


def test_an_unreachable_redis_does_not_fail_the_stored_event(caplog):
    bus, _ = _bus()
    bus.announce("g1", 1)  # returns: the event is stored; phones elsewhere catch up with the next one
    assert "announcing g1 #1 failed" in caplog.text
