"""Taps whose target the player could not have tapped: covered by something else at the tap's centre (the sticky
banner, a card, a toast) or off the screen. Every click of a browser test inside `counting()` is checked, at the
moment Playwright is about to make it, against what is on the phone's screen then (tests/support/reach.py)."""
from __future__ import annotations

from contextlib import contextmanager

from playwright.sync_api import Locator

from tests.support.reach import look


@contextmanager
def counting():
    """Yields the list of missed taps ({"target", "why"}), filled while the block runs."""
    missed: list[dict] = []
    original = Locator.click

    def click(self, *args, **kwargs):
        # Only the table page's taps (a game's set-up wizard and join page are other screens with their own tests).
        if self.page.evaluate("!!document.getElementById('table')"):
            why, text = look(self)
            if why:
                missed.append({"target": text, "why": why, "url": self.page.url.split("/")[-1]})
        return original(self, *args, **kwargs)

    Locator.click = click
    try:
        yield missed
    finally:
        Locator.click = original
