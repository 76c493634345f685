"""Steps of the turn the active player closes by going on: "done ordering", "done moving", "done attacking".

The core (core.Ruleset.settle) asks `implied_pass` when an event the rules allow only in a later step of the
main phase is entered; each step it closes is the `end_step` the player would have entered, logged as a
`passes_inferred` consequence with its rule, so a replay is the same as with explicit steps.

Why each step may close without comment (BattleLore 2E rules summary, Main phase):
- the order step: the command card says which units you *may* order, and an ordered unit "may move ... and
  attack ... (but is not required to do either)" (Order step): a move or an attack ends the ordering;
- the move step: "you must resolve movement for all ordered units before proceeding to the Attack step"
  (Move step): an ordered unit that does not move has resolved its movement by staying, so the first attack
  ends the moving;
- the attack step: "each of your ordered units *may* perform 1 attack" (Attack step): the Victory point step,
  the first step of the upkeep phase, ends the attacking.
- the advance after a combat: the attacking unit "may advance" (Combat, 8. Advance; Advance): the attacking
  player going on to the next attack or to the upkeep stays.
Never closed for a player: the command step (a card must be played: a decision), an open combat (the target's
player resolves it), the upkeep's lore step (a choice of three).
"""
from __future__ import annotations

from ..core import Event, ImpliedPass
from . import rules
from .types import BattleLoreState

# The main phase's steps in order, and the step each event of the sequence belongs to.
STEPS = ("order", "move", "attack", "vp")
STEP_OF = {"move": "move", "attack": "attack", "score_vp": "vp"}
RULE_OF = {"order": rules.ORDER, "move": rules.MOVE, "attack": rules.ATTACK_STEP}


def implied_pass(state: BattleLoreState, event: Event) -> ImpliedPass | None:
    """The `end_step` closing the open order, move or attack step before `event` of a later step, or the attacking
    player's "stay" when an advance is open (None: no such step is open, the target's player has the combat, or the
    event belongs to the open step or is not the active player's)."""
    if state["phase"] != "main" or event.by != state["active"]:
        return None
    target = STEP_OF.get(event.type)
    combat = state["combat"]
    if combat:
        if combat["stage"] == "advance" and combat["waiting"] == event.by and target in ("attack", "vp"):
            return ImpliedPass(Event("decline", event.by, {"window": "advance"}), "advance", rules.ADVANCE)
        return None  # the target's player resolves the hits or chooses to counter
    step = state["step"]
    if target is None or step not in RULE_OF or STEPS.index(step) >= STEPS.index(target):
        return None
    return ImpliedPass(Event("end_step", event.by, {}), step, RULE_OF[step])
