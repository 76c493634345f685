"""Replay digest: one hash of what the engine answers over seeded random games of every ruleset.

A refactoring that must not change behaviour is checked with it: run it before and after, and the digests must be
byte-identical. Each game is played from suggestions alone (tests/support/play.py); after the setup and after every
event the digest takes in the state, every seat's view (the referee's too), every seat's advice and the event's
consequences. Usage:

    .venv/bin/python scripts/replay_digest.py [--games N] [--max-events N] [--check FILE] [ruleset-id ...]

It prints one line per ruleset ("<id> <sha256>") and a last line "all <sha256>"; with --check it compares that
output with a file written earlier and exits 1 when they differ.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import registry
from tests.support.play import SETUPS, choose, fill, rng_pick

GAMES = 3  # seeded games per setup of each ruleset
MAX_EVENTS = 400  # events per game at most: enough to cross every phase of every ruleset's sample games


def _feed(digest, value) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=str, separators=(",", ":")).encode())
    digest.update(b"\n")


def _observe(rs, state, digest) -> list:
    """Take in the state, each seat's view and advice; answer every suggestion of every seat (play's order)."""
    _feed(digest, state)
    suggestions = []
    for seat in [*rs.seat_ids(state), "referee"]:
        _feed(digest, rs.view(state, seat))
        if seat == "referee":
            continue
        advice = rs.suggest(state, seat)
        _feed(digest, advice.to_dict())
        suggestions.extend(advice.suggestions)
    return suggestions


def game_digest(rs, setup: dict, seed: int, max_events: int, digest) -> None:
    """Play one seeded game from suggestions, feeding what the engine answers at each step into `digest`."""
    rng = random.Random(seed)
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    for n in range(1, max_events + 1):
        suggestions = _observe(rs, state, digest)
        if rs.outcome(state) is not None:
            break
        sugg = choose(rng, suggestions)
        if sugg is None:
            break
        event = replace(fill(sugg, pick), seq=n, id=f"e{n}")
        state, consequences = rs.apply(state, event)
        _feed(digest, [event.to_dict(), [c.to_dict() for c in consequences]])
    _feed(digest, rs.outcome(state))


def ruleset_digest(ruleset_id: str, games: int = GAMES, max_events: int = MAX_EVENTS) -> str:
    """The digest of `games` seeded games of every sample setup of one ruleset."""
    rs = registry.get(ruleset_id)
    digest = hashlib.sha256()
    for index, setup in enumerate(SETUPS[ruleset_id]):
        for seed in range(games):
            game_digest(rs, setup, index * 1000 + seed, max_events, digest)
    return digest.hexdigest()


def report(ruleset_ids: list[str], games: int = GAMES, max_events: int = MAX_EVENTS) -> str:
    """The lines this script prints: one per ruleset, then one over them all."""
    lines = [f"{rid} {ruleset_digest(rid, games, max_events)}" for rid in ruleset_ids]
    lines.append(f"all {hashlib.sha256(chr(10).join(lines).encode()).hexdigest()}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the digest (or compare it with a file written earlier); 1 when it differs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rulesets", nargs="*", help="ruleset ids (default: every ruleset with sample setups)")
    parser.add_argument("--games", type=int, default=GAMES, help="seeded games per sample setup")
    parser.add_argument("--max-events", type=int, default=MAX_EVENTS, help="events per game at most")
    parser.add_argument("--check", type=Path, help="a file this script wrote earlier: exit 1 unless identical")
    args = parser.parse_args(argv)
    out = report(args.rulesets or list(SETUPS), args.games, args.max_events)
    sys.stdout.write(out)
    if args.check is not None:
        if args.check.read_text() != out:
            sys.stdout.write(f"DIFFERS from {args.check}\n")
            return 1
        sys.stdout.write(f"identical to {args.check}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
