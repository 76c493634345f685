#!/usr/bin/env python3
"""Size of the phone app's shell: our own JavaScript and CSS a phone loads, before gzip (target: under 150 KB).

Run: .venv/bin/python benchmarks/app_shell.py   (prints a table; exits 1 when over budget).
Vendored npm files (socket.io-client) are reported apart: they are not ours and not in the budget.
"""
from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 150 * 1024


def shell_files() -> list[Path]:
    """Our JS and CSS under static/, plus the service worker template."""
    files = sorted([*(ROOT / "static").rglob("*.js"), *(ROOT / "static").rglob("*.css")])
    return files + [ROOT / "templates" / "sw.js"]


# What one phone loads is one page: its module with everything that module imports (static or dynamic,
# followed through), our CSS, the service worker, and, where a page loads a game's renderer by name
# (`import(`../games/${fam}.js`)`: the table and the setup wizard's hooks), the largest game's renderer
# with everything it imports. The budget holds for the largest page.
FAMILIES = ("underworlds", "conquest", "battlelore")
JS = ROOT / "static" / "js"
IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)(["'`])([^"'`]+)\1""", re.M)


def imports_of(path: Path) -> tuple[list[Path], bool]:
    """The modules a module imports by path, and whether it imports a game's renderer by name."""
    out, by_name = [], False
    for _quote, spec in IMPORTS.findall(path.read_text(encoding="utf-8")):
        if "${" in spec:
            by_name = by_name or "games/" in spec
        elif spec.startswith("."):
            out.append((path.parent / spec).resolve())
    return out, by_name


def closure(entry: Path) -> tuple[set[Path], bool]:
    """A module and every module it may load, and whether any of them loads a game's renderer by name."""
    seen: set[Path] = set()
    todo, by_name = [entry.resolve()], False
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        deps, named = imports_of(path)
        by_name = by_name or named
        todo.extend(deps)
    return seen, by_name


def family_of(rel: str) -> str | None:
    """The game a stylesheet belongs to (static/css/<family>.css), or None for a shared one."""
    for fam in FAMILIES:
        if rel == f"static/css/{fam}.css":
            return fam
    return None


def pages() -> dict[str, set[Path]]:
    """{page module: the files a phone loads for it}."""
    css = sorted((ROOT / "static").rglob("*.css"))
    shared = {p.resolve() for p in css if family_of(p.relative_to(ROOT).as_posix()) is None}
    games = {}
    for fam in FAMILIES:
        files, _ = closure(JS / "games" / f"{fam}.js")
        games[fam] = files | {p.resolve() for p in css if family_of(p.relative_to(ROOT).as_posix()) == fam}
    biggest = max(games.values(), key=lambda fs: sum(f.stat().st_size for f in fs))
    out = {}
    for page in sorted((JS / "pages").glob("*.js")):
        files, by_name = closure(page)
        out[page.stem] = files | shared | {(ROOT / "templates" / "sw.js").resolve()} | (biggest if by_name else set())
    return out


def measure() -> dict:
    """{"files": [(path, raw, gzipped)], "pages": {page: raw}, "raw"/"gzip": the largest page, "all": every
    file, "vendor"}."""
    rows = []
    for path in shell_files():
        data = path.read_bytes()
        rows.append((path.relative_to(ROOT).as_posix(), len(data), len(gzip.compress(data, 9))))
    size = {(ROOT / r[0]).resolve(): r for r in rows}
    per_page = {page: (sum(size[f][1] for f in fs if f in size), sum(size[f][2] for f in fs if f in size))
                for page, fs in pages().items()}
    largest = max(per_page.values())
    vendor = ROOT / "node_modules" / "socket.io-client" / "dist" / "socket.io.esm.min.js"
    return {"files": rows, "pages": {p: v[0] for p, v in per_page.items()}, "raw": largest[0], "gzip": largest[1],
            "all": sum(r[1] for r in rows), "vendor": vendor.stat().st_size if vendor.exists() else None}


def main() -> int:
    """Print the report; non-zero exit when the shell is over budget."""
    m = measure()
    for name, raw, gz in m["files"]:
        print(f"{raw:>8,} B  {gz:>7,} B gz  {name}")
    print("-" * 40)
    for page, raw in sorted(m["pages"].items()):
        print(f"{raw:>8,} B              page {page} (with the largest game where it loads one)")
    print(f"{m['raw']:>8,} B  {m['gzip']:>7,} B gz  the largest page (what one phone loads), "
          f"budget {BUDGET:,} B before gzip\n{m['all']:>8,} B              every game's files together")
    if m["vendor"] is not None:
        print(f"{m['vendor']:>8,} B              socket.io-client (npm, not in the budget)")
    ok = m["raw"] < BUDGET
    print("OK: under budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
