"""Effects the table enters by hand (a card, a lethal hex, an ability): damage, heal, out of action, returned
fighters, tokens and counters, pushes, where fighters stand and feature tokens; plus the token rules the rest
of the engine shares (`give_token`).

Events handled here (each names the fighter "<seat>.<slug>"; Inspire is in inspire.py):
  damage {fighter, amount, source, dealt_by?}   heal {fighter, amount}
  token {fighter, token: move|charge|guard|stagger|raise, action: give|remove}
  counter {fighter, name, action: give|remove, count}   named counters (pg 19), kept as counters {name: n}
  return_fighter {fighter}
  push {fighter, hexes, into?: none|lethal|snare}   (lethal: 1 damage; snare: stagger)
  position {fighter, feature?}  the fighter now stands on that feature token (or on none)
  feature {feature, action: flip|place|remove, face?}
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import damage, lethal
from . import violations as V
from .per_state import once_per_state
from .reactions import add_steps, open_window
from .state import TOKENS, FeatureToken, UnderworldsState, fighter_name, profiles, surviving, traits

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

# -- shared mechanics (used by attacks, power cards and these events) ----------------------------

def give_token(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, token: str,
               cons: list[Consequence] | None = None) -> None:
    """Give a token: Guard removes Stagger, Stagger removes Guard (pg 25, 27)."""
    tokens = state["fighters"][fid]["tokens"]
    tokens[token] += 1
    if token == "guard" and tokens["stagger"]:
        tokens["stagger"] = 0
        if cons is not None:
            cons.append(Consequence("stagger_removed", {"fighter": fid}, rs.edition.rule("guard")))
    elif token == "stagger" and tokens["guard"]:
        tokens["guard"] = 0
        if cons is not None:
            cons.append(Consequence("guard_removed", {"fighter": fid}, rs.edition.rule("stagger")))


def on_battlefield(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, what: str = "do that") -> list[Violation]:
    """A fighter out of action can do nothing (and nothing can be done to it) until it returns."""
    if state["fighters"][fid]["out"]:
        return [V.FIGHTER_OUT_OF_ACTION(f"{fid} is out of action and cannot {what}.",
                                        rs.edition.rule("out_of_action_adv"))]
    return []


# -- events --------------------------------------------------------------------------------------

def check_damage(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only fighters on the battlefield can be dealt damage; lethal hexes do not harm an ethereal fighter."""
    fid = event.data["fighter"]
    out = on_battlefield(rs, state, fid, "be dealt damage")
    if not out and event.data.get("source") == "lethal_hex" and lethal.spared_by(state, fid, moving=False):
        out.append(V.LETHAL_HEX_NO_EFFECT(f"{fighter_name(state, fid)} is ethereal: lethal hexes do not affect them.",
                                          lethal.ETHEREAL_RULE))
    return out


def apply_damage(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Deal the damage; who dealt it decides the bounty in 3-4 player games."""
    d = event.data
    dealer = d.get("dealt_by") or (None if d["source"] == "lethal_hex" else event.by)
    cons = damage.deal_damage(rs, state, d["fighter"], d["amount"], dealer, d["source"])
    out = [d["fighter"]] if state["fighters"][d["fighter"]]["out"] else []
    open_window(state, ["after_damage"] + (["after_out_of_action"] if out else []),
                {"fighter": d["fighter"], "out_of_action": out})
    return cons


def check_heal(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A fighter can only be healed if they have at least one wound counter."""
    fid = event.data["fighter"]
    out = on_battlefield(rs, state, fid, "be healed")
    if not out and state["fighters"][fid]["damage"] < 1:
        out.append(V.NOT_WOUNDED("A fighter can only be healed if they have a wound counter.", rs.edition.rule("heal")))
    return out


def apply_heal(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Remove up to that many wound counters."""
    f = state["fighters"][event.data["fighter"]]
    f["damage"] = max(0, f["damage"] - event.data["amount"])
    return []


def check_token(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Tokens go on fighters on the battlefield; you cannot remove a token the fighter does not have."""
    d = event.data
    out = on_battlefield(rs, state, d["fighter"], "be given tokens")
    if not out and d["action"] == "remove" and state["fighters"][d["fighter"]]["tokens"][d["token"]] < 1:
        out.append(V.NO_SUCH_TOKEN(f"{d['fighter']} has no {d['token']} token to remove.", rs.edition.rule("tokens")))
    return out


def apply_token(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Give or remove one token."""
    d = event.data
    cons: list[Consequence] = []
    if d["action"] == "give":
        give_token(rs, state, d["fighter"], d["token"], cons)
    else:
        tokens = state["fighters"][d["fighter"]]["tokens"]
        tokens[d["token"]] = max(0, tokens[d["token"]] - 1)
    return cons


def counter_name(raw: str) -> str:
    """A counter's name as kept: names label counters like keywords (pg 19), so case and spacing do not count."""
    return " ".join(raw.split()).lower()


def check_counter(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Counters go on fighters on the battlefield; you cannot remove more counters than the fighter has (pg 19)."""
    d = event.data
    name = counter_name(d["name"])
    if not name:
        return [V.COUNTER_NAME("Name the counter (as the rule names it).")]
    if name in ("wound", "wounds"):
        return [V.WOUND_COUNTER("Wound counters are damage: use Damage or Heal.")]
    out = on_battlefield(rs, state, d["fighter"], "be given counters")
    have = state["fighters"][d["fighter"]]["counters"].get(name, 0)
    if not out and d["action"] == "remove" and have < d["count"]:
        # "If the fighter or card has none of the relevant token or counter, you cannot remove it." (pg 19)
        out.append(V.NO_SUCH_COUNTER(f"{d['fighter']} has {have} {name} counter(s): "
                                     f"cannot remove {d['count']}.", rs.edition.rule("remove")))
    return out


def apply_counter(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Give or remove named counters; an overridden removal never goes below none."""
    d = event.data
    counters = state["fighters"][d["fighter"]]["counters"]
    name = counter_name(d["name"])
    n = counters.get(name, 0) + (d["count"] if d["action"] == "give" else -d["count"])
    if n > 0:
        counters[name] = n
    else:
        counters.pop(name, None)
    return []


def check_return(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only a fighter out of action can be returned to the battlefield (by an ability)."""
    if not state["fighters"][event.data["fighter"]]["out"]:
        return [V.NOT_OUT_OF_ACTION("That fighter is on the battlefield.", rs.edition.rule("out_of_action_adv"))]
    return []


def apply_return(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Back on the battlefield with no tokens and no wound counters."""
    f = state["fighters"][event.data["fighter"]]
    f["out"] = False
    f["damage"] = 0
    seat = state["seats"][f["seat"]]
    seat["returned"] = seat.get("returned", 0) + 1
    return []


def check_push(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only fighters on the battlefield can be pushed."""
    return on_battlefield(rs, state, event.data["fighter"], "be pushed")


def apply_push(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """A push into a lethal hex deals 1 damage (the hex dealt it); into a snare hex staggers (pg 10)."""
    d = event.data
    cons: list[Consequence] = []
    into = d.get("into") or "none"
    leave_feature(state, d["fighter"])
    if into == "lethal":
        spared = lethal.spared_by(state, d["fighter"], moving=False)
        cons.extend(lethal.enter_lethal_hexes(rs, state, d["fighter"], 1, moving=False))
    if into == "lethal" and not spared:
        # Reactions: when a fighter is dealt damage (pg 36): the damage reaction steps follow the push.
        add_steps(state, ["after_damage"] + (["after_out_of_action"] if state["fighters"][d["fighter"]]["out"] else []),
                  {"fighter": d["fighter"], "out_of_action": [d["fighter"]] if state["fighters"][d["fighter"]]["out"] else []})
    elif into == "snare":
        give_token(rs, state, d["fighter"], "stagger", cons)
        cons.append(Consequence("staggered", {"fighter": d["fighter"], "by": "snare hex"},
                                rs.edition.rule("stagger")))
    return cons


def leave_feature(state: UnderworldsState, fid: str) -> None:
    """The fighter moved: it no longer stands on a feature token (until a position event says so)."""
    f = state["fighters"][fid]
    if f["feature"]:
        state["features"][f["feature"]]["fighter"] = None
        f["feature"] = None


def check_position(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A fighter can stand on a feature token on the battlefield that no other fighter is on, never a blocked one."""
    d = event.data
    out = on_battlefield(rs, state, d["fighter"], "stand on a feature token")
    key = d.get("feature")
    if key:
        feat = state["features"][key]
        if not feat["on_board"]:
            out.append(V.FEATURE_NOT_ON_BOARD(f"Feature token {key} is not on the battlefield.",
                                              rs.edition.rule("features_adv")))
        elif feat["face"] == "blocked":
            out.append(V.BLOCKED_HEX("Fighters cannot be in a blocked hex.", rs.edition.rule("features_adv")))
        elif feat["fighter"] not in (None, d["fighter"]):
            out.append(V.HEX_OCCUPIED(f"{feat['fighter']} is on that token: a hex holds one fighter.",
                                      rs.edition.rule("features_adv")))
    return out


def apply_position(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Record which feature token (if any) the fighter is on: fighters on objective tokens hold them."""
    d = event.data
    leave_feature(state, d["fighter"])
    key = d.get("feature")
    if key:
        other = state["features"][key]["fighter"]
        if other:  # overridden onto an occupied token: the other fighter is no longer recorded there
            state["fighters"][other]["feature"] = None
        state["features"][key]["fighter"] = d["fighter"]
        state["fighters"][d["fighter"]]["feature"] = key
    return []


def flip_face(feat: FeatureToken) -> str:
    """The other face of a feature token: numbered tokens objective/cover, the others blocked/cover."""
    if feat["face"] == "cover":
        return "objective" if feat["value"] else "blocked"
    return "cover"


def check_feature(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Feature tokens: a token cannot be flipped or placed blocked side up with a fighter on it."""
    d = event.data
    cite = rs.edition.rule
    feat = state["features"][d["feature"]]
    out = []
    if d["action"] in ("flip", "remove") and not feat["on_board"]:
        out.append(V.FEATURE_NOT_ON_BOARD(f"Feature token {d['feature']} is not on the battlefield.",
                                          cite("features_adv")))
    if d["action"] == "place" and feat["on_board"]:
        out.append(V.FEATURE_ON_BOARD(f"Feature token {d['feature']} is already on the battlefield.",
                                      cite("features_adv")))
    face = d.get("face")
    if face == "objective" and not feat["value"] or face == "blocked" and feat["value"]:
        out.append(V.NO_SUCH_FACE(f"Feature token {d['feature']} has no {face} side.", cite("features_adv")))
    if d["action"] == "flip" and flip_face(feat) == "blocked" and feat["fighter"]:
        out.append(V.FIGHTER_ON_TOKEN("A token cannot be flipped to become a blocked hex token "
                                      "while a fighter is on it.", cite("features_adv")))
    return out


def apply_feature(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Flip, place (chosen face up) or remove (it becomes available) a feature token."""
    d = event.data
    feat = state["features"][d["feature"]]
    if d["action"] == "flip":
        feat["face"] = flip_face(feat)
    elif d["action"] == "place":
        feat["on_board"] = True
        feat["face"] = d.get("face") or ("objective" if feat["value"] else "cover")
    else:
        feat["on_board"] = False
        if feat["fighter"]:
            state["fighters"][feat["fighter"]]["feature"] = None
        feat["fighter"] = None
    return []


def wizard_on_battlefield(state: UnderworldsState, seat: str) -> list[str]:
    """Friendly wizards on the battlefield."""
    return [fid for fid, f in state["fighters"].items()
            if f["seat"] == seat and not f["out"] and "wizard" in traits(state, fid)]


def profiles_of(state: UnderworldsState, fid: str) -> list[dict[str, Any]]:
    """The fighter's Attack actions now (Inspired side when Inspired)."""
    return profiles(state, fid)


def check_out_of_action(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """The table declares a fighter out of action (Wounds unknown, or a card says so)."""
    fid = event.data["fighter"]
    out = on_battlefield(rs, state, fid, "be taken out of action again")
    f = state["fighters"][fid]
    if not out and f["wounds"] is not None and f["damage"] < f["wounds"]:
        out.append(V.NOT_ENOUGH_WOUNDS(f"{fid} has {f['damage']} wound counters and Wounds {f['wounds']}.",
                                       rs.edition.rule("out_of_action")))
    return out


def apply_out_of_action(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Take the fighter out of action; bounty as for damage dealt by `dealt_by` (default the entering seat)."""
    d = event.data
    dealer = d.get("dealt_by") or (None if d.get("source") == "lethal_hex" else event.by)
    cons = damage.take_out_of_action(rs, state, d["fighter"], dealer, d.get("source") or "card")
    open_window(state, ["after_out_of_action"], {"fighter": d["fighter"], "out_of_action": [d["fighter"]]})
    return cons


def check_wounds(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """A modifier changes a fighter's Wounds characteristic (an upgrade, a ploy); it cannot go below 1."""
    f = state["fighters"][event.data["fighter"]]
    out = on_battlefield(rs, state, event.data["fighter"], "have its Wounds changed")
    if f["wounds"] is None:
        if event.data["change"] < 1:
            out.append(V.BELOW_ONE("Characteristics cannot be reduced below 1.", rs.edition.rule("modifiers")))
        return out
    if f["wounds"] + event.data["change"] < 1:
        out.append(V.BELOW_ONE("Characteristics cannot be reduced below 1.", rs.edition.rule("modifiers")))
    return out


def apply_wounds(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Change Wounds (set it when unknown); out of action if the wound counters now reach it."""
    d = event.data
    f = state["fighters"][d["fighter"]]
    wounds: int = d["change"] if f["wounds"] is None else f["wounds"] + d["change"]
    f["wounds"] = wounds
    if f["damage"] >= wounds:
        return damage.take_out_of_action(rs, state, d["fighter"], None, "other")
    return []


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def suggest_table(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """Card effects entered by hand (always legal while the game is on, within their own rules).

    Most are the same for every seat but for who enters them: made once per state (per_state.py), and each seat
    gets its own copies (an edition filters a seat's choices: editions/suggestions.py)."""
    alive_all, first, then, unknown = once_per_state(rs, state, "table", lambda: _table_for_everyone(state))
    out = [_entered_by(s, seat) for s in first]
    if alive_all:
        out.extend(suggest_counters(rs, state, seat, alive_all))
        out.extend(_entered_by(s, seat) for s in then)
    for f in surviving(state, seat):
        free = [k for k, v in state["features"].items()
                if v["on_board"] and v["face"] != "blocked" and v["fighter"] in (None, f)]
        if free or state["fighters"][f]["feature"]:
            out.append(Suggestion("position", seat, f"{fighter_name(state, f)} stands on...", {"fighter": f},
                                  choices={"feature": [None, *free]}, group="Table"))
    out.extend(_entered_by(s, seat) for s in unknown)
    outs = [f for f, v in state["fighters"].items() if v["out"] and v["seat"] == seat]
    if outs:
        out.append(Suggestion("return_fighter", seat, "Return a fighter (card effect)", {},
                              choices={"fighter": outs}, group="Table"))
    return out


def _entered_by(s: Suggestion, seat: str) -> Suggestion:
    return Suggestion(s.type, seat, s.label, s.data, dict(s.choices), s.bounds, s.group)


def _table_for_everyone(state: UnderworldsState
                        ) -> tuple[list[str], list[Suggestion], list[Suggestion], list[Suggestion]]:
    """The card effects every seat is offered alike (entered by nobody yet): the fighters on the battlefield, what
    comes before the counters, after them, and the out-of-action entry (in suggest_table's order)."""
    alive_all = [f for f, v in state["fighters"].items() if not v["out"]]
    first, then = [], []
    if alive_all:
        first.append(Suggestion("damage", "", "Deal damage (card effect)", {"source": "card"},
                                choices={"fighter": alive_all}, bounds={"amount": {"type": "int", "min": 1, "max": 3}},
                                group="Table"))
    wounded = [f for f in alive_all if state["fighters"][f]["damage"] > 0]
    if wounded:
        first.append(Suggestion("heal", "", "Heal", {}, choices={"fighter": wounded},
                                bounds={"amount": {"type": "int", "min": 1, "max": 2}}, group="Table"))
    if alive_all:
        first.append(Suggestion("token", "", "Give a token", {"action": "give"},
                                choices={"fighter": alive_all, "token": list(TOKENS)}, group="Table"))
        # Some rules remove a token (Tokens and counters pg 19) or un-Inspire a fighter (Inspire pg 6).
        for token in TOKENS:
            holders = [f for f in alive_all if state["fighters"][f]["tokens"][token] > 0]
            if holders:
                first.append(Suggestion("token", "", f"Remove a {token.title()} token", {"action": "remove",
                                        "token": token}, choices={"fighter": holders}, group="Table"))
        inspired = [f for f in alive_all if state["fighters"][f]["inspired"]]
        if inspired:
            then.append(Suggestion("uninspire", "", "Un-Inspire (card effect)", {}, choices={"fighter": inspired},
                                   group="Table"))
        then.append(Suggestion("push", "", "Push / drive back", {},
                               choices={"fighter": alive_all, "into": ["none", "lethal", "snare"]},
                               bounds={"hexes": {"type": "int", "min": 1, "max": 3}}, group="Table"))
    unknown = [f for f in alive_all if state["fighters"][f]["wounds"] is None]
    rest = [Suggestion("out_of_action", "", "Out of action (Wounds not known)", {}, choices={"fighter": unknown},
                       group="Table")] if unknown else []
    return alive_all, first, then, rest


def suggest_counters(rs: UnderworldsRuleset, state: UnderworldsState, seat: str,
                     alive_all: list[str]) -> list[Suggestion]:
    """Give a named counter (any name, pg 19) or remove counters a fighter has; check() decides who qualifies."""
    if not rs.spec_for("counter"):
        return []  # an edition without named counters
    ok, removable = once_per_state(rs, state, "counters", lambda: counter_legality(rs, state, seat, alive_all))
    out = []
    if ok:
        out.append(Suggestion("counter", seat, "Give a counter", {"action": "give"}, choices={"fighter": list(ok)},
                              bounds={"name": {"type": "str", "max_length": 24},
                                      "count": {"type": "int", "min": 1, "max": 6}}, group="Table"))
    for f, name, have in removable:
        out.append(Suggestion("counter", seat, f"Remove {name} counters from {fighter_name(state, f)}",
                              {"action": "remove", "name": name, "fighter": f},
                              bounds={"count": {"type": "int", "min": 1, "max": have}}, group="Table"))
    return out


def counter_legality(rs: UnderworldsRuleset, state: UnderworldsState, seat: str,
                     alive_all: list[str]) -> tuple[list[str], list[tuple[str, str, int]]]:
    """The fighters check() lets be given a counter, and the (fighter, name, count) removals it allows.

    The same for every seat, so worked out once per state for all of them (per_state.py): whoever enters it, a
    counter is judged by the fighter and its counters alone. check() asks only that the seat be one of the game's;
    a counter is no event of the game's sequence, so no step is closed as passed before it (passes.py) and no open
    step refuses it (ruleset._open_steps); check_counter reads the fighter, never the seat; the editions' own checks
    that read the seat are for other events (tests/engine/underworlds/test_effects_counters.py checks this on
    played games).

    A counter given is judged alike for every fighter on the battlefield, as every fighter of `alive_all` is: of
    the fighter, check_counter asks only that it be there (a fighter out of action has its counters cleared and
    "cannot do anything": Deathgorge rulebook, Advanced rules, Out of action pg 24), so one check answers for all
    of them (test_effects_counters.py checks it on played games)."""
    give = Event("counter", seat, {"fighter": alive_all[0], "name": "x", "action": "give", "count": 1})
    ok = [] if rs.check(state, give) else list(alive_all)
    # One removal per fighter and name: how many may go is that fighter's own count (check() refuses more).
    removable = [(f, name, have) for f in alive_all for name, have in sorted(state["fighters"][f]["counters"].items())
                 if not rs.check(state, Event("counter", seat, {"fighter": f, "name": name, "action": "remove",
                                                                "count": 1}))]
    return ok, removable
