"""POST /api/games/<id>/preview (app/api/preview.py): an event's outcome without storing it."""
from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from app.api import preview as preview_api
from app.server import create_app


def fighter(slug, name):
    return {"slug": slug, "name": name, "leader": True, "move": 3, "defence": {"dice": 1, "symbol": "block"},
            "wounds": 3, "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
                                       "keywords": [], "spell": False}]}


@pytest.fixture
def game(client):
    """An Underworlds game at Ana's first activation, her fighter about to attack."""
    body = {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
            "seats": [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex")]},
                      {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok")]}]}
    g = client.post("/api/games", json=body).get_json()
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}), ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                            ("p1", "activate", {"action": "attack", "fighter": "p1.vex"})]:
        r = client.post(f"/api/games/{g['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                        json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, r.get_json()
    return g["id"], tokens


ATTACK = {"attacker": "p1.vex", "target": "p2.rok", "profile": {"name": "Blade"},
          "attack_roll": {"crit": 1, "smash": 1}, "defence_roll": {"dodge": 1}}


def preview(client, gid, token, body):
    return client.post(f"/api/games/{gid}/preview", headers={"Authorization": f"Bearer {token}"}, json=body)


def test_preview_shows_the_outcome_and_stores_nothing(client, game):
    """The combat result and its consequences come back; the log does not move."""
    gid, tokens = game
    head = client.get(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"}).get_json()["head"]
    r = preview(client, gid, tokens["p1"], {"type": "attack", "by": "p1", "data": ATTACK})
    assert r.status_code == 200
    body = r.get_json()
    assert body["allowed"] is True and body["violations"] == []
    resolved = next(c for c in body["consequences"] if c["type"] == "attack_resolved")
    assert resolved["data"]["result"] == "critical_hit" and resolved["rule"]
    after = client.get(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"}).get_json()["head"]
    assert after == head


def test_preview_of_an_illegal_event_names_the_rule(client, game):
    """Ben cannot attack in Ana's activation: not allowed, with the rule, and no consequences."""
    gid, tokens = game
    data = dict(ATTACK, attacker="p2.rok", target="p1.vex")
    body = preview(client, gid, tokens["p2"], {"type": "attack", "by": "p2", "data": data}).get_json()
    assert body["allowed"] is False and body["consequences"] == []
    assert body["violations"] and all(v["rule"] for v in body["violations"])


def test_preview_checks_who_may_enter(client, game):
    """Only a token of the game, for its own seat; bad bodies and undo are refused with JSON errors."""
    gid, tokens = game
    assert preview(client, gid, tokens["p2"], {"type": "attack", "by": "p1", "data": ATTACK}).status_code == 403
    assert client.post(f"/api/games/{gid}/preview", json={"type": "attack"}).status_code == 401
    assert preview(client, gid, tokens["p1"], {"type": 5, "data": []}).status_code == 400
    r = preview(client, gid, tokens["p1"], {"type": "revert", "by": "p1", "data": {"seq": 1, "reason": "x"}})
    assert r.status_code == 200 and r.get_json()["allowed"] is False  # an undo's preview: not Ana's last entry
    assert client.post("/api/games/nope/preview", json={}).status_code == 404


@pytest.fixture
def disputed(client):
    """Ana's attack on Rok (#8, Rok not driven back #9), then Ben's Guard (#10): the referee's token too."""
    body = {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
            "seats": [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex")]},
                      {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok")]}]}
    g = client.post("/api/games", json=body).get_json()
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    tokens["referee"] = g["referee_token"]
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}), ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                            ("p1", "activate", {"action": "attack", "fighter": "p1.vex"}), ("p1", "attack", ATTACK),
                            ("p1", "drive_back", {"fighter": "p2.rok", "hexes": 0}), ("p2", "activate", {"action": "guard", "fighter": "p2.rok"})]:
        r = client.post(f"/api/games/{g['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                        json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, r.get_json()
    return g["id"], tokens


def log_head(client, gid, token):
    return client.get(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {token}"}).get_json()["head"]


def test_an_undo_preview_lists_the_entries_it_would_void_and_stores_nothing(client, disputed):
    """Taking back Ana's attack leaves Ben's Guard out of turn: the preview names it, with the rule, before the undo."""
    gid, tokens = disputed
    head = log_head(client, gid, tokens["referee"])
    r = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 8}})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["allowed"] is True
    assert [v["seq"] for v in body["voids"]] == [9, 10]
    void = body["voids"][1]
    assert void["type"] == "activate" and void["by"] == "p2" and void["status"] == "refused_now"
    assert void["data"] == {"action": "guard", "fighter": "p2.rok"}
    assert void["violations"] and all(v["rule"] for v in void["violations"])
    assert void["fits_again"] is False and void["refused_again"]  # the attack is still to be entered
    assert log_head(client, gid, tokens["referee"]) == head


def test_a_correction_preview_checks_the_corrected_event_and_the_entries_after_it(client, disputed):
    """Another die on the corrected attack: the corrected attack is checked after the undo, and Ben's Guard fits again."""
    gid, tokens = disputed
    corrected = dict(ATTACK, attack_roll={"smash": 1, "single": 1})
    body = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 8},
                                                    "then": {"type": "attack", "by": "p1", "data": corrected}}).get_json()
    assert body["allowed"] is True and body["then"]["allowed"] is True
    assert any(c["type"] == "attack_resolved" for c in body["then"]["consequences"])
    # The corrected attack comes after Ben's entries: they stay void until entered again, and both fit again then.
    assert [(v["seq"], v["fits_again"]) for v in body["voids"]] == [(9, True), (10, True)]
    # A corrected event the rules refuse there says why, and the voids are those of the undo alone.
    wrong = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 8},
                                                     "then": {"type": "attack", "by": "p2", "data": ATTACK}}).get_json()
    assert wrong["then"]["allowed"] is False and wrong["then"]["violations"]
    assert [v["seq"] for v in wrong["voids"]] == [9, 10]


def test_an_undo_preview_follows_who_may_undo_what(client, disputed):
    """Ana may not take back the attack (not the last entry): the preview says so and voids nothing; only the referee
    corrects in place; a spectator previews nothing; a malformed correction is a clear 400."""
    gid, tokens = disputed
    body = preview(client, gid, tokens["p1"], {"type": "revert", "by": "p1", "data": {"seq": 8}}).get_json()
    assert body["allowed"] is False and body["voids"] == []
    assert body["violations"][0]["code"] == "not_last_event"
    own_last = preview(client, gid, tokens["p2"], {"type": "revert", "by": "p2", "data": {"seq": 10}}).get_json()
    assert own_last["allowed"] is True and own_last["voids"] == []
    r = preview(client, gid, tokens["p2"], {"type": "revert", "by": "p2", "data": {"seq": 10},
                                            "then": {"type": "activate", "by": "p2", "data": {"action": "guard", "fighter": "p2.rok"}}})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "referee_only"
    r = preview(client, gid, tokens["p1"], {"type": "revert", "by": "p2", "data": {"seq": 10}})
    assert r.status_code == 403
    r = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 8}, "then": ["x"]})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "invalid"
    r = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 8},
                                                 "then": {"type": "attack", "by": "referee", "data": ATTACK}})
    assert r.status_code == 403
    r = preview(client, gid, tokens["referee"], {"type": "revert", "by": "referee", "data": {"seq": 999}})
    assert r.status_code == 200 and r.get_json()["violations"][0]["code"] == "unknown_seq"
    # Hostile or malformed undos and corrections: a clear answer, never a 500, nothing stored.
    head = log_head(client, gid, tokens["referee"])
    for body in ({"type": "revert", "by": "referee", "data": {"seq": "8"}},
                 {"type": "revert", "by": "referee", "data": {"seq": -1}},
                 {"type": "revert", "by": "referee", "data": {"seq": 8, "extra": 1}},
                 {"type": "revert", "by": "referee", "data": {"seq": 8}, "then": {"type": "nope", "by": "p9", "data": {}}},
                 {"type": "revert", "by": "referee", "data": {"seq": 8}, "then": {"type": "attack", "by": "p1", "data": {"x": [1] * 50}}},
                 {"type": "revert", "by": "referee", "data": {"seq": 8}, "then": {"type": "revert", "by": "p1", "data": {"seq": 8}}}):
        r = preview(client, gid, tokens["referee"], body)
        assert r.status_code in (200, 400, 403), (body, r.get_json())
        answer = r.get_json()
        assert "error" in answer or answer["allowed"] is False or answer["then"]["allowed"] is False, (body, answer)
    assert log_head(client, gid, tokens["referee"]) == head
    watcher = client.post(f"/api/games/{gid}/join", json={"code": client.get(
        f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens['p1']}"}).get_json()["join_code"], "seat": "spectator"})
    if watcher.status_code in (200, 201):
        r = preview(client, gid, watcher.get_json()["token"], {"type": "revert", "by": "spectator", "data": {"seq": 8}})
        assert r.status_code == 403


def test_a_note_on_an_entry_names_an_entry_of_the_log(client, disputed):
    """A ruling note (the referee) or a flag (a player) about #8 is stored and changes nothing; a note about an entry
    that does not exist, or about an undo, is refused with a stable code and nothing is stored."""
    gid, tokens = disputed
    before = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens['referee']}"}).get_json()["view"]["state"]

    def note(token, by, data):
        return client.post(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {token}"},
                           json={"id": str(uuid.uuid4()), "type": "note", "by": by, "data": data})

    assert note(tokens["referee"], "referee", {"text": "Vex was in range of Ula, not Rok", "seq": 8}).status_code == 201
    assert note(tokens["p2"], "p2", {"text": "Wrong target", "seq": 8}).status_code == 201
    after = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens['referee']}"}).get_json()["view"]["state"]
    assert after == before
    head = log_head(client, gid, tokens["referee"])
    for data in ({"text": "x", "seq": 500}, {"text": "x", "seq": head}, {"text": "x", "seq": 0}, {"text": "x", "seq": "8"}):
        r = note(tokens["referee"], "referee", data)
        assert r.status_code == 422, (data, r.get_json())
    assert note(tokens["referee"], "referee", {"text": "x", "seq": 500}).get_json()["error"]["code"] == "unknown_note_target"
    # A player flags only as their own seat, never as the referee (a ruling names the referee).
    assert note(tokens["p1"], "p2", {"text": "x", "seq": 8}).status_code == 403
    assert note(tokens["p1"], "referee", {"text": "x", "seq": 8}).status_code == 403
    assert log_head(client, gid, tokens["referee"]) == head


def test_one_undo_preview_replays_a_game_at_a_time_and_previews_count_as_writes(client, disputed, monkeypatch):
    """A second undo preview of a game while one is replaying is 429 replay_busy (another game's is not); previews
    count against the caller's write limit."""
    gid, tokens = disputed
    started, release = threading.Event(), threading.Event()
    slow = preview_api.preview_revert

    def held(*args, **kwargs):
        started.set()
        assert release.wait(10)
        return slow(*args, **kwargs)
    monkeypatch.setattr(preview_api, "preview_revert", held)
    undo = {"type": "revert", "by": "referee", "data": {"seq": 8}}
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(preview, client, gid, tokens["referee"], undo)
        assert started.wait(10)
        second = preview(client, gid, tokens["referee"], undo)
        release.set()
        assert first.result().status_code == 200
    assert second.status_code == 429 and second.get_json()["error"]["code"] == "replay_busy"
    assert preview(client, gid, tokens["referee"], undo).status_code == 200, "free again once the first is done"


def test_previews_are_rate_limited_as_writes(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}", "TESTING": True,
                      "RATE_LIMIT_PER_SECOND": 1.0, "RATE_LIMIT_BURST": 3, "INSTANCE_PATH": str(tmp_path)})
    c = app.test_client()
    g = c.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]}).get_json()
    token = g["seats"][0]["token"]
    codes = [preview(c, g["id"], token, {"type": "add", "by": "p1", "data": {"points": 1}}).status_code
             for _ in range(5)]
    assert codes[:3] == [200] * 3 and 429 in codes[3:]


COUNTED = dict(ATTACK, attack_roll={"crit": 1, "success": 1}, defence_roll={})


def test_a_roll_by_its_counts_previews_and_enters_like_its_faces(client, game):
    """The counts form over the wire: the preview and the stored entry give what the same roll by faces gives."""
    gid, tokens = game
    by_faces = preview(client, gid, tokens["p1"], {"type": "attack", "by": "p1", "data": ATTACK}).get_json()
    by_counts = preview(client, gid, tokens["p1"], {"type": "attack", "by": "p1", "data": COUNTED}).get_json()
    assert by_counts["allowed"] is True
    assert [c["type"] for c in by_counts["consequences"]] == [c["type"] for c in by_faces["consequences"]]
    r = client.post(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"},
                    json={"id": str(uuid.uuid4()), "type": "attack", "by": "p1", "data": COUNTED})
    assert r.status_code == 201, r.get_json()


@pytest.mark.parametrize("roll", [{"crit": 1, "success": 1, "smash": 1}, {"success": 21}, {"success": -1},
                                  {"success": "2"}, {"dice": 1, "success": 2}, {"success": 15, "crit": 15}])
def test_a_bad_counted_roll_is_refused_and_changes_nothing(client, game, roll):
    """Faces and counts at once, a count out of bounds or not a number, more successes than dice: a clear 422 that
    no override lifts, and the log does not move."""
    gid, tokens = game
    head = log_head(client, gid, tokens["p1"])
    r = client.post(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"},
                    json={"id": str(uuid.uuid4()), "type": "attack", "by": "p1", "data": dict(ATTACK, attack_roll=roll),
                          "override": {"reason": "my card says so"}})
    assert r.status_code in (400, 422), r.get_json()
    assert r.get_json()["error"]["message"]
    assert log_head(client, gid, tokens["p1"]) == head
