"""Registering players (with a deck checked against the tournament's format), check-in, drops and merges."""
from __future__ import annotations

from typing import Any

from app import content
from app.engine.core import SetupError
from app.service import ApiError
from app.service.tokens import new_token

from . import model
from .links import Links
from .log import Member
from .schemas import MergeSchema, NoteSchema, RegisterSchema


class Registration(Links):
    """The tournament's players: one registration per person, each with its own link."""

    def register(self, member: Member, raw: Any, base_url: str) -> tuple[int, dict]:
        """POST /api/tournaments/<id>/players: a player with a checked deck and their own link.

        A name already registered (case, spacing and accents aside) is the same person: the reply
        names that registration and nothing is added. A deck the format refuses is refused with
        each problem and its rule, unless the organiser accepts it with `override` (a reason).
        """
        body = self.load(RegisterSchema(), raw)
        if body["override"] is not None and member.role != "organiser":
            raise ApiError(403, "override_organiser_only", "Only the organiser can accept a deck the format "
                                                          "refuses; register the player without an override.")
        tournament = self.folded(member.tournament_id)
        key = model.name_key(body["name"])
        for pid in tournament.state["order"]:
            p = tournament.state["players"][pid]
            if p["status"] != "merged" and model.name_key(p["name"]) == key:
                return 200, {"player": pid, "existing": True, "name": p["name"],
                             "message": f"{p['name']} is already registered; nothing was added."}
        checked = self._check_deck(tournament.state["setup"], body)
        problems = checked.get("deck_problems") or []
        if problems and not body["override"]:
            raise ApiError(422, "deck_refused", f"{body['name']}'s deck does not meet the {tournament.state['setup']['format']} "
                                                f"deck-building rules: {problems[0]['message']}",
                           rule=problems[0].get("rule"), violations=problems,
                           fields={"deck": [f"{p['message']} ({p.get('rule')})" for p in problems]})
        next_round = model.current_round(tournament.state) + (1 if self._round_started(tournament.state) else 0)
        pid = f"p{len(tournament.state['order']) + 1}"
        data = {"player": pid, "name": body["name"].strip(), "warband": body["warband"],
                "warband_name": checked.get("warband_name"), "deck": body["deck"], "deck_problems": problems,
                "deck_override": body["override"], "from_round": max(1, next_round)}
        stored = self._append(member, "register", data, body["id"])
        token, token_hash = new_token()
        pid = stored["data"]["player"]
        self._storage(self.store.add_tournament_token, member.tournament_id, token_hash, "player", pid)
        return 201, {"player": pid, "name": stored["data"]["name"], "from_round": stored["data"]["from_round"],
                     "deck_problems": problems, "token": token, "link": self.link(base_url, member.tournament_id, token)}

    @staticmethod
    def _round_started(state: dict) -> bool:
        n = model.current_round(state)
        return n > 0 and state["rounds"][n]["published"]

    def _check_deck(self, setup: dict, body: dict) -> dict:
        """The registration's seat expanded from content with the tournament format's deck check (no refusal here)."""
        seat = {"name": body["name"], "warband": body["warband"]}
        if body["deck"] is not None:
            seat["deck"] = body["deck"]
        options = {"format": setup["format"], "deck_override": {"reason": "checking only"}}
        if setup.get("card_list"):
            options["card_list"] = setup["card_list"]  # problems cite the list's name and date
        try:
            return content.expand_setup(setup["ruleset"], {"options": options, "seats": [seat]}, self._saved)["seats"][0]
        except SetupError as exc:
            raise ApiError(422, "bad_registration", exc.message.replace("seats[0]", "registration"),
                           fields={(exc.field or "warband").replace("seats[0].", ""): exc.message}) from exc
        except (ValueError, LookupError, TypeError) as exc:
            raise ApiError(422, "bad_registration", f"This registration cannot be checked: {exc}") from exc

    def player_entry(self, member: Member, pid: str, etype: str, raw: Any) -> dict:
        """check_in / drop a player."""
        body = self.load(NoteSchema(), raw if raw is not None else {})
        return self._append(member, etype, {"player": pid, **({"reason": body["reason"]} if etype == "drop" else {})},
                            body["id"])

    def merge(self, member: Member, raw: Any) -> dict:
        """A duplicate registration folded into the first."""
        body = self.load(MergeSchema(), raw)
        return self._append(member, "merge", {"keep": body["keep"], "remove": body["remove"]}, body["id"])
