"""A player's "That's not right": an entry flagged for the referee, stored as that seat's note on the entry."""
from __future__ import annotations

import uuid
from typing import Any, Iterable

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from app.schemas.wire import field_messages

from .access import Access, Caller
from .errors import ApiError
from .gamelogs import GameLogs
from .ledger import APPEND_RETRY
from .submit import Submitting

# What a flag says when the player gives no reason: the entry itself is the point.
FLAG_TEXT = "That's not right"


class FlagSchema(Schema):
    """POST /api/games/<id>/flags: the entry (seq) a seat says is wrong, and why (optional)."""

    class Meta:
        unknown = RAISE

    id = fields.Str(validate=validate.Length(min=1, max=100))   # resent with the same id: stored once
    seq = fields.Int(required=True, strict=True, validate=validate.Range(min=1, max=10**9))
    text = fields.Str(load_default="", validate=validate.Length(max=500))
    by = fields.Str(validate=validate.Length(min=1, max=32))     # a shared device: the seat holding it


class Flagging:
    """Players flag entries; the flag is a note on the entry, so every phone's log shows it and the referee's desk
    lists it first until the referee rules on it."""

    def __init__(self, logs: GameLogs, access: Access, submitting: Submitting):
        self.logs = logs
        self.access = access
        self.submitting = submitting

    def flag(self, caller: Caller, raw: Any) -> tuple[int, dict]:
        """Flag entry `seq` for `caller`'s seat: 201 {seq, id, entry, by, text}; 200 with the same reply when that seat
        has an open flag on it already (a second tap stores nothing)."""
        if not isinstance(raw, dict):
            raise ApiError(400, "bad_request", "The body must be a JSON object.")
        try:
            body = FlagSchema().load(raw)
        except ValidationError as err:
            raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err)) from None
        if caller.is_referee:
            raise ApiError(403, "referee_rules", "The referee rules on an entry (a ruling in the Log); flags are "
                                                 "how players ask the referee.")
        if not caller.is_player:
            raise ApiError(403, "read_only", f"A {caller.seat} can follow the game but not flag its entries.")
        by = body.get("by") or caller.seat
        if not self.access.may_act_for(caller, self.logs.game(caller.game_id), by):
            raise ApiError(403, "not_your_seat", f"You can only flag entries for your own seat ({caller.seat}).")
        text = body["text"].strip() or FLAG_TEXT
        note = {"id": body.get("id") or str(uuid.uuid4()), "type": "note", "by": by,
                "data": {"text": text, "seq": body["seq"]}}
        # The log moved on between looking for an open flag and storing this one: look again, as often and after
        # the same pauses as any stale append.
        for _ in APPEND_RETRY.attempts():
            folded = self.logs.folded(caller.game_id)
            open_flag = self._open_flag(folded.records, body["seq"], by)
            if open_flag is not None and open_flag["id"] != note["id"]:
                return 200, self._flag_reply(open_flag)
            try:   # stored only at the head the open flag was looked for at: two taps at once store one flag
                return self._store(caller, {**note, "expected_seq": folded.head})
            except ApiError as err:
                if err.code != "stale":
                    raise
        return self._store(caller, note)   # a game this busy: stored at whatever head it has now

    def _store(self, caller: Caller, note: dict) -> tuple[int, dict]:
        status, reply = self.submitting.submit(caller, note)
        data = note["data"]
        return status, {**reply, "entry": data["seq"], "by": note["by"], "text": data["text"]}

    @staticmethod
    def _open_flag(records: Iterable[dict], seq: int, by: str) -> dict | None:
        """This seat's latest flag on entry `seq` when the referee has not ruled on the entry since, else None."""
        latest = None
        for rec in records:
            if rec["type"] != "note" or (rec.get("data") or {}).get("seq") != seq:
                continue
            if rec["by"] == "referee":
                latest = None
            elif rec["by"] == by:
                latest = rec
        return latest

    @staticmethod
    def _flag_reply(rec: dict) -> dict:
        return {"seq": rec["seq"], "id": rec["id"], "consequences": [], "duplicate": True, "entry": rec["data"]["seq"],
                "by": rec["by"], "text": rec["data"]["text"]}
