"""EventService: what the event API does, over the store's event tables and the game service.

Every change is one log entry, checked against the current fold before it is stored as the next
seq (a stale head is folded again and checked again), so the log holds only entries that applied
and every entry says who made it (`actor`: the role and the name on its link).
"""
from __future__ import annotations

import copy
import logging
import random
import secrets
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

from marshmallow import ValidationError

from app import content
from app.content.underworlds import library
from app.content.underworlds import setup as underworlds_setup
from app.engine.core import SetupError
from app.engine.underworlds.editions import matched_play
from app.schemas.wire import field_messages
from app.service import ApiError, GameService
from app.service.tokens import hash_token, new_token
from app.store import DuplicateKey, StoreError

from . import model, progress, tables
from .schemas import (
    CreateEventSchema,
    LinkSchema,
    NewLinkSchema,
    NoteSchema,
    RegisterSchema,
    ResultSchema,
    RulingSchema,
)

log = logging.getLogger(__name__)

STAFF = ("organiser", "scorekeeper", "judge")
CACHE_EVENTS = 128
# Who may add which entry (the organiser may add every one).
MAY = {
    "register": ("scorekeeper",), "check_in": ("scorekeeper",), "drop": ("scorekeeper",), "merge": ("scorekeeper",),
    "pair": ("scorekeeper",), "swap": ("scorekeeper",), "table_mode": ("scorekeeper",), "publish": ("scorekeeper",),
    "timer": ("scorekeeper",), "time_called": ("scorekeeper",),
    "confirm": ("player", "table"), "dispute": ("player", "table", "judge", "scorekeeper"),
    "judge_call": ("player", "table"), "flag": ("judge",), "match_game": ("game",), "result": ("scorekeeper", "judge"), "ruling": ("judge",),
}


@dataclass(frozen=True)
class Member:
    """Who is asking: the event, their role (organiser, scorekeeper, judge, player, table, public) and subject."""

    event_id: str
    role: str
    subject: str = ""
    name: str = ""

    @property
    def actor(self) -> str:
        """How the log names them: role, and the player id or the name on their link."""
        return f"{self.role}:{self.subject}" if self.subject else self.role

    @property
    def is_staff(self) -> bool:
        """Organiser, scorekeeper or judge."""
        return self.role in STAFF


@dataclass
class FoldedEvent:
    """An event's row, its log and the fold of it."""

    row: dict
    entries: list[dict] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    _standings: list | None = field(default=None, repr=False)

    def standings(self) -> list[dict]:
        """The standings at this head, computed once however many phones ask (a new head is a new fold)."""
        if self._standings is None:
            self._standings = tables.standings(self.state, self.row["setup"]["seed"])
        return self._standings

    @property
    def head(self) -> int:
        """Seq of the last entry."""
        return self.entries[-1]["seq"] if self.entries else 0


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class EventService:
    """Events over the store; games of published rounds through the GameService."""

    def __init__(self, store, games: GameService, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_change: Callable[[str, dict], None] | None = None):
        self.store = store
        self.games = games
        self.on_change = on_change
        self._lock_factory = lock_factory
        self._locks: dict[str, Any] = {}
        self._guard = lock_factory()
        self._cache: OrderedDict[str, FoldedEvent] = OrderedDict()

    # -- plumbing ------------------------------------------------------------------------------
    def _storage(self, fn, *args):
        try:
            return fn(*args)
        except StoreError as exc:
            log.warning("store unavailable: %s", exc)
            raise ApiError(503, "storage_unavailable", "The event store is unavailable; try again shortly.") from exc

    def _lock(self, tid: str):
        with self._guard:
            if tid not in self._locks:
                self._locks[tid] = self._lock_factory()
            return self._locks[tid]

    @staticmethod
    def load(schema, raw) -> dict:
        """Validate a body; 400 with each field's problem."""
        if not isinstance(raw, dict):
            raise ApiError(400, "bad_request", "The body must be a JSON object.")
        try:
            return schema.load(raw)
        except ValidationError as err:
            raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err)) from err

    def folded(self, tid: str) -> FoldedEvent:
        """The event's fold, brought up to the store's head."""
        cached = self._cache.get(tid)
        if cached is None:
            row = self._storage(self.store.get_tournament, tid) if isinstance(tid, str) and len(tid) <= 64 else None
            if row is None:
                raise ApiError(404, "no_such_event", "There is no event with that id.")
            entries = self._storage(self.store.entries, tid, 0)
            cached = FoldedEvent(row, entries, model.fold(row["setup"], entries))
        else:
            newer = self._storage(self.store.entries, tid, cached.head)
            if newer:
                state = cached.state
                for entry in newer:
                    state = model.apply(state, entry)
                cached = FoldedEvent(cached.row, cached.entries + newer, state)
        self._cache[tid] = cached
        self._cache.move_to_end(tid)
        while len(self._cache) > CACHE_EVENTS:
            self._cache.popitem(last=False)
        return cached

    def member(self, tid: str, token: str | None) -> Member:
        """The caller of an event token (public without one); 401/403 for a bad or foreign token."""
        self.folded(tid)  # 404 first: a wrong address is wrong whoever asks
        if not token:
            return Member(tid, "public")
        if len(token) > 200:
            raise ApiError(401, "bad_token", "That link is not valid.")
        found = self._storage(self.store.tournament_for_token, hash_token(token))
        if found is None:
            raise ApiError(401, "bad_token", "That link is not valid.")
        event_id, role, subject = found
        if event_id != tid:
            raise ApiError(403, "wrong_event", "That link belongs to another event.")
        return Member(tid, role, subject)

    def _append(self, member: Member, etype: str, data: dict, entry_id: str | None = None) -> dict:
        """Check and store one entry as the next seq; returns the stored entry (or the original of a repeat)."""
        if member.role != "organiser" and member.role not in MAY.get(etype, ()):
            raise ApiError(403, "not_allowed", f"A {member.role} link cannot do this.")
        entry_id = entry_id or str(uuid.uuid4())
        with self._lock(member.event_id):
            for _ in range(10):
                ev = self.folded(member.event_id)
                original = next((e for e in ev.entries if e["id"] == entry_id), None)
                if original is not None:
                    return original
                refusal = model.check(ev.state, {"type": etype, "data": data})
                if refusal is not None:
                    raise ApiError(refusal.status, refusal.code, refusal.message)
                status, value = self._storage(self.store.append_entry, member.event_id, ev.head,
                                              {"id": entry_id, "type": etype, "actor": member.actor, "data": data})
                if status == "stale":
                    continue
                if status == "ok":
                    self.folded(member.event_id)
                    self._changed(member.event_id, value)
                return value
        raise ApiError(503, "busy", "The event is very busy; try again.")

    def _changed(self, tid: str, entry: dict) -> None:
        if self.on_change is not None:
            try:
                self.on_change(tid, entry)
            except Exception:  # noqa: BLE001 - the entry is stored; a failed push is caught up on the next read
                log.exception("event push failed")

    # -- creating and links --------------------------------------------------------------------
    def create(self, raw: Any, base_url: str) -> dict:
        """POST /api/events: the event and its organiser link (the token is shown once, stored as a hash)."""
        setup = self.load(CreateEventSchema(), raw)
        setup["date"] = setup["date"].isoformat()
        setup["seed"] = secrets.token_hex(8)
        if setup.get("card_list"):
            setup.update(self._card_list(setup))
        token, token_hash = new_token()
        for _ in range(5):
            tid = secrets.token_urlsafe(9)
            try:
                self._storage(self.store.create_tournament, tid, setup, [(token_hash, "organiser", "")])
            except DuplicateKey:
                continue
            return {"id": tid, "name": setup["name"], "organiser_token": token,
                    "links": {"organiser": self.link(base_url, tid, token), "public": self.public_link(base_url, tid)}}
        raise ApiError(503, "busy", "Could not create the event; try again.")

    def _card_list(self, setup: dict) -> dict:
        """The organiser's saved card list checked against the event's format: its name and date for the event."""
        if setup["ruleset"] != "underworlds/deathgorge":
            raise ApiError(400, "invalid", "An organiser's card list is for the current rules' formats.",
                           fields={"card_list": "Only for the current rules (Championship, Nemesis)."})
        try:
            saved = underworlds_setup.card_list(library.load(), setup["format"], setup["card_list"], self._saved)
        except SetupError as exc:
            raise ApiError(422, "bad_card_list", exc.message, fields={"card_list": exc.message}) from exc
        return {"card_list_name": saved.get("name"), "card_list_as_of": saved.get("as_of")}

    @staticmethod
    def link(base_url: str, tid: str, token: str) -> str:
        """A private role link: the token rides in the fragment, so it never reaches server logs."""
        return f"{base_url.rstrip('/')}/event/{tid}#t={token}"

    @staticmethod
    def public_link(base_url: str, tid: str) -> str:
        """The public page of pairings and standings."""
        return f"{base_url.rstrip('/')}/event/{tid}/public"

    def make_link(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/events/<id>/links (organiser): a scorekeeper, judge or table-device link."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser hands out scorekeeper, judge and table links.")
        body = self.load(LinkSchema(), raw)
        subject = str(body["table"]) if body["role"] == "table" else body["name"].strip()
        token, token_hash = new_token()
        self._storage(self.store.add_tournament_token, member.event_id, token_hash, body["role"], subject)
        return {"role": body["role"], "subject": subject, "token": token,
                "link": self.link(base_url, member.event_id, token)}

    def new_link(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/events/<id>/links/new (organiser): a lost link replaced; the old one stops working, logged."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser replaces a lost link.")
        body = self.load(NewLinkSchema(), raw)
        role = body["role"]
        subject = {"player": body["player"], "table": str(body["table"])}.get(role, (body["name"] or "").strip())
        refusal = model.check(self.folded(member.event_id).state, {"type": "new_link", "data": {"role": role, "subject": subject}})
        if refusal is not None:
            raise ApiError(refusal.status, refusal.code, refusal.message)
        token, token_hash = new_token()
        replaced = self._storage(self.store.replace_tournament_tokens, member.event_id, role, subject, token_hash)
        if not replaced:
            who = f"table {subject}'s device" if role == "table" else f"{role} {subject!r}"
            raise ApiError(404, "no_such_link", f"This event has no link for {who}; make one on Links.")
        self._append(member, "new_link", {"role": role, "subject": subject}, body["id"])
        return {"role": role, "subject": subject, "token": token, "replaced": replaced,
                "link": self.link(base_url, member.event_id, token)}

    # -- players -------------------------------------------------------------------------------
    def register(self, member: Member, raw: Any, base_url: str) -> tuple[int, dict]:
        """POST /api/events/<id>/players: a player with a checked deck and their own link.

        A name already registered (case, spacing and accents aside) is the same person: the reply
        names that registration and nothing is added. A deck the format refuses is refused with
        each problem and its rule, unless the organiser accepts it with `override` (a reason).
        """
        body = self.load(RegisterSchema(), raw)
        ev = self.folded(member.event_id)
        key = model.name_key(body["name"])
        for pid in ev.state["order"]:
            p = ev.state["players"][pid]
            if p["status"] != "merged" and model.name_key(p["name"]) == key:
                return 200, {"player": pid, "existing": True, "name": p["name"],
                             "message": f"{p['name']} is already registered; nothing was added."}
        checked = self._check_deck(ev.state["setup"], body)
        problems = checked.get("deck_problems") or []
        if problems and not body["override"]:
            raise ApiError(422, "deck_refused", f"{body['name']}'s deck does not meet the {ev.state['setup']['format']} "
                                                f"deck-building rules: {problems[0]['message']}",
                           rule=problems[0].get("rule"), violations=problems,
                           fields={"deck": [f"{p['message']} ({p.get('rule')})" for p in problems]})
        next_round = model.current_round(ev.state) + (1 if self._round_started(ev.state) else 0)
        pid = f"p{len(ev.state['order']) + 1}"
        data = {"player": pid, "name": body["name"].strip(), "warband": body["warband"],
                "warband_name": checked.get("warband_name"), "deck": body["deck"], "deck_problems": problems,
                "deck_override": body["override"], "from_round": max(1, next_round)}
        stored = self._append(member, "register", data, body["id"])
        token, token_hash = new_token()
        pid = stored["data"]["player"]
        self._storage(self.store.add_tournament_token, member.event_id, token_hash, "player", pid)
        return 201, {"player": pid, "name": stored["data"]["name"], "from_round": stored["data"]["from_round"],
                     "deck_problems": problems, "token": token, "link": self.link(base_url, member.event_id, token)}

    @staticmethod
    def _round_started(state: dict) -> bool:
        n = model.current_round(state)
        return n > 0 and state["rounds"][n]["published"]

    def _saved(self, kind: str, cid: str):
        """A player's or organiser's saved content record (custom warband, deck, card list), or None."""
        return self._storage(self.store.get_custom, kind, cid)

    def _check_deck(self, setup: dict, body: dict) -> dict:
        """The registration's seat expanded from content with the event format's deck check (no refusal here)."""
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
        body = self.load(NoteSchema(), raw)
        if not body["keep"] or not body["remove"]:
            raise ApiError(400, "invalid", "Name the registration to keep and the one to remove.",
                           fields={"keep": "Required.", "remove": "Required."})
        return self._append(member, "merge", {"keep": body["keep"], "remove": body["remove"]}, body["id"])

    # -- rounds --------------------------------------------------------------------------------
    def pair(self, member: Member, round_no: int) -> dict:
        """Propose the round's pairings (a draft the organiser may swap before publishing)."""
        ev = self.folded(member.event_id)
        pairing = tables.propose(ev.state, round_no, ev.row["setup"]["seed"], random.Random())
        return self._append(member, "pair", tables.pairing_entry(pairing, round_no))

    def round_entry(self, member: Member, round_no: int, etype: str, raw: Any, table: int | None = None) -> dict:
        """swap, table_mode, timer, time_called, dispute, judge_call for a round (and table)."""
        body = self.load(NoteSchema(), raw if raw is not None else {})
        data: dict = {"round": round_no}
        if table is not None:
            data["table"] = table
        if etype == "swap":
            data.update(a=body["a"], b=body["b"])
        elif etype == "table_mode":
            if body["mode"] is None:
                raise ApiError(400, "invalid", "Choose phones, device or untracked.", fields={"mode": "Required."})
            data["mode"] = body["mode"]
        elif etype == "timer":
            ev = self.folded(member.event_id)
            data.update(minutes=body["minutes"] or ev.row["setup"]["round_minutes"], started_at=_now())
        elif etype == "time_called":
            data["at"] = _now()
        elif etype in ("dispute", "judge_call"):
            data["by"] = self._table_voice(member, round_no, table)
            data["reason" if etype == "dispute" else "note"] = body["reason"] or body["note"]
        return self._append(member, etype, data, body["id"])

    def _table_voice(self, member: Member, round_no: int, table_no: int | None) -> str:
        """Who speaks for a table: the player, "device" for its table device, or the staff role."""
        if member.role == "player":
            return member.subject
        if member.role == "table":
            if str(table_no) != member.subject:
                raise ApiError(403, "not_your_table", f"This device is for table {member.subject}.")
            return "device"
        return member.actor

    def publish(self, member: Member, round_no: int, base_url: str) -> dict:
        """Create each tracked table's game (seats, warbands and decks from registration), then publish."""
        if member.role not in ("organiser", "scorekeeper"):
            raise ApiError(403, "not_allowed", f"A {member.role} link cannot publish a round.")
        ev = self.folded(member.event_id)
        rnd = ev.state["rounds"].get(round_no)
        if rnd is None:
            raise ApiError(404, "no_such_round", f"Round {round_no} has not been paired.")
        if rnd["published"]:
            raise ApiError(409, "already_published", f"Round {round_no} is already published.")
        if rnd.get("stale"):
            raise ApiError(409, "pairing_stale", "A player of this draft was merged away; pair the round again.")
        setup = ev.row["setup"]
        games = {}
        for t in rnd["tables"]:
            if t["mode"] == "untracked":
                continue
            seats = [self._seat(ev.state["players"][p]) for p in t["players"]]
            options = {"format": setup["format"]}
            if setup.get("card_list"):
                options["card_list"] = setup["card_list"]
            if setup["best_of"] == 3:
                options["match"] = self._first_game_of_match(setup, [ev.state["players"][p] for p in t["players"]])
            overrides = [ev.state["players"][p].get("deck_override") for p in t["players"]]
            if any(ev.state["players"][p]["deck_problems"] for p in t["players"]):
                options["deck_override"] = {"reason": "accepted at registration: " + "; ".join(o for o in overrides if o)}
            created = self.games.create_game({"ruleset": setup["ruleset"], "options": options, "seats": seats,
                                              "shared_device": t["mode"] == "device"}, base_url,
                                             meta={"event": member.event_id, "round": round_no, "table": t["table"]})
            games[str(t["table"])] = {"game": created["id"], "join_code": created["join_code"]}
        return self._append(member, "publish", {"round": round_no, "games": games})

    @staticmethod
    def _first_game_of_match(setup: dict, players: list[dict]) -> dict:
        """options.match of a best-of-three table's first game: each player keeps their warband (pg 26)."""
        match = matched_play.new_match(["p1", "p2"], tiebreakers=setup.get("match_tiebreakers", False),
                                       warbands={"p1": players[0]["warband"], "p2": players[1]["warband"]})
        return matched_play.game_context(match)

    @staticmethod
    def _seat(player: dict) -> dict:
        seat = {"name": player["name"], "warband": player["warband"]}
        if player.get("deck") is not None:
            seat["deck"] = copy.deepcopy(player["deck"])
        return seat

    # -- results -------------------------------------------------------------------------------
    def outcome_result(self, table: dict) -> dict:
        """The result of a tracked table's game from its outcome (409 while it is still being played).

        A best-of-three table follows the match's linked games (`match_game` entries): its result is
        the last game's match status once the match is over (winner, games won, glory over the games),
        with each game listed.
        """
        if not table.get("game"):
            raise ApiError(409, "not_tracked", "This table's game is not tracked; the scorekeeper enters its result.")
        seats = dict(zip(("p1", "p2"), table["players"]))
        folded = self.games.folded(table["game"])
        outcome = folded.rs.outcome(folded.state)
        if outcome is None:
            raise ApiError(409, "game_not_over", "The game is not over yet; confirm its result when it ends.")
        if self.folded_setup_best_of(table) == 3:
            return self._match_result(table, outcome, seats)
        winners = outcome.get("winners") or []
        winner = None if outcome.get("draw") or len(winners) != 1 else seats.get(winners[0])
        return {"winner": winner, "glory": self._by_player(outcome.get("glory"), seats)}

    @staticmethod
    def _by_player(per_seat: dict | None, seats: dict) -> dict:
        out = {seats[s]: int(v) for s, v in (per_seat or {}).items() if s in seats}
        for p in seats.values():
            out.setdefault(p, 0)
        return out

    def _match_result(self, table: dict, outcome: dict, seats: dict) -> dict:
        status = outcome.get("match")
        if status is None:
            raise ApiError(409, "not_a_match", "This table's game is not part of a matched-play match; "
                                               "the scorekeeper enters its result.")
        if not status["over"]:
            raise ApiError(409, "match_not_over", f"The match goes on (game {status['next_game'] or 3} next); "
                                                  "confirm its result when the match is over.")
        games = []
        for n, gid in enumerate(table.get("games") or [table["game"]], start=1):
            played = self.games.folded(gid)
            done = played.rs.outcome(played.state) or {}
            winners = done.get("winners") or []
            games.append({"game": n, "id": gid,
                          "winner": None if done.get("draw") or len(winners) != 1 else seats.get(winners[0]),
                          "glory": self._by_player(done.get("glory"), seats)})
        return {"winner": None if status["draw"] else seats.get(status["winner"]),
                "glory": self._by_player(status["glory"], seats),
                "games_won": self._by_player(status["wins"], seats),
                "decided_by": status["decided_by"], "games": games}

    def follow_match(self, game_id: str) -> dict | None:
        """A new game that follows an event table's game in its match: the table follows it (a log entry).

        None when the game is not the next game of an event's match.
        """
        meta = self.games.game(game_id).get("meta") or {}
        if not meta.get("event") or not meta.get("follows"):
            return None
        joined = self.games.game(game_id)
        ev = self.folded(meta["event"])
        table = model.table_of(ev.state, meta["round"], meta["table"])
        by = dict(zip(("p1", "p2"), table["players"] if table else [])).get(meta.get("follows_seat"), meta.get("follows_seat"))
        member = Member(meta["event"], "game", by or "")
        return self._append(member, "match_game", {"round": meta["round"], "table": meta["table"], "game": game_id,
                                                   "join_code": joined["join_code"], "follows": meta["follows"]},
                            f"match-{game_id}")

    def folded_setup_best_of(self, table: dict) -> int:
        """Games per match of the event a table belongs to (1 or 3)."""
        meta = (self.games.game(table["game"]).get("meta") or {}) if table.get("game") else {}
        event = meta.get("event")
        return self.folded(event).row["setup"]["best_of"] if event else 1

    def confirm(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """One tap: the caller signs off the tracked game's outcome as the table's result."""
        body = self.load(NoteSchema(), raw if raw is not None else {})
        ev = self.folded(member.event_id)
        table = model.table_of(ev.state, round_no, table_no)
        if table is None:
            raise ApiError(404, "no_such_table", f"Round {round_no} has no table {table_no}.")
        by = self._table_voice(member, round_no, table_no)
        result = self.outcome_result(table)
        return self._append(member, "confirm", {"round": round_no, "table": table_no, "by": by, "result": result},
                            body["id"])

    def flag(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """A judge (the referee of any table) flags a tracked table's game with a reason: disputed until settled."""
        body = self.load(NoteSchema(), raw if raw is not None else {})
        reason = (body["reason"] or "").strip()
        return self._append(member, "flag", {"round": round_no, "table": table_no, "by": member.actor, "reason": reason},
                            body["id"])

    def enter_result(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """The scorekeeper (or a judge settling a dispute) enters or corrects a result, with a reason for a correction."""
        body = self.load(ResultSchema(), raw)
        result = {"winner": body["winner"], "glory": body["glory"]}
        if body["games_won"] is not None:
            result["games_won"] = body["games_won"]
        return self._append(member, "result", {"round": round_no, "table": table_no, "result": result,
                                               "reason": body["reason"].strip(), "source": member.role}, body["id"])

    def ruling(self, member: Member, raw: Any) -> dict:
        """A judge's ruling in the event's rulings log."""
        body = self.load(RulingSchema(), raw)
        data = {k: body[k] for k in ("round", "table", "question", "answer", "rule")}
        if (data["round"] is None) != (data["table"] is None):
            raise ApiError(400, "invalid", "A ruling at a table names both its round and its table.",
                           fields={"table": "Give round and table together, or neither."})
        return self._append(member, "ruling", data, body["id"])

    # -- seats in the tables' games ------------------------------------------------------------
    def game_seat(self, member: Member, round_no: int, table_no: int) -> dict:
        """A fresh game token for the caller at a table: a player's seat, the table device, or a judge as referee."""
        ev = self.folded(member.event_id)
        table = model.table_of(ev.state, round_no, table_no)
        if table is None or not ev.state["rounds"][round_no]["published"]:
            raise ApiError(404, "no_such_table", f"Round {round_no} has no published table {table_no}.")
        if not table.get("game"):
            raise ApiError(409, "not_tracked", "This table's game is not tracked in the app.")
        if member.role == "player" and member.subject in table["players"]:
            seat = "p1" if table["players"][0] == member.subject else "p2"
        elif member.role == "table" and member.subject == str(table_no) and table["mode"] == "device":
            seat = "p1"  # the game is shared_device: this token enters for both seats
        elif member.role in ("judge", "organiser"):
            seat = "referee"
        elif member.role == "scorekeeper":
            seat = "scorekeeper"
        else:
            raise ApiError(403, "not_your_table", "Only this table's players, its device and the judges open its game.")
        token, token_hash = new_token()
        self.games._storage(self.store.add_token, table["game"], seat, token_hash)
        names = {"p1": ev.state["players"][table["players"][0]]["name"],
                 "p2": ev.state["players"][table["players"][1]]["name"]}
        return {"game": table["game"], "join_code": table["join_code"], "seat": seat, "token": token,
                "name": names.get(seat, seat.capitalize()), "title": f"{names['p1']} vs {names['p2']}",
                "ruleset": ev.row["setup"]["ruleset"], "shared_device": table["mode"] == "device"}

    # -- reading -------------------------------------------------------------------------------
    def view(self, member: Member) -> dict:
        """The event as this member may see it."""
        ev = self.folded(member.event_id)
        s = ev.state
        setup = {k: v for k, v in ev.row["setup"].items() if k != "seed"}
        staff = member.is_staff
        rounds = []
        for n in sorted(s["rounds"]):
            rnd = s["rounds"][n]
            if not rnd["published"] and not staff:
                continue
            rounds.append(self._round_view(s, rnd, staff))
        out = {"id": member.event_id, "setup": setup, "head": ev.head,
               "you": {"role": member.role, "subject": member.subject},
               "players": [self._player_view(s["players"][p], staff) for p in s["order"]
                           if staff or s["players"][p]["status"] != "merged"],
               "rounds": rounds, "current_round": model.current_round(s),
               "standings": ev.standings(),
               "next": self._next_step(s) if staff else None}
        if member.role in ("organiser", "judge", "scorekeeper"):
            out["rulings"] = s["rulings"]
        if member.role == "player":
            out["me"] = self._player_view(s["players"][member.subject], True)
        if member.role in ("player", "table"):
            out["mine"] = self._mine(ev, member)
        return out

    def _mine(self, ev: FoldedEvent, member: Member) -> dict | None:
        """The caller's table in the latest published round: who, where, the clock and the game's outcome."""
        s = ev.state
        rounds = model.published_rounds(s)
        if not rounds:
            return None
        rnd = rounds[-1]
        if member.role == "player":
            table = model.player_table(s, rnd["round"], member.subject)
            if table is None:
                bye = rnd["bye"] == member.subject
                return {"round": rnd["round"], "bye": bye, "timer": rnd["timer"],
                        "end_of_time": ev.row["setup"]["end_of_time"]}
        else:
            table = model.table_of(s, rnd["round"], int(member.subject)) if member.subject.isdigit() else None
            if table is None:
                return {"round": rnd["round"], "bye": False, "no_table": True, "timer": rnd["timer"],
                        "end_of_time": ev.row["setup"]["end_of_time"]}
        proposed = None
        if table["game"] and table["status"] in ("playing", "waiting"):
            try:
                proposed = self.outcome_result(table)
            except ApiError:
                proposed = None  # still being played
        me = member.subject if member.role == "player" else "device"
        return {"round": rnd["round"], "table": table["table"], "players": table["players"],
                "names": [s["players"][p]["name"] for p in table["players"]],
                "warbands": [s["players"][p].get("warband_name") or s["players"][p]["warband"] for p in table["players"]],
                "mode": table["mode"], "game": table["game"], "join_code": table["join_code"],
                "status": table["status"], "result": table["result"], "proposed": proposed,
                "confirmed_by": sorted(table["confirmations"]), "i_confirmed": me in table["confirmations"],
                "timer": rnd["timer"], "end_of_time": ev.row["setup"]["end_of_time"], "bye": False}

    @staticmethod
    def _player_view(p: dict, staff: bool) -> dict:
        keep = ("id", "name", "warband", "warband_name", "status", "from_round", "dropped_after")
        out = {k: p.get(k) for k in keep}
        if staff:
            out.update(deck=p.get("deck"), deck_problems=p.get("deck_problems"), merged_into=p.get("merged_into"),
                       deck_override=p.get("deck_override"))
        return out

    @staticmethod
    def _round_view(s: dict, rnd: dict, staff: bool) -> dict:
        names = {p: s["players"][p]["name"] for p in s["players"]}
        out_tables = []
        for t in rnd["tables"]:
            row = {"table": t["table"], "players": t["players"], "names": [names[p] for p in t["players"]],
                   "mode": t["mode"], "status": t["status"], "result": t["result"], "game": t["game"],
                   "confirmed_by": sorted(t["confirmations"]), "judge_calls": len(t["judge_calls"])}
            if staff:
                row.update(join_code=t["join_code"], disputes=t["disputes"], history=t["history"],
                           calls=t["judge_calls"], confirmations=t["confirmations"])
            out_tables.append(row)
        return {"round": rnd["round"], "published": rnd["published"], "bye": rnd["bye"],
                "bye_name": names.get(rnd["bye"]), "timer": rnd["timer"], "tables": out_tables,
                "complete": rnd["published"] and model.round_complete(rnd), "stale": rnd.get("stale", False)}

    @staticmethod
    def _next_step(s: dict) -> str:
        n = model.current_round(s)
        if n == 0:
            return "pair" if len(model.active_players(s, 1)) >= 2 else "register"
        rnd = s["rounds"][n]
        if not rnd["published"]:
            return "publish"
        if not model.round_complete(rnd):
            return "results"
        return "pair" if n < s["setup"]["rounds"] else "finished"

    def entries(self, member: Member) -> list[dict]:
        """The whole log (staff only)."""
        if not member.is_staff:
            raise ApiError(403, "staff_only", "The event's log is for its organiser, scorekeepers and judges.")
        return self.folded(member.event_id).entries

    def dashboard(self, member: Member) -> dict:
        """Every table of the current round with its game's progress (staff)."""
        if not member.is_staff:
            raise ApiError(403, "staff_only", "The dashboard is for the organiser, scorekeepers and judges.")
        ev = self.folded(member.event_id)
        s = ev.state
        n = model.current_round(s)
        rnd = s["rounds"].get(n)
        slow_after = ev.row["setup"].get("slow_minutes", 12)
        out = {"round": n, "timer": rnd["timer"] if rnd else None, "tables": [], "head": ev.head,
               "end_of_time": ev.row["setup"]["end_of_time"], "slow_minutes": slow_after}
        if rnd is None:
            return out
        view = self._round_view(s, rnd, True)
        for row in view["tables"]:
            row["progress"] = progress.of_game(self.games, row["game"]) if row["game"] else None
            row["slow"] = progress.is_slow(row["progress"], row["status"], slow_after)
            out["tables"].append(row)
        out["published"] = rnd["published"]
        out["bye_name"] = view["bye_name"]
        return out
