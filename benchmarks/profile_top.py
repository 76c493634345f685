"""py-spy for the benchmarks: where the executable is, and the busiest functions of its collapsed stacks."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path


def py_spy() -> str:
    """The py-spy executable: on PATH or beside this Python."""
    found = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if not found:
        raise SystemExit("--profile needs py-spy (pip install py-spy) on PATH or beside this Python")
    return found


def frame_name(frame: str) -> str:
    """"send (/x/y/socket.py:12)" -> "send (socket.py)": a function and its file, whatever the line."""
    name, _, where = frame.partition(" (")
    return f"{name} ({where.rsplit(':', 1)[0].rsplit('/', 1)[-1]})" if where else name


def top_functions(collapsed: str, count: int = 25) -> list[tuple[str, float, float]]:
    """The busiest functions of py-spy's collapsed stacks ("frame;frame;... samples" lines): (function, % of the
    samples with it anywhere on the stack, % with it on top), the most inclusive first."""
    total, inclusive, own = 0, {}, {}
    for line in collapsed.splitlines():
        stack, _, samples = line.rpartition(" ")
        if not stack or not samples.isdigit():
            continue
        frames = [frame_name(f) for f in stack.split(";")]
        n = int(samples)
        total += n
        for frame in set(frames):  # (a recursive function counts once per sample)
            inclusive[frame] = inclusive.get(frame, 0) + n
        own[frames[-1]] = own.get(frames[-1], 0) + n
    ranked = sorted(inclusive, key=lambda f: (-inclusive[f], f))[:count]
    return [(f, 100 * inclusive[f] / total, 100 * own.get(f, 0) / total) for f in ranked]
