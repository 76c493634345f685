"""A table's result checked against itself and its game's rule of victory: the winner is the player with the most
glory, unless a tiebreak the book names decided a game level on glory; a draw is level on glory.

Deathgorge rulebook, Victory (pg 39): most glory (spent and unspent); tied: the only player with surviving
fighters wins; both with survivors: the highest combined value of objectives held wins; else a draw.
Shadespire rulebook (2018), Victory (pg 25): most glory; tied: if one warband was entirely taken out of action
the other wins; then the most objective tokens controlled; else a draw. Matched play (pg 26): a match is won on
games, a level match by the agreed tiebreakers (glory over the games, a wiped-out warband, sudden death, a roll-off).
Dreadfane rulebook (2019), Victory (pg 19): if only one player has surviving fighters when the game ends, that
player wins whatever the glory; otherwise most glory; tied with neither warband wiped out: the most objective
hexes held; else a draw.

None of the books has a concession or a game lost as a penalty: those are the tournament's, so a result decided by a
judge's or the organiser's ruling (`decided_by: "ruling"`, with the reason written down) may name any winner.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.underworlds.editions.matched_play import MATCH_RULE
from app.engine.underworlds.editions.rules_2018 import SHADESPIRE_RULES
from app.engine.underworlds.editions.rules_2019 import DREADFANE_RULES
from app.engine.underworlds.rules import DEATHGORGE_RULES

from .refusals import FORBIDDEN, INVALID, Refusal

RULING = "ruling"
RULING_ROLES = ("judge", "organiser")
# A level best-of-three match may still have a winner from the agreed tiebreakers (Shadespire pg 26).
MATCH_TIEBREAKS = ("glory", "wiped_out", "sudden_death", "roll_off")


@dataclass(frozen=True)
class Victory:
    """A game's rule of victory: its citation, the tiebreaks of a game level on glory, and any win whatever the glory."""

    rule: str
    level: dict[str, str]
    any_glory: dict[str, str]


# The codes are the engines' own `decided_by` (app/engine/underworlds/victory.py, editions/victory.py), so a
# tracked game's outcome is checked with the same words it was decided by.
VICTORY = {
    "underworlds/deathgorge": Victory(
        DEATHGORGE_RULES["victory"],
        {"surviving_fighters": "only the winner has surviving fighters",
         "objective_value": "both have surviving fighters and the winner holds objectives of the higher combined value"},
        {}),
    "underworlds/shadespire": Victory(
        SHADESPIRE_RULES["victory"],
        {"surviving_fighters": "the loser's warband was entirely taken out of action",
         "objectives_held": "the winner controls more objective tokens"},
        {}),
    "underworlds/dreadfane": Victory(
        DREADFANE_RULES["victory"],
        {"objectives_held": "neither warband was wiped out and the winner holds more objective hexes"},
        {"wipe_out": "only the winner has surviving fighters when the game ends"}),
}
DECIDED_BY = sorted({k for v in VICTORY.values() for k in (*v.level, *v.any_glory)} | set(MATCH_TIEBREAKS)
                    | {"games", RULING})


MATCH_WORDS = {"glory": "more glory over the games", "wiped_out": "the other warband was out of action at the end "
                                                            "of the third game",
               "sudden_death": "sudden death", "roll_off": "the roll-off"}
RULING_WORDS = "a judge's ruling (a concession, a game lost as a penalty)"


def rules_of(setup: dict[str, Any]) -> Victory | None:
    """The rule of victory of a tournament's ruleset, or None (a game with no such rule here)."""
    ruleset = setup.get("ruleset")
    return VICTORY.get(ruleset) if isinstance(ruleset, str) else None


def choices(setup: dict[str, Any], role: str) -> dict[str, Any]:
    """What a hand-entered result of this tournament may be decided by besides glory (the result sheet's choices)."""
    rule: str | None
    if setup.get("best_of") == 3:
        rule, named = MATCH_RULE, dict(MATCH_WORDS)
    else:
        rules = rules_of(setup)
        rule, named = (rules.rule, {**rules.level, **rules.any_glory}) if rules else (None, {})
    if role in RULING_ROLES:
        named[RULING] = RULING_WORDS
    return {"rule": rule, "decided_by": [{"code": k, "words": v} for k, v in named.items()]}


def refusal(result: dict[str, Any], players: list[str], setup: dict[str, Any], source: str | None, reason: str) -> Refusal | None:
    """Why a (well-formed) result contradicts itself or the tournament's rule of victory; None when it does not.

    `source` is the role entering it (None for a confirmation of a tracked game), `reason` what they wrote.
    """
    decided_by = result.get("decided_by")
    if decided_by == RULING:
        if source not in RULING_ROLES:
            return Refusal("ruling_not_allowed", "Only a judge or the organiser decides a game by a ruling "
                                                 "(a concession, a game lost as a penalty).", FORBIDDEN)
        if not reason:
            return Refusal("reason_needed", "A result decided by a ruling needs its reason: what was conceded, "
                                            "or which penalty.", INVALID)
        return None
    if setup.get("best_of") == 3:
        return _match(result, players, decided_by)
    rules = rules_of(setup)
    return _game(result, players, decided_by, rules) if rules else None


def _against(code: str, message: str, rule: str) -> Refusal:
    # A result against the book's rule of victory: the sentence cites the rule too, for whoever reads only it.
    return Refusal(code, f"{message} ({rule})", INVALID, rule=rule)


def _match(result: dict[str, Any], players: list[str], decided_by: str | None) -> Refusal | None:
    if decided_by not in (None, "games", *MATCH_TIEBREAKS):
        return _against("tiebreak_not_in_rules", f"A match is decided on games or by a matched-play tiebreaker "
                                                 f"({', '.join(MATCH_TIEBREAKS)}), not by '{decided_by}'.", MATCH_RULE)
    winner = result.get("winner")
    if decided_by == "glory" and winner is not None:
        loser = next(p for p in players if p != winner)
        if result["glory"][winner] <= result["glory"][loser]:
            return _against("winner_has_less_glory", "A level match decided on glory goes to the player with "
                                                     "more glory over its games.", MATCH_RULE)
    return None


def _game(result: dict[str, Any], players: list[str], decided_by: str | None, rules: Victory) -> Refusal | None:
    winner, glory = result.get("winner"), result["glory"]
    named = {**rules.level, **rules.any_glory}
    if decided_by is not None and decided_by not in named:
        return _against("tiebreak_not_in_rules",
                        f"'{decided_by}' does not decide a game under these rules; they name: "
                        + "; ".join(f"{k} ({v})" for k, v in named.items()) + ".", rules.rule)
    if winner is None:
        if decided_by is not None:
            return _against("tiebreak_without_winner", "A tiebreak names a winner; a draw has none.", rules.rule)
        a, b = players
        if glory[a] != glory[b]:
            return _against("draw_needs_equal_glory", f"A draw needs equal glory ({glory[a]} and {glory[b]} "
                                                      "here): the player with the most glory wins.", rules.rule)
        return None
    if decided_by in rules.any_glory:
        return None
    loser = next(p for p in players if p != winner)
    if glory[winner] < glory[loser]:
        return _against("winner_has_less_glory",
                        f"The winner has less glory ({glory[winner]}) than the loser ({glory[loser]}): the player with "
                        "the most glory wins"
                        + (f", unless {next(iter(rules.any_glory.values()))}" if rules.any_glory else "") + ".",
                        rules.rule)
    if glory[winner] == glory[loser] and decided_by is None:
        return _against("tiebreak_needed",
                        f"Level on glory ({glory[winner]} each), a game has a winner only by a tiebreak: "
                        + "; ".join(f"{k} ({v})" for k, v in rules.level.items()) + "; otherwise it is a draw.",
                        rules.rule)
    if glory[winner] > glory[loser] and decided_by in rules.level:
        return _against("tiebreak_without_tie", "A tiebreak decides only a game level on glory; this winner "
                                                "won on glory.", rules.rule)
    return None
