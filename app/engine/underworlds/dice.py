"""Warhammer Underworlds dice: the faces of attack, defence and magic dice, and checking an entered roll.

A roll is entered as counts per face, e.g. ``{"dice": 3, "crit": 1, "smash": 1, "single": 1}``.
``dice`` (optional) is how many dice were rolled; cards change that number, so it is never compared
with an Attack action's Dice characteristic, only with the face counts (they must add up to it).
Without ``dice`` the number of dice rolled is the sum of the counts. Missing faces count 0.

Faces (the dice keys of "Reading the icons" in the rule sources' README.md; TW_RULES_DIR, see the README):
- attack dice: crit (critical success), smash, fury, single (single support), double (double support)
- defence dice: crit, block, dodge, single, double
- magic dice (spell Attack actions and casting rolls): crit, channel, focus

An Attack action's rolls may also be entered as the table reads them, by their counts (the *counts form*):
``{"crit": 1, "success": 1}`` -- ``crit`` the critical successes, ``success`` the other dice that are successes
(the phone says which faces count in this attack: the symbol, both on Guard, support, cover, Cleave, Ensnare),
optionally ``single`` / ``double`` for support symbols the engine is to judge. Dice that failed are not entered,
so ``dice`` (optional) is at least the counts' sum. A roll is entered by its faces or by its counts, not both;
the face form stays valid (old logs replay unchanged).
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core import MALFORMED, OUT_OF_RANGE, Violation
from . import violations as V

ATTACK_FACES = ("crit", "smash", "fury", "single", "double")
DEFENCE_FACES = ("crit", "block", "dodge", "single", "double")
MAGIC_FACES = ("crit", "channel", "focus")
FACES: dict[str, tuple[str, ...]] = {"attack": ATTACK_FACES, "defence": DEFENCE_FACES, "magic": MAGIC_FACES}
# The counts form's key for the non-critical successes as the table counted them.
SUCCESS = "success"
# Faces a counts-form roll may carry beside `success` (criticals and support symbols); the symbols themselves
# (smash, fury, block, dodge, channel, focus) are what `success` counts.
COUNTED_WITH_SUCCESS = ("crit", "single", "double")
DICE_NAMES = {"attack": "attack dice", "defence": "defence dice", "magic": "magic dice"}

# No real roll comes near this; it only keeps absurd input (and absurd forms) out.
MAX_DICE = 20


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_DICE


def check_roll(kind: str, roll: Any, where: str, by_counts: bool = False) -> list[Violation]:
    """Structural problems of an entered roll of `kind` dice (attack | defence | magic); [] when sound.

    `by_counts`: the roll may be in the counts form (`success`), as an Attack action's rolls may."""
    faces = FACES[kind]
    if not isinstance(roll, Mapping):
        return [MALFORMED(f"{where} must be an object of face counts.")]
    problems: list[Violation] = []
    keys = faces + ((SUCCESS,) if by_counts else ())
    for key, value in roll.items():
        if key != "dice" and key not in keys:
            other = [k for k, f in FACES.items() if key in f]
            hint = f" ({key} is a face of {DICE_NAMES[other[0]]})" if other else ""
            problems.append(V.BAD_FACE(f"{where}.{key} is not a face of {DICE_NAMES[kind]}{hint}; "
                                       f"use {', '.join(keys)}."))
        elif not _is_count(value):
            problems.append(MALFORMED(f"{where}.{key} must be a whole number from 0 to {MAX_DICE}."))
    if problems:
        return problems
    counted = SUCCESS in roll
    if counted and any(roll.get(f) for f in faces if f not in COUNTED_WITH_SUCCESS):
        return [MALFORMED(f"{where}: enter a roll by its faces or by its counts (crit, success), not both.")]
    total = sum(roll.get(face, 0) for face in keys)
    if "dice" in roll and (roll["dice"] < total if counted else roll["dice"] != total):
        problems.append(V.ROLL_TOTAL(f"{where}: the face counts add up to {total} but {roll['dice']} dice were rolled."))
    elif total > MAX_DICE:
        problems.append(OUT_OF_RANGE(f"{where}: at most {MAX_DICE} dice in one roll."))
    return problems


def counts(kind: str, roll: Mapping[str, Any] | None) -> dict[str, int]:
    """The face counts of a (checked) roll, every face present, `dice` left out; a counts-form roll keeps its
    `success` count."""
    roll = roll or {}
    out = {face: int(roll.get(face, 0) or 0) for face in FACES[kind]}
    if SUCCESS in roll:
        out[SUCCESS] = int(roll.get(SUCCESS, 0) or 0)
    return out


def dice_rolled(kind: str, roll: Mapping[str, Any] | None) -> int:
    """How many dice a (checked) roll shows."""
    return sum(counts(kind, roll).values())


def with_innate(face_counts: Mapping[str, int], symbol: str | None) -> dict[str, int]:
    """The counts with one innate symbol added (None adds nothing)."""
    out = dict(face_counts)
    if symbol:
        out[symbol] = out.get(symbol, 0) + 1
    return out
