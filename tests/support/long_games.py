"""Long games for the tests and benchmarks of what an entry costs as the log grows: a Tally game of any length as
one export (imported in one request), and a counter of the events a ruleset applies."""
from __future__ import annotations


def tally_export(entries: int) -> dict:
    """An export of a Tally game of `entries` entries: p1 and p2 adding one point in turn (p1 plays next when even)."""
    events = [{"seq": i + 1, "id": f"e{i + 1}", "type": "add", "by": "p1" if i % 2 == 0 else "p2",
               "data": {"points": 1}, "override": None, "consequences": []} for i in range(entries)]
    return {"format": "tablewarden-game", "version": 1, "ruleset": "test/tally", "shared_device": False,
            "setup": {"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}],
                      "options": {"target": 1000}},
            "events": events}


def long_game(client, entries: int) -> dict:
    """A Tally game of `entries` entries imported through a Flask test client; the 201 body plus `tokens`."""
    resp = client.post("/api/games/import", json=tally_export(entries))
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    game["tokens"]["referee"] = game["referee_token"]
    return game


class Counting:
    """Counts the events a ruleset applies or judges (each step of a fold does one), patched in through pytest's monkeypatch."""

    def __init__(self, monkeypatch, rs):
        self.applied = 0
        for name in ("apply", "judge"):
            monkeypatch.setattr(rs, name, self._counted(getattr(rs, name)))

    def _counted(self, real):
        def counted(state, event, *rest, **named):
            self.applied += 1
            return real(state, event, *rest, **named)
        return counted
