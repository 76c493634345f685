"""The closed vocabulary a card record uses to say what it does, and the check of a record against it.

Content files (`content/underworlds/decks/`) describe each card as data the engine can act on, in our own
words: how a gambit is played (`play`), the trigger of a reaction (`reaction`, `reaction_when`), the fixed
effects of a power card (`does`), what the players carry out by hand (`manual`), what an upgrade changes
(`grants`), and an objective's scoring condition (`condition`). content/README.md, "What a card does",
documents every term; `problems()` is the one check, used by the content schema when files load and by the
content tests, so a term the engine does not know can never reach a game.
"""
from __future__ import annotations

from typing import Any, Collection, Iterable

from .reactions import REACTION_STEPS

# How a gambit is played: as a reaction in the reaction step its `reaction` names, or in a power step
# (Deathgorge rulebook, Power cards pg 30-31, Reactions pg 34).
PLAY = ("reaction", "power_step")

# Who a term is about, seen from the card's holder.
SIDES = ("friendly", "enemy", "any")

# What a fighter can be, as the game tracks it (a fighter's record, its card, the feature tokens).
FIGHTER_IS = ("out", "surviving", "inspired", "uninspired", "wounded", "undamaged", "vulnerable", "leader",
              "minion", "upgraded", "no_upgrades", "guard", "stagger", "move", "charge", "move_or_charge",
              "no_move_or_charge",
              "any_token", "no_token", "holding_objective", "on_feature")

# What the game counts per side and scope (tally.py): the side is the one whose fighters or player did it.
TALLY_FACTS = ("took_out_of_action", "took_out_leader", "lost_fighters", "charges", "moves", "attacks",
               "attacks_succeeded", "attacks_failed", "damage_dealt", "gambits", "ploys", "spells_cast",
               "upgrades_given", "inspired", "guards", "reactions", "pushes")
SCOPES = ("activation", "phase", "round", "game", "previous_action_phase")

# When an objective is scored: a surge objective at one of these moments (the reaction steps the engine opens,
# plus the end of a power step), an end-phase objective in the end phase.
MOMENTS = (*REACTION_STEPS, "after_power_step", "end_phase")

# What the app does not track, and so asks the players in one yes/no when the rest of a condition holds.
ASK = ("positions", "territory", "objective_tokens", "feature_tokens", "dice", "cards", "other")

# Fixed effects the engine applies when the card is played (card_effects.py), and who receives them.
EFFECT_KINDS = ("damage", "heal", "token", "remove_token", "glory", "draw", "inspire")
TOKEN_KINDS = ("guard", "stagger", "move", "charge")
RECIPIENTS = ("chosen_friendly", "chosen_enemy", "chosen_fighter", "this", "attacker", "target", "you")

# What the players carry out by hand (positions, dice, rules beyond what the game tracks).
MANUAL = ("push", "move", "place", "swap", "attack_action", "action", "reroll", "dice", "characteristic",
          "feature_token", "search", "discard", "return_fighter", "counter", "cancel", "ignore", "other")

# What an upgrade changes on its fighter: characteristic deltas, keywords, and which Attack actions.
GRANT_NUMBERS = ("move", "wounds", "defence_dice", "attack_dice", "damage", "range")
GRANT_KEYWORDS = ("cleave", "ensnare", "grievous", "stagger", "brutal", "innate")
ATTACKS = ("melee", "ranged", "any", "range_1")  # melee: Range 1-2; ranged: Range 3+; range_1: Range 1 only

# reaction_when: conditions on the reaction step's context (reactions.py unmet_conditions).
RELATIONS = ("friendly", "enemy", "this", "any")
REACTION_WHEN = {
    "attacker": RELATIONS, "target": RELATIONS, "fighter": RELATIONS, "not_target": ("this",),
    "outcome": ("succeeded", "failed"), "target_leader": (True,), "took_out_of_action": (True,),
    "cause": ("attack", "ploy", "any"), "player": ("friendly", "enemy"),
    "action": ("move", "charge", "attack", "guard", "any"), "range": ATTACKS,
    "attacker_is": FIGHTER_IS, "target_is": FIGHTER_IS, "fighter_is": FIGHTER_IS,
    "card_type": ("ploy", "spell", "upgrade", "gambit"), "ask": ASK,
}
LIST_KEYS = ("attacker_is", "target_is", "fighter_is")

ATTACK_CLAUSE = {"by": ("friendly", "enemy", "any"), "target": ("friendly", "enemy", "any"),
                 "succeeded": (True, False), "took_out": (True, False), "charge": (True, False),
                 "crit": (True,), "range": ATTACKS, "by_is": FIGHTER_IS, "target_is": FIGHTER_IS}
COUNT_KEYS = ("at_least", "at_most", "exactly")

# The fields a behaviour file (content/underworlds/cards/) may give a card, beside its `name`.
BEHAVIOUR_KEYS = ("name", "play", "reaction", "reaction_when", "persists", "does", "options", "manual", "grants",
                  "condition", "reading", "uncertain", "restrictions", "casting", "attack", "glory_cost")
# A card the coverage report counts as known has one of these.
DECIDING_KEYS = ("play", "reaction", "does", "options", "manual", "grants", "condition")
MOST_CLAUSES = 6
MOST_NUMBER = 12


def problems(card: dict[str, Any]) -> list[str]:
    """What in a card record's behaviour data the engine does not know ([] when every term is known)."""
    out: list[str] = []
    kind = card.get("type")
    for key in ("reading", "uncertain"):
        if key in card and (not isinstance(card[key], str) or not 0 < len(card[key]) <= 600):
            out.append(f"{key}: our own words, 1 to 600 characters")
    for key in ("persists", "attack"):
        if key in card and not isinstance(card[key], bool):
            out.append(f"{key}: true or false")
    out += _facts_problems(card)
    if "play" in card:
        if kind not in ("ploy", "spell"):
            out.append("play: only gambits (ploys and spells) say how they are played")
        elif card["play"] not in PLAY:
            out.append(f"play: {card['play']!r} is not one of {', '.join(PLAY)}")
        elif card["play"] == "reaction" and not card.get("reaction"):
            out.append("play: a reaction names its reaction step in `reaction`")
        elif card["play"] == "power_step" and card.get("reaction"):
            out.append("play: a power-step gambit has no reaction step")
    out += _when_problems(card.get("reaction_when"))
    if "does" in card:
        out += _effects_problems(card["does"], "does")
    if "options" in card:
        opts = card["options"]
        if not isinstance(opts, list) or not 2 <= len(opts) <= 4:
            out.append("options: a list of 2 to 4 effect lists (the player picks one)")
        else:
            for i, opt in enumerate(opts):
                out += _effects_problems(opt, f"options[{i}]")
    if "manual" in card:
        out += _list_of(card["manual"], MANUAL, "manual")
    if "grants" in card:
        if kind != "upgrade":
            out.append("grants: only upgrades grant characteristics")
        out += _grants_problems(card["grants"])
    if "condition" in card:
        if kind != "objective":
            out.append("condition: only objectives have a scoring condition")
        out += _condition_problems(card["condition"], card.get("scoring"))
    return out


def _facts_problems(card: dict[str, Any]) -> list[str]:
    """The printed facts a behaviour file may add when the deck file lacks them: restrictions (fighter slugs,
    traits or keywords), a spell's casting value, an upgrade's glory cost."""
    out = []
    restrictions = card.get("restrictions")
    if restrictions is not None and (not isinstance(restrictions, list) or len(restrictions) > 16
                                     or not all(isinstance(r, str) and 0 < len(r) <= 60 for r in restrictions)):
        out.append("restrictions: a list of at most 16 fighter slugs, traits or keywords")
    casting = card.get("casting")
    if casting is not None and (not isinstance(casting, dict) or not casting
                                or set(casting) - {"channel", "focus"} or _bad_numbers(casting.values(), 6)):
        out.append("casting: the symbols it needs, {channel: n} or {focus: n}")
    if card.get("glory_cost") is not None and _bad_numbers([card["glory_cost"]], 10):
        out.append("glory_cost: a whole number from 0 to 10")
    return out


def _bad_numbers(values: Iterable[object], most: int) -> bool:
    return any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= most for v in values)


def _list_of(value: object, allowed: Collection[object], where: str) -> list[str]:
    if not isinstance(value, list) or not value or len(value) > 8:
        return [f"{where}: a list of 1 to 8 of {', '.join(map(str, allowed))}"]
    return [f"{where}: {v!r} is not one of {', '.join(map(str, allowed))}" for v in value if v not in allowed]


def _number(value: object, where: str, low: int = 0) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MOST_NUMBER:
        return [f"{where}: a whole number from {low} to {MOST_NUMBER}"]
    return []


def _when_problems(when: object) -> list[str]:
    if when is None:
        return []
    if not isinstance(when, dict):
        return ["reaction_when: a mapping of conditions"]
    out = []
    for key, value in when.items():
        if key not in REACTION_WHEN:
            out.append(f"reaction_when: {key!r} is not a condition ({', '.join(REACTION_WHEN)})")
        elif key in LIST_KEYS:
            out += _list_of(value, REACTION_WHEN[key], f"reaction_when.{key}")
        elif value not in REACTION_WHEN[key]:
            out.append(f"reaction_when.{key}: {value!r} is not one of {', '.join(map(str, REACTION_WHEN[key]))}")
    return out


def _effects_problems(effects: object, where: str) -> list[str]:
    if not isinstance(effects, list) or not effects or len(effects) > 6:
        return [f"{where}: a list of 1 to 6 effects"]
    out = []
    for i, eff in enumerate(effects):
        at = f"{where}[{i}]"
        if not isinstance(eff, dict) or eff.get("kind") not in EFFECT_KINDS:
            out.append(f"{at}: an effect with a kind, one of {', '.join(EFFECT_KINDS)}")
            continue
        extra = set(eff) - {"kind", "to", "amount", "token", "deck"}
        if extra:
            out.append(f"{at}: unknown keys {', '.join(sorted(extra))}")
        k = eff["kind"]
        if k in ("damage", "heal", "token", "remove_token", "inspire") and eff.get("to") not in RECIPIENTS:
            out.append(f"{at}.to: one of {', '.join(RECIPIENTS)}")
        if k in ("damage", "heal", "glory", "draw"):
            out += _number(eff.get("amount"), f"{at}.amount", low=1)
        if k in ("token", "remove_token") and eff.get("token") not in TOKEN_KINDS:
            out.append(f"{at}.token: one of {', '.join(TOKEN_KINDS)}")
        if k == "draw" and eff.get("deck") not in ("power", "objectives"):
            out.append(f"{at}.deck: power or objectives")
    return out


def _grants_problems(grants: object) -> list[str]:
    if not isinstance(grants, dict) or not grants:
        return ["grants: a mapping of what the upgrade changes"]
    out = []
    for key, value in grants.items():
        if key in GRANT_NUMBERS:
            if isinstance(value, bool) or not isinstance(value, int) or not -3 <= value <= 3 or value == 0:
                out.append(f"grants.{key}: a change from -3 to +3 (not 0)")
        elif key == "keywords":
            out += _list_of(value, GRANT_KEYWORDS, "grants.keywords")
        elif key == "attacks":
            if value not in ATTACKS:
                out.append(f"grants.attacks: one of {', '.join(ATTACKS)}")
        elif key == "while":
            out += _list_of(value, FIGHTER_IS, "grants.while")
        elif key == "set":
            out += _set_problems(value)
        else:
            out.append(f"grants: {key!r} is not one of {', '.join((*GRANT_NUMBERS, 'keywords', 'attacks', 'while', 'set'))}")
    return out


def _set_problems(setting: object) -> list[str]:
    """grants.set: characteristics the upgrade sets (Setting characteristics, pg 18): move, defence_dice,
    defence_symbol."""
    if not isinstance(setting, dict) or not setting or set(setting) - {"move", "defence_dice", "defence_symbol"}:
        return ["grants.set: some of move, defence_dice, defence_symbol"]
    out = []
    for key in ("move", "defence_dice"):
        if key in setting:
            out += _number(setting[key], f"grants.set.{key}", low=0 if key == "move" else 1)
    if "defence_symbol" in setting and setting["defence_symbol"] not in ("block", "dodge"):
        out.append("grants.set.defence_symbol: block or dodge")
    return out


def _condition_problems(cond: object, scoring: object) -> list[str]:
    if not isinstance(cond, dict) or set(cond) - {"at", "all", "any"} or not ("all" in cond or "any" in cond):
        return ["condition: {at, all: [clauses]} or {at, any: [clauses]}"]
    out = []
    at = cond.get("at")
    if at not in MOMENTS:
        out.append(f"condition.at: {at!r} is not a moment ({', '.join(MOMENTS)})")
    elif scoring in ("end", "third") and at != "end_phase":
        out.append("condition.at: an end-phase objective is scored at end_phase")
    elif scoring == "surge" and at == "end_phase":
        out.append("condition.at: a surge objective is scored at a moment of the action phase")
    for key in ("all", "any"):
        if key in cond:
            out += _clauses_problems(cond[key], f"condition.{key}", depth=0)
    return out


def _clauses_problems(clauses: object, where: str, depth: int) -> list[str]:
    if not isinstance(clauses, list) or not clauses or len(clauses) > MOST_CLAUSES:
        return [f"{where}: a list of 1 to {MOST_CLAUSES} clauses"]
    out = []
    for i, clause in enumerate(clauses):
        out += _clause_problems(clause, f"{where}[{i}]", depth)
    return out


def _clause_problems(clause: object, where: str, depth: int) -> list[str]:
    if not isinstance(clause, dict) or len(clause) != 1:
        return [f"{where}: a clause is a mapping with one key"]
    (key, body), = clause.items()
    if key in ("any", "all"):
        if depth >= 2:
            return [f"{where}: clauses nest at most two deep"]
        return _clauses_problems(body, f"{where}.{key}", depth + 1)
    if key == "ask":
        return [] if body in ASK else [f"{where}.ask: one of {', '.join(ASK)}"]
    if key == "round":
        return _number(body, f"{where}.round", low=1)
    if key == "turn":
        return [] if body in ("friendly", "enemy") else [f"{where}.turn: friendly or enemy"]
    if not isinstance(body, dict):
        return [f"{where}.{key}: a mapping"]
    checker = CLAUSES.get(key)
    if checker is None:
        return [f"{where}: {key!r} is not a clause ({', '.join((*CLAUSES, 'any', 'all', 'ask', 'round', 'turn'))})"]
    return checker(body, f"{where}.{key}")


def _counts(body: dict[str, Any], where: str, allow_all: bool = False) -> list[str]:
    keys = [k for k in (*COUNT_KEYS, "all", "none") if k in body]
    allowed = COUNT_KEYS + (("all", "none") if allow_all else ())
    if len(keys) != 1 or keys[0] not in allowed:
        return [f"{where}: exactly one of {', '.join(allowed)}"]
    if keys[0] in ("all", "none"):
        return [] if body[keys[0]] is True else [f"{where}.{keys[0]}: true"]
    return _number(body[keys[0]], f"{where}.{keys[0]}")


def _keys(body: dict[str, Any], allowed: tuple[str, ...], where: str) -> list[str]:
    extra = set(body) - set(allowed)
    return [f"{where}: unknown keys {', '.join(sorted(extra))}"] if extra else []


def _side(body: dict[str, Any], where: str) -> list[str]:
    return [] if body.get("side", "friendly") in SIDES else [f"{where}.side: one of {', '.join(SIDES)}"]


def _attack_clause(body: dict[str, Any], where: str) -> list[str]:
    out = _keys(body, (*ATTACK_CLAUSE, "damage_at_least", "fighter"), where)
    for key, allowed in ATTACK_CLAUSE.items():
        if key in body:
            if key in ("by_is", "target_is"):
                out += _list_of(body[key], allowed, f"{where}.{key}")
            elif body[key] not in allowed:
                out.append(f"{where}.{key}: one of {', '.join(map(str, allowed))}")
    if "damage_at_least" in body:
        out += _number(body["damage_at_least"], f"{where}.damage_at_least", low=1)
    if "fighter" in body and not isinstance(body["fighter"], str):
        out.append(f"{where}.fighter: a fighter's slug")
    return out


def _fighters_clause(body: dict[str, Any], where: str) -> list[str]:
    out = _keys(body, ("side", "is", "fighter", "upgrades_at_least", "damage_at_least", *COUNT_KEYS, "all", "none"),
                where)
    out += _side(body, where)
    if "is" in body:
        out += _list_of(body["is"], FIGHTER_IS, f"{where}.is")
    for key in ("upgrades_at_least", "damage_at_least"):
        if key in body:
            out += _number(body[key], f"{where}.{key}", low=1)
    if "fighter" in body and not isinstance(body["fighter"], str):
        out.append(f"{where}.fighter: a fighter's slug")
    return out + _counts(body, where, allow_all=True)


def _tally_clause(body: dict[str, Any], where: str) -> list[str]:
    out = _keys(body, ("what", "side", "scope", "distinct", *COUNT_KEYS), where)
    if body.get("what") not in TALLY_FACTS:
        out.append(f"{where}.what: one of {', '.join(TALLY_FACTS)}")
    if body.get("scope") not in SCOPES:
        out.append(f"{where}.scope: one of {', '.join(SCOPES)}")
    if body.get("distinct") not in (None, True):
        out.append(f"{where}.distinct: true (count the different fighters)")
    return out + _side(body, where) + _counts(body, where)


def _more_clause(body: dict[str, Any], where: str) -> list[str]:
    out = _keys(body, ("fighters", "glory", "upgrades"), where)
    if len(body) != 1:
        return out + [f"{where}: one of fighters, glory, upgrades"]
    if "fighters" in body:
        fighters = body["fighters"]
        if not isinstance(fighters, dict) or _keys(fighters, ("is",), where):
            return out + [f"{where}.fighters: {{is: [...]}}"]
        if "is" in fighters:
            out += _list_of(fighters["is"], FIGHTER_IS, f"{where}.fighters.is")
    elif body.get("glory", body.get("upgrades")) is not True:
        out.append(f"{where}: glory: true or upgrades: true")
    return out


def _side_count_clause(body: dict[str, Any], where: str) -> list[str]:
    return _keys(body, ("side", *COUNT_KEYS), where) + _side(body, where) + _counts(body, where)


def _hand_clause(body: dict[str, Any], where: str) -> list[str]:
    out = _keys(body, ("kind", *COUNT_KEYS), where)
    if body.get("kind") not in ("power", "objectives"):
        out.append(f"{where}.kind: power or objectives")
    return out + _counts(body, where)


CLAUSES = {"attack": _attack_clause, "fighters": _fighters_clause, "tally": _tally_clause, "more": _more_clause,
           "upgrades": _side_count_clause, "glory": _side_count_clause, "scored": _side_count_clause,
           "hand": _hand_clause}
