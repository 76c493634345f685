"""The BattleLore Second Edition ruleset: wires events to their checks and effects."""
from __future__ import annotations

import copy
from typing import Any, cast

from ..core import Advice, Event, Handler, ImpliedPass, InferredPasses, Outcome, Ruleset, Violation
from . import combat, effects, passes, setup, suggest, turns, victory
from . import terrain as T
from . import violations as V
from .catalogue import UNIT_FIELDS, event_types
from .types import BattleLoreState

HANDLERS = {
    "choose_scenario": Handler(setup.check_choose_scenario, setup.apply_choose_scenario),
    "first_player": Handler(setup.check_first_player, setup.apply_first_player),
    "unit_card": Handler(setup.check_unit_card, setup.apply_unit_card),
    "muster": Handler(setup.check_muster, setup.apply_muster),
    "place": Handler(setup.check_place, setup.apply_place),
    "deploy_done": Handler(setup.check_deploy_done, setup.apply_deploy_done),
    "play_command": Handler(turns.check_play_command, turns.apply_play_command),
    "order": Handler(turns.check_order, turns.apply_order),
    "remove_token": Handler(turns.check_remove_token, turns.apply_remove_token),
    "end_step": Handler(turns.check_end_step, turns.apply_end_step),
    "move": Handler(turns.check_move, turns.apply_move),
    "attack": Handler(combat.check_attack, combat.apply_attack),
    "defend": Handler(combat.check_defend, combat.apply_defend),
    "counter": Handler(combat.check_counter, combat.apply_counter),
    "decline": Handler(combat.check_decline, combat.apply_decline),
    "advance": Handler(combat.check_advance, combat.apply_advance),
    "score_vp": Handler(turns.check_score_vp, turns.apply_score_vp),
    "lore_step": Handler(turns.check_lore_step, turns.apply_lore_step),
    "play_lore": Handler(turns.check_play_lore, turns.apply_play_lore),
    "damage": Handler(effects.check_damage, effects.apply_damage),
    "heal": Handler(effects.check_heal, effects.apply_heal),
    "token": Handler(effects.check_token, effects.apply_token),
    "reposition": Handler(effects.check_reposition, effects.apply_reposition),
    "adjust": Handler(effects.check_adjust, effects.apply_adjust),
}


class BattleLoreRuleset(Ruleset[BattleLoreState]):
    """BattleLore Second Edition, from the rules summary and player reference."""

    id = "battlelore/second-edition"
    title = "BattleLore Second Edition"
    handlers = HANDLERS
    codes = V.CODES
    folds_in_place = True  # apply_event never keeps a reference to an event's data in the state

    def event_types(self) -> list[dict[str, Any]]:
        """Every BattleLore event with its fields."""
        return event_types()

    def setup_choices(self) -> dict[str, Any]:
        """One scenario, or a campaign of linked scenarios (setup.py starts one for the "campaign" format)."""
        return {"formats": [{"id": "scenario", "label": "One scenario"},
                            {"id": "campaign", "label": "Campaign (4 scenarios)"}], "players": [2]}

    def new_game(self, setup_data: dict[str, Any]) -> BattleLoreState:
        """Initial state (scenario choice first); SetupError for an unusable setup."""
        return setup.new_game(setup_data)

    def check_references(self, state: BattleLoreState, event: Event) -> list[Violation]:
        """Unknown units and terrain names are structural errors."""
        if event.type == "unit_card":
            return []  # its "unit" is a reference-card record, not a unit in play
        for key in UNIT_FIELDS:
            uid = event.data.get(key)
            if uid is not None and uid not in state["units"]:
                return [V.UNKNOWN_UNIT(f"There is no unit {uid!r} in this game.")]
        to = event.data.get("to")
        if isinstance(to, dict) and to.get("terrain") not in (*T.TYPES, *state["features"]):
            return [V.UNKNOWN_TERRAIN(f"{to.get('terrain')!r} is not a terrain type or a tile in this game.")]
        return []

    def check_event(self, state: BattleLoreState, event: Event) -> list[Violation]:
        """Whose turn it is, then the event's own rules."""
        return turns.turn_owner(state, event) + super().check_event(state, event)

    def implied_pass(self, state: BattleLoreState, event: Event) -> ImpliedPass | None:
        """The order, move or attack step the event closes as passed (passes.py)."""
        return passes.implied_pass(state, event)

    def settle(self, state: BattleLoreState, event: Event) -> tuple[BattleLoreState, InferredPasses, list[Violation]]:
        """As the core, but an event of a later step that breaks a rule is judged in its own step (a melee attack
        from afar, entered while ordering, is told "not adjacent", not "wrong step"), and an override applies it
        there: the steps before it close all the same, since the player went on to it."""
        at, done, found = super().settle(state, event)
        if done or not found:
            return at, done, found
        ahead = list(self.passes_ahead(state, event))
        if not ahead:
            return at, done, found
        trial = ahead[-1][1]
        return trial, [(implied, cons) for implied, _, cons in ahead], self.check_event(trial, event)

    def suggest(self, state: BattleLoreState, seat: str) -> Advice:
        """Legal next events for the seat."""
        return suggest.suggest(state, seat)

    def view(self, state: BattleLoreState, seat: str) -> dict[str, Any]:
        """Hide the opponent's scenario card and army until both are revealed."""
        out = copy.deepcopy(state)
        for sid, s in out["seats"].items():
            if sid == seat or seat == "referee":  # the referee sees every secret
                continue
            if state["phase"] == "scenario" and s["scenario"]:
                s["scenario"] = "chosen"
                s.pop("scenario_name", None)
            if state["phase"] == "muster" and s["army"] is not None:
                s["army"] = "mustered"
        return cast(dict[str, Any], out)  # the view: the state with the other seat's secret choices hidden

    def redact_event(self, state: BattleLoreState, record: dict[str, Any], seat: str) -> dict[str, Any]:
        """Scenario cards and armies are chosen secretly: the log shows them to the others only once they are
        revealed together (Setup: Scenarios; Mustering); a choice taken back before that stays hidden for good."""
        if seat in (record.get("by"), "referee") or record.get("type") not in ("choose_scenario", "muster"):
            return record
        if record.get("seq") in state.get("revealed_choices", ()):
            return record
        return {**record, "data": {}}

    def reveals_secrets(self, state: BattleLoreState, event: Event) -> bool:
        """The second scenario card (or army) chosen reveals both (Setup: Scenarios; Mustering)."""
        key, phase = {"choose_scenario": ("scenario", "scenario"), "muster": ("army", "muster")}.get(event.type,
                                                                                                      (None, None))
        return key is not None and state["phase"] == phase and \
            any(sid != event.by and s.get(key) not in (None, "") for sid, s in state["seats"].items())

    def outcome(self, state: BattleLoreState) -> Outcome | None:
        """None while playing; the winner and how, plus campaign standings after the fourth scenario."""
        return victory.outcome(state)


BATTLELORE = BattleLoreRuleset()
