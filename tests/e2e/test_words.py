"""static/js/words.js in the browser: a sentence's first letter, lists said with the browser's list rules and a count
with its noun by the plural rules; and no other module writes a plural or a list by hand."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]

WORDS = """async () => {
  const src = document.querySelector('script[type=module]').src;
  const w = await import(new URL('../words.js', src).href);
  return [w.capital('smash'), w.capital(''), w.listAnd(['Ana']), w.listAnd(['Ana', 'Ben', 'Cat']), w.listOr(['Block', 'Dodge']),
          w.plural(1, 'card'), w.plural(3, 'card'), w.plural(0, 'retreat'), w.plural(-1, 'event point'),
          w.plural(2, 'hazard card')];
}"""


def test_words_are_said_by_the_browsers_rules(phones):
    page = phones.new("phone")
    page.goto("/")
    assert page.evaluate(WORDS) == ["Smash", "", "Ana", "Ana, Ben and Cat", "Block or Dodge", "1 card", "3 cards",
                                    "0 retreats", "-1 event point", "2 hazard cards"]


# A count's noun chosen by hand (`n === 1 ? "" : "s"`, `n > 1 ? "s" : ""`), or words joined with " and ".
BY_HAND = re.compile(r'[=!<>]=*\s*[12]\s*\?\s*"s?"\s*:\s*"s?"|\.join\(" (and|or) "\)')


def test_no_module_but_words_js_says_a_plural_or_a_list_by_hand():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in (ROOT / "static" / "js").rglob("*.js")
             if path.name != "words.js" for n, line in enumerate(path.read_text().splitlines(), 1)
             if BY_HAND.search(line)]
    assert not found, found
