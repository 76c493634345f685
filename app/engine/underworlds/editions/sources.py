"""Rule sources of the earlier Underworlds editions: one place that spells the books' names for citations."""
from __future__ import annotations

SHADESPIRE_BOOK = "Shadespire rulebook (2018)"
SHADESPIRE_ERRATA = "Shadespire Errata and FAQ v1.4"
DREADFANE_BOOK = "Dreadfane rulebook (2019)"


def shadespire(section: str, page: int | str | None = None) -> str:
    """Citation of the 2018 Shadespire rulebook: 'Shadespire rulebook (2018), Section (pg N)'."""
    return _cite(SHADESPIRE_BOOK, section, page)


def errata(section: str, page: int | str | None = None) -> str:
    """Citation of the Shadespire errata/FAQ (page is the rulebook page the entry amends)."""
    return _cite(SHADESPIRE_ERRATA, section, page)


def dreadfane(section: str, page: int | str | None = None) -> str:
    """Citation of the 2019 Dreadfane rulebook."""
    return _cite(DREADFANE_BOOK, section, page)


def _cite(book: str, section: str, page) -> str:
    return f"{book}, {section}" + (f" (pg {page})" if page is not None else "")
