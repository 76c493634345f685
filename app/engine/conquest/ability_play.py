"""Playing a card's ability from its record (content/conquest/abilities-*.yaml): where it may be played, what it
costs, its one choice, and its fixed effects applied as consequences citing the card.

An Action is initiated in an action window: the player's deployment turn or combat turn, of the phase its record
names (Rules summary, Cards, Abilities: Actions). A Reaction or Interrupt answers a window the game opened
(windows.py) whose trigger and conditions match. An event card is played from hand (its cost paid, then it goes
to the discard pile: Other rules, Event cards); a card in play uses its own ability. What the record says the
players carry out (`ask`) is logged as such, and they enter it with the card-effect entries.
"""
from __future__ import annotations

from typing import Any

from ..core import Consequence, Rule, Violation
from . import combat, damage, rules, victory, windows
from . import violations as V
from .board import HQ, other, units_at
from .cards import has_keyword, hp_left
from .deploy import TOKEN_LIMIT, enter_play, token_count
from .types import ConquestState

CARDS_BOOK = "Warhammer 40,000: Conquest core set"


def card_rule(name: str) -> Rule:
    """The citation of a card's own text (the source gives no card numbers: the card is named)."""
    return Rule(CARDS_BOOK, f"card {name}")


def record(state: ConquestState, seat: str, name: str) -> dict[str, Any] | None:
    """The seat's ability record of a card of its deck (None: not one the engine knows)."""
    return (state.get("abilities") or {}).get(seat, {}).get(name)


def from_hand(rec: dict[str, Any]) -> bool:
    """Played from hand: an event card, or a unit whose ability brings it from hand."""
    return rec.get("type") == "event" or rec.get("from_hand") is True


def sources(state: ConquestState, seat: str, rec: dict[str, Any]) -> list[str | None]:
    """The seat's cards that could use the ability: its copies in play (None for a card played from hand)."""
    if from_hand(rec):
        return [None] if state["seats"][seat]["hand"] > 0 else []
    found = [cid for cid, c in [*state["units"].items(), *state["cards"].items()]
             if c["owner"] == seat and c["name"] == rec["name"]]
    if rec.get("timing") in ("reaction", "interrupt") and rec.get("window") in ("leaves_play", "destroyed"):
        # The card that left play answers its own leaving (its id is the window's).
        found += [w["unit"] for w in state.get("window") or [] if w.get("name") == rec["name"] and w.get("seat") == seat]
        found += [a["id"] for w in state.get("window") or [] for a in w.get("attachments") or []
                  if a["name"] == rec["name"] and a["owner"] == seat]
    return list(dict.fromkeys(found))


def _action_window(state: ConquestState, seat: str, rec: dict[str, Any]) -> bool:
    phase = rec.get("phase", "any")
    if state["pending"]:
        return False
    if state["step"].get("name") == "deploy":
        return phase in ("any", "deploy") and state["step"].get("turn") == seat
    return phase in ("any", "combat") and combat.in_battle_turn(state, seat)


def matching_window(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None,
                    any_turn: bool = False) -> dict[str, Any] | None:
    """The open window this Reaction or Interrupt answers now with this card (None: none). `any_turn`: in a shield
    window, whoever's opportunity it is."""
    key = source or rec["name"]
    for w in windows.open_windows(state):
        if w["trigger"] != rec.get("window") or key in w["used"]:
            continue
        if w["trigger"] == "damage_assigned" and not any_turn and state["pending"][0].get("turn") != seat:
            continue  # the shield window's opportunities alternate (3. Combat, Shields)
        if windows.conditions_met(state, w, seat, source, rec.get("when") or {}):
            return w
    return None


def cost_total(rec: dict[str, Any]) -> int:
    """Resources the ability takes: the event card's cost plus what its ability asks."""
    printed: int = (rec.get("cost_printed") or 0) if rec.get("type") == "event" else 0
    asked: int = (rec.get("cost") or {}).get("resources", 0)
    return printed + asked


def choices(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None, window: dict[str, Any] | None,
            cost_unit: str | None = None) -> dict[str, list[Any]]:
    """The legal values of the fields the ability needs: `cost_unit` (a unit paid as its cost), `target`."""
    out: dict[str, list[Any]] = {}
    cost = rec.get("cost") or {}
    for key in ("exhaust_unit", "sacrifice_unit"):
        if key in cost:
            here = windows.anchor(state, source, window, None)
            units = windows.unit_choices(state, seat, {**cost[key], "side": "friendly"}, here, window, source)
            out["cost_unit"] = [u for u in units if (key == "exhaust_unit" and state["units"][u]["ready"])
                                or (key == "sacrifice_unit" and state["units"][u]["kind"] != "warlord")]
    if rec.get("target"):
        here = windows.anchor(state, source, window, cost_unit)
        out["target"] = windows.unit_choices(state, seat, rec["target"], here, window, source)
    return out


def problems(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None,
             data: dict[str, Any]) -> list[Violation]:
    """Why the ability cannot be played now with this card and these choices ([] when it can)."""
    window = None
    if rec["timing"] == "action":
        if not _action_window(state, seat, rec):
            return [V.NO_ACTION_WINDOW("Actions are used on your deployment or combat turn (of the phase the card "
                                       "names).", rules.ACTIONS)]
    else:
        window = matching_window(state, seat, rec, source)
        if window is None:
            return [V.NO_WINDOW(f"Nothing has happened that {rec['name']} answers.", rules.REACTIONS)]
    return cost_problems(state, seat, rec, source) + _choice_problems(state, seat, rec, source, window, data)


def cost_problems(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None) -> list[Violation]:
    s = state["seats"][seat]
    out = []
    if cost_total(rec) > s["resources"]:
        out.append(V.COST(f"That costs {cost_total(rec)}; you have {s['resources']} resources.", rules.DEPLOY_COST))
    cost = rec.get("cost") or {}
    card = state["units"].get(source or "") or state["cards"].get(source or "")
    if cost.get("exhaust_self") and card is not None and not card["ready"]:
        out.append(V.SOURCE_EXHAUSTED(f"{rec['name']} is exhausted.", rules.ABILITIES))
    if has_keyword(rec, "limited") and from_hand(rec) and s.get("limited_round") == state["round"]:
        out.append(V.LIMITED("You already deployed or played a Limited card this round.", rules.KW_LIMITED))
    limit = rec.get("limit")
    if limit and (state.get("ability_uses") or {}).get(source or rec["name"]) == _period(state, limit):
        out.append(V.ONCE(f"{rec['name']}: once per {limit}.", card_rule(rec["name"])))
    return out


def _period(state: ConquestState, limit: str) -> str:
    return f"{state['round']}:{state['phase']}" if limit == "phase" else str(state["round"])


def _choice_problems(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None,
                     window: dict[str, Any] | None, data: dict[str, Any]) -> list[Violation]:
    legal = choices(state, seat, rec, source, window, data.get("cost_unit"))
    for field, values in legal.items():
        if not values:
            return [V.NO_EFFECT(f"{rec['name']}: no unit can be chosen for it now, so it cannot be used.",
                                rules.CARD_EFFECTS)]
        if data.get(field) is None:
            return [V.CARD_CHOICE_NEEDED(f"Choose the {field.replace('_', ' ')} for {rec['name']}.",
                                         card_rule(rec["name"]))]
        if data[field] not in values:
            return [V.CARD_BAD_CHOICE(f"That {field.replace('_', ' ')} is not one {rec['name']} may choose.",
                                      card_rule(rec["name"]))]
    if not legal.get("target") and not _could_change(state, seat, rec, source, window):
        return [V.NO_EFFECT(f"{rec['name']} would change nothing now, so it cannot be used.", rules.CARD_EFFECTS)]
    return []


def _could_change(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None,
                  window: dict[str, Any] | None) -> bool:
    """A card ability can only be initiated if its effect could change the game state (Other rules, Card effects)."""
    if rec.get("ask") or not rec.get("does"):
        return True
    them = state["seats"][other(state, seat)]
    for eff in rec["does"]:
        kind = eff["kind"]
        if kind == "take_resource" and them["resources"] > state["seats"][seat]["resources"]:
            return True
        if kind == "opponent_discards" and them["hand"] > 0:
            return True
        if kind == "draw" and state["seats"][seat]["deck"] > 0:
            return True
        if kind == "token" and token_count(state, eff["token"]) < TOKEN_LIMIT and eff["token"] in state["tokens"]:
            return True
        if kind in ("gain_resources", "damage", "rout", "destroy", "move", "prevent"):
            return bool(recipients(state, seat, eff, source, window, None)) or kind == "gain_resources"
        if kind in ("ready", "exhaust", "remove_damage"):
            units = [state["units"].get(u) or state["cards"].get(u) for u in
                     recipients(state, seat, eff, source, window, None)]
            if any(u and ((kind == "ready") != u["ready"] if kind != "remove_damage" else u.get("damage"))
                   for u in units):
                return True
    return False


def recipients(state: ConquestState, seat: str, eff: dict[str, Any], source: str | None, window: dict[str, Any] | None,
               target: str | None) -> list[str]:
    """The cards an effect lands on (ids in play)."""
    to = eff.get("to")
    here = windows.anchor(state, source, window, None)
    if to == "this":
        ids = [source]
    elif to == "attached":
        card = state["cards"].get(source or "")
        ids = [card.get("attached_to")] if card else []
    elif to == "target":
        ids = [target]
    elif to in ("window_unit", "attacker", "defender"):
        ids = [window.get({"window_unit": "unit"}.get(to, to))] if window else []
    elif to == "each_enemy_here":
        ids = [u["id"] for u in units_at(state, here, other(state, seat))] if here is not None else []
    elif to == "each_other_here":
        ids = [u["id"] for u in state["units"].values() if u["at"] == here and u["id"] != source]
    else:
        ids = []
    return [i for i in ids if i and (i in state["units"] or i in state["cards"])]


def pay(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None,
        data: dict[str, Any]) -> list[Consequence]:
    """Pay the ability's costs: resources, the card itself (exhausted, sacrificed, damaged), a unit, the event card."""
    s = state["seats"][seat]
    s["resources"] -= cost_total(rec)
    cons: list[Consequence] = []
    if from_hand(rec) and rec.get("type") == "event":
        s["hand"] = max(0, s["hand"] - 1)
        s["discard"] += 1
        if has_keyword(rec, "limited"):
            s["limited_round"] = state["round"]
    if rec.get("limit"):
        state.setdefault("ability_uses", {})[source or rec["name"]] = _period(state, rec["limit"])
    cost = rec.get("cost") or {}
    card = state["units"].get(source or "") or state["cards"].get(source or "")
    if cost.get("exhaust_self") and card is not None:
        card["ready"] = False
        cons.append(Consequence("exhausted", {"card": source, "reason": rec["name"]}, card_rule(rec["name"])))
    if cost.get("exhaust_unit") and data.get("cost_unit") in state["units"]:
        state["units"][data["cost_unit"]]["ready"] = False
        cons.append(Consequence("exhausted", {"card": data["cost_unit"], "reason": rec["name"]}, card_rule(rec["name"])))
    if cost.get("damage_self") and source in state["units"]:
        unit = state["units"][source]
        unit["damage"] += cost["damage_self"]
        cons.append(Consequence("damage_taken", {"placed": {source: cost["damage_self"]}, "names": {source: unit["name"]}},
                                card_rule(rec["name"])))
        if hp_left(unit) <= 0:
            cons += damage.destroy(state, source, rules.DAMAGED_UNITS)
    for key, cid in (("sacrifice_self", source), ("sacrifice_unit", data.get("cost_unit"))):
        if cost.get(key) and cid is not None:
            cons += sacrifice(state, cid, rec["name"])
    return cons


def sacrifice(state: ConquestState, cid: str, name: str) -> list[Consequence]:
    """A sacrificed card leaves play without being destroyed (Other rules, Sacrifice): it opens no 'destroyed'
    window, only 'leaves play'."""
    if cid in state["cards"]:
        card = state["cards"].pop(cid)
        state["seats"][card["owner"]]["discard"] += 1
        damage.remember(state, cid, card["name"])
        return [Consequence("card_discarded", {"card": cid, "name": card["name"], "reason": name}, rules.SACRIFICE)]
    if cid not in state["units"]:
        return []
    cons = damage.destroy(state, cid, rules.SACRIFICE)
    state["window"] = [w for w in state.get("window") or [] if not (w["trigger"] == "destroyed" and w.get("unit") == cid)]
    return cons


def effect_hits(state: ConquestState, seat: str, rec: dict[str, Any], source: str | None, window: dict[str, Any] | None,
                target: str | None) -> dict[str, int]:
    """The damage the record's damage effects deal, by unit (dealt at once, through one shield window)."""
    hits: dict[str, int] = {}
    for eff in rec.get("does") or []:
        if eff["kind"] == "damage":
            for uid in recipients(state, seat, eff, source, window, target):
                if uid in state["units"]:
                    hits[uid] = hits.get(uid, 0) + eff["amount"]
    return hits


def apply_effect(state: ConquestState, seat: str, eff: dict[str, Any], name: str, ids: list[str],
                 here: Any) -> list[Consequence]:
    """One fixed effect on what the game tracks, cited to the card (damage is dealt by the caller)."""
    rule = card_rule(name)
    kind = eff["kind"]
    s, them = state["seats"][seat], state["seats"][other(state, seat)]
    if kind == "gain_resources":
        s["resources"] += eff["amount"]
        return [Consequence("resources", {"seat": seat, "amount": eff["amount"], "reason": name}, rule)]
    if kind == "take_resource":
        n = min(eff["amount"], them["resources"]) if them["resources"] > s["resources"] else 0
        them["resources"] -= n
        s["resources"] += n
        return [Consequence("ability_resources", {"from": other(state, seat), "to": seat, "amount": n}, rule)]
    if kind == "draw":
        got = victory.draw_cards(state, seat, eff["amount"])
        return [Consequence("cards", {"seat": seat, "hand": got, "deck": -got, "discard": 0, "reason": name}, rule)]
    if kind == "opponent_discards":
        n = min(eff["amount"], them["hand"])
        them["hand"] -= n
        them["discard"] += n
        opp = other(state, seat)
        return [Consequence("ability_discard" if eff.get("random") else "cards",
                            {"seat": opp, "amount": n} if eff.get("random") else
                            {"seat": opp, "hand": -n, "deck": 0, "discard": n, "reason": name}, rule)]
    if kind == "token":
        return _tokens(state, seat, eff, name, here)
    return _unit_effect(state, kind, eff, name, ids, here)


def _tokens(state: ConquestState, seat: str, eff: dict[str, Any], name: str, where: Any) -> list[Consequence]:
    token = state["tokens"].get(eff["token"])
    cons: list[Consequence] = []
    if token is None or where is None:
        return cons
    for _ in range(eff["amount"]):
        if token_count(state, token["name"]) >= TOKEN_LIMIT:
            break
        cid, _more = enter_play(state, seat, {**token, "cost": 0}, None if where == HQ else where, None)
        windows.note_unit(state, "enters_play", state["units"][cid])
        cons.append(Consequence("put_into_play", {"card": cid, "name": token["name"], "reason": name}, card_rule(name)))
    return cons


def _unit_effect(state: ConquestState, kind: str, eff: dict[str, Any], name: str, ids: list[str],
                 here: Any) -> list[Consequence]:
    rule = card_rule(name)
    cons: list[Consequence] = []
    for cid in ids:
        card: Any = state["units"].get(cid) or state["cards"].get(cid)
        if card is None:
            continue
        if kind in ("ready", "exhaust"):
            card["ready"] = kind == "ready"
            cons.append(Consequence("readied" if card["ready"] else "exhausted", {"card": cid, "reason": name}, rule))
        elif kind == "rout" and cid in state["units"]:
            card.update({"at": HQ, "ready": False})
            cons.append(Consequence("unit_moved", {"unit": cid, "to": HQ, "reason": name}, rules.ROUT))
        elif kind == "move" and cid in state["units"] and here is not None:
            card["at"] = here
            cons.append(Consequence("unit_moved", {"unit": cid, "to": here, "reason": name}, rule))
        elif kind == "remove_damage" and cid in state["units"]:
            n = card["damage"] if eff.get("all") else min(card["damage"], eff["amount"])
            card["damage"] -= n
            cons.append(Consequence("damage_removed", {"unit": cid, "amount": n, "reason": name}, rule))
        elif kind == "destroy":
            cons += damage.destroy(state, cid, rule) if cid in state["units"] else sacrifice(state, cid, name)
        elif kind == "prevent" and state["pending"] and state["pending"][0]["kind"] == "damage":
            pend = state["pending"][0]
            hit = pend["hits"].get(cid, 0)
            n = hit if eff.get("all") else min(hit, pend["prevented"].get(cid, 0) + eff["amount"])
            pend["prevented"][cid] = max(pend["prevented"].get(cid, 0), n)
            cons.append(Consequence("damage_prevented", {"unit": cid, "amount": pend["prevented"][cid]}, rule))
    return cons
