"""Print for the wall: the organiser's Print buttons open print-ready sheets (pairings by table and by name, a
result slip per table, the standings), and Chromium's PDF of them holds every player's name, each sheet on its
own page, with no navigation."""
from __future__ import annotations

import io

import pytest
import requests
from playwright.sync_api import expect
from pypdf import PdfReader

from .tournament_rest import api

pytestmark = pytest.mark.e2e

# Accents and an apostrophe: the PDF's text must keep every name as typed.
NAMES = ("Zoë Ashworth", "Ana Bell", "Bram O'Neill", "Chloé Durand", "Dev Patel", "Eira Jones", "Finn Kerr", "Gus Lowe")
WARBANDS = ("cyrenis-razors", "garreks-reavers", "steelhearts-champions", "spiteclaws-swarm", "ironskulls-boyz",
            "sepulchral-guard", "magores-fiends", "the-chosen-axes")


def _published_round(server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Wall Cup", "date": "2026-12-05", "rounds": 3},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for name, warband in zip(NAMES, WARBANDS):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    for t in range(1, 5):
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t}/mode", json={"mode": "untracked"})
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    return tid, org


def _pdf_pages(page) -> list[str]:
    """The page printed to PDF by Chromium, as the text of each PDF page."""
    reader = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    return [p.extract_text() or "" for p in reader.pages]


def test_pairings_slips_and_standings_print_with_every_name(phones, server):
    tid, org = _published_round(server)
    organiser = phones.new("organiser")
    organiser.goto(f"/tournament/{tid}#t={org}")
    organiser.get_by_role("tab", name="Round").click()
    with organiser.context.expect_page() as opened:
        organiser.get_by_role("link", name="Print pairings").click()
    sheets = opened.value
    sheets.on("pageerror", lambda exc: phones.errors.append(f"print: {exc}"))
    expect(sheets.locator("#print-body[data-ready='yes']")).to_be_attached()
    expect(sheets.locator("#sheet-tables tbody tr")).to_have_count(4)
    # By name: alphabetical, each with their table.
    rows = sheets.locator("#sheet-names tbody tr td:first-child").all_inner_texts()
    assert rows == sorted(NAMES, key=str.casefold)
    phones.shot(sheets, "01-pairings-on-screen", full_page=True)

    # Printed: no navigation, large type, one sheet per page, every name on each.
    sheets.emulate_media(media="print")
    expect(sheets.locator(".topbar")).to_be_hidden()
    expect(sheets.locator(".print-bar")).to_be_hidden()
    size = sheets.locator("#sheet-names td").first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 18  # 14pt
    pages = _pdf_pages(sheets)
    tables_pages = [t for t in pages if "pairings by table" in t]
    names_pages = [t for t in pages if "pairings by name" in t]
    assert tables_pages and names_pages and not set(tables_pages) & set(names_pages)  # a page break between them
    for name in NAMES:
        assert name in "".join(tables_pages), name
        assert name in "".join(names_pages), name
    assert "Wall Cup" in pages[0] and "Print" not in pages[0] and "Tablewarden" not in pages[0]

    # Result slips: one per table, none cut across a page.
    with organiser.context.expect_page() as opened:
        organiser.get_by_role("link", name="Print result slips").click()
    slips = opened.value
    expect(slips.locator("#print-body[data-ready='yes']")).to_be_attached()
    expect(slips.locator(".slip")).to_have_count(4)
    text = "".join(_pdf_pages(slips))
    for t in range(1, 5):
        assert f"Table {t}" in text
    for name in NAMES:
        assert name in text, name

    # Standings, from the Standings tab.
    organiser.get_by_role("tab", name="Standings").click()
    with organiser.context.expect_page() as opened:
        organiser.get_by_role("link", name="Print standings").click()
    standings = opened.value
    expect(standings.locator("#sheet-standings tbody tr")).to_have_count(8)
    # A name may wrap in its column (the standings' columns fill the page): read the words as the sheet prints them.
    text = " ".join("".join(_pdf_pages(standings)).split())
    assert "Standings after round 1" in text
    for name in NAMES:
        assert name in text, name
    assert not phones.errors


def test_a_round_not_yet_published_prints_nothing_of_it(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Draft Cup", "date": "2026-12-05"},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for name, warband in zip(NAMES[:2], WARBANDS):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")  # a draft: the public view does not show it
    page = phones.new("wall")
    page.goto(f"/tournament/{tid}/print?show=tables,names&round=1")
    expect(page.locator("#print-body[data-ready='yes']")).to_be_attached()
    expect(page.locator("#no-round-tables")).to_have_text("Round 1 is not published yet.")
    expect(page.locator("#sheet-tables")).to_have_count(0)
    page.goto("/tournament/nosuchid/print")
    expect(page.locator("#print-error")).to_be_visible()
