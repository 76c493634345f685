"""The power step: players alternate playing a power card, salvaging, delving or passing, starting with the
player whose turn it is, until both pass in succession (3-4 players: only that player and the next in order
of play take part). Upgrades are also played in the end phase (step 3).

`power {play: ploy|spell|upgrade|delve|salvage|pass, card?, fighter?, feature?, casting_roll?, casting_value?}`
  ploy     reveal and resolve a ploy (effects entered as events); restricted gambits need a restricted fighter
           on the battlefield
  spell    a gambit spell: needs a friendly wizard on the battlefield (`fighter` = the caster), a casting roll
           of magic dice (`casting_roll`: {crit, channel, focus}) against the casting value (from the card
           data or `casting_value`); two or more criticals: backlash (1 damage to the caster)
  upgrade  spend one unspent glory, give the upgrade to a friendly fighter on the battlefield (`fighter`)
  delve    flip the feature token (`feature`) a friendly fighter that is not staggered is on (`fighter`),
           not to a blocked side; stagger that fighter; once per power step per player
  salvage  discard a restricted power card whose restricted fighters are all out of action (or a gambit spell
           when all your wizards are out of action) and draw a power card
  pass     both players passing in succession ends the power step
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import card_effects, combat, damage, effects, objectives, reactions, scoring, turns
from . import cards as cardmod
from . import violations as V
from .combat import CombatRules
from .state import UnderworldsState, fighter_name, present, seat_of, surviving, traits

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def power_seat(state: UnderworldsState) -> str | None:
    """Whose choice it is in the power step now."""
    p = state.get("power")
    return p["order"][p["next"]] if p else None


def check_power(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Timing (power step / end phase step 3), whose go it is, then the chosen play's own rules."""
    cite = rs.edition.rule
    d = event.data
    play = d["play"]
    out: list[Violation] = []
    if play not in rs.edition.power_plays:
        return [V.NO_SUCH_PLAY(f"{play} is not part of the power step in these rules.", cite("power_step"))]
    if state["phase"] == "end":
        if play != "upgrade":
            out.append(V.NOT_IN_END_PHASE("In the end phase only upgrades are played (step 3); "
                                          "players cannot use gambits in the end phase.", cite("end_phase_adv")))
        else:
            out.extend(objectives.check_end_stage(rs, state, event, 3))
    elif state["step"] != "power":
        out.append(V.NOT_POWER_STEP("Power cards are played in the power step, after the activation.", cite("power_step")))
    elif event.by != power_seat(state):
        who = power_seat(state)
        order = present(state, "power")["order"]
        if event.by not in order:
            msg = f"Only {' and '.join(order)} take part in this power step."
            out.append(V.NOT_IN_POWER_STEP(msg, cite("mp_power_step")))
        else:
            out.append(V.NOT_YOUR_GO(f"It is {who}'s go in the power step.", cite("power_step")))
    handler = _CHECKS.get(play)
    if handler:
        out.extend(handler(rs, after_minor_steps(rs, state, event), event))
    return out


def after_minor_steps(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> UnderworldsState:
    """The state a play meets: the first play of the power step comes after the Inspire and surge steps that
    follow the activation step (Deathgorge Steps of a turn pg 16, Surge step pg 38), so a surge objective revealed
    in the activation is scored first and its glory can pay for an upgrade (Upgrade cards pg 30)."""
    p = state.get("power")
    if state["phase"] != "action" or not p or p["started"] or event.by != power_seat(state):
        return state
    ahead = rs.copy_state(state)
    turns.power_started(rs, ahead)
    return ahead


def _card(state: UnderworldsState, event: Event) -> dict[str, Any] | None:
    return cardmod.lookup(state, event.by, "power", event.data.get("card"))


def _typed(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, want: str) -> list[Violation]:
    card = _card(state, event)
    if card is not None and card.get("type") != want:
        return [V.WRONG_CARD_TYPE(f"{card['name']} is a {card.get('type')}, not a {want}.",
                                  rs.edition.rule("power_step"))]
    return []


def _check_ploy(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    out = cardmod.check_in_hand(state, event.by, "power", event.data.get("card"), cite("gambits"))
    out += _typed(rs, state, event, "ploy")
    out += _as_gambit(rs, state, event)
    if not cardmod.restriction_met(state, event.by, _card(state, event)):
        out.append(V.RESTRICTED("A restricted gambit needs one of its fighters on the battlefield.",
                                cite("gambit_restrictions")))
    return out


def _check_spell(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    d = event.data
    out = cardmod.check_in_hand(state, event.by, "power", d.get("card"), cite("gambits"))
    out += _typed(rs, state, event, "spell")
    out += _as_gambit(rs, state, event)
    caster = d.get("fighter")
    if not effects.wizard_on_battlefield(state, event.by):
        out.append(V.NO_WIZARD("Gambit spells can only be played with a friendly wizard on the "
                               "battlefield.", cite("spells")))
    if not caster:
        return out + [V.CASTER_NEEDED("Choose the friendly wizard who casts the spell.", cite("spells"))]
    if seat_of(caster) != event.by or "wizard" not in traits(state, caster) or state["fighters"][caster]["out"]:
        out.append(V.NOT_A_WIZARD("The caster must be a friendly wizard on the battlefield.", cite("spells")))
    if d.get("casting_roll") is None:
        return out + [V.CASTING_ROLL_NEEDED("Enter the casting roll.", cite("casting"))]
    value = _casting_value(state, event)
    if value is None:
        return out + [V.CASTING_VALUE_NEEDED("Enter the spell's casting value.", cite("casting"))]
    if combat:
        level = state["fighter_cards"][caster].get("wizard_level") if caster in state["fighter_cards"] else None
        out += combat.check_casting_input(_rules(rs), d["casting_roll"], value, wizard_level=level or None)
    out += cardmod_restriction(rs, state, event)
    return out


def _as_gambit(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A reaction card is played in its reaction step, not in a power step; a card's effect needs its one choice."""
    card = _card(state, event)
    if card is None:
        return []
    out = []
    if card.get("play") == "reaction":
        out.append(V.REACTION_ONLY(f"{card['name']} is a reaction: play it when its reaction step opens.",
                                   scoring.cite(card)))
    return out + card_effects.check(rs, state, event.by, card, event.data)


def cardmod_restriction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Restricted gambit spells too need a restricted fighter on the battlefield."""
    if not cardmod.restriction_met(state, event.by, _card(state, event)):
        return [V.RESTRICTED("A restricted gambit needs one of its fighters on the battlefield.",
                             rs.edition.rule("gambit_restrictions"))]
    return []


def _casting_value(state: UnderworldsState, event: Event) -> Any:
    """The spell's casting value as the card or the event gives it (a list or counts of symbols: combat checks it)."""
    card = _card(state, event)
    if card is not None and (card.get("cast") or card.get("casting")):
        return card.get("cast") or card.get("casting")
    return event.data.get("casting_value")


def _rules(rs: UnderworldsRuleset) -> CombatRules:
    return rs.edition.combat


def _check_upgrade(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    d = event.data
    out = cardmod.check_in_hand(state, event.by, "power", d.get("card"), cite("upgrades"))
    out += _typed(rs, state, event, "upgrade")
    cost = cardmod.upgrade_cost(state, event.by, d.get("card"))
    if state["seats"][event.by]["glory"]["unspent"] < cost:
        what = "one unspent glory point" if cost == 1 else f"{cost} unspent glory points"
        out.append(V.NO_UNSPENT_GLORY(f"{d.get('card') or 'An upgrade'} costs {what}.", cite("upgrades")))
    fid = d.get("fighter")
    if not fid:
        return out + [V.FIGHTER_NEEDED("Choose the friendly fighter who gets the upgrade.", cite("upgrades"))]
    if seat_of(fid) != event.by and not false_gift(_card(state, event)):
        out.append(V.NOT_FRIENDLY("Upgrades are given to friendly fighters.", cite("upgrades")))
    elif state["fighters"][fid]["out"]:
        out.append(V.FIGHTER_OUT_OF_ACTION("A fighter out of action cannot be given an upgrade.",
                                           cite("upgrade_restrictions")))
    card = _card(state, event)
    if card is not None:
        if not cardmod.restriction_met(state, event.by, card, fid):
            out.append(V.RESTRICTED(f"{card['name']} can only be given to its restricted fighters.",
                                    cite("upgrade_restrictions")))
        if card.get("attack") and "beast" in traits(state, fid):
            out.append(V.BEAST_UPGRADE("A beast cannot be given Attack action upgrades.", cite("beast")))
    return out


def false_gift(card: dict[str, Any] | None) -> bool:
    """A False Gift upgrade (the keyword printed on the card) may be given to an enemy fighter, as its card says
    (The Thricefold Discord's False Gifts, e.g. Helm of Insight TD25)."""
    return "False Gift" in ((card or {}).get("tags") or [])


def _check_delve(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    d = event.data
    out = []
    if state["power"] and event.by in state["power"]["delved"]:
        out.append(V.ALREADY_DELVED("Each player can only delve once in each power step.", cite("delve")))
    key, fid = d.get("feature"), d.get("fighter")
    if not key or not fid:
        return out + [V.DELVE_NEEDS("Choose the feature token and the friendly fighter on it.", cite("delve"))]
    feat = state["features"][key]
    if seat_of(fid) != event.by or state["fighters"][fid]["out"]:
        out.append(V.NOT_FRIENDLY("Delving needs a friendly fighter on the battlefield.", cite("delve")))
    if not feat["on_board"] or feat["fighter"] != fid:
        out.append(V.NOT_ON_TOKEN(f"{fid} is not on feature token {key}.", cite("delve")))
    if state["fighters"][fid]["tokens"]["stagger"]:
        out.append(V.STAGGERED("A staggered fighter cannot delve.", cite("delve")))
    if effects.flip_face(feat) == "blocked":
        out.append(V.WOULD_BE_BLOCKED("You cannot delve by flipping a token that would become a blocked "
                                      "hex token.", cite("delve")))
    return out


def _check_salvage(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    d = event.data
    out = cardmod.check_in_hand(state, event.by, "power", d.get("card"), cite("salvage"))
    card = _card(state, event)
    if card is not None:
        wizards = [f for f, v in state["fighters"].items() if v["seat"] == event.by and "wizard" in traits(state, f)]
        spell_ok = card.get("type") == "spell" and wizards and all(state["fighters"][w]["out"] for w in wizards)
        if not (cardmod.restricted_all_out(state, event.by, card) or spell_ok):
            out.append(V.CANNOT_SALVAGE(f"{card['name']} can only be salvaged when every fighter it is restricted "
                                        "to (or, for a gambit spell, every friendly wizard) is out of action.",
                                        cite("salvage")))
    return out


_CHECKS = {"ploy": _check_ploy, "spell": _check_spell, "upgrade": _check_upgrade, "delve": _check_delve,
           "salvage": _check_salvage}


def apply_power(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Do the play, then pass the go to the other player; two passes in succession end the power step."""
    d = event.data
    play = d["play"]
    cons: list[Consequence] = []
    # Only the player whose go it is moves the power step on; an overridden play out of turn (a card) has its
    # effect without taking or passing anyone's go.
    in_step = state["phase"] == "action" and state.get("power") is not None and event.by == power_seat(state)
    if in_step:
        cons.extend(turns.power_started(rs, state))
    steps = _PLAYS[play](rs, state, event, cons) if play in _PLAYS else []
    if not in_step:
        return cons
    p = present(state, "power")
    p["passes"] = p["passes"] + 1 if play == "pass" else 0
    p["next"] = (p["next"] + 1) % len(p["order"])
    if p["passes"] >= len(p["order"]):
        cons.extend(turns.end_power_step(rs, state))
    elif steps:
        reactions.open_window(state, steps, {"seat": event.by, "play": play, "card": d.get("card")})
    return cons


def _play_ploy(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence]) -> list[str]:
    """A ploy is spent (or stays in play when it persists); returns the reaction steps it opens."""
    d = event.data
    card = _card(state, event)
    persists = bool(d.get("persists") or (card or {}).get("persists"))
    cardmod.spend_from_hand(state, event.by, "power", d.get("card"), discard=not persists)
    if persists:  # Advanced rules, Gambit cards (pg 29): it stays face up until a card says it is discarded
        state["seats"][event.by].setdefault("in_play", []).append(d.get("card") or "ploy")
        cons.append(Consequence("gambit_persists", {"seat": event.by, "card": d.get("card")},
                                rs.edition.rule("gambits")))
    cons.extend(card_effects.apply(rs, state, event.by, card, d))
    return ["after_power_card_revealed", "after_power_card"]


def _play_spell(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence]) -> list[str]:
    """A gambit spell is cast and spent; returns the reaction steps it opens."""
    d = event.data
    cast = _cast(rs, state, event)
    cons.extend(cast)
    cardmod.spend_from_hand(state, event.by, "power", d.get("card"), discard=True)
    if any(c.type == "spell_cast" for c in cast):
        cons.extend(card_effects.apply(rs, state, event.by, _card(state, event), d))
    steps = ["after_power_card_revealed", "after_casting_roll"]
    if any(c.type == "damage_dealt" for c in cast):
        # Casting spells step 2 (pg 28): backlash is damage, so the reaction steps of a fighter dealt damage
        # (and taken out of action) come before the spell is resolved (Reactions: when a fighter is dealt
        # damage, pg 36).
        steps += ["after_backlash", "after_damage"]
        steps += ["after_out_of_action"] if state["fighters"][d["fighter"]]["out"] else []
    return steps + ["after_spell", "after_power_card"]


def _play_upgrade(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence]) -> list[str]:
    """An upgrade is given to a fighter for its glory; returns the reaction steps it opens."""
    cite = rs.edition.rule
    d = event.data
    cardmod.spend_from_hand(state, event.by, "power", d.get("card"), discard=False)
    g = state["seats"][event.by]["glory"]
    cost = cardmod.upgrade_cost(state, event.by, d.get("card"))
    state["fighters"][d["fighter"]]["upgrades"].append(d.get("card") or "upgrade")
    cons.extend(_grants(state, d["fighter"], _card(state, event)))
    if cost == 0:
        pass  # a card printed as free
    elif g["unspent"] >= cost:
        g["unspent"] -= cost
        g["spent"] += cost
        cons.append(Consequence("glory_spent", {"seat": event.by, "glory": cost, "fighter": d["fighter"]},
                                cite("upgrades")))
    else:  # overridden ("my card says it is free"): glory never goes below zero
        cons.append(Consequence("no_glory_spent", {"seat": event.by, "fighter": d["fighter"]}, cite("upgrades")))
    if state["phase"] == "end":
        present(state, "end")["stage"] = 3
    return ["after_power_card_revealed", "after_power_card"]


def _grants(state: UnderworldsState, fid: str, card: dict[str, Any] | None) -> list[Consequence]:
    """What the upgrade's card changes on the fighter, said once as a consequence citing the card; a Wounds change
    is made on the fighter's record (Move, Defence and Attack actions are read through its upgrades: state.py)."""
    grants = (card or {}).get("grants")
    if not grants or card is None:
        return []
    f = state["fighters"][fid]
    if grants.get("wounds") and f["wounds"] is not None:
        f["wounds"] = max(1, f["wounds"] + grants["wounds"])
    return [Consequence("upgrade_grants", {"fighter": fid, "card": card["name"], **grants}, scoring.cite(card))]


def _play_delve(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence]) -> list[str]:
    """A fighter delves: the feature token flips and the fighter is staggered; no reaction step opens."""
    d = event.data
    feat = state["features"][d["feature"]]
    feat["face"] = effects.flip_face(feat)
    effects.give_token(rs, state, d["fighter"], "stagger", cons)
    cons.append(Consequence("delved", {"feature": d["feature"], "face": feat["face"], "staggered": d["fighter"]},
                            rs.edition.rule("delve")))
    power = state.get("power")
    if power:
        power["delved"].append(event.by)
    return []


def _play_salvage(rs: UnderworldsRuleset, state: UnderworldsState, event: Event, cons: list[Consequence]) -> list[str]:
    """A power card is salvaged: discarded for a new one; no reaction step opens."""
    cardmod.spend_from_hand(state, event.by, "power", event.data.get("card"), discard=True)
    got = cardmod.draw(state, event.by, "power", 1)
    cons.append(Consequence("cards_drawn", {"seat": event.by, "power": got}, rs.edition.rule("salvage")))
    return []


_PLAYS = {"ploy": _play_ploy, "spell": _play_spell, "upgrade": _play_upgrade, "delve": _play_delve,
          "salvage": _play_salvage}


def _cast(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Casting sequence for a gambit spell: backlash first, then cast or fail."""
    cite = rs.edition.rule
    d = event.data
    caster = d["fighter"]
    f = state["fighters"][caster]
    level = state["fighter_cards"][caster].get("wizard_level") or None
    result = combat.resolve_casting(_rules(rs), d["casting_roll"], _casting_value(state, event), wizard_level=level,
                                    caster_wounds_left=None if f["wounds"] is None else max(0, f["wounds"] - f["damage"]))
    cons = []
    if result.backlash:
        cons.extend(damage.deal_damage(rs, state, caster, result.backlash, caster, "backlash"))
    cast = result.cast and not state["fighters"][caster]["out"]
    cons.append(Consequence("spell_cast" if cast else "spell_failed",
                            {"caster": caster, "card": d.get("card"), "backlash": result.backlash}, cite("casting")))
    return cons


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def _magic_rolls(n: int) -> list[dict[str, Any]]:
    rolls = []
    for combo in combinations_with_replacement(("crit", "channel", "focus"), max(1, n)):
        rolls.append({f: combo.count(f) for f in ("crit", "channel", "focus") if combo.count(f)})
    return rolls


CASTING_VALUES = [{"channel": 1}, {"focus": 1}, {"channel": 2}, {"focus": 2}, {"channel": 1, "focus": 1}]


def suggest_power(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    out = [Suggestion("power", seat, "Pass", {"play": "pass"}, group="Power step", is_pass=True)]
    s = state["seats"][seat]
    plays = rs.edition.power_plays
    deck = state["decks"].get(seat)
    has_power = s["hand"]["power"] > 0
    if has_power and "ploy" in plays:
        if deck:
            for name in cardmod.names(state, seat, "power", ("ploy",)):
                card = deck["power"][name]
                if (card.get("play") != "reaction" and cardmod.restriction_met(state, seat, card)
                        and card_effects.can_follow(state, seat, card)):
                    out.append(Suggestion("power", seat, f"Play {name}", {"play": "ploy", "card": name},
                                          choices=card_effects.effect_choices(state, seat, card), group="Power step"))
        if cardmod.unlisted_allowed(state, seat):
            out.append(Suggestion("power", seat, "Play a ploy" + (" (not listed)" if deck else ""), {"play": "ploy"},
                                  group="Power step"))
    wizards = effects.wizard_on_battlefield(state, seat)
    if has_power and wizards and "spell" in plays and "attack" in {e["type"] for e in rs.event_types()}:
        spells: list[str | None] = [*cardmod.names(state, seat, "power", ("spell",))] if deck else []
        if cardmod.unlisted_allowed(state, seat):
            spells.append(None)  # a spell entered by hand (no deck data, or not in the partial list)
        for spell in spells:
            card = deck["power"][spell] if spell and deck else None  # (a name comes from the deck data)
            if spell and (not cardmod.restriction_met(state, seat, card) or (card or {}).get("play") == "reaction"
                          or not card_effects.can_follow(state, seat, card)):
                continue
            for w in wizards:
                level = state["fighter_cards"][w].get("wizard_level") or 1
                data = {"play": "spell", "fighter": w}
                choices = {"casting_roll": _magic_rolls(level)}
                if spell:
                    data["card"] = spell
                if not (card and (card.get("cast") or card.get("casting"))):
                    choices["casting_value"] = CASTING_VALUES
                choices.update(card_effects.effect_choices(state, seat, card))
                out.append(Suggestion("power", seat, f"Cast {spell or 'a gambit spell'} ({fighter_name(state, w)})",
                                      data, choices=choices, group="Power step"))
    out += suggest_upgrades(rs, state, seat)
    if "delve" in plays and seat not in present(state, "power")["delved"]:
        for key, feat in state["features"].items():
            fid = feat["fighter"]
            if (feat["on_board"] and fid and seat_of(fid) == seat and not state["fighters"][fid]["tokens"]["stagger"]
                    and effects.flip_face(feat) != "blocked"):
                out.append(Suggestion("power", seat, f"Delve token {key} with {fighter_name(state, fid)}",
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


def suggest_upgrades(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
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
        given_to = alive + ([f for f, v in state["fighters"].items() if v["seat"] != seat and not v["out"]]
                            if false_gift(card) else [])
        ok = [f for f in given_to if cardmod.restriction_met(state, seat, card, f)
              and not (card.get("attack") and "beast" in traits(state, f))]
        cost = cardmod.upgrade_cost(state, seat, name)
        if ok and s["glory"]["unspent"] >= cost:
            out.append(Suggestion("power", seat, f"Upgrade: {name} ({cost} glory)", {"play": "upgrade", "card": name},
                                  choices={"fighter": ok}, group=group))
    return out
