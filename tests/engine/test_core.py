"""Game-neutral core: structural checks, overrides, notes, reverts and replay (docs/architecture.md, Principles 2-5)."""
import json
from dataclasses import replace

import pytest

from app.engine.core import (
    Advice,
    Consequence,
    Event,
    IllegalEvent,
    Rule,
    Ruleset,
    Suggestion,
    Violation,
    check_note_target,
    check_revert,
    effective_events,
    fold_log,
    plain_copy,
    replay,
    replay_with_consequences,
)


class TallyGame(Ruleset):
    """A tiny two-seat game used only to exercise the core: add points, at most 3 at a time, in turn."""

    id = "test/tally"
    title = "Tally"

    def event_types(self):
        return [{"type": "add", "label": "Add points",
                 "fields": {"points": {"type": "int", "min": 1, "max": 9}}}]

    def new_game(self, setup):
        return {"seats": {s: {"score": 0} for s in setup["seats"]}, "turn": setup["seats"][0]}

    def check_event(self, state, event):
        out = []
        if event.by != state["turn"]:
            out.append(Violation("not_your_turn", "It is not your turn.", "Tally rules, turns"))
        if event.data["points"] > 3:
            out.append(Violation("too_many", "At most 3 points at a time.", "Tally rules, adding"))
        return out

    def apply_event(self, state, event):
        state["seats"][event.by]["score"] += event.data["points"]
        seats = list(state["seats"])
        state["turn"] = seats[(seats.index(event.by) + 1) % len(seats)]
        cons = []
        if state["seats"][event.by]["score"] >= 10:
            cons.append(Consequence("reached_ten", {"seat": event.by}, "Tally rules, winning"))
        return cons

    def suggest(self, state, seat):
        sugg = [Suggestion("add", seat, "Add points", bounds={"points": {"type": "int", "min": 1, "max": 3}})]
        return Advice(seat, {"name": "turn"}, sugg if state["turn"] == seat else [])

    def outcome(self, state):
        return None


RS = TallyGame()
SETUP = {"seats": ["p1", "p2"]}


def ev(seq, by, points, **kw):
    return Event("add", by, {"points": points}, id=f"e{seq}", seq=seq, **kw)


def test_unknown_event_type_is_structural():
    v = RS.check(RS.new_game(SETUP), Event("fly", "p1", {}))
    assert [x.code for x in v] == ["unknown_event"] and not v[0].overridable


def test_unknown_seat_is_structural():
    v = RS.check(RS.new_game(SETUP), Event("add", "p9", {"points": 1}))
    assert [x.code for x in v] == ["unknown_seat"]


@pytest.mark.parametrize("data,code", [({}, "missing_field"), ({"points": "2"}, "malformed"),
                                       ({"points": 0}, "out_of_range"), ({"points": 2, "x": 1}, "unknown_field"),
                                       ({"points": True}, "malformed")])
def test_malformed_data_names_the_field(data, code):
    v = RS.check(RS.new_game(SETUP), Event("add", "p1", data))
    assert v and v[0].code == code and "data." in v[0].message and not v[0].overridable


def test_rule_violation_blocks_unless_overridden_with_a_reason():
    state = RS.new_game(SETUP)
    e = Event("add", "p2", {"points": 2})
    assert [v.code for v in RS.judge(state, e).blocked] == ["not_your_turn"]
    with pytest.raises(IllegalEvent):
        RS.play(state, e)
    e = replace(e, override={"reason": "   "})
    assert RS.judge(state, e).blocked, "a blank reason is no override"
    e = replace(e, override={"reason": "card: Ready for Action"})
    assert RS.judge(state, e).blocked == []
    new, _ = RS.play(state, e)
    assert new["seats"]["p2"]["score"] == 2


def test_structural_violations_cannot_be_overridden():
    e = Event("add", "p1", {"points": "lots"}, override={"reason": "my card says so"})
    assert [v.code for v in RS.judge(RS.new_game(SETUP), e).blocked] == ["malformed"]


def test_apply_is_pure():
    state = RS.new_game(SETUP)
    before = json.dumps(state, sort_keys=True)
    RS.apply(state, Event("add", "p1", {"points": 2}))
    assert json.dumps(state, sort_keys=True) == before


def test_note_changes_nothing():
    state = RS.new_game(SETUP)
    assert RS.check(state, Event("note", "p1", {"text": "dice fell off the table"})) == []
    new, cons = RS.apply(state, Event("note", "p1", {"text": "x"}))
    assert new == state and cons == []


def test_a_note_about_an_entry_names_an_entry_of_the_log():
    """A note may name the entry it is about (a ruling, a flag): an entry of the log, not an undo or another note."""
    state = RS.new_game(SETUP)
    log = [ev(1, "p1", 2), Event("revert", "referee", {"seq": 1, "reason": "x"}, seq=2),
           Event("note", "p2", {"text": "hm"}, seq=3)]
    about = lambda seq: Event("note", "referee", {"text": "ruling", "seq": seq})  # noqa: E731
    assert RS.check(state, about(1)) == [] and check_note_target(log, about(1)) == []
    assert check_note_target(log, Event("note", "p1", {"text": "plain"})) == []
    for seq in (2, 3, 4):
        assert [v.code for v in check_note_target(log, about(seq))] == ["unknown_note_target"]
    assert [v.code for v in RS.check(state, about("1"))] == ["malformed"]
    assert [v.code for v in RS.check(state, about(0))] == ["out_of_range"]


def test_consequences_carry_their_rule():
    state = RS.new_game(SETUP)
    for seq in range(1, 8):
        state, cons = RS.apply(state, ev(seq, "p1" if seq % 2 else "p2", 3))
    assert cons and cons[0].to_dict() == {"type": "reached_ten", "data": {"seat": "p1"}, "rule": "Tally rules, winning"}


def test_replay_skips_reverted_events_and_rewinds():
    log = [ev(1, "p1", 3), ev(2, "p2", 1), Event("revert", "p2", {"seq": 2, "reason": "misclick"}, seq=3),
           ev(4, "p2", 2)]
    state = replay(RS, SETUP, log)
    assert state["seats"]["p2"]["score"] == 2 and state["seats"]["p1"]["score"] == 3
    assert [e.seq for e in effective_events(log)] == [1, 4]
    assert replay(RS, SETUP, log, upto=2)["seats"]["p2"]["score"] == 1
    assert replay(RS, SETUP, [e.to_dict() for e in log]) == state


def test_replay_verify_rejects_a_tampered_log():
    log = [ev(1, "p1", 3), ev(2, "p1", 3)]  # p1 twice in a row
    with pytest.raises(IllegalEvent):
        replay(RS, SETUP, log, verify=True)
    log[1] = replace(log[1], override={"reason": "extra turn card"})
    assert replay(RS, SETUP, log, verify=True)["seats"]["p1"]["score"] == 6


def test_replay_with_consequences_pairs_events():
    state, trail = replay_with_consequences(RS, SETUP, [ev(1, "p1", 3)])
    assert trail[0][0].seq == 1 and trail[0][1] == []


def test_players_revert_only_their_own_last_event():
    log = [ev(1, "p1", 3), ev(2, "p2", 1)]
    assert check_revert(log, Event("revert", "p2", {"seq": 2, "reason": "x"}), False) == []
    assert check_revert(log, Event("revert", "p1", {"seq": 2, "reason": "x"}), False)[0].code == "not_your_event"
    assert check_revert(log, Event("revert", "p1", {"seq": 1, "reason": "x"}), False)[0].code == "not_last_event"
    assert check_revert(log, Event("revert", "referee", {"seq": 1, "reason": "x"}), True) == []
    assert check_revert(log, Event("revert", "p1", {"seq": 9, "reason": "x"}), True)[0].code == "unknown_seq"
    log.append(Event("revert", "p2", {"seq": 2, "reason": "x"}, seq=3))
    assert check_revert(log, Event("revert", "p2", {"seq": 2, "reason": "x"}), True)[0].code == "already_reverted"
    assert check_revert(log, Event("revert", "p2", {"seq": 3, "reason": "x"}), True)[0].code == "revert_of_revert"
    # after the undo, p1's event is the last one again
    assert check_revert(log, Event("revert", "p1", {"seq": 1, "reason": "x"}), False) == []


def test_an_undo_with_malformed_fields_is_refused_by_the_one_judge_before_the_log_is_read():
    log = [ev(1, "p1", 3)]
    for data, code in [({"seq": "1", "reason": "x"}, "malformed"), ({"seq": 0, "reason": "x"}, "out_of_range"),
                       ({"reason": "x"}, "missing_field"), ({"seq": 1, "reason": "x", "also": 1}, "unknown_field"),
                       ({"seq": 1, "reason": "x" * 501}, "malformed")]:
        got = check_revert(log, Event("revert", "referee", data), True)
        assert got and got[0].code == code, (data, got)


def test_players_never_revert_the_referees_entry():
    log = [ev(1, "p1", 3), ev(2, "p2", 1)]
    undo = Event("revert", "p2", {"seq": 2, "reason": "x"})
    assert check_revert(log, undo, False, referee_entered={2})[0].code == "referee_entry"
    assert check_revert(log, undo, False, referee_entered={1}) == []
    assert check_revert(log, Event("revert", "referee", {"seq": 2, "reason": "x"}), True, referee_entered={2}) == []


def test_suggestion_wire_forms():
    done = Suggestion("add", "p1", "Add 2", {"points": 2}).to_dict()
    assert done == {"label": "Add 2", "event": {"type": "add", "by": "p1", "data": {"points": 2}}}
    tpl = Suggestion("add", "p1", "Add", choices={"points": [1, 2, 3]}).to_dict()
    assert tpl["template"]["type"] == "add" and tpl["choices"] == {"points": [1, 2, 3]}


def test_catalogue_includes_generic_events():
    types = [e["type"] for e in RS.catalogue()]
    assert types == ["add", "note", "revert"]


def test_event_envelope_round_trip():
    raw = {"id": "u1", "type": "add", "by": "p1", "data": {"points": 1}, "expected_seq": 4,
           "override": {"reason": "card"}}
    assert Event.from_dict(raw).to_dict() == raw


def test_replay_folds_with_owned_states_and_a_ruleset_may_skip_the_copy():
    """The log is the truth (docs/architecture.md, Principles, 2): replay applies to states it owns, by default as apply
    does on any state."""
    calls = []

    class InPlace(TallyGame):
        def apply(self, state, event, owned=False):
            if not owned:
                return super().apply(state, event)
            calls.append(event.seq)
            return state, self.apply_event(state, event)

    rs = InPlace()
    log = [ev(1, "p1", 2), ev(2, "p2", 3)]
    assert replay(rs, SETUP, log) == replay(RS, SETUP, log) == {"seats": {"p1": {"score": 2}, "p2": {"score": 3}},
                                                               "turn": "p1"}
    assert calls == [1, 2]


class FlagTally(TallyGame):
    """Tally plus a `flag` event any seat may enter at any time; raising a raised flag changes nothing."""

    def event_types(self):
        return [*super().event_types(), {"type": "flag", "label": "Raise the flag", "fields": {}}]

    def check_event(self, state, event):
        return [] if event.type == "flag" else super().check_event(state, event)

    def apply_event(self, state, event):
        if event.type == "flag":
            state["flag"] = True
            return []
        return super().apply_event(state, event)


def revert(seq, target, by="referee"):
    return Event("revert", by, {"seq": target, "reason": "entered by mistake"}, seq=seq)


def test_fold_after_a_mid_log_revert_skips_what_the_rules_now_refuse():
    # p1 3, p2 1, p1 2; the referee takes back p2's 1: p1's second add is now out of turn.
    log = [ev(1, "p1", 3), ev(2, "p2", 1), ev(3, "p1", 2), revert(4, 2)]
    fold = fold_log(RS, SETUP, log)
    assert fold.state["seats"]["p1"]["score"] == 3 and fold.state["turn"] == "p2"
    assert fold.inert[3]["status"] == "refused_now"
    assert [v["code"] for v in fold.inert[3]["violations"]] == ["not_your_turn"]
    assert replay(RS, SETUP, log) == fold.state
    # An override still holds after the revert (the table decided it), so it is not inert.
    log[2] = replace(log[2], override={"reason": "extra turn card"})
    assert fold_log(RS, SETUP, log).inert == {} and replay(RS, SETUP, log)["seats"]["p1"]["score"] == 5


def test_fold_notes_an_event_that_now_changes_nothing():
    rs = FlagTally()
    log = [Event("flag", "p1", {}, seq=1), Event("flag", "p2", {}, seq=2), revert(3, 1)]
    assert fold_log(rs, SETUP, log).inert == {}       # p2's flag now raises it
    log = [Event("flag", "p1", {}, seq=1), ev(2, "p1", 1), Event("flag", "p2", {}, seq=3), revert(4, 2)]
    assert fold_log(rs, SETUP, log).inert == {3: {"status": "no_effect"}}


def test_fold_leaves_events_before_the_earliest_revert_alone_and_undo_last_has_no_inert():
    log = [ev(1, "p1", 3), ev(2, "p2", 1), revert(3, 2, by="p2"), ev(4, "p2", 2)]
    assert fold_log(RS, SETUP, log).inert == {}
    assert fold_log(RS, SETUP, log, upto=3).state["turn"] == "p2"


def test_verify_checks_each_event_against_the_game_as_it_stood_when_entered():
    # Entered legally, then made inert by a later mid-log revert: the log imports, the event is skipped.
    log = [ev(1, "p1", 3), ev(2, "p2", 1), ev(3, "p1", 2), revert(4, 2), ev(5, "p2", 2)]
    assert replay(RS, SETUP, log, verify=True) == replay(RS, SETUP, log)
    assert replay(RS, SETUP, log)["seats"]["p2"]["score"] == 2
    # An event that was out of turn when it was entered is still refused.
    with pytest.raises(IllegalEvent):
        replay(RS, SETUP, [ev(1, "p1", 3), revert(2, 1), ev(3, "p2", 1)], verify=True)


def test_replay_with_consequences_leaves_out_refused_events():
    log = [ev(1, "p1", 3), ev(2, "p2", 1), ev(3, "p1", 2), revert(4, 2)]
    _, trail = replay_with_consequences(RS, SETUP, log)
    assert [e.seq for e, _ in trail] == [1]


def test_every_list_and_free_object_of_an_event_has_a_size_bound():
    """A field's own max_items / max_keys, else MAX_ITEMS / MAX_KEYS; structural, so no override lifts them."""
    from app.engine.core import MAX_ITEMS, MAX_KEYS, check_fields  # noqa: PLC0415 - the bounds under test

    spec = {"dice": {"type": "list", "items": {"type": "int"}, "max_items": 3},
            "any": {"type": "list", "required": False}, "map": {"type": "object", "required": False}}
    assert check_fields(spec, {"dice": [1, 2, 3]}) == []
    too_many = check_fields(spec, {"dice": [1, 2, 3, 4]})
    assert [(v.code, v.overridable) for v in too_many] == [("malformed", False)]
    assert "at most 3 items" in too_many[0].message
    assert check_fields(spec, {"dice": [], "any": [0] * (MAX_ITEMS + 1)})[0].message == \
        f"data.any holds at most {MAX_ITEMS} items."
    assert check_fields(spec, {"dice": [], "map": {str(i): i for i in range(MAX_KEYS + 1)}})[0].code == "malformed"


def test_a_suggestions_wire_form_holds_its_own_copy_of_the_data():
    """Suggestion.to_dict copies the data all the way down (plain_copy), as copy.deepcopy did: a client or a
    cached view that changes its copy changes neither the suggestion nor another copy; citations stay Rules."""
    rule = Rule("Book", "Section", 3)
    data = {"roll": [["hit", 1]], "pick": {"fighters": ["a"], "rule": rule}, "pair": ({"x": 1}, 2), "n": 1.5}
    sugg = Suggestion("add", "p1", "Add", data)
    first, second = sugg.to_dict(), sugg.to_dict()
    body = first["event"]["data"]
    assert body == data and body is not data
    body["roll"][0].append("more")
    body["pick"]["fighters"].append("b")
    body["pair"][0]["x"] = 9
    assert data == {"roll": [["hit", 1]], "pick": {"fighters": ["a"], "rule": rule}, "pair": ({"x": 1}, 2), "n": 1.5}
    assert second["event"]["data"] == data
    assert body["pick"]["rule"] is rule   # immutable: shared, as deepcopy shares it
    assert plain_copy({1, 2}) == {1, 2} and plain_copy({1, 2}) is not plain_copy({1, 2})  # other kinds: deepcopy
