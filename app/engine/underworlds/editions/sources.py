"""The earlier Underworlds editions' books, spelled once for their citations (`Rule(SHADESPIRE_BOOK, section, page)`)."""
from __future__ import annotations

SHADESPIRE_BOOK = "Shadespire rulebook (2018)"
SHADESPIRE_ERRATA = "Shadespire Errata and FAQ v1.4"
DREADFANE_BOOK = "Dreadfane rulebook (2019)"
