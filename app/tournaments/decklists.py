"""Published deck lists: until the organiser publishes them, a registered deck is seen by the organiser, the judges
(who check decks) and its own player only; once published (all at once, usually after the last round), everyone sees
every deck."""
from __future__ import annotations

import copy
from typing import Any

from app.content.underworlds import library
from app.service import ApiError

from .log import Member, TournamentLog
from .types import TournamentState

# What carries a deck in a log entry's data (register, request): kept from everyone but the organiser and judges.
# Judges check decks (a deck check, deckcheck.py) and, as any table's referee, already see both seats' decks.
SEE_DECKS = ("organiser", "judge")
DECK_FIELDS = ("deck", "deck_problems", "deck_override", "claim_hash")


def sees_decks(state: TournamentState, member: Member) -> bool:
    """Whether this member may see every registered deck."""
    return member.role in SEE_DECKS or bool(state["decks_published"])


def deck_name(deck: Any) -> str | None:
    """A deck's name as the content gives it (a deck id), or None."""
    if not isinstance(deck, str):
        return None
    found = library.load().deck(deck)
    return found["name"] if found else deck


def listing(state: TournamentState) -> list[dict]:
    """Every player's deck in registration order (for the public page, once published)."""
    return [{"player": p["id"], "name": p["name"], "warband": p["warband"], "warband_name": p["warband_name"],
             "deck": p["deck"], "deck_name": deck_name(p["deck"])}
            for p in (state["players"][x] for x in state["order"]) if p["status"] != "merged"]


def redacted_entries(entries: list[dict], member: Member, published: bool) -> list[dict]:
    """The log as this staff member may read it: decks (and claim hashes) only for the organiser and judges, until
    published."""
    out = []
    for entry in entries:
        data = entry.get("data") or {}
        hidden = [k for k in DECK_FIELDS if k in data and (k == "claim_hash" or not (published or member.role in SEE_DECKS))]
        if hidden:
            entry = copy.copy(entry)
            entry["data"] = {k: v for k, v in data.items() if k not in hidden}
        out.append(entry)
    return out


class DeckLists:
    """POST /api/tournaments/<id>/decklists: the organiser publishes every registered deck."""

    def __init__(self, log: TournamentLog):
        self.log = log

    def publish_decks(self, member: Member) -> dict:
        """Publish the deck lists (organiser); from now on every view lists them."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser publishes the deck lists.")
        self.log.append(member, "publish_decks", {})
        state = self.log.folded(member.tournament_id).state
        return {"published": state["decks_published"], "decks": listing(state)}
