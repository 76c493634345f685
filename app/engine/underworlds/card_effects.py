"""A played card's fixed effects (its `does`, or the `options` entry the player picked), applied as consequences
citing the card (content/README.md, Gambits).

Playing the card is the one confirm: the power step's `power {play: ploy|spell}` (a spell only once cast) and the
`reaction` event apply the card's effects with it. A card whose effect goes to a chosen fighter names that fighter
in the entry's `chosen`; a card with options names the one picked in `option`. What the card leaves to the
players (`manual`) is theirs to enter, as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Violation
from . import cards as cardmod
from . import damage as damage_mod
from . import effects
from . import violations as V
from .reactions import add_steps, this_fighter
from .scoring import cite
from .state import UnderworldsState, seat_of

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

CHOSEN = {"chosen_friendly": "friendly", "chosen_enemy": "enemy", "chosen_fighter": "any"}


def chosen_effects(card: dict[str, Any] | None, option: int | None = None) -> list[dict[str, Any]]:
    """The effects the card applies: its `does`, or the picked `options` entry ([] for none)."""
    if not card:
        return []
    if card.get("options"):
        opts = card["options"]
        return list(opts[option]) if isinstance(option, int) and 0 <= option < len(opts) else []
    return list(card.get("does") or [])


def needs_choice(card: dict[str, Any] | None) -> str | None:
    """The side a card's chosen fighter must be on (friendly, enemy, any), or None when it chooses no fighter."""
    for opt in ([card.get("does") or []] + list(card.get("options") or [])) if card else []:
        for eff in opt:
            if eff.get("to") in CHOSEN:
                return CHOSEN[eff["to"]]
    return None


def check(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, card: dict[str, Any] | None,
          data: dict[str, Any]) -> list[Violation]:
    """The choice a card's effects need: the option picked, and a fighter of the right side on the battlefield."""
    if not card or not (card.get("does") or card.get("options")):
        return []
    where = cite(card)
    out = []
    option = data.get("option")
    if card.get("options") and not (isinstance(option, int) and 0 <= option < len(card["options"])):
        out.append(V.CARD_CHOICE_NEEDED(f"{card['name']}: pick one of its {len(card['options'])} options.", where))
        return out
    side: str | None = None
    for eff in chosen_effects(card, option):
        side = CHOSEN.get(str(eff.get("to")), side)
    if side is None:
        return out
    fid = data.get("chosen")
    if not fid:
        return out + [V.CARD_CHOICE_NEEDED(f"{card['name']}: choose the fighter it affects.", where)]
    if fid not in state["fighters"]:
        return out + [V.UNKNOWN_FIGHTER(f"chosen: there is no fighter {fid!r} in this game.")]
    if side != "any" and (seat_of(fid) == seat) != (side == "friendly"):
        out.append(V.CARD_CHOICE_NEEDED(f"{card['name']} affects {'a friendly' if side == 'friendly' else 'an enemy'} "
                                        "fighter.", where))
    if state["fighters"][fid]["out"]:
        out.append(V.FIGHTER_OUT_OF_ACTION(f"{fid} is out of action.", rs.edition.rule("out_of_action_adv")))
    return out


def apply(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, card: dict[str, Any] | None, data: dict[str, Any],
          context: dict[str, Any] | None = None) -> list[Consequence]:
    """Apply the card's fixed effects; `context` is the reaction step's (its attacker and target)."""
    cons: list[Consequence] = []
    ctx = context or {}
    if not card:
        return cons
    for eff in chosen_effects(card, data.get("option")):
        fid = _recipient(state, seat, card, data, ctx, eff.get("to"))
        kind = eff["kind"]
        if kind in ("glory", "draw"):
            _player_effect(state, seat, eff)
            cons.append(Consequence("card_effect", {"card": card["name"], "seat": seat, **eff}, cite(card)))
            continue
        if fid is None or state["fighters"][fid]["out"]:
            continue  # nobody to receive it (the target fell, or no fighter holds the upgrade): nothing happens
        cons.append(Consequence("card_effect", {"card": card["name"], "seat": seat, **eff, "to": fid}, cite(card)))
        cons.extend(_fighter_effect(rs, state, seat, fid, eff))
    return cons


def _recipient(state: UnderworldsState, seat: str, card: dict[str, Any], data: dict[str, Any], ctx: dict[str, Any],
               to: str | None) -> str | None:
    if to in CHOSEN:
        return data.get("chosen")
    if to == "this":
        return this_fighter(state, seat, card, data.get("fighter"))
    if to in ("attacker", "target"):
        return ctx.get(to)
    return None


def _player_effect(state: UnderworldsState, seat: str, eff: dict[str, Any]) -> None:
    if eff["kind"] == "glory":
        state["seats"][seat]["glory"]["unspent"] += eff["amount"]
        return
    cardmod.draw(state, seat, eff["deck"], eff["amount"])


def _fighter_effect(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, fid: str,
                    eff: dict[str, Any]) -> list[Consequence]:
    kind = eff["kind"]
    f = state["fighters"][fid]
    cons: list[Consequence] = []
    if kind == "damage":
        cons = damage_mod.deal_damage(rs, state, fid, eff["amount"], seat, "card")
        # Damage from a card passes the reaction steps of a fighter dealt damage (Reactions pg 36).
        add_steps(state, ["after_damage"] + (["after_out_of_action"] if f["out"] else []),
                  {"fighter": fid, "out_of_action": [fid] if f["out"] else []})
    elif kind == "heal":
        f["damage"] = max(0, f["damage"] - eff["amount"])
    elif kind == "token":
        effects.give_token(rs, state, fid, eff["token"], cons)
    elif kind == "remove_token":
        f["tokens"][eff["token"]] = max(0, f["tokens"][eff["token"]] - 1)
    elif kind == "inspire":
        f["inspired"] = True
        cons.append(Consequence("inspired", {"fighter": fid}, rs.edition.rule("inspire_adv")))
    return cons


def _candidates(state: UnderworldsState, seat: str, side: str) -> list[str]:
    """The fighters on the battlefield a chosen-fighter effect of this side may go to."""
    return [fid for fid, f in state["fighters"].items() if not f["out"]
            and (side == "any" or (f["seat"] == seat) == (side == "friendly"))]


def _followable(state: UnderworldsState, seat: str, effects_: list[dict[str, Any]]) -> bool:
    """Every effect that goes to a chosen fighter has one to go to."""
    return all(_candidates(state, seat, CHOSEN[str(e["to"])]) for e in effects_ if e.get("to") in CHOSEN)


def followable_options(state: UnderworldsState, seat: str, card: dict[str, Any]) -> list[int]:
    """The card's options whose directions can be followed now."""
    return [i for i, opt in enumerate(card.get("options") or []) if _followable(state, seat, list(opt))]


def can_follow(state: UnderworldsState, seat: str, card: dict[str, Any] | None) -> bool:
    """Whether the player can follow the card's directions now, so may play it: a card whose effect goes to a chosen
    fighter needs one on the battlefield (Deathgorge rulebook, Advanced rules, Playing a power card, pg 29, and
    Abilities, pg 9: only if all of its directions can be followed; Dreadfane rulebook, Power step, pg 15, and the
    Shadespire rulebook, Power Step, pg 22: "you must choose two friendly fighters, and you only have one ... you
    cannot use that card")."""
    if not card:
        return True
    if card.get("options"):
        return bool(followable_options(state, seat, card))
    return _followable(state, seat, list(card.get("does") or []))


def effect_choices(state: UnderworldsState, seat: str, card: dict[str, Any] | None) -> dict[str, list[Any]]:
    """The one choice a card's fixed effects need (card_effects.py): the options that can be followed now, and the
    fighters it may go to (left out when none of those options goes to a chosen fighter)."""
    out: dict[str, list[Any]] = {}
    if card and card.get("options"):
        out["option"] = followable_options(state, seat, card)
    side = needs_choice(card)
    if side and _candidates(state, seat, side):
        out["chosen"] = _candidates(state, seat, side)
    return out
