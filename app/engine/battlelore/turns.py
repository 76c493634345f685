"""The active player's turn: command, order and move steps, upkeep, turn start (captures, victory)."""
from __future__ import annotations

from ..core import Consequence, Event, Violation
from . import rules
from . import terrain as T
from . import violations as V
from .damage import suffer
from .types import BattleLoreState, BattleLoreUnit
from .units import has, movement
from .victory import check_vp_victory

MAIN_STEPS = ("command", "order", "move", "attack")
NEXT_STEP = {"order": "move", "move": "attack", "attack": "vp"}


def not_active(state: BattleLoreState, event: Event, rule: str) -> list[Violation]:
    """Main-phase events need the battle to be on. (Whose turn it is, is checked by the ruleset for
    every such event, next to these checks, so an override of the turn never hides another one.)"""
    if state["phase"] == "over":
        return [V.GAME_OVER("The game is over.", rules.WINNING)]
    if state["phase"] not in ("main",):
        return [V.WRONG_PHASE("The battle has not started yet.", rules.PHASES)]
    return []


ACTIVE_EVENTS = ("play_command", "order", "remove_token", "end_step", "move", "attack", "score_vp", "lore_step")


def turn_owner(state: BattleLoreState, event: Event) -> list[Violation]:
    """The active player's turn events are theirs alone. (Game phases)"""
    if event.type in ACTIVE_EVENTS and state["phase"] == "main" and event.by != state["active"]:
        return [V.NOT_YOUR_TURN("It is not your turn.", rules.PHASES)]
    return []


def combat_open(state: BattleLoreState) -> list[Violation]:
    """A combat must be resolved to its end before the turn goes on."""
    if state["combat"]:
        return [V.COMBAT_OPEN("Finish resolving the current combat first.", rules.COMBAT)]
    return []


def live_unit(state: BattleLoreState, uid: str) -> BattleLoreUnit:
    """The unit with this id (the caller has checked it exists)."""
    return state["units"][uid]


# -- turn start -------------------------------------------------------------------------------

def start_turn(state: BattleLoreState, seat: str) -> list[Consequence]:
    """A new turn for `seat`: victory check when the first player starts a turn, then captures."""
    state["turn"] += 1
    state["active"] = seat
    state["step"] = "command"
    state["command"] = None
    state["ordered"], state["moved"], state["attacked"] = [], [], []
    state["lore_blocked"] = None
    cons = [Consequence("turn_started", {"seat": seat, "turn": state["turn"]}, rules.PHASES)]
    order = [check_vp_victory, captures] if rules.VICTORY_BEFORE_CAPTURES else [captures, check_vp_victory]
    order.append(blood_fields)
    for step in order:
        cons.extend(step(state, seat))
        if state["winner"]:
            break
    return cons


def captures(state: BattleLoreState, seat: str) -> list[Consequence]:
    """At the start of your turn, your unit in an enemy command tent or hoard hex captures it. (Terrain)"""
    cons = []
    for uid in state["seats"][seat]["units"]:
        unit = state["units"][uid]
        fid = (unit.get("pos") or {}).get("feature")
        if not unit["alive"] or not fid:
            continue
        feat = state["features"][fid]
        vp = T.prop(feat["type"], "capture_vp")
        if not vp or feat["owner"] == seat or feat["removed"]:
            continue
        feat["removed"] = True
        state["seats"][seat]["vp"] += vp
        unit["pos"].update(terrain="clear", feature=None)
        cons.append(Consequence("captured", {"seat": seat, "feature": fid, "unit": uid, "vp": vp},
                                T.CAPTURE_RULES[feat["type"]]))
    return cons


def blood_fields(state: BattleLoreState, seat: str) -> list[Consequence]:
    """At the start of your turn, your unit in a friendly blood field hex recovers 1 health."""
    cons = []
    for uid in state["seats"][seat]["units"]:
        unit = state["units"][uid]
        fid = (unit.get("pos") or {}).get("feature")
        feat = state["features"].get(fid) if fid else None
        if unit["alive"] and feat and feat["type"] == "blood_field" and feat["owner"] == seat and unit["damage"]:
            unit["damage"] -= 1
            cons.append(Consequence("recovered", {"unit": uid, "amount": 1, "left": unit["health"] - unit["damage"]},
                                    T.prop("blood_field", "rule")))
    return cons


# -- command step -----------------------------------------------------------------------------

def check_play_command(state: BattleLoreState, event: Event) -> list[Violation]:
    """Play 1 command card, then resolve it or order 1 unit anywhere. (Command step)"""
    out = not_active(state, event, rules.COMMAND)
    if out:
        return out
    if state["step"] != "command":
        return [V.WRONG_STEP("You have already played your command card this turn.", rules.COMMAND, overridable=True)]
    if state["seats"][event.by]["command_cards"] < 1:
        return [V.NO_COMMAND_CARDS("You have no command card to play.", rules.COMMAND)]
    return []


def apply_play_command(state: BattleLoreState, event: Event) -> list[Consequence]:
    """The card is discarded; its section and number of units to order set the order step."""
    seat = state["seats"][event.by]
    seat["command_cards"] -= 1
    resolve = event.data.get("resolve", True)
    section = event.data["section"] if resolve else "any"
    units = event.data["units"] if resolve else 1
    state["command"] = {"card": event.data.get("card"), "section": section, "units": units,
                        "resolve": resolve, "text": event.data.get("text")}
    state["step"] = "order"
    return [Consequence("command_played", dict(state["command"], seat=event.by), rules.COMMAND)]


# -- order step -------------------------------------------------------------------------------

def can_order(state: BattleLoreState, unit: BattleLoreUnit) -> bool:
    """Is this unit orderable now under the played command card?"""
    cmd = state["command"] or {}
    return (unit["alive"] and unit["seat"] == state["active"] and unit["id"] not in state["ordered"]
            and len(state["ordered"]) < cmd.get("units", 0) and unit["pos"] is not None
            and T.in_section(unit["pos"]["section"], cmd.get("section", "any")))


def check_order(state: BattleLoreState, event: Event) -> list[Violation]:
    """Order units in the card's section, each at most once, no more than the card allows. (Order step)"""
    out = not_active(state, event, rules.ORDER)
    if out:
        return out
    if state["step"] != "order":
        return [V.WRONG_STEP("Units are ordered in the order step, after the command card.", rules.ORDER, overridable=True)]
    unit = live_unit(state, event.data["unit"])
    if unit["seat"] != event.by:
        return [V.NOT_YOUR_UNIT("You can only order friendly units.", rules.ORDER, overridable=False)]
    if not unit["alive"]:
        return [V.ELIMINATED(f"{unit['name']} has been eliminated.", rules.ORDER)]
    if unit["id"] in state["ordered"]:
        return [V.ALREADY_ORDERED("You can only order each unit once per turn.", rules.ORDER)]
    cmd = state["command"]
    out = []
    if len(state["ordered"]) >= cmd["units"]:
        out.append(V.ORDER_LIMIT(f"The command card orders {cmd['units']} unit(s).", rules.ORDER))
    if not T.in_section(unit["pos"]["section"], cmd["section"]):
        out.append(V.WRONG_SECTION(f"{unit['name']} is in the {unit['pos']['section']} section; the card orders {cmd['section']}.", rules.ORDER))
    return out


def apply_order(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Mark the unit ordered: it may move and attack this turn."""
    state["ordered"].append(event.data["unit"])
    return []


def check_remove_token(state: BattleLoreState, event: Event) -> list[Violation]:
    """In the order step, spend 2 lore to remove a poison or stun token from an ordered unit."""
    out = not_active(state, event, rules.POISON)
    if out:
        return out
    token = event.data["token"]
    rule = rules.STUN if token == "stun" else rules.POISON if token == "poison" else rules.MARKERS
    unit = live_unit(state, event.data["unit"])
    if token not in unit["tokens"]:  # first: in any step, no override removes a token the unit does not have
        return [V.NO_TOKEN(f"{unit['name']} has no {token} token.", rule, overridable=False)]
    if state["step"] != "order":
        return [V.WRONG_STEP("Tokens are removed during the order step.", rule, overridable=True)]
    if unit["id"] not in state["ordered"]:
        return [V.NOT_ORDERED("Only an ordered unit can have a token removed.", rule)]
    if state["seats"][event.by]["lore"] < rules.TOKEN_REMOVAL_LORE:
        return [V.NOT_ENOUGH_LORE(f"Removing a token costs {rules.TOKEN_REMOVAL_LORE} lore.", rule)]
    return []


def apply_remove_token(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Pay 2 lore; the token is gone."""
    unit = live_unit(state, event.data["unit"])
    unit["tokens"].remove(event.data["token"])
    state["seats"][event.by]["lore"] = max(0, state["seats"][event.by]["lore"] - rules.TOKEN_REMOVAL_LORE)
    return [Consequence("lore_spent", {"seat": event.by, "amount": rules.TOKEN_REMOVAL_LORE,
                                       "why": f"remove {event.data['token']}"}, rules.POISON)]


def check_end_step(state: BattleLoreState, event: Event) -> list[Violation]:
    """Order -> move -> attack -> upkeep, in that order. (Game phases)"""
    out = not_active(state, event, rules.PHASES)
    if out:
        return out
    if state["step"] not in NEXT_STEP:
        return [V.WRONG_STEP("Play a command card first." if state["step"] == "command"
                          else "Finish the upkeep steps.", rules.PHASES, overridable=False)]
    return combat_open(state)


def apply_end_step(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Go to the next step."""
    state["step"] = NEXT_STEP[state["step"]]
    return [Consequence("step", {"step": state["step"]}, rules.PHASES)]


def advance_to(state: BattleLoreState, step: str) -> list[Consequence]:
    """An overridden event of a later step moves the turn on to it. (Without an override, the earlier steps
    were closed before it as inferred passes: passes.py.)"""
    order = ["order", "move", "attack", "vp"]
    if state["step"] in order and order.index(state["step"]) < order.index(step):
        state["step"] = step
        return [Consequence("step", {"step": step}, rules.PHASES)]
    return []


# -- move step --------------------------------------------------------------------------------

def check_move(state: BattleLoreState, event: Event) -> list[Violation]:
    """Ordered units move up to their movement value, once, before attacks. (Move step)"""
    out = not_active(state, event, rules.MOVE)
    if out:
        return out
    if state["step"] != "move":
        # in the order step this closes by itself (passes.py): the move is judged in the move step
        return [V.WRONG_STEP("Units move in the move step, after the order step and before any attack.", rules.MOVE,
                             overridable=True)]
    unit = live_unit(state, event.data["unit"])
    if unit["seat"] != event.by or not unit["alive"]:
        return [V.NOT_YOUR_UNIT("Move one of your units in play.", rules.MOVE, overridable=False)]
    out = []
    if unit["id"] not in state["ordered"]:
        out.append(V.NOT_ORDERED(f"{unit['name']} was not ordered this turn.", rules.ORDER))
    if unit["id"] in state["moved"]:
        out.append(V.ALREADY_MOVED(f"{unit['name']} has already moved this turn.", rules.MOVE))
    if "stun" in unit["tokens"]:
        out.append(V.STUNNED(f"{unit['name']} is stunned and cannot move.", rules.STUN))
    if event.data["hexes"] > movement(unit):
        out.append(V.TOO_FAR(f"{unit['name']} moves at most {movement(unit)} hex(es).", rules.MOVE))
    out.extend(T.check_position(state, unit, event.data["to"], rules.MOVE))
    return out


def apply_move(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Put the unit in its new hex; rubble hurts on entry."""
    cons = advance_to(state, "move")
    unit = live_unit(state, event.data["unit"])
    unit["pos"] = T.normalise_position(state, event.data["to"])
    state["moved"].append(unit["id"])
    hurt = T.prop(unit["pos"]["terrain"], "enter_damage", 0)
    if hurt and not has(unit, "flying"):
        cons.extend(suffer(state, unit["id"], hurt, rules.RUBBLE, "moved into rubble"))
    return cons


# -- upkeep -----------------------------------------------------------------------------------

def banner_vp(state: BattleLoreState, seat: str) -> int:
    """VP for banner hexes occupied by friendly units (and friendly faction banners). (VP step)"""
    total = 0
    for uid in state["seats"][seat]["units"]:
        unit = state["units"][uid]
        if unit["alive"] and unit["pos"]:
            total += unit["pos"].get("banner", 0) or 0
            if unit["pos"].get("faction_banner") == seat:
                total += 1  # Markers, Faction banner markers
    return total


def check_score_vp(state: BattleLoreState, event: Event) -> list[Violation]:
    """The upkeep starts with the VP step, after the attack step. (Upkeep phase)"""
    out = not_active(state, event, rules.VP_STEP)
    if out:
        return out
    if state["step"] == "command":
        return [V.WRONG_STEP("Play a command card first.", rules.COMMAND, overridable=True)]
    if state["step"] == "lore":
        return [V.WRONG_STEP("VPs are already scored this turn.", rules.VP_STEP, overridable=True)]
    out = combat_open(state)
    if not out and state["step"] != "vp":
        # the order, move and attack steps close by themselves before it (passes.py)
        out = [V.WRONG_STEP("VPs are scored in the upkeep, after the attack step.", rules.VP_STEP, overridable=True)]
    return out


def apply_score_vp(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Earn banner and scenario VPs, then draw 1 command card."""
    cons = advance_to(state, "vp")
    seat = state["seats"][event.by]
    banners = banner_vp(state, event.by)
    scenario = event.data.get("scenario_vp") or 0
    seat["vp"] += banners + scenario
    cons.append(Consequence("vp_earned", {"seat": event.by, "banners": banners, "scenario": scenario,
                                          "total": seat["vp"], "reason": event.data.get("reason")},
                            rules.VP_STEP))
    seat["command_cards"] += 1
    cons.append(Consequence("command_drawn", {"seat": event.by, "hand": seat["command_cards"]}, rules.DRAW_STEP))
    state["step"] = "lore"
    return cons


LORE_CHOICES = {"tokens": (2, 0, 0), "token_and_card": (1, 1, 0), "two_cards": (0, 2, 1)}


def check_lore_step(state: BattleLoreState, event: Event) -> list[Violation]:
    """One of the three lore choices, after the draw step. (Lore step)"""
    out = not_active(state, event, rules.LORE_STEP)
    if out:
        return out
    if state["step"] != "lore":
        return [V.WRONG_STEP("The lore step comes after the VP and draw steps.", rules.LORE_STEP, overridable=True)]
    return []


def apply_lore_step(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Gain tokens/cards, discard down to 4 lore cards, and pass the turn."""
    seat = state["seats"][event.by]
    tokens, cards, discard = LORE_CHOICES[event.data["choice"]]
    seat["lore"] += tokens
    seat["lore_cards"] = max(0, seat["lore_cards"] + cards - discard)
    cons = [Consequence("lore_step", {"seat": event.by, "choice": event.data["choice"], "tokens": tokens,
                                      "cards": cards, "discarded": discard}, rules.LORE_STEP)]
    if seat["lore_cards"] > rules.MAX_LORE_CARDS:
        extra = seat["lore_cards"] - rules.MAX_LORE_CARDS
        seat["lore_cards"] = rules.MAX_LORE_CARDS
        cons.append(Consequence("lore_discarded", {"seat": event.by, "amount": extra}, rules.LORE_STEP))
    nxt = next(s for s in state["seats"] if s != event.by)
    cons.extend(start_turn(state, nxt))
    return cons


# -- lore cards -------------------------------------------------------------------------------

def check_play_lore(state: BattleLoreState, event: Event) -> list[Violation]:
    """Pay the lore cost; 1 lore card per turn per player. (Lore cards)"""
    if state["phase"] != "main":
        return [V.WRONG_PHASE("Lore cards are played during the battle.", rules.LORE_CARDS)]
    seat = state["seats"][event.by]
    out = []
    if seat["lore_cards"] < 1:
        out.append(V.NO_LORE_CARDS("You have no lore card in hand.", rules.LORE_CARDS))
    if seat["lore"] < event.data["cost"]:
        out.append(V.NOT_ENOUGH_LORE(f"You have {seat['lore']} lore; the card costs {event.data['cost']}.", rules.LORE_CARDS))
    if seat["lore_played_turn"] == state["turn"]:
        out.append(V.ONE_LORE_CARD("You may use 1 lore card per turn.", rules.LORE_CARDS))
    if state.get("lore_blocked") == event.by:
        out.append(V.LORE_BLOCKED("Your opponent's card stops you playing another lore card this turn.", rules.RUNIC_BARRIER))
    return out


def apply_play_lore(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Spend the lore, discard the card; its effect is entered as separate events."""
    seat = state["seats"][event.by]
    seat["lore"] -= event.data["cost"]
    seat["lore_cards"] -= 1
    seat["lore_played_turn"] = state["turn"]
    known = {c["name"]: c for c in state["options"].get("cards", {}).get("lore", [])}
    if event.data.get("blocks_opponent") or known.get(event.data["card"], {}).get("blocks_opponent"):
        # Lore card clarifications, Runic Barrier / Mana Break: no other lore card this turn
        state["lore_blocked"] = next(s for s in state["seats"] if s != event.by)
    return [Consequence("lore_card_played", {"seat": event.by, "card": event.data["card"],
                                             "cost": event.data["cost"]}, rules.LORE_CARDS)]
