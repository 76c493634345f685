"""expand_setup never fails with anything but SetupError on junk seats (bad input gets a clear error)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import content
from app.engine.core import SetupError

junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=12)
                    | st.sampled_from(["cyrenis-razors", "custom", "garreks-reavers-shadespire", "current",
                                       "shadespire-universal", "Sidestep", "vexmor"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["slug", "name", "wounds", "objectives", "power", "rivals", "custom_id",
                                         "profiles", "defence", "type", "effect"]), inner, max_size=4),
                    max_leaves=12)
seat = st.fixed_dictionaries({"name": st.text(max_size=5)}, optional={
    "warband": junk, "printing": junk, "fighters": junk, "deck": junk, "custom_id": junk})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.lists(seat, min_size=1, max_size=3), fmt=st.sampled_from([None, "rivals", "relic", "nope"]))
def test_junk_seats_raise_setup_error_only(seats, fmt):
    """Any seat shape either expands or raises SetupError naming a field."""
    try:
        out = content.expand_setup("underworlds/deathgorge", {"options": {"format": fmt}, "seats": seats},
                                   lookup=lambda kind, cid: None)
    except SetupError as exc:
        assert exc.field and exc.message
    else:
        for s in out["seats"]:
            assert isinstance(s["fighters"], list) and s["fighters"]
