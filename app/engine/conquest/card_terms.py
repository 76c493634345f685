"""The closed vocabulary a Conquest card record uses to say what its ability does, and the check of a record.

Content files (`content/conquest/abilities-*.yaml`) describe each core set card in our own words: its ability's
type (`timing`: Action, Reaction, Interrupt, a constant effect, keywords only, or none), the window it is played
in (`window`, narrowed by `when`), its cost (`cost`), the one choice it needs (`target`), the fixed effects the
engine applies (`does`) and what the players carry out themselves (`ask`). content/conquest/README.md documents
every term; `problems()` is the one check, used when the files load and by the content tests, so a term the
engine does not know never reaches a game. Rules: Conquest rules summary, Cards, Abilities (Actions, Constant
effects, Interrupts, Forced, Reactions).
"""
from __future__ import annotations

from typing import Any

# The ability types of the rules summary (Cards, Abilities); "keywords": only keywords the engine applies
# (Ranged, Brutal, Flying...); "none": a card with no text box ability.
TIMINGS = ("none", "keywords", "constant", "action", "reaction", "interrupt")
PLAYED = ("action", "reaction", "interrupt")
# "Deploy Action" / "Combat Action": only in an action window of that phase (Cards, Abilities: Actions).
PHASES = ("any", "deploy", "combat")

# The triggers the engine opens a window for (windows.py notes them as they happen).
SEEN_WINDOWS = ("enters_play", "leaves_play", "destroyed", "commit", "command_struggle_won", "attack_declared",
                "damage_assigned", "deploy_phase_begins", "event_played")
# Triggers the engine does not see (a deploy's cost being paid, a shield card used, a move by a card, a command
# struggle beginning, a card entering the discard pile, an exhaust, damage placed, an ability's target): a card
# played in one of these says what the players carry out (`ask`).
UNSEEN_WINDOWS = ("deploying", "shield_used", "moved", "struggle_begins", "discarded", "exhausted", "damaged",
                  "targeted")
WINDOWS = SEEN_WINDOWS + UNSEEN_WINDOWS

# when: whose card or unit the trigger is about, seen from the ability's holder.
SUBJECTS = ("this", "attached", "friendly", "enemy", "any", "your_warlord")
# `ready`: only while the ability's own card is ready.
WHEN_KEYS = {"subject": SUBJECTS, "here": (True,), "by_attack": (True,), "non_warlord": (True,),
             "army": (True,), "elite": (True,), "ready": (True,), "trait": None, "faction": None}

# The cost paid when the ability is initiated.
COST_KEYS = ("resources", "exhaust_self", "sacrifice_self", "damage_self", "exhaust_unit", "sacrifice_unit")

# The one choice an ability needs: a unit, narrowed by these.
TARGET_KEYS = {"side": ("enemy", "friendly", "any"), "at": ("here", "any", "adjacent", "window"),
               "non_warlord": (True,), "army": (True,), "non_unique": (True,), "damaged": (True,),
               "not_this": (True,), "trait": None, "faction": None}

# Fixed effects the engine applies (abilities_apply in windows.py), and who receives them.
EFFECT_KINDS = ("gain_resources", "take_resource", "draw", "opponent_discards", "token", "damage", "ready",
                "exhaust", "rout", "destroy", "remove_damage", "prevent", "move")
TO_KINDS = ("damage", "ready", "exhaust", "rout", "destroy", "remove_damage", "prevent", "move")
RECIPIENTS = ("this", "attached", "target", "window_unit", "attacker", "defender", "each_enemy_here",
              "each_other_here")
TOKEN_AT = ("here", "hq", "window_planet")  # also where `move` takes its unit

# What the players carry out themselves (with the card-effect entries), when the engine cannot.
ASK = ("search", "choose_card", "sacrifice", "characteristic", "cost", "move", "discard_pile", "hand",
       "cancel", "attach", "blank", "reassign", "command", "deploy_from_hand", "deck", "other")

# The card's printed facts, merged from the card pool (cards.json) by name when a game's setup takes the record.
FACT_KEYS = ("type", "faction", "cost_printed", "traits", "unique", "keywords")
RECORD_KEYS = ("name", "timing", "forced", "phase", "from_hand", "window", "when", "cost", "target", "does",
               "ask", "limit", "reading", *FACT_KEYS)
MOST_NUMBER = 10


def problems(rec: dict[str, Any]) -> list[str]:
    """What in an ability record the engine does not know ([] when every term is known)."""
    if not isinstance(rec, dict):
        return ["a record is a mapping"]
    out = [f"{k!r} is not a field ({', '.join(RECORD_KEYS)})" for k in rec if k not in RECORD_KEYS]
    if not isinstance(rec.get("name"), str) or not 0 < len(rec["name"]) <= 80:
        out.append("name: the card's name")
    timing = rec.get("timing")
    if timing not in TIMINGS:
        return out + [f"timing: one of {', '.join(TIMINGS)}"]
    if "reading" in rec and (not isinstance(rec["reading"], str) or not 0 < len(rec["reading"]) <= 400):
        out.append("reading: our own words, 1 to 400 characters")
    if timing not in PLAYED:
        extra = [k for k in ("window", "when", "cost", "target", "does", "phase", "forced") if k in rec]
        if extra:
            out.append(f"{', '.join(extra)}: only an Action, Reaction or Interrupt has these")
    out += _timing_problems(rec, timing)
    out += _mapping(rec.get("when"), WHEN_KEYS, "when")
    out += _cost_problems(rec.get("cost"))
    out += _mapping(rec.get("target"), TARGET_KEYS, "target")
    if "does" in rec:
        out += _effects_problems(rec["does"])
    if "ask" in rec:
        ask = rec["ask"]
        if not isinstance(ask, list) or not ask or len(ask) > 4 or any(a not in ASK for a in ask):
            out.append(f"ask: a list of 1 to 4 of {', '.join(ASK)}")
    if "limit" in rec and rec["limit"] not in ("phase", "round"):
        out.append("limit: phase or round (Limit once per ...)")
    return out + _facts_problems(rec)


CARD_TYPES = ("warlord", "army", "support", "attachment", "event", "token", "synapse")


def _facts_problems(rec: dict[str, Any]) -> list[str]:
    """The printed facts a setup's record carries (from the card pool), bounded like the card entries."""
    out = []
    if "type" in rec and rec["type"] not in CARD_TYPES:
        out.append(f"type: one of {', '.join(CARD_TYPES)}")
    if rec.get("faction") is not None and (not isinstance(rec["faction"], str) or len(rec["faction"]) > 40):
        out.append("faction: a faction's name")
    if rec.get("cost_printed") is not None:
        out += _number(rec["cost_printed"], "cost_printed", low=0)
    if "unique" in rec and not isinstance(rec["unique"], bool):
        out.append("unique: true or false")
    for key in ("traits", "keywords"):
        value = rec.get(key)
        if value is not None and (not isinstance(value, list) or len(value) > 12
                                  or not all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)):
            out.append(f"{key}: a list of at most 12 words")
    return out


def _timing_problems(rec: dict[str, Any], timing: str) -> list[str]:
    out = []
    if timing == "action":
        if rec.get("phase", "any") not in PHASES:
            out.append(f"phase: one of {', '.join(PHASES)}")
        if "window" in rec or "forced" in rec:
            out.append("window, forced: an Action is used in an action window")
    elif timing in ("reaction", "interrupt"):
        if rec.get("window") not in WINDOWS:
            out.append(f"window: one of {', '.join(WINDOWS)}")
        elif rec["window"] in UNSEEN_WINDOWS and "ask" not in rec:
            out.append("ask: the engine does not see this window, so the record says what the players carry out")
        if "phase" in rec:
            out.append("phase: only Actions name a phase")
        if "forced" in rec and rec["forced"] is not True:
            out.append("forced: true")
    if "from_hand" in rec and rec["from_hand"] is not True:
        out.append("from_hand: true (a unit played from hand by its own ability)")
    return out


def _mapping(value: object, allowed: dict[str, Any], where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, dict) or not value:
        return [f"{where}: a mapping"]
    out = []
    for key, v in value.items():
        if key not in allowed:
            out.append(f"{where}: {key!r} is not one of {', '.join(allowed)}")
        elif allowed[key] is None:
            if not isinstance(v, str) or not 0 < len(v) <= 40:
                out.append(f"{where}.{key}: a name")
        elif v not in allowed[key]:
            out.append(f"{where}.{key}: one of {', '.join(map(str, allowed[key]))}")
    return out


def _number(value: object, where: str, low: int = 1) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MOST_NUMBER:
        return [f"{where}: a whole number from {low} to {MOST_NUMBER}"]
    return []


def _cost_problems(cost: object) -> list[str]:
    if cost is None:
        return []
    if not isinstance(cost, dict) or not cost:
        return ["cost: a mapping"]
    out = [f"cost: {k!r} is not one of {', '.join(COST_KEYS)}" for k in cost if k not in COST_KEYS]
    for key in ("resources", "damage_self"):
        if key in cost:
            out += _number(cost[key], f"cost.{key}")
    for key in ("exhaust_self", "sacrifice_self"):
        if key in cost and cost[key] is not True:
            out.append(f"cost.{key}: true")
    for key in ("exhaust_unit", "sacrifice_unit"):
        if key in cost:
            out += _mapping(cost[key], TARGET_KEYS, f"cost.{key}")
    return out


def _effects_problems(effects: object) -> list[str]:
    if not isinstance(effects, list) or not effects or len(effects) > 4:
        return ["does: a list of 1 to 4 effects"]
    out = []
    for i, eff in enumerate(effects):
        at = f"does[{i}]"
        if not isinstance(eff, dict) or eff.get("kind") not in EFFECT_KINDS:
            out.append(f"{at}: an effect with a kind, one of {', '.join(EFFECT_KINDS)}")
            continue
        extra = set(eff) - {"kind", "to", "amount", "token", "at", "all", "random", "if_more"}
        if extra:
            out.append(f"{at}: unknown keys {', '.join(sorted(extra))}")
        kind = eff["kind"]
        if kind in TO_KINDS and eff.get("to") not in RECIPIENTS:
            out.append(f"{at}.to: one of {', '.join(RECIPIENTS)}")
        for flag in ("all", "random", "if_more"):
            if flag in eff and eff[flag] is not True:
                out.append(f"{at}.{flag}: true")
        if kind in ("gain_resources", "take_resource", "draw", "opponent_discards", "damage", "token") \
                or (kind in ("prevent", "remove_damage") and not eff.get("all")):
            out += _number(eff.get("amount"), f"{at}.amount")
        if kind in ("token", "move"):
            if kind == "token" and not isinstance(eff.get("token"), str):
                out.append(f"{at}.token: the token unit's name")
            if eff.get("at") not in TOKEN_AT:
                out.append(f"{at}.at: one of {', '.join(TOKEN_AT)}")
    return out
