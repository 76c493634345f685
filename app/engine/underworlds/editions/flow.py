"""The automatic steps of the 2018/2019 flow of play, run after the base has applied an event.

The base emits consequences ("action_phase_begins", "end_phase_begins", "game_over"...); `after` reads them
and does what these editions do there: the round's direction of play (3-4 players), the hazard phase
before the action phase, the artefact in the end phase, a sudden-death round after the last round of a
tied match; then everyone in the power step, the precedence order of a reaction window, Inspire at once,
and a wiped-out warband ending the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Consequence, Event
from .. import inspire, rounds, turns
from ..state import UnderworldsState, surviving
from . import artefact, hazards, matched_play, multiplayer_2018, victory
from . import reactions as rx

if TYPE_CHECKING:
    from ..ruleset import UnderworldsRuleset


def ends_freshness(rs: UnderworldsRuleset, event: Event) -> bool:
    """Events after which objective cards drawn on scoring may be scored (2018 pg 25; 2019 pg 19)."""
    if event.type in ("activate", "player_action", "attack"):
        return True
    later = rs.edition.fresh_until
    return event.type in later and (event.type != "power" or event.data.get("play") == "ploy")


def immediate_draw(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """After scoring in the action phase the player can draw an objective card at once (never above 3)."""
    cite = rs.edition.rule
    seat = state["seats"][event.by]
    if event.data.get("draw") is False or seat["hand"]["objectives"] >= rs.edition.objective_hand:
        return [Consequence("objective_scored", {"seat": event.by, "card": event.data.get("card"), "drew": 0},
                            cite("surge"))]
    got = rs.cards.draw(state, event.by, "objectives", 1)
    fresh = state["classic"].setdefault("fresh", {})
    fresh[event.by] = fresh.get(event.by, 0) + got
    return [Consequence("objective_scored", {"seat": event.by, "card": event.data.get("card"), "drew": got},
                        cite("surge"))]


def after(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence],
          reopened: bool) -> list[Consequence]:
    """The edition's automatic steps, driven by what the base just did."""
    out: list[Consequence] = []
    for c in cons:
        if c.type == "action_phase_begins":
            out += begin_round(rs, state, c)
        elif c.type == "game_over" and sudden_death_follows(rs, state):
            out += start_sudden_death(rs, state)
        elif c.type == "end_phase_begins":
            out.append(c)
            if state["classic"]["artefact"] and artefact.WHEN == "before":
                out += artefact.end_phase(state)
        elif c.type == "round_ends" and state["classic"]["artefact"] and artefact.WHEN == "after":
            out += artefact.end_phase(state)
            out.append(c)
        else:
            out.append(c)
    adjust_power_step(rs, state)
    adjust_window(rs, state, event, reopened)
    if not rs.edition.inspire_steps:
        state["minor"] = False  # no Inspire or surge steps in these rules (clients show "minor" steps)
    out += inspire_now(rs, state)
    out += check_wipe_out(rs, state)
    return out


def inspire_now(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """No Inspire steps: a machine-checkable condition Inspires the fighter as soon as the event (or the
    action or superaction it is part of: nothing pending) is resolved (2018 pg 13; 2019 pg 17)."""
    if rs.edition.inspire_steps or state["phase"] in ("setup", "over") or state.get("pending"):
        return []
    return inspire.run_inspire_step(rs, state)


def begin_round(rs: UnderworldsRuleset, state: UnderworldsState, c: Consequence) -> list[Consequence]:
    """A round's action phase began in the base: set the round's direction; Dreadfane: hazard phase first."""
    out = []
    if rs.edition.anticlockwise_round_2 and state["players"] > 2:
        cl = state["classic"]
        direction = multiplayer_2018.round_direction(state["round"], state["players"])
        ring = cl["seating"] if direction == multiplayer_2018.CLOCKWISE else list(reversed(cl["seating"]))
        state["order"] = ring
        if direction != cl["direction"] or state["round"] == 1:
            out.append(Consequence("direction_of_play", {"round": state["round"], "direction": direction},
                                   multiplayer_2018.ROUND_2_RULE if direction != "clockwise"
                                   else multiplayer_2018.ORDER_RULE))
        cl["direction"] = direction
    if rs.edition.hazard_phase and state["phase"] == "action" and not state["classic"].get("hazard_done_round") == state["round"]:
        return out + hazards.begin_hazard_phase(state)
    return [c, *out]


def end_hazard_phase(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """All hazards drawn and resolved: the game ends if a warband was wiped out, else the action phase."""
    cl = state["classic"]
    cons = [Consequence("hazard_phase_ends", {"round": state["round"]}, hazards.HAZARD_RULE)]
    if cl["wiped_in_hazard"]:
        return cons + game_over(rs, state, "wipe_out", rs.edition.rule("wipe_out"))
    cl["hazard_done_round"] = state["round"]
    cons += rounds.begin_action_phase(rs, state)
    return cons


def adjust_power_step(rs: UnderworldsRuleset, state: UnderworldsState) -> None:
    """3-4 players (2018): every player takes part in the power step, from the one who took the activation."""
    p = state.get("power")
    if (not p or not rs.edition.power_step_all_players or state["players"] <= 2
            or len(p["order"]) == state["players"] or p["started"]):
        return
    p["order"] = multiplayer_2018.starting_from(state["order"], p["order"][0])


def adjust_window(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, reopened: bool) -> None:
    """One reaction per opportunity: precedence order, and after a reaction a fresh opportunity."""
    w = state.get("reaction")
    if not w or not rs.edition.single_reaction:
        return
    active = turns.active_seat(state)
    if event.type == "reaction":
        if rs.edition.reaction_to_reaction == "opponent_of_last":
            order = rx.reaction_to_reaction_precedence(state["order"], event.by)
            rule: str = rx.REACTION_TO_REACTION_2019
        else:
            order = rx.precedence(state["order"], active)
            rule = rs.edition.rule("reactions")
        # That opportunity is used. The window's other opportunities (the base opens one window for all
        # the steps an entered Attack action passed) stay open for one reaction each, and a reaction to
        # this reaction becomes possible. Reading chosen: the precedence after a reaction (Dreadfane:
        # the other player first) applies to the whole rest of the window, not only after_reaction.
        used = {*w.get("used", []), *rx.one_opportunity(w["steps"], event.data["step"])}
        steps = [s for s in w["steps"] if s not in used and s != "after_reaction"] + ["after_reaction"]
        w.update({"steps": steps, "order": order, "passed": [], "passed_primary": [], "acted": {}, "rule": rule,
                  "used": sorted(used - {"after_reaction"})})
    elif reopened:
        w["order"] = rx.precedence(state["order"], active)
        w["rule"] = rs.edition.rule("reaction_chains")


def check_wipe_out(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
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
        return game_over(rs, state, "sudden_death", matched_play.SUDDEN_DEATH_RULE)
    if not rs.edition.wipe_out_ends_game:
        return []
    if state["phase"] == "hazard":
        if not cl["wiped_in_hazard"]:
            cl["wiped_in_hazard"] = True
            return [Consequence("warband_wiped_out", {"seats": gone, "game_ends": "after the hazard phase"},
                                rs.edition.rule("wipe_out"))]
        return []
    return game_over(rs, state, "wipe_out", rs.edition.rule("wipe_out"))


def game_over(rs: UnderworldsRuleset, state: UnderworldsState, why: str, rule: str) -> list[Consequence]:
    state.update({"phase": "over", "step": "over", "turn": None, "pending": None, "power": None,
                  "reaction": None, "end": None, "minor": False})
    state["classic"]["ended_by"] = why
    return [Consequence("game_over", {"outcome": rs.outcome(state), "ended_by": why}, rule)]


def sudden_death_follows(rs: UnderworldsRuleset, state: UnderworldsState) -> bool:
    """The base ended the game after its last round: does a (further) sudden-death round follow?"""
    cl = state["classic"]
    if not cl.get("match") or cl["ended_by"] is not None:
        return False
    if cl["sudden_death"]:
        return True  # "continue to play rounds in this fashion until one warband has been eliminated"
    return matched_play.sudden_death_needed(cl["match"], victory.game_record(rs, state))


def start_sudden_death(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """Another round after the third (or the last sudden-death) round: no cards, no objectives."""
    cl = state["classic"]
    first = not cl["sudden_death"]
    if first:
        cl["record_before_sudden_death"] = victory.game_record(rs, state)
    cl["sudden_death"] = True
    cl["ended_by"] = None
    state["round"] += 1
    state["phase"] = "action"
    cons = [Consequence("sudden_death_round", {"round": state["round"], "first": first},
                        matched_play.SUDDEN_DEATH_RULE)]
    cons += rounds.begin_action_phase(rs, state)
    return cons
