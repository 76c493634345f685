"""The README's screenshot is taken from the running app: a phone-sized picture of a table at its first activation."""
import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("readme_screenshot", ROOT / "scripts" / "readme_screenshot.py")
readme_screenshot = sys.modules.setdefault("readme_screenshot", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(readme_screenshot)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_script_photographs_a_phone_table(tmp_path):
    """The script serves the app, sets up a game and writes a 360x640 picture of the first player's table."""
    if not shutil.which(readme_screenshot.CHROMIUM) and not Path(readme_screenshot.CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {readme_screenshot.CHROMIUM} (apt-get install chromium)")
    out = tmp_path / "table.png"
    # Its own process, as it is run by hand: Playwright's sync API refuses to start a second time in a process where
    # the browser tests' Playwright is already running.
    done = subprocess.run([sys.executable, "scripts/readme_screenshot.py", str(out)], cwd=ROOT, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Activation step" in done.stdout and "Your move" in done.stdout
    assert png_size(out) == (360, 640)


def test_the_readme_shows_the_committed_screenshot():
    """The picture the README shows is the script's output file, at the phone's size."""
    assert "docs/img/phone-table.png" in (readme_screenshot.ROOT / "README.md").read_text(encoding="utf-8")
    assert png_size(readme_screenshot.OUT) == (360, 640)
