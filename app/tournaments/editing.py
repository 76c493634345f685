"""Editing a registration: name, warband, printing and deck changed at any time, checked as a registration is, logged
with who and when (edits.py folds it)."""
from __future__ import annotations

from typing import Any

from app.service import ApiError

from . import model
from .log import Member, TournamentLog
from .registration import Registration, deck_refused
from .schemas import EditSchema
from .types import Player, TournamentState


class Editing:
    """POST /api/tournaments/<id>/players/<p>/edit: the desk fixes a registration without a new one."""

    def __init__(self, log: TournamentLog, registration: Registration):
        self.log = log
        self.registration = registration

    def edit_player(self, member: Member, pid: str, raw: Any) -> dict:
        """Change a registration's name, warband, printing or deck (only what the body names); a deck the format
        refuses is refused with each problem, unless the organiser accepts it with `override` (a reason)."""
        body = self.log.load(EditSchema(), raw)
        if body["override"] is not None and member.role != "organiser":
            raise ApiError(403, "override_organiser_only", "Only the organiser can accept a deck the format refuses.")
        self.log.may(member, "edit")
        state = self.log.folded(member.tournament_id).state
        p = state["players"].get(pid) if isinstance(pid, str) else None
        if p is None:
            raise ApiError(404, "no_such_player", "There is no such player in this event.")
        data = self._edit_data(state, p, body)
        stored = self.log.append(member, "edit", data, body["id"])
        changed = [k for k in ("name", "warband", "printing", "deck") if k in stored["data"]]
        now = self.log.folded(member.tournament_id).state["players"][pid]
        return {"player": pid, "name": now["name"], "changed": changed, "seq": stored["seq"],
                "warband": now["warband"], "warband_name": now["warband_name"], "printing": now["printing"],
                "deck_problems": stored["data"].get("deck_problems", []) if member.role == "organiser" else None}

    def _edit_data(self, state: TournamentState, p: Player, body: dict) -> dict:
        """The edit entry's data: the fields that change, the deck checked when the warband, printing or deck does."""
        data: dict[str, Any] = {"player": p["id"]}
        before: dict[str, Any] = {}
        if "name" in body and body["name"].strip() != p["name"]:
            data["name"], before["name"] = body["name"].strip(), p["name"]
        wanted = {"warband": body.get("warband", p["warband"]), "deck": body.get("deck", p.get("deck")),
                  # a new warband takes its own printing: the old one's is not a printing of it
                  "printing": body["printing"] if "printing" in body else
                  (p.get("printing") if body.get("warband", p["warband"]) == p["warband"] else None)}
        if any(wanted[k] != p.get(k) for k in wanted):
            checked = self.registration.check_deck(state["setup"], {"name": data.get("name", p["name"]), **wanted})
            problems = checked.get("deck_problems") or []
            if problems and not body["override"]:
                raise deck_refused(p["name"], state["setup"]["format"], problems)
            now = {**wanted, "printing": checked.get("printing") if wanted["printing"] else None}
            for key in ("warband", "printing", "deck"):
                if now[key] != p.get(key):
                    data[key] = now[key]
                    if key != "deck":  # the old deck stays out of the entry: the deck lists are the organiser's
                        before[key] = p.get("warband_name") or p["warband"] if key == "warband" else p.get(key)
            data.update(warband_name=checked.get("warband_name"), deck_problems=problems,
                        deck_override=body["override"] if problems else None)
        data["before"] = before
        published = model.published_rounds(state)
        data["round"] = published[-1]["round"] if published else 0
        return data
