#!/usr/bin/env python3
"""Size of the phone app's shell: our own JavaScript and CSS a phone loads, before gzip (target: under 150 KB).

Run: .venv/bin/python benchmarks/app_shell.py   (prints a table; exits 1 when over budget).
Vendored npm files (socket.io-client) are reported apart: they are not ours and not in the budget.
"""
from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 150 * 1024


def shell_files() -> list[Path]:
    """Our JS and CSS under static/, plus the service worker template."""
    files = sorted([*(ROOT / "static").rglob("*.js"), *(ROOT / "static").rglob("*.css")])
    return files + [ROOT / "templates" / "sw.js"]


# A phone loads the shell and the renderer of the one game it is playing (static/js/games/<family>.js
# and static/css/<family>.css, imported on demand), so the budget counts the shell plus the largest game.
FAMILIES = ("underworlds", "conquest", "battlelore")


def family_of(rel: str) -> str | None:
    """The game a file belongs to (its renderer or stylesheet), or None for the shared shell."""
    for fam in FAMILIES:
        if rel in (f"static/js/games/{fam}.js", f"static/css/{fam}.css"):
            return fam
    return None


def measure() -> dict:
    """{"files": [(path, raw, gzipped)], "raw"/"gzip": shell + largest game, "all": every file, "vendor"}."""
    rows = []
    for path in shell_files():
        data = path.read_bytes()
        rows.append((path.relative_to(ROOT).as_posix(), len(data), len(gzip.compress(data, 9))))
    shell = [r for r in rows if family_of(r[0]) is None]
    games = {fam: [r for r in rows if family_of(r[0]) == fam] for fam in FAMILIES}
    biggest = max(games.values(), key=lambda rs: sum(r[1] for r in rs))
    vendor = ROOT / "node_modules" / "socket.io-client" / "dist" / "socket.io.esm.min.js"
    return {"files": rows, "raw": sum(r[1] for r in shell + biggest), "gzip": sum(r[2] for r in shell + biggest),
            "all": sum(r[1] for r in rows), "vendor": vendor.stat().st_size if vendor.exists() else None}


def main() -> int:
    """Print the report; non-zero exit when the shell is over budget."""
    m = measure()
    for name, raw, gz in m["files"]:
        print(f"{raw:>8,} B  {gz:>7,} B gz  {name}")
    print(f"{'-' * 40}\n{m['raw']:>8,} B  {m['gzip']:>7,} B gz  app shell + the largest game (what one phone loads), "
          f"budget {BUDGET:,} B before gzip\n{m['all']:>8,} B              every game's files together")
    if m["vendor"] is not None:
        print(f"{m['vendor']:>8,} B              socket.io-client (npm, not in the budget)")
    ok = m["raw"] < BUDGET
    print("OK: under budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
