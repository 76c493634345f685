"""A large tournament written straight into a server's store (as the server itself would have stored it), so a test
against the real server starts from 512 players and several played rounds in seconds instead of thousands of
requests: registered and checked in, each round paired, its tables untracked, published and given results."""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from app.service.tokens import new_token
from app.store import open_store
from app.store.clock import now_iso
from app.tournaments import model, tables
from app.tournaments.schemas import CreateTournamentSchema

TIEBREAKERS = ["glory_difference", "total_glory", "head_to_head", "strength_of_schedule", "roll_off"]


@dataclass
class BigTournament:
    """What a test needs of the seeded tournament: its id, the organiser's token and the players' tokens."""

    id: str
    organiser: str
    players: dict[str, str] = field(default_factory=dict)  # player id -> token
    state: dict = field(default_factory=dict)


def seed(database_url: str, instance_path: str, players: int = 512, rounds: int = 6, played: int = 5,
         player_tokens: int = 4, rng_seed: int = 1) -> BigTournament:
    """A tournament of `players` over `rounds` rounds, `played` of them paired, published (untracked) and decided."""
    rng = random.Random(rng_seed)
    setup = CreateTournamentSchema().load({"name": "Big event", "date": "2026-12-05", "rounds": rounds,
                                           "tiebreakers": TIEBREAKERS})
    setup["date"] = setup["date"].isoformat()
    setup["seed"] = secrets.token_hex(8)
    tid = "big-" + secrets.token_urlsafe(6)
    organiser, organiser_hash = new_token()
    store = open_store(database_url, instance_path)
    try:
        store.create_tournament(tid, setup, [(organiser_hash, "organiser", "")])
        state, records = model.new_state(setup), []

        def add(etype: str, **data) -> None:
            nonlocal state
            entry = {"seq": len(records) + 1, "id": f"seed-{len(records) + 1}", "type": etype, "actor": "organiser",
                     "data": data, "created_at": "2026-12-05T09:00:00Z"}
            refusal = model.check(state, entry)
            assert refusal is None, (etype, refusal)
            state = model.apply(state, entry)
            records.append(entry)

        for i in range(1, players + 1):
            add("register", player=f"p{i}", name=f"Player {i}", warband="garreks-reavers", warband_name="Garrek's Reavers",
                deck=None, deck_problems=[], deck_override=None, from_round=1)
            add("check_in", player=f"p{i}")
        for n in range(1, played + 1):
            pairing = tables.propose(state, n, setup["seed"], rng)
            add("pair", **tables.pairing_entry(pairing, n))
            for t in range(1, len(pairing.pairs) + 1):
                add("table_mode", round=n, table=t, mode="untracked")
            add("publish", round=n, games={})
            for t, (a, b) in enumerate(pairing.pairs, start=1):
                glory = {a: rng.randint(0, 9), b: rng.randint(0, 9)}
                winner = None if glory[a] == glory[b] else (a if glory[a] > glory[b] else b)
                add("result", round=n, table=t, result={"winner": winner, "glory": glory}, source="scorekeeper",
                    reason="")
        stamp = now_iso()

        def write_all(conn) -> None:  # one transaction: thousands of entries without thousands of commits
            for head, entry in enumerate(records):
                status, _ = store._op_append_entry(conn, tid, head, entry, stamp)
                assert status == "ok", status

        store._run(write_all)
        out = BigTournament(tid, organiser, state=state)
        for pid in list(state["order"])[:player_tokens]:
            token, token_hash = new_token()
            store.add_tournament_token(tid, token_hash, "player", pid)
            out.players[pid] = token
        return out
    finally:
        store.close()
