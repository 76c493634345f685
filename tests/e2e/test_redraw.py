"""static/js/redraw.js in the browser: a redraw leaves the page exactly as replace() would, keeping on screen the
`data-keep` parts drawn alike (with the new drawing's handlers), and at the table a fighter's card the entry did not
touch stays the same element and still enters what its buttons say."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, events, join
from .uw_rest import post

pytestmark = pytest.mark.e2e

def modules_page(phones):
    """A phone's page with dom.js and redraw.js loaded as the pages import them."""
    page = phones.new("phone")
    page.goto("/")
    assert page.evaluate(MODULES)
    return page


MODULES = """async () => {
  const src = document.querySelector('script[type=module]').src;
  window.__dom = await import(new URL('../dom.js', src).href);
  window.__redraw = await import(new URL('../redraw.js', src).href);
  return true;
}"""

# Two drawings of a board: the card of "a" drawn alike, the card of "b" changed, a banner before them; the
# handler of a's button says which drawing made it.
KEEPS = """() => {
  const { h } = window.__dom; const { redraw } = window.__redraw;
  const root = document.body.appendChild(h('div', { id: 'r' }));
  const said = [];
  const draw = (n) => [h('div', { id: 'banner' }, `round ${n}`),
    h('div', { class: `board b${n}` }, h('section', { class: 'seat', 'data-seat': 'p1' },
      h('article', { 'data-keep': 'a' }, 'A', h('button', { onclick: () => said.push(n) }, '+1')),
      h('article', { 'data-keep': 'b' }, `B ${n}`)))];
  redraw(root, draw(1));
  const [a1, b1, board1] = ['[data-keep=a]', '[data-keep=b]', '.board'].map((s) => root.querySelector(s));
  redraw(root, draw(2));
  root.querySelector('[data-keep=a] button').click();
  return { keptA: a1 === root.querySelector('[data-keep=a]'), newB: b1 !== root.querySelector('[data-keep=b]'),
           keptBoard: board1 === root.querySelector('.board'), boardClass: root.querySelector('.board').className,
           html: root.innerHTML, said };
}"""


def test_a_part_drawn_alike_stays_on_screen_with_the_new_drawings_handlers(phones):
    got = modules_page(phones).evaluate(KEEPS)
    assert got["keptA"] and got["newB"] and got["keptBoard"]
    assert got["boardClass"] == "board b2"              # the holder took the new drawing's attributes
    assert got["said"] == [2]                            # the kept button runs the new drawing's handler only
    assert "round 2" in got["html"] and "B 2" in got["html"] and "B 1" not in got["html"]


# A part with a form field, and a highlighted part: the first is never kept, the second is kept despite its glow.
FIELDS_AND_GLOW = """() => {
  const { h } = window.__dom; const { redraw } = window.__redraw;
  const root = document.body.appendChild(h('div', { id: 'f' }));
  const draw = () => [h('div', {}, h('div', { 'data-keep': 'form' }, h('input', { value: 'x' })),
                                   h('div', { 'data-keep': 'lit', class: 'card' }, 'Lit'))];
  redraw(root, draw());
  const form = root.querySelector('[data-keep=form]');
  const lit = root.querySelector('[data-keep=lit]');
  lit.classList.add('flash'); lit.style.animationDelay = '-100ms';
  redraw(root, draw());
  return { formKept: form === root.querySelector('[data-keep=form]'), litKept: lit === root.querySelector('[data-keep=lit]'),
           litClass: lit.className, litStyle: lit.getAttribute('style') };
}"""


def test_a_part_with_a_form_field_is_drawn_anew_and_a_glow_does_not_count_as_a_change(phones):
    got = modules_page(phones).evaluate(FIELDS_AND_GLOW)
    assert got == {"formKept": False, "litKept": True, "litClass": "card", "litStyle": None}


# Random drawings (seeded): parts kept or changed, inserted, removed and reordered, a reused element moved, text
# between them. Each redraw must leave the same HTML as replace() into a second element, and never move a kept part.
RANDOM = """(seed) => {
  const { h, replace } = window.__dom; const { redraw } = window.__redraw;
  let x = seed; const rnd = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const a = document.body.appendChild(h('div')); const b = document.body.appendChild(h('div'));
  const shared = h('div', { id: 'shared' }, 'always the same element');
  const bad = [];
  for (let round = 0; round < 200; round += 1) {
    const part = (k) => h(rnd(2) ? 'article' : 'div', { 'data-keep': `k${k}`, class: `v${rnd(3)}` }, `part ${k} ${rnd(3)}`);
    const holder = () => h('section', { class: `s${rnd(2)}` }, [...Array(rnd(5)).keys()].map((k) => rnd(4) ? part(rnd(6)) : `text ${k}`));
    const drawing = () => { const out = [...Array(1 + rnd(4)).keys()].map(() => (rnd(3) ? holder() : h('p', {}, `p ${rnd(9)}`)));
      out.splice(rnd(out.length + 1), 0, shared); return out; };
    const seedHere = x;
    const before = new Set(a.querySelectorAll('[data-keep]'));
    redraw(a, drawing());
    x = seedHere; replace(b, drawing().map((n) => (n === shared ? shared.cloneNode(true) : n)));
    if (a.innerHTML !== b.innerHTML) bad.push({ round, a: a.innerHTML, b: b.innerHTML });
    for (const el of a.querySelectorAll('[data-keep]')) if (before.has(el) && el.isConnected === false) bad.push({ round, moved: true });
  }
  return bad.slice(0, 2);
}"""


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_a_redraw_leaves_the_page_as_replace_would(phones, seed):
    assert modules_page(phones).evaluate(RANDOM, seed) == []


def test_a_fighters_card_an_entry_did_not_touch_stays_and_its_buttons_enter_for_that_fighter(phones, server):
    game = api_game(server)
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    card = ben.locator("[data-fighter='p2.rok']")
    expect(card).to_be_visible()
    ben.evaluate("(el) => { window.__rok = el; }", card.element_handle())
    seq = post(server, game["id"], game["tokens"]["p1"], "p1", "damage", fighter="p1.vex", amount=1, source="card")["seq"]
    expect(ben.locator("#table")).to_have_attribute("data-seq", str(seq))
    assert ben.evaluate("() => window.__rok === document.querySelector(\"[data-fighter='p2.rok']\")")
    before = len(events(server, game))
    card.get_by_role("button", name="+1 damage to Rok").click()
    expect(ben.locator("#table")).to_have_attribute("data-seq", str(seq + 1))
    assert [(e["type"], e["data"]["fighter"]) for e in events(server, game)[before:]] == [("damage", "p2.rok")]
