"""suggest(): the legal next events for one seat, the open step, reaction windows and who the game waits for.

Every suggestion is a complete event or a template whose missing fields have finite `choices` or `bounds`
(int, str, or a list field: `{"type": "list", "items", "max"}`), built from the same checks that accept or refuse
events, so a client, bot or test can play a whole game from suggestions alone. Groups (for the phone app's buttons): "Set up", "Activate <fighter>",
"Player action", "Attack", "Power step", "Reaction", "Inspire", "Objectives", "End phase", "My hand"
(which cards the player holds), "Table" (card effects entered by hand: damage, tokens, pushes, feature tokens...).
"""
from __future__ import annotations

import copy
import json
from itertools import combinations_with_replacement

from ..core import Advice, Event, Suggestion
from . import cards as cardmod
from . import fighters as F
from . import objectives as O
from .power import after_minor_steps, power_seat
from .reactions import REACTION_STEPS, card_step, plunder_faces, plunder_possible, used_step, window_steps
from .setup import do_over_seat
from .state import (TOKENS, characteristic, defence_known, profiles, profiles_unknown, seat_of, surviving,
                    traits)
from .turns import active_seat

SETUP_LABELS = {"boards": "Roll-off: who chooses the first board?",
                "deployment_roll_off": "Roll-off: who places a fighter first?",
                "roll_off": "Roll-off: who takes the first turn?"}


def _name(state, fid: str) -> str:
    return state["cards"][fid].get("name") or fid


def step_info(rs, state) -> dict:
    """Where the game is: phase, step, round, whose turn, the power step's go, the end phase's player."""
    info = {"phase": state["phase"], "step": state["step"], "round": state["round"]}
    if state["phase"] == "setup":
        # Place feature tokens (pg 14): the player who chose the first board places first (three tokens).
        info["first_board"] = state.get("first_board")
    if state.get("finished_first") and state["round"] == rs.rounds(state)[0] and state["step"] == "roll_off":
        info["adds_critical"] = state["finished_first"]
    if state.get("turn"):
        per = rs.edition.turns_per_round[state["players"]]
        info["turn"] = active_seat(state)
        info["turn_number"] = state["seats"][active_seat(state)]["turns_taken"] + (state["step"] == "activation")
        info["turns_per_round"] = per
    if state.get("pending"):
        info["pending_attack"] = state["pending"]["attacker"]
    if state.get("power"):
        info["power_go"] = power_seat(state)
        info["power_players"] = state["power"]["order"]
    if state.get("end"):
        info["end_seat"] = O.end_seat(state)
        info["end_stage"] = state["end"]["stage"]
    if state.get("minor"):
        info["minor_steps_open"] = ["inspire", "surge"]
    return info


def waiting_for(rs, state) -> list[str]:
    """Seats the game is waiting on now."""
    step = state["step"]
    if step == "do_overs":
        return [do_over_seat(state)]
    if state["phase"] == "over":
        return []
    if state.get("drive_back"):
        return [seat_of(state["drive_back"]["attacker"])]
    if state.get("reaction"):
        w = state["reaction"]
        return [s for s in w["order"] if s not in w["passed"]]
    if step == "activation":
        return [state["pending"]["attacker"].split(".")[0]] if state.get("pending") else [active_seat(state)]
    if step == "power":
        return [power_seat(state)]
    if step == "end":
        return [O.end_seat(state)]
    return list(state["order"])


def reaction_window(rs, state) -> dict | None:
    """The open reaction steps: which, who may react and in what order, the chain so far."""
    w = state.get("reaction")
    if not w:
        return None
    return {"steps": [{"id": s, "label": REACTION_STEPS[s]} for s in window_steps(w)],
            "order": w["order"], "may_react": [s for s in w["order"] if s not in w["passed"]],
            "passed": list(w["passed"]), "chain": list(w["chain"]),
            "rule": rs.edition.rule("reaction_limits")}


def ahead(rs, state, seat: str) -> list:
    """The optional steps open now, closed as passed one at a time before `seat`'s next event of the sequence
    (core.Ruleset.passes_ahead): [(ImpliedPass, state after it)].

    Who enters the next event matters only at a drive back (passes.implied_pass: only the attacking player
    moves the game past it), so the chain every seat shares is worked out once per state and only the
    attacking player's continuation past a drive back is added to it."""
    chain = _shared_chain(rs, state)
    last = chain[-1][1] if chain else state
    drive = last.get("drive_back")
    if seat and drive and seat_of(drive["attacker"]) == seat:
        return chain + _passes(rs, last, seat)
    return chain


def _passes(rs, state, seat: str) -> list:
    return [(implied, after) for implied, after, _ in rs.passes_ahead(state, Event("activate", seat, {}))]


# The last state's shared chain, per ruleset object: the views of one event ask for it once per seat. States
# are values here (apply() returns a new one; nothing mutates a state that has been handed out), so the
# state object itself is the key; holding it keeps its id from being reused.
_LAST_CHAIN: dict[int, tuple[dict, list]] = {}


def _shared_chain(rs, state) -> list:
    hit = _LAST_CHAIN.get(id(rs))
    if hit is not None and hit[0] is state:
        return hit[1]
    chain = _passes(rs, state, "")
    _LAST_CHAIN[id(rs)] = (state, chain)
    return chain


def optional_steps(chain: list) -> list[dict]:
    """What is open only for optional plays, in order: [{"step": "reaction"|"power", "seats": [...]}]."""
    out: list[dict] = []
    for implied, _ in chain:
        if implied.step == "drive_back":
            continue
        if not out or out[-1]["step"] != implied.step:
            out.append({"step": implied.step, "seats": []})
        if implied.event.by not in out[-1]["seats"]:
            out[-1]["seats"].append(implied.event.by)
    return out


def suggest(rs, state, seat: str) -> Advice:
    """Advice for one seat: what is legal now, and what becomes legal once the optional steps open now pass
    (the next activation while a reaction step or a power step nobody plays in is open)."""
    out: list[Suggestion] = []
    phase = state["phase"]
    # Who the game waits for: the seats of the first step that needs a decision (nobody waits for a pass).
    everyone = ahead(rs, state, "")
    decision = everyone[-1][1] if everyone else state
    if seat in state["seats"] and phase != "over":
        if phase == "setup":
            out += _setup(rs, state, seat)
        else:
            if state.get("reaction"):
                out += _reactions(rs, state, seat)
            db = state.get("drive_back")
            if db and seat_of(db["attacker"]) == seat:
                target = _name(state, db["fighter"])
                out.append(Suggestion("drive_back", seat, f"Drive back {target}", {"fighter": db["fighter"]},
                                      choices={"into": _into_choices(rs)},
                                      bounds={"hexes": {"type": "int", "min": 1, "max": db["hexes"]}}, group="Attack"))
                out.append(Suggestion("drive_back", seat, f"{target} is not driven back",
                                      {"fighter": db["fighter"], "hexes": 0}, group="Attack"))
            for att in (state.get("granted") or {}):
                if seat_of(att) == seat and not state["fighters"][att]["out"]:
                    out += _attack_templates(rs, state, seat, att, [])
            out += _step(rs, state, seat)
            seen = {_key(s) for s in out}
            # The step that needs this seat's decision first (its next activation), then its optional plays.
            for implied, later in reversed(ahead(rs, state, seat)):
                for s in _step(rs, later, seat):
                    # A pass out of turn is not inferred (passes.py): only the player whose go it is passes.
                    if _key(s) not in seen and not (s.type == "power" and s.data.get("play") == "pass"):
                        seen.add(_key(s))
                        out.append(s)
            if state.get("minor"):
                out += _inspire(rs, state, seat)
            if phase == "action":
                out += _reveal(rs, state, seat)
            out += _table(rs, state, seat)
            out += _hand(rs, state, seat)
    info = step_info(rs, state)
    if everyone:
        info["optional"] = optional_steps(everyone)
    return Advice(seat, info, out, reaction_window(rs, state), waiting_for(rs, decision))


def _step(rs, state, seat) -> list[Suggestion]:
    """The events of the step the game is at (roll-off, activation, power step, end phase) for `seat`."""
    step = state["step"]
    if step == "roll_off":
        return [_roll_off(state, seat, "first_turn")]
    if step == "activation" and state.get("pending"):
        return _pending_attack(rs, state, seat)
    if step == "activation" and seat == active_seat(state):
        return [s for s in (_legal(rs, state, s) for s in _activations(rs, state, seat)) if s]
    if step == "power" and seat == power_seat(state):
        # The first play meets the game after the surge step that precedes it (surge glory can pay for it).
        return _power(rs, after_minor_steps(rs, state, Event("power", seat, {})), seat)
    if step == "end" and seat == O.end_seat(state):
        return _end_phase(rs, state, seat)
    return []


def _key(s: Suggestion) -> str:
    return json.dumps([s.type, s.data, s.choices, s.bounds], sort_keys=True, default=str)


# -- set up ----------------------------------------------------------------------------------------

def _roll_off(state, seat, purpose) -> Suggestion:
    label = SETUP_LABELS["boards" if purpose == "boards" else "deployment_roll_off" if purpose == "deployment"
                         else "roll_off"]
    if purpose == "first_turn" and state["round"] == 1 and state.get("finished_first"):
        label += f" ({state['finished_first']} adds one critical)"
    return Suggestion("roll_off", seat, label, {"purpose": purpose}, choices={"first": list(state["order"])},
                      group="Set up")


def _setup(rs, state, seat) -> list[Suggestion]:
    step = state["step"]
    if step == "boards":
        return [_roll_off(state, seat, "boards")]
    if step == "do_overs":
        if seat != do_over_seat(state):
            return []
        labels = {"none": "Keep my hand", "power": "Do-over: power cards", "objectives": "Do-over: objective cards",
                  "all": "Do-over: all cards"}
        return [Suggestion("do_over", seat, labels[c], {"choice": c}, group="Set up") for c in labels]
    if step == "deployment_roll_off":
        return [_roll_off(state, seat, "deployment")]
    if step == "deployment":
        return [Suggestion("deployed", seat, "All fighters placed: who finished first?", {},
                           choices={"finished_first": list(state["order"])}, group="Set up")]
    return []


# -- activation step -------------------------------------------------------------------------------

def _activations(rs, state, seat) -> list[Suggestion]:
    out = []
    alive = surviving(state, seat)
    all_charged = all(state["fighters"][f]["tokens"]["charge"] for f in alive)
    actions = rs.edition.actions
    for fid in alive:
        tokens = state["fighters"][fid]["tokens"]
        if tokens["charge"] and not all_charged:
            continue
        group = f"Activate {_name(state, fid)}"
        has_attack = bool(profiles(state, fid)) and bool(_enemies(state, seat))  # an Attack action needs a target
        stun_targets = [e for e in _enemies(state, seat) if not state["fighters"][e]["tokens"]["stagger"]]

        def add(action, label, **extra):
            data = {"action": action, "fighter": fid, **extra.pop("data", {})}
            out.append(Suggestion("activate", seat, label, data, group=group, **extra))
        if "move" in actions:
            add("move", "Move")
        if "attack" in actions and has_attack:
            add("attack", "Attack")
        if "charge" in actions and has_attack and not tokens["move"] and not tokens["charge"]:
            add("charge", "Charge")
        if "guard" in actions and not tokens["guard"]:
            add("guard", "Guard")
        if "stun" in actions and stun_targets:
            add("stun", "Stun", choices={"target": stun_targets})
        if "barge" in actions and stun_targets and not tokens["charge"]:
            add("barge", "Barge", choices={"target": stun_targets})
        enemies = _enemies(state, seat)
        if ("attack" in actions and enemies and not tokens["charge"]  # 2+ Scything attacks are a superaction
                and any("scything" in (p.get("keywords") or []) for p in profiles(state, fid))):
            add("attack", "Attack (Scything)", bounds={"attacks": {"type": "int", "min": 1, "max": min(6, len(enemies))}})
        if "ability" in actions:
            add("ability", "Action from a card", bounds={"name": {"type": "str"}})
    labels = {"draw_power": "Draw a power card", "swap_objective": "Discard and draw an objective",
              "pass": "Pass (forfeit the activation)"}
    for action in rs.edition.player_actions:
        if action == "swap_objective" and state["seats"][seat]["hand"]["objectives"] < 1:
            continue
        out.append(Suggestion("player_action", seat, labels.get(action, action), {"action": action},
                              group="Player action"))
    return out


def _into_choices(rs) -> list[str]:
    """Hexes a push can end in that matter to the rules: snare hexes only where the edition has Stagger."""
    stagger = rs.edition.combat.stagger
    return ["none", "lethal", "snare"] if stagger else ["none", "lethal"]


def _legal(rs, state, sugg: Suggestion) -> Suggestion | None:
    """The suggestion as the ruleset's own checks allow it (one source of legality; editions change checks):
    a complete event if it passes; a template with one choice field keeps only the legal choices; other
    templates are kept when a sample filled from their first choices and lowest bounds passes."""
    def sample(extra: dict) -> Event:
        data = copy.deepcopy(sugg.data)
        for path, value in extra.items():
            cur = data
            parts = path.split(".")
            for part in parts[:-1]:
                cur = cur.setdefault(part, {})
            cur[parts[-1]] = value
        return Event(sugg.type, sugg.by, data)
    base = {p: (b.get("min", 0) if b.get("type") == "int" else "x") for p, b in sugg.bounds.items()}
    if len(sugg.choices) == 1:
        (path, values), = sugg.choices.items()
        ok = [v for v in values if not rs.check(state, sample({**base, path: v}))]
        if not ok:
            return None
        sugg.choices[path] = ok
        return sugg
    first = {p: v[0] for p, v in sugg.choices.items() if v}
    return None if rs.check(state, sample({**base, **first})) else sugg


def _enemies(state, seat):
    return [f for f, v in state["fighters"].items() if v["seat"] != seat and not v["out"]]


def _pending_attack(rs, state, seat) -> list[Suggestion]:
    pending = state["pending"]
    att = pending["attacker"]
    if seat_of(att) != seat:
        return []
    out = _attack_templates(rs, state, seat, att, pending.get("targets", []))
    out.append(Suggestion("abandon", seat, "The Attack action cannot be made", {}, group="Attack"))
    return out


# Bounds for numbers a player enters from the fighter card when content lacks them: hints for forms, like
# combat.attack_bounds (cards change characteristics, so these are not rule checks).
ENTERED_PROFILE = {"range": {"type": "int", "min": 1, "max": 4}, "dice": {"type": "int", "min": 1, "max": 5},
                   "damage": {"type": "int", "min": 1, "max": 5}}
ENTERED_DEFENCE_DICE = {"type": "int", "min": 1, "max": 4}
UNKNOWN_DICE_FACE_MAX = 4  # each face of a roll whose Dice are still to be entered: 5 faces x 4 <= 20 dice
DEFENCE_SYMBOLS = ["block", "dodge"]


def _attack_templates(rs, state, seat, att, done) -> list[Suggestion]:
    """One attack template per usable Attack action of `att`: target choices, roll counts as int bounds.

    Numbers our content lacks are asked for in the template (the attack event carries an inline profile and
    the target's Defence): an unknown Dice/Damage/Range as int bounds and an unknown symbol as a choice; a
    fighter whose Attack actions are all unknown gets one template asking for the whole profile; targets whose
    Defence is unknown get their own template asking for it."""
    targets = [e for e in _enemies(state, seat) if e not in done]
    out: list[Suggestion] = []
    if not targets or "attack" not in {e["type"] for e in rs.event_types()}:
        return out
    known_def = [t for t in targets if defence_known(state, t)]
    unknown_def = [t for t in targets if not defence_known(state, t)]
    wizard = "wizard" in traits(state, att)
    profs = list(profiles(state, att))
    if not profs and profiles_unknown(state, att):
        profs = [{"name": None, "range": None, "dice": None, "symbol": None, "damage": None, "spell": False}]
    for prof in profs:
        spell = bool(prof.get("spell"))
        if spell and not wizard:
            continue
        given, bounds, choices = _profile_fields(state, att, prof)
        dice = given.get("dice") or prof.get("dice") or (
            (state["cards"][att].get("wizard_level") or 1) if spell else UNKNOWN_DICE_FACE_MAX)
        faces = ("crit", "channel", "focus") if spell else ("crit", "smash", "fury", "single", "double")
        bounds.update({f"attack_roll.{f}": {"type": "int", "min": 0, "max": dice} for f in faces})
        if prof.get("name"):
            label = prof["name"] + (" (enter its numbers)" if choices or bounds.keys() & PROFILE_PATHS else "")
        elif any(prof.get(k) is None for k in ("dice", "symbol", "damage")):
            label = "Attack (enter its profile)"
        else:
            label = f"{dice} {prof.get('symbol')}, {prof.get('damage')} damage"
        for group_targets, needs_def in ((known_def, False), (unknown_def, True)):
            if not group_targets:
                continue
            b, c = dict(bounds), {"target": group_targets, **choices}
            if needs_def:
                max_def = ENTERED_DEFENCE_DICE["max"]
                b["defence.dice"] = dict(ENTERED_DEFENCE_DICE)
                c["defence.symbol"] = list(DEFENCE_SYMBOLS)
            else:
                max_def = max(characteristic(state, t, "defence")["dice"] or 1 for t in group_targets)
            b.update({f"defence_roll.{f}": {"type": "int", "min": 0, "max": max_def}
                      for f in ("crit", "block", "dodge", "single", "double")})
            out.append(Suggestion("attack", seat, f"{_name(state, att)}: {label}"
                                  + (" (enter the target's Defence)" if needs_def else ""),
                                  {"attacker": att, "profile": dict(given)}, choices=c, bounds=b, group="Attack"))
    return out


PROFILE_PATHS = {"profile.range", "profile.dice", "profile.damage"}


def _profile_fields(state, att, prof) -> tuple[dict, dict, dict]:
    """The event's profile for a card profile: its name (the rest is filled from the card), or its known numbers;
    plus bounds/choices for the numbers no source gives (the player enters them from the card)."""
    spell = bool(prof.get("spell"))
    if prof.get("name"):
        given = {"name": prof["name"]}
    else:
        given = {k: v for k, v in prof.items() if v is not None and k in ("range", "dice", "symbol", "damage",
                                                                           "keywords", "spell")}
    bounds, choices = {}, {}
    for key in ("range", "dice", "damage"):
        if prof.get(key) is None and not (key == "dice" and spell):  # a spell without Dice rolls its wizard level
            bounds[f"profile.{key}"] = dict(ENTERED_PROFILE[key])
    if prof.get("symbol") is None:
        choices["profile.symbol"] = ["channel", "focus"] if spell else ["smash", "fury"]
    return given, bounds, choices


# -- power step ------------------------------------------------------------------------------------

def _magic_rolls(n: int) -> list[dict]:
    rolls = []
    for combo in combinations_with_replacement(("crit", "channel", "focus"), max(1, n)):
        rolls.append({f: combo.count(f) for f in ("crit", "channel", "focus") if combo.count(f)})
    return rolls


CASTING_VALUES = [{"channel": 1}, {"focus": 1}, {"channel": 2}, {"focus": 2}, {"channel": 1, "focus": 1}]


def _power(rs, state, seat) -> list[Suggestion]:
    out = [Suggestion("power", seat, "Pass", {"play": "pass"}, group="Power step", is_pass=True)]
    s = state["seats"][seat]
    plays = rs.edition.power_plays
    deck = state["decks"].get(seat)
    has_power = s["hand"]["power"] > 0
    if has_power and "ploy" in plays:
        if deck:
            for name in cardmod.names(state, seat, "power", ("ploy",)):
                if cardmod.restriction_met(state, seat, deck["power"][name]):
                    out.append(Suggestion("power", seat, f"Play {name}", {"play": "ploy", "card": name},
                                          group="Power step"))
        if cardmod.unlisted_allowed(state, seat):
            out.append(Suggestion("power", seat, "Play a ploy" + (" (not listed)" if deck else ""), {"play": "ploy"},
                                  group="Power step"))
    wizards = F.wizard_on_battlefield(state, seat)
    if has_power and wizards and "spell" in plays and "attack" in {e["type"] for e in rs.event_types()}:
        spells = cardmod.names(state, seat, "power", ("spell",)) if deck else []
        if cardmod.unlisted_allowed(state, seat):
            spells.append(None)  # a spell entered by hand (no deck data, or not in the partial list)
        for name in spells:
            card = deck["power"][name] if name else None
            if name and not cardmod.restriction_met(state, seat, card):
                continue
            for w in wizards:
                level = state["cards"][w].get("wizard_level") or 1
                data = {"play": "spell", "fighter": w}
                choices = {"casting_roll": _magic_rolls(level)}
                if name:
                    data["card"] = name
                if not (card and (card.get("cast") or card.get("casting"))):
                    choices["casting_value"] = CASTING_VALUES
                out.append(Suggestion("power", seat, f"Cast {name or 'a gambit spell'} ({_name(state, w)})", data,
                                      choices=choices, group="Power step"))
    out += _upgrades(rs, state, seat)
    if "delve" in plays and seat not in state["power"]["delved"]:
        for key, feat in state["features"].items():
            fid = feat["fighter"]
            if (feat["on_board"] and fid and seat_of(fid) == seat and not state["fighters"][fid]["tokens"]["stagger"]
                    and F.flip_face(feat) != "blocked"):
                out.append(Suggestion("power", seat, f"Delve token {key} with {_name(state, fid)}",
                                      {"play": "delve", "feature": key, "fighter": fid}, group="Power step"))
    if has_power and "salvage" in plays:
        if deck:
            for name in cardmod.names(state, seat, "power"):
                card = deck["power"][name]
                wiz = [f for f, v in state["fighters"].items() if v["seat"] == seat and "wizard" in traits(state, f)]
                spell_ok = card.get("type") == "spell" and wiz and all(state["fighters"][w]["out"] for w in wiz)
                if cardmod.restricted_all_out(state, seat, card) or spell_ok:
                    out.append(Suggestion("power", seat, f"Salvage {name}", {"play": "salvage", "card": name},
                                          group="Power step"))
        if (cardmod.unlisted_allowed(state, seat)
                and any(state["fighters"][f]["out"] for f in state["fighters"] if seat_of(f) == seat)):
            out.append(Suggestion("power", seat, "Salvage a card" + (" (not listed)" if deck else ""),
                                  {"play": "salvage"}, group="Power step"))
    return out


def _upgrades(rs, state, seat) -> list[Suggestion]:
    s = state["seats"][seat]
    if "upgrade" not in rs.edition.power_plays or s["hand"]["power"] < 1:
        return []
    alive = surviving(state, seat)
    if not alive:
        return []
    deck = state["decks"].get(seat)
    group = "End phase" if state["phase"] == "end" else "Power step"
    out = []
    if cardmod.unlisted_allowed(state, seat) and s["glory"]["unspent"] >= 1:
        out.append(Suggestion("power", seat, "Play an upgrade (1 glory)" + (" (not listed)" if deck else ""),
                              {"play": "upgrade"}, choices={"fighter": alive}, group=group))
    if not deck:
        return out
    for name in cardmod.names(state, seat, "power", ("upgrade",)):
        card = deck["power"][name]
        ok = [f for f in alive if cardmod.restriction_met(state, seat, card, f)
              and not (card.get("attack") and "beast" in traits(state, f))]
        cost = cardmod.upgrade_cost(state, seat, name)
        if ok and s["glory"]["unspent"] >= cost:
            out.append(Suggestion("power", seat, f"Upgrade: {name} ({cost} glory)", {"play": "upgrade", "card": name},
                                  choices={"fighter": ok}, group=group))
    return out


# -- reactions, Inspire, objectives ----------------------------------------------------------------

def _reactions(rs, state, seat) -> list[Suggestion]:
    w = state["reaction"]
    if seat in w["passed"]:
        return []
    open_steps = [s for s in window_steps(w) if not used_step(w, seat, s)
                  and (s == "after_reaction" or seat not in w.get("passed_primary", []))]
    out = [Suggestion("reaction_pass", seat, "No reaction", {}, group="Reaction", is_pass=True)]
    if not open_steps:
        return out
    if "after_out_of_action" in open_steps:
        for key in plunder_possible(state, seat):
            out.append(Suggestion("reaction", seat, f"Plunder: place feature token {key}",
                                  {"step": "after_out_of_action", "name": "plunder", "feature": key},
                                  choices={"face": plunder_faces(state, key)}, group="Reaction"))
    deck = state["decks"].get(seat)
    if deck:
        cards: list[Suggestion] = []
        if state["seats"][seat]["hand"]["power"] > 0:
            for name in cardmod.names(state, seat, "power"):
                card = deck["power"][name]
                # An upgrade's reaction is used once it is given to a fighter (below), not from the hand.
                if card_step(card) in open_steps and card.get("type") != "upgrade":
                    cards.append(Suggestion("reaction", seat, f"React: {name}",
                                            {"step": card_step(card), "name": name, "card": name}, group="Reaction"))
        for fid in surviving(state, seat):
            for name in state["fighters"][fid]["upgrades"]:
                card = deck["power"].get(name)
                if card and card_step(card) in open_steps:
                    cards.append(Suggestion("reaction", seat, f"React: {name} ({_name(state, fid)})",
                                            {"step": card_step(card), "name": name, "card": name, "fighter": fid},
                                            group="Reaction"))
        # One source of legality: a card is offered only when check() accepts it now (its step, the end phase,
        # its `reaction_when` conditions...).
        out += [c for c in cards if not rs.check(state, Event(c.type, c.by, dict(c.data)))]
    out.append(Suggestion("reaction", seat, "Another reaction (name it)", {},
                          choices={"step": open_steps}, bounds={"name": {"type": "str"}}, group="Reaction"))
    return out


def _inspire(rs, state, seat) -> list[Suggestion]:
    """The fighters check() lets this player Inspire now (its condition met or left to the players, in an Inspire
    step). A card that Inspires a fighter otherwise is entered as an override with the card as its reason."""
    return [Suggestion("inspire", seat, f"Inspire {_name(state, f)}", {"fighter": f}, group="Inspire")
            for f in surviving(state, seat) if not rs.check(state, Event("inspire", seat, {"fighter": f}))]


def _reveal(rs, state, seat) -> list[Suggestion]:
    s = state["seats"][seat]
    if s["hand"]["objectives"] < 1:
        return []
    deck = state["decks"].get(seat)
    out = []
    if deck:
        out = [_with_glory(Suggestion("objective", seat, f"Reveal {n} ({_surge_worth(deck['objectives'][n])})",
                                      {"action": "reveal", "card": n}, group="Objectives"), deck["objectives"][n])
               for n in cardmod.names(state, seat, "objectives")
               if deck["objectives"][n].get("scoring") in (None, "surge")]
    if cardmod.unlisted_allowed(state, seat):
        out.append(Suggestion("objective", seat, "Reveal a surge objective" + (" (not listed)" if deck else ""),
                              {"action": "reveal"}, bounds={"glory": GLORY_BOUND}, group="Objectives"))
    return out


GLORY_BOUND = {"type": "int", "min": 0, "max": 6}


def _surge_worth(card: dict) -> str:
    return f"surge, {card['glory']} glory" if isinstance(card.get("glory"), int) else "surge"


def _with_glory(sugg: Suggestion, card: dict) -> Suggestion:
    """A listed objective whose glory value our sources do not give: the player enters it from the card."""
    if not isinstance(card.get("glory"), int):
        sugg.bounds["glory"] = dict(GLORY_BOUND)
        sugg.label += " (enter its glory)"
    return sugg


def _end_phase(rs, state, seat) -> list[Suggestion]:
    s = state["seats"][seat]
    stage = state["end"]["stage"]
    only = O.scores_only(rs, state)
    deck = state["decks"].get(seat)
    out = []
    if stage <= 1 and s["hand"]["objectives"] > 0:
        if deck:
            last = state["round"] == rs.rounds(state)[-1]
            for n in cardmod.names(state, seat, "objectives"):
                c = deck["objectives"][n]
                if c.get("scoring") != "surge" and (c.get("scoring") != "third" or last):
                    worth = f" ({c['glory']} glory)" if isinstance(c.get("glory"), int) else ""
                    out.append(_with_glory(Suggestion("objective", seat, f"Score {n}{worth}",
                                                      {"action": "score", "card": n}, group="End phase"), c))
        if cardmod.unlisted_allowed(state, seat):
            out.append(Suggestion("objective", seat, "Score an objective" + (" (not listed)" if deck else ""),
                                  {"action": "score"}, bounds={"glory": dict(GLORY_BOUND)}, group="End phase"))
    if not only:
        if stage <= 2 and s["hand"]["objectives"] > 0:
            out.append(_discard(state, seat, "objective", {"action": "discard"}, "objectives", ("objective",)))
        if stage <= 3:
            out += _upgrades(rs, state, seat)
        if stage <= 4 and s["hand"]["power"] > 0:
            out.append(_discard(state, seat, "discard_power", {}, "power", None))
    out.append(Suggestion("end_phase_done", seat, "Done: draw cards" if not only else "Done scoring", {},
                          group="End phase"))
    return out


def _discard(state, seat, etype, data, kind, types) -> Suggestion:
    label = "Discard an objective card" if kind == "objectives" else "Discard a power card"
    listed = cardmod.names(state, seat, kind) if state["decks"].get(seat) else []
    if cardmod.unlisted_allowed(state, seat):
        listed = [*listed, None] if listed else []  # None: a card that is not listed (no name)
    if listed:
        return Suggestion(etype, seat, label, data, choices={"card": listed}, group="End phase")
    return Suggestion(etype, seat, label, data, group="End phase")


def _table(rs, state, seat) -> list[Suggestion]:
    """Card effects entered by hand (always legal while the game is on, within their own rules)."""
    alive_all = [f for f, v in state["fighters"].items() if not v["out"]]
    out = []
    if alive_all:
        out.append(Suggestion("damage", seat, "Deal damage (card effect)", {"source": "card"},
                              choices={"fighter": alive_all}, bounds={"amount": {"type": "int", "min": 1, "max": 3}},
                              group="Table"))
    wounded = [f for f in alive_all if state["fighters"][f]["damage"] > 0]
    if wounded:
        out.append(Suggestion("heal", seat, "Heal", {}, choices={"fighter": wounded},
                              bounds={"amount": {"type": "int", "min": 1, "max": 2}}, group="Table"))
    if alive_all:
        out.append(Suggestion("token", seat, "Give a token", {"action": "give"},
                              choices={"fighter": alive_all, "token": list(TOKENS)},
                              group="Table"))
        # Some rules remove a token (Tokens and counters pg 19) or un-Inspire a fighter (Inspire pg 6).
        for token in TOKENS:
            holders = [f for f in alive_all if state["fighters"][f]["tokens"][token] > 0]
            if holders:
                out.append(Suggestion("token", seat, f"Remove a {token.title()} token", {"action": "remove",
                                      "token": token}, choices={"fighter": holders}, group="Table"))
        out.extend(_counters(rs, state, seat, alive_all))
        inspired = [f for f in alive_all if state["fighters"][f]["inspired"]]
        if inspired:
            out.append(Suggestion("uninspire", seat, "Un-Inspire (card effect)", {}, choices={"fighter": inspired},
                                  group="Table"))
        out.append(Suggestion("push", seat, "Push / drive back", {},
                              choices={"fighter": alive_all, "into": ["none", "lethal", "snare"]},
                              bounds={"hexes": {"type": "int", "min": 1, "max": 3}}, group="Table"))
    for f in surviving(state, seat):
        free = [k for k, v in state["features"].items()
                if v["on_board"] and v["face"] != "blocked" and v["fighter"] in (None, f)]
        if free or state["fighters"][f]["feature"]:
            out.append(Suggestion("position", seat, f"{_name(state, f)} stands on...", {"fighter": f},
                                  choices={"feature": [None, *free]}, group="Table"))
    unknown = [f for f in alive_all if state["fighters"][f]["wounds"] is None]
    if unknown:
        out.append(Suggestion("out_of_action", seat, "Out of action (Wounds not known)", {},
                              choices={"fighter": unknown}, group="Table"))
    outs = [f for f, v in state["fighters"].items() if v["out"] and v["seat"] == seat]
    if outs:
        out.append(Suggestion("return_fighter", seat, "Return a fighter (card effect)", {},
                              choices={"fighter": outs}, group="Table"))
    return out


def _hand(rs, state, seat) -> list[Suggestion]:
    """Say which cards you hold (private: only you and the referee see them; privacy.py), offered when the seat
    has deck data and check() accepts it now. Each kind is a list field: any of `items`, at most `max` (the cards
    in the hand), the ones already said first."""
    if not state["decks"].get(seat) or rs.check(state, Event("hand", seat, {})):
        return []
    size = state["seats"][seat]["hand"]
    bounds = {kind: {"type": "list", "items": cardmod.names(state, seat, kind), "max": size[kind]}
              for kind in ("objectives", "power") if size[kind] > 0}
    bounds = {k: b for k, b in bounds.items() if b["items"]}
    if not bounds:
        return []
    return [Suggestion("hand", seat, "Which cards I hold", {}, bounds=bounds, group="My hand")]


def _counters(rs, state, seat, alive_all) -> list[Suggestion]:
    """Give a named counter (any name, pg 19) or remove counters a fighter has; check() decides who qualifies."""
    if not rs.spec_for("counter"):
        return []  # an edition without named counters
    ok = [f for f in alive_all
          if not rs.check(state, Event("counter", seat, {"fighter": f, "name": "x", "action": "give", "count": 1}))]
    out = []
    if ok:
        out.append(Suggestion("counter", seat, "Give a counter", {"action": "give"}, choices={"fighter": ok},
                              bounds={"name": {"type": "str", "max_length": 24},
                                      "count": {"type": "int", "min": 1, "max": 6}}, group="Table"))
    # One removal per fighter and name: how many may go is that fighter's own count (check() refuses more).
    for f in alive_all:
        for name, have in sorted(state["fighters"][f]["counters"].items()):
            if not rs.check(state, Event("counter", seat, {"fighter": f, "name": name, "action": "remove", "count": 1})):
                out.append(Suggestion("counter", seat, f"Remove {name} counters from {_name(state, f)}",
                                      {"action": "remove", "name": name, "fighter": f},
                                      bounds={"count": {"type": "int", "min": 1, "max": have}}, group="Table"))
    return out
