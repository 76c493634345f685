"""Property test over every ruleset: what a seat receives never depends on another seat's secret choices.

Random legal games are played from suggest() (as tests/engine/test_properties.py). Whenever a player makes a
secret choice that the rules do not reveal at once (an Underworlds hand; a Conquest command dial before the
other is committed; a BattleLore scenario card or army before the other's), the same moment is played again
with another legal choice in a shadow game, and both games go on with the same later events until the rules
reveal the secret. At every event in between, each other seat (the other players, a spectator, a scorekeeper)
must receive exactly the same in both games: its view payload (state, outcome and advice: the `view` frame, the
`sync` payload and what a phone gets on joining), the log records as redacted for it (`applied`, `sync`,
`GET .../events`, an export for its token) with their consequences, its suggestions, a preview of each of
its suggested events (errors included), and for a spectator the feature table's overlay of the game.

What is secret, and when the rules reveal it, is written here from the books, not taken from the code under test:
- Underworlds, every edition: the cards in a hand are secret and no rule reveals them (Deathgorge, Set up, 4. Draw
  cards, pg 15; Shadespire pg 16; Dreadfane pg 8). The phones enter hands with the `hand` event (suggest() offers it
  to the player as a list field), and this test also enters random ones now and then.
- Conquest: each player secretly selects a planet on his dial; dials are revealed simultaneously (Rules summary,
  2. Command, Step 1): secret until the commit step ends.
- BattleLore: scenario cards and armies are chosen secretly and revealed when both have chosen (Rules summary,
  Setup: Scenarios; Mustering): secret while the game is still in that phase.
A secret choice its player takes back at once (and then, as a rule, makes again) was never revealed: it stays
secret for the rest of the game, after the reveal of the choices in effect too. The test takes back some secret
choices and keeps comparing the withdrawn one past the reveal.
"""
from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import registry
from app.engine.core import REVERT, Event, fold_log
from app.service.preview import preview
from app.service.reading import Reading
from app.service.records import public_record, record_event
from app.tournaments.overlay import game_summary
from tests.support.play import SETUPS, choose, fill, options, rng_pick

OBSERVERS = ("spectator", "scorekeeper")
MAX_EVENTS = 600
SHADOW_LIFE = 12      # events an Underworlds hand is followed for (no rule ever reveals it)
HAND_CHANCE = 0.03    # how often the random player enters its hand in an Underworlds game
MAX_PREVIEWS = 12     # suggested events previewed per seat and event
WITHDRAW_CHANCE = 0.3  # how often a player takes back a secret choice at once
WITHDRAWN_LIFE = 25    # events a withdrawn dial or card is followed for, past the reveal of the others

# One setup per ruleset: Underworlds ones with deck data where the content has it.
CASES = {"underworlds/deathgorge": 2, "underworlds/dreadfane": 0, "underworlds/shadespire": 2,
         "conquest/core": 0, "battlelore/second-edition": 0}


def family(rs) -> str:
    return rs.id.split("/")[0]


# -- what the rules keep secret (the books, not the code) -------------------------------------------
def secret_now(rs, before: dict, event: Event, after: dict) -> bool:
    """Is this event a secret choice that the rules have not revealed once it is applied?"""
    fam = family(rs)
    if fam == "underworlds":
        return event.type == "hand"
    if fam == "conquest":
        return event.type == "commit" and not revealed(rs, after)
    if fam == "battlelore":
        return event.type in ("choose_scenario", "muster") and not revealed(rs, after, before["phase"])
    return False


def revealed(rs, state: dict, phase: str | None = None) -> bool:
    """Have the rules revealed the secret choices made so far?"""
    fam = family(rs)
    if fam == "conquest":
        # A dial is secret in the command step, and in the deploy step once a player who has passed set it early.
        step = state.get("step") or {}
        return not (step.get("name") == "commit" or (step.get("name") == "deploy" and step.get("dials")))
    if fam == "battlelore":
        return state["phase"] != phase
    return False  # an Underworlds hand is never revealed


# -- alternative secret choices -------------------------------------------------------------------
def hand_event(rs, state: dict, seat: str, rng: random.Random) -> Event:
    """The cards `seat` says it holds: a random pick of its deck's unused cards (or made-up names without deck data)."""
    from app.engine.underworlds import cards  # noqa: PLC0415 - only Underworlds has hands to enter
    data = {}
    for kind in ("objectives", "power"):
        pool = cards.names(state, seat, kind) or [f"{kind} card {i}" for i in range(12)]
        data[kind] = rng.sample(pool, min(len(pool), state["seats"][seat]["hand"][kind], rng.randint(0, 3)))
    return Event("hand", seat, data)


def alternatives(rs, state: dict, event: Event, rng: random.Random) -> list[Event]:
    """Other legal choices the same player could have made at this moment (same type, different data)."""
    found: list[Event] = []
    if event.type == "hand":
        candidates = [hand_event(rs, state, event.by, rng) for _ in range(4)]
    elif event.type == "commit":
        # Another planet on the dial (a dial set early, in the deploy phase, is not among that phase's suggestions).
        candidates = [Event("commit", event.by, {**event.data, "planet": n}) for n in range(10)]
    else:
        mine = [s for s in rs.suggest(state, event.by).suggestions if s.type == event.type]
        candidates = [fill(s, rng_pick(rng)) for s in mine for _ in range(3)]
        if event.type == "muster":  # one unit fewer, one decoy more: a different army of the same 18 cards
            for slug, n in event.data["army"].items():
                if n:
                    army = {**event.data["army"], slug: n - 1}
                    candidates.append(Event("muster", event.by, {**event.data, "army": army,
                                                                 "decoys": event.data.get("decoys", 0) + 1}))
    for alt in candidates:
        alt = replace(alt, by=event.by, override=event.override)
        if alt.data != event.data and not rs.judge(state, alt).blocked and all(a.data != alt.data for a in found):
            found.append(alt)
    return found[:2]


# -- what a seat receives -----------------------------------------------------------------------------
def first_fill(sugg) -> Event:
    return fill(sugg, lambda kind, arg: arg[0] if kind in ("choice", "int") else "x")


def received(rs, state: dict, head: int, records: list[dict], seat: str) -> dict:
    """Everything `seat` is sent about the game now, in the server's own shapes: its view payload, these log
    records as redacted for it, and previews of its suggested events."""
    payload = Reading._view(rs, state, head, seat)
    out = {"payload": payload, "records": [public_record(rs.redact_event(state, r, seat)) for r in records]}
    if seat == "spectator":  # a stream's overlay of a feature table
        out["overlay"] = game_summary(rs, state, records[-1] if records else None)
    if seat in rs.seat_ids(state) and payload["advice"]:
        suggestions = rs.suggest(state, seat).suggestions[:MAX_PREVIEWS]
        out["previews"] = [preview(rs, state, first_fill(s), seat) for s in suggestions]
    return out


def record(event: Event, seq: int, consequences) -> dict:
    """The stored log record of an event (as a submit stores it)."""
    return {"seq": seq, "id": f"e{seq}", "type": event.type, "by": event.by, "actor": event.by,
            "data": copy.deepcopy(event.data), "override": event.override,
            "consequences": [c.to_dict() for c in consequences], "created_at": None}


class Shadow:
    """The same game with one secret choice made differently; it follows every later event."""

    def __init__(self, actor: str, main_index: int, state: dict, rec: dict, life: int):
        self.actor, self.index, self.state, self.rec, self.life = actor, main_index, state, rec, life
        self.withdrawn = False  # taken back: stays secret however the game goes on

    def log(self, main_log: list[dict]) -> list[dict]:
        """The shadow game's log: the main one with this secret made differently."""
        return [*main_log[:self.index], self.rec, *main_log[self.index + 1:]]


def take_back(rs, setup: dict, log: list[dict], shadows: list[Shadow], actor: str) -> dict:
    """The actor takes back the last entry (its secret choice): the main game and every shadow are folded again
    without it, as the server does. Returns the main game's state."""
    seq = len(log) + 1
    log.append(record(Event(REVERT, actor, {"seq": seq - 1}, id=f"e{seq}", seq=seq), seq, []))
    for shadow in shadows:
        shadow.state = fold_log(rs, setup, [record_event(r) for r in shadow.log(log)]).state
    return fold_log(rs, setup, [record_event(r) for r in log]).state


def compare(rs, main: dict, main_log: list[dict], shadow: Shadow, whole_log: bool = False) -> None:
    """Every seat but the secret's owner receives the same in the game and in its shadow (the two logs differ
    only in the secret record, which is compared at every event; the whole log when the shadow begins)."""
    main_part, shadow_part = main_log, shadow.log(main_log)
    if not whole_log:
        main_part, shadow_part = [main_log[shadow.index], main_log[-1]], [shadow.rec, main_log[-1]]
    for seat in [*rs.seat_ids(main), *OBSERVERS]:
        if seat == shadow.actor:
            continue
        seen = received(rs, main, len(main_log), main_part, seat)
        other = received(rs, shadow.state, len(main_log), shadow_part, seat)
        assert seen == other, (f"{seat} can tell {shadow.actor}'s secret {main_log[shadow.index]['data']} from "
                               f"{shadow.rec['data']} (log #{shadow.index + 1}, now #{len(main_log)})")


def play_and_compare(rs, setup: dict, rng: random.Random) -> tuple[int, int]:
    """A random game; returns how many secret choices were compared, and how many of them were taken back."""
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    log: list[dict] = []
    shadows: list[Shadow] = []
    compared = withdrawn = 0
    forced = 0  # hands entered because none had been compared yet (short games: optional steps pass by themselves)
    while len(log) < MAX_EVENTS and rs.outcome(state) is None:
        seats = rs.seat_ids(state)
        force = compared == 0 and state["phase"] == "action" and forced < 3
        if family(rs) == "underworlds" and state["phase"] not in ("setup", "over") and (force or rng.random() < HAND_CHANCE):
            forced += force
            event = hand_event(rs, state, rng.choice(seats), rng)
            if rs.judge(state, event).blocked:
                continue
        else:
            sugg = choose(rng, options(rs, state))
            assert sugg is not None
            event = fill(sugg, pick)
        before = state
        seq = len(log) + 1
        event = replace(event, seq=seq, id=f"e{seq}")
        alts = alternatives(rs, before, event, rng) if family(rs) != "underworlds" or event.type == "hand" else []
        state, cons = rs.apply(before, event)
        log.append(record(event, seq, cons))
        for shadow in list(shadows):
            shadow.state, shadow_cons = rs.apply(shadow.state, event)
            shadow.life -= 1
            if (revealed(rs, state, before.get("phase")) and not shadow.withdrawn) or shadow.life <= 0:
                shadows.remove(shadow)
                continue
            assert [c.to_dict() for c in shadow_cons] == log[-1]["consequences"], \
                f"the consequences of #{seq} tell {shadow.actor}'s secret"
            compare(rs, state, log, shadow)
        if alts and secret_now(rs, before, event, state):
            fresh = []
            for alt in alts:
                alt = replace(alt, seq=seq, id=event.id)
                alt_state, alt_cons = rs.apply(before, alt)
                shadow = Shadow(event.by, seq - 1, alt_state, record(alt, seq, alt_cons),
                                SHADOW_LIFE if family(rs) == "underworlds" else MAX_EVENTS)
                compare(rs, state, log, shadow, whole_log=True)
                fresh.append(shadow)
                compared += 1
            shadows.extend(fresh)
            if not withdrawn or rng.random() < WITHDRAW_CHANCE:  # taken back (the first always): chosen again later
                state = take_back(rs, setup, log, shadows, event.by)
                for shadow in fresh:  # followed past the reveal of the choices in effect (a hand is never revealed)
                    shadow.withdrawn = True
                    shadow.life = SHADOW_LIFE if family(rs) == "underworlds" else WITHDRAWN_LIFE
                for shadow in shadows:
                    compare(rs, state, log, shadow, whole_log=shadow in fresh)
                withdrawn += len(fresh)
    return compared, withdrawn


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", list(CASES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_seat_learns_another_seats_secret_choice(ruleset_id, seed):
    """What each other seat receives is the same whichever secret values the actor chose, until the rules reveal them."""
    rs = registry.get(ruleset_id)
    compared, withdrawn = play_and_compare(rs, SETUPS[ruleset_id][CASES[ruleset_id]], random.Random(seed))
    assert compared > 0, "the game made no secret choice to compare"
    assert withdrawn > 0, "no secret choice was taken back"


LEAKS = {"redact_event": lambda self, state, record, seat: record,           # the log shows the secret
         "view": lambda self, state, seat: copy.deepcopy(state),               # the view shows it
         "reveals_secrets": lambda self, state, event: False}                  # a preview shows it


@pytest.mark.parametrize("ruleset_id,leak", [("conquest/core", "redact_event"), ("conquest/core", "reveals_secrets"),
                                             ("battlelore/second-edition", "reveals_secrets"),
                                             ("underworlds/deathgorge", "redact_event"),
                                             ("underworlds/shadespire", "view")])
def test_the_property_catches_a_leak(ruleset_id, leak):
    """The test itself: a ruleset that forgets one of its hiding places is caught."""
    rs = registry.get(ruleset_id)
    leaky_class = type("Leaky", (type(rs),), {leak: LEAKS[leak]})
    leaky = leaky_class.__new__(leaky_class)
    leaky.__dict__.update(rs.__dict__)  # the same ruleset (edition and all), with one hiding place forgotten
    with pytest.raises(AssertionError, match="secret"):
        for seed in range(5):
            play_and_compare(leaky, SETUPS[ruleset_id][CASES[ruleset_id]], random.Random(seed))


def hidden_until_the_reveal(self, state: dict, record: dict, seat: str) -> dict:
    """A redaction that hides secret choices only while the step of choosing lasts: a choice taken back before the
    reveal shows once the step is over."""
    if revealed(self, state, {"choose_scenario": "scenario", "muster": "muster"}.get(record.get("type"))):
        return record
    return type(self).__mro__[1].redact_event(self, state, record, seat)


@pytest.mark.parametrize("ruleset_id", ["conquest/core", "battlelore/second-edition"])
def test_the_property_catches_a_withdrawn_secret_shown_after_the_reveal(ruleset_id):
    """The test itself: a ruleset that shows a taken-back choice once the others are revealed is caught."""
    rs = registry.get(ruleset_id)
    leaky_class = type("Leaky", (type(rs),), {"redact_event": hidden_until_the_reveal})
    leaky = leaky_class.__new__(leaky_class)
    leaky.__dict__.update(rs.__dict__)
    with pytest.raises(AssertionError, match="secret"):
        for seed in range(8):
            play_and_compare(leaky, SETUPS[ruleset_id][CASES[ruleset_id]], random.Random(seed))

