"""A feature table for a stream's overlay: what a spectator of its game may see, cut down to the scoreboard.

Everything comes from the ruleset's spectator view (`rs.view(state, "spectator")`) and the last log record as
redacted for a spectator, and only named fields are taken from them: each seat's name and score, an Underworlds
fighter's wounds, damage and whether it is out of action or Inspired, the game round and activation, and the
last entry's label and who made it (never its data). A hand, a deck or a hidden choice cannot reach the overlay.
"""
from __future__ import annotations

SPECTATOR = "spectator"
# What a seat's score is called in each game family, and where the spectator view keeps it.
SCORES = {"underworlds": "glory", "conquest": "planets won", "battlelore": "victory points"}


def _family(rs) -> str:
    return rs.id.split("/")[0]


def _score(family: str, seat: dict) -> int | None:
    """A seat's score: Underworlds glory (unspent and spent), Conquest planets won, BattleLore victory points."""
    if family == "underworlds":
        glory = seat.get("glory")
        return int(glory.get("unspent", 0)) + int(glory.get("spent", 0)) if isinstance(glory, dict) else None
    value = seat.get("victory") if family == "conquest" else seat.get("vp") if family == "battlelore" else None
    if isinstance(value, (list, tuple)):
        return len(value)
    return value if isinstance(value, int) else None


def _fighters(view: dict, seat: str) -> list[dict]:
    """An Underworlds seat's fighters: name, wounds (Inspired side when Inspired), damage, out of action."""
    out = []
    cards = view.get("fighter_cards")
    if not isinstance(cards, dict):
        cards = {}
    for fid, f in (view.get("fighters") or {}).items():
        if not isinstance(f, dict) or f.get("seat") != seat:
            continue
        card = cards.get(fid) or {}
        inspired = card.get("inspired")
        inspired_side = inspired if f.get("inspired") and isinstance(inspired, dict) else {}
        wounds = f.get("wounds") if f.get("wounds") is not None else inspired_side.get("wounds", card.get("wounds"))
        out.append({"id": fid, "name": card.get("name") or fid.split(".", 1)[-1].replace("-", " "),
                    "leader": bool(card.get("leader")), "wounds": wounds, "damage": int(f.get("damage") or 0),
                    "out": bool(f.get("out")), "inspired": bool(f.get("inspired"))})
    return out


def _activation(view: dict) -> int | None:
    """The activation being played in the round (Underworlds: the turn count over the seats), or None."""
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else None
    order = view.get("order") or []
    if turn and isinstance(turn.get("n"), int):
        return turn["n"] // max(1, len(order)) + 1
    return None


def _labels(rs) -> dict[str, str]:
    return {entry["type"]: entry["label"] for entry in rs.catalogue()}


def game_summary(rs, state: dict, last: dict | None) -> dict:
    """The scoreboard of one game as a spectator may see it; `last` is the log's last stored record (or None)."""
    family = _family(rs)
    view = rs.view(state, SPECTATOR)
    seats = []
    for seat_id, seat in (view.get("seats") or {}).items():
        if not isinstance(seat, dict):
            continue
        row = {"seat": seat_id, "name": seat.get("name") or seat_id, "score": _score(family, seat)}
        if family == "underworlds":
            row["fighters"] = _fighters(view, seat_id)
        seats.append(row)
    outcome = rs.outcome(state)
    out = {"ruleset": rs.id, "title": rs.title, "score_name": SCORES.get(family, "score"), "seats": seats,
           "round": view.get("round") if isinstance(view.get("round"), int) else None,
           "phase": view.get("phase") if isinstance(view.get("phase"), str) else None,
           "activation": _activation(view) if family == "underworlds" else None,
           "over": outcome is not None, "winners": list((outcome or {}).get("winners") or []), "last": None}
    if last is not None:
        seen = rs.redact_event(state, last, SPECTATOR)
        names = {s["seat"]: s["name"] for s in seats}
        out["last"] = {"seq": seen["seq"], "label": _labels(rs).get(seen["type"], seen["type"].replace("_", " ")),
                       "by": seen["by"], "by_name": names.get(seen["by"], seen["by"]), "at": seen.get("created_at")}
    return out
