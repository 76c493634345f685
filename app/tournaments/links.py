"""Creating a tournament and handing out its links (organiser, scorekeeper, judge, table device, public)."""
from __future__ import annotations

import secrets
from typing import Any

from app.content.underworlds import library
from app.content.underworlds import setup as underworlds_setup
from app.engine.core import SetupError
from app.service import ApiError
from app.service.tokens import JOIN_ALPHABET, hash_token, new_token
from app.store import DuplicateKey

from . import model, playerlinks
from .log import RECOVERY, Member, TournamentLog
from .playerlinks import role_link
from .schemas import CreateTournamentSchema, LinkSchema, NewLinkSchema, RecoverSchema
from .statuses import refused

# 20 characters of 31 (no 0/O, 1/I/L: written on paper and typed back): about 99 bits, so guessing is
# hopeless even before the per-address limit on wrong codes.
RECOVERY_LENGTH = 20


def new_recovery_code() -> tuple[str, str]:
    """A fresh recovery code (groups of four for reading and copying by hand) and the hash to store."""
    raw = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(RECOVERY_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, RECOVERY_LENGTH, 4)), hash_token(raw)


def normalise_recovery_code(code: str) -> str:
    """A code as typed back: case, spaces and dashes aside."""
    return "".join(code.split()).upper().replace("-", "")


def public_link(base_url: str, tid: str) -> str:
    """The public page of pairings and standings."""
    return f"{base_url.rstrip('/')}/tournament/{tid}/public"


class Links:
    """POST /api/tournaments and its links; tokens are shown once and stored as hashes."""

    def __init__(self, log: TournamentLog):
        self.log = log

    def create(self, raw: Any, base_url: str, league: str | None = None) -> dict:
        """POST /api/tournaments: the tournament and its organiser link (the token is shown once, stored as a hash);
        `league`: the league it is made in (league_service.py)."""
        setup = self.log.load(CreateTournamentSchema(), raw)
        if league is not None:
            setup["league"] = league
        setup["date"] = setup["date"].isoformat()
        setup["seed"] = secrets.token_hex(8)
        setup[playerlinks.KEY] = playerlinks.new_key()
        if setup.get("card_list"):
            setup.update(self._card_list(setup))
        token, token_hash = new_token()
        code, code_hash = new_recovery_code()
        for _ in range(5):
            tid = secrets.token_urlsafe(9)
            try:
                self.log.storage(self.log.store.create_tournament, tid, setup,
                              [(token_hash, "organiser", ""), (code_hash, RECOVERY, "")])
            except DuplicateKey:
                continue
            return {"id": tid, "name": setup["name"], "organiser_token": token, "recovery_code": code,
                    "links": {"organiser": role_link(base_url, tid, token), "public": public_link(base_url, tid)}}
        raise ApiError(503, "busy", "Could not create the event; try again.")

    def _card_list(self, setup: dict) -> dict:
        """The organiser's saved card list checked against the tournament's format: its name and date for the tournament."""
        if setup["ruleset"] != "underworlds/deathgorge":
            raise ApiError(400, "invalid", "An organiser's card list is for the current rules' formats.",
                           fields={"card_list": "Only for the current rules (Championship, Nemesis)."})
        try:
            saved = underworlds_setup.card_list(library.load(), setup["format"], setup["card_list"], self.saved)
            if saved is None:  # only when no list is named, and one is here: refused as a list not saved would be
                raise SetupError(f"There is no saved card list '{setup['card_list']}'.", "options.card_list")
        except SetupError as exc:
            raise ApiError(422, "bad_card_list", exc.message, fields={"card_list": exc.message}) from exc
        return {"card_list_name": saved.get("name"), "card_list_as_of": saved.get("as_of")}

    def make_link(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/tournaments/<id>/links (organiser): a scorekeeper, judge or table-device link."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser hands out scorekeeper, judge and table links.")
        body = self.log.load(LinkSchema(), raw)
        subject = str(body["table"]) if body["role"] == "table" else body["name"].strip()
        token, token_hash = new_token()
        self.log.storage(self.log.store.add_tournament_token, member.tournament_id, token_hash, body["role"], subject)
        return {"role": body["role"], "subject": subject, "token": token,
                "link": role_link(base_url, member.tournament_id, token)}

    def new_link(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/tournaments/<id>/links/new (organiser): a lost link replaced; the old one stops working, logged."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser replaces a lost link.")
        body = self.log.load(NewLinkSchema(), raw)
        role = body["role"]
        subject = {"player": body["player"], "table": str(body["table"])}.get(role, (body["name"] or "").strip())
        refusal = model.check(self.log.folded(member.tournament_id).state, {"type": "new_link", "data": {"role": role, "subject": subject}})
        if refusal is not None:
            raise refused(refusal)
        tournament = self.log.folded(member.tournament_id)
        token, token_hash = (playerlinks.player_token(tournament.row["setup"], subject,
                                                      playerlinks.generation(tournament.entries, subject) + 1)
                             if role == "player" else new_token())
        replaced = self.log.storage(self.log.store.replace_tournament_tokens, member.tournament_id, role, subject, token_hash)
        if not replaced:
            who = f"table {subject}'s device" if role == "table" else f"{role} {subject!r}"
            raise ApiError(404, "no_such_link", f"This event has no link for {who}; make one on Links.")
        self.log.append(member, "new_link", {"role": role, "subject": subject}, body["id"])
        return {"role": role, "subject": subject, "token": token, "replaced": replaced,
                "link": role_link(base_url, member.tournament_id, token)}

    def recover(self, raw: Any, base_url: str) -> dict:
        """POST /api/tournaments/recover: the recovery code gives a new organiser link (every older one stops
        working) and a new code (the one used is spent); 403 wrong_recovery_code for any other code."""
        body = self.log.load(RecoverSchema(), raw)
        token, token_hash = new_token()
        code, code_hash = new_recovery_code()
        # Spent, and both replacements stored, in one transaction: of requests with one code at once, one wins.
        tid = self.log.storage(self.log.store.spend_tournament_token, hash_token(normalise_recovery_code(body["code"])),
                            RECOVERY, [("organiser", "", token_hash), (RECOVERY, "", code_hash)])
        if tid is None:
            raise ApiError(403, "wrong_recovery_code", "That is not an event's recovery code. It was shown once, "
                                                       "when the event was made.")
        self.log.append(Member(tid, RECOVERY), "new_link", {"role": "organiser", "subject": ""})
        setup = self.log.folded(tid).row["setup"]
        return {"id": tid, "name": setup["name"], "organiser_token": token, "recovery_code": code,
                "link": role_link(base_url, tid, token)}

    def saved(self, kind: str, cid: str) -> dict | None:
        """A player's or organiser's saved content record (custom warband, deck, card list), or None."""
        return self.log.storage(self.log.store.get_custom, kind, cid)
