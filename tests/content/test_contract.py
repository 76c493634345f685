"""Every game's content module offers the same contract (app/content/__init__.py): load, catalogue, expand_setup."""
import inspect

import pytest

from app import content
from app.engine.core import SetupError


@pytest.mark.parametrize("game", list(content.GAMES))
def test_each_game_offers_the_same_functions(game):
    """The same names with the same parameters, so the server and the API treat every game alike."""
    module = content.GAMES[game]
    assert list(inspect.signature(module.expand_setup).parameters) == ["ruleset_id", "setup", "lookup"]
    assert list(inspect.signature(module.load).parameters) == []
    catalogue = module.catalogue()
    assert catalogue and all(isinstance(kind, str) and isinstance(recs, list) for kind, recs in catalogue.items())


@pytest.mark.parametrize("ruleset", ["underworlds/deathgorge", "battlelore/second-edition"])
def test_saved_content_comes_from_the_lookup_given(ruleset):
    """A seat naming saved content is looked up through the lookup the caller passes (its store), and nothing else."""
    asked = []

    def lookup(kind, cid):
        asked.append(cid)

    with pytest.raises(SetupError, match="saved-1"):
        content.expand_setup(ruleset, {"seats": [{"name": "A", "custom_id": "saved-1"}, {"name": "B"}]}, lookup)
    assert asked == ["saved-1"]


def test_a_game_without_content_gets_its_setup_back_as_a_copy():
    """A ruleset of a game with no content module: the setup comes back unchanged, as a new dict."""
    setup = {"seats": [{"name": "A"}]}
    out = content.expand_setup("tally/basic", setup)
    assert out == setup and out is not setup
