"""Build tournament logs for tests: settings and entries as the service would store them."""
from __future__ import annotations


def settings(**kw) -> dict:
    base = {"name": "Test", "date": "2026-11-28", "ruleset": "underworlds/deathgorge", "format": "rivals",
            "best_of": 1, "rounds": 3, "round_minutes": 60, "points": {"win": 3, "draw": 1, "loss": 0},
            "bye": {"points": 3, "glory_for": 3, "glory_against": 0},
            "tiebreakers": ["glory_difference", "total_glory", "head_to_head", "roll_off"],
            "end_of_time": "Finish the current round, then play its end phase."}
    return {**base, **kw}


class Log:
    """Entries with seqs, appended in order."""

    def __init__(self):
        self.entries = []

    def add(self, etype: str, actor: str = "organiser", **data) -> dict:
        entry = {"seq": len(self.entries) + 1, "id": f"e{len(self.entries) + 1}", "type": etype, "actor": actor,
                 "data": data, "created_at": "2026-11-28T10:00:00.000Z"}
        self.entries.append(entry)
        return entry


def result(winner, glory):
    return {"winner": winner, "glory": glory}
