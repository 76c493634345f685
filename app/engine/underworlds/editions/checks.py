"""Rule checks the 2018/2019 rules add to (or lift from) the base Underworlds checks; ruleset.py calls them.

Move tokens stop Move actions, Charge tokens stop activations, objectives scored immediately in the action
phase (and the cards drawn that way waiting for a later action), one reaction per opportunity by
precedence, no Plunder, sudden-death restrictions and the match roll-off.
"""
from __future__ import annotations

from ...core import Violation
from . import matched_play, reactions as rx, victory


def check_tokens(rs, state, event) -> list[Violation]:
    R = rs.edition.rule
    d = event.data
    f = state["fighters"][d["fighter"]]
    out = []
    if rs.classic.charge_token_blocks_activation and f["tokens"]["charge"] and not f["out"]:
        out.append(Violation("charge_token", "A fighter that made a Charge action cannot be activated again "
                             "this phase.", R("charge_token")))
    if rs.classic.move_token_blocks_move and d["action"] == "move" and f["tokens"]["move"]:
        out.append(Violation("moved_cannot_move", "A fighter with a Move token cannot make another Move action "
                             "this phase.", R("tokens")))
    return out


def check_immediate(rs, state, event) -> list[Violation]:
    R = rs.edition.rule
    card = rs.cards.lookup(state, event.by, "objectives", event.data.get("card"))
    out = []
    if card is None and event.data.get("glory") is None:
        out.append(Violation("glory_needed", "Say how much glory the objective is worth.", R("surge")))
    if card is not None and card.get("scoring") not in (None, "surge"):
        out.append(Violation("not_immediate", f"{card['name']} is scored in the end phase; only objectives "
                             "scored 'immediately' are scored in the action phase.", R("surge")))
    # Cards drawn after an immediate score cannot be scored before a later action (2018: or activation;
    # 2019: or reaction or ploy). The engine does not know which card was drawn, so it checks the count:
    # at least one objective in hand must have been there before those draws.
    if only_fresh_cards(rs, state, event.by):
        out.append(Violation("just_drawn", "An objective card drawn after scoring cannot be scored until after "
                             "a later action.", R("surge")))
    return out


def check_precedence(rs, state, event) -> list[Violation]:
    """One reaction per opportunity: only the first seat in precedence order that has not passed may answer."""
    if not rs.classic.single_reaction:
        return []
    window = state.get("reaction")
    if not window:
        return []
    first = rx.may_react_now(window)
    if first is not None and event.by != first:
        return [Violation("reaction_precedence", f"{first} has precedence at this reaction opportunity: "
                          f"they react or pass first.", window.get("rule") or rs.edition.rule("reactions"))]
    return []


def check_reaction(rs, state, event) -> list[Violation]:
    R = rs.edition.rule
    out = check_precedence(rs, state, event)
    window = state.get("reaction") or {}
    step = event.data["step"]
    if step in rx.END_STEPS and step in window.get("used", []):
        rule = rx.END_OF_ACTIVATION_2019 if rs.classic.reaction_to_reaction == "opponent_of_last" else rx.END_OF_ACTIVATION_2018
        out.append(Violation("end_of_activation_used", "A reaction was already played at the end of this activation: "
                             "the end of its last action and the end of the activation are one opportunity.", rule))
    if not rs.classic.plunder and event.data["name"].strip().lower() == "plunder":
        out.append(Violation("no_plunder", "There is no Plunder reaction in these rules.", R("plunder")))
    return out


def check_sudden_death(rs, state, event) -> list[Violation]:
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


def check_match_roll_off(rs, state) -> list[Violation]:
    if state["phase"] == "over" and victory.match_roll_off_needed(rs, state):
        return []
    return [Violation("not_now", "A match roll-off is only made when the match is tied with no fighters left "
                      "and equal glory.", matched_play.ROLL_OFF_RULE)]


def only_fresh_cards(rs, state, seat: str) -> bool:
    """Every objective card in the hand was drawn after scoring since the last action (or the hand is empty)."""
    fresh = state["classic"].get("fresh", {}).get(seat, 0)
    return bool(fresh) and state["seats"][seat]["hand"]["objectives"] - fresh < 1
