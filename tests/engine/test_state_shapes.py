"""Each game's state keeps to its declared shape (underworlds/state.py, conquest/types.py, battlelore/types.py): over
random games of every sample setup, every key a state holds is declared in its TypedDict."""
import pytest

from app.engine import registry
from app.engine.battlelore.types import BattleLoreState
from app.engine.conquest.types import ConquestState
from app.engine.underworlds.state import UnderworldsState
from tests.support.play import SETUPS, play_random
from tests.support.shapes import undeclared

SHAPES = {"underworlds": UnderworldsState, "conquest": ConquestState, "battlelore": BattleLoreState}
CASES = [(rid, i) for rid, setups in SETUPS.items() for i in range(len(setups))]


@pytest.mark.parametrize("ruleset_id,setup_index", CASES)
def test_every_key_of_a_state_is_declared(ruleset_id, setup_index):
    rs = registry.get(ruleset_id)
    shape = SHAPES[ruleset_id.split("/")[0]]
    found: set[str] = set()

    def check(state, _event, _sugg):
        found.update(undeclared(state, shape))

    final, _ = play_random(rs, SETUPS[ruleset_id][setup_index], seed=setup_index, max_events=300, on_event=check)
    found.update(undeclared(final, shape))
    assert not found, sorted(found)[:20]


def test_an_undeclared_key_is_found():
    state = {"seats": {"p1": {"name": "Ana", "glory_typo": 1}}, "fighters": {"p1.a": {"seat": "p1", "wound": 2}},
             "pending": None, "nonsense": 1}
    assert sorted(undeclared(state, UnderworldsState)) == [
        "state.fighters.p1.a.wound", "state.nonsense", "state.seats.p1.glory_typo"]
