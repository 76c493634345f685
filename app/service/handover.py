"""Handing a held player seat to another phone, only with consent.

A seat is held once a phone joined it or opened the table with one of its tokens. Another phone then gets a token for it only when
- the holder's phone approves the request (`request` -> `answer` -> the asking phone `collect`s), or
- the asking phone types the one-time handover code the holder's phone shows (`new_code`, `redeem_code`), or
- the referee joins it in (the join carries the referee token).
Every handover is told to the seat's phones (and the referee's): nobody loses a seat silently.
Requests and codes expire after HANDOVER_SECONDS; only hashes of their secrets are stored.
"""
from __future__ import annotations

import hmac
import secrets
import time
from typing import Callable

from app.store.base import now_iso

from .errors import ApiError
from .tokens import hash_token

HANDOVER_SECONDS = 300
CODE_DIGITS = 6
MAX_CODE_ATTEMPTS = 5  # wrong codes before a code is spent: guessing 1 in 10^6 five times is hopeless


class Handovers:
    """Requests, answers and codes for one game service's seats."""

    def __init__(self, store, mint: Callable[[str, str], str], tell: Callable[[str, str, dict], None] | None = None):
        self.store = store
        self.mint = mint          # (game_id, seat) -> a new token for the seat
        self.tell = tell          # (game_id, seat, payload): push `handover` to that seat's phones

    def told(self, game_id: str, seat: str, payload: dict) -> None:
        """Push a `handover` frame to the seat's phones (when a pusher is wired)."""
        if self.tell is not None:
            self.tell(game_id, seat, payload)

    def _new(self, game_id: str, seat: str, kind: str, secret: str) -> dict:
        row = {"id": secrets.token_urlsafe(12), "game_id": game_id, "seat": seat, "kind": kind,
               "secret_hash": hash_token(secret), "status": "open", "attempts": 0,
               "expires_at": time.time() + HANDOVER_SECONDS, "created_at": now_iso()}
        self.store.put_handover(row)
        return row

    def request(self, game_id: str, seat: str) -> dict:
        """A phone asks for a held seat: the holder is asked; the phone gets an id and a secret to collect with."""
        secret = secrets.token_urlsafe(24)
        row = self._new(game_id, seat, "request", secret)
        self.told(game_id, seat, {"id": row["id"], "seat": seat, "status": "asked"})
        return {"id": row["id"], "secret": secret, "seat": seat, "expires_in": HANDOVER_SECONDS}

    def pending(self, game_id: str, seats: list[str]) -> list[dict]:
        """Open requests for these seats (a phone that was away when it was asked)."""
        now = time.time()
        return [{"id": r["id"], "seat": r["seat"], "status": "asked"}
                for seat in seats for r in self.store.open_handovers(game_id, seat, "request", now)]

    def answer(self, game_id: str, seat_of_caller: str, hid: str, approve: bool) -> dict:
        """The holder (or the referee) lets the asking phone in, or refuses."""
        row = self.store.get_handover(hid)
        if row is None or row["game_id"] != game_id or row["kind"] != "request":
            raise ApiError(404, "no_such_handover", "There is no such handover request.")
        if seat_of_caller not in (row["seat"], "referee"):
            raise ApiError(403, "not_your_seat", "Only the seat's own phone or the referee can answer this.")
        if row["expires_at"] <= time.time():
            raise ApiError(410, "handover_expired", "This request has expired; the other phone can ask again.")
        status = "approved" if approve else "refused"
        if not self.store.move_handover(hid, "open", status):
            raise ApiError(409, "handover_answered", "This request was answered already.")
        self.told(game_id, row["seat"], {"id": hid, "seat": row["seat"], "status": status})
        return {"id": hid, "seat": row["seat"], "status": status}

    def collect(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The asking phone looks: still waiting, refused, expired, or approved with its new token (once)."""
        row = self._own_request(game_id, hid, secret)
        if row["status"] == "open":
            if row["expires_at"] <= time.time():
                return {"id": hid, "seat": row["seat"], "status": "expired"}
            return {"id": hid, "seat": row["seat"], "status": "waiting"}
        if row["status"] == "approved" and self.store.move_handover(hid, "approved", "done"):
            token = self.mint(game_id, row["seat"])
            self.told(game_id, row["seat"], {"seat": row["seat"], "status": "handed_over"})
            return {"id": hid, "seat": row["seat"], "status": "approved", "token": token}
        return {"id": hid, "seat": row["seat"], "status": "refused" if row["status"] == "refused" else "collected"}

    def withdraw(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The asking phone gives up (it took the seat with a code, or picked another): the holder's question goes."""
        row = self._own_request(game_id, hid, secret)
        if self.store.move_handover(hid, "open", "withdrawn"):
            self.told(game_id, row["seat"], {"id": hid, "seat": row["seat"], "status": "withdrawn"})
        return {"id": hid, "seat": row["seat"], "status": "withdrawn"}

    def _own_request(self, game_id: str, hid: str, secret: str | None) -> dict:
        row = self.store.get_handover(hid)
        if row is None or row["game_id"] != game_id or row["kind"] != "request" or not secret \
                or not hmac.compare_digest(hash_token(secret), row["secret_hash"]):
            raise ApiError(404, "no_such_handover", "There is no such handover request.")
        return row

    def new_code(self, game_id: str, seat: str) -> dict:
        """A one-time code the holder's phone shows; typed on another phone with the join code, it hands the seat over."""
        code = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))
        self._new(game_id, seat, "code", code)
        return {"seat": seat, "code": code, "expires_in": HANDOVER_SECONDS}

    def redeem_code(self, game_id: str, seat: str, code: str) -> bool:
        """True (and the code spent, the seat told) when `code` is an open code of this seat."""
        digest = hash_token(code.strip())
        rows = self.store.open_handovers(game_id, seat, "code", time.time())
        for row in rows:
            if hmac.compare_digest(digest, row["secret_hash"]) and self.store.move_handover(row["id"], "open", "used"):
                self.told(game_id, seat, {"seat": seat, "status": "handed_over"})
                return True
        for row in rows:
            self.store.count_attempt(row["id"], MAX_CODE_ATTEMPTS)
        return False

