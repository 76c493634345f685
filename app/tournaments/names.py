"""Warbands and decks named as people write them in a pasted list: case, accents, straight or curly apostrophes,
possessives ("Spiteclaws" for "Spiteclaw's"), a leading "The", hyphens for spaces, and for a deck "Rivals Deck" or
not. A name that still matches nothing is refused with the closest names offered (never taken silently), and a
name that fits two records is refused as ambiguous."""
from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any

# Apostrophes a phone or a word processor may type for "'": right and left single quotes, the prime, the modifier.
APOSTROPHES = "\u2019\u2018\u02bc\u2032`\u00b4'"
DECK_SUFFIXES = ("rivals deck", "deck", "rivals")
CLOSEST = 3          # names offered when a line matches nothing
CUTOFF = 0.75        # how alike (difflib's ratio) a name must be to be offered


def loose(text: str, deck: bool = False) -> str:
    """A name as it is compared: no accents, apostrophes or punctuation, lower case, no leading "the", a possessive's
    "s" kept ("Garrek's" and "Garreks" alike); for a deck, no trailing "Rivals Deck"."""
    plain = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode()  # curly quotes go here too
    plain = re.sub(f"[{APOSTROPHES}]", "", plain)
    words = re.sub(r"[^0-9a-z]+", " ", plain.casefold()).split()
    if words[:1] == ["the"]:
        words = words[1:]
    key = " ".join(words)
    if deck:
        for suffix in DECK_SUFFIXES:
            if key.endswith(" " + suffix):
                key = key[: -len(suffix) - 1]
                break
    return key


def index(records: list[dict[str, Any]], deck: bool = False) -> dict[str, list[str]]:
    """Every loose form of each record's id and name -> the record ids it fits (two ids: an ambiguous name)."""
    out: dict[str, list[str]] = {}
    for r in records:
        for key in {loose(r["id"], deck), loose(r["name"], deck)}:
            if key and r["id"] not in out.setdefault(key, []):
                out[key].append(r["id"])
    return out


def find(text: str, keys: dict[str, list[str]], names: dict[str, str], deck: bool = False) -> tuple[str | None, list[str]]:
    """(the id the text names, []) or (None, the closest names to offer: two for an ambiguous one, none for nothing)."""
    key = loose(text, deck)
    ids = keys.get(key, [])
    if len(ids) == 1:
        return ids[0], []
    if ids:
        return None, [names[i] for i in ids]
    near = difflib.get_close_matches(key, list(keys), n=CLOSEST * 2, cutoff=CUTOFF)
    offered = list(dict.fromkeys(names[i] for k in near for i in keys[k]))
    return None, offered[:CLOSEST]
