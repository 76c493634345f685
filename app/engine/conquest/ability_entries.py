"""The `card_ability` entry: its check, its apply, and the suggestions of the abilities playable now.

One source of legality: `playable` (the suggestions) and `check` both ask ability_play.problems.
"""
from __future__ import annotations

from typing import Any

from ..core import Consequence, Event, Suggestion, Violation
from . import ability_play as play
from . import combat, damage, deploy, rules, windows
from . import violations as V
from .board import units_at
from .card_terms import PLAYED
from .types import ConquestState

GROUP = "Card abilities"
TIMING_WORD = {"action": "Action", "reaction": "Reaction", "interrupt": "Interrupt"}


def check(state: ConquestState, ev: Event) -> list[Violation]:
    """The card is one of the seat's deck with an Action, Reaction or Interrupt, played from a card that may use it,
    in its window, with its cost paid and its one choice legal."""
    rec = play.record(state, ev.by, ev.data["card"])
    if rec is None or rec.get("timing") not in PLAYED:
        return [V.UNKNOWN_ABILITY(f"{ev.data['card']}: no Action, Reaction or Interrupt of a card in your deck "
                                  "that the engine plays; enter its effects as card effects.")]
    source = ev.data.get("source")
    if source not in play.sources(state, ev.by, rec):
        if play.from_hand(rec):
            return [V.EMPTY_HAND("You have no cards in hand.", rules.DEPLOY_EVENT)]
        return [V.UNKNOWN_ABILITY(f"Name your {rec['name']} that uses the ability.")]
    return play.problems(state, ev.by, rec, source, ev.data)


def apply(state: ConquestState, ev: Event) -> list[Consequence]:
    """Pay the cost, mark the window answered, apply the fixed effects, log what the players carry out."""
    rec = play.record(state, ev.by, ev.data["card"])
    assert rec is not None  # checked
    source = ev.data.get("source")
    window = play.matching_window(state, ev.by, rec, source) if rec["timing"] != "action" else None
    if window is not None:
        window["used"].append(source or rec["name"])
    here = windows.anchor(state, source, window, ev.data.get("cost_unit"))
    target = ev.data.get("target")
    hits = play.effect_hits(state, ev.by, rec, source, window, target)
    rule = play.card_rule(rec["name"])
    cons = [Consequence("card_ability", {"seat": ev.by, "card": rec["name"], "source": source,
                                         "timing": rec["timing"]}, rule)]
    cons += play.pay(state, ev.by, rec, source, ev.data)
    for eff in rec.get("does") or []:
        if eff["kind"] == "damage":
            continue
        ids = play.recipients(state, ev.by, eff, source, window, target)
        where = {"here": here, "hq": "hq", "window_planet": window.get("planet") if window else None}.get(
            eff.get("at", "here"))
        cons += play.apply_effect(state, ev.by, eff, rec["name"], ids, where)
    if rec.get("ask"):
        cons.append(Consequence("card_asks", {"seat": ev.by, "card": rec["name"], "ask": list(rec["ask"])}, rule))
    if rec.get("type") == "event":
        windows.note(state, "event_played", seat=ev.by, name=rec["name"], faction=rec.get("faction"))
    if hits:
        cons += damage.start(state, hits, rec["name"], rule)
    return cons + _after(state, ev.by, rec)


def _after(state: ConquestState, seat: str, rec: dict[str, Any]) -> list[Consequence]:
    """An Action uses the deployment turn; in a battle, one side left with no units ends it."""
    if rec["timing"] == "action" and state["step"].get("name") == "deploy":
        return deploy.next_turn(state, seat)
    b = state.get("battle")
    if state.get("result") or state["pending"] or not b or b["stage"] not in ("ranged", "melee"):
        return []
    if all(units_at(state, b["planet"], s) for s in state["seats"]):
        return []
    return combat.open_turn(state)


def can_answer_damage(state: ConquestState, pend: dict[str, Any], seat: str) -> bool:
    """Does the seat hold a card ability that answers this damage (its shield opportunity opens for it)?"""
    for rec in (state.get("abilities") or {}).get(seat, {}).values():
        if rec.get("window") != "damage_assigned" or rec.get("ask"):
            continue
        for source in play.sources(state, seat, rec):
            if play.matching_window(state, seat, rec, source, any_turn=True) is not None \
                    and not play.cost_problems(state, seat, rec, source):
                return True
    return False


damage.CAN_ANSWER.append(can_answer_damage)


def playable(state: ConquestState, seat: str) -> list[Suggestion]:
    """Every ability of the seat's deck it may play now, one suggestion per card that could use it."""
    if state["phase"] in ("setup", "over") or state.get("result") or seat not in state["seats"]:
        return []
    if state["pending"] and state["pending"][0]["kind"] != "damage":
        return []
    out = []
    for rec in (state.get("abilities") or {}).get(seat, {}).values():
        if rec.get("timing") not in PLAYED:
            continue
        for source in play.sources(state, seat, rec):
            out += _suggestions(state, seat, rec, source)
    return out


def _suggestions(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None) -> list[Suggestion]:
    """The card's suggestions: one, or with a unit to pay and a target, one per unit that can pay (the target
    depends on where the paying unit is), each with only the choices that go with it."""
    window = play.matching_window(state, seat, rec, source) if rec["timing"] != "action" else None
    if rec["timing"] != "action" and window is None:
        return []
    data = {"card": rec["name"], **({"source": source} if source else {})}
    legal = play.choices(state, seat, rec, source, window)
    label = f"{rec['name']} ({TIMING_WORD[rec['timing']]})"
    if "target" in legal and "cost_unit" in legal:
        out = []
        for unit in legal["cost_unit"]:
            paid = {**data, "cost_unit": unit}
            targets = play.choices(state, seat, rec, source, window, unit).get("target", [])
            if targets and not play.problems(state, seat, rec, source, {**paid, "target": targets[0]}):
                out.append(Suggestion("card_ability", seat, f"{label}: pay with {state['units'][unit]['name']}",
                                      paid, choices={"target": targets}, group=GROUP))
        return out
    probe = {**data, **{f: v[0] for f, v in legal.items() if v}}
    if play.problems(state, seat, rec, source, probe):
        return []
    return [Suggestion("card_ability", seat, label, data, choices=legal, group=GROUP)]
