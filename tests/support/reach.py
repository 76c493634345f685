"""What keeps a tap's target from being tapped where it is on the phone's screen: covered by something else at its
centre (the sticky banner, a card, a toast, a sheet's footer) or off the screen. Shared by the browser tests that
count such taps (tests/e2e/reach.py) and the taps benchmark (benchmarks/taps.py)."""
from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

# What is at the centre of the target, in the page: "" when the target (or a part of it) is there and on screen. A
# target below or above the screen, or past the edge of a part that scrolls on its own (a sheet's form above its bar
# of actions), that is not the choice the game waits for (the primary button) is scrolled to first, as a player
# scrolls to it (a scroll is not a tap): then it too must be uncovered. Something drawn over it (a sticky banner or
# footer, a card, a toast) is a cover, never a scroll.
REACH_JS = """(el) => {
  const primary = el.matches('.btn.primary');
  let r = el.getBoundingClientRect();
  if (!primary && r.width && r.height && (r.bottom < 0 || r.top > innerHeight)) { el.scrollIntoView({ block: 'center' }); r = el.getBoundingClientRect(); }
  let box = el.parentElement;
  while (box && box !== document.body && !(/auto|scroll/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight)) box = box.parentElement;
  const edge = box && box !== document.body ? box.getBoundingClientRect() : null;
  if (!primary && edge && r.width && r.height && (r.top < edge.top || r.bottom > edge.bottom)) { el.scrollIntoView({ block: 'nearest' }); r = el.getBoundingClientRect(); }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const name = (n) => n ? `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${[...n.classList].join('.')}` : 'nothing';
  if (!r.width || !r.height) return 'not drawn (no size)';
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `off-screen (its centre at ${Math.round(y)} px)`;
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === el || el.contains(hit))) return '';
  const over = hit && (hit.closest('#banner, .topbar, .toast, dialog, .happened') || hit);
  return `covered by ${name(hit)}${over && over !== hit ? ` in ${name(over)}` : ''}`;
}"""

def look(locator: Locator) -> tuple[str, str]:
    """(what keeps the target from being tapped or "", its words). A table redrawn between finding the target and
    measuring it leaves a detached node without a size: it is looked at again."""
    why, text = "", ""
    for _ in range(5):
        try:
            locator.wait_for(state="visible", timeout=10_000)
            why, text = locator.evaluate(f"(el) => [({REACH_JS})(el), "
                                         "(el.innerText || el.getAttribute('aria-label') || '').slice(0, 60)]")
        except PlaywrightError:   # never visible, or gone: the click itself says so
            return "", ""
        if why != "not drawn (no size)":
            break
        locator.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")   # the next frame
    return why, text
