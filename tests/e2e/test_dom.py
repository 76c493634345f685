"""The DOM helpers of static/js/dom.js, run in the browser as the pages import them."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# A box drawn from kept state, tapped open, and drawn again in the same task as the tap (as a push's redraw
# landing between the tap and the toggle event does); then, after the toggle event's task, drawn once more.
KEPT_OPEN = """async () => {
  const src = document.querySelector('script[type=module]').src;
  const { h, keptOpen } = await import(new URL('../dom.js', src).href);
  const state = { open: false };
  const draw = () => h('details', { id: 'kept', ...keptOpen(state.open, (o) => { state.open = o; }) },
    h('summary', {}, 'More'), h('p', {}, 'inside'));
  document.body.append(draw());
  document.querySelector('#kept summary').click();
  document.getElementById('kept').replaceWith(draw());
  await new Promise((done) => setTimeout(done, 0));
  const after = document.getElementById('kept').open;
  document.getElementById('kept').replaceWith(draw());
  await new Promise((done) => setTimeout(done, 0));
  document.querySelector('#kept summary').click();
  await new Promise((done) => setTimeout(done, 0));
  document.getElementById('kept').replaceWith(draw());
  return { after, closedAgain: !document.getElementById('kept').open, state: state.open };
}"""


def test_a_kept_box_is_drawn_as_the_tap_left_it_when_a_redraw_comes_before_the_toggle_event(phones):
    page = phones.new("player")
    page.goto("/")
    expect(page.locator("script[type=module]").first).to_be_attached()
    got = page.evaluate(KEPT_OPEN)
    assert got == {"after": True, "closedAgain": True, "state": False}
