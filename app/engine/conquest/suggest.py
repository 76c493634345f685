"""What each seat may do next, as complete events or templates with finite choices and int bounds."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Advice, Event, Suggestion
from . import abilities, ability_entries, combat, command, damage, passes
from .board import (
    adjacent_slots,
    battle_now,
    controlled_cards,
    dial_number,
    face_up_slots,
    other,
    planet_label,
    seats,
    units_at,
    warlord,
)
from .cards import has_keyword, is_relic, keyword_value, no_attachments_trait
from .deploy import TOKEN_LIMIT, token_count
from .headquarters import face_down
from .opening import unseen_planets
from .types import ConquestState

if TYPE_CHECKING:
    from .ruleset import ConquestRuleset

# Bounds offered for numbers typed from a physical card; the catalogue allows more.
STAT_BOUNDS = {"card.attack": {"type": "int", "min": 0, "max": 8}, "card.hp": {"type": "int", "min": 1, "max": 10},
               "card.command": {"type": "int", "min": 0, "max": 3}}
NAME = {"type": "str"}
# Card effects entered at the table are grouped apart (the shared random player plays them rarely).
TABLE = "Table"
PLAIN_KEYWORDS = ["ranged", "flying", "armorbane", "brutal", "mobile", "ambush", "no attachments", "area effect 1"]


def plural(n: int, word: str) -> str:
    """"1 card", "2 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cost(resources: int) -> dict[str, Any]:
    """Cost bounds: what the pool can pay, within the catalogue's limit."""
    return {"type": "int", "min": 0, "max": min(resources, 20)}


MAX_LOOKAHEAD = 6  # open optional steps passed in a row at most (a shield, two retreats, a Battle ability...)


def suggest(state: ConquestState, seat: str, rs: ConquestRuleset | None = None) -> Advice:
    """The advice for one seat: what is legal now and, with the ruleset `rs`, what becomes legal once the
    optional steps open now pass (an attack of the next combat round while a retreat opportunity is open)."""
    advice = _now(state, seat)
    if rs is None or seat not in state["seats"]:
        return advice
    later = _beyond_passes(rs, state, seat)
    if later:
        for s in advice.suggestions:
            s.is_pass = s.is_pass or passes.is_decision_pass(s.type, s.data)
        labels = {(s.type, s.label) for s in advice.suggestions}
        advice.suggestions = [s for s in advice.suggestions if s.group != TABLE] + \
            [s for s in later if (s.type, s.label) not in labels] + \
            [s for s in advice.suggestions if s.group == TABLE]
    return advice


def _beyond_passes(rs: ConquestRuleset, state: ConquestState, seat: str) -> list[Suggestion]:
    """The seat's entries of the game's sequence in the states reached by passing the open optional steps, one at
    a time, as its next entry would (passes.implied_pass): each of them closes those steps when entered (a
    defender's shield window, then his retreat opportunity: his retreat, or his attack of the next round)."""
    out: list[Suggestion] = []
    trial, passed = state, []
    for _ in range(MAX_LOOKAHEAD):
        implied = passes.implied_pass(trial, passes.probe(trial, seat))
        if implied is None or rs.check_event(trial, implied.event):
            break
        passed.append(trial)
        trial, _ = rs.apply_in_place(rs.copy_state(trial), implied.event, passes=[])
        # Only an entry that closes every step passed so far gets there (a Battle ability entered now is this
        # battle's, never the next one's).
        seen = {(s.type, s.label) for s in out}
        out += [s for s in _now(trial, seat).suggestions
                if s.type in passes.SEQUENCE_EVENTS and not passes.is_decision_pass(s.type, s.data)
                and (s.type, s.label) not in seen
                and all(passes.implied_pass(at, Event(s.type, seat, {})) for at in passed)]
    return out


def _now(state: ConquestState, seat: str) -> Advice:
    """What is legal for the seat in this very state."""
    step = _step(state)
    if seat not in state["seats"] or state.get("result"):
        return Advice(seat, step, [], None, [])
    if state["pending"]:
        return _prompt(state, seat, step)
    phase = state["phase"]
    name = state["step"].get("name")
    out: list[Suggestion] = []
    waiting: list[str] = []
    if phase == "setup":
        out, waiting = _setup(state, seat)
    elif name == "deploy":
        waiting = [state["step"]["turn"]]
        if state["step"]["turn"] == seat:
            out = _deploy_turn(state, seat)
        elif command.early_dial(state, seat):
            out = [Suggestion("commit", seat, f"Dial {dial_number(state, s)}: {planet_label(state, s)}",
                              {"planet": s}, group="Command dial") for s in face_up_slots(state)]
    elif name == "commit":
        dials = state["step"]["dials"]
        waiting = [s for s in seats(state) if s not in dials]
        if seat not in dials:
            out = [Suggestion("commit", seat, f"Dial {dial_number(state, s)}: {planet_label(state, s)}",
                              {"planet": s}, group="Command dial") for s in face_up_slots(state)]
    elif name == "bonuses":
        item = state["step"]["queue"][0]
        waiting = [item["seat"]]
        if item["seat"] == seat:
            out = _bonus(state, seat, item["planet"])
    elif name == "mobile":
        waiting = [state["step"]["turn"]]
        if state["step"]["turn"] == seat:
            out = _mobile(state, seat)
    elif name == "battle":
        out, waiting = _battle(state, seat)
    elif name == "headquarters":
        waiting = seats(state)
        down = face_down(state)
        if down:
            out = [Suggestion("headquarters", seat, "Headquarters: reveal the next planet", {},
                              choices={"reveal": unseen_planets(state)})]
        else:
            out = [Suggestion("headquarters", seat, "Headquarters phase", {})]
    if phase not in ("setup", "over"):
        out = ability_entries.playable(state, seat) + out + _effects(state, seat)
    return Advice(seat, step, out, None, waiting)


def _step(state: ConquestState) -> dict[str, Any]:
    info = {"phase": state["phase"], "name": state["step"].get("name"), "round": state["round"],
            "initiative": state["initiative"], "first_planet": state["first_planet"]}
    b = state.get("battle")
    if b:
        info["battle"] = {k: b[k] for k in ("planet", "initiative", "round", "stage", "turn", "winner")}
    for key in ("turn",):
        if key in state["step"]:
            info[key] = state["step"][key]
    return info


def _prompt(state: ConquestState, seat: str, step: dict[str, Any]) -> Advice:
    pend = state["pending"][0]
    out: list[Suggestion] = []
    if pend["kind"] == "damage":
        hits = ", ".join(f"{state['units'][u]['name']} {n}" for u, n in pend["hits"].items() if u in state["units"])
        window: dict[str, Any] | None = {"kind": "shields", "hits": pend["hits"], "turn": pend["turn"], "source": pend["source"],
                  "label": "Shields", "title": "Shields", "after": f"Damage about to be placed: {hits}"}
        if pend["turn"] == seat:
            for uid in damage.shieldable(state, pend, seat):
                out.append(Suggestion("shield", seat, f"Shield {state['units'][uid]['name']}", {"unit": uid},
                                      bounds={"shields": {"type": "int", "min": 1, "max": damage.MAX_SHIELD_ICONS}, "card": NAME},
                                      group="Shield reaction"))
            out.append(Suggestion("no_shield", seat, "No shield", {}, group="Shield reaction"))
        return Advice(seat, step, ability_entries.playable(state, seat) + out, window, [pend["turn"]])
    if pend["kind"] == "indirect":
        # Not a reaction window: only the damaged player acts; the other phone just waits.
        window = None
        if pend["seat"] == seat:
            for uid, room in damage.indirect_room(state, pend).items():
                out.append(Suggestion("assign_indirect", seat, f"Indirect damage on {state['units'][uid]['name']}",
                                      {"unit": uid}, bounds={"amount": {"type": "int", "min": 1,
                                                                        "max": min(room, pend["remaining"])}},
                                      group=f"Assign {pend['remaining']} indirect damage"))
        return Advice(seat, step, out, window, [pend["seat"]])
    window = None
    if pend["seat"] == seat:
        out.append(Suggestion("bloodied_stats", seat, "Enter the bloodied side's ATK and HP", {}, group="Warlord bloodied",
                              bounds={"attack": {"type": "int", "min": 0, "max": 10},
                                      "hp": {"type": "int", "min": 1, "max": 15}}))
    return Advice(seat, step, out, window, [pend["seat"]])


def _setup(state: ConquestState, seat: str) -> tuple[list[Suggestion], list[str]]:
    name = state["step"]["name"]
    if name == "initiative":
        return [Suggestion("initiative", seat, f"{state['seats'][s]['name']} takes the initiative", {"seat": s})
                for s in seats(state)], seats(state)
    if name == "reveal":
        who = state["step"]["seat"]
        if seat != who:
            return [], [who]
        return [Suggestion("reveal_planet", seat, f"Reveal planet {state['step']['count'] + 1} of 5", {},
                           choices={"planet": unseen_planets(state)})], [who]
    waiting = [s for s in seats(state) if s not in state["step"]["decided"]]
    if seat not in waiting:
        return [], waiting
    return [Suggestion("mulligan", seat, "Keep this hand", {"take": False}),
            Suggestion("mulligan", seat, "Mulligan (keep the second hand)", {"take": True})], waiting


def _keyword_choices(state: ConquestState, seat: str, base: list[str] | None = None) -> list[list[str]]:
    base = base or []
    out = [list(base)] + [base + [k] for k in PLAIN_KEYWORDS]
    if state["seats"][seat].get("limited_round") != state["round"]:
        out.append(base + ["limited"])
    return out


def _trait_choices(state: ConquestState, seat: str) -> list[list[str]]:
    if any(is_relic(c) for c in controlled_cards(state, seat)):
        return [[]]
    return [[], ["Relic"]]


def _unit_template(state: ConquestState, seat: str, label: str, keywords: list[list[str]], group: str) -> Suggestion:
    res = state["seats"][seat]["resources"]
    return Suggestion("deploy", seat, label, {"card": {"type": "army", "unique": False, "traits": []}},
                      choices={"planet": face_up_slots(state), "card.keywords": keywords},
                      bounds={"card.name": NAME, "card.cost": _cost(res), **STAT_BOUNDS},
                      group=group)


def _deploy_turn(state: ConquestState, seat: str) -> list[Suggestion]:
    out: list[Suggestion] = []
    res = state["seats"][seat]["resources"]
    if state["seats"][seat]["hand"] > 0:
        out.append(_unit_template(state, seat, "Deploy an army unit", _keyword_choices(state, seat), "Deploy"))
        out.append(Suggestion("deploy", seat, "Deploy a support", {"card": {"type": "support", "keywords": [],
                                                                             "unique": False}},
                              choices={"card.traits": _trait_choices(state, seat)},
                              bounds={"card.name": NAME, "card.cost": _cost(res)},
                              group="Deploy"))
        hosts = [u["id"] for u in [*state["units"].values(), *state["cards"].values()]
                 if no_attachments_trait(u) is False]
        if hosts:
            out.append(Suggestion("deploy", seat, "Deploy an attachment",
                                  {"card": {"type": "attachment", "keywords": [], "unique": False}},
                                  choices={"attach_to": hosts, "card.traits": _trait_choices(state, seat)},
                                  bounds={"card.name": NAME, "card.cost": _cost(res)},
                                  group="Deploy"))
    out.append(Suggestion("action", seat, "Use an action", {"cost": 0},
                          bounds={"card": NAME}, group="Action"))
    out.append(Suggestion("pass", seat, "Pass (no more deployment turns this phase)", {}))
    return out


def _bonus(state: ConquestState, seat: str, slot: int) -> list[Suggestion]:
    info = state["planets"].get(planet_label(state, slot), {})
    r, c = info.get("resources", 0), info.get("cards", 0)
    out, seen = [], set()
    for take_r, take_c in ((True, True), (True, False), (False, True), (False, False)):
        key = (take_r and r > 0, take_c and c > 0)
        if key in seen:
            continue
        seen.add(key)
        parts = ([plural(r, "resource")] if key[0] else []) + ([plural(c, "card")] if key[1] else [])
        label = f"Take {' and '.join(parts)}" if parts else "Take nothing"
        out.append(Suggestion("take_bonus", seat, f"{planet_label(state, slot)}: {label}",
                              {"resources": key[0], "cards": key[1]}, group="Command bonus"))
    return out


def _mobile(state: ConquestState, seat: str) -> list[Suggestion]:
    out = [Suggestion("mobile_move", seat, f"Move {u['name']} (Mobile)", {"unit": u["id"]},
                      choices={"planet": adjacent_slots(state, u["at"])}) for u in combat.mobile_units(state, seat)]
    return out + [Suggestion("mobile_done", seat, "Done with Mobile moves", {})]


def _battle(state: ConquestState, seat: str) -> tuple[list[Suggestion], list[str]]:
    b = battle_now(state)
    out: list[Suggestion] = []
    if b["stage"] == "won":
        if b["winner"] == seat:
            info = state["planets"].get(planet_label(state, b["planet"]), {})
            text = f" ({info['battle']})" if info.get("battle") else ""
            out = _ability(state, seat, b["planet"], text) + \
                [Suggestion("battle_ability", seat, "Do not use the Battle ability", {"use": False})]
        return out, [b["winner"]]
    if b["stage"] == "retreat":
        if b["retreat_turn"] == seat:
            out = [Suggestion("retreat", seat, f"Retreat {u['name']} to HQ", {"unit": u["id"]}, group="Retreat")
                   for u in units_at(state, b["planet"], seat)]
            out.append(Suggestion("retreat_done", seat, "Stay and fight", {}))
        return out, [b["retreat_turn"]]
    if b["stage"] == "melee" and not b["acted"] and not b["passed"] and not b.get("watch"):
        out.append(Suggestion("call_stalemate", seat, "Call a stalemate check", {}, group="Stalemate"))
    if b["turn"] != seat:
        return out, [b["turn"]]
    enemies = [u["id"] for u in units_at(state, b["planet"], other(state, seat))]
    for u in combat.can_attack_with(state, seat):
        if enemies:
            out.insert(0, Suggestion("attack", seat, f"Attack with {u['name']}", {"attacker": u["id"]},
                                     choices={"defender": enemies}, group="Attack"))
        if keyword_value(u, "area effect") is not None:
            out.insert(0, Suggestion("attack", seat, f"{u['name']}: Area Effect",
                                     {"attacker": u["id"], "area_effect": True}, group="Attack"))
    wl = warlord(state, seat)
    if wl["at"] == b["planet"] and wl["ready"] and (b["stage"] == "melee" or has_keyword(wl, "ranged")):
        out.append(Suggestion("warlord_retreat", seat, "Warlord retreats to HQ", {}))
    if state["seats"][seat]["hand"] > 0:
        out.append(_unit_template(state, seat, "Deploy an Ambush unit",
                                  _keyword_choices(state, seat, ["ambush"]), "Ambush"))
    out.append(Suggestion("action", seat, "Use an action (your turn goes on)", {"cost": 0}, bounds={"card": NAME},
                          group="Action"))
    out.append(Suggestion("pass", seat, "Pass", {}))
    return out, [seat]


def _ability(state: ConquestState, seat: str, slot: int, text: str) -> list[Suggestion]:
    """Using the planet's Battle ability: resolved by the engine (with its targets) or entered by hand."""
    kind = abilities.effect_of(state, slot)
    if kind is None:
        return [Suggestion("battle_ability", seat, f"Use the Battle ability{text}; enter its effects", {"use": True})]
    if not abilities.usable(state, seat, kind, slot):
        return []
    choices = {f: v for f, v in abilities.targets(state, seat, kind, slot).items() if f in abilities.NEEDS[kind]}
    return [Suggestion("battle_ability", seat, f"Use the Battle ability{text}", {"use": True}, choices=choices)]


def _effects(state: ConquestState, seat: str) -> list[Suggestion]:
    """Card effects the table may enter at any time (the app keeps count, the cards decide)."""
    units = list(state["units"])
    mine = [u for u in units if state["units"][u]["owner"] == seat]
    out: list[Suggestion] = []
    g = TABLE
    if units:
        out.append(Suggestion("deal_damage", seat, "Deal damage to a unit", {}, choices={"unit": units},
                              bounds={"amount": {"type": "int", "min": 1, "max": 5}}, group=g))
        hurt = [u for u in units if state["units"][u]["damage"] > 0]
        if hurt:
            out.append(Suggestion("remove_damage", seat, "Remove damage from a unit", {}, choices={"unit": hurt},
                                  bounds={"amount": {"type": "int", "min": 1, "max": 5}}, group=g))
        out.append(Suggestion("move_unit", seat, "Move a unit to HQ (rout)", {"exhaust": True},
                              choices={"unit": units}, group=g))
        out.append(Suggestion("set_ready", seat, "Ready or exhaust a unit", {}, choices={"unit": units,
                                                                                       "ready": [True, False]},
                              group=g))
    opp = other(state, seat)
    if any(state["units"][u]["owner"] == opp for u in units):
        out.append(Suggestion("indirect_damage", seat, "Deal indirect damage to the opponent", {"seat": opp},
                              bounds={"amount": {"type": "int", "min": 1, "max": 3}}, group=g))
    if mine:
        out.append(Suggestion("destroy", seat, "Destroy / sacrifice one of your cards", {},
                              choices={"unit": [u for u in mine if state["units"][u]["kind"] != "warlord"]
                                       + [c for c, v in state["cards"].items() if v["owner"] == seat]}, group=g))
        if not out[-1].choices["unit"]:
            out.pop()
    known = [t for t in state.get("tokens", {}).values() if token_count(state, t["name"]) < TOKEN_LIMIT]
    for tok in known:
        out.append(Suggestion("put_into_play", seat, f"Put a {tok['name']} token into play",
                              {"card": dict(tok)}, choices={"planet": face_up_slots(state)}, group=g))
    if not state.get("tokens"):
        # No token list in this game: the players type the token's name and numbers.
        out.append(Suggestion("put_into_play", seat, "Put a token unit into play",
                              {"card": {"type": "token", "keywords": [], "unique": False}},
                              choices={"planet": face_up_slots(state)},
                              bounds={"card.name": NAME, "card.attack": STAT_BOUNDS["card.attack"],
                                      "card.hp": STAT_BOUNDS["card.hp"]}, group=g))
    if state["seats"][seat]["hand"] > 0:
        # A card effect puts a unit from hand into play, cost unpaid (Put into Play); no planet = HQ.
        out.append(Suggestion("put_into_play", seat, "Put a unit from hand into play",
                              {"card": {"type": "army", "unique": False, "traits": [], "keywords": []}},
                              choices={"planet": face_up_slots(state)},
                              bounds={"card.name": NAME, "card.attack": STAT_BOUNDS["card.attack"],
                                      "card.hp": STAT_BOUNDS["card.hp"], "card.command": STAT_BOUNDS["card.command"]},
                              group=g))
    out.append(Suggestion("adjust_resources", seat, "Gain or spend resources", {},
                          bounds={"amount": {"type": "int", "min": -state["seats"][seat]["resources"], "max": 10}},
                          group=g))
    out.append(Suggestion("adjust_cards", seat, "Draw a card (card effect)", {"hand": 1, "deck": -1}, group=g))
    return out
