"""Nothing hides the control the game waits for, in every game: over a scripted game on 360x640 phones, every tap's
target is on the screen and is what is at the tap's centre (elementFromPoint), never the sticky banner, the "what
just happened" card or anything else. Each game's scripted game is the one its own browser test plays: these tests
play it again with every click checked (reach.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, seated, tap
from .reach import counting
from .scripted_games import battlelore_attack, conquest_round, underworlds_whole_game

pytestmark = pytest.mark.e2e


def told(missed: list[dict]) -> str:
    return "\n".join(f"{m['target']}: {m['why']}" for m in missed)


def test_an_underworlds_game_taps_nothing_covered_or_off_screen(phones):
    """A whole three-round game: set-up, an attack, a reaction prompt, activations, end phases, game over."""
    with counting() as missed:
        underworlds_whole_game(phones)
    assert missed == [], told(missed)


def test_a_conquest_round_taps_nothing_covered_or_off_screen(phones):
    """Set-up, secret dials, a battle with a shield and the headquarters phase."""
    with counting() as missed:
        conquest_round(phones)
    assert missed == [], told(missed)


def test_a_battlelore_attack_taps_nothing_covered_or_off_screen(phones, server):
    """Orders, an attack with its dice and what the other phone is told."""
    with counting() as missed:
        battlelore_attack(phones, server)
    assert missed == [], told(missed)


def test_a_covered_tap_is_counted(phones, server):
    """The count can fail: a tap at a button the sticky banner covers (the page scrolled under it) is counted."""
    game = api_game(server)
    ana, _ben = seated(phones, game)
    expect(ana.locator("section.actions")).to_be_visible()
    ana.evaluate("document.body.style.paddingBottom = '2000px'")
    button = ana.locator("section.actions .btn").first
    top = button.evaluate("(el) => el.getBoundingClientRect().top + scrollY")
    ana.evaluate(f"window.scrollTo(0, {top} - 60)")   # the button's centre under the sticky bars
    with counting() as missed:
        button.click(trial=True)
    assert len(missed) == 1 and "covered by" in missed[0]["why"], missed


def test_the_card_has_its_own_place_and_the_next_button_is_in_view(phones, server):
    """Ben's phone is told of Ana's Guard in a card in the page's flow: it covers no control (nothing is under it),
    and the choice the game now waits for on his phone is on screen below the sticky banner."""
    game = api_game(server)
    ana, ben = seated(phones, game)
    ben.evaluate("window.scrollTo(0, document.body.scrollHeight)")   # Ben looked at the board below
    tap(ana, "Guard")
    card = ben.locator("#happened .happened-item")
    expect(card).to_contain_text("Ana: ")
    assert ben.evaluate("getComputedStyle(document.getElementById('happened')).position") == "static"
    expect(ben.locator("#banner")).to_contain_text("you", ignore_case=True)
    target = ben.locator("section.actions .btn.primary, section.actions .btn").first
    expect(target).to_be_in_viewport()
    with counting() as missed:
        target.click(trial=True)
    assert missed == [], told(missed)
    phones.shot(ben, "01-card-in-its-place")
