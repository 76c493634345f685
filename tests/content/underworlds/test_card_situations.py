"""Each card of the Deathgorge core set's four Rivals decks in play: one situation where it applies, one where it
does not, written from the card's text (tests/content/underworlds/cards/<deck id>.yaml) and checked against the
card's data through the engine (conditions, reaction checks, effects, upgrade profiles).

A situation starts from a game at the first activation (Deathgorge rules): p1 holds the card, p2 is the opponent,
each with fighters f1 (leader), f2, f3 (Wounds 3, Move 3, Defence 1 block, one Attack action: Range 1, 2 smash,
Damage 1). Its keys change that game (round, phase, turn, fighters, features, tally, glory, scored, hand) and say
what just happened (moment, context); `chosen` is the fighter a card's effect goes to, `answer` how the players
answer the app's question about what it does not track, and `effects`, `profile` and `expect` what must follow.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from app.content.underworlds.library import load
from app.engine.core import Event
from app.engine.underworlds import conditions, power, reactions, tally
from app.engine.underworlds.coverage import DEATHGORGE_DECKS
from app.engine.underworlds.state import characteristic, profiles
from tests.engine.underworlds.helpers import RS, started

HERE = Path(__file__).parent / "cards"
TIMING_CODES = {"wrong_reaction_step", "reaction_condition_not_met", "not_a_reaction", "reaction_only",
                "card_choice_needed", "no_reaction_step"}


def _fighter(slug: str, leader: bool = False) -> dict:
    return {"slug": slug, "name": slug.upper(), "wounds": 3, "move": 3, "leader": leader,
            "defence": {"dice": 1, "symbol": "block"},
            "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 1, "keywords": []}]}


def _cases():
    for path in sorted(HERE.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for number, entry in doc["cards"].items():
            for which in ("applies", "not"):
                yield pytest.param(doc["id"], number, entry, which, id=f"{doc['id']}-{number}-{which}")


def _setup(deck: dict, card: dict, situation: dict) -> dict:
    extra = {k.split(".", 1)[1] for k in (situation.get("fighters") or {}) if k.startswith("p1.")} - {"f1", "f2", "f3"}
    extra_p2 = {k.split(".", 1)[1] for k in (situation.get("fighters") or {}) if k.startswith("p2.")} - {"f1", "f2", "f3"}
    mine = [_fighter("f1", True), _fighter("f2"), _fighter("f3")] + [_fighter(s) for s in sorted(extra)]
    if card["type"] == "spell" or card.get("casting"):
        mine[0] = {**mine[0], "traits": ["wizard"], "wizard_level": 3}   # three magic dice: any casting value
    theirs = [_fighter("f1", True), _fighter("f2"), _fighter("f3")] + [_fighter(s) for s in sorted(extra_p2)]
    return {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
            "seats": [{"name": "Ana", "warband": "custom", "fighters": mine, "deck": {"cards": deck["cards"]}},
                      {"name": "Ben", "warband": "custom", "fighters": theirs}]}


def _state(deck: dict, card: dict, situation: dict) -> dict:
    """The game the situation describes."""
    state = started(setup=_setup(deck, card, situation))
    state["round"] = situation.get("round", 1)
    if situation.get("phase") == "end":
        state["phase"], state["step"] = "end", "end"
        state["end"] = {"order": ["p1", "p2"], "i": 0, "stage": 1}
    turn = situation.get("turn", "p1")
    state["turn"] = {**(state["turn"] or {}), "seat": turn}
    for fid, change in (situation.get("fighters") or {}).items():
        f = state["fighters"][fid]
        for key, value in change.items():
            if key == "tokens":
                f["tokens"].update(value)
            elif key in ("leader", "minion"):
                state["cards"] = {**state["cards"], fid: {**state["cards"][fid], key: value}}
            elif key == "upgrades":
                for name in value:
                    f["upgrades"].append(name)
                    power._grants(state, fid, state["decks"]["p1"]["power"].get(name))
            elif key == "feature":
                f["feature"] = str(value)
                state["features"][str(value)].update({"on_board": True, "fighter": fid})
            else:
                f[key] = value
    for key, change in (situation.get("features") or {}).items():
        state["features"][str(key)].update(change)
    t = tally.of(state)
    for seat, scopes in (situation.get("tally") or {}).items():
        for scope, facts in scopes.items():
            for fact, did in facts.items():  # who did it, once per time
                t[scope].setdefault(seat, {})[fact] = [len(did), list(dict.fromkeys(did))]
    for seat, n in (situation.get("glory") or {}).items():
        state["seats"][seat]["glory"]["unspent"] = n
    for seat, n in (situation.get("scored") or {}).items():
        state["seats"][seat]["scored"] = [{"card": f"scored {i}", "glory": 1, "round": 1, "surge": False}
                                          for i in range(n)]
    for seat, hand in (situation.get("hand") or {}).items():
        state["seats"][seat]["hand"].update(hand)
    if situation.get("moment"):
        steps = situation["moment"] if isinstance(situation["moment"], list) else [situation["moment"]]
        state["reaction"] = None
        reactions.open_window(state, steps, dict(situation.get("context") or {}))
        state["moment"]["seat"] = turn
    return state


def _hold(state: dict, name: str, kind: str) -> None:
    seat = state["seats"]["p1"]
    if name not in seat["cards"][kind]:
        seat["cards"][kind] = [*seat["cards"][kind], name]
    seat["hand"][kind] = max(seat["hand"][kind], len(seat["cards"][kind]))


def _objective(state, card, situation, which):
    v = conditions.verdict(state, "p1", card)
    status = v.status
    answer = situation.get("answer")
    if status == conditions.ASK and answer is not None:
        status = conditions.MET if answer in (True, "yes") else conditions.UNMET
    expect = situation.get("expect") or (
        conditions.UNMET if which == "not" else (conditions.ASK if answer is None and v.asks else conditions.MET))
    assert status == expect, (v.status, v.why, v.asks)
    _hold(state, card["name"], "objectives")
    action = "reveal" if card.get("scoring") == "surge" else "score"
    refused = "objective_condition_not_met" in {x.code for x in RS.check(
        state, Event("objective", "p1", {"action": action, "card": card["name"]}))}
    assert refused == (v.status == conditions.UNMET)


def _reaction_event(state, card, situation) -> Event:
    holder = next((fid for fid, f in state["fighters"].items() if card["name"] in f["upgrades"]), None)
    data = {"step": card.get("reaction") or (state.get("reaction") or {"steps": ["after_attack"]})["steps"][0],
            "name": card["name"], "card": card["name"]}
    if holder:
        data["fighter"] = holder
    if situation.get("chosen"):
        data["chosen"] = situation["chosen"]
    if card["type"] in ("ploy", "spell"):
        _hold(state, card["name"], "power")
    return Event("reaction", "p1", data)


def _effects(cons) -> list[dict]:
    return [{k: c.data[k] for k in ("kind", "to", "amount", "token") if k in c.data}
            for c in cons if c.type == "card_effect"]


def _expected_effects(situation) -> list[dict]:
    return [{k: e[k] for k in ("kind", "to", "amount", "token") if k in e} for e in situation.get("effects") or []]


def _reaction(state, card, situation, which):
    event = _reaction_event(state, card, situation)
    codes = {v.code for v in RS.check(state, event)} & TIMING_CODES
    asked = bool((card.get("reaction_when") or {}).get("ask"))
    expect = situation.get("expect") or ("offered" if which == "applies" else "refused")
    if expect == "offered":
        assert not codes, codes
        offered = [s for s in RS.suggest(state, "p1").suggestions if s.type == "reaction" and s.data.get("card") == card["name"]]
        assert offered, "the reaction is not offered"
        if "effects" in situation:
            _, cons = RS.apply(state, event)
            assert _effects(cons) == _expected_effects(situation)
    else:
        # A trigger part the app does not track (an ask) is the players' to judge: the engine offers the card.
        assert codes or (asked and situation.get("answer") in (False, "no")), "the reaction is not refused"


def _in_power_step(state) -> dict:
    state["reaction"] = None
    state["step"] = "power"
    state["power"] = {"order": ["p1", "p2"], "next": 0, "passes": 0, "delved": [], "started": True}
    return state


def _power_step(state, card, situation, which):
    if which == "not" or situation.get("moment"):
        if state.get("reaction") is None:
            state = _in_power_step(state)
            codes = {v.code for v in RS.check(state, Event("power", "p1", {"play": card["type"], "card": card["name"]}))}
            assert codes & TIMING_CODES or situation.get("expect") not in (None, "refused"), codes
            return
        codes = {v.code for v in RS.check(state, _reaction_event(state, card, situation))}
        assert "not_a_reaction" in codes, codes
        return
    state = _in_power_step(state)
    _hold(state, card["name"], "power")
    data = {"play": card["type"], "card": card["name"]}
    if situation.get("chosen"):
        data["chosen"] = situation["chosen"]
    if card["type"] == "spell":
        need = card.get("casting") or {"channel": 1}
        data.update({"fighter": "p1.f1", "casting_roll": {"channel": need.get("channel", 0), "focus": need.get("focus", 0)}})
        if not card.get("casting"):
            data["casting_value"] = need
    event = Event("power", "p1", data)
    codes = {v.code for v in RS.check(state, event)} & TIMING_CODES
    assert not codes, codes
    _, cons = RS.apply(state, event)
    assert _effects(cons) == _expected_effects(situation)


def _numbers(state, fid: str) -> dict:
    first = (profiles(state, fid) or [{}])[0]
    return {"move": characteristic(state, fid, "move"), "wounds": state["fighters"][fid]["wounds"],
            "defence_dice": (characteristic(state, fid, "defence") or {}).get("dice"),
            "attack_dice": first.get("dice"), "damage": first.get("damage"), "range": first.get("range")}


def _upgrade(state, card, situation, which):
    expect = situation.get("expect")
    if "profile" in situation:
        want = dict(situation["profile"])
        fid = want.pop("fighter")
        got = _numbers(state, fid)
        assert {k: got[k] for k in want} == want, got
        return
    if situation.get("moment") and card.get("reaction"):
        _reaction(state, card, situation, which)
        return
    if expect == "manual" or (which == "not" and not situation.get("moment")):
        assert card.get("manual") or card.get("reaction"), "the card has nothing for the players to carry out"
        return
    if situation.get("moment"):  # a moment the upgrade's reaction does not answer: not offered
        offered = [s for s in RS.suggest(state, "p1").suggestions if s.type == "reaction" and s.data.get("card") == card["name"]]
        assert not offered
        return
    raise AssertionError(f"nothing to check in the situation: {situation}")


def test_every_deathgorge_core_card_has_both_situations():
    """The four decks' 128 cards each have an `applies` and a `not` situation, named as the deck names them."""
    lib = load()
    for deck_id in DEATHGORGE_DECKS:
        doc = yaml.safe_load((HERE / f"{deck_id}.yaml").read_text(encoding="utf-8"))
        deck = lib.deck(deck_id)
        assert {c["number"]: c["name"] for c in deck["cards"]} == {n: e["name"] for n, e in doc["cards"].items()}
        assert all("applies" in e and "not" in e for e in doc["cards"].values())


@pytest.mark.parametrize("deck_id, number, entry, which", list(_cases()))
def test_card_in_play(deck_id, number, entry, which):
    """The card applies in its `applies` situation and not in its `not` one (reading the card's data)."""
    deck = load().deck(deck_id)
    card = next(c for c in deck["cards"] if c["number"] == number)
    situation = entry[which] or {}
    state = _state(deck, card, situation)
    if card["type"] == "objective":
        _objective(state, card, situation, which)
    elif card["type"] == "upgrade":
        _upgrade(state, card, situation, which)
    elif card.get("play") == "reaction":
        _reaction(state, card, situation, which)
    else:
        _power_step(state, card, situation, which)
