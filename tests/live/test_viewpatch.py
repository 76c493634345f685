"""View frames as changes (app/live/viewpatch.py): applying the patch of two consecutive views to the first
gives the second, byte for byte as JSON, over played games of every ruleset and every seat; the base is
never changed; a frame is a patch only on the view of the seq before, for the same seat."""
import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import registry, sharing
from app.live import fastjson, viewpatch
from app.live.viewpatch import LastViews, apply, diff, full_view
from app.service.reading import Reading
from tests.support.play import SETUPS, play_random

json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3),
                           lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=2), inner,
                                                                                      max_size=4), max_leaves=20)
json_objects = st.dictionaries(st.text(max_size=2), json_values, max_size=5)


@given(json_objects, json_objects)
@settings(max_examples=300, deadline=None)
def test_a_patch_turns_one_object_into_the_other_and_leaves_the_first_alone(old, new):
    kept = copy.deepcopy(old)
    assert fastjson.dumps(apply(old, diff(old, new))) == fastjson.dumps(new)
    assert old == kept


@pytest.mark.parametrize("rid", sorted(SETUPS))
def test_consecutive_views_of_played_games_patch_exactly(rid):
    rs = registry.get(rid)
    states: list = []
    play_random(rs, SETUPS[rid][0], 11, max_events=150, on_event=lambda s, *_: states.append(s))
    seats = [*rs.seat_ids(states[0]), "referee", "spectator"]
    for seat in seats:
        before = None
        for seq, state in enumerate(states, start=1):
            view = Reading._view(rs, state, seq, seat)
            if before is not None:
                ops = diff(before, view)
                assert fastjson.dumps(apply(before, ops)) == fastjson.dumps(view), (rid, seat, seq)
                assert len(fastjson.dumps(ops)) < len(fastjson.dumps(view))
            before = view


def test_a_list_keeps_the_items_that_stay_and_sends_only_the_new_ones():
    old = {"s": [{"a": 1}, {"b": 2}, {"c": 3}, {"d": 4}, {"e": 5}]}
    new = {"s": [{"b": 2}, {"a": 1}, {"x": True}, {"d": 4}, {"e": 5}]}
    (op,) = diff(old, new)
    assert op == [["s"], [1, 0, -1, 3, 4], [{"x": True}]]
    assert apply(old, [op]) == new
    assert diff({"s": [1, 1, 2, 3]}, {"s": [True, 1, 2, 3]}) == [[["s"], [-1, 0, 2, 3], [True]]]
    assert diff({"s": [0]}, {"s": [False]}) == [[["s"], [False]]]   # 0 == False in Python, not in JSON


def test_values_orjson_refuses_are_compared_as_the_frames_encoder_writes_them():
    big = 2 ** 70   # past 64 bits: the standard library's text (fastjson.py)
    assert diff({"a": {"x": big, "y": 1}}, {"a": {"x": big, "y": 1}}) == []
    assert diff({"a": {"x": big}}, {"a": {"x": big + 1}}) == [[["a", "x"], big + 1]]
    assert diff({"s": [big, 1, 2, 3]}, {"s": [big, True, 2, 3]}) == [[["s"], [0, -1, 2, 3], [True]]]
    assert diff({"s": [big, 1, 2, 3]}, {"s": [1, 2, 3, big]}) == [[["s"], [1, 2, 3, 0], []]]


def test_a_frame_is_a_patch_only_on_the_previous_seq_of_the_same_room():
    views = LastViews()
    v1 = {"seq": 1, "seat": "p1", "state": {"a": 1, "b": [1]}, "advice": None}
    v2 = {"seq": 2, "seat": "p1", "state": {"a": 2, "b": [1]}, "advice": None}
    v4 = {"seq": 4, "seat": "p1", "state": {"a": 4, "b": [1]}, "advice": None}
    assert views.frame("game:g:p1", v1) is v1                      # nothing sent before: the whole view
    frame = views.frame("game:g:p1", v2)
    assert frame["base"] == 1 and full_view(v1, frame) == v2
    assert full_view(v4, frame) is None                            # a phone holding another view asks again
    assert views.frame("game:g:p1", v4) is v4                      # seq 3 went from elsewhere: whole view
    assert views.frame("game:h:p1", v2) is v2                      # another room has its own base


def test_the_rooms_remembered_are_bounded():
    views = LastViews(most=2)
    for i in range(5):
        views.frame(f"room{i}", {"seq": 1, "seat": "p1"})
    assert views.frame("room0", {"seq": 2, "seat": "p1"}) == {"seq": 2, "seat": "p1"}   # forgotten: whole
    assert "patch" in views.frame("room4", {"seq": 2, "seat": "p1", "x": 1})


def played_views(rid: str, seats: tuple) -> list[list[dict]]:
    """Each seat's view after each event of a played game, as the server makes them: sharing their parts with the
    state and with each other (the test suite's read-only wrappers are off here: they are new objects each read)."""
    rs = registry.get(rid)
    states: list = []
    play_random(rs, SETUPS[rid][0], 7, max_events=120, on_event=lambda s, *_: states.append(s))
    sharing.check_sharing(False)
    try:
        return [[Reading._view(rs, state, seq, seat) for seat in seats] for seq, state in
                enumerate(states, start=1)]
    finally:
        sharing.check_sharing(True)


@pytest.mark.parametrize("rid", ["underworlds/deathgorge", "underworlds/shadespire"])
def test_the_frames_of_one_event_patch_exactly_as_each_view_alone(rid):
    """The seats' frames of one event share the comparison of the parts their views share: each patch is the one
    the view's own diff gives, for every seat and event of a played game."""
    seats = ("p1", "p2", "referee", "spectator")
    views, bases = LastViews(), {}
    played = played_views(rid, seats)
    assert played[5][0]["state"]["fighters"] is played[5][1]["state"]["fighters"]   # (shared, as when serving)
    for by_seat in played:
        for seat, view in zip(seats, by_seat):
            frame = views.frame(seat, view)
            if seat in bases:
                assert frame["patch"] == diff(bases[seat], view), (rid, seat, view["seq"])
                assert fastjson.dumps(full_view(bases[seat], frame)) == fastjson.dumps(view)
            bases[seat] = view


def test_a_part_two_views_share_is_compared_once_and_a_part_of_ones_own_is_not_taken_from_another(monkeypatch):
    fighters_before, fighters_after = {"a": {"hp": 3}, "b": {"hp": 2}}, {"a": {"hp": 1}, "b": {"hp": 2}}
    hand_before = {"cards": [1]}   # the seats' hands were one part, and are each seat's own after
    compared = []
    same = viewpatch._same
    monkeypatch.setattr(viewpatch, "_same", lambda a, b: compared.append((a, b)) or same(a, b))
    views, frames = LastViews(), {}
    for seq, fighters, hands in ((1, fighters_before, (hand_before, hand_before)),
                                 (2, fighters_after, ({"cards": [1]}, {"cards": [3]}))):
        for seat, hand in zip(("p1", "p2"), hands):
            frames[seat] = views.frame(seat, {"seq": seq, "seat": seat, "state": {"fighters": fighters, "hand": hand}})
    assert sum(1 for a, b in compared if a is fighters_before and b is fighters_after) == 1
    assert frames["p1"]["patch"] == [[["seq"], 2], [["state", "fighters", "a", "hp"], 1]]
    assert frames["p2"]["patch"] == [[["seq"], 2], [["state", "fighters", "a", "hp"], 1],
                                     [["state", "hand", "cards"], [3]]]


def test_what_the_frames_of_one_event_shared_is_let_go_at_the_next():
    shared = {"a": {"hp": 3}}
    views = LastViews()
    views.frame("p1", {"seq": 1, "seat": "p1", "state": {"fighters": shared}})
    views.frame("p1", {"seq": 2, "seat": "p1", "state": {"fighters": {"a": {"hp": 2}}}})
    assert any(held[0] is shared for held in views._memo.values())
    views.frame("p1", {"seq": 3, "seat": "p1", "state": {"fighters": {"a": {"hp": 1}}}})
    assert not any(held[0] is shared or held[1] is shared for held in views._memo.values())
