"""Capture the Artefact (Shadespire rulebook, Alternative Rules, Capture the Artefact, pg 26).

The Katophrane Artefact is one more objective token (every rule about objective tokens applies to
it; it has no number), placed in no one's territory before the numbered tokens. In each end phase,
if a fighter holds it, that fighter becomes Inspired (if not already) and their warband gains 3 glory.

Reading chosen: "in each end phase" is resolved as the end phase begins, before any player runs
through the end phase sequence (the book gives no finer timing; scoring objectives after it lets
a player count the artefact's glory, which the text does not forbid). Change `WHEN` to "after" to
resolve it once every player has finished their sequence instead.
"""
from __future__ import annotations

from ...core import Consequence, Rule
from ..state import FeatureToken, UnderworldsState
from .sources import SHADESPIRE_BOOK

ARTEFACT_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Capture the Artefact", 26)
PLACEMENT_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Capture the Artefact, Place the objective tokens", 26)
KEY = "A"  # feature token ids are short ("1".."9", "b1"): the catalogue caps them at 4 characters
GLORY = 3
WHEN = "before"  # "before" | "after" the players' end phase sequences


def add_token(features: dict[str, FeatureToken]) -> None:
    """Put the Katophrane Artefact among the feature (objective) tokens, on the battlefield."""
    features[KEY] = {"value": None, "face": "objective", "on_board": True, "fighter": None, "artefact": True}


def holder(state: UnderworldsState) -> str | None:
    """The surviving fighter standing on the artefact, if any."""
    feat = state["features"].get(KEY)
    if not feat or not feat["on_board"] or feat["face"] != "objective":
        return None
    fid = feat.get("fighter")
    if fid and not state["fighters"][fid]["out"]:
        return fid
    return None


def end_phase(state: UnderworldsState) -> list[Consequence]:
    """The end-phase effect: the holder Inspires and their warband gains 3 glory (nothing when unheld)."""
    fid = holder(state)
    if fid is None:
        return []
    fighter = state["fighters"][fid]
    seat = fighter["seat"]
    cons: list[Consequence] = []
    if not fighter["inspired"]:
        fighter["inspired"] = True
        cons.append(Consequence("inspired", {"fighter": fid, "by": "Katophrane Artefact"}, ARTEFACT_RULE))
    state["seats"][seat]["glory"]["unspent"] += GLORY
    cons.append(Consequence("artefact_glory", {"seat": seat, "fighter": fid, "glory": GLORY}, ARTEFACT_RULE))
    return cons
