"""Self-registration: the organiser's public registration link, players' requests from their own phones, the
organiser's accept or decline, and the accepted player's link claimed once by the phone that asked."""
from __future__ import annotations

from typing import Any

from app.service import ApiError
from app.service.tokens import hash_token, new_token
from app.store import DuplicateKey

from . import model, playerlinks, signup
from .log import Member, TournamentLog
from .playerlinks import role_link
from .registration import Registration, round_started
from .schemas import ClaimSchema, DecideSchema, RegistrationSchema, RequestSchema
from .statuses import refused
from .types import Request, TournamentState

REGISTRATION = "registration"  # the role of a registration link's token: it may ask for a place, nothing else
REQUESTER = "requester"        # the phone that made a request, known by its claim secret


class SelfRegistration:
    """The public registration link and the requests it brings in."""

    def __init__(self, log: TournamentLog, registration: Registration):
        self.log = log
        self.registration = registration

    @staticmethod
    def registration_link(base_url: str, tid: str, key: str) -> str:
        """The public registration page; its key rides in the fragment (never in server logs)."""
        return f"{base_url.rstrip('/')}/tournament/{tid}/register#k={key}"

    def set_registration(self, member: Member, raw: Any, base_url: str) -> dict:
        """POST /api/tournaments/<id>/registration (organiser): open or close the link, set the cap.

        Opening it the first time, or with `new_link`, makes a new link (an older one stops working).
        """
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser opens and closes registration.")
        body = self.log.load(RegistrationSchema(), raw)
        tid = member.tournament_id
        out = {}
        if body["open"] and (body["new_link"] or not self._has_key(tid)):
            key, key_hash = new_token()
            if not self.log.storage(self.log.store.replace_tournament_tokens, tid, REGISTRATION, "", key_hash):
                self.log.storage(self.log.store.add_tournament_token, tid, key_hash, REGISTRATION, "")
            out["link"] = self.registration_link(base_url, tid, key)
        cap = body["cap"] if "cap" in body else self.log.folded(tid).state["signup"]["cap"]
        self.log.append(member, "registration", {"open": body["open"], "cap": cap})
        return {**signup.view(self.log.folded(tid).state, member.role), **out}

    def _has_key(self, tid: str) -> bool:
        """A registration link was made for this event before (its opening entry says so)."""
        return any(e["type"] == "registration" and e["data"]["open"] for e in self.log.folded(tid).entries)

    @staticmethod
    def registration_link_only(member: Member) -> Member:
        """The caller holds the event's registration link (403 otherwise, before its body is read)."""
        if member.role != REGISTRATION:
            raise ApiError(403, "registration_link_only", "Players ask for a place with the event's registration link.")
        return member

    def ask_for_place(self, member: Member, raw: Any) -> tuple[int, dict]:
        """POST /api/tournaments/<id>/requests (registration link): a player asks for a place from their phone.

        The deck is checked for the event's format as the organiser's registration checks it; a refused deck is
        refused here (only the organiser may accept such a deck, by registering the player themselves). The
        reply carries the claim secret, shown once: the phone keeps it to collect its link when accepted.
        """
        self.registration_link_only(member)
        body = self.log.load(RequestSchema(), raw)
        tournament = self.log.folded(member.tournament_id)
        state = tournament.state
        refusal = model.check(state, {"type": "request", "data": {"name": body["name"]}})
        if refusal is not None:  # closed, full log, or the name taken: said before checking a deck
            raise refused(refusal)
        checked = self.registration.check_deck(state["setup"], body)
        problems = checked.get("deck_problems") or []
        if problems:
            raise ApiError(422, "deck_refused", f"This deck does not meet the {state['setup']['format']} deck-building "
                                                f"rules: {problems[0]['message']}",
                           rule=problems[0].get("rule"), violations=problems,
                           fields={"deck": [f"{p['message']} ({p.get('rule')})" for p in problems]})
        claim, claim_hash = new_token()
        data = {"name": body["name"].strip(), "warband": body["warband"], "warband_name": checked.get("warband_name"),
                "deck": body["deck"], "claim_hash": claim_hash}
        if body.get("printing"):
            data["printing"] = checked.get("printing")
        # The request's number is the next one at the head it is stored after: requests arriving at once each get
        # their own, in the order they are stored.
        stored = self.log.append(member, "request", lambda now: {"request": f"r{len(now['signup']['order']) + 1}", **data})
        rid = stored["data"]["request"]
        req = self.log.folded(member.tournament_id).state["signup"]["requests"][rid]
        return 201, {**self._request_status(self.log.folded(member.tournament_id).state, req), "claim": claim}

    def decide(self, member: Member, rid: str, verdict: str, raw: Any) -> dict:
        """POST .../requests/<rid>/accept or /decline (organiser, scorekeeper): the request's answer."""
        body = self.log.load(DecideSchema(), raw if raw is not None else {})
        state = self.log.folded(member.tournament_id).state
        if verdict == "accept":
            next_round = model.current_round(state) + (1 if round_started(state) else 0)
            data = {"request": rid, "player": f"p{len(state['order']) + 1}", "from_round": max(1, next_round)}
        else:
            data = {"request": rid, "reason": body["reason"]}
        self.log.append(member, verdict, data, body["id"])
        req = self.log.folded(member.tournament_id).state["signup"]["requests"][rid]
        return {"request": rid, "status": req["status"], "player": req["player"], "name": req["name"]}

    def _requester(self, tid: str, raw: Any) -> tuple[Member, Request]:
        """The phone that holds a request's claim secret, and that request (404 for a secret no request has)."""
        body = self.log.load(ClaimSchema(), raw)
        req = signup.request_by_claim(self.log.folded(tid).state, hash_token(body["claim"]))
        if req is None:
            raise ApiError(404, "no_such_request", "No registration request of this event has that claim.")
        return Member(tid, REQUESTER, req["id"]), req

    def claim(self, tid: str, raw: Any, base_url: str) -> tuple[int, dict]:
        """POST /api/tournaments/<id>/requests/claim {claim}: the request's status; once accepted, the player's link,
        handed over once (201), to the phone holding the claim secret only."""
        member, req = self._requester(tid, raw)
        state = self.log.folded(tid).state
        pid = req["player"]  # an accepted request's player
        if req["status"] != "accepted" or req["claimed"] or pid is None:
            if req["claimed"]:
                raise ApiError(410, "claim_used", "This request's link was already handed to the phone that made it; "
                                                  "a lost link is replaced by the organiser.")
            return 200, self._request_status(state, req)
        # The token is stored before the claim: a store failure in between leaves the claim unspent (the phone asks
        # again) and at worst a token nobody was ever shown. The log lets one claim through (a second is refused).
        tournament = self.log.folded(tid)
        token, token_hash = playerlinks.player_token(tournament.row["setup"], pid,
                                                     playerlinks.generation(tournament.entries, pid))
        try:
            self.log.storage(self.log.store.add_tournament_token, tid, token_hash, "player", pid)
        except DuplicateKey:
            pass  # a second claim at once derived the same token: the log lets one claim through

        self.log.append(member, "claim", {"request": req["id"]})
        return 201, {**self._request_status(self.log.folded(tid).state, req), "token": token,
                     "link": role_link(base_url, tid, token)}

    def withdraw(self, tid: str, raw: Any) -> dict:
        """POST /api/tournaments/<id>/requests/withdraw {claim}: the phone takes its waiting request back."""
        member, req = self._requester(tid, raw)
        self.log.append(member, "withdraw_request", {"request": req["id"]})
        state = self.log.folded(tid).state
        return self._request_status(state, state["signup"]["requests"][req["id"]])

    @staticmethod
    def _request_status(state: TournamentState, req: Request) -> dict:
        """What the requesting phone is told: its status, and its place on the waitlist."""
        req = state["signup"]["requests"][req["id"]]
        out: dict[str, Any] = {"request": req["id"], "name": req["name"], "status": req["status"], "player": req["player"]}
        if req["status"] == "waitlisted":
            out["position"] = signup.waitlist(state).index(req["id"]) + 1
        if req["status"] == "declined":
            out["reason"] = req["reason"]
        return out
