"""Browser tests: the real server (`python -m app`, temp SQLite) and Debian's Chromium, one context per phone.

Screenshots of every screen a test visits go to artifacts/screens/ (gitignored), phone-sized (360x640).
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from .flows import PHONE
from .server import start_server

# Every expect() waits up to 15 s (Playwright's default is 5 s): how fast a phone sees an event is measured by
# benchmarks/taps.py; here a starved machine must only not fail a test that would pass on a quiet one.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "artifacts" / "screens"
CHROMIUM = os.environ.get("TW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]

# Each test module here carries `pytestmark = pytest.mark.e2e` itself (a conftest.py's pytestmark marks no test):
# tests/project/test_test_modules.py fails when one does not.


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The real server for the whole e2e session."""
    srv = start_server(tmp_path_factory.mktemp("e2e-server"))
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless (skipped, saying why, when it is not installed)."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Phones:
    """Opens one browser context per phone; collects page errors so a test can assert there were none."""

    def __init__(self, browser, server, test_name):
        self.browser, self.server, self.test_name = browser, server, re.sub(r"\W+", "_", test_name)
        self.contexts, self.errors = [], []

    def new(self, label: str, **ctx):
        """A fresh phone (its own storage, service worker, IndexedDB): a page at 360x640."""
        context = self.browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                           base_url=self.server.url, **ctx)
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.label = label
        page.on("pageerror", lambda exc: self.errors.append(f"{label}: {exc}"))
        page.on("console", lambda msg: self._csp_violation(label, msg))
        self.contexts.append(context)
        return page

    def _csp_violation(self, label: str, msg) -> None:
        # Anything the Content-Security-Policy blocks is a broken page: fail the test like a page error.
        if msg.type == "error" and "Content Security Policy" in msg.text:
            self.errors.append(f"{label}: {msg.text}")

    def shot(self, page, name: str, full_page: bool = False):
        """Save a phone-size screenshot as an artifact (animations stopped; patient on a busy machine)."""
        SCREENS.mkdir(parents=True, exist_ok=True)
        path = str(SCREENS / f"{self.test_name}-{name}.png")
        try:
            page.screenshot(path=path, full_page=full_page, animations="disabled", timeout=30_000)
        except Exception:  # noqa: BLE001 - one retry: a starved headless compositor sometimes misses a frame
            page.screenshot(path=path, full_page=full_page, animations="disabled", timeout=30_000)

    def close(self, failed: bool = False):
        for c in self.contexts:
            if failed:  # what each phone showed when the test failed
                for page in c.pages:
                    try:
                        self.shot(page, f"FAILED-{getattr(page, 'label', 'phone')}", full_page=True)
                    except Exception:  # noqa: BLE001 - a closed page has nothing to show
                        pass
            c.close()


@pytest.fixture
def phones(browser, server, request):
    """Factory of phones for one test; fails the test on any uncaught page error."""
    p = Phones(browser, server, request.node.name)
    yield p
    report = getattr(request.node, "rep_call", None)
    p.close(failed=bool(report and report.failed))
    assert not p.errors, "page errors: " + "; ".join(p.errors)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so fixtures can tell that the test failed."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
