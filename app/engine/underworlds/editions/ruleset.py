"""ClassicRuleset: the base Underworlds ruleset with the 2018/2019 flow of play.

The shared mechanics (set up, activations, combat, power step, end phase, glory) run once in the base
package and read the `Edition`'s switches themselves (Move and Charge tokens, Inspire at any time, objectives
scored immediately...); this subclass adds what only these books have, each addition citing its book (in
checks.py, flow.py and suggestions.py; this module dispatches to them):

- checks: Move tokens stop Move actions and Charge tokens activations (activations.py), one reaction per
  opportunity by precedence, no Plunder, printed objective hexes, hazard phase gate, sudden-death restrictions;
- after an event: the round's direction of play (3-4 players), everyone in the power step, precedence
  order of a reaction window, the optional objective draw, the hazard phase before the action phase,
  the artefact in the end phase, a wiped-out warband ending the game, a sudden-death round;
- suggestions: the base's, filtered through the same checks, plus the edition's own;
- outcome: the edition's victory and tiebreaks.
"""
from __future__ import annotations

import copy
from typing import Any

from ...core import Advice, Consequence, Event, Outcome, SetupError, Violation
from .. import activations, damage
from .. import violations as V
from ..edition import Edition
from ..ruleset import WINDOW_EVENTS, UnderworldsRuleset
from ..state import UnderworldsState
from . import artefact, checks, flow, hazards, matched_play, multiplayer_2018, suggestions, victory

# Events the table may enter during a hazard phase (hazard effects, Inspire, fixes).
HAZARD_PHASE_EVENTS = ("hazard", "damage", "heal", "token", "push", "position", "inspire", "uninspire",
                       "return_fighter", "out_of_action", "wounds", "hand", "glory_adjust", "reaction",
                       "reaction_pass", "note")
TOKENS = suggestions.TOKENS


class ClassicRuleset(UnderworldsRuleset):
    """An earlier Underworlds edition: the base rules as its `Edition` switches them, plus its own steps."""

    window_pass_only = False  # this edition's own steps after every event (flow.after) can change any part

    def __init__(self, edition: Edition):
        super().__init__(edition)
        self._types = self._edition_types(self._types)
        self._by_type = {e["type"]: e for e in self._types}

    # -- catalogue ---------------------------------------------------------------------------
    def _edition_types(self, types: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # No named counters before Deathgorge: the Dreadfane rulebook's Tokens (pg 5) and glossary ("Give", "Remove")
        # know tokens only, and the Shadespire rulebook only wound tokens; neither core set lists Raise tokens.
        out = [e for e in copy.deepcopy(types) if e["type"] != "counter"]
        cite = self.edition.rule
        for entry in out:
            fields = entry["fields"]
            if entry["type"] == "objective" and self.edition.immediate_objectives:
                fields["action"]["choices"] = ["score", "discard"]
                fields["draw"] = {"type": "bool", "required": False,
                                  "help": "Scored in the action phase: draw an objective card at once (default yes)"}
                entry["help"] = ("Score an objective: in the end phase, or at once after the action or activation "
                                 "that met an 'immediately' objective; or discard one. " + cite("surge"))
            elif entry["type"] == "token":
                fields["token"]["choices"] = list(TOKENS)
                names = [t.title() for t in TOKENS]
                entry["help"] = f"Give or remove a {', '.join(names[:-1])} or {names[-1]} token."
            elif entry["type"] == "push" and "into" in fields:
                fields["into"]["choices"] = ["none", "lethal"]
            elif entry["type"] == "damage" and self.edition.hazard_phase:
                fields["source"]["choices"] = [*fields["source"]["choices"], "hazard"]
            elif entry["type"] == "roll_off" and self.edition.matched_play:
                fields["purpose"]["choices"] = [*fields["purpose"]["choices"], "match"]
        if self.edition.hazard_phase:
            out.insert(1, copy.deepcopy(hazards.EVENT))
        return out

    def rounds(self, state: UnderworldsState) -> tuple[int, ...]:
        """Rounds played; a sudden-death round adds one more round at a time (matched play, pg 26)."""
        base = self.edition.rounds[state["players"]]
        if (state.get("classic") or {}).get("sudden_death"):
            return tuple(range(1, max(base[-1], state["round"]) + 1))
        return base

    # -- set up ------------------------------------------------------------------------------
    def new_game(self, setup_data: dict[str, Any]) -> UnderworldsState:
        """The base set up, checked for this edition, plus the edition's own state."""
        seats = setup_data.get("seats") if isinstance(setup_data, dict) else None
        if isinstance(seats, list) and len(seats) not in self.edition.players:
            raise SetupError(f"{self.title} is played by {' or '.join(map(str, self.edition.players))} players.",
                             "seats")
        if isinstance(setup_data, dict) and isinstance(setup_data.get("options") or {}, dict):
            # These books have no formats of the current kind: a setup without one plays the standard game.
            options = dict(setup_data.get("options") or {})
            options.setdefault("format", "matched" if options.get("match") else "standard")
            # A client that offers the current rules' formats everywhere sends "rivals" (a warband's own
            # ready-made decks, as in these core sets): that is the standard game. Nemesis, Relic and
            # Championship are current-rules deck formats and are refused by the base check.
            if options["format"] == "rivals":
                options["format"] = "standard"
            setup_data = {**setup_data, "options": options}
        state = super().new_game(setup_data)
        options = setup_data.get("options") or {}
        classic: dict[str, Any] = {"sudden_death": False, "sudden_death_result": None, "match_roll_off": None,
                   "seating": multiplayer_2018.seating(list(state["order"]), options.get("seating")),
                   "direction": multiplayer_2018.CLOCKWISE, "wiped_in_hazard": False, "ended_by": None}
        if options.get("artefact"):
            if not self.edition.artefact:
                raise SetupError("Capture the Artefact is a variant of the Shadespire rules.", "options.artefact")
            artefact.add_token(state["features"])
        classic["artefact"] = bool(options.get("artefact"))
        match = options.get("match")
        if match is not None:
            if not self.edition.matched_play:
                raise SetupError("Matched play is a variant of the Shadespire rules.", "options.match")
            if state["players"] != 2:
                raise SetupError("Matched play is for two players.", "options.match")
            problem = matched_play.check_context(match)
            if problem:
                raise SetupError(problem, "options.match")
            for i, seat in enumerate(state["order"]):
                problem = matched_play.wrong_warband(match, seat, state["seats"][seat]["warband"])
                if problem:
                    raise SetupError(f"{problem} ({matched_play.WARBAND_RULE})", f"seats[{i}].warband")
        classic["match"] = copy.deepcopy(match)
        state["order"] = list(classic["seating"])
        state["classic"] = classic
        if self.edition.hazard_phase:
            state["hazards"] = hazards.new_hazards()
        state["edition"] = self.describe(state)
        return state

    def describe(self, state: UnderworldsState | None = None) -> dict[str, Any]:
        """What this edition has, for clients: the phone app shows only these steps and buttons."""
        e = c = self.edition
        players = state["players"] if state else 2
        return {"id": e.id, "title": e.title,
                "has": {"hazard_phase": c.hazard_phase, "surge_steps": False, "inspire_steps": c.inspire_steps,
                        "immediate_objectives": c.immediate_objectives, "stagger": False,
                        "stun": "stun" in e.actions, "barge": "barge" in e.actions,
                        "delve": "delve" in e.power_plays, "salvage": "salvage" in e.power_plays,
                        "spells": "spell" in e.power_plays, "plunder": c.plunder,
                        "feature_tokens": not c.objective_hexes, "objective_hexes": c.objective_hexes,
                        "cover_hexes": False, "large_bounty": e.large_bounty_bonus > 0,
                        "reaction_chains": not c.single_reaction, "single_reaction": c.single_reaction,
                        "power_step_all_players": c.power_step_all_players and players > 2,
                        "anticlockwise_round_2": c.anticlockwise_round_2 and players > 2,
                        "wipe_out_ends_game": c.wipe_out_ends_game,
                        "artefact": bool(state and state.get("classic", {}).get("artefact")),
                        "matched_play": bool(state and state.get("classic", {}).get("match"))},
                "actions": list(e.actions), "player_actions": list(e.player_actions),
                "power_plays": list(e.power_plays), "rounds": list(e.rounds[players]),
                "turns_per_round": e.turns_per_round[players], "bounty": e.bounty,
                "objective_tiebreak": c.objective_tiebreak, "reaction_to_reaction": c.reaction_to_reaction,
                "formats": list(e.formats), "players": list(c.players)}

    # -- checks ------------------------------------------------------------------------------
    def check_event(self, state: UnderworldsState, event: Event) -> list[Violation]:
        """Base checks, adjusted for this edition."""
        cite = self.edition.rule
        cl = state["classic"]
        if event.type == "roll_off" and event.data["purpose"] == "match":
            return checks.check_match_roll_off(self, state)
        if state["phase"] == "hazard" and event.type not in HAZARD_PHASE_EVENTS:
            # What the event's own rules refuse whatever a table agrees still stands under an override.
            return [V.HAZARD_PHASE("It is the hazard phase: draw and resolve hazard cards, then end "
                                   "the hazard phase.", cite("hazard_phase")),
                    *(v for v in super().check_event(state, event) if not v.overridable)]
        if event.type == "hazard":
            return hazards.check(state, event)
        found = list(super().check_event(state, event))
        if event.type == "activate":
            found += activations.token_rules_2018(self, state, event)
        elif event.type == "reaction":
            found += checks.check_reaction(self, state, event)
        elif event.type == "reaction_pass":
            found += checks.check_precedence(self, state, event)
        elif event.type == "feature" and self.edition.objective_hexes:
            feat = state["features"].get(event.data["feature"], {})
            if feat.get("value"):
                found.append(V.OBJECTIVE_HEX("Objective hexes are printed on the board: they cannot be "
                                             "flipped, placed or removed.", cite("features_adv")))
        found += checks.check_after_superaction(self, state, event)
        if cl["sudden_death"]:
            found += checks.check_sudden_death(self, state, event)
        return found

    # -- apply -------------------------------------------------------------------------------
    def apply_event(self, state: UnderworldsState, event: Event) -> list[Consequence]:
        """Base apply (or the edition's own events), then this edition's automatic steps."""
        cl = state["classic"]
        reopened = event.type not in WINDOW_EVENTS
        if event.type == "roll_off" and event.data["purpose"] == "match":
            cl["match_roll_off"] = event.data["first"]
            return [Consequence("match_decided", {"winner": event.data["first"], "by": "roll_off"},
                                matched_play.ROLL_OFF_RULE)]
        if event.type == "hazard":
            state["reaction"] = None
            cons = hazards.apply(state, event)
            if event.data["action"] == "end":
                cons += flow.end_hazard_phase(self, state)
        elif event.type == "damage" and event.data["source"] == "hazard":
            # The hazard card dealt it: no fighter or warband did (Dreadfane, Damage, pg 13).
            state["reaction"] = None
            d = event.data
            cons = [Consequence(c.type, c.data, hazards.HAZARD_DAMAGE_RULE) if c.type == "damage_dealt" else c
                    for c in damage.deal_damage(self, state, d["fighter"], d["amount"], None, "hazard")]
        else:
            if flow.ends_freshness(self, event):
                state["classic"]["fresh"] = {}
            cons = super().apply_event(state, event)
            if event.type == "objective" and event.data["action"] == "score" and state["phase"] == "action":
                cons += flow.immediate_draw(self, state, event)
        return flow.after(self, state, event, cons, reopened)

    # -- suggestions -------------------------------------------------------------------------
    def suggest(self, state: UnderworldsState, seat: str) -> Advice:
        """The base suggestions that pass this edition's checks, plus the edition's own (suggestions.py)."""
        return suggestions.adjust(self, state, seat, super().suggest(state, seat))

    # -- outcome -----------------------------------------------------------------------------
    def outcome(self, state: UnderworldsState) -> Outcome | None:
        """The edition's victory and tiebreaks (victory.py)."""
        return victory.outcome(self, state)
