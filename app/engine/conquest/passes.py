"""Decisions nobody has to say: which open opportunity a later entry closes as passed, and which never.

The core (core.Ruleset.settle) asks `implied_pass` when an entry is one the rules allow only once the open step is
over. Each inferred pass is the event a player would have entered ("No shield", "Stay and fight"...), so the log
and a replay are the same as with every decision entered (tests/engine/test_inferred_passes.py).

Closed by the entry of the player whose opportunity it is (his moving on says he let it go):
- a shield opportunity: "its controller MAY discard 1 shield card"; opportunities alternate "until both players
  pass. Then place all damage" (rules summary, 3. Combat, Dealing damage and Shields). The defender's next entry
  of the battle (his attack, a pass, a retreat...) comes after the damage is placed, so he used no shield.
  Another player's entry never closes it: shields are used before the attacker can go on, and a phone that is
  waiting for a shield must not be able to take that shield away.
- a deployment turn, by the same player's command dial: a player "deploys a card, initiates an action, or
  passes"; both players passed ends the phase (1. Deploy). Committing his dial says he deploys no more; when the
  other player has not passed yet, the dial is kept secret until the command phase while the other player
  deploys on (command.early_dial), so the first player to stop deploying never enters "Pass" either.
- the winner's Battle ability: the winner "may" resolve it (Cards, Abilities: Battle abilities; 3. Combat,
  Winning a battle); his next entry (the next battle, the headquarters phase) says he did not.
- Mobile moves: a Mobile unit "may" move as the combat phase begins (Keywords, Mobile); the player's next entry
  of the combat phase says he moved no more.
Closed by the next entry of the battle, whoever makes it:
- a retreat opportunity: "each player (starting with the player with initiative for the battle) has one
  opportunity to retreat any number of his units ... Then a new combat round begins" (3. Combat, Fighting a
  battle). The opportunities come one after the other and the new round only after both, so an entry of the
  next combat round, or the later player's retreat or "stay", closes the opportunities still open before it as
  "stay and fight".
  Reading: the text makes the retreat a MAY with no word to say for staying; a player who does not retreat
  before play goes on has stayed (as the table plays it). A retreat a phone sends after that is answered by
  core.closed_by (the other phone was quicker).
Never inferred (a choice with no default, or a turn the player must take): a combat turn's pass (a player "passes
if he cannot attack"; with a ready unit it is a choice), the command dial, command bonuses, mulligans, setup,
indirect damage and a bloodied warlord's numbers.
"""
from __future__ import annotations

from typing import Any

from ..core import Event, ImpliedPass
from . import rules
from .types import ConquestState

# Entries of the game's sequence: entered while an optional step is open, they may close it first. Card effects
# entered by the table (damage, moves, resources...) can happen at any moment and close nothing.
SEQUENCE_EVENTS = frozenset({"attack", "pass", "warlord_retreat", "retreat", "retreat_done", "deploy", "action",
                             "call_stalemate", "battle_ability", "commit", "take_bonus", "headquarters",
                             "mobile_move", "mobile_done"})
# The explicit form of each inferable decision (what the log counts as a decision entered by hand).
SHIELD_STEP, RETREAT_STEP, DEPLOY_STEP, ABILITY_STEP, MOBILE_STEP = "shield", "retreat", "deploy", "battle_ability", "mobile"


def implied_pass(state: ConquestState, event: Event) -> ImpliedPass | None:
    """The pass closing the optional step open now, before `event` (None: nothing optional is open, the open
    step needs a decision, the event answers the open step itself, or it is not an entry that closes it)."""
    if state["phase"] in ("setup", "over") or state.get("result") or event.type not in SEQUENCE_EVENTS:
        return None
    by = event.by
    if state["pending"]:
        pend = state["pending"][0]
        if pend["kind"] != "damage" or pend.get("turn") != by:
            return None
        return ImpliedPass(Event("no_shield", by, {}), SHIELD_STEP, rules.SHIELDS)
    step = state["step"]
    name = step.get("name")
    if name == "deploy":
        if event.type != "commit" or step.get("turn") != by:
            return None
        return ImpliedPass(Event("pass", by, {}), DEPLOY_STEP, rules.DEPLOY)
    if name == "mobile":
        if step.get("turn") != by or event.type in ("mobile_move", "mobile_done"):
            return None
        return ImpliedPass(Event("mobile_done", by, {}), MOBILE_STEP, rules.KW_MOBILE)
    b = state.get("battle")
    if name != "battle" or not b:
        return None
    if b["stage"] == "retreat":
        holder = b["retreat_turn"]
        if holder is None or (by == holder and event.type in ("retreat", "retreat_done")):
            return None
        return ImpliedPass(Event("retreat_done", holder, {}), RETREAT_STEP, rules.COMBAT_ROUND_END)
    if b["stage"] == "won":
        if by != b["winner"] or event.type == "battle_ability":
            return None
        return ImpliedPass(Event("battle_ability", by, {"use": False}), ABILITY_STEP, rules.BATTLE_ABILITY)
    return None


def is_decision_pass(event_type: str, data: dict[str, Any]) -> bool:
    """An entry that says only "I do nothing here" (what the engine infers when play goes on)."""
    if event_type == "battle_ability":
        return not data.get("use")
    return event_type in ("no_shield", "retreat_done", "pass", "mobile_done")


def probe(state: ConquestState, seat: str) -> Event:
    """An entry `seat` could make next, to ask which open steps it would close (a dial in the deploy phase, as
    only the command dial closes a deployment turn; otherwise an attack, an entry of every battle)."""
    return Event("commit" if state["step"].get("name") == "deploy" else "attack", seat, {})
