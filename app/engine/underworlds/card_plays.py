"""The reaction event with its card's fixed effects: the rules of reactions (reactions.py), then what the card
does (card_effects.py), so a reaction from a card with a fixed effect is one entry."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import card_effects, reactions
from .state import ReactionWindow, UnderworldsState

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def _card(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> dict[str, Any] | None:
    return rs.cards.lookup(state, event.by, "power", reactions.reaction_card(state, event.by, event.data))


def check_reaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """The reaction's rules, then the one choice its card's effect needs."""
    return reactions.check_reaction(rs, state, event) + card_effects.check(rs, state, event.by, _card(rs, state, event),
                                                                           event.data)


def apply_reaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Add the reaction to the chain, then apply its card's fixed effects (to the step's attacker or target)."""
    card = _card(rs, state, event)
    window: ReactionWindow | dict[str, Any] = state.get("reaction") or {}
    context = dict(window.get("context") or {})
    cons = reactions.apply_reaction(rs, state, event)
    return cons + card_effects.apply(rs, state, event.by, card, event.data, context)


def suggest_reactions(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The reactions open to the seat (reactions.py), each card's with the one choice its effect needs."""
    out = []
    for s in reactions.suggest_reactions(rs, state, seat):
        card = rs.cards.lookup(state, seat, "power", s.data.get("card")) if s.type == "reaction" else None
        if not card_effects.can_follow(state, seat, card):
            continue   # its directions cannot be followed now (card_effects.can_follow): not playable
        for key, values in card_effects.effect_choices(state, seat, card).items():
            s.choices.setdefault(key, values)
        out.append(s)
    return out
