"""The core's plumbing for rulesets: Rule citations, the violation-code registry, handler dispatch, frozen records."""
import copy
import dataclasses
import json
import pickle

import pytest

from app.engine.core import (
    CORE_CODES,
    CORE_RULE,
    Consequence,
    Event,
    Handler,
    Rule,
    Ruleset,
    Violation,
    ViolationCodes,
    replay,
)


# -- Rule ------------------------------------------------------------------------------------------------------
def test_a_rule_reads_as_the_citation_string():
    assert Rule("Deathgorge rulebook", "Push", 19) == "Deathgorge rulebook, Push (pg 19)"
    assert str(Rule("BattleLore 2E rules summary", "Combat, Weak units")) == \
        "BattleLore 2E rules summary, Combat, Weak units"
    assert Rule.house("the event log") == "Tablewarden: the event log" == CORE_RULE


def test_a_rule_keeps_book_section_and_page_and_cannot_change():
    rule = Rule("Shadespire rulebook (2018)", "Bounty", 23)
    assert (rule.book, rule.section, rule.page) == ("Shadespire rulebook (2018)", "Bounty", 23)
    with pytest.raises(AttributeError):
        rule.page = 24


def test_a_rule_survives_copies_pickles_and_json_as_its_citation():
    rule = Rule("Book", "Section", "12-13")
    assert copy.deepcopy({"r": rule})["r"] is rule
    assert pickle.loads(pickle.dumps(rule)).page == "12-13"
    assert json.loads(json.dumps({"rule": rule})) == {"rule": "Book, Section (pg 12-13)"}
    assert type(Violation("x", "y", rule).to_dict()["rule"]) is str
    assert type(Consequence("x", {}, rule).to_dict()["rule"]) is str


# -- violation codes ---------------------------------------------------------------------------------------------
BOOK = "Test rules"
TURNS, TURNS_EXTRA = Rule(BOOK, "Turns"), Rule(BOOK, "Turns, extra turn cards")


def test_a_declared_code_builds_its_violations():
    codes = ViolationCodes(CORE_CODES)
    late = codes.declare("not_your_turn", "Someone else is taking a turn.", TURNS, TURNS_EXTRA)
    assert late("It is Ana's turn.") == Violation("not_your_turn", "It is Ana's turn.", TURNS, True)
    assert late("Not with that card.", TURNS_EXTRA).rule == TURNS_EXTRA
    with pytest.raises(ValueError, match="does not name"):
        late("Wrong book.", Rule(BOOK, "Scoring"))


def test_a_code_some_checks_let_an_override_lift_says_so_at_each_check():
    codes = ViolationCodes()
    mixed = codes.declare("not_your_unit", "The unit is the other player's.", TURNS, TURNS_EXTRA, overridable=None)
    assert mixed("Move your own units.", overridable=False).overridable is False
    assert mixed("The other player resolves it.", TURNS_EXTRA, overridable=True).overridable is True
    with pytest.raises(ValueError, match="needs each check"):
        mixed("Which is it?")
    fixed = codes.declare("too_many", "At most 3 points.", TURNS, overridable=False)
    with pytest.raises(ValueError, match="declared with overridable=False"):
        fixed("At most 3.", overridable=True)
    assert codes.to_list()[0]["overridable"] is None


def test_only_a_code_declared_as_citing_at_run_time_accepts_a_rule_its_declaration_does_not_name():
    codes = ViolationCodes()
    card_rule = "Card: Sidestep (its reaction condition)"
    own = codes.declare("condition_not_met", "The card's condition is not met.", TURNS,
                        cites_at_run_time="the card's own condition")
    assert own("Sidestep cannot be used now.", card_rule).rule == card_rule
    assert own("Not now.").rule == TURNS
    with pytest.raises(ValueError, match="does not name"):
        own("No rule at all.", "")
    strict = codes.declare("too_many", "At most 3 points.", TURNS)
    with pytest.raises(ValueError, match="does not name"):
        strict("At most 3.", card_rule)
    listed = {c["code"]: c for c in codes.to_list()}
    assert listed["condition_not_met"] == {"code": "condition_not_met", "meaning": "The card's condition is not met.",
                                           "rules": [TURNS], "overridable": True,
                                           "cites_at_run_time": "the card's own condition"}
    assert "cites_at_run_time" not in listed["too_many"]


def test_a_code_is_declared_once_and_names_a_rule():
    codes = ViolationCodes()
    codes.declare("too_many", "At most 3 points.", TURNS)
    with pytest.raises(ValueError, match="twice"):
        codes.declare("too_many", "Again.", TURNS)
    with pytest.raises(ValueError, match="no rule"):
        codes.declare("ruleless", "No rule.")


def test_the_list_has_the_core_codes_and_merges_a_code_declared_again():
    codes = ViolationCodes(CORE_CODES)
    codes.declare("unknown_seat", "Give it to one of the players.", TURNS, overridable=False)
    codes.structural("unknown_unit", "No such unit.")
    listed = {c["code"]: c for c in codes.to_list()}
    assert {"unknown_event", "malformed", "not_last_event", "unknown_unit"} <= set(listed)
    assert listed["unknown_seat"]["rules"] == [TURNS, CORE_RULE]
    codes.declare("out_of_range", "The target is out of range.", TURNS_EXTRA)
    assert {c["code"]: c for c in codes.to_list()}["out_of_range"]["overridable"] is None
    assert listed["unknown_unit"] == {"code": "unknown_unit", "meaning": "No such unit.", "rules": [CORE_RULE],
                                      "overridable": False}
    assert [c["code"] for c in codes.to_list()][:len(list(CORE_CODES))] == [c.code for c in CORE_CODES]


# -- handlers ------------------------------------------------------------------------------------------------------
CODES = ViolationCodes(CORE_CODES)
NOT_YOUR_TURN = CODES.declare("not_your_turn", "Someone else is taking a turn.", TURNS)


def _check_add(state, event):
    return [] if event.by == state["turn"] else [NOT_YOUR_TURN("Not your turn.")]


def _apply_add(state, event):
    state["score"] += event.data["points"]
    state["turn"] = "p2" if event.by == "p1" else "p1"
    return [Consequence("added", {"points": event.data["points"]}, TURNS)]


def _apply_shout(state, event):
    state["shouts"] += 1
    return []


class Counter(Ruleset):
    """Seats add points in turn; anyone may shout at any time (a handler with nothing to check)."""

    id = "test/counter"
    title = "Counter"
    codes = CODES
    folds_in_place = True
    handlers = {"add": Handler(_check_add, _apply_add), "shout": Handler(None, _apply_shout)}

    def event_types(self):
        return [{"type": "add", "label": "Add", "fields": {"points": {"type": "int", "min": 1, "max": 3}}},
                {"type": "shout", "label": "Shout", "fields": {}}]

    def new_game(self, setup):
        return {"seats": {"p1": {}, "p2": {}}, "turn": "p1", "score": 0, "shouts": 0}


def test_the_core_dispatches_checks_and_applies_to_the_handlers():
    rs, state = Counter(), Counter().new_game({})
    assert [v.code for v in rs.check(state, Event("add", "p2", {"points": 1}))] == ["not_your_turn"]
    assert rs.check(state, Event("shout", "p2")) == []
    after, cons = rs.apply(state, Event("add", "p1", {"points": 2}))
    assert (after["score"], after["turn"], state["score"]) == (2, "p2", 0)
    assert cons == [Consequence("added", {"points": 2}, TURNS)]


def test_a_ruleset_that_folds_in_place_replays_without_copies():
    rs = Counter()
    state = rs.new_game({})
    owned, _ = rs.apply(state, Event("shout", "p1"), owned=True)
    assert owned is state and state["shouts"] == 1
    log = [Event("add", "p1", {"points": 3}, seq=1), Event("shout", "p2", seq=2), Event("add", "p2", {"points": 1}, seq=3)]
    assert replay(rs, {}, log) == {"seats": {"p1": {}, "p2": {}}, "turn": "p1", "score": 4, "shouts": 1}


def test_the_catalogue_lists_the_violation_codes():
    assert {"not_your_turn", "unknown_event"} <= {c["code"] for c in Counter().violations()}


# -- frozen records -------------------------------------------------------------------------------------------------
def test_events_and_consequences_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Event("add", "p1").seq = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        Consequence("added", {}, TURNS).rule = "other"
