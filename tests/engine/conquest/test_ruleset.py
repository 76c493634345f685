"""The ruleset shell: apply() stays pure with its JSON copy, apply(owned=True) folds in place, replay agrees."""
import json
import random
from dataclasses import replace

from app.engine.core import Event, replay

from .support import RS, bot_step, setup, start


def test_apply_does_not_touch_its_input():
    """docs/architecture.md, Engine contract: apply is pure."""
    state = start()
    before = json.dumps(state, sort_keys=True)
    new, _ = RS.apply(state, Event("deploy", "p1", {"card": {"name": "A", "type": "army", "cost": 1, "hp": 1},
                                                    "planet": 1}))
    assert json.dumps(state, sort_keys=True) == before and new is not state
    assert new["seats"]["p1"]["resources"] == 6


def test_state_has_only_string_keys_so_the_json_copy_is_exact():
    """The JSON copy used by apply() is lossless: a whole random game replays (in place) to the same state."""
    rng, counter = random.Random(7), [0]
    the_setup = setup()
    state, log = RS.new_game(the_setup), []
    for n in range(250):
        ev = bot_step(state, rng, counter)
        if ev is None:
            break
        ev = replace(ev, seq=n + 1)
        state, _ = RS.apply(state, ev)
        log.append(ev)
    assert json.loads(json.dumps(state)) == state
    assert replay(RS, the_setup, log) == state


def test_catalogue_lists_every_event_with_fields():
    """Every Conquest event is in the catalogue, with a label and field specs, plus note and revert."""
    types = {e["type"] for e in RS.catalogue()}
    assert {"deploy", "commit", "attack", "shield", "headquarters", "note", "revert"} <= types
    assert all(e["label"] and isinstance(e["fields"], dict) for e in RS.catalogue())
