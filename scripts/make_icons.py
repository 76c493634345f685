#!/usr/bin/env python3
"""Draws the app icons: renders static/icons/icon.svg (ours) to PNG at 192 and 512 px in Chromium.

Run after changing the SVG: .venv/bin/python scripts/make_icons.py  (needs Debian's chromium).
The maskable icon keeps the artwork inside the 80 % safe zone on a full-bleed background.
"""
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
BG = "#14161b"


def page_html(svg: str, size: int, maskable: bool) -> str:
    """A page showing the SVG at `size` px (shrunk onto a full background when maskable)."""
    inner = int(size * 0.72) if maskable else size
    return (f"<html><body style='margin:0;background:{BG if maskable else 'transparent'};width:{size}px;"
            f"height:{size}px;display:flex;align-items:center;justify-content:center'>"
            f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></body></html>")


def main() -> None:
    """Write icon-192.png, icon-512.png and icon-maskable-512.png beside icon.svg."""
    svg = (ICONS / "icon.svg").read_text().replace("<svg ", "<svg width='100%' height='100%' ", 1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                     ("icon-maskable-512.png", 512, True)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            page.screenshot(path=str(ICONS / name), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
