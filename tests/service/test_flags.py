"""Flagging (app/service/flags.py): a flag is the seat's note on the entry, pushed live to every phone, one open flag
per seat and entry, and it carries nothing of a secret the flagger cannot see."""
from __future__ import annotations

import json

from app.service.flags import Flagging
from tests.api.helpers import auth, conquest_game, event, new_game, submit, to_command
from tests.support.sockets import frames


def flag(client, game, seat, **body):
    return client.post(f"/api/games/{game['id']}/flags", headers=auth(game["tokens"][seat]), json=body)


def test_a_flag_reaches_the_other_phones_live_as_a_note_on_the_entry(client, sio):
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    ana, referee = sio(game["tokens"]["p1"]), sio(game["tokens"]["referee"])
    for phone in (ana, referee):
        frames(phone, "sync", until=len)
    assert flag(client, game, "p2", seq=1, text="It was 2 points").status_code == 201
    for phone in (ana, referee):
        notes = [a for a in frames(phone, "applied", until=len) if a["event"]["type"] == "note"]
        assert [(n["seq"], n["event"]["by"], n["event"]["data"]) for n in notes] == [
            (2, "p2", {"text": "It was 2 points", "seq": 1})]


def test_a_referees_ruling_settles_the_open_flag_and_another_seats_flag_is_its_own(client):
    game = new_game(client, seats=("Ana", "Ben", "Cat"))
    submit(client, game, "p1", event("p1"))
    assert flag(client, game, "p2", seq=1).status_code == 201
    assert flag(client, game, "p3", seq=1).status_code == 201          # Cat's flag is hers, not Ben's again
    assert flag(client, game, "p2", seq=1).status_code == 200
    submit(client, game, "referee", event("referee", "note", text="It stands", seq=1))
    assert flag(client, game, "p2", seq=1).status_code == 201


def test_a_flag_on_a_secret_dial_tells_nothing_of_it(client, sio):
    """Rules summary, 2. Command, Step 1: a dial is secret until both are committed. Ben flags Ana's commit before
    the reveal: his reply, his log and the frames he receives carry only the entry's seq and his words."""
    game = conquest_game(client)
    to_command(client, game)
    committed = submit(client, game, "p1", event("p1", "commit", planet=4)).get_json()["seq"]
    ben = sio(game["tokens"]["p2"])
    frames(ben, "sync", until=len)
    r = flag(client, game, "p2", seq=committed)
    assert r.status_code == 201
    got = frames(ben, "applied", until=len)
    assert '"planet"' not in json.dumps([r.get_json(), got])
    log = client.get(f"/api/games/{game['id']}/events?since=0", headers=auth(game["tokens"]["p2"])).get_json()["events"]
    assert log[-1]["data"] == {"text": "That's not right", "seq": committed} and log[-2]["data"] == {}


def test_two_taps_at_once_store_one_flag(client, monkeypatch):
    """The other tap's flag lands between looking for an open flag and storing this one: this one is not stored,
    the other's is the answer."""
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    looked = Flagging._open_flag

    def other_tap_first(records, seq, by):
        monkeypatch.setattr(Flagging, "_open_flag", staticmethod(looked))
        assert flag(client, game, "p2", seq=seq).status_code == 201     # the other tap, just after this one looked
        return None                                                      # what this one saw: no flag yet

    monkeypatch.setattr(Flagging, "_open_flag", staticmethod(other_tap_first))
    r = flag(client, game, "p2", seq=1, text="twice")
    assert r.status_code == 200 and r.get_json()["text"] == "That's not right"
    notes = [e for e in client.get(f"/api/games/{game['id']}/events", headers=auth(game["referee_token"])).get_json()["events"]
             if e["type"] == "note"]
    assert len(notes) == 1
