"""Players signing themselves up through the public registration link, folded from the tournament's log.

The organiser opens the link with a cap (or none) and closes it. A request takes a place while it waits for
the organiser; once the places (active players + waiting requests) reach the cap, further requests go on the
waitlist, and the first of it is promoted to waiting for the organiser each time a place frees up (a request
declined or withdrawn, a player dropped or merged away, the cap raised). Accepting a request registers its
player; the phone that made the request then claims the player's link once with its claim secret.

Entry types (data fields):
  registration      {open, cap}                  (the organiser opens, closes or changes the cap)
  request           {request, name, warband, printing?, warband_name, deck, claim_hash}
  accept            {request, player, from_round}      decline {request, reason}
  withdraw_request  {request}                    (the requesting phone takes its request back)
  claim             {request}                    (the accepted request's link was handed to its phone)
"""
from __future__ import annotations

import copy
from typing import Any

from . import copies
from .player_entries import register
from .reads import name_key
from .refusals import CONFLICT, GONE, MALFORMED, NOT_FOUND, Refusal
from .types import Data, Handler, Request, Signup, TournamentState, Who

MAX_REQUESTS = 1000  # requests of one event, whatever became of them: bounds the log a public link can grow
# Entries after which a place may have freed up for the waitlist.
FREES_A_PLACE = ("registration", "decline", "withdraw_request", "drop", "merge")
WAITING = ("pending", "waitlisted")


def new_signup() -> Signup:
    """Self-registration before the organiser opens it."""
    return Signup(open=False, cap=None, requests={}, order=[], claims={})


def places_taken(state: TournamentState) -> int:
    """Players still in the event and requests waiting for the organiser."""
    players = sum(1 for p in state["players"].values() if p["status"] in ("registered", "checked_in"))
    return players + sum(1 for r in state["signup"]["requests"].values() if r["status"] == "pending")


def places_free(state: TournamentState) -> int | None:
    """Places left under the cap (None: no cap)."""
    cap = state["signup"]["cap"]
    return None if cap is None else max(0, cap - places_taken(state))


def waitlist(state: TournamentState) -> list[str]:
    """Waitlisted requests in the order they came."""
    sig = state["signup"]
    return [r for r in sig["order"] if sig["requests"][r]["status"] == "waitlisted"]


def request_by_claim(state: TournamentState, claim_hash: str) -> Request | None:
    """The request whose phone holds this claim secret (by its hash), or None."""
    rid = state["signup"]["claims"].get(claim_hash)
    return state["signup"]["requests"][rid] if rid else None


def name_in_use(state: TournamentState, name: str) -> str | None:
    """Why this name cannot ask for a place (already a player, or already asking), or None."""
    key = name_key(name)
    if any(p["status"] != "merged" and name_key(p["name"]) == key for p in state["players"].values()):
        return f"{name.strip()} is already registered for this event; ask the organiser for your link."
    if any(r["status"] in WAITING and name_key(r["name"]) == key for r in state["signup"]["requests"].values()):
        return f"A request under the name {name.strip()} is already waiting for the organiser."
    return None


def _request(state: TournamentState, d: Data) -> tuple[Request | None, Refusal | None]:
    req = state["signup"]["requests"].get(d.get("request") or "")
    if req is None:
        return None, Refusal("no_such_request", "There is no such registration request in this event.", NOT_FOUND)
    return req, None


def _check_registration(state: TournamentState, d: Data) -> Refusal | None:
    cap = d.get("cap")
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or not 1 <= cap <= MAX_REQUESTS):
        return Refusal("bad_cap", f"The cap is a number of players from 1 to {MAX_REQUESTS}.", MALFORMED)
    return None


def _check_request(state: TournamentState, d: Data) -> Refusal | None:
    sig = state["signup"]
    if not sig["open"]:
        return Refusal("registration_closed", "Registration for this event is closed: the organiser is not taking "
                                              "new players through this link.", CONFLICT)
    if d.get("request") in sig["requests"]:
        return Refusal("request_taken", "Another request arrived at the same moment with this number.", CONFLICT)
    if len(sig["order"]) >= MAX_REQUESTS:
        return Refusal("too_many_requests", "This event has received as many registration requests as it can "
                                            "hold; ask the organiser.", CONFLICT)
    taken = name_in_use(state, d["name"])
    return Refusal("name_taken", taken, CONFLICT) if taken else None


def _check_accept(state: TournamentState, d: Data) -> Refusal | None:
    req, refusal = _request(state, d)
    if req is None:
        return refusal
    if req["status"] == "waitlisted":
        place = waitlist(state).index(req["id"]) + 1
        return Refusal("waitlisted", f"{req['name']} is number {place} on the waitlist: the event is full. Raise the "
                                     "cap, or wait for a place to free up.", CONFLICT)
    if req["status"] != "pending":
        return Refusal("not_pending", f"{req['name']}'s request was already {req['status']}.", CONFLICT)
    if d["player"] in state["players"]:
        return Refusal("already_registered", "That player is already registered.", CONFLICT)
    key = name_key(req["name"])
    if any(p["status"] != "merged" and name_key(p["name"]) == key for p in state["players"].values()):
        return Refusal("name_taken", f"{req['name']} is already registered; decline this request.", CONFLICT)
    return None


def _check_decline(state: TournamentState, d: Data) -> Refusal | None:
    req, refusal = _request(state, d)
    if req is None:
        return refusal
    if req["status"] not in WAITING:
        return Refusal("not_pending", f"{req['name']}'s request was already {req['status']}.", CONFLICT)
    return None


_check_withdraw = _check_decline


def _check_claim(state: TournamentState, d: Data) -> Refusal | None:
    req, refusal = _request(state, d)
    if req is None:
        return refusal
    if req["status"] != "accepted":
        return Refusal("not_accepted", "This request has not been accepted.", CONFLICT)
    if req["claimed"]:
        return Refusal("claim_used", "This request's link was already handed to the phone that made it; a lost "
                                     "link is replaced by the organiser.", GONE)
    return None


def _apply_registration(s: TournamentState, d: Data, who: Who) -> None:
    sig = s["signup"]
    sig["open"], sig["cap"] = bool(d["open"]), d.get("cap")


def _apply_request(s: TournamentState, d: Data, who: Who) -> None:
    sig = s["signup"]
    full = places_free(s) == 0 or bool(waitlist(s))  # nobody jumps the waitlist
    sig["requests"][d["request"]] = Request(
        id=d["request"], name=d["name"], warband=d["warband"], printing=d.get("printing"),
        warband_name=d.get("warband_name"), deck=d.get("deck"), status="waitlisted" if full else "pending",
        player=None, claimed=False, at=who.get("at"), reason="")
    sig["order"].append(d["request"])
    sig["claims"][d["claim_hash"]] = d["request"]


def _apply_accept(s: TournamentState, d: Data, who: Who) -> None:
    """The request accepted, and its player registered."""
    req = s["signup"]["requests"][d["request"]]
    req["status"], req["player"] = "accepted", d["player"]
    register(s, {"player": d["player"], "name": req["name"], "warband": req["warband"], "printing": req.get("printing"),
                 "warband_name": req["warband_name"], "deck": req["deck"], "deck_problems": [],
                 "from_round": d["from_round"]})


def _apply_decline(s: TournamentState, d: Data, who: Who) -> None:
    req = s["signup"]["requests"][d["request"]]
    req["status"], req["reason"] = "declined", d.get("reason") or ""


def _apply_withdraw(s: TournamentState, d: Data, who: Who) -> None:
    s["signup"]["requests"][d["request"]]["status"] = "withdrawn"


def _apply_claim(s: TournamentState, d: Data, who: Who) -> None:
    s["signup"]["requests"][d["request"]]["claimed"] = True


def _copy_request(state: TournamentState, d: Data) -> TournamentState:
    return copies.with_request(state, d.get("request"))


def _copy_accept(state: TournamentState, d: Data) -> TournamentState:
    """The request, and the players and their order (the accepted player joins)."""
    return copies.with_players(_copy_request(state, d), d)


HANDLERS = {
    "registration": Handler(_check_registration, _apply_registration, _copy_request),
    "request": Handler(_check_request, _apply_request, _copy_request),
    "accept": Handler(_check_accept, _apply_accept, _copy_accept),
    "decline": Handler(_check_decline, _apply_decline, _copy_request),
    "withdraw_request": Handler(_check_withdraw, _apply_withdraw, _copy_request),
    "claim": Handler(_check_claim, _apply_claim, _copy_request),
}


def promote(s: TournamentState) -> None:
    """Waitlisted requests take the places that freed up, first come first served (copied before changing)."""
    free, queue = places_free(s), waitlist(s)
    if not queue or (free is not None and free == 0):
        return
    s["signup"] = sig = copy.deepcopy(s["signup"])
    for rid in queue if free is None else queue[:free]:
        sig["requests"][rid]["status"] = "pending"


def view(state: TournamentState, role: str) -> dict[str, Any]:
    """Self-registration as a role may see it: the desk sees the requests and their printings (the organiser their
    decks too)."""
    sig = state["signup"]
    out: dict[str, Any] = {"open": sig["open"], "cap": sig["cap"], "full": places_free(state) == 0, "waitlist": len(waitlist(state))}
    if role in ("organiser", "scorekeeper"):
        order = waitlist(state)
        out["taken"] = places_taken(state)
        out["requests"] = [{"id": r["id"], "name": r["name"], "warband": r["warband"], "printing": r.get("printing"),
                            "warband_name": r["warband_name"],
                            "status": r["status"], "at": r["at"], "player": r["player"],
                            "position": order.index(r["id"]) + 1 if r["id"] in order else None,
                            **({"deck": r["deck"]} if role == "organiser" else {})}
                           for r in (sig["requests"][x] for x in sig["order"])]
    return out
