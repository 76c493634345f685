"""UnderworldsRuleset: the Underworlds rules as one Ruleset configured by an Edition.

Dispatch only: each event type's check and apply live in the module for that part of the rules
(setup, activations, attacks, power, objectives, fighters, reactions, glory); suggest.py lists the legal
next events from the same checks; victory.py decides the outcome.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from ..core import UNKNOWN_SEAT, Advice, Consequence, Event, Handler, ImpliedPass, Outcome, Ruleset, Violation
from . import (
    activations,
    attacks,
    card_plays,
    cards,
    catalogue,
    effects,
    glory,
    held,
    inspire,
    objectives,
    passes,
    per_state,
    power,
    privacy,
    reactions,
    setup,
    tally,
    turns,
    victory,
)
from . import suggest as suggest_mod
from . import violations as V
from .edition import FORMAT_NAMES, Edition
from .passes import SEQUENCE_EVENTS
from .per_state import once_per_state
from .state import (
    UnderworldsState,
    characteristic,
    clone,
    is_large,
    is_vulnerable,
    profiles,
    seat_of,
    upgrade_grants,
)

SETUP_EVENTS = ("roll_off", "do_over", "deployed")
# Events that leave the open reaction window open (everything else closes it: all who did not react passed).
# Bookkeeping of what just happened (where a fighter now stands, a surge objective whose condition was met,
# Inspiring, the cards in hand) is not a new game step, so it does not end the reaction step.
WINDOW_EVENTS = ("reaction", "reaction_pass", "position", "inspire", "uninspire", "hand", "drive_back")

# Each event type's check and apply: functions of (ruleset, state, event), bound to each ruleset as its Handlers.
HANDLERS = {
    "roll_off": (setup.check_roll_off, setup.apply_roll_off),
    "do_over": (setup.check_do_over, setup.apply_do_over),
    "deployed": (setup.check_deployed, setup.apply_deployed),
    "activate": (activations.check_activate, activations.apply_activate),
    "player_action": (activations.check_player_action, activations.apply_player_action),
    "abandon": (activations.check_abandon, activations.apply_abandon),
    "attack": (attacks.check_attack, attacks.apply_attack),
    "drive_back": (attacks.check_drive_back, attacks.apply_drive_back),
    "power": (power.check_power, power.apply_power),
    "reaction": (card_plays.check_reaction, card_plays.apply_reaction),
    "reaction_pass": (reactions.check_pass, reactions.apply_pass),
    "objective": (objectives.check_objective, objectives.apply_objective),
    "discard_power": (objectives.check_discard_power, objectives.apply_discard_power),
    "end_phase_done": (objectives.check_end_phase_done, objectives.apply_end_phase_done),
    "objectives_held": (held.check_objectives_held, held.apply_objectives_held),
    "inspire": (inspire.check_inspire, inspire.apply_inspire),
    "uninspire": (inspire.check_uninspire, inspire.apply_uninspire),
    "damage": (effects.check_damage, effects.apply_damage),
    "heal": (effects.check_heal, effects.apply_heal),
    "token": (effects.check_token, effects.apply_token),
    "counter": (effects.check_counter, effects.apply_counter),
    "push": (effects.check_push, effects.apply_push),
    "position": (effects.check_position, effects.apply_position),
    "feature": (effects.check_feature, effects.apply_feature),
    "return_fighter": (effects.check_return, effects.apply_return),
    "out_of_action": (effects.check_out_of_action, effects.apply_out_of_action),
    "wounds": (effects.check_wounds, effects.apply_wounds),
    "hand": (cards.check_hand, cards.apply_hand),
    "glory_adjust": (glory.check_adjust, glory.apply_adjust),
}


class CardHelpers(Protocol):
    """The card helpers the rules reach through a ruleset (cards.py), so that an edition could give its own."""

    def lookup(self, state: UnderworldsState, seat: str, kind: str, name: str | None) -> dict[str, Any] | None: ...

    def names(self, state: UnderworldsState, seat: str, kind: str,
              types: tuple[str, ...] | None = None) -> list[str]: ...

    def unlisted_allowed(self, state: UnderworldsState, seat: str) -> bool: ...

    def check_in_hand(self, state: UnderworldsState, seat: str, kind: str, name: str | None,
                      rule: str) -> list[Violation]: ...

    def spend_from_hand(self, state: UnderworldsState, seat: str, kind: str, name: str | None,
                        discard: bool) -> None: ...

    def draw(self, state: UnderworldsState, seat: str, kind: str, count: int) -> int: ...


class UnderworldsRuleset(Ruleset[UnderworldsState]):
    """Warhammer Underworlds rules of one edition (see edition.py)."""

    cards: CardHelpers = cards  # card helpers, replaceable per edition
    codes = V.CODES
    folds_in_place = True  # replay applies each event in place (state.clone shares only static card data)
    # A reaction pass changes in place only the window's list of who passed (reactions.apply_pass); apply_event below
    # sets top-level keys whole (the drive back, the minor steps, the window closed), and finishes an activation
    # only for a pending Attack action with none left, which no state holds between events. So
    # passes.read_only_ahead copies only the window for such a pass.
    window_pass_only = True

    def __init__(self, edition: Edition):
        self.edition = edition
        self.handlers = {kind: Handler(partial(check, self), partial(apply, self))
                         for kind, (check, apply) in HANDLERS.items()}
        self.id = edition.id
        self.title = edition.title
        self._types = catalogue.event_types(edition)
        self._by_type = {e["type"]: e for e in self._types}

    # -- hooks -------------------------------------------------------------------------------
    def event_types(self) -> list[dict[str, Any]]:
        """The Underworlds event catalogue (catalogue.py)."""
        return self._types

    def spec_for(self, event_type: str) -> dict[str, Any] | None:
        """Catalogue entry of one event type (fast path; generic events from the base)."""
        return self._by_type.get(event_type) or super().spec_for(event_type)

    def rounds(self, state: UnderworldsState) -> tuple[int, ...]:
        """Rounds played with this many players."""
        return self.edition.rounds[state["players"]]

    def setup_choices(self) -> dict[str, Any]:
        """This edition's formats and numbers of players, for set-up screens."""
        return {"formats": [{"id": f, "label": FORMAT_NAMES[f]} for f in self.edition.formats],
                "players": list(self.edition.players)}

    def new_game(self, setup_data: dict[str, Any]) -> UnderworldsState:
        """Initial state; see setup.py for the setup shape and the set-up events."""
        return setup.new_game(self.edition, setup_data)

    def check_references(self, state: UnderworldsState, event: Event) -> list[Violation]:
        """Unknown fighters, seats or feature tokens are structural errors."""
        entry = self._by_type.get(event.type)
        if not entry:
            return []
        return _refs(state, entry["fields"], event.data, "data")

    def check_event(self, state: UnderworldsState, event: Event) -> list[Violation]:
        """Game-phase gate, then the event's own rules."""
        cite = self.edition.rule
        phase = state["phase"]
        if phase == "over":
            return [V.GAME_OVER("The game is over (undo an event to change it).", cite("victory"))]
        if phase == "setup" and event.type not in SETUP_EVENTS and event.type != "roll_off":
            return [V.NOT_STARTED("The game has not started: finish setting up first.", cite("game_sequence"))]
        if phase != "setup" and event.type in ("do_over", "deployed"):
            return [V.NOT_NOW("That happens during set up.", cite("game_sequence"), overridable=False)]
        waiting = _open_steps(self, state, event)
        if waiting and waiting[0].code == "drive_back_choice":
            # The first thing to settle: nothing after combat step 7 happens before it. What the event's own
            # rules refuse whatever a table agrees (no pending Attack, no such card) still stands under an override.
            return waiting + [v for v in super().check_event(state, event) if not v.overridable]
        return waiting + super().check_event(state, event)

    def apply_event(self, state: UnderworldsState, event: Event) -> list[Consequence]:
        """Apply one checked event in place; the open reaction window closes unless this is a reaction."""
        if event.type not in WINDOW_EVENTS and not (event.type == "objective" and event.data["action"] == "reveal"):
            state["reaction"] = None
        before = (state["round"], state["phase"])
        drive = state.get("drive_back")
        if drive and (event.type not in WINDOW_EVENTS
                      or (event.type == "reaction_pass" and event.by == seat_of(drive["attacker"]))):
            state["drive_back"] = None  # the attacking player moved on: the moment to drive the target back has passed
        if state["phase"] == "end" and event.type in SEQUENCE_EVENTS:
            # The Inspire and surge steps after the last power step end when the end phase sequence starts: "there
            # are no reaction steps, Inspire steps or surge steps in the end phase" (Advanced rules, End phase pg 38).
            state["minor"] = False
        cons = super().apply_event(state, event)
        if state["phase"] == "end" and not self.edition.end_phase_reaction_steps:
            state["reaction"] = None  # no reaction steps in the end phase (damage from a card, say)
        pending = state.get("pending")
        if pending and pending["left"] <= 0:  # the attacker fell before making its Attack action(s)
            cons.extend(turns.finish_activation(self, state))
        tally.record(state, event, cons, before)
        return cons

    def copy_state(self, state: UnderworldsState) -> UnderworldsState:
        """Copy-on-apply with shared static cards (see state.clone)."""
        return clone(state)

    def implied_pass(self, state: UnderworldsState, event: Event) -> ImpliedPass | None:
        """Minor and power steps that pass without comment (passes.py)."""
        return passes.implied_pass(self, state, event)

    def suggest(self, state: UnderworldsState, seat: str) -> Advice:
        """Legal next events for a seat (suggest.py)."""
        return suggest_mod.suggest(self, state, seat)

    def view(self, state: UnderworldsState, seat: str) -> dict[str, Any]:
        """The state as `seat` sees it: other players' held cards and unseen deck cards hidden (the referee sees all)."""
        # A view shares with the state everything it does not change (a stored state is never changed: apply works
        # on a copy), the seats included: a whole copy per seat is a visible share of a busy server's CPU
        # (benchmarks/README.md, "Figures behind the code").
        out = dict(state)
        # What the rules derive for each fighter, and each seat as the others see it, are the same for every
        # viewer: worked out once for the views of a state.
        out["derived"] = once_per_state(self, state, "derived", lambda: self.derived(state))
        privacy.hide_cards(state, out, seat, once_per_state(self, state, "hidden", lambda: privacy.hidden_parts(state)))
        return out

    def forget(self, state: UnderworldsState) -> None:
        """Answers worked out once per state (per_state.py) no longer hold for a state changed in place."""
        per_state.forget(state)

    def derived(self, state: UnderworldsState) -> dict[str, Any]:
        """Each fighter on the battlefield: vulnerable, Large, wounds left (None while its Wounds are not known); with
        upgrades that change it, its Move, Defence, Wounds and Attack actions as they are now."""
        out: dict[str, dict[str, Any]] = {fid: {"vulnerable": is_vulnerable(state, fid),
                                                "large": is_large(state, fid, self.edition.large_wounds),
                                                "wounds_left": None if f["wounds"] is None
                                                else max(0, f["wounds"] - f["damage"])}
                                          for fid, f in state["fighters"].items() if not f["out"]}
        for fid, d in out.items():  # what its upgrades change, for the fighter's card on every phone
            if upgrade_grants(state, fid):
                d.update({"move": characteristic(state, fid, "move"), "defence": characteristic(state, fid, "defence"),
                          "wounds": state["fighters"][fid]["wounds"], "profiles": profiles(state, fid)})
        return out

    def redact_event(self, state: UnderworldsState, record: dict[str, Any], seat: str) -> dict[str, Any]:
        """A player's `hand` (the cards it holds) reaches only that player and the referee (privacy.py)."""
        return privacy.redact_record(record, seat)

    def redact_setup(self, setup: dict[str, Any], seat: str) -> dict[str, Any]:
        """Other seats' decks are face down: an export for a player keeps only its own deck (privacy.py)."""
        return privacy.redact_setup(setup, seat)

    def outcome(self, state: UnderworldsState) -> Outcome | None:
        """Winner(s) and the tiebreak used, once round 3 is over."""
        return victory.outcome(self, state)


def _open_steps(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A step of the sequence entered while the attacking player's drive back choice or a reaction step is open."""
    if event.type not in SEQUENCE_EVENTS or (event.type == "objective" and state["phase"] != "end"):
        return []  # objectives in the action phase are revealed (or, 2018/2019, scored) when a condition is met
    cite = rs.edition.rule
    drive = state.get("drive_back")
    if drive and seat_of(drive["attacker"]) != event.by:
        who = state["seats"][seat_of(drive["attacker"])].get("name") or seat_of(drive["attacker"])
        target = state["fighter_cards"][drive["fighter"]].get("name") or drive["fighter"]
        return [V.DRIVE_BACK_CHOICE(f"{who} first chooses whether {target} is driven back (combat step 7): "
                                    "drive it back, or enter 'not driven back'.", cite("combat"))]
    if state.get("reaction") and event.type != "roll_off":
        return [V.REACTION_STEP_OPEN("The reaction step is still open: the players who may react have "
                                     "not passed.", cite("reaction_steps"))]
    return []


def _refs(state: UnderworldsState, spec: dict[str, Any], data: object, path: str) -> list[Violation]:
    if not isinstance(data, dict):
        return []
    out = []
    for name, fspec in spec.items():
        value = data.get(name)
        if value is None:
            continue
        kind = fspec.get("type")
        where = f"{path}.{name}"
        if kind == "fighter" and value not in state["fighters"]:
            out.append(V.UNKNOWN_FIGHTER(f"{where}: there is no fighter {value!r} in this game."))
        elif kind == "seat" and value not in state["seats"]:
            out.append(UNKNOWN_SEAT(f"{where}: there is no seat {value!r} at this table."))
        elif fspec.get("ref") == "feature" and value not in state["features"]:
            out.append(V.UNKNOWN_FEATURE(f"{where}: there is no feature token {value!r}."))
        elif kind == "object" and "fields" in fspec:
            out.extend(_refs(state, fspec["fields"], value, where))
        elif name == "dealt_by" and value not in state["fighters"] and value not in state["seats"]:
            out.append(V.UNKNOWN_DEALER(f"{where}: name a fighter or a seat."))
    return out
