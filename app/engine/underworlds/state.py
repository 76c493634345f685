"""The Underworlds game state: its shape, small accessors and a fast copy.

State (plain JSON; one dict):

    ruleset: "underworlds/deathgorge"     players: 2|3|4      format: rivals|nemesis|relic|championship
    order: ["p1", "p2", ...]              order of play (seat order = the player to the left is next)
    seats: {p1: {name, warband, glory: {unspent, spent}, activations_left, turns_taken,
                 hand: {objectives: n, power: n},          # counts are public
                 deck: {objectives: n, power: n},          # cards left in each deck
                 discards: {objectives: n, power: n},
                 revealed: [{card, glory}],                # surge objectives revealed, scored next surge step
                 scored: [{card, glory, round, surge}],
                 cards: {objectives: [...], power: [...]}, # PRIVATE: names the player told us they hold
                 do_over: null|"none"|"power"|"objectives"|"all",
                 returned: n (fighters returned to the battlefield this game), gone: [card names used],
                 in_play: [persisting gambits face up]}}
    fighters: {"p1.cyreni": {seat, wounds, damage, tokens: {move, charge, guard, stagger, raise},
                             inspired, out, upgrades: [card names], counters: {name: n}, feature}}
    fighter_cards: {"p1.cyreni": {...fighter record from the setup...}}   # STATIC: never mutated, shared by copies
    decks: {p1: {"objectives": {name: card}, "power": {name: card}} | null}   # STATIC
    features: {"1": {value: 1, face: objective|cover|blocked, on_board, fighter}, "b1": {value: null, ...}}
    round: 1..3   phase: setup|action|end|over
    step: boards|do_overs|deployment_roll_off|deployment|roll_off|activation|power|end|over
    first_board, first_deployer, finished_first: seat|null   (set up, see setup.py)
    turn: {seat, first, n} | null          n = turns taken this phase by all players
    pending: {attacker, left, charge, superaction, targets?} | null   an Attack action (or Charge's attack) still to be entered
    granted: {fighter: n}                  Attack actions granted out of sequence by cards (overridden activate)
    drive_back: {attacker, fighter, hexes} | null   the target of the Attack action just made may be driven back
    power: {order: [seat, seat], next: 0|1, passes, delved: [seats], started} | null
    minor: bool                            Inspire/surge steps open (see turns.py)
    last_activation: seat|null
    reaction: reaction window | null       (see reactions.py)
    end: {order: [...], i, stage} | null   (see objectives.py)
    moment: {steps, context, seat} | null  what just happened, for surge objectives (reactions.set_moment)
    tally: {at, activation, phase, round, game, previous_action_phase}   what has happened (tally.py)
"""
from __future__ import annotations

import marshal
from typing import Any, Literal, NotRequired, TypedDict, overload

# The parts of a state that are never mutated, shared by its copies.
STATIC_KEYS: tuple[Literal["fighter_cards", "decks"], ...] = ("fighter_cards", "decks")


class RevealedObjective(TypedDict):
    """A surge objective revealed, scored in the next surge step (objectives.py)."""

    card: str | None  # the card's name, when the player gave it
    glory: int


class ScoredObjective(TypedDict):
    """An objective scored: in the end phase, or in a surge step (`surge`)."""

    card: str | None
    glory: int
    round: int
    surge: bool


class SeatRecord(TypedDict, total=False):
    """A player: glory, counts of cards (public), the cards it says it holds (private), cards gone face up."""

    name: str
    warband: str | None
    glory: dict[str, int]  # {unspent, spent}
    activations_left: int
    turns_taken: int
    hand: dict[str, int]  # {objectives, power}: counts are public
    deck: dict[str, int]
    discards: dict[str, int]
    revealed: list[RevealedObjective]
    scored: list[ScoredObjective]
    cards: dict[str, list[str]]  # PRIVATE: {objectives, power} names held
    drawn: dict[str, int]  # PRIVATE: {objectives, power} drawn since the hand was last said, not yet named
    do_over: str | None
    returned: int
    gone: list[str]
    in_play: list[Any]
    missing: list[str]


class FighterRecord(TypedDict, total=False):
    """A fighter's changing record (its card is in the state's static `fighter_cards`)."""

    seat: str
    wounds: int | None
    damage: int
    tokens: dict[str, int]
    inspired: bool
    out: bool
    upgrades: list[str]
    counters: dict[str, int]
    feature: str | None


class FeatureToken(TypedDict, total=False):
    """A feature token: its value, face, whether it is on the battlefield and the fighter holding it."""

    value: int | None
    face: str  # objective | cover | blocked
    on_board: bool
    fighter: str | None
    artefact: bool  # Capture the Artefact (editions/artefact.py)


class Turn(TypedDict):
    """The action phase's turn under way: whose, who took the phase's first, turns taken by all players."""

    seat: str
    first: str
    n: int


class PendingAttack(TypedDict):
    """An Attack action (or a Charge's) declared by `activate`, still to be entered by `attack` events."""

    attacker: str
    left: int  # Attack actions still to enter (Scything: one per target)
    charge: bool
    superaction: bool
    targets: NotRequired[list[str]]  # the targets entered so far: added with the first


class DriveBack(TypedDict):
    """The target of the Attack action just made, which the attacking player may drive back `hexes` hexes."""

    attacker: str
    fighter: str
    hexes: int


class PowerStep(TypedDict):
    """The power step under way: its players, whose go is `next`, passes in succession, who delved, started."""

    order: list[str]
    next: int  # index into order
    passes: int
    delved: list[str]
    started: bool  # its first play (a card or a pass) is made: the Inspire/surge steps before it closed


class EndSequence(TypedDict):
    """The end phase's sequence: the players in order, the index of the one at it, and its stage (1..4)."""

    order: list[str]
    i: int
    stage: int


class Moment(TypedDict):
    """What just happened, for surge objectives: the moments passed, their context and whose turn it is."""

    steps: list[str]  # reaction step ids, or after_power_step
    context: dict[str, Any]  # open: the data of the entry that passed the moments (fighter, action, target...)
    seat: str | None


class ChainedReaction(TypedDict):
    """A reaction entered in a window's chain (resolved in the order of entry)."""

    seat: str
    step: str
    name: str
    card: str | None
    secondary: bool  # a reaction to a reaction (after_reaction): a secondary chain


class ReactionWindow(TypedDict):
    """A reaction window (reactions.py): its reaction steps, players in order, who reacted in which step, who
    passed, the chain and the context of what opened it; after a reaction, who had passed before it; the 2018/2019
    rules (editions/flow.py) add the opportunities used and the precedence rule followed."""

    steps: list[str]
    order: list[str]
    acted: dict[str, list[str]]
    passed: list[str]
    chain: list[ChainedReaction]
    context: dict[str, Any]  # open: the data of the entry that opened the window (fighter, action...)
    passed_primary: NotRequired[list[str]]  # who passed before a reaction: their pass holds for those steps
    used: NotRequired[list[str]]  # reaction steps whose one opportunity is used
    rule: NotRequired[str]  # the precedence rule followed


class RollOff(TypedDict):
    """A roll-off entered with its dice: its purpose, the round, its winner (None when the loser chose)."""

    purpose: str
    round: int
    winner: str | None
    loser: NotRequired[str | None]  # multiplayer board roll-offs: the loser chooses the first board


class UnderworldsState(TypedDict, total=False):
    """The whole game, as the module docstring describes it (every edition; `classic` for 2018/2019 rules)."""

    ruleset: str
    edition: dict[str, Any]  # editions/: the edition's id, title and rules (ClassicRuleset.describe)
    players: int
    format: str
    order: list[str]
    seats: dict[str, SeatRecord]
    fighters: dict[str, FighterRecord]
    fighter_cards: dict[str, dict[str, Any]]  # STATIC: fighter id -> its card record from content (open shape)
    decks: dict[str, Any]  # STATIC: seat -> {objectives: {name: card}, power: {name: card}, complete} or None;
                           # open: the cards are content's records
    features: dict[str, FeatureToken]
    round: int
    phase: str
    step: str
    first_board: str | None
    first_deployer: str | None
    finished_first: str | None
    turn: Turn | None
    pending: PendingAttack | None
    granted: dict[str, int]
    drive_back: DriveBack | None
    power: PowerStep | None
    minor: bool
    inspire_due: list[str]  # Inspires entered during a power step, for the Inspire step after it (inspire.py)
    held_asked: list[str]   # tied on glory at the end: the players whose objectives held the game asks (held.py)
    held: dict[str, int]    # ... and what they entered
    last_activation: str | None
    reaction: ReactionWindow | None
    end: EndSequence | None
    classic: dict[str, Any]  # editions/: the 2018 and 2019 rules' own parts (open: each rule keeps its own)
    hazards: dict[str, Any]  # Dreadfane's hazard deck (editions/hazards.py; open: that edition's own)
    moment: Moment | None  # reactions.set_moment
    tally: dict[str, Any]  # what has happened, per scope and seat (tally.py; its facts are [n, [who]] pairs)
    roll_offs: list[RollOff]  # setup.py
# The core set's tokens given to fighters (Deathgorge rulebook, Tokens and counters pg 19; Raise tokens are in
# the core set's list, line "6 Raise tokens"). Editions without one filter it out (editions/suggestions.py).
TOKENS = ("move", "charge", "guard", "stagger", "raise")


def clone(state: UnderworldsState) -> UnderworldsState:
    """Copy a state for apply(): the dynamic parts copied, static fighter cards and decks shared (never mutated).

    marshal round-trips plain dict/list/str/int/bool/None data in C, about five times faster than a Python
    recursive copy (and far faster than copy.deepcopy); anything it cannot encode falls back to `_copy`.
    """
    dynamic = {k: v for k, v in state.items() if k not in STATIC_KEYS}
    out: UnderworldsState
    try:
        out = marshal.loads(marshal.dumps(dynamic))
    except ValueError:
        out = _copy(dynamic)
    for key in STATIC_KEYS:
        if key in state:
            out[key] = state[key]
    return out


def _copy(value: Any) -> Any:
    # Hand-written copy of plain JSON data: several times faster than copy.deepcopy.
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


# The parts of a state set only while a step of play is under way (None otherwise).
StepPart = Literal["turn", "pending", "drive_back", "power", "reaction", "end", "moment"]


@overload
def present(state: UnderworldsState, key: Literal["turn"]) -> Turn: ...
@overload
def present(state: UnderworldsState, key: Literal["pending"]) -> PendingAttack: ...
@overload
def present(state: UnderworldsState, key: Literal["drive_back"]) -> DriveBack: ...
@overload
def present(state: UnderworldsState, key: Literal["power"]) -> PowerStep: ...
@overload
def present(state: UnderworldsState, key: Literal["end"]) -> EndSequence: ...
@overload
def present(state: UnderworldsState, key: Literal["moment"]) -> Moment: ...
@overload
def present(state: UnderworldsState, key: Literal["reaction"]) -> ReactionWindow: ...
def present(state: UnderworldsState, key: StepPart) -> Turn | PendingAttack | DriveBack | PowerStep | EndSequence | Moment | ReactionWindow:
    """A part set while its step is under way, read where the rules know it is (the step's own events and checks);
    None raises the TypeError that reading into it would."""
    part = state[key]
    if part is None:
        raise TypeError(f"the state's {key!r} is None: its step is not under way")
    return part


def seat_of(fid: str) -> str:
    """Seat id of a fighter id "<seat>.<slug>"."""
    return fid.split(".", 1)[0]


def fighter_name(state: UnderworldsState, fid: str) -> str:
    """The fighter's name as its card gives it (its id when the card has none)."""
    return state["fighter_cards"][fid].get("name") or fid


def surviving(state: UnderworldsState, seat: str) -> list[str]:
    """Ids of the seat's fighters on the battlefield."""
    return [fid for fid, f in state["fighters"].items() if f["seat"] == seat and not f["out"]]


def enemies(state: UnderworldsState, seat: str, alive: bool = True) -> list[str]:
    """Ids of fighters of other seats (surviving only by default)."""
    return [fid for fid, f in state["fighters"].items()
            if f["seat"] != seat and not (alive and f["out"])]


def order_from(state: UnderworldsState, seat: str) -> list[str]:
    """Order of play starting with `seat`."""
    order = state["order"]
    i = order.index(seat)
    return order[i:] + order[:i]


def next_seat(state: UnderworldsState, seat: str) -> str:
    """The player to the left: next in order of play."""
    order = state["order"]
    return order[(order.index(seat) + 1) % len(order)]


def traits(state: UnderworldsState, fid: str) -> list[str]:
    """Traits of a fighter (from its card)."""
    return state["fighter_cards"][fid].get("traits") or []


def is_large(state: UnderworldsState, fid: str, large_wounds: int) -> bool:
    """Large: a Wounds characteristic of 5 or more after modifiers."""
    return (state["fighters"][fid]["wounds"] or 0) >= large_wounds


def is_vulnerable(state: UnderworldsState, fid: str) -> bool:
    """One more damage would take the fighter out of action (never with Wounds 1)."""
    f = state["fighters"][fid]
    return not f["out"] and f["wounds"] is not None and f["wounds"] > 1 and f["damage"] == f["wounds"] - 1


def profiles(state: UnderworldsState, fid: str) -> list[dict[str, Any]]:
    """Attack profiles the fighter has now (Inspired side replaces profiles when it lists them), with what its
    upgrades grant (content/README.md, Upgrades)."""
    card = state["fighter_cards"][fid]
    printed: list[dict[str, Any]]
    if state["fighters"][fid]["inspired"] and (card.get("inspired") or {}).get("profiles"):
        printed = card["inspired"]["profiles"]
    else:
        printed = card.get("profiles") or []
    grants = upgrade_grants(state, fid)
    if not grants:
        return printed
    return [_upgraded_profile(p, grants) for p in printed]


def upgrade_grants(state: UnderworldsState, fid: str) -> list[dict[str, Any]]:
    """What the fighter's upgrades grant (`grants` of each upgrade card its seat's deck data knows)."""
    upgrades = state["fighters"][fid]["upgrades"]
    if not upgrades:
        return []
    out = []
    for name in upgrades:
        grants = (_upgrade_card(state, fid, name) or {}).get("grants")
        if grants and all(is_state(state, fid, s) for s in grants.get("while") or []):
            out.append(grants)
    return out


def _upgrade_card(state: UnderworldsState, fid: str, name: str) -> dict[str, Any] | None:
    """The card of an upgrade the fighter has: from its own seat's deck data, else (an upgrade an opponent gave
    it, such as a False Gift) from another seat's."""
    own = state["fighters"][fid]["seat"]
    for seat in [own, *(s for s in state["decks"] if s != own)]:
        card: dict[str, Any] | None = ((state["decks"].get(seat) or {}).get("power") or {}).get(name)
        if card is not None:
            return card
    return None


# Attack action changes an upgrade grants, by the profile key they change.
PROFILE_GRANTS = {"attack_dice": "dice", "damage": "damage", "range": "range"}


def range_fits(which: str, rng: object) -> bool:
    """An Attack action of range `rng` is of the kind a card names: any, melee (Range 1-2), range_1, ranged (3+)."""
    if which == "any":
        return True
    if not isinstance(rng, int):
        return False
    return {"melee": rng <= 2, "range_1": rng == 1, "ranged": rng >= 3}.get(which, False)


def _upgraded_profile(profile: dict[str, Any], grants: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(profile)
    rng = profile.get("range")
    for g in grants:
        if not range_fits(g.get("attacks", "any"), rng):
            continue  # a Range 1-2 (melee), Range 1 or Range 3+ (ranged) upgrade on an Attack action of another range
        for key, field in PROFILE_GRANTS.items():
            if key in g and isinstance(out.get(field), int):
                out[field] = max(1, out[field] + g[key])  # characteristics stay 1 or more (pg 18)
        if g.get("keywords"):
            out["keywords"] = list(dict.fromkeys([*(out.get("keywords") or []), *g["keywords"]]))
    return out


def unknown_parts(state: UnderworldsState, fid: str) -> set[str]:
    """Parts of the fighter's card no source gives: the seat's `missing` list from content (see setup.py) and the
    card's own `unknown` list."""
    card = state["fighter_cards"][fid]
    return {*(card.get("missing") or []), *(card.get("unknown") or [])}


def profiles_unknown(state: UnderworldsState, fid: str) -> bool:
    """The fighter's card lists no Attack action because our sources do not give them (not because it has none)."""
    return not profiles(state, fid) and "profiles" in unknown_parts(state, fid)


def defence_known(state: UnderworldsState, fid: str) -> bool:
    """The fighter's Defence (dice and symbol) on its current side is known."""
    d = characteristic(state, fid, "defence")
    return isinstance(d, dict) and d.get("dice") is not None and d.get("symbol") is not None


def characteristic(state: UnderworldsState, fid: str, key: str) -> Any:
    """A characteristic of the fighter's current side (Inspired keys replace the printed ones), with its upgrades'
    Move and Defence dice (Wounds are the fighter record's: an upgrade changes them when it is given)."""
    card = state["fighter_cards"][fid]
    if state["fighters"][fid]["inspired"] and key in (card.get("inspired") or {}):
        value = card["inspired"][key]
    else:
        value = card.get(key)
    if key not in ("move", "defence") or value is None:
        return value
    grants = upgrade_grants(state, fid)
    if not grants:
        return value
    # Deathgorge rulebook, Setting characteristics (pg 18): a set value first (the last given wins), then the
    # modifiers; Move cannot go below 0, the others below 1.
    for g in grants:
        setting = g.get("set") or {}
        if key == "move" and "move" in setting:
            value = setting["move"]
        elif key == "defence" and isinstance(value, dict):
            value = {**value, **({"dice": setting["defence_dice"]} if "defence_dice" in setting else {}),
                     **({"symbol": setting["defence_symbol"]} if "defence_symbol" in setting else {})}
    delta = sum(g.get("move" if key == "move" else "defence_dice", 0) for g in grants)
    if key == "move":
        return max(0, value + delta) if isinstance(value, int) else value
    if isinstance(value, dict) and isinstance(value.get("dice"), int):
        return {**value, "dice": max(1, value["dice"] + delta)}
    return value


def hold_value(state: UnderworldsState, seat: str) -> int:
    """Combined value of objective tokens held by the seat's surviving, non-beast fighters."""
    total = 0
    for feat in state["features"].values():
        fid = feat.get("fighter")
        if (fid and feat["on_board"] and feat["face"] == "objective" and seat_of(fid) == seat
                and not state["fighters"][fid]["out"] and "beast" not in traits(state, fid)):
            total += feat["value"] or 0
    return total


def held_count(state: UnderworldsState, seat: str) -> int:
    """Objective tokens (or hexes) the seat's surviving fighters stand on, counted (2018 and 2019 rules: any
    fighter can hold one)."""
    n = 0
    for feat in state["features"].values():
        fid = feat.get("fighter")
        if (fid and feat["on_board"] and feat["face"] == "objective" and state["fighters"][fid]["seat"] == seat
                and not state["fighters"][fid]["out"]):
            n += 1
    return n


def is_state(state: UnderworldsState, fid: str, status: str) -> bool:
    """One fighter state of content/README.md (Fighter states) holds for the fighter now."""
    f = state["fighters"][fid]
    card = state["fighter_cards"].get(fid, {})
    tokens = f["tokens"]
    feature = f["feature"] or ""
    checks = {
        "out": lambda: f["out"], "surviving": lambda: not f["out"],
        "inspired": lambda: f["inspired"], "uninspired": lambda: not f["inspired"],
        "wounded": lambda: f["damage"] > 0, "undamaged": lambda: f["damage"] == 0,
        "vulnerable": lambda: is_vulnerable(state, fid),
        "leader": lambda: bool(card.get("leader")),
        "minion": lambda: bool(card.get("minion")) or "minion" in (card.get("traits") or []),
        "upgraded": lambda: bool(f["upgrades"]), "no_upgrades": lambda: not f["upgrades"],
        "guard": lambda: tokens.get("guard", 0) > 0, "stagger": lambda: tokens.get("stagger", 0) > 0,
        "move": lambda: tokens.get("move", 0) > 0, "charge": lambda: tokens.get("charge", 0) > 0,
        "move_or_charge": lambda: tokens.get("move", 0) > 0 or tokens.get("charge", 0) > 0,
        "no_move_or_charge": lambda: not tokens.get("move", 0) and not tokens.get("charge", 0),
        "any_token": lambda: any(tokens.values()), "no_token": lambda: not any(tokens.values()),
        "on_feature": lambda: bool(f["feature"]),
        "holding_objective": lambda: bool(feature) and state["features"][feature]["face"] == "objective",
    }
    return bool(checks[status]())
