"""CSV and JSON exports of a tournament: players, pairings, results, standings (from the caller's view, no tokens)."""
from __future__ import annotations

import csv
import io

from app.service import ApiError

from .standings import TIEBREAKERS

KINDS = ("players", "pairings", "results", "standings", "penalties")


def _cell(value) -> str:
    """A CSV cell; text a spreadsheet would run as a formula is quoted with a leading apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def rows(view: dict, kind: str) -> tuple[list[str], list[list]]:
    """(header, rows) of one export."""
    names = {p["id"]: p["name"] for p in view["players"]}
    staff = "penalties" in view  # the staff's view: paid status and penalties are theirs (and each player's own)
    if kind == "players":
        return (["player", "name", "warband", "status", "from_round", "dropped_after_round", *(["paid"] if staff else [])],
                [[p["id"], p["name"], p.get("warband_name") or p.get("warband"), p["status"], p["from_round"],
                  p.get("dropped_after"), *(["yes" if p.get("paid") else "no"] if staff else [])] for p in view["players"]])
    if kind == "penalties":
        return (["player", "name", "round", "kind", "amount", "reason", "by", "at"],
                [[x["player"], x["name"], x.get("round"), x["kind"], x["amount"], x["reason"], x.get("actor"), x.get("at")]
                 for x in view.get("penalties") or []])
    if kind == "pairings":
        out = []
        for rnd in view["rounds"]:
            for t in rnd["tables"]:
                out.append([rnd["round"], t["table"], *t["names"], t["mode"], t.get("join_code") or ""])
            if rnd["bye"]:
                out.append([rnd["round"], "bye", names.get(rnd["bye"]), "", "", ""])
        return ["round", "table", "player_1", "player_2", "mode", "join_code"], out
    if kind == "results":
        out = []
        for rnd in view["rounds"]:
            for t in rnd["tables"]:
                res = t["result"] or {}
                a, b = t["players"]
                glory = res.get("glory") or {}
                winner = names.get(res.get("winner")) if res else ""
                out.append([rnd["round"], t["table"], names[a], names[b], t["status"],
                            (winner or "draw") if res else "", glory.get(a, ""), glory.get(b, "")])
            if rnd["bye"] and rnd["published"]:  # a bye is a win with the event's bye glory
                out.append([rnd["round"], "bye", names.get(rnd["bye"]), "", "bye", names.get(rnd["bye"]),
                            view["setup"]["bye"]["glory_for"], ""])
        return ["round", "table", "player_1", "player_2", "status", "winner", "glory_1", "glory_2"], out
    if kind == "standings":
        keys = view["setup"]["tiebreakers"]
        out = [[r["rank"], r["name"], r["warband"], r["status"], r["points"], r["wins"], r["draws"], r["losses"],
                *[r["tiebreakers"].get(k) for k in keys], r["separated_by"] or ""] for r in view["standings"]]
        return (["rank", "name", "warband", "status", "match_points", "wins", "draws", "losses",
                 *[TIEBREAKERS[k].lower().replace(" ", "_").replace("-", "_") for k in keys], "separated_by"], out)
    raise ApiError(404, "no_such_export", f"Exports: {', '.join(KINDS)}.")


def as_csv(view: dict, kind: str) -> str:
    """One export as CSV text."""
    header, body = rows(view, kind)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(header)
    for row in body:
        writer.writerow([_cell(v) for v in row])
    return buf.getvalue()


def as_json(view: dict) -> dict:
    """Every export in one document."""
    return {"format": "tablewarden-event", "version": 1, "event": view["id"], "setup": view["setup"],
            "players": view["players"], "rounds": view["rounds"], "standings": view["standings"],
            "rulings": view.get("rulings", []), "penalties": view.get("penalties", [])}
