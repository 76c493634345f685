"""A lost link: the organiser makes a new one for a player (Players) or a judge (Links); the old link stops
working on the device that held it, and the log says who replaced which."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from .flows import scroll_to
from .tournament_rest import api

pytestmark = pytest.mark.e2e


def test_the_organiser_replaces_a_lost_player_and_judge_link(phones, server):
    expect.set_options(timeout=15_000)
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Spring Cup", "date": "2026-12-05"}, timeout=15).json()
    tid, org_token = made["id"], made["organiser_token"]
    ana = api(server, org_token, "POST", f"{tid}/players", json={"name": "Ana", "warband": "cyrenis-razors"})
    judge = api(server, org_token, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})

    # Ana's phone holds her link, then she loses it (the phone is the old one, or someone else has it).
    old_phone = phones.new("ana-old")
    old_phone.goto(ana["link"])
    expect(old_phone.locator("#tournament-sub")).to_contain_text("Player")

    org = phones.new("organiser")
    org.goto(made["links"]["organiser"])
    org.get_by_role("tab", name="Players").click()
    org.get_by_role("button", name="New link for Ana").click()
    expect(org.get_by_role("dialog")).to_contain_text("Ana's old link stops working")
    phones.shot(org, "01-new-link-confirm")
    org.locator("[data-action='confirm']").click()
    box = org.locator("#player-link")
    expect(box).to_contain_text("Ana's new link (the old one no longer works)")
    new_link = box.locator("input").input_value()
    assert new_link != ana["link"] and f"/tournament/{tid}#t=" in new_link
    phones.shot(org, "02-new-link-shown")

    old_phone.reload()
    expect(old_phone.locator("#tournament-error")).to_contain_text("ask the organiser for the new one")
    expect(old_phone.locator("#conn")).to_have_attribute("data-state", "online")  # the server answered: not "Offline"
    old_phone.wait_for_timeout(1500)  # (a refused live connection would turn it to "Offline" by now)
    expect(old_phone.locator("#conn")).to_have_attribute("data-state", "online")
    phones.shot(old_phone, "03-old-link-refused")
    # The refused link is forgotten, and the device remembers it was refused: a later load says so again instead of
    # quietly showing the public page (a push can reach the old phone before its reload: the same page either way).
    old_phone.reload()
    expect(old_phone.locator("#tournament-error")).to_contain_text("ask the organiser for the new one")
    new_phone = phones.new("ana-new")
    new_phone.goto(new_link)
    expect(new_phone.locator("#tournament-sub")).to_contain_text("Player")

    # The judge's lost link, from Links.
    org.get_by_role("tab", name="Links").click()
    org.locator("#link-name").fill("Kim")
    org.locator("#lost-link summary").click()
    org.get_by_role("button", name="Replace judge link").click()
    org.locator("[data-action='confirm']").click()
    expect(org.get_by_role("textbox", name="Judge Kim (new) link")).to_have_value(re.compile(rf"/tournament/{tid}#t=.+"))
    scroll_to(org.locator("#lost-link"))
    phones.shot(org, "04-judge-link-replaced")
    gone = requests.get(f"{server.url}/api/tournaments/{tid}", headers={"Authorization": f"Bearer {judge['token']}"}, timeout=15)
    assert gone.status_code == 401
    log = api(server, org_token, "GET", f"{tid}/log")["entries"]
    assert [(e["actor"], e["data"]) for e in log if e["type"] == "new_link"] == [
        ("organiser", {"role": "player", "subject": ana["player"]}), ("organiser", {"role": "judge", "subject": "Kim"})]
