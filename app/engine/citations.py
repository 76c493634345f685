"""Rule citations: the book, its section and its page, as one string every output reads the same."""
from __future__ import annotations

from typing import Any

HOUSE = "Tablewarden"


class Rule(str):
    """A rule citation: the book, its section and the page where the text gives one.

    A Rule is its own citation string ("Book, Section (pg N)"; the house's own rules read "Tablewarden: what"),
    so it goes into violations, consequences, the state and JSON as that string and every output reads the same
    as a plain string citation. Immutable, like the str it is.
    """

    book: str
    section: str
    page: int | str | None

    def __new__(cls, book: str, section: str, page: int | str | None = None) -> "Rule":
        if book == HOUSE:
            text = f"{book}: {section}"
        else:
            text = f"{book}, {section}" + (f" (pg {page})" if page is not None else "")
        rule = super().__new__(cls, text)
        rule.__dict__.update(book=book, section=section, page=page)
        return rule

    @classmethod
    def house(cls, what: str) -> "Rule":
        """A rule of the app itself (how the log, the table's entries and overrides work), not of a rulebook."""
        return cls(HOUSE, what)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Rule cannot be changed")

    def __reduce__(self) -> tuple[type["Rule"], tuple[str, str, int | str | None]]:
        return (Rule, (self.book, self.section, self.page))

    def __copy__(self) -> "Rule":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Rule":
        return self

    def __repr__(self) -> str:
        return f"Rule({self.book!r}, {self.section!r}, {self.page!r})"


CORE_RULE = Rule.house("the event log")


def plain_rule(rule: str | None) -> str | None:
    """A citation as a plain string (a Rule is one already; this drops the subclass for the wire)."""
    return None if rule is None else str(rule)
