"""Creating a game: the body checked, the setup expanded from content, the first state, the row and its tokens."""
from __future__ import annotations

import copy
import logging
from importlib import metadata
from typing import Any

from app import content
from app.engine import registry
from app.engine.core import Ruleset, SetupError
from app.schemas.wire import CreateGameSchema
from app.store import DuplicateKey

from .access import Access
from .errors import ApiError
from .tokens import new_game_id, new_join_code, new_token, next_game_id

log = logging.getLogger(__name__)


def rules_record(ruleset_id: str) -> dict:
    """What a game records of the rules it is played under: the ruleset code's hash and the app's version."""
    try:
        app_version = metadata.version("tablewarden")
    except metadata.PackageNotFoundError:
        app_version = None
    return {"ruleset": ruleset_id, "version": registry.rules_version(ruleset_id), "app": app_version}


class Creating(Access):
    """POST /api/games: new games (and a match's next game), stored with a token per seat."""

    def create_game(self, raw: Any, base_url: str, meta: dict | None = None, token: str | None = None) -> dict:
        """POST /api/games: validate, expand from content, start the game in the engine, store it.

        meta: what the game belongs to (an event's round and table), kept with the game row.
        A body naming the game it `follows` (the next game of a match, created with a token of that
        game) is linked to it server-side: the row keeps `follows` and the event table it belongs to."""
        body = self._load_schema(CreateGameSchema(), raw)
        rs = self._ruleset(body["ruleset"])
        if body.get("follows"):
            meta = {**dict(meta or {}), **self._follows(body, token)}
        setup = {"ruleset": body["ruleset"], "options": body["options"], "seats": body["seats"]}
        setup = self._expanded(body["ruleset"], setup)
        if body.get("follows"):
            self._keep_match_decks(setup, self.game(body["follows"])["setup"])
        self._new_state(rs, setup)
        game_id = next_game_id(body["follows"], body["options"]["match"]["game"]) if body.get("follows") else None
        return self._insert_game(body["ruleset"], setup, body["shared_device"], [], base_url, meta, game_id)

    @staticmethod
    def _keep_match_decks(setup: dict, before: dict) -> None:
        """Each player plays the decks they built for the whole match (Shadespire rulebook, Matched play:
        "they cannot switch between games"): a seat of the next game that names no deck keeps the deck it
        played in the game before, as checked then. (A phone cannot name the other seat's deck: its export
        keeps that deck face down.)"""
        for seat, was in zip(setup.get("seats") or [], before.get("seats") or []):
            if isinstance(seat, dict) and isinstance(was, dict) and seat.get("deck") is None and was.get("deck"):
                seat["deck"] = copy.deepcopy(was["deck"])
                if "deck_sizes" in was:
                    seat["deck_sizes"] = copy.deepcopy(was["deck_sizes"])

    def _follows(self, body: dict, token: str | None) -> dict:
        """The link of a match's next game to the game before it: checked against that game's outcome."""
        caller = self.authenticate(body["follows"], token)
        before = self.folded(body["follows"])
        outcome = before.rs.outcome(before.state)
        status = (outcome or {}).get("match")
        context = (body["options"] or {}).get("match")
        if status is None or status["over"] or not isinstance(context, dict):
            raise ApiError(409, "no_next_game", "That game is not a finished game of a match that goes on.")
        if body["ruleset"] != before.game["ruleset"] or context.get("game") != status["next_game"]:
            raise ApiError(409, "no_next_game", f"The next game of that match is game {status['next_game']}, "
                                                "under the same rules.")
        if context.get("previous") != [*((before.state["classic"].get("match") or {}).get("previous") or []),
                                       outcome["record"]]:
            raise ApiError(409, "no_next_game", "options.match.previous must be the match's games so far.")
        kept = {k: v for k, v in (before.game.get("meta") or {}).items() if k in ("event", "round", "table")}
        return {**kept, "follows": before.game["id"], "follows_seat": caller.seat}

    def _saved(self, kind: str, cid: str):
        """A player's saved content record (custom warband, deck, unit list), or None."""
        return self._storage(self.store.get_custom, kind, cid)

    def _expanded(self, ruleset_id: str, setup: dict) -> dict:
        try:
            return content.expand_setup(ruleset_id, copy.deepcopy(setup), self._saved)
        except SetupError as exc:
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "seats": exc.message}) from exc
        except (ValueError, LookupError, TypeError) as exc:
            raise ApiError(422, "bad_setup", f"The game cannot be set up: {exc}") from exc

    @staticmethod
    def _new_state(rs: Ruleset, setup: dict) -> dict:
        try:
            return rs.new_game(copy.deepcopy(setup))
        except SetupError as exc:
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "setup": exc.message}) from exc
        except Exception as exc:  # noqa: BLE001 - malformed setups must not crash the server
            log.exception("new_game failed for %s", rs.id)
            raise ApiError(422, "bad_setup", "The game cannot start from this setup.") from exc

    def _insert_game(self, ruleset_id: str, setup: dict, shared: bool, events: list[dict], base_url: str,
                     meta: dict | None = None, game_id: str | None = None) -> dict:
        names = self.seat_names({"setup": setup})
        for _ in range(8):
            game = {"id": game_id or new_game_id(), "ruleset": ruleset_id, "setup": setup, "shared_device": shared,
                    "join_code": new_join_code(), "meta": {**dict(meta or {}), "rules": rules_record(ruleset_id)}}
            seat_tokens = [(s, *new_token()) for s in [n["seat"] for n in names]]
            referee_token, referee_hash = new_token()
            hashes = [(h, s) for s, _, h in seat_tokens] + [(referee_hash, "referee")]
            try:
                self._storage(self.store.create_game, game, hashes, events)
            except DuplicateKey:
                if game_id is not None:
                    self._refuse_made_twice(game_id)
                continue  # join code (or id) collision: draw again
            tokens = {s: t for s, t, _ in seat_tokens}
            return {"id": game["id"], "ruleset": ruleset_id, "join_code": game["join_code"],
                    "join_url": self.join_url(base_url, game["join_code"]),
                    "qr_url": f"/api/join/{game['join_code']}/qr.svg",
                    "shared_device": shared,
                    "seats": [{"seat": n["seat"], "name": n["name"], "token": tokens[n["seat"]]} for n in names],
                    "referee_token": referee_token, "head": len(events)}
        raise ApiError(503, "busy", "Could not allocate a join code; try again.")

    def _refuse_made_twice(self, game_id: str) -> None:
        """A match's next game that another phone (or a double tap) already made: 409 with its join code."""
        made = self._storage(self.store.get_game, game_id)
        if made is not None:
            raise ApiError(409, "next_game_exists", "This game of the match was already made (on the other phone, or "
                                                    "by a second tap): join it with its code.",
                           details={"game": game_id, "join_code": made["join_code"]})

    @staticmethod
    def join_url(base_url: str, code: str) -> str:
        """The link a QR code carries: <base>/join/<code>."""
        return f"{base_url.rstrip('/')}/join/{code}"
