"""The conquest/core ruleset: dispatches each event to the module of its phase and keeps the shared checks."""
from __future__ import annotations

import copy
import json
from typing import Any, cast

from ..core import Advice, Consequence, Event, Handler, ImpliedPass, Outcome, Ruleset, Violation
from . import (
    ability_entries,
    combat,
    command,
    damage,
    deploy,
    effects,
    headquarters,
    opening,
    passes,
    rules,
    suggest,
    victory,
    windows,
)
from . import violations as V
from .catalogue import event_types
from .setup import new_game
from .types import ConquestState

HANDLERS = {
    "initiative": Handler(opening.check_initiative, opening.apply_initiative),
    "reveal_planet": Handler(opening.check_reveal, opening.apply_reveal),
    "mulligan": Handler(opening.check_mulligan, opening.apply_mulligan),
    "deploy": Handler(deploy.check_deploy, deploy.apply_deploy),
    "action": Handler(deploy.check_action, deploy.apply_action),
    "pass": Handler(deploy.check_pass, deploy.apply_pass),
    "commit": Handler(command.check_commit, command.apply_commit),
    "take_bonus": Handler(command.check_take_bonus, command.apply_take_bonus),
    "mobile_move": Handler(combat.check_mobile_move, combat.apply_mobile_move),
    "mobile_done": Handler(None, combat.apply_mobile_done),
    "attack": Handler(combat.check_attack, combat.apply_attack),
    "warlord_retreat": Handler(combat.check_warlord_retreat, combat.apply_warlord_retreat),
    "retreat": Handler(combat.check_retreat, combat.apply_retreat),
    "retreat_done": Handler(combat.check_retreat, combat.apply_retreat_done),
    "call_stalemate": Handler(combat.check_call_stalemate, combat.apply_call_stalemate),
    "battle_ability": Handler(combat.check_battle_ability, combat.apply_battle_ability),
    "shield": Handler(damage.check_shield, damage.apply_shield),
    "no_shield": Handler(None, damage.apply_no_shield),
    "assign_indirect": Handler(damage.check_assign_indirect, damage.apply_assign_indirect),
    "bloodied_stats": Handler(None, damage.apply_bloodied_stats),
    "headquarters": Handler(headquarters.check_headquarters, headquarters.apply_headquarters),
    "put_into_play": Handler(effects.check_put_into_play, effects.apply_put_into_play),
    "deal_damage": Handler(None, effects.apply_deal_damage),
    "indirect_damage": Handler(effects.check_indirect, effects.apply_indirect),
    "remove_damage": Handler(None, effects.apply_remove_damage),
    "destroy": Handler(None, effects.apply_destroy),
    "move_unit": Handler(effects.check_move, effects.apply_move),
    "set_ready": Handler(None, effects.apply_set_ready),
    "modify_unit": Handler(None, effects.apply_modify),
    "adjust_resources": Handler(effects.check_resources, effects.apply_resources),
    "adjust_cards": Handler(effects.check_cards, effects.apply_cards),
    "card_ability": Handler(ability_entries.check, ability_entries.apply),
}
# Which events answer an open prompt (a shield window, indirect damage, unknown bloodied numbers).
PROMPT_ANSWERS = {"damage": {"shield", "no_shield", "card_ability"}, "indirect": {"assign_indirect"},
                  "bloodied_stats": {"bloodied_stats"}}
SETUP_EVENTS = {"initiative", "reveal_planet", "mulligan"}
# Entries that leave the open windows open: a card ability (several may answer one trigger), and the answers to a
# prompt the trigger's own resolution opened (a shield, indirect damage, bloodied numbers).
OPEN_WINDOWS_KEPT = {"card_ability"} | {t for answers in PROMPT_ANSWERS.values() for t in answers}
UNIT_FIELDS = ("unit", "attacker", "defender", "attach_to", "target", "cost_unit")
CARD_OK = {"destroy", "set_ready"}  # these may also name a support or attachment card


class ConquestRuleset(Ruleset[ConquestState]):
    """Warhammer 40,000: Conquest (core rules summary), two players."""

    id = "conquest/core"
    title = "Warhammer 40,000: Conquest"
    handlers = HANDLERS
    codes = V.CODES
    folds_in_place = True  # apply_event keeps no reference to an event's data in the state

    def event_types(self) -> list[dict[str, Any]]:
        """Every Conquest event with its fields."""
        return event_types()

    def new_game(self, setup: dict[str, Any]) -> ConquestState:
        """Warlords at HQ, hands drawn, resources taken, 7 planet slots face down; SetupError if unusable."""
        return new_game(setup, self.id)

    def check_references(self, state: ConquestState, event: Event) -> list[Violation]:
        """Units and cards named by an event must be in play."""
        for key in UNIT_FIELDS:
            ref = event.data.get(key)
            if ref is None:
                continue
            known = ref in state["units"] or (event.type in CARD_OK and key == "unit" and ref in state["cards"]) \
                or (key == "attach_to" and ref in state["cards"])
            if not known:
                return [V.UNKNOWN_UNIT(f"There is no card '{ref}' in play.")]
        return []

    def check_event(self, state: ConquestState, event: Event) -> list[Violation]:
        """Phase, prompt and turn checks first, then the event's own rules."""
        if state.get("result"):
            return [V.GAME_OVER("The game is over.", state["result"]["rule"])]
        if state["pending"]:
            pend = state["pending"][0]
            if event.type not in PROMPT_ANSWERS[pend["kind"]]:
                return [V.OUT_OF_STEP(_prompt_text(state, pend), _prompt_rule(pend))]
            if pend["kind"] == "bloodied_stats" and event.by != pend["seat"]:
                return [V.OUT_OF_STEP("The warlord's owner enters its bloodied numbers.", rules.DAMAGED_UNITS)]
        elif event.type in {t for answers in PROMPT_ANSWERS.values() for t in answers} - {"card_ability"}:
            return [V.OUT_OF_STEP("Nothing is waiting for that now.", rules.DAMAGE)]
        if state["phase"] == "setup" and event.type not in SETUP_EVENTS:
            return [V.OUT_OF_STEP("Finish the setup first.", rules.SETUP)]
        if event.type in ("mobile_move", "mobile_done") and state["step"].get("name") != "mobile":
            return [V.OUT_OF_STEP("Mobile moves happen as the combat phase begins.", rules.KW_MOBILE)]
        if event.type == "mobile_done" and state["step"].get("turn") != event.by:
            return [V.OUT_OF_STEP("The other player is resolving his Mobile units.", rules.KW_MOBILE)]
        return super().check_event(state, event)

    def copy_state(self, state: ConquestState) -> ConquestState:
        """The state is plain JSON (string keys only), so a JSON copy is exact and several times faster than
        copy.deepcopy."""
        copied: ConquestState = json.loads(json.dumps(state))
        return copied

    def apply_event(self, state: ConquestState, event: Event) -> list[Consequence]:
        """Apply the event, then check winning and losing conditions. An entry that is not a card ability closes
        the windows the last one opened (windows.py), unless it answers a prompt of the same trigger."""
        if event.type not in OPEN_WINDOWS_KEPT:
            windows.close(state)
        return super().apply_event(state, event) + victory.evaluate(state)

    def implied_pass(self, state: ConquestState, event: Event) -> ImpliedPass | None:
        """A shield, retreat, deployment turn, Battle ability or Mobile move let go by a later entry (passes.py)."""
        return passes.implied_pass(state, event)

    def suggest(self, state: ConquestState, seat: str) -> Advice:
        """Legal next events for a seat, built from the same rules as check(), with those legal once the open
        optional steps pass."""
        return suggest.suggest(state, seat, self)

    def view(self, state: ConquestState, seat: str) -> dict[str, Any]:
        """The state without the opponent's secret command dial before both dials are revealed (the referee sees it)."""
        out = copy.deepcopy(state)
        out.pop("abilities", None)  # static deck data the engine reads; the suggestions carry what a phone needs
        if out["step"].get("name") == "deploy" and out["step"].get("dials"):
            dials = out["step"]["dials"]
            out["step"]["committed"] = sorted(dials)
            if seat != "referee":
                out["step"]["dials"] = command.hidden_dials(state, seat) if seat in state["seats"] else \
                    {s: None for s in dials}
        if out["step"].get("name") == "commit":
            dials = out["step"]["dials"]
            out["step"]["committed"] = sorted(dials)
            if seat != "referee":  # the referee sees every secret
                out["step"]["dials"] = command.hidden_dials(state, seat) if seat in state["seats"] else \
                    {s: None for s in dials}
        return cast(dict[str, Any], out)  # the view: the state with its secret dial hidden

    def redact_event(self, state: ConquestState, record: dict[str, Any], seat: str) -> dict[str, Any]:
        """A command dial stays secret in the log too: only its owner (and the referee) sees it, and the opponent
        only once it is revealed with the other dial. A dial taken back before the reveal was never revealed: it
        stays hidden for good (Rules summary, 2. Command, Step 1: each player selects secretly)."""
        if record.get("type") != "commit" or seat in (record.get("by"), "referee"):
            return record
        if record.get("seq") in state.get("revealed_dials", ()):
            return record
        return {**record, "data": {}}

    def reveals_secrets(self, state: ConquestState, event: Event) -> bool:
        """The second dial committed reveals both (Rules summary, 2. Command, Step 1)."""
        step = state.get("step") or {}
        return event.type == "commit" and step.get("name") in ("commit", "deploy") and \
            any(s != event.by for s in step.get("dials", {}))

    def outcome(self, state: ConquestState) -> Outcome | None:
        """None while playing; else winners, draw and what decided it."""
        return copy.deepcopy(state["result"]) if state.get("result") else None


def _prompt_text(state: ConquestState, pend: dict[str, Any]) -> str:
    if pend["kind"] == "damage":
        return f"Waiting for {state['seats'][pend['turn']]['name']} to use a shield or not."
    if pend["kind"] == "indirect":
        return f"Waiting for {state['seats'][pend['seat']]['name']} to assign indirect damage."
    return f"Waiting for {state['seats'][pend['seat']]['name']} to enter the bloodied warlord's numbers."


def _prompt_rule(pend: dict[str, Any]) -> str:
    return {"damage": rules.SHIELDS, "indirect": rules.INDIRECT}.get(pend["kind"], rules.DAMAGED_UNITS)
