"""scripts/test-quick: the suite without the browser tests and the slow ones, as the README says."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_run_leaves_out_the_browser_and_the_slow_tests():
    script = (ROOT / "scripts" / "test-quick").read_text()
    assert '-m "not e2e and not slow"' in script
    assert "scripts/test-quick" in (ROOT / "README.md").read_text()


def test_the_quick_selection_holds_no_browser_test_and_no_slow_one():
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             "-m", "not e2e and not slow", "tests/e2e", "tests/engine/test_properties.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    chosen = [line for line in listed.stdout.splitlines() if "::" in line]
    assert not [t for t in chosen if t.startswith("tests/e2e/")]
    assert len(chosen) < len([line for line in subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests/engine/test_properties.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=300).stdout.splitlines() if "::" in line])
