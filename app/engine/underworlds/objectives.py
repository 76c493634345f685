"""Objective cards and the end phase.

- `objective {action: reveal}`: a surge objective whose condition is met is revealed in the action phase;
  it is scored automatically in the next surge step, and the player then draws an objective card
  (Deathgorge rulebook, Surge objective cards and the surge step pg 38).
- `objective {action: score}`: in the end phase (step 1 of that player's sequence) score an objective.
- `objective {action: discard}`: end phase step 2 (or a card effect, with an override).
- `discard_power {card?}`: end phase step 4.
- `end_phase_done {}`: the player has finished their sequence; steps 5 and 6 (draw to 3 objectives and
  5 power cards) happen automatically, then the next player in order of play, starting with the player who
  took the first turn. Round 3's end phase is scoring only. After the last player the round ends.
End phase stage of the current player: state["end"] = {"order": [...], "i": index, "stage": 1..4}.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core import Consequence, Event, Suggestion, Violation
from . import cards as cardmod
from . import rounds, scoring
from . import violations as V
from .state import UnderworldsState, present

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

END_STAGES = {1: "score objectives", 2: "discard objectives", 3: "play upgrades", 4: "discard power cards"}


def end_seat(state: UnderworldsState) -> str | None:
    """The player running through the end phase sequence now."""
    end = state.get("end")
    return end["order"][end["i"]] if end else None


def scores_only(rs: UnderworldsRuleset, state: UnderworldsState) -> bool:
    """Round 3's end phase: only step 1 (score)."""
    return rs.edition.last_end_phase_scores_only and state["round"] == rs.rounds(state)[-1]


def _glory_of(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, card: dict[str, Any] | None) -> int | None:
    glory: int | None
    if card is not None and isinstance(card.get("glory"), int):
        glory = card["glory"]
    else:
        glory = event.data.get("glory")
    return glory


def check_objective(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Reveal (surge, action phase), score (end phase step 1) or discard (end phase step 2)."""
    cite = rs.edition.rule
    d = event.data
    action = d["action"]
    card = cardmod.lookup(state, event.by, "objectives", d.get("card"))
    # 2018/2019: an "immediately" objective is scored in the action phase (_immediate_rules), not revealed.
    immediate = action == "score" and rs.edition.immediate_objectives and state["phase"] == "action"
    out = []
    if action in ("reveal", "score") and not immediate and _glory_of(rs, state, event, card) is None:
        out.append(V.GLORY_NEEDED("Say how much glory the objective is worth.", cite("surge"),
                                  overridable=False))
    if card is not None and isinstance(card.get("glory"), int) and d.get("glory") not in (None, card["glory"]):
        out.append(V.WRONG_GLORY(f"{card['name']} is worth {card['glory']} glory.", cite("end_phase")))
    out.extend(cardmod.check_in_hand(state, event.by, "objectives", d.get("card"), cite("end_phase")))
    scoring_time = (card or {}).get("scoring")
    if action in ("reveal", "score") and not immediate:
        out.extend(scoring.check_condition(state, event.by, card, at_moment=action == "reveal"))
    if action == "reveal":
        if state["phase"] != "action":
            out.append(V.NOT_NOW("Surge objectives are revealed in the action phase.", cite("surge"), overridable=True))
        if card is not None and scoring_time not in (None, "surge"):
            out.append(V.NOT_SURGE(f"{card['name']} is scored in the end phase, not revealed.", cite("surge")))
    elif action == "score":
        if state["phase"] == "end":
            out.extend(check_end_stage(rs, state, event, 1))
        elif not immediate:
            out.append(V.NOT_END_PHASE("Objectives are scored in the end phase; surge objectives are "
                                       "revealed and scored in the next surge step.", cite("end_phase")))
        if card is not None and scoring_time == "surge" and not immediate:
            out.append(V.SURGE_OBJECTIVE(f"{card['name']} is a surge objective: reveal it when its "
                                         "condition is met.", cite("surge")))
        if card is not None and scoring_time == "third" and state["round"] != rs.rounds(state)[-1]:
            out.append(V.THIRD_END_PHASE_ONLY(f"{card['name']} is scored in the third end phase.", cite("end_phase")))
    else:  # discard
        if state["phase"] != "end":
            out.append(V.NOT_NOW("Objective cards are discarded in the end phase.", cite("end_phase"), overridable=True))
        else:
            out.extend(check_end_stage(rs, state, event, 2))
    if immediate:
        out.extend(_immediate_rules(rs, state, event))
    return out


def _immediate_rules(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """2018/2019: only objectives scored 'immediately' are scored in the action phase, and not one just drawn."""
    cite = rs.edition.rule
    card = rs.cards.lookup(state, event.by, "objectives", event.data.get("card"))
    out = []
    if _glory_of(rs, state, event, card) is None:  # no override can say what the card is worth
        out.append(V.GLORY_NEEDED("Say how much glory the objective is worth.", cite("surge"), overridable=False))
    out.extend(scoring.check_condition(state, event.by, card))
    if card is not None and card.get("scoring") not in (None, "surge"):
        out.append(V.NOT_IMMEDIATE(f"{card['name']} is scored in the end phase; only objectives "
                                   "scored 'immediately' are scored in the action phase.", cite("surge")))
    # Cards drawn after an immediate score cannot be scored before a later action (2018: or activation;
    # 2019: or reaction or ploy). The engine does not know which card was drawn, so it checks the count:
    # at least one objective in hand must have been there before those draws.
    if only_fresh_cards(state, event.by):
        out.append(V.JUST_DRAWN("An objective card drawn after scoring cannot be scored until after "
                                "a later action.", cite("surge")))
    return out


def only_fresh_cards(state: UnderworldsState, seat: str) -> bool:
    """Every objective card in the hand was drawn after scoring since the last action (or the hand is empty)."""
    fresh = state["classic"].get("fresh", {}).get(seat, 0)
    return bool(fresh) and state["seats"][seat]["hand"]["objectives"] - fresh < 1


def check_end_stage(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, stage: int) -> list[Violation]:
    cite = rs.edition.rule
    out = []
    seat = end_seat(state)
    if event.by != seat:
        out.append(V.NOT_YOUR_END_PHASE(f"{seat} is running through the end phase sequence now.",
                                        cite("end_phase"), overridable=True))
        return out
    if stage > 1 and scores_only(rs, state):
        out.append(V.SCORING_ONLY("In the last end phase players only score objectives.", cite("round_3")))
    end = present(state, "end")
    if stage < end["stage"]:
        out.append(V.END_PHASE_ORDER(f"Step {stage} ({END_STAGES[stage]}) comes before step "
                                     f"{end['stage']} ({END_STAGES[end['stage']]}).", cite("end_phase")))
    return out


def apply_objective(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Reveal, score or discard the objective card."""
    d = event.data
    seat = state["seats"][event.by]
    card = cardmod.lookup(state, event.by, "objectives", d.get("card"))
    glory = _glory_of(rs, state, event, card)
    if d["action"] == "reveal":
        cardmod.spend_from_hand(state, event.by, "objectives", d.get("card"), discard=False)
        # check_objective refuses a reveal without its glory, and no override lifts that
        seat["revealed"].append({"card": d.get("card"), "glory": cast(int, glory)})
        return []
    if state["phase"] == "end" and event.by == end_seat(state):   # a ruling for another seat leaves this sequence be
        end = present(state, "end")
        end["stage"] = max(end["stage"], 1 if d["action"] == "score" else 2)
    if d["action"] == "score":
        cardmod.spend_from_hand(state, event.by, "objectives", d.get("card"), discard=False)
        seat["scored"].append({"card": d.get("card"), "glory": cast(int, glory), "round": state["round"], "surge": False})
        if glory is None:  # check_objective refuses a score without its glory, and no override lifts that
            raise TypeError("an objective scored without the glory it is worth")
        seat["glory"]["unspent"] += glory
        if rs.edition.scored_objectives_discarded:
            seat["discards"]["objectives"] += 1
        return draw_up_after_sequence(rs, state, event.by)
    cardmod.spend_from_hand(state, event.by, "objectives", d.get("card"), discard=True)
    return draw_up_after_sequence(rs, state, event.by)


def score_revealed(rs: UnderworldsRuleset, state: UnderworldsState, seat_id: str) -> list[Consequence]:
    """Surge step for one player: score each revealed surge objective, drawing an objective card after each."""
    seat = state["seats"][seat_id]
    cons = []
    for item in seat["revealed"]:
        seat["scored"].append({"card": item["card"], "glory": item["glory"], "round": state["round"], "surge": True})
        seat["glory"]["unspent"] += item["glory"]
        if rs.edition.scored_objectives_discarded:
            seat["discards"]["objectives"] += 1
        drew = cardmod.draw(state, seat_id, "objectives", 1)
        cons.append(Consequence("surge_scored", {"seat": seat_id, "card": item["card"], "glory": item["glory"],
                                                 "drew": drew}, rs.edition.rule("surge")))
    seat["revealed"] = []
    return cons


def check_end_phase_done(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only the player whose end phase sequence it is can finish it."""
    cite = rs.edition.rule
    if state["phase"] != "end":
        return [V.NOT_NOW("It is not the end phase.", cite("end_phase"), overridable=False)]
    if event.by != end_seat(state):
        return [V.NOT_YOUR_END_PHASE(f"{end_seat(state)} is running through the end phase sequence now.",
                                     cite("end_phase"), overridable=False)]
    return []


def apply_end_phase_done(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Steps 5-6 (draw objective cards to 3, power cards to 5), then the next player; then the round ends."""
    cons = []
    state["minor"] = False
    if not scores_only(rs, state):
        cons.append(_draw_up(rs, state, event.by))
    end = present(state, "end")
    end["i"] += 1
    end["stage"] = 1
    if end["i"] >= len(end["order"]):
        cons.extend(rounds.end_of_round(rs, state))
    return cons


def _draw_up(rs: UnderworldsRuleset, state: UnderworldsState, seat_id: str, **note: Any) -> Consequence:
    """End phase steps 5-6: draw objective cards up to the hand size, then power cards."""
    seat = state["seats"][seat_id]
    want_o = max(0, rs.edition.objective_hand - seat["hand"]["objectives"])
    want_p = max(0, rs.edition.power_hand - seat["hand"]["power"])
    got_o = cardmod.draw(state, seat_id, "objectives", want_o)
    got_p = cardmod.draw(state, seat_id, "power", want_p)
    return Consequence("cards_drawn", {"seat": seat_id, "objectives": got_o, "power": got_p, **note},
                       rs.edition.rule("end_phase"))


def draw_up_after_sequence(rs: UnderworldsRuleset, state: UnderworldsState, seat_id: str) -> list[Consequence]:
    """A card left the hand of a player whose end phase sequence is already over (only by a ruling or a card: the
    sequence refuses it otherwise). Their draw steps ran before it, so the rules have them draw up again now
    (End phase, steps 5-6), rather than play the next round a card short with nobody told."""
    end = state.get("end")
    if state["phase"] != "end" or not end or scores_only(rs, state) or seat_id not in end["order"]:
        return []
    if end["order"].index(seat_id) >= end["i"]:
        return []   # their own sequence still ends with the draw steps
    drawn = _draw_up(rs, state, seat_id, after_sequence=True)
    return [drawn] if drawn.data["objectives"] or drawn.data["power"] else []


def check_discard_power(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """End phase step 4: discard power cards from your hand (or a persisting gambit in play, when it says so)."""
    cite = rs.edition.rule
    if event.data.get("in_play"):
        held = state["seats"][event.by].get("in_play") or []
        name = event.data.get("card") or "ploy"
        if name not in held:
            return [V.NOT_IN_PLAY(f"You have no persisting gambit {name!r} in play.", cite("gambits"))]
        return []
    out = cardmod.check_in_hand(state, event.by, "power", event.data.get("card"), cite("end_phase"))
    if state["phase"] != "end":
        out.append(V.NOT_NOW("Power cards are discarded in the end phase (step 4).", cite("end_phase"), overridable=True))
    else:
        out.extend(check_end_stage(rs, state, event, 4))
    return out


def apply_discard_power(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """The power card goes to the discard pile."""
    if event.data.get("in_play"):
        seat = state["seats"][event.by]
        seat["in_play"].remove(event.data.get("card") or "ploy")
        seat["discards"]["power"] += 1
        return []
    if state["phase"] == "end" and state["end"] and event.by == end_seat(state):
        state["end"]["stage"] = 4
    cardmod.spend_from_hand(state, event.by, "power", event.data.get("card"), discard=True)
    return draw_up_after_sequence(rs, state, event.by)


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def suggest_reveal(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    s = state["seats"][seat]
    if s["hand"]["objectives"] < 1:
        return []
    deck = state["decks"].get(seat)
    out = []
    if deck:
        for n in scoring.names_by_verdict(state, seat, cardmod.names(state, seat, "objectives")):
            card = deck["objectives"][n]
            if card.get("scoring") not in (None, "surge"):
                continue
            data = {"action": "reveal", "card": n}
            if scoring.has_condition(card):
                sugg = scoring.offer(state, seat, n, card, data, "Objectives", f" ({_surge_worth(card)})")
            else:
                sugg = Suggestion("objective", seat, f"Reveal {n} ({_surge_worth(card)})", data, group="Objectives")
            if sugg is not None:
                out.append(_with_glory(sugg, card))
    if cardmod.unlisted_allowed(state, seat):
        out.append(Suggestion("objective", seat, "Reveal a surge objective" + (" (not listed)" if deck else ""),
                              {"action": "reveal"}, bounds={"glory": GLORY_BOUND}, group="Objectives"))
    return out


GLORY_BOUND = {"type": "int", "min": 0, "max": 6}


def _surge_worth(card: dict[str, Any]) -> str:
    return f"surge, {card['glory']} glory" if isinstance(card.get("glory"), int) else "surge"


def _with_glory(sugg: Suggestion, card: dict[str, Any]) -> Suggestion:
    """A listed objective whose glory value our sources do not give: the player enters it from the card."""
    if not isinstance(card.get("glory"), int):
        sugg.bounds["glory"] = dict(GLORY_BOUND)
        sugg.label += " (enter its glory)"
    return sugg


def suggest_end_phase(rs: UnderworldsRuleset, state: UnderworldsState, seat: str,
                      upgrades: list[Suggestion]) -> list[Suggestion]:
    """The end phase sequence of `seat`: score, discard objectives, the `upgrades` it may play (power.py), discard
    power cards, done."""
    s = state["seats"][seat]
    stage = present(state, "end")["stage"]
    only = scores_only(rs, state)
    deck = state["decks"].get(seat)
    out = []
    if stage <= 1 and s["hand"]["objectives"] > 0:
        if deck:
            last = state["round"] == rs.rounds(state)[-1]
            for n in scoring.names_by_verdict(state, seat, cardmod.names(state, seat, "objectives")):
                c = deck["objectives"][n]
                if c.get("scoring") != "surge" and (c.get("scoring") != "third" or last):
                    worth = f" ({c['glory']} glory)" if isinstance(c.get("glory"), int) else ""
                    data = {"action": "score", "card": n}
                    sugg = (scoring.offer(state, seat, n, c, data, "End phase", worth) if scoring.has_condition(c)
                            else Suggestion("objective", seat, f"Score {n}{worth}", data, group="End phase"))
                    if sugg is not None:
                        out.append(_with_glory(sugg, c))
        if cardmod.unlisted_allowed(state, seat):
            out.append(Suggestion("objective", seat, "Score an objective" + (" (not listed)" if deck else ""),
                                  {"action": "score"}, bounds={"glory": dict(GLORY_BOUND)}, group="End phase"))
    if not only:
        if stage <= 2 and s["hand"]["objectives"] > 0:
            out.append(_discard(state, seat, "objective", {"action": "discard"}, "objectives", ("objective",)))
        if stage <= 3:
            out += upgrades
        if stage <= 4 and s["hand"]["power"] > 0:
            out.append(_discard(state, seat, "discard_power", {}, "power", None))
    out.append(Suggestion("end_phase_done", seat, "Done: draw cards" if not only else "Done scoring", {},
                          group="End phase"))
    return out


def _discard(state: UnderworldsState, seat: str, etype: str, data: dict[str, Any], kind: str,
             types: tuple[str, ...] | None) -> Suggestion:
    label = "Discard an objective card" if kind == "objectives" else "Discard a power card"
    listed: list[str | None] = [*cardmod.names(state, seat, kind)] if state["decks"].get(seat) else []
    if cardmod.unlisted_allowed(state, seat):
        listed = [*listed, None] if listed else []  # None: a card that is not listed (no name)
    if listed:
        return Suggestion(etype, seat, label, data, choices={"card": listed}, group="End phase")
    return Suggestion(etype, seat, label, data, group="End phase")
