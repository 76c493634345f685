"""Creating a game: the body checked, the setup expanded from content, the first state, the row and its tokens."""
from __future__ import annotations

import copy
from importlib import metadata
from typing import Any

from app import content
from app.engine import registry
from app.engine.core import Ruleset, SetupError
from app.schemas.wire import CreateGameSchema, FollowSchema
from app.store import DuplicateKey

from . import linked
from .access import DEVICE, Access
from .bodies import load_body
from .errors import ApiError
from .gamelogs import GameLogs
from .pending import PENDING, refuse_open
from .tokens import new_game_id, new_join_code, new_token, next_game_id


def rules_record(ruleset_id: str) -> dict:
    """What a game records of the rules it is played under: the ruleset code's hash and the app's version."""
    try:
        app_version = metadata.version("tablewarden")
    except metadata.PackageNotFoundError:
        app_version = None
    return {"ruleset": ruleset_id, "version": registry.rules_version(ruleset_id), "app": app_version}


class MadeAlready(Exception):
    """A match's next game that another call (the other phone, a second tap) made first."""


class Creating:
    """POST /api/games: new games (and a match's next game), stored with a token per seat."""

    def __init__(self, logs: GameLogs, access: Access):
        self.logs = logs
        self.access = access

    def create_game(self, raw: Any, base_url: str, meta: dict | None = None) -> dict:
        """POST /api/games: validate, expand from content, start the game in the engine, store it.

        meta: what the game belongs to (an event's round and table), kept with the game row. A later game of
        a match or campaign is not made here (follow_game makes it from the game before)."""
        body = load_body(CreateGameSchema(), raw)
        rs = self.logs.ruleset(body["ruleset"])
        self._refuse_history(body["options"])
        for seat in body["seats"]:
            if seat.get("open") is False:
                del seat["open"]
        if any(s.get("open") for s in body["seats"]):
            return self._create_open(body, base_url, meta)
        setup = {"ruleset": body["ruleset"], "options": body["options"], "seats": body["seats"]}
        setup = self.expanded(body["ruleset"], setup)
        self.new_state(rs, setup)
        return self.insert_game(body["ruleset"], setup, body["shared_device"], [], base_url, meta)

    def _create_open(self, body: dict, base_url: str, meta: dict | None) -> dict:
        """A game whose open seats their own phones set up (seatsetup.py): stored pending, started by the last one."""
        refuse_open(body, meta)
        for seat in (s for s in body["seats"] if not s.get("open")):
            self.expanded(body["ruleset"], {"ruleset": body["ruleset"], "options": body["options"], "seats": [seat]})
        setup = {"ruleset": body["ruleset"], "options": body["options"], "seats": body["seats"], PENDING: True}
        return self.insert_game(body["ruleset"], setup, False, [], base_url, meta)

    @staticmethod
    def _refuse_history(options: dict) -> None:
        """A match's or campaign's history comes from its stored games, never from a client: a new game is a
        first game; the later ones are made with `follows`."""
        match, camp = options.get("match"), options.get("campaign")
        later = (isinstance(match, dict) and (match.get("game", 1) != 1 or match.get("previous"))) or \
                (isinstance(camp, dict) and (camp.get("game", 1) != 1 or camp.get("history")))
        if later:
            raise ApiError(400, "follows_needed", "A later game of a match or campaign is made from the game before "
                                                  "it: send {\"follows\": <that game>} with your token of that game.",
                           fields={"options": "A first game only (no earlier games)."})

    def follow_game(self, raw: Any, base_url: str, token: str | None) -> tuple[int, dict]:
        """POST /api/games with `follows`: the next game of a match or campaign, made once from the stored game before.

        (201, the game made now) or (200, the game made before); either way the caller gets only the token of
        what it held in the game before: its own seat, the shared device's token, or the referee's."""
        extra = sorted(set(raw) - {"follows", "ruleset"}) if isinstance(raw, dict) else []
        if extra:
            raise ApiError(400, "follows_only", "A match's next game is made from the game before it: send only "
                                                "`follows` (the server carries the match so far, the seats and their decks).",
                           fields={k: "Not taken with follows." for k in extra[:10]})
        body = load_body(FollowSchema(), raw)
        self.logs.game(body["follows"])
        caller = self.access.authenticate(body["follows"], token)
        if not (caller.is_player or caller.is_referee):
            raise ApiError(403, "not_a_player", "Only a player (or the referee) of the game before opens the match's "
                                                "next game; a spectator or scorekeeper joins it with its code.")
        before = self.logs.folded(body["follows"])
        if body.get("ruleset") not in (None, before.game["ruleset"]):
            raise ApiError(409, "no_next_game", "The next game of a match is played under the same rules.")
        nxt = linked.next_game(before)
        game_id = next_game_id(before.game["id"], nxt.number)
        made = self.logs.storage(self.logs.store.get_game, game_id)
        if made is None:
            setup = self.expanded(before.game["ruleset"], nxt.setup) if nxt.expand else nxt.setup
            self.new_state(before.rs, setup)
            kept = {k: v for k, v in (before.game.get("meta") or {}).items() if k in ("event", "round", "table")}
            meta = {**kept, "follows": before.game["id"], "follows_seat": caller.stored_seat}
            try:
                created = self.insert_game(before.game["ruleset"], setup, before.game["shared_device"], [],
                                            base_url, meta, game_id)
            except MadeAlready:
                made = self.logs.storage(self.logs.store.get_game, game_id)
            else:
                return 201, self._only_mine(created, caller, created["seats"], created["referee_token"],
                                            created.get("device_token"))
        mine = self.access.mint(game_id, caller.stored_seat)
        seats = [{**n, "token": mine} if n["seat"] == caller.seat and not caller.device else n
                 for n in self.logs.seat_names(made)]
        return 200, self._only_mine(self._game_reply(made, base_url, seats), caller, seats,
                                    mine if caller.is_referee else None, mine if caller.device else None)

    @staticmethod
    def _only_mine(reply: dict, caller, seats: list[dict], referee_token: str | None, device_token: str | None) -> dict:
        """A next game's answer with only the token the caller held in the game before (nobody else's)."""
        out = {k: v for k, v in reply.items() if k not in ("seats", "referee_token", "device_token")}
        own = not caller.device and caller.is_player
        out["seats"] = [{"seat": s["seat"], "name": s["name"], **({"token": s["token"]} if own and s["seat"] == caller.seat else {})}
                        for s in seats]
        if caller.is_referee:
            out["referee_token"] = referee_token
        if caller.device:
            out["device_token"] = device_token
        out["you"] = {"seat": caller.seat, "device": caller.device}
        return out

    def _saved(self, kind: str, cid: str):
        """A player's saved content record (custom warband, deck, unit list), or None."""
        return self.logs.storage(self.logs.store.get_custom, kind, cid)

    def expanded(self, ruleset_id: str, setup: dict) -> dict:
        """The setup filled from content (and saved records); 422 bad_setup with the field when it cannot be."""
        try:
            return content.expand_setup(ruleset_id, copy.deepcopy(setup), self._saved)
        except SetupError as exc:
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "seats": exc.message}) from exc
        except (ValueError, LookupError, TypeError) as exc:
            raise ApiError(422, "bad_setup", f"The game cannot be set up: {exc}") from exc

    @staticmethod
    def new_state(rs: Ruleset, setup: dict, stored: bool = False) -> dict:
        """The first state of a setup (`stored`: an imported one, its parts checked first as a new game's are)."""
        try:
            if stored:
                content.check_stored_setup(rs.id, setup)
            return rs.new_game(copy.deepcopy(setup))
        except SetupError as exc:
            # The ruleset's refusal of a setup; any other exception is an engine bug (a 500 with an error id).
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "setup": exc.message}) from exc

    def insert_game(self, ruleset_id: str, setup: dict, shared: bool, events: list[dict], base_url: str,
                     meta: dict | None = None, game_id: str | None = None) -> dict:
        """Store a new game with a token per seat and the referee's; a shared-device game also gets the device's
        own token (the first seat's view, events for every seat): only that one enters for every seat."""
        names = self.logs.seat_names({"setup": setup})
        for _ in range(8):
            game = {"id": game_id or new_game_id(), "ruleset": ruleset_id, "setup": setup, "shared_device": shared,
                    "join_code": new_join_code(), "meta": {**dict(meta or {}), "rules": rules_record(ruleset_id)}}
            seat_tokens = [(s, *new_token()) for s in [n["seat"] for n in names]]
            referee_token, referee_hash = new_token()
            device_token, device_hash = new_token()
            hashes = [(h, s) for s, _, h in seat_tokens] + [(referee_hash, "referee")]
            if shared:
                hashes.append((device_hash, DEVICE))
            try:
                self.logs.storage(self.logs.store.create_game, game, hashes, events)
            except DuplicateKey:
                if game_id is not None and self.logs.storage(self.logs.store.get_game, game_id) is not None:
                    raise MadeAlready(game_id) from None
                continue  # join code (or id) collision: draw again
            tokens = {s: t for s, t, _ in seat_tokens}
            seats = [{"seat": n["seat"], "name": n["name"], "token": tokens[n["seat"]]} for n in names]
            out = {**self._game_reply(game, base_url, seats), "referee_token": referee_token, "head": len(events)}
            if shared:
                out["device_token"] = device_token
            return out
        raise ApiError(503, "busy", "Could not allocate a join code; try again.")

    def _game_reply(self, game: dict, base_url: str, seats: list[dict]) -> dict:
        """What a created game's answer says of it: id, join code and link, QR code and seats."""
        return {"id": game["id"], "ruleset": game["ruleset"], "join_code": game["join_code"],
                "join_url": self.join_url(base_url, game["join_code"]),
                "qr_url": f"/api/join/{game['join_code']}/qr.svg",
                "shared_device": game["shared_device"], "seats": seats}

    @staticmethod
    def join_url(base_url: str, code: str) -> str:
        """The link a QR code carries: <base>/join/<code>."""
        return f"{base_url.rstrip('/')}/join/{code}"
