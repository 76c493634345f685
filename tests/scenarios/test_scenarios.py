"""Every scripted whole game in tests/scenarios/ plays through with its checkpoints."""
import pytest

from .runner import play_scenario, scenario_files

FILES = scenario_files()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_scenario(path):
    play_scenario(path)
