"""The activation step: fighter activations (Move, Attack, Charge, Guard, Stun, Barge, card actions) and
player actions (draw a power card, discard and draw an objective, pass).

`activate {action, fighter, target?, attacks?, lethal?, snare?, name?}`:
  move    Move token (not part of a Charge); `lethal` hexes moved into deal 1 damage each (not to flyers),
          `snare` staggers.
  attack  an Attack action: the `attack` event(s) that follow carry the rolls (pending until entered).
          `attacks`: Scything makes one Attack action per adjacent enemy fighter (default 1).
  charge  superaction: Guard removed, Move, Charge token, then the Attack action (pending). Not with a Move token.
  guard   Guard token (removes Stagger); not if already on Guard.
  stun    `target`: an enemy fighter with no Stagger tokens is staggered.
  barge   superaction: Move (Move token), Stun `target`, then the barging fighter is staggered.
  ability an action from a fighter or upgrade card (`name`); its effects are entered as events.
A fighter with a Charge token cannot be activated unless every surviving friendly fighter has one, and then
makes no superaction. Fighters out of action cannot be activated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import cards as cardmod
from . import effects, lethal, reactions, spells, tally, turns
from . import violations as V
from .state import UnderworldsState, enemies, fighter_name, present, profiles, profiles_unknown, seat_of, surviving
from .templates import legal

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def _turn_violations(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    if state["phase"] != "action" or state["step"] not in ("activation",):
        where = "a power step" if state["step"] == "power" else f"the {state['phase']} phase"
        return [V.NOT_ACTIVATION_STEP(f"Activations are taken in the activation step, not in {where}.",
                                      cite("activation_step"))]
    out = []
    if event.by != turns.active_seat(state):
        out.append(V.NOT_YOUR_TURN(f"It is {turns.active_seat(state)}'s turn.", cite("action_phase"), overridable=True))
    if state.get("pending"):
        out.append(V.ATTACK_PENDING("Enter the Attack action of this activation first.", cite("combat")))
    if state["seats"][event.by]["activations_left"] < 1:
        out.append(V.NO_ACTIVATIONS_LEFT("You have used all your activations this phase.", cite("activation_step")))
    return out


def check_activate(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Whose turn, activations left, and the rules of the chosen action."""
    cite = rs.edition.rule
    d = event.data
    out = _turn_violations(rs, state, event)
    fid = d["fighter"]
    action = d["action"]
    if action not in rs.edition.actions:
        return out + [V.NO_SUCH_ACTION(f"{action} is not an action in these rules.", cite("activation_step"))]
    if seat_of(fid) != event.by:
        return out + [V.NOT_FRIENDLY("You can only activate your own fighters.", cite("activation_step"))]
    f = state["fighters"][fid]
    if f["out"]:
        return out + [V.FIGHTER_OUT_OF_ACTION(f"{fid} is out of action and cannot be activated.",
                                              cite("out_of_action_adv"))]
    tokens = f["tokens"]
    if tokens["charge"] and not rs.edition.charge_token_blocks_activation:
        others = surviving(state, event.by)
        if not all(state["fighters"][o]["tokens"]["charge"] for o in others):
            out.append(V.CHARGE_TOKEN("A fighter with a Charge token cannot be activated unless every "
                                      "surviving friendly fighter has one.", cite("charge_token")))
        # Advanced rules, Scything (pg 25): a Scything Attack action with more than one target is a superaction.
        if action in rs.edition.superactions or (action == "attack" and (d.get("attacks") or 1) > 1):
            out.append(V.NO_SUPERACTION_AFTER_CHARGE("A fighter with a Charge token cannot make a "
                                                     "superaction.", cite("charge_token")))
    if action == "charge" and tokens["move"]:
        out.append(V.MOVED_CANNOT_CHARGE("A fighter with a Move token cannot make a Charge superaction.", cite("move")))
    if action in ("charge", "attack") and not effects.profiles_of(state, fid) and not profiles_unknown(state, fid):
        out.append(V.NO_ATTACK_ACTION(f"{fid} has no Attack action.", cite("attack")))
    elif action in ("charge", "attack") and not enemies(state, event.by):
        # Advanced rules, Attack actions (pg 20): a fighter must have a target to make an Attack action, and a
        # Charge needs its Attack action to be possible (Advanced rules, Charge superaction pg 27).
        out.append(V.NO_TARGET("There is no enemy fighter on the battlefield to target.", cite("attack")))
    if action == "guard" and tokens["guard"]:
        out.append(V.ALREADY_ON_GUARD("A fighter on Guard cannot make a Guard action.", cite("guard")))
    if action in ("stun", "barge"):
        target = d.get("target")
        if not target:
            out.append(V.TARGET_NEEDED("Choose the adjacent enemy fighter to stun.", cite("stun")))
        elif seat_of(target) == event.by:
            out.append(V.NOT_ENEMY("Stun chooses an enemy fighter.", cite("stun")))
        elif state["fighters"][target]["out"]:
            out.append(V.TARGET_OUT_OF_ACTION(f"{target} is out of action.", cite("out_of_action_adv")))
        elif state["fighters"][target]["tokens"]["stagger"]:
            out.append(V.TARGET_STAGGERED("Stun chooses an enemy fighter with no Stagger tokens.",
                                          cite("stun" if action == "stun" else "barge")))
    if d.get("target") and action not in ("stun", "barge", "ability"):
        out.append(V.UNEXPECTED_TARGET("Attack targets are entered with the attack itself.", cite("attack")))
    if action == "ability" and not d.get("name"):
        out.append(V.NAME_NEEDED("Name the action from the card.", cite("activation_step")))
    if d.get("casting_roll") is not None:
        if action != "ability":
            out.append(V.NOT_A_SPELL("Only an action from a card can be a spell.", cite("spells")))
        out.extend(spells.check(rs, state, fid, d["casting_roll"], d.get("casting_value")))
    return out


def token_rules_2018(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """2018/2019: a Charge token stops every further activation; a Move token stops Move actions too. The older
    editions' ruleset adds these to every activation's verdict, whatever else stops it (game over, a drive back
    choice to make first); `check_activate` leaves out its own Charge token rules where they apply."""
    cite = rs.edition.rule
    d = event.data
    f = state["fighters"][d["fighter"]]
    out = []
    if rs.edition.charge_token_blocks_activation and f["tokens"]["charge"] and not f["out"]:
        out.append(V.CHARGE_TOKEN("A fighter that made a Charge action cannot be activated again "
                                  "this phase.", cite("charge_token")))
    elif rs.edition.charge_token_blocks_activation and not f["out"] and _returned_after(rs, state, d["fighter"], "charges"):
        out.append(V.CHARGE_TOKEN("This fighter charged earlier this phase, before it was taken out of action and "
                                  "returned: it still cannot be activated again this phase.", cite("returned_fighter")))
    if rs.edition.move_token_blocks_move and d["action"] == "move" and f["tokens"]["move"]:
        out.append(V.MOVED_CANNOT_MOVE("A fighter with a Move token cannot make another Move action "
                                       "this phase.", cite("tokens")))
    elif rs.edition.move_token_blocks_move and d["action"] == "move" and _returned_after(rs, state, d["fighter"], "moves"):
        out.append(V.MOVED_CANNOT_MOVE("This fighter moved earlier this phase, before it was taken out of action and "
                                       "returned: it still cannot make another Move action.", cite("returned_fighter")))
    return out


def _returned_after(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, fact: str) -> bool:
    """The fighter did `fact` (moves, charges) this action phase, though its tokens were cleared since (taken out
    of action and returned: 2018 Shadespire FAQ)."""
    return (rs.edition.returned_keeps_actions and state["phase"] == "action"
            and fid in tally.who(state, "phase", seat_of(fid), fact))


def in_sequence(state: UnderworldsState, seat: str) -> bool:
    """The game is at `seat`'s activation step, waiting for its activation."""
    return (state["phase"] == "action" and state["step"] == "activation" and not state.get("pending")
            and seat == turns.active_seat(state))


def apply_activate(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Resolve the action's tokens; an Attack action or Charge waits for its attack event(s).

    Out of sequence (overridden: a card lets a fighter act without being activated, pg 29) the action has its
    effects but uses no activation and does not move the turn on; its Attack actions are granted (no override
    needed for the attack events)."""
    cite = rs.edition.rule
    d = event.data
    fid, action = d["fighter"], d["action"]
    if not in_sequence(state, event.by):
        return _granted_action(rs, state, event)
    cons = turns.activation_taken(rs, state, event.by)
    steps = ["after_action", "after_activation"]
    if action == "move":
        cons.extend(_move(rs, state, fid, d, token="move"))
    elif action == "guard":
        effects.give_token(rs, state, fid, "guard", cons)
    elif action == "stun":
        effects.give_token(rs, state, d["target"], "stagger", cons)
        cons.append(Consequence("staggered", {"fighter": d["target"], "by": fid}, cite("stun")))
    elif action == "barge":
        cons.extend(_move(rs, state, fid, d, token="move"))
        if not state["fighters"][fid]["out"]:
            effects.give_token(rs, state, d["target"], "stagger", cons)
            effects.give_token(rs, state, fid, "stagger", cons)
            cons.append(Consequence("staggered", {"fighter": d["target"], "by": fid}, cite("barge")))
            cons.append(Consequence("staggered", {"fighter": fid, "by": "barge"}, cite("barge")))
    elif action == "charge":
        tokens = state["fighters"][fid]["tokens"]
        if tokens["guard"]:
            tokens["guard"] = 0
            cons.append(Consequence("guard_removed", {"fighter": fid}, cite("charge")))
        cons.extend(_move(rs, state, fid, d, token="charge"))
        cons.append(Consequence("charge_token", {"fighter": fid}, cite("charge")))
        if not state["fighters"][fid]["out"]:
            state["pending"] = {"attacker": fid, "left": d.get("attacks") or 1, "charge": True, "superaction": True}
            reactions.open_window(state, ["after_action"], {"fighter": fid, "action": "move"})
            return cons
    elif action == "attack":
        # Scything against two or more targets is a superaction (Advanced rules, Scything), as a Charge is.
        state["pending"] = {"attacker": fid, "left": d.get("attacks") or 1, "charge": False,
                            "superaction": (d.get("attacks") or 1) > 1}
        return cons
    elif action == "ability" and d.get("casting_roll") is not None:
        spell_cons, spell_steps = spells.cast(rs, state, fid, d["casting_roll"], d.get("casting_value"), d.get("name"))
        cons.extend(spell_cons)
        steps = spell_steps + steps
    cons.extend(turns.finish_activation(rs, state))
    reactions.open_window(state, steps, {"fighter": fid, "action": action})
    return cons


def _granted_action(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    cite = rs.edition.rule
    d = event.data
    fid, action = d["fighter"], d["action"]
    cons = [Consequence("action_without_activation", {"fighter": fid, "action": action}, cite("gambits"))]
    if action in ("move", "barge", "charge"):
        if action == "charge" and state["fighters"][fid]["tokens"]["guard"]:
            state["fighters"][fid]["tokens"]["guard"] = 0
        cons.extend(_move(rs, state, fid, d, token="charge" if action == "charge" else "move"))
    if action == "guard":
        effects.give_token(rs, state, fid, "guard", cons)
    if action in ("stun", "barge") and d.get("target") and not state["fighters"][fid]["out"]:
        effects.give_token(rs, state, d["target"], "stagger", cons)
        if action == "barge":
            effects.give_token(rs, state, fid, "stagger", cons)
    if action in ("attack", "charge") and not state["fighters"][fid]["out"]:
        granted = state.setdefault("granted", {})
        granted[fid] = granted.get(fid, 0) + (d.get("attacks") or 1)
    reactions.open_window(state, ["after_action"], {"fighter": fid, "action": action})
    return cons


def _move(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, d: dict[str, Any],
          token: str) -> list[Consequence]:
    """A Move action: the token (Move, or Charge in a Charge), lethal hexes entered, snare hexes."""
    cons: list[Consequence] = []
    effects.leave_feature(state, fid)
    state["fighters"][fid]["tokens"][token] += 1
    cons.extend(lethal.enter_lethal_hexes(rs, state, fid, d.get("lethal") or 0, moving=True))
    if d.get("snare") and not state["fighters"][fid]["out"]:
        effects.give_token(rs, state, fid, "stagger", cons)
        cons.append(Consequence("staggered", {"fighter": fid, "by": "snare hex"}, rs.edition.rule("stagger")))
    return cons


def check_player_action(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Player actions use an activation; swapping an objective needs one in hand."""
    out = _turn_violations(rs, state, event)
    action = event.data["action"]
    if action not in rs.edition.player_actions:
        out.append(V.NO_SUCH_ACTION(f"{action} is not a player action in these rules.",
                                    rs.edition.rule("player_actions")))
    if action == "swap_objective" and state["seats"][event.by]["hand"]["objectives"] < 1:
        out.append(V.NO_CARD_IN_HAND("You have no objective card to discard.", rs.edition.rule("player_actions")))
    return out


def apply_player_action(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Draw a power card / discard and draw an objective / pass; an empty deck cannot be drawn from.
    Out of sequence (overridden) only the effect happens: no activation is used, the turn does not move on."""
    cite = rs.edition.rule
    normal = in_sequence(state, event.by)
    cons = turns.activation_taken(rs, state, event.by) if normal else []
    action = event.data["action"]
    if action == "draw_power":
        got = cardmod.draw(state, event.by, "power", 1)
        cons.append(Consequence("cards_drawn", {"seat": event.by, "power": got}, cite("player_actions")))
    elif action == "swap_objective":
        cardmod.spend_from_hand(state, event.by, "objectives", None, discard=True)
        got = cardmod.draw(state, event.by, "objectives", 1)
        cons.append(Consequence("cards_drawn", {"seat": event.by, "objectives": got}, cite("player_actions")))
    if not normal:
        return cons
    cons.extend(turns.finish_activation(rs, state))
    reactions.open_window(state, ["after_action", "after_activation"], {"player_action": action})
    return cons


def check_abandon(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only a pending Attack action can be abandoned (a reaction made it impossible to finish)."""
    pending = state.get("pending")
    if not pending:
        return [V.NOTHING_PENDING("There is no Attack action waiting to be entered.", rs.edition.rule("combat"))]
    if seat_of(pending["attacker"]) != event.by:
        return [V.NOT_YOUR_TURN("Only the attacking player ends their Attack action.", rs.edition.rule("combat"),
                                overridable=False)]
    return []


def apply_abandon(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """The action ends unresolved; the fighter still made it. The activation step ends."""
    fid = present(state, "pending")["attacker"]
    cons = [Consequence("attack_abandoned", {"fighter": fid}, rs.edition.rule("reactions"))]
    cons.extend(turns.finish_activation(rs, state))
    reactions.open_window(state, ["after_action", "after_activation"], {"fighter": fid, "action": "attack"})
    return cons


# -- suggestions --------------------------------------------------------------------------------

def suggest_activations(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The activations and player actions `check_activate` / `check_player_action` accept now (suggest.py)."""
    out = []
    actions = rs.edition.actions
    enemy_ids = enemies(state, seat)
    for fid in surviving(state, seat):
        tokens = state["fighters"][fid]["tokens"]
        group = f"Activate {fighter_name(state, fid)}"
        # Attack and Charge are offered for a fighter whose Attack actions are known (the template needs them).
        has_attack = bool(profiles(state, fid)) and bool(enemy_ids)

        def add(action: str, label: str, fid: str = fid, group: str = group,
                **extra: Any) -> None:  # this fighter's, bound now
            data = {"action": action, "fighter": fid, **extra.pop("data", {})}
            out.append(Suggestion("activate", seat, label, data, group=group, **extra))
        if "move" in actions:
            add("move", "Move")
        if "attack" in actions and has_attack:
            add("attack", "Attack")
        if "charge" in actions and has_attack:
            add("charge", "Charge")
        if "guard" in actions:
            add("guard", "Guard")
        if "stun" in actions and enemy_ids:
            add("stun", "Stun", choices={"target": list(enemy_ids)})
        if "barge" in actions and enemy_ids:
            add("barge", "Barge", choices={"target": list(enemy_ids)})
        # Two or more Scything targets are a superaction, which a Charge token rules out; the template's sample
        # (one target) would pass that check, so the Charge token is read here.
        if ("attack" in actions and enemy_ids and not tokens["charge"]
                and any("scything" in (p.get("keywords") or []) for p in profiles(state, fid))):
            add("attack", "Attack (Scything)", bounds={"attacks": {"type": "int", "min": 1, "max": min(6, len(enemy_ids))}})
        if "ability" in actions:
            add("ability", "Action from a card", bounds={"name": {"type": "str"}})
    labels = {"draw_power": "Draw a power card", "swap_objective": "Discard and draw an objective",
              "pass": "Pass (forfeit the activation)"}
    for action in rs.edition.player_actions:
        if action == "swap_objective" and state["seats"][seat]["hand"]["objectives"] < 1:
            continue
        out.append(Suggestion("player_action", seat, labels.get(action, action), {"action": action},
                              group="Player action"))
    return legal_offers(rs, state, out)


def legal_offers(rs: UnderworldsRuleset, state: UnderworldsState, offers: list[Suggestion]) -> list[Suggestion]:
    """The offers `check_activate` accepts (templates.legal for each), with the Stun targets checked once.

    A Stun chooses "one enemy fighter with no Stagger tokens adjacent to that fighter" (Deathgorge rulebook, Stun
    action pg 26) and a Barge makes a Move action then that Stun action (Barge superaction pg 26): adjacency is the
    table's to judge, so which enemies may be chosen (on the battlefield, no Stagger tokens) is the same for every
    Stun and Barge of the seat, and nothing else `check_activate` asks depends on the target. Once one offer has
    had each target checked and kept some, each other Stun or Barge is checked once, with a target known to be
    legal: it passes with the same targets, or it is refused whatever the target. Only where the event meets the
    game as it is (no optional step for it to close first: Ruleset.settle), so one check answers for every target."""
    targets: list[str] | None = None
    out = []
    for sugg in offers:
        if sugg.data.get("action") in ("stun", "barge") and targets is not None and _judged_here(rs, state, sugg):
            found = None if rs.check(state, Event(sugg.type, sugg.by, {**sugg.data, "target": targets[0]})) else sugg
            if found:
                found.choices["target"] = list(targets)  # (as legal() keeps a template's legal choices)
        else:
            found = legal(rs, state, sugg)
            if found and found.data.get("action") in ("stun", "barge") and _judged_here(rs, state, found):
                targets = found.choices["target"]
        if found:
            out.append(found)
    return out


def _judged_here(rs: UnderworldsRuleset, state: UnderworldsState, sugg: Suggestion) -> bool:
    return rs.implied_pass(state, Event(sugg.type, sugg.by, sugg.data)) is None
