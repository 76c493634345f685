"""The phone applies view patches as the server makes them: static/js/viewpatch.js in Chromium gives, for
consecutive views of a played Underworlds game, the same JSON as the server's next view; a patch whose base
is not the view held asks for a whole view; an older frame is ignored."""
import json

import pytest

from app.engine import registry
from app.live.viewpatch import diff
from app.service.reading import Reading
from tests.support.play import play_random, underworlds_setup

pytestmark = pytest.mark.e2e


def test_the_phone_patches_views_exactly_as_the_server_made_them(phones):
    rs = registry.get("underworlds/deathgorge")
    states: list = []
    play_random(rs, underworlds_setup(4), 5, max_events=60, on_event=lambda s, *_: states.append(s))
    views = [Reading._view(rs, state, seq, "p2") for seq, state in enumerate(states, start=1)]
    cases = [{"base": a, "frame": {"seq": b["seq"], "seat": "p2", "base": a["seq"], "patch": diff(a, b)},
              "want": json.dumps(b, separators=(",", ":"))} for a, b in zip(views, views[1:])]
    page = phones.new("phone")
    page.goto("/")
    got = page.evaluate("""async (cases) => {
      const m = await import("/static/js/viewpatch.js");
      return cases.map(({ base, frame, want }) => {
        const before = JSON.stringify(base);
        const { view, resync } = m.wholeView(base, frame);
        return { same: JSON.stringify(view) === want, resync, untouched: JSON.stringify(base) === before,
                 behind: m.wholeView(view, frame).view === null,
                 other: m.wholeView({ ...base, seq: base.seq - 1 }, frame).resync };
      });
    }""", cases)
    assert len(got) == len(cases) > 20
    assert all(g["same"] and not g["resync"] and g["untouched"] for g in got), got
    assert all(g["behind"] and g["other"] for g in got)
