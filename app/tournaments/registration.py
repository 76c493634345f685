"""Registering players (with a deck checked against the tournament's format), check-in, drops and merges."""
from __future__ import annotations

import csv
import time
from functools import lru_cache
from typing import Any

from marshmallow import ValidationError

from app import content
from app.content.underworlds import library
from app.engine.core import SetupError
from app.schemas.wire import field_messages
from app.service import ApiError

from . import model, playerlinks
from . import names as loose_names
from .links import Links
from .log import Member, TournamentLog, a_link
from .playerlinks import role_link
from .schemas import (
    IMPORT_LINE_CHARS,
    CheckInAllSchema,
    FixedTableSchema,
    MergeSchema,
    NoteSchema,
    PlayerListSchema,
    RegisterSchema,
)
from .types import TournamentState


def round_started(state: TournamentState) -> bool:
    """The latest round paired is published: a player registered now joins from the next one."""
    n = model.current_round(state)
    return n > 0 and state["rounds"][n]["published"]


class Registration:
    """The tournament's players: one registration per person, each with its own link."""

    def __init__(self, log: TournamentLog, links: Links):
        self.log = log
        self.links = links

    def register(self, member: Member, raw: Any, base_url: str) -> tuple[int, dict]:
        """POST /api/tournaments/<id>/players: a player with a checked deck and their own link.

        A name already registered (case, spacing and accents aside) is the same person: the reply
        names that registration and nothing is added. A deck the format refuses is refused with
        each problem and its rule, unless the organiser accepts it with `override` (a reason).
        """
        body = self.log.load(RegisterSchema(), raw)
        if body["override"] is not None and member.role != "organiser":
            raise ApiError(403, "override_organiser_only", "Only the organiser can accept a deck the format "
                                                          "refuses; register the player without an override.")
        self.log.may(member, "register")  # before the deck is checked against the content
        return self._register_one(member, body, base_url)

    def _register_one(self, member: Member, body: dict, base_url: str) -> tuple[int, dict]:
        """Register one checked body (the form's or an imported line's): 201 with the new link, 200 already there."""
        tournament = self.log.folded(member.tournament_id)
        key = model.name_key(body["name"])
        for pid in tournament.state["order"]:
            p = tournament.state["players"][pid]
            if p["status"] != "merged" and model.name_key(p["name"]) == key:
                return 200, {"player": pid, "existing": True, "name": p["name"],
                             "message": f"{p['name']} is already registered; nothing was added."}
        checked = self.check_deck(tournament.state["setup"], body)
        problems = checked.get("deck_problems") or []
        if problems and not body["override"]:
            raise deck_refused(body["name"], tournament.state["setup"]["format"], problems)
        data = {"name": body["name"].strip(), "warband": body["warband"],
                "warband_name": checked.get("warband_name"), "deck": body["deck"], "deck_problems": problems,
                "deck_override": body["override"]}
        if body.get("printing"):
            data["printing"] = checked.get("printing")

        def at_head(state: TournamentState) -> dict:  # the player's number and first round at the head it is stored after
            next_round = model.current_round(state) + (1 if round_started(state) else 0)
            return {"player": f"p{len(state['order']) + 1}", **data, "from_round": max(1, next_round)}

        stored, new = self.log.append_entry(member, "register", at_head, body["id"])
        pid = stored["data"]["player"]
        if not new:
            # A resend of a registration already stored: its link was handed out then; only the organiser
            # replaces it (POST .../links/new, logged).
            return 200, {"player": pid, "existing": True, "name": stored["data"]["name"],
                         "message": f"{stored['data']['name']} is already registered; nothing was added."}
        token, token_hash = playerlinks.player_token(tournament.row["setup"], pid, 0)
        self.log.storage(self.log.store.add_tournament_token, member.tournament_id, token_hash, "player", pid)
        return 201, {"player": pid, "name": stored["data"]["name"], "from_round": stored["data"]["from_round"],
                     "deck_problems": problems, "token": token, "link": role_link(base_url, member.tournament_id, token)}

    def import_players(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/tournaments/<id>/players/import: one player a line ("name, warband, deck?"), each checked
        as one registered on the form; the lines refused are reported with why, the others registered."""
        body = self.log.load(PlayerListSchema(), raw)
        if member.role not in ("organiser", "scorekeeper"):
            raise ApiError(403, "not_allowed", f"{a_link(member.role)} cannot register players.")
        lines = player_lines(body["text"])
        room = model.MAX_PLAYERS - len(self.log.folded(member.tournament_id).state["order"])
        if len(lines) > room:
            raise ApiError(413, "too_many_players", f"This list has {len(lines)} players; the event has room for "
                                                    f"{room} more (at most {model.MAX_PLAYERS}).")
        names = roster_names()
        added: list[dict] = []
        existing: list[dict] = []
        refused: list[dict] = []
        for number, fields in lines:
            time.sleep(0)  # a long list: every other request is answered between two registrations
            try:
                one = import_body(fields, names)
                status, reply = self._register_one(member, one, base_url)
            except ApiError as err:
                refused.append({"line": number, "text": ", ".join(fields)[:IMPORT_LINE_CHARS], "code": err.code,
                                "message": err.message, **({"closest": err.details["closest"], "field": err.details["field"],
                                                             "fields": [f[:IMPORT_LINE_CHARS] for f in fields]}
                                                            if "closest" in err.details else {})})
                continue
            if status == 201 and one["warband"] in names["printings"] and not one.get("printing"):
                # registered with the rules' own printing: the desk checks the fighter cards the player holds
                reply = {**reply, "check_printing": names["warband_names"][one["warband"]]}
            (added if status == 201 else existing).append({"line": number, **reply})
        return {"added": added, "existing": existing, "refused": refused}

    def check_in_all(self, member: Member, raw: Any) -> dict:
        """POST /api/tournaments/<id>/players/check-in: the ticked players (all registered ones when none are
        named) checked in, one log entry each; those already checked in are left as they are."""
        body = self.log.load(CheckInAllSchema(), raw if raw is not None else {})
        if member.role not in ("organiser", "scorekeeper"):
            raise ApiError(403, "not_allowed", f"{a_link(member.role)} cannot check players in.")
        state = self.log.folded(member.tournament_id).state
        wanted = body["players"] if body["players"] is not None else [
            p for p in state["order"] if state["players"][p]["status"] == "registered"]
        unknown = [p for p in wanted if p not in state["players"]]
        if unknown:
            raise ApiError(404, "no_such_player", f"There is no player {unknown[0]!r} in this event.")
        done = []
        for pid in dict.fromkeys(wanted):
            if self.log.folded(member.tournament_id).state["players"][pid]["status"] == "checked_in":
                continue
            self.log.append(member, "check_in", {"player": pid})
            done.append(pid)
        return {"checked_in": done}

    def fixed_table(self, member: Member, pid: str, raw: Any) -> dict:
        """POST /api/tournaments/<id>/players/<p>/table: the table a player always plays at, or none."""
        body = self.log.load(FixedTableSchema(), raw)
        return self.log.append(member, "fixed_table", {"player": pid, "table": body["table"]}, body["id"])

    def check_deck(self, setup: dict, body: dict) -> dict:
        """The registration's seat expanded from content with the tournament format's deck check (no refusal here)."""
        seat = {"name": body["name"], "warband": body["warband"]}
        if body.get("printing"):
            seat["printing"] = body["printing"]
        if body["deck"] is not None:
            seat["deck"] = body["deck"]
        options = {"format": setup["format"], "deck_override": {"reason": "checking only"}}
        if setup.get("card_list"):
            options["card_list"] = setup["card_list"]  # problems cite the list's name and date
        try:
            return content.expand_setup(setup["ruleset"], {"options": options, "seats": [seat]}, self.links.saved)["seats"][0]
        except SetupError as exc:
            raise ApiError(422, "bad_registration", exc.message.replace("seats[0]", "registration"),
                           fields={(exc.field or "warband").replace("seats[0].", ""): exc.message}) from exc
        except (ValueError, LookupError, TypeError) as exc:
            raise ApiError(422, "bad_registration", f"This registration cannot be checked: {exc}") from exc

    def player_entry(self, member: Member, pid: str, etype: str, raw: Any) -> dict:
        """check_in / drop a player."""
        body = self.log.load(NoteSchema(), raw if raw is not None else {})
        return self.log.append(member, etype, {"player": pid, **({"reason": body["reason"]} if etype == "drop" else {})},
                            body["id"])

    def merge(self, member: Member, raw: Any) -> dict:
        """A duplicate registration folded into the first."""
        body = self.log.load(MergeSchema(), raw)
        return self.log.append(member, "merge", {"keep": body["keep"], "remove": body["remove"]}, body["id"])


def deck_refused(name: str, fmt: str, problems: list[dict]) -> ApiError:
    """422 deck_refused: the format's deck-building rules refuse this deck, each problem with its rule."""
    return ApiError(422, "deck_refused", f"{name}'s deck does not meet the {fmt} deck-building rules: "
                                         f"{problems[0]['message']}",
                    rule=problems[0].get("rule"), violations=problems,
                    fields={"deck": [f"{p['message']} ({p.get('rule')})" for p in problems]})


def player_lines(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty lines of a pasted or CSV list as (line number, fields); commas, tabs or semicolons separate
    the fields, quotes as in CSV."""
    out = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):  # a spreadsheet's file may start with a BOM
        if not line.strip():
            continue
        # Tabs from a spreadsheet's copy; semicolons from a spreadsheet saved where the comma is the decimal mark.
        delimiter = "\t" if "\t" in line else ";" if ";" in line and "," not in line else ","
        fields = [f.strip() for f in next(csv.reader([line[:IMPORT_LINE_CHARS * 2]], delimiter=delimiter))]
        out.append((number, fields))
    return out


@lru_cache(maxsize=1)
def roster_names() -> dict:
    """Warbands and decks by their id or their name as people write them (names.py), their names by id, and the
    warbands whose fighter cards come in several printings (a pasted line leaves the printing to check)."""
    lib = library.load()
    warbands, decks = lib.all("underworlds", "warbands"), lib.all("underworlds", "decks")
    return {"warbands": loose_names.index(warbands), "decks": loose_names.index(decks, deck=True),
            "warband_names": {r["id"]: r["name"] for r in warbands}, "deck_names": {r["id"]: r["name"] for r in decks},
            "printings": {r["id"] for r in warbands if len(r.get("printings") or []) > 1}}


def _named(text: str, names: dict, kind: str) -> str | None:
    """The warband's or deck's id a pasted field names; None for a name matching nothing (and near nothing); 422
    not_sure with the closest names offered when it is near one or fits two."""
    found, offered = loose_names.find(text, names[f"{kind}s"], names[f"{kind}_names"], deck=kind == "deck")
    if found is None and offered:
        raise ApiError(422, "not_sure", f"There is no {kind} {text!r}; did you mean {' or '.join(offered)}? Write it "
                                        "as the content names it.", details={"closest": offered, "field": kind})
    return found


HEADER = ("name", "player")


def import_body(fields: list[str], names: dict) -> dict:
    """One imported line as a registration body (the schema's checks and the content's names); ApiError if not."""
    if fields and fields[0].casefold() in HEADER and len(fields) > 1 and fields[1].casefold() == "warband":
        raise ApiError(400, "header_line", "A heading line, not a player.")
    if len(fields) < 2 or not fields[1]:
        raise ApiError(400, "invalid", "Each line is: name, warband, deck (the deck may be left out).")
    if len(fields) > 3:
        raise ApiError(400, "invalid", "Too many fields: each line is name, warband, deck.")
    warband = _named(fields[1], names, "warband") or fields[1]  # a saved custom warband by its id
    deck = None
    if len(fields) == 3 and fields[2]:
        deck = _named(fields[2], names, "deck")
        if deck is None:
            raise ApiError(422, "bad_registration", f"There is no deck {fields[2]!r} in the content.")
    try:
        return RegisterSchema().load({"name": fields[0], "warband": warband, "deck": deck})
    except ValidationError as err:
        problems = field_messages(err)
        raise ApiError(400, "invalid", "; ".join(f"{k}: {' '.join(v) if isinstance(v, list) else v}"
                                                for k, v in problems.items())) from err
