"""Plays a scripted whole game (YAML) through a ruleset and checks its checkpoints.

Format (every game uses it; files live in tests/scenarios/<game>/*.yaml):

    ruleset: underworlds/deathgorge
    title: what this game shows
    setup: {...}                      # passed to rs.new_game (after content expansion, if any)
    steps:
      - event: {type: .., by: .., data: {..}, override: {reason: ..}}   # must be accepted
        consequences: [out_of_action, bounty]   # optional: types of its automatic consequences
      - reject: {type: .., by: .., data: {..}}  # must be refused ...
        code: not_your_turn                     # ... with this violation code
      - revert: 7                               # undo seq 7 ...
        by: p1                                  # ... entered for this seat
        referee: false                          # true: the referee may undo any event
      - expect: {"seats.p1.glory": 2}           # dotted paths into the state (list indices allowed)
      - suggests: {seat: p1, types: [activate]} # these event types are among p1's suggestions
      - outcome: {winners: [p1], decided_by: glory}   # subset of rs.outcome(state); null = still playing
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from app import content
from app.engine import registry
from app.engine.core import Event, check_revert, replay

HERE = Path(__file__).parent


def scenario_files() -> list[Path]:
    """Every scripted game under tests/scenarios/."""
    return sorted(HERE.rglob("*.yaml"))


def dig(state, path: str):
    """Value at a dotted path ("seats.p1.fighters.0.damage").

    Keys that themselves contain dots (ids such as "p1.cyreni") are matched whole: at each level
    the longest run of path parts that names a key wins ("units.p1.spearmen-1.damage").
    """
    cur = state
    parts = path.split(".")
    i = 0
    while i < len(parts):
        if isinstance(cur, list):
            cur = cur[int(parts[i])]
            i += 1
            continue
        if not isinstance(cur, dict):
            raise AssertionError(f"no {parts[i]!r} in path {path!r}")
        for j in range(len(parts), i, -1):
            key = ".".join(parts[i:j])
            if key in cur:
                cur = cur[key]
                i = j
                break
        else:
            raise AssertionError(f"no {parts[i]!r} in path {path!r}")
    return cur


def play_scenario(path: Path) -> dict:
    """Run one scenario file; raises AssertionError with the step number on the first mismatch."""
    spec = yaml.safe_load(path.read_text())
    rs = registry.get(spec["ruleset"])
    setup = content.expand_setup(spec["ruleset"], spec["setup"])  # warbands by id filled from content/
    state = rs.new_game(setup)
    log: list[Event] = []
    last_cons: list = []
    for n, step in enumerate(spec["steps"], 1):
        where = f"{path.name} step {n}"
        if "event" in step:
            ev = Event.from_dict({**step["event"], "id": f"s{n}", "seq": len(log) + 1})
            blocked = rs.judge(state, ev).blocked
            assert not blocked, f"{where}: refused: {[v.to_dict() for v in blocked]}"
            state, last_cons = rs.apply(state, ev)
            log.append(ev)
            if "consequences" in step:
                got = [c.type for c in last_cons]
                assert got == step["consequences"], f"{where}: consequences {got}"
        elif "reject" in step:
            ev = Event.from_dict({**step["reject"], "id": f"s{n}"})
            codes = [v.code for v in rs.judge(state, ev).blocked]
            assert step["code"] in codes, f"{where}: expected {step['code']}, got {codes}"
        elif "revert" in step:
            rv = Event("revert", step.get("by", "p1"), {"seq": step["revert"], "reason": "scenario"},
                       id=f"s{n}", seq=len(log) + 1)
            problems = check_revert(log, rv, step.get("referee", False))
            assert not problems, f"{where}: revert refused: {[v.to_dict() for v in problems]}"
            log.append(rv)
            state = replay(rs, setup, log)
        elif "expect" in step:
            for key, want in step["expect"].items():
                got = dig(state, key)
                assert got == want, f"{where}: {key} is {got!r}, expected {want!r}"
        elif "suggests" in step:
            want = step["suggests"]
            advice = rs.suggest(state, want["seat"])
            types = {s.type for s in advice.suggestions}
            missing = set(want["types"]) - types
            assert not missing, f"{where}: {want['seat']} is not offered {missing} (offered {types})"
        elif "outcome" in step:
            got = rs.outcome(state)
            want = step["outcome"]
            if want is None:
                assert got is None, f"{where}: game over too early: {got}"
            else:
                assert got is not None, f"{where}: game not over"
                for key, value in want.items():
                    assert got.get(key) == value, f"{where}: outcome {key} is {got.get(key)!r}"
        else:
            raise AssertionError(f"{where}: unknown step {step}")
    # The log is the truth: folding it again gives the same state, and the state is plain JSON.
    assert replay(rs, setup, log) == state, f"{path.name}: replay differs from the played state"
    assert json.loads(json.dumps(state)) == state
    return state
