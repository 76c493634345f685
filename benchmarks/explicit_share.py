#!/usr/bin/env python3
"""Explicit decisions per Underworlds edition: a scripted three-round, two-player game entered as a table would,
played through the rules engine (no browser), and the share of its log entries that are explicit passes or an
end phase's "Done" (target: at most 5%).

Each round: the roll-off for the first turn (the 2019 rules' hazard phase first), four activations per player
(Move, Move, Move, Guard), and an objective scored in the end phase. Nothing else is entered: the reaction steps,
power steps and end phase sequences nobody used are closed by the engine from the next entry (passes.py), so the
only explicit decision left is the last end phase's Done, which nothing follows.

Run: .venv/bin/python benchmarks/explicit_share.py [--json]      (exit 1 when an edition misses the target)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from app.engine import registry
from app.engine.core import Event
from tests.support.play import edition_setup, underworlds_setup

EDITIONS = ("underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire")
TARGET = 0.05
ACTIVATIONS = (("move", "leader"), ("move", "brute"), ("move", "minion"), ("guard", "leader"))


def explicit(event: Event) -> bool:
    """An entry that only says "nothing" or "finished": a pass, No reaction, or an end phase's Done."""
    d = event.data
    return (event.type in ("reaction_pass", "end_phase_done")
            or (event.type == "power" and d.get("play") == "pass")
            or (event.type == "player_action" and d.get("action") == "pass"))


class Game:
    """One edition's game, entry by entry, as the log keeps them."""

    def __init__(self, rid: str):
        self.rs = registry.get(rid)
        self.state = self.rs.new_game(underworlds_setup(2) if rid.endswith("deathgorge") else edition_setup(rid, 2))
        self.log: list[Event] = []

    def enter(self, etype: str, by: str, **data) -> None:
        event = Event(etype, by, data)
        judged = self.rs.judge(self.state, event)
        if judged.state is None:
            raise RuntimeError(f"{self.rs.id}: {etype} by {by} refused: {[v.code for v in judged.blocked]}")
        self.state = judged.state
        self.log.append(event)

    def set_up(self) -> None:
        self.enter("roll_off", "p1", purpose="boards", first="p1")
        while self.state["step"] == "do_overs":
            self.enter("do_over", self.state["order"][len([e for e in self.log if e.type == "do_over"])], choice="none")
        self.enter("roll_off", "p1", purpose="deployment", first="p1")
        self.enter("deployed", "p1", finished_first="p1")

    def round(self, scorer: str) -> None:
        # The 2019 rules' hazard phase opens the round (its first draw closes the end phase before it).
        while self.rs.edition.hazard_phase and self.state["step"] != "roll_off":
            more = self.state["phase"] != "hazard" or self.state["hazards"]["drawn"] < self.state["round"]
            self.enter("hazard", "p1", action="draw" if more else "end")
        self.enter("roll_off", "p1", purpose="first_turn", first="p1")
        for action, slug in ACTIVATIONS:
            for seat in ("p1", "p2"):
                self.enter("activate", seat, action=action, fighter=f"{seat}.{slug}")
        self.enter("objective", scorer, action="score", glory=1)


def play(rid: str) -> dict:
    """The scripted game in one edition: its entries, the explicit ones, their share."""
    g = Game(rid)
    g.set_up()
    for scorer in ("p1", "p2", "p1"):
        g.round(scorer)
    g.enter("end_phase_done", "p2")   # the last sequence's Done (p1's before it is inferred): nothing follows it
    n = sum(1 for e in g.log if explicit(e))
    return {"entries": len(g.log), "explicit": n, "share": round(n / len(g.log), 3), "over": g.state["phase"] == "over"}


def run() -> dict:
    """Every edition's figures and whether it meets the target."""
    out = {rid: play(rid) for rid in EDITIONS}
    return {"editions": out, "target": TARGET,
            "targets_met": {rid: r["share"] <= TARGET and r["over"] for rid, r in out.items()}}


def lines(out: dict) -> list[str]:
    """The report's lines, one per edition."""
    return [f"Explicit decisions, {rid.split('/')[1]}: {r['explicit']} of {r['entries']} log entries "
            f"({r['share']:.1%})   target <= {out['target']:.0%}" for rid, r in out["editions"].items()]


def main() -> int:
    out = run()
    print(json.dumps(out, indent=2) if "--json" in sys.argv else "\n".join(lines(out)))
    return 0 if all(out["targets_met"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
