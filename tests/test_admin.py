"""Operator commands (app/admin.py, `python -m app <command>`) on a real SQLite store."""
from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app import admin
from app.engine import registry
from app.engine.core import Violation
from tests.api.helpers import event, new_game, submit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def db(app, monkeypatch):
    """The `app` fixture's SQLite file, which the commands open through DATABASE_URL as the server does."""
    url = app.extensions["tablewarden"]["config"].DATABASE_URL
    monkeypatch.setenv("DATABASE_URL", url)
    return url.removeprefix("sqlite:///")


def run(*argv) -> tuple[int, str]:
    out = io.StringIO()
    code = admin.main(list(argv), out)
    return code, out.getvalue()


def play_to_the_end(client, target=3) -> dict:
    game = new_game(client, options={"target": target})
    assert submit(client, game, "p1", event("p1", points=3)).status_code == 201  # p1 reaches 3: game won
    return game


def test_each_game_records_the_rules_it_is_played_under_and_exports_them(client, db):
    game = new_game(client)
    row = sqlite3.connect(db).execute("SELECT meta FROM games WHERE id = ?", (game["id"],)).fetchone()
    rules = json.loads(row[0])["rules"]
    assert rules["ruleset"] == "test/tally" and rules["version"] == registry.rules_version("test/tally")
    assert len(rules["version"]) == 12
    exported = client.get(f"/api/games/{game['id']}/export",
                          headers={"Authorization": f"Bearer {game['referee_token']}"}).get_json()
    assert exported["rules"] == rules


def test_rules_versions_differ_between_games_and_follow_the_code():
    versions = {rid: registry.rules_version(rid) for rid in ("underworlds/deathgorge", "underworlds/shadespire",
                                                             "conquest/core", "test/tally")}
    assert len(set(versions.values())) == 4
    assert registry.rules_version("underworlds/deathgorge") == versions["underworlds/deathgorge"]


def test_export_then_import_makes_the_same_game(client, db, tmp_path):
    game = play_to_the_end(client)
    code, text = run("export", game["id"], "-o", str(tmp_path / "game.json"))
    assert code == 0 and "1 events" in text
    exported = json.loads((tmp_path / "game.json").read_text())
    assert [e["data"] for e in exported["events"]] == [{"points": 3}]
    code, text = run("import", str(tmp_path / "game.json"))
    assert code == 0 and "1 events" in text and "referee: token" in text
    new_id = text.split()[2]
    assert new_id != game["id"]
    conn = sqlite3.connect(db)
    logs = [conn.execute("SELECT seq, event_id, type, data, consequences FROM events WHERE game_id = ?", (gid,)).fetchall()
            for gid in (game["id"], new_id)]
    assert logs[0] == logs[1] and "game_won" in logs[1][0][4]


def test_export_of_an_unknown_game_fails_plainly(db):
    assert run("export", "nope") == (1, "")


def test_a_game_id_that_starts_with_a_dash_is_read_as_an_id(client, db, tmp_path):
    """Ids are URL-safe base64: one in 64 starts with "-", which must not be taken for an option."""
    game = play_to_the_end(client)
    dashed = "-" + game["id"][1:]
    conn = sqlite3.connect(db)
    for table, column in (("games", "id"), ("seats", "game_id"), ("events", "game_id")):
        conn.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (dashed, game["id"]))
    conn.commit()
    code, text = run("export", dashed, "-o", str(tmp_path / "game.json"))
    assert code == 0 and "1 events" in text and dashed in (tmp_path / "game.json").read_text()
    code, text = run("verify", "-v", dashed)
    assert code == 0 and "1 game(s) replayed" in text and dashed in text


def test_verify_reports_nothing_for_games_replaying_the_same(client, db):
    play_to_the_end(client)
    new_game(client)
    code, text = run("verify", "-v")
    assert code == 0 and text.count("same ") == 2 and "2 game(s) replayed, 0 differ" in text


def test_verify_finds_nothing_in_a_game_whose_seats_are_still_being_set_up(client, db):
    """A game with open seats has no state and no log yet: nothing to replay, nothing that differs."""
    made = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"open": True}]})
    assert made.status_code == 201, made.get_json()
    code, text = run("verify", "-v")
    assert code == 0 and "1 game(s) replayed, 0 differ" in text


def test_verify_finds_games_whose_consequences_or_checks_changed_with_the_rules(client, db, monkeypatch):
    won, refused, fine = play_to_the_end(client), new_game(client), new_game(client)
    assert submit(client, refused, "p1", event("p1", points=3)).status_code == 201
    tally = registry.get("test/tally")
    original_apply, original_check = tally.apply_event, tally.check_event

    def winning_takes_one_more(state, ev):  # a rules change: the target is one point higher
        state["target"] += 1
        out = original_apply(state, ev)
        state["target"] -= 1
        return out
    monkeypatch.setattr(tally, "apply_event", winning_takes_one_more)
    code, text = run("verify", won["id"], fine["id"])
    assert code == 1 and f"DIFFERS {won['id']}" in text and "consequences differ" in text and fine["id"] not in text
    assert f"recorded under {registry.rules_version('test/tally')}" in text

    def at_most_two(state, ev):  # a rules change: 3 points at once are now over the limit
        found = original_check(state, ev)
        if ev.type == "add" and ev.data["points"] == 3:
            found.append(Violation("too_many", "At most 2 points at a time now.", "Tally rules, Adding"))
        return found
    monkeypatch.setattr(tally, "apply_event", original_apply)
    monkeypatch.setattr(tally, "check_event", at_most_two)
    code, text = run("verify")
    assert code == 1 and f"DIFFERS {refused['id']}" in text and "#1 add by p1 is refused now: At most 2 points" in text
    assert "3 game(s) replayed, 2 differ" in text


def test_prune_deletes_only_finished_games_older_than_the_limit(client, db):
    old_over, old_open, new_over = play_to_the_end(client), new_game(client), play_to_the_end(client)
    conn = sqlite3.connect(db)
    for gid in (old_over["id"], old_open["id"]):
        conn.execute("UPDATE events SET created_at = '2020-01-01T00:00:00.000Z' WHERE game_id = ?", (gid,))
        conn.execute("UPDATE games SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", (gid,))
    conn.commit()
    code, text = run("prune", "--days", "30", "--dry-run")
    assert code == 0 and f"would delete {old_over['id']}" in text and "1 finished game(s)" in text
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    code, text = run("prune", "--days", "30")
    assert f"deleted {old_over['id']}" in text
    left = {r[0] for r in conn.execute("SELECT id FROM games")}
    assert left == {old_open["id"], new_over["id"]}
    assert conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (old_over["id"],)).fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (old_over["id"],)).fetchone()[0] == 0


def test_check_content_passes_on_the_shipped_content_and_names_a_broken_file(tmp_path):
    code, text = run("check-content")
    assert code == 0 and "content OK" in text and "underworlds/warbands" in text
    broken = tmp_path / "content" / "underworlds" / "warbands"
    broken.mkdir(parents=True)
    (broken / "bad.yaml").write_text("id: bad\nname: 5\n")
    code, text = run("check-content", "--dir", str(tmp_path / "content"))
    assert code == 1 and "bad.yaml" in text


def test_the_commands_run_as_python_dash_m_app(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}", "PYTHONWARNINGS": "ignore"}
    done = subprocess.run([sys.executable, "-m", "app", "verify"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "0 game(s) replayed, 0 differ" in done.stdout


def test_import_refuses_a_file_padded_by_shape_as_the_api_does(client, db, tmp_path, capsys):
    game = play_to_the_end(client)
    run("export", game["id"], "-o", str(tmp_path / "game.json"))
    exported = json.loads((tmp_path / "game.json").read_text())
    exported["setup"]["options"] = {"pad": [7] * 60_000}
    (tmp_path / "padded.json").write_text(json.dumps(exported))
    assert run("import", str(tmp_path / "padded.json")) == (1, "")
    assert "The setup may hold at most 50,000 values." in capsys.readouterr().err


@pytest.mark.parametrize("name, text", [
    ("deep", "[" * 100_000 + "]" * 100_000),
    ("deep-object", '{"a":' * 5_000 + "1" + "}" * 5_000),
    ("nan", '{"game": {"setup": NaN}}'),
    ("list", "[1, 2]"),
    ("text", '"a game"'),
    ("empty", ""),
    ("bytes", b"\xff\xfe{".decode("latin-1")),
])
def test_importing_a_malformed_file_fails_in_one_line_without_a_traceback(tmp_path, name, text):
    path = tmp_path / f"{name}.json"
    path.write_bytes(text.encode("latin-1"))
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}", "PYTHONWARNINGS": "ignore"}
    done = subprocess.run([sys.executable, "-m", "app", "import", str(path)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in done.stderr, done.stderr
    assert sqlite3.connect(tmp_path / "tw.sqlite3").execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
