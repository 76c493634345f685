"""suggest() for the 2018/2019 rules: the base suggestions that pass the edition's checks, plus Inspire at any
time, objectives scored now, hazard cards and the match roll-off; the step and reaction window as these rules see them."""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from ...core import Advice, Event, Suggestion
from .. import scoring
from ..inspire import inspire_suggestion
from ..objectives import only_fresh_cards
from ..state import UnderworldsState, surviving
from . import checks, hazards, victory
from . import reactions as rx

if TYPE_CHECKING:
    from ..ruleset import UnderworldsRuleset

TOKENS = ("move", "charge", "guard")  # no Stagger (or Raise) tokens in these rules


def own_suggestions(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    out: list[Suggestion] = []
    if seat not in state["seats"]:
        return out
    if state["phase"] == "over":
        if victory.match_roll_off_needed(rs, state):
            out.append(Suggestion("roll_off", seat, "Match roll-off: who won?", {"purpose": "match"},
                                  choices={"first": list(state["order"])}, group="Match"))
        return out
    if state["phase"] == "hazard":
        out += hazards.suggestions(state, seat)
    pending = state.get("pending")
    if rs.edition.after_superaction and pending and pending["superaction"]:
        return out   # Inspire and surge objectives wait until the superaction is resolved (checks.py)
    if state["phase"] in ("action", "end", "hazard") and not rs.edition.inspire_steps:
        # Inspired at once when the condition is met (Shadespire pg 13, Dreadfane pg 17): the engine Inspires those
        # it can check itself, so what is left is for the players to judge (inspire.inspire_suggestion).
        out += [inspire_suggestion(state, seat, f) for f in surviving(state, seat) if not state["fighters"][f]["inspired"]]
    if (state["phase"] == "action" and rs.edition.immediate_objectives and not state["classic"]["sudden_death"]
            and state["seats"][seat]["hand"]["objectives"] > 0):
        out += immediate_suggestions(rs, state, seat)
    return out


def immediate_suggestions(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    if only_fresh_cards(state, seat):
        return []
    deck = state["decks"].get(seat)
    out = []
    if deck:
        for n in rs.cards.names(state, seat, "objectives"):
            card = deck["objectives"][n]
            if card.get("scoring") not in (None, "surge"):
                continue
            if scoring.has_condition(card):
                worth = f" now ({card['glory']} glory)" if isinstance(card.get("glory"), int) else " now"
                sugg = scoring.offer(state, seat, n, card, {"action": "score", "card": n}, "Objectives", worth)
                if sugg is not None:
                    out.append(sugg)
            elif isinstance(card.get("glory"), int):
                out.append(Suggestion("objective", seat, f"Score {n} now ({card['glory']} glory)",
                                      {"action": "score", "card": n}, group="Objectives"))
            else:  # a listed card whose glory value our sources do not give: entered from the card
                out.append(Suggestion("objective", seat, f"Score {n} now (enter its glory)",
                                      {"action": "score", "card": n}, bounds={"glory": dict(GLORY_BOUND)},
                                      group="Objectives"))
    if rs.cards.unlisted_allowed(state, seat):  # no deck data, or a card the partial list does not have
        out.append(Suggestion("objective", seat, "Score an objective now" + (" (not listed)" if deck else ""),
                              {"action": "score"}, bounds={"glory": dict(GLORY_BOUND)}, group="Objectives"))
    return out


GLORY_BOUND = {"type": "int", "min": 0, "max": 6}


def adjust(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, advice: Advice) -> Advice:
    """The base advice for `seat`, filtered through this edition's checks, plus the edition's own suggestions."""
    keep: list[Suggestion] = []
    for s in advice.suggestions:
        if s.type == "objective" and s.data.get("action") == "reveal":
            continue
        if s.type == "inspire" and not rs.edition.inspire_steps:
            continue  # re-added below for every phase
        if s.complete and rs.check(state, Event(s.type, s.by, copy.deepcopy(s.data))):
            continue
        if s.type in ("reaction", "reaction_pass") and checks.check_precedence(rs, state, Event(s.type, seat, {})):
            continue
        if s.type == "reaction" and s.data.get("name") == "plunder" and not rs.edition.plunder:
            continue
        if s.type == "token" and "token" in s.choices:
            s.choices["token"] = [t for t in s.choices["token"] if t in TOKENS]
        elif s.type == "token" and s.data.get("token") not in TOKENS:
            continue  # removing a token this edition does not have
        if s.type == "push":
            s.choices["into"] = [t for t in s.choices.get("into", []) if t != "snare"]
        keep.append(s)
    # The edition's own complete suggestions pass the same checks (e.g. a machine-checkable Inspire condition).
    keep += [s for s in own_suggestions(rs, state, seat)
             if not s.complete or not rs.check(state, Event(s.type, s.by, copy.deepcopy(s.data)))]
    advice.suggestions = keep
    advice.step.pop("minor_steps_open", None)
    advice.step["edition"] = state["edition"]["id"]
    if state["phase"] == "hazard":
        advice.step["hazards_to_draw"] = hazards.to_draw(state)
        advice.waiting_for = list(state["order"])
    if state["classic"]["sudden_death"]:
        advice.step["sudden_death"] = True
    w = state.get("reaction")
    if w and rs.edition.single_reaction and advice.reaction_window is not None:
        first = rx.may_react_now(w)
        advice.reaction_window["may_react"] = [first] if first else []
        advice.reaction_window["model"] = "one reaction per opportunity, by precedence"
        advice.reaction_window["rule"] = w.get("rule")
    return advice
