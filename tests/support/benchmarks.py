"""The hand-run benchmarks (benchmarks/*.py) loaded as modules, so tests can check what they count."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_benchmark(name: str) -> ModuleType:
    """benchmarks/<name>.py as a module (its own helpers in benchmarks/ importable)."""
    path = ROOT / "benchmarks" / f"{name}.py"
    # A benchmark that monkey-patches on import would patch the whole test process: the in-process apps' threads
    # then hang and TLS recurses (seen as a CI timeout). Such a benchmark is run as a subprocess; its helpers live in
    # a module of their own.
    if "monkey_patch(" in path.read_text():
        raise RuntimeError(f"benchmarks/{name}.py monkey-patches on import: run it as a subprocess")
    if str(ROOT / "benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod   # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def run_report(name: str, *args: str, timeout: int = 600) -> dict:
    """Run benchmarks/<name>.py with --json and these arguments; its JSON report (it must exit 0)."""
    out = subprocess.run([sys.executable, f"benchmarks/{name}.py", *args, "--json"], cwd=ROOT, capture_output=True,
                         text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout[out.stdout.index("{\n"):])


def healthz_answered_throughout(report: dict) -> None:
    """Every case of a hostile benchmark's report had /healthz answered, never failed."""
    for name, case in report["cases"].items():
        assert case["healthz"]["answered"] > 0 and case["healthz"]["failed"] == 0, (name, case)
