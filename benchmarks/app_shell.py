#!/usr/bin/env python3
"""Size of the phone app's shell: our own JavaScript and CSS, before gzip (target: under 150 KB).

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


def measure() -> dict:
    """{"files": [(path, raw, gzipped)], "raw": total, "gzip": total, "vendor": raw size of npm files}."""
    rows = []
    for path in shell_files():
        data = path.read_bytes()
        rows.append((path.relative_to(ROOT).as_posix(), len(data), len(gzip.compress(data, 9))))
    vendor = ROOT / "node_modules" / "socket.io-client" / "dist" / "socket.io.esm.min.js"
    return {"files": rows, "raw": sum(r[1] for r in rows), "gzip": sum(r[2] for r in rows),
            "vendor": vendor.stat().st_size if vendor.exists() else None}


def main() -> int:
    """Print the report; non-zero exit when the shell is over budget."""
    m = measure()
    for name, raw, gz in m["files"]:
        print(f"{raw:>8,} B  {gz:>7,} B gz  {name}")
    print(f"{'-' * 40}\n{m['raw']:>8,} B  {m['gzip']:>7,} B gz  app shell (ours), budget {BUDGET:,} B before gzip")
    if m["vendor"] is not None:
        print(f"{m['vendor']:>8,} B              socket.io-client (npm, not in the budget)")
    ok = m["raw"] < BUDGET
    print("OK: under budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
