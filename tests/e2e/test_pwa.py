"""The manifest and service worker make the app installable; the shell loads with the server unreachable."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, join
from .server import start_server

pytestmark = pytest.mark.e2e


def test_installable_and_shell_loads_with_server_down(phones, browser, tmp_path):
    """Chromium finds no installability error; after the server stops, the start page, the join page
    and a game already opened on this phone still load from the service worker's cache."""
    server = start_server(tmp_path)  # its own server: this test stops it
    try:
        context = browser.new_context(viewport={"width": 360, "height": 640}, base_url=server.url)
        phones.contexts.append(context)
        page = context.new_page()
        page.label = "phone"
        page.on("pageerror", lambda exc: phones.errors.append(f"phone: {exc}"))
        game = api_game(server)
        join(page, game["join_code"], "p2")
        expect(page.locator("[data-fighter='p2.rok']")).to_be_visible()
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == server.url + "/"
        # Not wait_for_function with a string: its polling evaluates the string inside the page, which the
        # app's Content-Security-Policy (no eval) refuses as a page error. A reload puts the page under the
        # worker that is now ready.
        if page.evaluate("navigator.serviceWorker.controller === null"):
            page.reload()
            expect(page.locator("[data-fighter='p2.rok']")).to_be_visible()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        manifest = page.evaluate("fetch('/manifest.webmanifest').then((r) => r.json())")
        assert manifest["display"] == "standalone" and {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Test browser contexts are incognito profiles, where Chromium never offers to install; every
        # other check (manifest, icons, service worker, start_url in scope...) must pass.
        assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
        phones.shot(page, "01-online")
    finally:
        server.stop()

    page.goto("/")
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    expect(page.locator("#resume-list li")).to_have_count(1)
    expect(page.locator("#conn")).to_have_attribute("data-state", "offline")  # the server does not answer
    phones.shot(page, "02-start-offline")
    page.get_by_role("link", name="Resume").first.click()
    expect(page.locator("[data-fighter='p2.rok']")).to_be_visible()
    expect(page.locator("#conn")).not_to_have_attribute("data-state", "online")
    phones.shot(page, "03-table-offline")
    page.goto("/join/ABCDEF")
    expect(page.locator("#join-code")).to_be_visible()
    page.goto("/never-cached-page")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    phones.shot(page, "04-offline-fallback")
