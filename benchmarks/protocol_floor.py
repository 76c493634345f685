"""The protocol's floor: a server that keeps every promise of the wire protocol and the store but knows no rules.

`live.py --floor` runs it beside the bare echo and Tablewarden. Like the echo it plays no game; unlike the echo,
it does for each entry what any server keeping the design's contracts must do, whatever its rules:

- stores the entry durably before the ack (SQLite, WAL, `synchronous=FULL`, in a real thread so the event loop
  does not wait on the disk, as the design asks of eventlet servers);
- acks the submitter, then sends `applied` to the rest of the table;
- sends each seat its own `view` frame: the very frames Tablewarden's broadcaster makes for the recorded game the
  phones play (its patches on the seat's previous view, or the whole view when the phone holds none), worked out
  once at start, so the floor spends nothing on views but their encoding and writing.

Its CPU per entry is what the contracts alone cost on this stack: the part of Tablewarden's CPU that no work on
the rules engine or the views can take away.

    .venv/bin/python benchmarks/protocol_floor.py PORT DB_PATH [--skip store,views]     (started by live.py)

`--skip` leaves out the durable store or the views (live.py `--floor-skip`), to see what each part costs.
"""
from __future__ import annotations

import argparse
import sqlite3
import sys
import threading
from pathlib import Path

import eventlet

eventlet.monkey_patch(thread=False)   # the store's thread stays a real thread, as the real server's does

import eventlet.tpool  # noqa: E402
import eventlet.wsgi  # noqa: E402
import socketio  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from recorded import RULESET, SEATS, entry_of, recorded_logs  # noqa: E402

from app.engine import registry  # noqa: E402
from app.live import fastjson  # noqa: E402
from app.live.viewpatch import LastViews  # noqa: E402
from app.service.reading import Reading  # noqa: E402
from tests.support.play import underworlds_setup  # noqa: E402


def recorded_frames() -> list[dict[str, tuple[dict, dict | None]]]:
    """For each entry of the recording live.py's phones send (recorded.py): each seat's whole view and the frame the
    broadcaster sends after the entry before (None at a game's first entry)."""
    rs = registry.get(RULESET)
    out: list[dict[str, tuple[dict, dict | None]]] = []
    for log in recorded_logs():
        state, last = rs.new_game(underworlds_setup(4)), LastViews()
        for seq, event in enumerate(log, start=1):
            state, _ = rs.apply(state, event)
            per_seat = {}
            for seat in SEATS:
                view = Reading._view(rs, state, seq, seat, {})
                frame = last.frame(seat, view)
                per_seat[seat] = (view, frame if "patch" in frame else None)
            out.append(per_seat)
    return out


def as_seq(frame: dict, seq: int) -> dict:
    """A recorded frame renumbered for a table's own seq (its `seq`, a patch's `base` and the patch's seq op)."""
    if "patch" not in frame:
        return {**frame, "seq": seq}
    ops = [[["seq"], seq] if op[0] == ["seq"] else op for op in frame["patch"]]
    return {**frame, "seq": seq, "base": seq - 1, "patch": ops}


class Store:
    """One SQLite file, WAL, synchronous=FULL; each append committed in a real thread before it returns."""

    def __init__(self, path: str):
        self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("CREATE TABLE IF NOT EXISTS events (room TEXT, seq INTEGER, body TEXT, PRIMARY KEY (room, seq))")
        self.lock = threading.Lock()

    def append(self, room: str, seq: int, body: bytes) -> None:
        """Store one entry durably (from a real thread: the event loop goes on meanwhile)."""
        eventlet.tpool.execute(self._append, room, seq, body)

    def _append(self, room: str, seq: int, body: bytes) -> None:
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("INSERT INTO events VALUES (?, ?, ?)", (room, seq, body))
            self.conn.execute("COMMIT")


def run(port: int, db_path: str, skip: frozenset[str] = frozenset()) -> None:
    """Serve /live on 127.0.0.1:port until killed (without the parts named in `skip`: "store", "views")."""
    frames = recorded_frames() if "views" not in skip else []
    store = Store(db_path) if "store" not in skip else None
    sio = socketio.Server(async_mode="eventlet", json=fastjson)
    seqs: dict[str, int] = {}
    rooms: dict[str, str] = {}                     # sid -> its table's room
    sent: dict[str, int] = {}                      # seat room -> the recorded entry its last view was

    @sio.event(namespace="/live")
    def connect(sid, environ, auth):
        room, _, seat = str((auth or {}).get("token", "")).partition(":")
        rooms[sid] = room
        sio.enter_room(sid, room, namespace="/live")
        sio.enter_room(sid, f"{room}:{seat}", namespace="/live")

    @sio.event(namespace="/live")
    def submit(sid, data):
        room = rooms[sid]
        seq = seqs[room] = seqs.get(room, 0) + 1
        event = {**data, "seq": seq}
        if store is not None:
            store.append(room, seq, fastjson.dumps(event))
        sio.start_background_task(send_table, room, seq, event, sid)
        return {"status": 201, "seq": seq, "id": data.get("id"), "consequences": []}

    def send_table(room: str, seq: int, event: dict, submitter: str) -> None:
        sio.sleep(0)   # the ack goes first, as the real server's does
        sio.emit("applied", {"seq": seq, "event": event, "consequences": []}, to=room, skip_sid=submitter,
                 namespace="/live")
        if not frames:
            return
        entry = entry_of(int(room.rsplit("-", 1)[1]), seq - 1, len(frames))
        for seat in SEATS:
            seat_room = f"{room}:{seat}"
            view, patch = frames[entry][seat]
            follows = sent.get(seat_room) == entry - 1 and patch is not None
            sent[seat_room] = entry
            sio.emit("view", as_seq(patch if follows else view, seq), to=seat_room, namespace="/live")
            sio.sleep(0)

    eventlet.wsgi.server(eventlet.listen(("127.0.0.1", port)), socketio.WSGIApp(sio), log_output=False)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("port", type=int)
    parser.add_argument("db_path")
    parser.add_argument("--skip", default="", help="comma-separated parts to leave out: store, views")
    args = parser.parse_args()
    parts = frozenset(p for p in args.skip.split(",") if p)
    if parts - {"store", "views"}:
        parser.error(f"unknown parts to skip: {', '.join(sorted(parts - {'store', 'views'}))}")
    run(args.port, args.db_path, parts)
