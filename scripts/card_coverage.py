#!/usr/bin/env python3
"""How much of each Underworlds deck the engine knows: per deck, the reactions with a trigger, the power-step
gambits, the objectives the game decides, the objectives it asks about, and the cards it does not know.

    .venv/bin/python scripts/card_coverage.py                 # every deck of the first edition and the core sets
    .venv/bin/python scripts/card_coverage.py --all           # every deck in content
    .venv/bin/python scripts/card_coverage.py DECK_ID ...     # these decks, and each unknown card by name
    .venv/bin/python scripts/card_coverage.py --markdown      # the table docs/content.md gives
    .venv/bin/python scripts/card_coverage.py --conquest      # Conquest: the core set's cards per faction
                                                              # (decided, asked, unknown; exit 1 with an unknown)

Loading validates every content file first (a bad behaviour file stops it with the file, card and term).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.content import conquest
from app.content.underworlds.library import load_from
from app.engine.conquest import coverage as conquest_coverage
from app.engine.underworlds.coverage import CORE_SET_DECKS, DEATHGORGE_DECKS, classify, tally_deck

COLUMNS = ("reaction", "power_step", "upgrade", "decided", "asked", "unknown")


def main(argv: list[str] | None = None) -> int:
    """Print the coverage table; exit 1 when a deck named on the command line has unknown cards."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("decks", nargs="*", help="deck ids (default: the first-edition and core-set decks)")
    parser.add_argument("--all", action="store_true", help="every deck in content")
    parser.add_argument("--markdown", action="store_true", help="the core sets' decks and totals as a Markdown table")
    parser.add_argument("--conquest", action="store_true", help="Conquest's core set cards per faction")
    args = parser.parse_args(argv)
    if args.conquest:
        return conquest_table(markdown=args.markdown)
    lib = load_from(Path(__file__).resolve().parents[1] / "content")
    decks = lib.all("underworlds", "decks")
    if args.decks:
        chosen = [d for d in decks if d["id"] in args.decks]
        missing = set(args.decks) - {d["id"] for d in chosen}
        if missing:
            print(f"no such deck: {', '.join(sorted(missing))}", file=sys.stderr)
            return 2
    elif args.all:
        chosen = decks
    else:
        chosen = [d for d in decks if d["edition"] == "first" or d["id"] in CORE_SET_DECKS]
    if args.markdown:
        print(markdown(decks))
        return 0
    print(f"{'deck':44} {'cards':>5} " + " ".join(f"{c:>10}" for c in COLUMNS) + f" {'unknown %':>9}")
    totals = dict.fromkeys(COLUMNS, 0)
    cards = 0
    for deck in chosen:
        counts = tally_deck(deck)
        cards += len(deck["cards"])
        for c in COLUMNS:
            totals[c] += counts[c]
        share = 100 * counts["unknown"] / max(1, len(deck["cards"]))
        print(f"{deck['id'][:44]:44} {len(deck['cards']):>5} " + " ".join(f"{counts[c]:>10}" for c in COLUMNS)
              + f" {share:>8.1f}%")
        if args.decks:
            for card in deck["cards"]:
                if classify(card) == "unknown":
                    print(f"    unknown: {card.get('number')} {card['name']} ({card['type']})")
    share = 100 * totals["unknown"] / max(1, cards)
    print(f"{'all':44} {cards:>5} " + " ".join(f"{totals[c]:>10}" for c in COLUMNS) + f" {share:>8.1f}%")
    return 1 if args.decks and totals["unknown"] else 0


def markdown(decks: list[dict]) -> str:
    """The Deathgorge core set's decks, the 2018/2019 core sets' cards, and the totals of each edition's decks."""
    rows = ["| decks | cards | reactions | power-step gambits | upgrades | objectives decided | objectives asked | unknown |",
            "|---|---|---|---|---|---|---|---|"]

    def row(label: str, group: list[dict]) -> str:
        counts = dict.fromkeys(COLUMNS, 0)
        for deck in group:
            for c, n in tally_deck(deck).items():
                counts[c] += n
        total = sum(len(d["cards"]) for d in group)
        return f"| {label} | {total:,} | " + " | ".join(f"{counts[c]:,}" for c in COLUMNS) + " |"

    by_id = {d["id"]: d for d in decks}
    for did in DEATHGORGE_DECKS:
        rows.append(row(by_id[did]["name"], [by_id[did]]))
    first = [d for d in decks if d["edition"] == "first"]
    rows.append(row(f"all {len(first)} first-edition Rivals decks", first))
    rows.append(row("2018 and 2019 core sets (5 card groups)", [by_id[did] for did in CORE_SET_DECKS]))
    return "\n".join(rows)


def conquest_table(markdown: bool = False) -> int:
    """Conquest's core set cards per faction: decided, asked, unknown; 1 when a card is unknown."""
    rows = conquest_coverage.tally(conquest.load()["cards"], conquest.abilities())
    cols = ("cards", *conquest_coverage.COLUMNS)
    if markdown:
        print("| faction | " + " | ".join(cols) + " |\n|---|" + "---|" * len(cols))
    else:
        print(f"{'faction':20} " + " ".join(f"{c:>8}" for c in cols))
    for faction in sorted(rows, key=lambda f: (f == "all", f)):
        counts = [rows[faction][c] for c in cols]
        if markdown:
            print(f"| {faction} | " + " | ".join(map(str, counts)) + " |")
        else:
            print(f"{faction:20} " + " ".join(f"{n:>8}" for n in counts))
    return 1 if rows["all"]["unknown"] else 0


if __name__ == "__main__":
    sys.exit(main())
