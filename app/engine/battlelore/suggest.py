"""Legal next events for a seat, as complete events or templates with finite choices or bounds.

Templates are built so that any combination of the offered choices is a legal event: a bot can
play a whole game from these suggestions alone.
"""
from __future__ import annotations

from typing import Any, cast

from ..core import Advice, Suggestion
from . import rules
from . import terrain as T
from .answers import cards_for_now
from .setup import muster_cost, scenario_choices
from .turns import LORE_CHOICES, can_order
from .types import BattleLoreState, BattleLoreUnit
from .units import FACES, REMOVABLE_FOR_LORE, TOKENS, dice_for, has, missing_numbers, movement

BANNERS = [0, 1, 2, 3]
# Suggestion groups (headings on the phone); TABLE and LORE are card effects anyone may enter.
TABLE, LORE, UNITS, UPKEEP = "Table", "Lore", "Unit cards", "Upkeep"
STEP_LABELS = {"order": "Done ordering", "move": "Done moving", "attack": "Done attacking"}


def suggest(state: BattleLoreState, seat: str) -> Advice:
    """What `seat` can do now, and whom the game waits for."""
    step = {"phase": state["phase"], "step": state["step"], "active": state["active"],
            "turn_number": state["turn"], "combat": (state["combat"] or {}).get("stage"),
            "label": step_label(state)}
    if seat not in state["seats"] or state["phase"] == "over":
        return Advice(seat, step, [], None, [])
    phase = state["phase"]
    if phase == "scenario":
        sugg = [] if state["seats"][seat]["scenario"] else [
            Suggestion("choose_scenario", seat, "Choose scenario card",
                       choices={"scenario": scenario_choices(state, seat)})]
        waiting = [s for s, v in state["seats"].items() if not v["scenario"]]
        return Advice(seat, step, sugg + [unit_card_template(seat)], None, waiting)
    if phase == "first_player":
        return Advice(seat, step, [Suggestion("first_player", seat, f"{s} goes first", {"seat": s})
                                   for s in state["seats"]], None, list(state["seats"]))
    if phase == "muster":
        waiting = [s for s, v in state["seats"].items() if v["army"] is None]
        sugg = []
        if state["seats"][seat]["army"] is None:
            army = auto_army(state, seat)
            if army:
                sugg.append(Suggestion("muster", seat, "Muster this army", army))
            sugg.append(unit_card_template(seat))
        return Advice(seat, step, sugg, None, waiting)
    if phase == "deploy":
        return Advice(seat, step, _deploy(state, seat),
                      None, [s for s, v in state["seats"].items() if not v["deployed"]])
    return _battle(state, seat, step)


STEP_TEXT = {"command": "Play a command card", "order": "Order units", "move": "Move ordered units",
             "attack": "Attack with ordered units", "vp": "Victory points and draw", "lore": "Lore step"}
PHASE_TEXT = {"scenario": "Choose scenario cards", "first_player": "Decide the first player",
              "muster": "Muster armies", "deploy": "Place units", "over": "Game over"}
COMBAT_TEXT = {"defend": "Resolve damage and retreats", "counter": "Counter or not", "advance": "Advance or stay"}


def label(state: BattleLoreState, uid: str) -> str:
    """A unit's name as players say it: "Spearmen 2" when they have more than one."""
    unit = state["units"][uid]
    same = sum(1 for u in state["units"].values() if u["seat"] == unit["seat"] and u["slug"] == unit["slug"])
    return f"{unit['name']} {uid.rsplit('-', 1)[-1]}" if same > 1 else unit["name"]


def step_label(state: BattleLoreState) -> str:
    """What the table is doing now, in words."""
    if state["combat"]:
        return COMBAT_TEXT[state["combat"]["stage"]]
    if state["phase"] == "main":
        return STEP_TEXT.get(state["step"], "")
    return PHASE_TEXT.get(state["phase"], "")


# -- setup ------------------------------------------------------------------------------------

def unit_card_template(seat: str) -> Suggestion:
    """Enter a unit reference card: every combination of these choices is a valid record."""
    return Suggestion("unit_card", seat, "Enter a unit card", {"unit": {}}, group=UNITS,
                      choices={"unit.health": list(range(1, 7)), "unit.movement": list(range(0, 5)),
                               "unit.combat": list(range(1, 6)), "unit.attack": ["melee", "ranged"],
                               "unit.range": list(range(2, 6)), "unit.muster": list(range(1, 13)),
                               "unit.damage_tokens": [False, True]},
                      bounds={"unit.name": {"type": "str"}})


def auto_army(state: BattleLoreState, seat: str) -> dict[str, Any] | None:
    """A legal army from the seat's unit list (round-robin, cheapest first), or None if none fits."""
    cat = state["seats"][seat]["catalogue"]
    usable = sorted((r for r in cat.values() if not missing_numbers(r) and r.get("kind", "unit") == "unit"),
                    key=lambda r: (r["muster"], r["slug"]))
    prebuilt = state["options"].get("prebuilt", False)
    if prebuilt:
        return {"army": {r["slug"]: 1 for r in usable[:rules.DEPLOYMENT_HEXES]}} if usable else None
    for tent in (False, True):
        budget = rules.MUSTER_POINTS + (rules.TENT_BONUS if tent else 0)
        army: dict[str, int] = {}
        room = rules.ARMY_CARDS - (1 if tent else 0)
        added = True
        while added and sum(army.values()) < room:
            added = False
            for rec in usable:
                n = army.get(rec["slug"], 0)
                if rec.get("cards") is not None and n >= rec["cards"]:
                    continue
                if sum(army.values()) >= room:
                    break
                if muster_cost(state, seat, {**army, rec["slug"]: n + 1}) <= budget:
                    army[rec["slug"]] = n + 1
                    added = True
        decoys = room - sum(army.values())
        if army and decoys <= rules.DECOYS:
            return {"army": army, "command_tent": tent, "decoys": decoys}
    return None


def _terrain_choices(state: BattleLoreState, unit: BattleLoreUnit, features: bool = True) -> list[str]:
    """Terrain a unit may stand in: plain types (water only when flying) and free tiles."""
    out = [t for t in T.PLAIN if not T.prop(t, "impassable") or has(unit, "flying")]
    if features:
        taken = {(u.get("pos") or {}).get("feature") for u in state["units"].values()
                 if u["alive"] and u["id"] != unit["id"]}
        out += [f for f, feat in state["features"].items() if not feat["removed"] and f not in taken]
    return out


def _position_choices(state: BattleLoreState, unit: BattleLoreUnit, prefix: str = "to",
                      terrain: list[str] | None = None) -> dict[str, Any]:
    return {f"{prefix}.section": list(T.SECTIONS),
            f"{prefix}.terrain": terrain if terrain is not None else _terrain_choices(state, unit),
            f"{prefix}.banner": list(BANNERS)}


def _deploy(state: BattleLoreState, seat: str) -> list[Suggestion]:
    """Place each unplaced unit (a placed one can be moved again with reposition-free `place`)."""
    if state["seats"][seat]["deployed"]:
        return []
    unplaced = [u for u in state["seats"][seat]["units"] if state["units"][u]["pos"] is None]
    if not unplaced:
        return [Suggestion("deploy_done", seat, "Deployment done", {})]
    unit = state["units"][unplaced[0]]
    return [Suggestion("place", seat, f"Place {label(state, unit['id'])}", {"unit": unit["id"], "to": {}},
                       choices=_position_choices(state, unit, terrain=_terrain_choices(state, unit, False)),
                       group="Deploy")]


# -- battle -----------------------------------------------------------------------------------

def _battle(state: BattleLoreState, seat: str, step: dict[str, Any]) -> Advice:
    active = state["active"]
    c = state["combat"]
    sugg: list[Suggestion] = []
    if c:
        waiting = [c["waiting"]]
        if c["waiting"] == seat:
            sugg = {"defend": _defend, "counter": _counter, "advance": _advance}[c["stage"]](state, seat)
            if c["stage"] == "advance" and seat == active:
                # the next attack or the upkeep stays by itself (passes.py): offered beside the advance
                sugg += [x for x in _turn(state, seat) if x.type != "end_step"]
        # An open combat is a step of the attack, not a reaction step (BattleLore has none): it is told in the
        # step, and the phones show it as the turn's combat, not as a window the other player may use.
        step["label"] = (f"{'Counter' if c['counter'] else 'Combat'}: {label(state, c['attacker'])} → "
                         f"{label(state, c['target'])} · {COMBAT_TEXT[c['stage']]}")
    else:
        waiting = [active]
        if seat == active:
            sugg = _turn(state, seat)
    sugg.extend(_lore(state, seat))
    sugg.extend(_table(state, seat))
    return Advice(seat, step, sugg, None, waiting)


def _turn(state: BattleLoreState, seat: str) -> list[Suggestion]:
    st = state["step"]
    out = []
    if st == "command":
        for card in state["options"].get("cards", {}).get("command", []):
            # a known card: its section from its name, the number of units from the card
            data = {"card": card["name"], "resolve": True}
            choices: dict[str, list[Any]] = {"units": [1, 2, 3, 4]}
            if card.get("section"):
                data["section"] = card["section"]
            else:
                choices["section"] = list(T.CARD_SECTIONS)
            out.append(Suggestion("play_command", seat, card["name"], data, choices=choices, group="Command cards"))
        out.append(Suggestion("play_command", seat, "Play command card", {"resolve": True},
                              choices={"section": list(T.CARD_SECTIONS), "units": [1, 2, 3, 4]}))
        out.append(Suggestion("play_command", seat, "Play a card to order 1 unit anywhere",
                              {"section": "any", "units": 1, "resolve": False}))
    elif st in STEP_LABELS:
        # Later steps' events close the earlier ones by themselves (passes.py): ordered units can move or attack
        # and the upkeep can start without a "done" tap, so each step's entries are offered from the order step on.
        if st == "order":
            out.extend(_orders(state, seat))
        if st in ("order", "move"):
            out.extend(_moves(state, seat))
        out.extend(_attacks(state, seat))
        out.append(Suggestion("score_vp", seat, "Score VPs and draw", {"scenario_vp": 0}, group=UPKEEP))
        out.append(Suggestion("score_vp", seat, "Score VPs (with scenario VPs)", {},
                              bounds={"scenario_vp": {"type": "int", "min": 0, "max": 20}}, group=UPKEEP))
        out.append(Suggestion("end_step", seat, STEP_LABELS[st], {}, is_pass=True))
    elif st == "vp":
        out.append(Suggestion("score_vp", seat, "Score VPs and draw", {"scenario_vp": 0}))
        out.append(Suggestion("score_vp", seat, "Score VPs (with scenario VPs)", {},
                              bounds={"scenario_vp": {"type": "int", "min": 0, "max": 20}}))
    elif st == "lore":
        labels = {"tokens": "Take 2 lore", "token_and_card": "1 lore + 1 lore card",
                  "two_cards": "Draw 2 lore cards, discard 1"}
        out.extend(Suggestion("lore_step", seat, labels[c], {"choice": c}) for c in LORE_CHOICES)
    return out


def _orders(state: BattleLoreState, seat: str) -> list[Suggestion]:
    """One tap per unit the command card lets you order, and token removals for ordered units."""
    out = [Suggestion("order", seat, f"Order {label(state, u)}", {"unit": u}, group="Order")
           for u in state["seats"][seat]["units"] if can_order(state, state["units"][u])]
    if state["seats"][seat]["lore"] >= rules.TOKEN_REMOVAL_LORE:
        for uid in state["ordered"]:
            for tok in state["units"][uid]["tokens"]:
                if tok in REMOVABLE_FOR_LORE:
                    out.append(Suggestion("remove_token", seat, f"Remove {tok} (2 lore)",
                                          {"unit": uid, "token": tok}, group="Order"))
    return out


def _moves(state: BattleLoreState, seat: str) -> list[Suggestion]:
    """Each ordered unit that has not moved and can, up to its movement value."""
    out = []
    for uid in state["ordered"]:
        unit = state["units"][uid]
        if unit["alive"] and uid not in state["moved"] and "stun" not in unit["tokens"] and movement(unit) > 0:
            out.append(Suggestion("move", seat, f"Move {label(state, uid)}", {"unit": uid, "to": {}},
                                  choices={"hexes": list(range(1, movement(unit) + 1)),
                                           **_position_choices(state, unit)}, group="Move"))
    return out


def _roll_template(n: int) -> tuple[list[Any], dict[str, Any]]:
    return [None] * n, {f"roll.{i}": list(FACES) for i in range(n)}


def _attacks(state: BattleLoreState, seat: str) -> list[Suggestion]:
    out = []
    enemies = [u for u in state["units"].values() if u["alive"] and u["seat"] != seat]
    for uid in state["ordered"]:
        att = state["units"][uid]
        if not att["alive"] or uid in state["attacked"] or "stun" in att["tokens"]:
            continue
        for tgt in enemies:
            n, _ = dice_for(att, tgt)
            roll, choices = _roll_template(n)
            data: dict[str, Any] = {"attacker": uid, "target": tgt["id"], "kind": att["attack"], "roll": roll}
            if att["attack"] == "melee" or tgt["pos"]["terrain"] == "cavern":
                if att["attack"] == "ranged" and (att.get("min_range") or 1) > 1:
                    continue
                data["distance"] = 1
            else:
                lo, hi = att.get("min_range") or 1, att.get("range") or 0
                if hi < lo:
                    continue
                data["los"] = True
                choices["distance"] = list(range(lo, hi + 1))
            # grouped by attacker: the phone asks for the attacking unit, then its target
            out.append(Suggestion("attack", seat, f"{label(state, uid)} attacks {label(state, tgt['id'])}", data,
                                  choices=choices, group=f"Attack with {label(state, uid)}"))
    return out


def _defend(state: BattleLoreState, seat: str) -> list[Suggestion]:
    """Ways to resolve the hits: complete events for the usual cases, templates where a hex or an
    ignored amount must be entered. Every combination offered is legal."""
    c = state["combat"]
    target = state["units"][c["target"]]
    dmg, need = max(0, c["damage"]), max(0, c["retreats"])
    hurt = f"{dmg} damage" if dmg else "no damage"
    ignore = {"ignore_damage": {"type": "int", "min": 1, "max": dmg}} if dmg else {}

    def s(text: str, data: dict[str, Any], choices: dict[str, list[Any]] | None = None,
          bounds: dict[str, dict[str, Any]] | None = None) -> Suggestion:
        return Suggestion("defend", seat, text, data, choices=choices or {}, bounds=bounds or {})

    if not need:
        out = [s(f"Take {hurt}", {})]
        if dmg:
            out.append(s("Ignore some damage (ability or card)", {}, bounds=ignore))
        return out
    out = []
    cannot = "stun" in target["tokens"] or has(target, "unyielding")
    if not cannot:
        out.append(s(f"Take {hurt}, retreat {need}", {"moved": need, "end": "free", "to": {}},
                     _position_choices(state, target)))
    out.append(s(f"Take {hurt}; supported: ignore retreats", {"moved": 0, "end": "supported"}))
    out.append(s(f"Take {hurt}; cannot retreat ({need} more damage)", {"moved": 0, "end": "blocked"}))
    if not cannot and need > 1:
        partial = list(range(1, need))
        for end, text in (("blocked", "then blocked"), ("supported", "then supported")):
            out.append(s(f"Retreat part of the way, {text}", {"end": end, "to": {}},
                         {"moved": partial, **_position_choices(state, target)}))
        stopping = [t for t in _terrain_choices(state, target)
                    if T.prop(state["features"][t]["type"] if t in state["features"] else t, "stops_retreat")]
        if stopping and not has(target, "flying"):
            out.append(s("Retreat into terrain that stops it", {"end": "free", "to": {}},
                         {"moved": partial, **_position_choices(state, target, terrain=stopping)}))
    out.append(s("Ignore the retreats (ability)", {"ignore_retreats": need, "moved": 0, "end": "free"}))
    if dmg:
        out.append(s("Ignore some damage (ability or card), no retreat", {"moved": 0},
                     {"end": ["supported", "blocked"]}, ignore))
    return out


def _counter(state: BattleLoreState, seat: str) -> list[Suggestion]:
    c = state["combat"]
    unit, foe = state["units"][c["target"]], state["units"][c["attacker"]]
    n, _ = dice_for(unit, foe)
    roll, choices = _roll_template(n)
    return [Suggestion("counter", seat, f"{label(state, unit['id'])} counters", {"roll": roll}, choices=choices),
            Suggestion("decline", seat, "No counter", {"window": "counter"})]


def _advance(state: BattleLoreState, seat: str) -> list[Suggestion]:
    return [Suggestion("advance", seat, "Advance into the hex", {}),
            Suggestion("decline", seat, "Stay", {"window": "advance"}, is_pass=True)]


def _lore(state: BattleLoreState, seat: str) -> list[Suggestion]:
    s = state["seats"][seat]
    if (s["lore_cards"] < 1 or s["lore_played_turn"] == state["turn"] or state.get("lore_blocked") == seat):
        return []
    cost = {"cost": {"type": "int", "min": 0, "max": min(20, s["lore"])}}
    out = []
    for card in cards_for_now(state, seat):
        # its window is open now (answers.open_windows): offered by name, its cost typed unless the content knows it
        known = card.get("cost")
        out.append(Suggestion("play_lore", seat, f"Play {card['name']}", {"card": card["name"],
                              **({"cost": known} if known is not None else {})},
                              bounds={} if known is not None else dict(cost), group=LORE))
    names = [c["name"] for c in state["options"].get("cards", {}).get("lore", [])]
    if names:
        out.append(Suggestion("play_lore", seat, "Play a lore card", {}, choices={"card": names},
                              bounds=dict(cost), group=LORE))
    out.append(Suggestion("play_lore", seat, "Play another lore card" if names else "Play lore card", {},
                          bounds={"card": {"type": "str"}, **cost}, group=LORE))
    return out


def _table(state: BattleLoreState, seat: str) -> list[Suggestion]:
    """Card and ability effects anyone at the table may enter."""
    alive = [u for u in state["units"].values() if u["alive"]]
    if not alive:
        return []
    ids = [u["id"] for u in alive]
    out = [Suggestion("damage", seat, "Damage from an effect", {"source": "effect"},
                      choices={"unit": ids}, bounds={"amount": {"type": "int", "min": 1, "max": 6}},
                      group=TABLE),
           Suggestion("token", seat, "Give a token", {"action": "add"},
                      choices={"unit": ids, "token": list(TOKENS)}, group=TABLE)]
    for u in alive:
        for tok in u["tokens"]:
            out.append(Suggestion("token", seat, f"Remove {tok} from {label(state, u['id'])}",
                                  {"unit": u["id"], "token": tok, "action": "remove"}, group=TABLE))
    free = [t for t in _terrain_choices(state, cast(BattleLoreUnit, {"id": None, "traits": [], "abilities": []}))]
    out.append(Suggestion("reposition", seat, "Move or place a unit (card effect)", {"to": {}},
                          choices={"unit": ids, "to.section": list(T.SECTIONS), "to.terrain": free,
                                   "to.banner": list(BANNERS)}, group=TABLE))
    out.append(Suggestion("adjust", seat, "VP or lore from a card", {"seat": seat},
                          bounds={"vp": {"type": "int", "min": 0, "max": 5}, "lore": {"type": "int", "min": 0, "max": 5},
                                  "reason": {"type": "str"}}, group=TABLE))
    for sid, s in state["seats"].items():
        for key, what, held in (("vp", "VP", s["vp"]), ("lore", "lore token", s["lore"])):
            if held > 0:
                out.append(Suggestion("adjust", seat, f"Correct: {s['name']} loses 1 {what}",
                                      {"seat": sid, key: -1, "reason": "correction"}, group=TABLE))
    hurt = [u["id"] for u in alive if u["damage"]]
    if hurt:
        out.append(Suggestion("heal", seat, "Recover health", {}, choices={"unit": hurt},
                              bounds={"amount": {"type": "int", "min": 1, "max": 6}}, group=TABLE))
    return out
