"""Reaction steps, reaction windows and chains, and the core Plunder reaction.

REACTION TRIGGERS (shared with content: a card record's `reaction` names one of these ids)
are the reaction steps the book marks with the reaction-step symbol. `REACTION_STEPS` below is the list.

How a window works (Deathgorge rulebook, Reactions pg 34-37):
- After an event that passes one or more reaction steps, the engine opens a window: {"steps": [...],
  "order": seats in order of play starting with the player whose turn it is, "acted": {seat: [steps]},
  "passed": [seats], "chain": [{seat, step, name, card, secondary}], "context": {...}}.
- Each player may add one reaction per reaction step ("reaction" event); the chain is the order of entry
  and resolves in that order. A reaction to a reaction (step "after_reaction") starts a secondary chain.
- Order (reading chosen): the book has the player whose turn it is go first, then the others in order of play,
  when more than one player WANTS to react. The engine cannot know who wants to, so it does not refuse a later
  player's reaction while an earlier one has not decided: that player has passed on starting the chain, and may
  still add to it (Reaction chains pg 35: once a player starts a chain, the others add a reaction or pass).
  suggest() names the order (`reaction_window.order`) so the table can follow it.
- A player who will not react says so ("reaction_pass"); the window closes when everyone has reacted or
  passed, or implicitly when the next game event is entered (reaction steps "pass without comment").
- Nothing is resolved automatically for card reactions: their effects are entered as events (damage, token...),
  except Plunder, which the engine knows: place an available feature token where the target was.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import cards as cardmod
from . import conditions, spells
from . import violations as V
from .state import ReactionWindow, UnderworldsState, fighter_name, order_from, present, range_fits, seat_of, surviving

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

# id -> player-facing label. Order follows the book: combat sequence, damage, casting, actions, power cards.
REACTION_STEPS: dict[str, str] = {
    "after_declare_attack": "after an Attack action is declared (combat step 1)",
    "after_attack_roll": "after the attack roll (combat step 2)",
    "after_defence_roll": "after the defence roll (combat step 3)",
    "after_determine_success": "after success is determined (combat step 4)",
    "after_damage": "after a fighter is dealt damage (combat step 5, or any damage)",
    "after_out_of_action": "after the out of action check (combat step 6), or a fighter is taken out of action",
    "after_drive_back": "after the drive back step (combat step 7)",
    "after_attack": "after an Attack action (combat step 8, end sequence)",
    "after_casting_roll": "after a casting roll",
    "after_backlash": "after backlash",
    "after_spell": "after a spell is resolved or fails",
    "after_action": "after an action",
    "after_activation": "after an activation step",
    "after_power_card_revealed": "after a power card is revealed",
    "after_power_card": "after a gambit is resolved or an upgrade is given",
    "after_reaction": "in reaction to a reaction (secondary chain)",
    "after_scatter_placed": "after the scatter token is placed",
}
REACTION_STEP_IDS = tuple(REACTION_STEPS)

PLUNDER = "plunder"

# Combat reaction steps an Attack action passes, by how it ended (the combat sequence's step numbers).
COMBAT_STEPS_HIT = ["after_declare_attack", "after_attack_roll", "after_defence_roll", "after_determine_success",
                    "after_damage", "after_out_of_action", "after_drive_back", "after_attack"]


# Deathgorge rulebook, Reaction limits and chains: After an action/activation step (pg 35) and Simultaneous
# reaction steps (pg 37): the end of the last action of an activation step (for an Attack action, step 8 of the
# combat sequence) and the end of that activation step are ONE reaction step, so a player cannot react both
# "after an action" and "after an activation step" there. Reading chosen for a Barge (one event for its Move and
# Stun actions): its "after_action" is the Move action's own reaction step, so only after_activation is shared.
SHARED_END_STEPS = ("after_attack", "after_action", "after_activation")


def step_slot(window: ReactionWindow, step: str) -> str:
    """The reaction step `step` really is in this window (simultaneous steps share one slot)."""
    barge = (window.get("context") or {}).get("action") == "barge"
    if step in SHARED_END_STEPS and not (step == "after_action" and barge):
        return "end_of_action"
    return step


def used_step(window: ReactionWindow, seat: str, step: str) -> bool:
    """Seat already used its one reaction in this reaction step (or a step simultaneous with it)."""
    slot = step_slot(window, step)
    return any(step_slot(window, s) == slot for s in window["acted"].get(seat, []))


def card_step(card: dict[str, Any] | None) -> str | None:
    """The reaction step a card record names (`reaction: "<step>"` or `reaction: {step, conditions, text}`)."""
    r = (card or {}).get("reaction")
    if isinstance(r, dict):
        return r.get("step")
    return r if isinstance(r, str) else None


def open_window(state: UnderworldsState, steps: list[str], context: dict[str, Any] | None = None) -> None:
    """Open a reaction window for these reaction steps (players in order of play from the turn's player)."""
    turn = state.get("turn")
    active = turn["seat"] if turn else state["order"][0]
    state["reaction"] = {"steps": list(dict.fromkeys(steps)), "order": order_from(state, active),
                         "acted": {}, "passed": [], "chain": [], "context": context or {}}
    set_moment(state, steps, context)


def set_moment(state: UnderworldsState, steps: list[str], context: dict[str, Any] | None = None) -> None:
    """What just happened, for the conditions of surge objectives (conditions.py): the moments passed (reaction
    step ids, or after_power_step), their context and whose turn it is. It stays until the next moment, after the
    window of reactions to it has closed."""
    turn = state.get("turn")
    state["moment"] = {"steps": list(dict.fromkeys(steps)), "context": dict(context or {}),
                       "seat": turn["seat"] if turn else None}


def add_steps(state: UnderworldsState, steps: list[str], context: dict[str, Any] | None = None) -> None:
    """More reaction steps passed by the same moment (damage from a drive back into a lethal hex): added to the
    open window, or a new window when none is open."""
    window = state.get("reaction")
    if window is None:
        open_window(state, steps, context)
        return
    for step in steps:
        if step not in window["steps"]:
            window["steps"].append(step)
    moment = state.get("moment")
    if moment is not None:
        moment["steps"] = list(dict.fromkeys(moment["steps"] + steps))


def the_window(state: UnderworldsState) -> ReactionWindow:
    """The reaction window open now (an event of a window is only applied while one is: passes.py, check_reaction)."""
    window = state["reaction"]
    if window is None:
        raise ValueError("no reaction window is open")
    return window


def close_window(state: UnderworldsState) -> None:
    """Close the window: everyone who did not react has passed."""
    state["reaction"] = None


def may_react(window: ReactionWindow, seat: str) -> bool:
    """Seat has not passed in this window."""
    return seat not in window["passed"]


def window_steps(window: ReactionWindow) -> list[str]:
    """Steps a reaction can be declared in now (after_reaction once a chain has begun)."""
    steps = list(window["steps"])
    if window["chain"] and "after_reaction" not in steps:
        steps.append("after_reaction")
    return steps


def plunder_possible(state: UnderworldsState, seat: str) -> list[str]:
    """Available feature tokens this seat may place with Plunder now ([] when Plunder is not open to it)."""
    window = state.get("reaction")
    if not window or "after_out_of_action" not in window["steps"]:
        return []
    ctx = window["context"]
    if not ctx.get("attacker") or seat_of(ctx["attacker"]) != seat or not ctx.get("out_of_action"):
        return []
    if ctx.get("target") not in ctx["out_of_action"] or ctx.get("target_feature"):
        return []  # a feature token cannot be placed in a hex that holds another one (Feature tokens, pg 14)
    return [k for k, f in state["features"].items() if not f["on_board"]]


def plunder_faces(state: UnderworldsState, key: str) -> list[str]:
    """Faces a Plundered token may be placed with (the placing player chooses, pg 14): its two sides."""
    return ["objective", "cover"] if state["features"][key]["value"] else ["cover", "blocked"]


def check_reaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Is this reaction allowed in the open window?"""
    cite = rs.edition.rule
    d = event.data
    window = state.get("reaction")
    if not window:
        return [V.NO_REACTION_STEP("There is no open reaction step right now.", cite("reaction_steps"), overridable=True)]
    out = []
    if not may_react(window, event.by):
        out.append(V.ALREADY_PASSED("You passed in this reaction step.", cite("reaction_limits"), overridable=True))
    step = d["step"]
    if event.by in window.get("passed_primary", []) and step != "after_reaction":
        out.append(V.ALREADY_PASSED("You passed in this reaction step; you can still react to the "
                                    "reaction used since (a secondary chain).", cite("reaction_limits"), overridable=True))
    if step not in window_steps(window):
        open_ = ", ".join(window_steps(window))
        out.append(V.WRONG_REACTION_STEP(f"That reaction step is not open now (open: {open_}).", cite("reaction_steps")))
    if used_step(window, event.by, step):
        shared = step_slot(window, step) == "end_of_action"
        same = " (the end of the last action and the end of the activation step are the same step)."
        out.append(V.ONE_REACTION_PER_STEP("Each player can only use one reaction in each reaction step"
                                           + (same if shared else "."), cite("reaction_limits")))
    if step == "after_reaction" and not window["chain"]:
        out.append(V.NOTHING_TO_REACT_TO("No reaction has been used to react to.", cite("reacting_to_reaction")))
    fid = d.get("fighter")
    if fid:
        if seat_of(fid) != event.by:
            out.append(V.NOT_FRIENDLY("Only your own fighters make your reactions.", cite("reactions")))
        elif state["fighters"][fid]["out"]:
            out.append(V.FIGHTER_OUT_OF_ACTION("A fighter out of action cannot make reactions.",
                                               cite("out_of_action_adv")))
    if d["name"].strip().lower() == PLUNDER:
        out.extend(_check_plunder(rs, state, event))
    named = reaction_card(state, event.by, d)
    card = rs.cards.lookup(state, event.by, "power", named)
    cstep = card_step(card)
    if card is not None and card.get("play") == "power_step":
        out.append(V.NOT_A_REACTION(f"{card['name']} is played in a power step, not as a reaction.",
                                    f"Card: {card['name']}" + (f" ({card['number']})" if card.get("number") else "")))
    if card is not None and cstep and cstep != step:  # (a card's step: none without its card)
        out.append(V.WRONG_REACTION_STEP(f"{card['name']} is used {REACTION_STEPS.get(cstep, cstep)}.", cite("reactions")))
    out.extend(check_when(state, event.by, card, fid))
    if named and card is not None and card.get("type") in ("ploy", "spell"):
        if state["phase"] == "end":
            out.append(V.NO_GAMBITS_IN_END_PHASE("Players cannot use gambits in the end phase.", cite("end_phase_adv")))
        out.extend(rs.cards.check_in_hand(state, event.by, "power", named, cite("reactions")))
    if d.get("casting_roll") is not None:
        out.extend(spells.check(rs, state, d.get("fighter"), d["casting_roll"], d.get("casting_value")))
    return out


# -- reaction_when: a card's own conditions ---------------------------------------------------------------
# Content cards may narrow their reaction step with `reaction_when` (content/README.md, Reactions): who attacked,
# who was targeted, whose fighter acted, whether the Attack action succeeded, who played the card that opened the
# step. A condition is checked when the open window's context says it (an attack's window knows its attacker,
# target and outcome; a power step's window who played which card); otherwise it is left to the table. An unmet
# condition is an overridable Violation citing the card: cards beat rules, so the table can still say otherwise.

WHEN_WORDS = {"attacker": "the attacker", "target": "the target", "fighter": "the fighter"}
# Reaction steps where the fighter who acted is the attacker when the window came from an Attack action.
ACTIVATION_STEPS = ("after_action", "after_activation")


def this_fighter(state: UnderworldsState, seat: str, card: dict[str, Any] | None, fighter: str | None) -> str | None:
    """The fighter a card's "this" means: the fighter named in the reaction, else the friendly fighter holding
    the upgrade; None when neither is known."""
    if fighter:
        return fighter
    holders = [f for f, v in state["fighters"].items() if v["seat"] == seat and (card or {}).get("name") in v["upgrades"]]
    return holders[0] if len(holders) == 1 else None


def _who(window: ReactionWindow, key: str, card_step_id: str | None) -> str | None:
    ctx = window.get("context") or {}
    if key == "fighter":
        fighter: str | None = ctx.get("fighter")
        if fighter:
            return fighter
        return ctx.get("attacker") if card_step_id in ACTIVATION_STEPS else None
    return ctx.get(key)


def _relation(state: UnderworldsState, seat: str, fid: str, want: str, this: str | None) -> bool | None:
    """Is `fid` the wanted kind of fighter for `seat`? None when "this" is not known."""
    if want == "any":
        return True
    if want == "friendly":
        return seat_of(fid) == seat
    if want == "enemy":
        return seat_of(fid) != seat
    if want == "this":
        return None if this is None else fid == this
    return None


def unmet_conditions(state: UnderworldsState, seat: str, card: dict[str, Any] | None,
                     fighter: str | None = None) -> list[str]:
    """The card's `reaction_when` conditions the open window shows are NOT met, in words ([] when all met or not
    checkable from what the app knows)."""
    when = (card or {}).get("reaction_when") or {}
    window = state.get("reaction")
    if not when or not window:
        return []
    ctx = window.get("context") or {}
    step = card_step(card)
    this = this_fighter(state, seat, card, fighter)
    out: list[str] = []
    for key in ("attacker", "target", "fighter"):
        want = when.get(key)
        fid = _who(window, key, step) if want else None
        if fid and want and fid in state["fighters"] and _relation(state, seat, fid, want, this) is False:
            kind = {"this": "this fighter", "friendly": "a friendly fighter", "enemy": "an enemy fighter"}[want]
            out.append(f"{WHEN_WORDS[key]} must be {kind}")
    if when.get("not_target") == "this" and ctx.get("target") and this and ctx["target"] == this:
        out.append("this fighter must not be the target")
    success = ctx.get("success")
    if when.get("outcome") in ("succeeded", "failed") and isinstance(success, bool):
        if success != (when["outcome"] == "succeeded"):
            out.append(f"the Attack action must have {when['outcome']} (it {'succeeded' if success else 'failed'})")
    if when.get("target_leader") and ctx.get("target") in state["fighter_cards"]:
        if not state["fighter_cards"][ctx["target"]].get("leader"):
            out.append("the target must be a leader")
    if when.get("took_out_of_action") and "out_of_action" in ctx:
        taken = ctx["out_of_action"] or []
        if (ctx.get("target") not in taken) if ctx.get("target") else not taken:
            out.append("it must have taken a fighter out of action")
    cause = when.get("cause")
    if cause in ("attack", "ploy") and ("attacker" in ctx or "play" in ctx):
        actual = "attack" if "attacker" in ctx else ctx.get("play")
        if actual != cause:
            out.append(f"it must have been caused by {'an Attack action' if cause == 'attack' else 'a ploy'}")
    out += _more_unmet(state, window, when, step)
    player = when.get("player")
    if player in ("friendly", "enemy") and ctx.get("seat") in state["seats"]:
        if (ctx["seat"] == seat) != (player == "friendly"):
            out.append(f"the card that opened this step must have been played by {'you' if player == 'friendly' else 'an opponent'}")
    return out


RANGE_WORDS = {"melee": "Range 1-2", "range_1": "Range 1", "ranged": "Range 3+"}
ACTION_WORDS = {"move": "a Move action", "charge": "a Charge action", "attack": "an Attack action",
                "guard": "a Guard action"}


def _more_unmet(state: UnderworldsState, window: ReactionWindow, when: dict[str, Any], step: str | None) -> list[str]:
    """The action, range, fighter states and card type conditions (content/README.md, Reaction triggers) that the
    window's context shows are not met; an `ask` part is the players' to judge."""
    ctx = window.get("context") or {}
    out: list[str] = []
    action = when.get("action")
    done = ctx.get("action") or ("attack" if ctx.get("attacker") else None)
    if ctx.get("charge") and done == "attack":
        done = "charge"
    if action and action != "any" and done and done != action:
        out.append(f"it follows {ACTION_WORDS[action]}")
    wanted = when.get("range")
    rng = ctx.get("range")
    if wanted in RANGE_WORDS and isinstance(rng, int) and not range_fits(wanted, rng):
        out.append(f"the Attack action must be {RANGE_WORDS[wanted]}")
    for key, who in (("attacker_is", "attacker"), ("target_is", "target"), ("fighter_is", "fighter")):
        fid = _who(window, who, step)
        states = when.get(key) or []
        if states and fid in state["fighters"]:
            missing = [s for s in states if not conditions.fighter_is(state, fid, s)]
            if missing:
                out.append(f"{WHEN_WORDS[who]} must be {' and '.join(s.replace('_', ' ') for s in missing)}")
    card_type = when.get("card_type")
    played = ctx.get("play")
    if card_type and played in ("ploy", "spell", "upgrade"):
        ok = played in ("ploy", "spell") if card_type == "gambit" else played == card_type
        if not ok:
            out.append(f"it follows a {card_type} being played")
    return out


def check_when(state: UnderworldsState, seat: str, card: dict[str, Any] | None,
               fighter: str | None = None) -> list[Violation]:
    """An overridable Violation citing the card when its `reaction_when` is not met in the open window."""
    unmet = unmet_conditions(state, seat, card, fighter)
    if not unmet or card is None:  # (a card of None has no conditions: nothing is unmet)
        return []
    return [V.REACTION_CONDITION_NOT_MET(f"{card['name']} cannot be used now: {'; '.join(unmet)}.",
                                         f"Card: {card['name']} (its reaction condition)")]


def _check_plunder(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    d = event.data
    if d["step"] != "after_out_of_action":
        return [V.WRONG_REACTION_STEP("Plunder is used after the out of action check.", cite("plunder"))]
    window: ReactionWindow | dict[str, Any] = state.get("reaction") or {}
    ctx = window.get("context") or {}
    if (ctx.get("target_feature") and ctx.get("target") in (ctx.get("out_of_action") or [])
            and seat_of(ctx.get("attacker") or "") == event.by):
        return [V.HEX_HAS_FEATURE_TOKEN(f"Feature token {ctx['target_feature']} is in the hex the target was in: a "
                                        "feature token cannot be placed in a hex that contains another feature token.",
                                        cite("features_adv"))]
    avail = plunder_possible(state, event.by)
    if not avail:
        return [V.PLUNDER_NOT_OPEN("Plunder needs your fighter's Attack action to have just taken the "
                                   "target out of action, and an available feature token.", cite("plunder"))]
    feat = d.get("feature")
    if feat is None:
        return [V.PLUNDER_NEEDS_TOKEN("Say which available feature token you place.", cite("plunder"))]
    if feat not in avail:
        return [V.FEATURE_NOT_AVAILABLE(f"Feature token {feat} is not available.", cite("plunder"))]
    if d.get("face") and d["face"] not in plunder_faces(state, feat):
        return [V.NO_SUCH_FACE(f"Feature token {feat} has no {d['face']} side.", cite("features_adv"))]
    return []


def reaction_card(state: UnderworldsState, seat: str, d: dict[str, Any]) -> str | None:
    """The power card a reaction plays: the one it names as `card`, else the deck's card whose name it was typed
    as (any case), so a gambit played by name leaves the hand like one picked from the list."""
    named: str | None = d.get("card")
    if named:
        return named
    deck = state["decks"].get(seat)
    typed = str(d.get("name") or "").strip().casefold()
    if not deck or not typed:
        return None
    return next((name for name in deck["power"] if name.casefold() == typed), None)


def apply_reaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Add the reaction to the chain; Plunder places its feature token."""
    d = event.data
    if state.get("reaction") is None:  # overridden: a card allows a reaction here; record it in its own step
        open_window(state, [d["step"]])
    window = the_window(state)
    step = d["step"]
    window["acted"].setdefault(event.by, []).append(step)
    window["chain"].append({"seat": event.by, "step": step, "name": d["name"], "card": d.get("card"),
                            "secondary": step == "after_reaction"})
    # Reacting to a reaction (pg 35): this reaction opens a new reaction step (a secondary chain), so players who
    # passed may react to it; their pass still holds for the steps they passed in.
    window["passed_primary"] = sorted({*window.get("passed_primary", []), *window["passed"]})
    window["passed"] = []
    cons = []
    if d["name"].strip().lower() == PLUNDER:
        feat = state["features"][d["feature"]]
        feat["on_board"] = True
        feat["fighter"] = None
        face = d.get("face") or ("objective" if feat["value"] else "cover")
        feat["face"] = face
        cons.append(Consequence("feature_placed", {"feature": d["feature"], "face": face,
                                                   "where": "hex the target was in"}, rs.edition.rule("plunder")))
    named = reaction_card(state, event.by, d)
    card = rs.cards.lookup(state, event.by, "power", named)
    if d.get("casting_roll") is not None and d.get("fighter"):  # a spell reaction: the casting sequence
        value = d.get("casting_value") or (card or {}).get("casting") or (card or {}).get("cast")
        spell_cons, _ = spells.cast(rs, state, d["fighter"], d["casting_roll"], value, d["name"])
        cons.extend(spell_cons)
    if named and (card is None or card.get("type") in ("ploy", "spell")):
        rs.cards.spend_from_hand(state, event.by, "power", named, discard=True)
    # The window stays open even when everyone has reacted: each reaction opens an after_reaction step
    # (a secondary chain), which ends with passes or the next game event.
    return cons


def apply_pass(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """The seat passes for the rest of this window; the window closes once everyone has passed or reacted."""
    window = the_window(state)
    if event.by not in window["passed"]:
        window["passed"].append(event.by)
    if all(s in window["passed"] for s in window["order"]):
        close_window(state)
        return [Consequence("reaction_step_closed", {}, rs.edition.rule("reaction_limits"))]
    return []


def check_pass(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Passing needs an open window you have not passed in (nothing to override: passing changes no rule)."""
    window = state.get("reaction")
    if not window:
        return [V.NO_REACTION_STEP("There is no open reaction step right now.",
                                   rs.edition.rule("reaction_steps"), overridable=False)]
    if event.by in window["passed"]:
        return [V.ALREADY_PASSED("You already passed in this reaction step.",
                                 rs.edition.rule("reaction_limits"), overridable=False)]
    return []


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def suggest_reactions(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    w = present(state, "reaction")
    if seat in w["passed"]:
        return []
    open_steps = [s for s in window_steps(w) if not used_step(w, seat, s)
                  and (s == "after_reaction" or seat not in w.get("passed_primary", []))]
    out = [Suggestion("reaction_pass", seat, "No reaction", {}, group="Reaction", is_pass=True)]
    if not open_steps:
        return out
    if "after_out_of_action" in open_steps:
        for key in plunder_possible(state, seat):
            out.append(Suggestion("reaction", seat, f"Plunder: place feature token {key}",
                                  {"step": "after_out_of_action", "name": "plunder", "feature": key},
                                  choices={"face": plunder_faces(state, key)}, group="Reaction"))
    if state["decks"].get(seat):
        out += card_reactions(rs, state, seat, open_steps)
    out.append(Suggestion("reaction", seat, "Another reaction (name it)", {},
                          choices={"step": open_steps}, bounds={"name": typed_name_field(rs, state, seat)},
                          group="Reaction"))
    return out


# The group of the reactions a player can make from the cards it said it holds: shown first, one tap each.
HAND_GROUP = "Reaction: in your hand"


def timing_unknown(card: dict[str, Any]) -> bool:
    """Our content gives neither the card's reaction step nor its effect (a deck known by names only), so it may be
    a reaction used in any reaction step; a card whose effect is written and names no step is not a reaction."""
    return card.get("type") == "ploy" and not any(card.get(k) for k in ("reaction", "effect", "play"))


def card_reactions(rs: UnderworldsRuleset, state: UnderworldsState, seat: str,
                   open_steps: list[str]) -> list[Suggestion]:
    """Reactions from the seat's power cards, each offered only when check() accepts it now (its step, the end
    phase, its `reaction_when`...): first the gambits the player said it holds (HAND_GROUP), then the deck's other
    gambits whose reaction step is open, then the upgrades' reactions from the fighters that have them.

    A gambit reaction is revealed from the hand (Deathgorge rulebook, Reactions pg 34), so the held ones come first.
    A held ploy whose reaction step our content does not give is offered with the open steps to choose from (the
    player reads the step on the card); one the content gives a step for is offered only in that step."""
    deck = state["decks"][seat]
    s = state["seats"][seat]
    held: list[Suggestion] = []
    others: list[Suggestion] = []
    upgrades: list[Suggestion] = []
    told = set(s["cards"]["power"])

    def legal(data: dict[str, Any]) -> bool:
        # The one choice a card's effect needs (card_effects.py) is asked with the suggestion, not refused here.
        return not [v for v in rs.check(state, Event("reaction", seat, data)) if v.code != "card_choice_needed"]

    if s["hand"]["power"] > 0:
        for name in cardmod.names(state, seat, "power"):
            card = deck["power"][name]
            # An upgrade's reaction is used once it is given to a fighter (below), not from the hand.
            if card.get("type") == "upgrade":
                continue
            base = {"name": name, "card": name}
            group = HAND_GROUP if name in told else "Reaction"
            if card_step(card) in open_steps and legal({**base, "step": card_step(card)}):
                (held if name in told else others).append(
                    Suggestion("reaction", seat, f"React: {name}", {**base, "step": card_step(card)}, group=group))
            elif name in told and timing_unknown(card):
                steps = [st for st in open_steps if legal({**base, "step": st})]
                if len(steps) == 1:
                    held.append(Suggestion("reaction", seat, f"React: {name}", {**base, "step": steps[0]}, group=group))
                elif steps:
                    held.append(Suggestion("reaction", seat, f"React: {name}", base, choices={"step": steps},
                                           group=group))
    for fid in surviving(state, seat):
        for name in state["fighters"][fid]["upgrades"]:
            card = deck["power"].get(name)
            data = {"step": card_step(card), "name": name, "card": name, "fighter": fid}
            if card and card_step(card) in open_steps and legal(data):
                upgrades.append(Suggestion("reaction", seat, f"React: {name} ({fighter_name(state, fid)})", data,
                                           group="Reaction"))
    return held + others + upgrades


def typed_name_field(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> dict[str, Any]:
    """The typed reaction's name field. With the seat's whole deck known, it lists the names that are not a typo:
    the deck's power cards and, where the edition has it, Plunder (a reaction any player can use: Deathgorge
    rulebook, Advanced rules, Plunder pg 24), so a client can ask once before it sends a name that matches none of
    them (a fighter's own reaction, or a typo)."""
    field = {"type": "str", "max_length": 120}
    deck = state["decks"].get(seat)
    if deck and not cardmod.is_partial(state, seat):
        field["cards"] = sorted(deck["power"]) + (["Plunder"] if rs.edition.plunder else [])
    return field
