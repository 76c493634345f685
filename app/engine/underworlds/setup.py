"""Set up: `new_game(setup)` and the set-up events (roll-offs, do-overs, placing fighters).

Setup shape (after `content.expand_setup`; a fighter record is app/schemas/content.py's FighterSchema):

    {"ruleset": "underworlds/deathgorge",
     "options": {"format": "rivals"|"nemesis"|"relic"|"championship", "players": 2..4 (optional check)},
     "seats": [{"name": "Ana", "warband": "cyrenis-razors", "fighters": [<fighter record>, ...],
                "deck": <deck data, optional; see cards.py>,
                "deck_sizes": {"objectives": 12, "power": 20} (optional: when no deck data, or the deck data
                               is partial, `complete: false`)}, ...]}

Seats get ids p1..p4 in order; the order of seats is the order of play (each player's left-hand neighbour
is the next seat). Fighter ids are "<seat>.<slug>". Unusable setups raise `core.SetupError(message, field)`.

The set-up steps happen at the table and are entered as EVENTS (so they are in the log and can be undone):
  1. roll_off {purpose: "boards", first: <seat who chooses the first board>, winner?}
     (that player decides on their do-over first and places feature tokens first; in 3-4 player games, and in
     Shadespire, the roll-off's loser is that player: see roll_off_loser)
  2. do_over {choice: none|power|objectives|all}, one per player in order of play from the first-board player
  3. roll_off {purpose: "deployment", first: <seat who places a fighter first>, winner?}
  4. deployed {finished_first: <seat who finished placing all their fighters first>}
     (that player adds one critical to the first round's roll-off)
Then each action phase begins with roll_off {purpose: "first_turn", first: <seat taking the first turn>}.
Feature token placement needs no event: the numbered tokens are on the battlefield as objective tokens.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..core import MALFORMED, PLAYER_SEATS, UNKNOWN_SEAT, Consequence, Event, SetupError, Suggestion, Violation
from . import cards as cardmod
from . import rounds, tally, turns
from . import violations as V
from .edition import Edition
from .state import TOKENS, RollOff, UnderworldsState, order_from

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def new_game(edition: Edition, setup: dict[str, Any]) -> UnderworldsState:
    """Initial state (phase "setup", step "boards") from a setup; SetupError when unusable."""
    seats, options = _seats_and_options(setup)
    players = len(seats)
    if options.get("players") not in (None, players):
        raise SetupError(f"options.players is {options.get('players')} but {players} seats are given.",
                         "options.players")
    fmt = options.get("format", "rivals")
    if fmt not in edition.formats:
        raise SetupError(f"Unknown format {fmt!r}; expected one of {', '.join(edition.formats)}.", "options.format")
    state: UnderworldsState = {
        "ruleset": edition.id, "players": players, "format": fmt,
        "order": list(PLAYER_SEATS[:players]), "seats": {}, "fighters": {}, "fighter_cards": {}, "decks": {},
        "features": _features(edition, players),
        "round": 1, "phase": "setup", "step": "boards",
        "first_board": None, "first_deployer": None, "finished_first": None,
        "turn": None, "pending": None, "power": None, "minor": False, "last_activation": None,
        "reaction": None, "end": None, "granted": {}, "drive_back": None,
        "moment": None, "tally": tally.empty(),
    }
    for i, raw in enumerate(seats):
        _add_seat(edition, state, i, raw)
    return state


def _seats_and_options(setup: object) -> tuple[list[Any], dict[str, Any]]:
    """The setup's seats (2 to 4) and options, checked for shape."""
    if not isinstance(setup, dict):
        raise SetupError("The setup must be an object.", "setup")
    options = setup.get("options") or {}
    if not isinstance(options, dict):
        raise SetupError("options must be an object.", "options")
    seats = setup.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise SetupError("Warhammer Underworlds is played by 2, 3 or 4 players.", "seats")
    return seats, options


def _add_seat(edition: Edition, state: UnderworldsState, i: int, raw: object) -> None:
    """Seat i's player record, deck and fighters added to a new game's state."""
    seat = PLAYER_SEATS[i]
    where = f"seats[{i}]"
    if not isinstance(raw, dict):
        raise SetupError("Each seat must be an object.", where)
    fighters = raw.get("fighters")
    if not isinstance(fighters, list) or not fighters:
        raise SetupError("Each seat needs its warband's fighters.", f"{where}.fighters")
    if len(fighters) > MAX_FIGHTERS:
        raise SetupError(f"A warband has at most {MAX_FIGHTERS} fighters.", f"{where}.fighters")
    deck = cardmod.normalise_deck(raw.get("deck"), f"{where}.deck")
    sizes = raw.get("deck_sizes") or {}
    obj_deck = _deck_size(edition, deck, sizes, "objectives", f"{where}.deck_sizes")
    pow_deck = _deck_size(edition, deck, sizes, "power", f"{where}.deck_sizes")
    obj_hand, pow_hand = min(edition.objective_hand, obj_deck), min(edition.power_hand, pow_deck)
    state["seats"][seat] = {
        "name": str(raw.get("name") or seat), "warband": raw.get("warband"),
        "glory": {"unspent": 0, "spent": 0},
        "activations_left": edition.turns_per_round[state["players"]], "turns_taken": 0,
        "hand": {"objectives": obj_hand, "power": pow_hand},
        "deck": {"objectives": obj_deck - obj_hand, "power": pow_deck - pow_hand},
        "discards": {"objectives": 0, "power": 0},
        "revealed": [], "scored": [], "gone": [], "cards": {"objectives": [], "power": []},
        # Cards drawn since the player last said which cards it holds (cards.py): the ones to name next.
        "drawn": {"objectives": 0, "power": 0},
        "do_over": None, "returned": 0, "in_play": [],
    }
    state["decks"][seat] = deck
    leaders = sum(_add_fighter(state, seat, raw, rec, f"{where}.fighters[{j}]") for j, rec in enumerate(fighters))
    if leaders > 1:
        raise SetupError("A warband has one leader.", f"{where}.fighters")


def _add_fighter(state: UnderworldsState, seat: str, raw: dict[str, Any], rec: object, fwhere: str) -> bool:
    """One fighter's card and starting record added to a new game's state; True for its leader."""
    if not isinstance(rec, dict):
        raise SetupError("A fighter must be an object.", fwhere)
    slug = rec.get("slug") or _slug(str(rec.get("name") or ""))
    if not isinstance(slug, str) or not slug or not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", slug):
        raise SetupError("A fighter needs a slug (lower-case letters, digits, - or _) or a name.", fwhere)
    fid = f"{seat}.{slug}"
    if fid in state["fighters"]:
        raise SetupError(f"Two fighters of {seat} share the slug {slug!r}.", f"{fwhere}.slug")
    wounds = rec.get("wounds")
    # Unknown Wounds (null: content without that number) is allowed: damage is still counted, and the
    # table declares the fighter out of action with the out_of_action event.
    if wounds is not None and (isinstance(wounds, bool) or not isinstance(wounds, int)
                               or not 1 <= wounds <= MOST_WOUNDS):
        raise SetupError(f"Fighter {slug!r}: Wounds must be a whole number from 1 to {MOST_WOUNDS} "
                         "(or null if unknown).", f"{fwhere}.wounds")
    card = dict(rec)
    card["slug"] = slug
    # What content says the players must enter for this fighter (expand_setup's `missing`): lets the
    # engine tell "no Attack action listed because none is known" from "no Attack action".
    missing = (raw.get("missing") or {}).get(slug) if isinstance(raw.get("missing"), dict) else None
    if isinstance(missing, list) and missing:
        card["missing"] = [m for m in missing if isinstance(m, str)]
    state["fighter_cards"][fid] = card
    state["fighters"][fid] = {"seat": seat, "wounds": wounds, "damage": 0,
                              "tokens": {t: 0 for t in TOKENS}, "inspired": False, "out": False,
                              "upgrades": [], "counters": {}, "feature": None}
    return bool(rec.get("leader"))


def _deck_size(edition: Edition, deck: dict[str, Any] | None, sizes: object, kind: str, where: str) -> int:
    """Cards in one of the seat's decks: every listed card of complete deck data; otherwise (no deck data, or a
    partial list) `deck_sizes`, else the edition's deck size, and never fewer than the cards listed."""
    if deck is not None and deck.get("complete", True):
        return len(deck[kind])
    if not isinstance(sizes, dict):
        raise SetupError("deck_sizes must be {objectives, power}.", where)
    size = sizes.get(kind, edition.objective_deck if kind == "objectives" else edition.power_deck)
    if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= MOST_DECK:
        raise SetupError(f"deck_sizes.{kind} must be a whole number from 0 to {MOST_DECK}.", f"{where}.{kind}")
    return max(size, len(deck[kind]) if deck else 0)


def _features(edition: Edition, players: int) -> dict[str, Any]:
    # Numbered tokens are placed cover side up and flipped to objective tokens before the game starts;
    # the blocked/cover tokens set aside are the available feature tokens.
    feats = {str(v): {"value": v, "face": "objective", "on_board": True, "fighter": None}
             for v in range(1, edition.numbered_features[players] + 1)}
    for k in range(1, edition.available_features[players] + 1):
        feats[f"b{k}"] = {"value": None, "face": "blocked", "on_board": False, "fighter": None}
    return feats


# -- set-up events --------------------------------------------------------------------------------

# Bounds of what a seat brings (an override lifts no set-up check: these are the game's shape). The shipped warbands
# have at most 9 fighters and print at most 7 Wounds (content/underworlds, measured); a deck holds 12 or more
# objectives and 20 or more power cards (Deathgorge rulebook pg 40-41), two Rivals decks' worth in Nemesis.
MAX_FIGHTERS = 16
MOST_WOUNDS = 20
MOST_DECK = cardmod.MOST_DECK_CARDS

SETUP_STEP_OF_PURPOSE = {"boards": "boards", "deployment": "deployment_roll_off", "first_turn": "roll_off"}


# Roll-off comparison order. The book's three symbols are lost in the text ("more [icon] symbols"); read as
# critical successes, then double support, then single support: the faces both attack and defence dice share,
# since a roll-off uses "any combination of four attack or defence dice" (Roll-offs pg 13). Change here.
ROLL_OFF_ORDER = ("crit", "double", "single")


def roll_off_winner(state: UnderworldsState, purpose: str, rolls: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """The roll-off's winner from the entered dice (None: a tie, roll again) and the counts compared."""
    counts = {}
    for seat, roll in rolls.items():
        key = [int(roll.get(face, 0)) for face in ROLL_OFF_ORDER]
        if purpose == "first_turn" and state["round"] == 1 and seat == state.get("finished_first"):
            key[0] += 1  # Action phase (pg 16): +1 critical in the first round
        counts[seat] = tuple(key)
    best = max(counts.values())
    top = [s for s, k in counts.items() if k == best]
    return (top[0] if len(top) == 1 else None), {s: list(k) for s, k in counts.items()}


def roll_off_loser(rolls: dict[str, Any]) -> str | None:
    """The loser of a roll-off from the entered dice (None: the lowest are tied, they roll again).

    Deathgorge, Roll-offs in multiplayer games: the player with fewer of the first symbol than any other loses and
    all others win; a tie for fewest is broken by the next symbol, then the next; still tied, those players roll
    off again. Shadespire's "whichever player scores lowest" (pg 14, 27) mirrors its own roll-off (pg 14) the same way.
    """
    counts = {seat: tuple(int(roll.get(face, 0)) for face in ROLL_OFF_ORDER) for seat, roll in rolls.items()}
    low = min(counts.values())
    bottom = [s for s, k in counts.items() if k == low]
    return bottom[0] if len(bottom) == 1 else None


def loser_chooses_board(rs: UnderworldsRuleset, state: UnderworldsState) -> bool:
    """Does the boards roll-off's loser choose the first game board (rather than a player picked by its winner)?"""
    return bool(rs.edition.boards_loser_chooses.get(state["players"]))


def board_rule(rs: UnderworldsRuleset, state: UnderworldsState) -> str:
    """The rule that says who chooses the first board at this table."""
    cite = rs.edition.rule
    if not loser_chooses_board(rs, state):
        return cite("place_boards")
    return cite("mp_place_boards") if state["players"] > 2 else cite("loser_places_board")


def _check_loser(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    loser = roll_off_loser(event.data["rolls"])
    rule = board_rule(rs, state)
    if loser is None:
        return [V.ROLL_OFF_TIED("The lowest rolls are tied: those players roll off again.", rule)]
    if event.data["first"] != loser:
        return [V.WRONG_LOSER(f"By these dice {loser} rolled lowest, so {loser} chooses the first board.", rule)]
    if event.data.get("winner") == loser:
        return [V.WRONG_WINNER(f"By these dice {loser} lost the roll-off; every other player won.", rule)]
    return []


def _check_rolls(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    rolls = event.data["rolls"]
    for seat, roll in rolls.items():
        if seat not in state["seats"]:
            return [UNKNOWN_SEAT(f"data.rolls.{seat}: there is no seat {seat!r} at this table.")]
        if not isinstance(roll, dict) or any(f not in ROLL_OFF_ORDER or isinstance(v, bool) or not isinstance(v, int)
                                             or not 0 <= v <= 4 for f, v in roll.items()):
            return [MALFORMED(f"data.rolls.{seat} must count crit, double and single (0-4 each).")]
    if set(rolls) != set(state["seats"]):
        return [MALFORMED("data.rolls needs every player's roll.")]
    if event.data["purpose"] == "boards" and loser_chooses_board(rs, state):
        return _check_loser(rs, state, event)
    winner, _ = roll_off_winner(state, event.data["purpose"], rolls)
    if winner is None:
        return [V.ROLL_OFF_TIED("The roll-off is tied: roll off again.", cite("roll_off"))]
    if event.data.get("winner") not in (None, winner):
        return [V.WRONG_WINNER(f"By these dice {winner} won the roll-off.", cite("roll_off"))]
    return []


def check_roll_off(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A roll-off must be the one the game is waiting for; entered dice must give the named winner."""
    cite = rs.edition.rule
    purpose = event.data["purpose"]
    want = SETUP_STEP_OF_PURPOSE[purpose]
    if event.data.get("rolls") is not None and state["step"] == want:
        problems = _check_rolls(rs, state, event)
        if problems:
            return problems
    if state["step"] != want:
        return [V.NOT_NOW(f"The game is not waiting for the {purpose.replace('_', ' ')} roll-off "
                          f"(now: {state['step'].replace('_', ' ')}).", cite("game_sequence"), overridable=False)]
    return []


def apply_roll_off(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Record the roll-off's choice and move to the next step."""
    cite = rs.edition.rule
    purpose, first = event.data["purpose"], event.data["first"]
    if event.data.get("rolls"):
        winner, _ = roll_off_winner(state, purpose, event.data["rolls"])
        record: RollOff = {"purpose": purpose, "round": state["round"], "winner": winner}
        if purpose == "boards" and loser_chooses_board(rs, state):
            # Every player but the loser won (Roll-offs in multiplayer games); the loser chooses the first board.
            record = {**record, "winner": None, "loser": roll_off_loser(event.data["rolls"])}
        state.setdefault("roll_offs", []).append(record)
    if purpose == "boards":
        state["first_board"] = first
        state["step"] = "do_overs"
        return [Consequence("do_overs_begin", {"first": first}, cite("do_over"))]
    if purpose == "deployment":
        state["first_deployer"] = first
        state["step"] = "deployment"
        return []
    return turns.begin_first_turn(rs, state, first)


def do_over_seat(state: UnderworldsState) -> str | None:
    """Whose do-over decision is next: order of play from the player who chose the first board."""
    if state["step"] != "do_overs":
        return None
    first = state["first_board"]
    if first is None:  # chosen by the boards roll-off, before the do-overs (order_from() would refuse it too)
        raise ValueError("no player has chosen the first board yet")
    for seat in order_from(state, first):
        if state["seats"][seat]["do_over"] is None:
            return seat
    return None


def check_do_over(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Do-overs are decided in order, starting with the player who chose the first game board."""
    cite = rs.edition.rule
    if state["step"] != "do_overs":
        return [V.NOT_NOW("Do-overs are decided after drawing the starting hands.", cite("do_over"),
                          overridable=False)]
    seat = do_over_seat(state)
    if seat is None:  # the step ends once every seat has decided (apply_do_over); reading no seat's record fails too
        raise KeyError(seat)
    if event.by != seat:
        return [V.NOT_YOUR_DO_OVER(f"{state['seats'][seat]['name']} ({seat}) decides on a do-over first.",
                                   cite("do_over"))]
    return []


DO_OVER_KINDS = {"none": (), "objectives": ("objectives",), "power": ("power",), "all": ("objectives", "power")}


def apply_do_over(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Record the decision and redraw the hand of each chosen type.

    Deathgorge (4. Draw cards, pg 15): the whole hand of that type is discarded, replaced from the deck, and the
    discarded cards are shuffled back, so the counts do not change. Shadespire (Do-over?, pg 16) and Dreadfane
    (3. Draw cards, pg 8): the discarded cards stay in the discard pile, face up, and cannot be played this game;
    the new hand is drawn from what is left of the deck (no reshuffle).
    """
    s = state["seats"][event.by]
    s["do_over"] = event.data["choice"]
    cons = []
    for kind in DO_OVER_KINDS[event.data["choice"]]:
        held = s["cards"][kind]
        s["cards"][kind] = []
        if rs.edition.do_over_shuffles_back:
            continue
        count = s["hand"][kind]
        s["discards"][kind] += count
        s["gone"].extend(name for name in held if name not in s["gone"])
        s["hand"][kind] = 0
        drawn = cardmod.draw(state, event.by, kind, count)
        cons.append(Consequence("do_over_discarded", {"seat": event.by, "kind": kind, "discarded": count,
                                                      "drawn": drawn}, rs.edition.rule("do_over")))
    if do_over_seat(state) is None:
        state["step"] = "deployment_roll_off"
    return cons


def check_deployed(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Placing the fighters follows the deployment roll-off."""
    if state["step"] != "deployment":
        return [V.NOT_NOW("Fighters are placed after the deployment roll-off.",
                          rs.edition.rule("place_fighters"), overridable=False)]
    return []


def apply_deployed(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """All fighters are placed: the first action phase begins with its roll-off."""
    state["finished_first"] = event.data["finished_first"]
    return rounds.begin_action_phase(rs, state)


# -- suggestions --------------------------------------------------------------------------------

SETUP_LABELS = {"boards": "Roll-off: who chooses the first board?",
                "deployment_roll_off": "Roll-off: who places a fighter first?",
                "roll_off": "Roll-off: who takes the first turn?"}


def roll_off_suggestion(state: UnderworldsState, seat: str, purpose: str) -> Suggestion:
    """The roll-off the game waits for (boards, deployment, or the first turn of a round)."""
    label = SETUP_LABELS["boards" if purpose == "boards" else "deployment_roll_off" if purpose == "deployment"
                         else "roll_off"]
    if purpose == "first_turn" and state["round"] == 1 and state.get("finished_first"):
        label += f" ({state['finished_first']} adds one critical)"
    # A later round's roll-off opens that round (Action phase, pg 16): it is not part of the set up.
    group = f"Round {state['round']}" if purpose == "first_turn" and state["round"] > 1 else "Set up"
    return Suggestion("roll_off", seat, label, {"purpose": purpose}, choices={"first": list(state["order"])},
                      group=group)


def suggest_setup(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The set-up step's events for `seat`: the roll-offs, its do-over decision, the fighters placed."""
    step = state["step"]
    if step == "boards":
        return [roll_off_suggestion(state, seat, "boards")]
    if step == "do_overs":
        if seat != do_over_seat(state):
            return []
        labels = {"none": "Keep my hand", "power": "Do-over: power cards", "objectives": "Do-over: objective cards",
                  "all": "Do-over: all cards"}
        return [Suggestion("do_over", seat, labels[c], {"choice": c}, group="Set up") for c in labels]
    if step == "deployment_roll_off":
        return [roll_off_suggestion(state, seat, "deployment")]
    if step == "deployment":
        return [Suggestion("deployed", seat, "All fighters placed: who finished first?", {},
                           choices={"finished_first": list(state["order"])}, group="Set up")]
    return []
