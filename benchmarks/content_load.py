"""Underworlds content: how long loading and validating every file takes, and what a phone's card search costs.

Usage:  .venv/bin/python -m benchmarks.content_load
Prints: the uncached load of content/ (YAML parse with libyaml when installed, and the pure-Python parser for
comparison), the validated records read back from the cache, the card index build, one filtered card query, and the JSON size of one page of cards.
A report, not a test.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml

from app.content import files as content_files
from app.content.underworlds import library, listing


def timed(fn, runs: int = 5) -> float:
    """Median wall time of `fn` in ms."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out)


def main() -> None:
    files = sorted(content_files.ROOT.glob("underworlds/*/*.yaml"))
    print(f"{len(files)} Underworlds files, {sum(p.stat().st_size for p in files) / 1024:.0f} KB")
    print(f"load + validate everything (libyaml: {yaml.__with_libyaml__}): {timed(lambda: library.load_from(content_files.ROOT)):.0f} ms")
    fast = content_files.YAML_LOADER
    content_files.YAML_LOADER = yaml.SafeLoader
    print(f"the same with the pure-Python YAML parser: {timed(lambda: library.load_from(content_files.ROOT), 3):.0f} ms")
    content_files.YAML_LOADER = fast
    lib = library.load_from(content_files.ROOT)
    cache = library._cache_file(content_files.ROOT)
    library._to_cache(lib, cache)
    print(f"the same records from the JSON cache a later process reads: "
          f"{timed(lambda: library._from_cache(content_files.ROOT, cache)):.0f} ms")
    print(f"card index (built once per process): {timed(lambda: listing._card_index(lib)):.1f} ms")
    listing.card_index(lib)
    args = {"ruleset": "underworlds/deathgorge", "q": "strike"}
    print(f"one name search over the cards: {timed(lambda: listing.query(lib, 'cards', args), 20):.2f} ms")
    page = listing.page(listing.query(lib, "cards", {"ruleset": "underworlds/deathgorge"}), {}, default=50)
    print(f"one page of 50 cards as JSON: {len(json.dumps(page)) / 1024:.1f} KB (before compression)")


if __name__ == "__main__":
    main()
