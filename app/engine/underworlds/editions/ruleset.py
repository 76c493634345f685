"""ClassicRuleset: the base Underworlds ruleset with the 2018/2019 flow of play.

The shared mechanics (set up, activations, combat, power step, end phase, glory) run once in the base
package; this subclass only adjusts what `ClassicRules` switches on, each adjustment citing its book:

- checks: Move tokens stop Move actions, Charge tokens stop activations, Inspire at any time, objectives
  scored immediately in the action phase, one reaction per opportunity by precedence, no Plunder,
  printed objective hexes, hazard phase gate, sudden-death restrictions;
- after an event: the round's direction of play (3-4 players), everyone in the power step, precedence
  order of a reaction window, the optional objective draw, the hazard phase before the action phase,
  the artefact in the end phase, a wiped-out warband ending the game, a sudden-death round;
- suggestions: the base's, filtered through the same checks, plus the edition's own;
- outcome: the edition's victory and tiebreaks.
"""
from __future__ import annotations

import copy

from ...core import Advice, Consequence, Event, Suggestion, Violation
from .. import fighters as F
from .. import inspire, turns
from ..ruleset import UnderworldsRuleset
from ..state import surviving
from . import artefact, hazards, matched_play, multiplayer_2018, reactions as rx, victory
from .classic import ClassicRules

# Events the table may enter during a hazard phase (hazard effects, Inspire, fixes).
HAZARD_PHASE_EVENTS = ("hazard", "damage", "heal", "token", "push", "position", "inspire", "uninspire",
                       "return_fighter", "glory_adjust", "reaction", "reaction_pass", "note")
WINDOW_EVENTS = ("reaction", "reaction_pass")
TOKENS = ("move", "charge", "guard")


class ClassicRuleset(UnderworldsRuleset):
    """An earlier Underworlds edition: the base rules plus `ClassicRules` switches."""

    def __init__(self, edition, classic: ClassicRules):
        self.classic = classic
        super().__init__(edition)
        self._types = self._edition_types(self._types)
        self._by_type = {e["type"]: e for e in self._types}

    # -- catalogue ---------------------------------------------------------------------------
    def _edition_types(self, types: list[dict]) -> list[dict]:
        out = copy.deepcopy(types)
        R = self.edition.rule
        for entry in out:
            fields = entry["fields"]
            if entry["type"] == "objective" and self.classic.immediate_objectives:
                fields["action"]["choices"] = ["score", "discard"]
                fields["draw"] = {"type": "bool", "required": False,
                                  "help": "Scored in the action phase: draw an objective card at once (default yes)"}
                entry["help"] = ("Score an objective: in the end phase, or at once after the action or activation "
                                 "that met an 'immediately' objective; or discard one. " + R("surge"))
            elif entry["type"] == "token":
                fields["token"]["choices"] = list(TOKENS)
            elif entry["type"] == "push" and "into" in fields:
                fields["into"]["choices"] = ["none", "lethal"]
            elif entry["type"] == "damage" and self.classic.hazard_phase:
                fields["source"]["choices"] = [*fields["source"]["choices"], "hazard"]
            elif entry["type"] == "roll_off" and self.classic.matched_play:
                fields["purpose"]["choices"] = [*fields["purpose"]["choices"], "match"]
        if self.classic.hazard_phase:
            out.insert(1, copy.deepcopy(hazards.EVENT))
        return out

    def rounds(self, state) -> tuple:
        """Rounds played; a sudden-death round adds one more round at a time (matched play, pg 26)."""
        base = self.edition.rounds[state["players"]]
        if (state.get("classic") or {}).get("sudden_death"):
            return tuple(range(1, max(base[-1], state["round"]) + 1))
        return base

    # -- set up ------------------------------------------------------------------------------
    def new_game(self, setup_data: dict) -> dict:
        """The base set up, checked for this edition, plus the edition's own state."""
        from ...core import SetupError  # noqa: PLC0415
        seats = setup_data.get("seats") if isinstance(setup_data, dict) else None
        if isinstance(seats, list) and len(seats) not in self.classic.players:
            raise SetupError(f"{self.title} is played by {' or '.join(map(str, self.classic.players))} players.",
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
        classic = {"sudden_death": False, "sudden_death_result": None, "match_roll_off": None,
                   "seating": multiplayer_2018.seating(list(state["order"]), options.get("seating")),
                   "direction": multiplayer_2018.CLOCKWISE, "wiped_in_hazard": False, "ended_by": None}
        if options.get("artefact"):
            if not self.classic.artefact:
                raise SetupError("Capture the Artefact is a variant of the Shadespire rules.", "options.artefact")
            artefact.add_token(state["features"])
        classic["artefact"] = bool(options.get("artefact"))
        match = options.get("match")
        if match is not None:
            if not self.classic.matched_play:
                raise SetupError("Matched play is a variant of the Shadespire rules.", "options.match")
            if state["players"] != 2:
                raise SetupError("Matched play is for two players.", "options.match")
            problem = matched_play.check_context(match)
            if problem:
                raise SetupError(problem, "options.match")
        classic["match"] = copy.deepcopy(match)
        state["order"] = list(classic["seating"])
        state["classic"] = classic
        if self.classic.hazard_phase:
            state["hazards"] = hazards.new_hazards()
        state["edition"] = self.describe(state)
        return state

    def describe(self, state: dict | None = None) -> dict:
        """What this edition has, for clients: the phone app shows only these steps and buttons."""
        e, c = self.edition, self.classic
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
    def check_event(self, state: dict, event: Event) -> list[Violation]:
        """Base checks, adjusted for this edition."""
        R = self.edition.rule
        cl = state["classic"]
        if event.type == "roll_off" and event.data["purpose"] == "match":
            return self._check_match_roll_off(state)
        if state["phase"] == "hazard" and event.type not in HAZARD_PHASE_EVENTS:
            return [Violation("hazard_phase", "It is the hazard phase: draw and resolve hazard cards, then end "
                              "the hazard phase.", R("hazard_phase"))]
        if event.type == "hazard":
            return hazards.check(state, event)
        found = super().check_event(state, event)
        drop: set[str] = set()
        extra: list[Violation] = []
        d = event.data
        if event.type == "activate":
            drop |= {"charge_token", "no_superaction_after_charge"}
            extra += self._check_tokens(state, event)
        elif event.type == "inspire" and not self.classic.inspire_steps:
            drop.add("no_inspire_step")
        elif event.type == "reaction":
            extra += self._check_reaction(state, event)
        elif event.type == "reaction_pass":
            extra += self._check_precedence(state, event, "pass")
        elif event.type == "objective" and d["action"] == "score" and self.classic.immediate_objectives:
            if state["phase"] == "action":
                drop |= {"not_end_phase", "glory_needed", "surge_objective"}
                extra += self._check_immediate(state, event)
        elif event.type == "feature" and self.classic.objective_hexes:
            feat = state["features"].get(d["feature"], {})
            if feat.get("value"):
                extra.append(Violation("objective_hex", "Objective hexes are printed on the board: they cannot be "
                                       "flipped, placed or removed.", R("features_adv")))
        if cl["sudden_death"]:
            extra += self._check_sudden_death(state, event)
        return [v for v in found if v.code not in drop] + extra

    def _check_tokens(self, state, event) -> list[Violation]:
        R = self.edition.rule
        d = event.data
        f = state["fighters"][d["fighter"]]
        out = []
        if self.classic.charge_token_blocks_activation and f["tokens"]["charge"] and not f["out"]:
            out.append(Violation("charge_token", "A fighter that made a Charge action cannot be activated again "
                                 "this phase.", R("charge_token")))
        if self.classic.move_token_blocks_move and d["action"] == "move" and f["tokens"]["move"]:
            out.append(Violation("moved_cannot_move", "A fighter with a Move token cannot make another Move action "
                                 "this phase.", R("tokens")))
        return out

    def _check_immediate(self, state, event) -> list[Violation]:
        R = self.edition.rule
        card = self.cards.lookup(state, event.by, "objectives", event.data.get("card"))
        out = []
        if card is None and event.data.get("glory") is None:
            out.append(Violation("glory_needed", "Say how much glory the objective is worth.", R("surge")))
        if card is not None and card.get("scoring") not in (None, "surge"):
            out.append(Violation("not_immediate", f"{card['name']} is scored in the end phase; only objectives "
                                 "scored 'immediately' are scored in the action phase.", R("surge")))
        # Cards drawn after an immediate score cannot be scored before a later action (2018: or activation;
        # 2019: or reaction or ploy). The engine does not know which card was drawn, so it checks the count:
        # at least one objective in hand must have been there before those draws.
        if self._only_fresh_cards(state, event.by):
            out.append(Violation("just_drawn", "An objective card drawn after scoring cannot be scored until after "
                                 "a later action.", R("surge")))
        return out

    def _check_precedence(self, state, event, what: str) -> list[Violation]:
        if not self.classic.single_reaction:
            return []
        window = state.get("reaction")
        if not window:
            return []
        first = rx.may_react_now(window)
        if first is not None and event.by != first:
            return [Violation("reaction_precedence", f"{first} has precedence at this reaction opportunity: "
                              f"they react or pass first.", window.get("rule") or self.edition.rule("reactions"))]
        return []

    def _check_reaction(self, state, event) -> list[Violation]:
        R = self.edition.rule
        out = self._check_precedence(state, event, "react")
        if not self.classic.plunder and event.data["name"].strip().lower() == "plunder":
            out.append(Violation("no_plunder", "There is no Plunder reaction in these rules.", R("plunder")))
        return out

    def _check_sudden_death(self, state, event) -> list[Violation]:
        rule = matched_play.SUDDEN_DEATH_RULE
        d = event.data
        if event.type == "power" and d["play"] != "pass":
            return [Violation("sudden_death", "In a sudden death round neither player may play power cards.", rule)]
        if event.type == "player_action" and d["action"] in ("draw_power", "swap_objective"):
            return [Violation("sudden_death", "In a sudden death round neither player may draw cards.", rule)]
        if event.type == "objective" and d["action"] == "score":
            return [Violation("sudden_death", "In a sudden death round neither player may score objective cards.",
                              rule)]
        if event.type == "reaction" and d.get("card"):
            return [Violation("sudden_death", "In a sudden death round neither player may play power cards.", rule)]
        return []

    def _check_match_roll_off(self, state) -> list[Violation]:
        if state["phase"] == "over" and victory.match_roll_off_needed(self, state):
            return []
        return [Violation("not_now", "A match roll-off is only made when the match is tied with no fighters left "
                          "and equal glory.", matched_play.ROLL_OFF_RULE)]

    # -- apply -------------------------------------------------------------------------------
    def apply_event(self, state: dict, event: Event) -> list:
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
                cons += self._end_hazard_phase(state)
        elif event.type == "damage" and event.data["source"] == "hazard":
            # The hazard card dealt it: no fighter or warband did (Dreadfane, Damage, pg 13).
            state["reaction"] = None
            d = event.data
            cons = [Consequence(c.type, c.data, hazards.HAZARD_DAMAGE_RULE) if c.type == "damage_dealt" else c
                    for c in F.deal_damage(self, state, d["fighter"], d["amount"], None, "hazard")]
        else:
            if self._ends_freshness(event):
                state["classic"]["fresh"] = {}
            cons = super().apply_event(state, event)
            if event.type == "objective" and event.data["action"] == "score" and state["phase"] == "action":
                cons += self._immediate_draw(state, event)
        return self._after(state, event, cons, reopened)

    def _only_fresh_cards(self, state, seat: str) -> bool:
        """Every objective card in the hand was drawn after scoring since the last action (or the hand is empty)."""
        fresh = state["classic"].get("fresh", {}).get(seat, 0)
        return bool(fresh) and state["seats"][seat]["hand"]["objectives"] - fresh < 1

    def _ends_freshness(self, event) -> bool:
        """Events after which objective cards drawn on scoring may be scored (2018 pg 25; 2019 pg 19)."""
        if event.type in ("activate", "player_action", "attack"):
            return True
        later = self.classic.extra.get("fresh_until", ())
        return event.type in later and (event.type != "power" or event.data.get("play") == "ploy")

    def _immediate_draw(self, state, event) -> list[Consequence]:
        """After scoring in the action phase the player can draw an objective card at once (never above 3)."""
        R = self.edition.rule
        seat = state["seats"][event.by]
        if event.data.get("draw") is False or seat["hand"]["objectives"] >= self.edition.objective_hand:
            return [Consequence("objective_scored", {"seat": event.by, "card": event.data.get("card"), "drew": 0},
                                R("surge"))]
        got = self.cards.draw(state, event.by, "objectives", 1)
        fresh = state["classic"].setdefault("fresh", {})
        fresh[event.by] = fresh.get(event.by, 0) + got
        return [Consequence("objective_scored", {"seat": event.by, "card": event.data.get("card"), "drew": got},
                            R("surge"))]

    def _after(self, state, event, cons: list, reopened: bool) -> list:
        """The edition's automatic steps, driven by what the base just did."""
        out: list = []
        for c in cons:
            if c.type == "action_phase_begins":
                out += self._begin_round(state, c)
            elif c.type == "game_over" and self._sudden_death_follows(state):
                out += self._start_sudden_death(state)
            elif c.type == "end_phase_begins":
                out.append(c)
                if state["classic"]["artefact"] and artefact.WHEN == "before":
                    out += artefact.end_phase(state)
            elif c.type == "round_ends" and state["classic"]["artefact"] and artefact.WHEN == "after":
                out += artefact.end_phase(state)
                out.append(c)
            else:
                out.append(c)
        self._adjust_power_step(state)
        self._adjust_window(state, event, reopened)
        if not self.classic.inspire_steps:
            state["minor"] = False  # no Inspire or surge steps in these rules (clients show "minor" steps)
        out += self._inspire_now(state)
        out += self._check_wipe_out(state)
        return out

    def _inspire_now(self, state) -> list:
        """No Inspire steps: a machine-checkable condition Inspires the fighter as soon as the event (or the
        action or superaction it is part of: nothing pending) is resolved (2018 pg 13; 2019 pg 17)."""
        if self.classic.inspire_steps or state["phase"] in ("setup", "over") or state.get("pending"):
            return []
        return inspire.run_inspire_step(self, state)

    def _begin_round(self, state, c: Consequence) -> list:
        """A round's action phase began in the base: set the round's direction; Dreadfane: hazard phase first."""
        out = []
        if self.classic.anticlockwise_round_2 and state["players"] > 2:
            cl = state["classic"]
            direction = multiplayer_2018.round_direction(state["round"], state["players"])
            ring = cl["seating"] if direction == multiplayer_2018.CLOCKWISE else list(reversed(cl["seating"]))
            state["order"] = ring
            if direction != cl["direction"] or state["round"] == 1:
                out.append(Consequence("direction_of_play", {"round": state["round"], "direction": direction},
                                       multiplayer_2018.ROUND_2_RULE if direction != "clockwise"
                                       else multiplayer_2018.ORDER_RULE))
            cl["direction"] = direction
        if self.classic.hazard_phase and state["phase"] == "action" and not state["classic"].get("hazard_done_round") == state["round"]:
            return out + hazards.begin_hazard_phase(state)
        return [c, *out]

    def _end_hazard_phase(self, state) -> list:
        """All hazards drawn and resolved: the game ends if a warband was wiped out, else the action phase."""
        cl = state["classic"]
        cons = [Consequence("hazard_phase_ends", {"round": state["round"]}, hazards.HAZARD_RULE)]
        if cl["wiped_in_hazard"]:
            return cons + self._game_over(state, "wipe_out", self.edition.rule("wipe_out"))
        cl["hazard_done_round"] = state["round"]
        cons += turns.begin_action_phase(self, state)
        return cons

    def _adjust_power_step(self, state) -> None:
        """3-4 players (2018): every player takes part in the power step, from the one who took the activation."""
        p = state.get("power")
        if (not p or not self.classic.power_step_all_players or state["players"] <= 2
                or len(p["order"]) == state["players"] or p["started"]):
            return
        p["order"] = multiplayer_2018.starting_from(state["order"], p["order"][0])

    def _adjust_window(self, state, event, reopened: bool) -> None:
        """One reaction per opportunity: precedence order, and after a reaction a fresh opportunity."""
        w = state.get("reaction")
        if not w or not self.classic.single_reaction:
            return
        active = turns.active_seat(state)
        if event.type == "reaction":
            if self.classic.reaction_to_reaction == "opponent_of_last":
                order = rx.reaction_to_reaction_precedence(state["order"], event.by)
                rule = rx.REACTION_TO_REACTION_2019
            else:
                order = rx.precedence(state["order"], active)
                rule = self.edition.rule("reactions")
            # That opportunity is used. The window's other opportunities (the base opens one window for all
            # the steps an entered Attack action passed) stay open for one reaction each, and a reaction to
            # this reaction becomes possible. Reading chosen: the precedence after a reaction (Dreadfane:
            # the other player first) applies to the whole rest of the window, not only after_reaction.
            used = {*w.get("used", []), event.data["step"]}
            steps = [s for s in w["steps"] if s not in used and s != "after_reaction"] + ["after_reaction"]
            w.update({"steps": steps, "order": order, "passed": [], "acted": {}, "rule": rule,
                      "used": sorted(used - {"after_reaction"})})
        elif reopened:
            w["order"] = rx.precedence(state["order"], active)
            w["rule"] = self.edition.rule("reaction_chains")

    def _check_wipe_out(self, state) -> list:
        """Dreadfane: a wiped-out warband ends the game (after the hazard phase); sudden death likewise."""
        cl = state["classic"]
        if state["phase"] in ("over", "setup"):
            return []
        gone = [s for s in state["order"] if not surviving(state, s)]
        if not gone:
            return []
        if cl["sudden_death"]:
            winner = None if len(gone) > 1 else next(s for s in state["order"] if s not in gone)
            cl["sudden_death_result"] = {"winner": winner, "both_eliminated": len(gone) > 1}
            return self._game_over(state, "sudden_death", matched_play.SUDDEN_DEATH_RULE)
        if not self.classic.wipe_out_ends_game:
            return []
        if state["phase"] == "hazard":
            if not cl["wiped_in_hazard"]:
                cl["wiped_in_hazard"] = True
                return [Consequence("warband_wiped_out", {"seats": gone, "game_ends": "after the hazard phase"},
                                    self.edition.rule("wipe_out"))]
            return []
        return self._game_over(state, "wipe_out", self.edition.rule("wipe_out"))

    def _game_over(self, state, why: str, rule: str) -> list:
        state.update({"phase": "over", "step": "over", "turn": None, "pending": None, "power": None,
                      "reaction": None, "end": None, "minor": False})
        state["classic"]["ended_by"] = why
        return [Consequence("game_over", {"outcome": self.outcome(state), "ended_by": why}, rule)]

    def _sudden_death_follows(self, state) -> bool:
        """The base ended the game after its last round: does a (further) sudden-death round follow?"""
        cl = state["classic"]
        if not cl.get("match") or cl["ended_by"] is not None:
            return False
        if cl["sudden_death"]:
            return True  # "continue to play rounds in this fashion until one warband has been eliminated"
        return matched_play.sudden_death_needed(cl["match"], victory.game_record(self, state))

    def _start_sudden_death(self, state) -> list:
        """Another round after the third (or the last sudden-death) round: no cards, no objectives."""
        cl = state["classic"]
        first = not cl["sudden_death"]
        if first:
            cl["record_before_sudden_death"] = victory.game_record(self, state)
        cl["sudden_death"] = True
        cl["ended_by"] = None
        state["round"] += 1
        state["phase"] = "action"
        cons = [Consequence("sudden_death_round", {"round": state["round"], "first": first},
                            matched_play.SUDDEN_DEATH_RULE)]
        cons += turns.begin_action_phase(self, state)
        return cons

    # -- suggestions -------------------------------------------------------------------------
    def suggest(self, state: dict, seat: str) -> Advice:
        """The base suggestions that pass this edition's checks, plus the edition's own."""
        advice = super().suggest(state, seat)
        keep: list[Suggestion] = []
        for s in advice.suggestions:
            if s.type == "objective" and s.data.get("action") == "reveal":
                continue
            if s.type == "inspire" and not self.classic.inspire_steps:
                continue  # re-added below for every phase
            if s.complete and self.check(state, Event(s.type, s.by, copy.deepcopy(s.data))):
                continue
            if s.type in ("reaction", "reaction_pass") and self._check_precedence(state, Event(s.type, seat, {}), ""):
                continue
            if s.type == "reaction" and s.data.get("name") == "plunder" and not self.classic.plunder:
                continue
            if s.type == "token":
                s.choices["token"] = [t for t in s.choices.get("token", []) if t in TOKENS]
            if s.type == "push":
                s.choices["into"] = [t for t in s.choices.get("into", []) if t != "snare"]
            keep.append(s)
        keep += self._own_suggestions(state, seat)
        advice.suggestions = keep
        advice.step.pop("minor_steps_open", None)
        advice.step["edition"] = state["edition"]["id"]
        if state["phase"] == "hazard":
            advice.step["hazards_to_draw"] = hazards.to_draw(state)
            advice.waiting_for = list(state["order"])
        if state["classic"]["sudden_death"]:
            advice.step["sudden_death"] = True
        w = state.get("reaction")
        if w and self.classic.single_reaction and advice.reaction_window is not None:
            first = rx.may_react_now(w)
            advice.reaction_window["may_react"] = [first] if first else []
            advice.reaction_window["model"] = "one reaction per opportunity, by precedence"
            advice.reaction_window["rule"] = w.get("rule")
            advice.waiting_for = [first] if first else []
        return advice

    def _own_suggestions(self, state, seat) -> list[Suggestion]:
        out: list[Suggestion] = []
        if seat not in state["seats"]:
            return out
        if state["phase"] == "over":
            if victory.match_roll_off_needed(self, state):
                out.append(Suggestion("roll_off", seat, "Match roll-off: who won?", {"purpose": "match"},
                                      choices={"first": list(state["order"])}, group="Match"))
            return out
        if state["phase"] == "hazard":
            out += hazards.suggestions(state, seat)
        if state["phase"] in ("action", "end", "hazard") and not self.classic.inspire_steps:
            out += [Suggestion("inspire", seat, f"Inspire {state['cards'][f].get('name') or f}", {"fighter": f},
                               group="Inspire")
                    for f in surviving(state, seat) if not state["fighters"][f]["inspired"]]
        if (state["phase"] == "action" and self.classic.immediate_objectives and not state["classic"]["sudden_death"]
                and state["seats"][seat]["hand"]["objectives"] > 0):
            out += self._immediate_suggestions(state, seat)
        return out

    def _immediate_suggestions(self, state, seat) -> list[Suggestion]:
        if self._only_fresh_cards(state, seat):
            return []
        deck = state["decks"].get(seat)
        if deck:
            return [Suggestion("objective", seat, f"Score {n} now ({deck['objectives'][n]['glory']} glory)",
                               {"action": "score", "card": n}, group="Objectives")
                    for n in self.cards.names(state, seat, "objectives")
                    if deck["objectives"][n].get("scoring") in (None, "surge")
                    and isinstance(deck["objectives"][n].get("glory"), int)]
        return [Suggestion("objective", seat, "Score an objective now", {"action": "score"},
                           bounds={"glory": {"type": "int", "min": 0, "max": 6}}, group="Objectives")]

    # -- outcome -----------------------------------------------------------------------------
    def outcome(self, state: dict) -> dict | None:
        """The edition's victory and tiebreaks (victory.py)."""
        return victory.outcome(self, state)
