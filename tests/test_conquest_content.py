"""Conquest content: the 10 planets and the warlords of facts.md, validated; expand_setup fills a setup."""
import pytest

from app import conquest_content as cc
from app.engine.conquest import CONQUEST
from app.engine.core import SetupError


def test_ten_planets_with_facts():
    """facts.md, source I: the 10 core planets with their types and bonuses."""
    planets = {p["name"]: p for p in cc.planets()}
    assert len(planets) == 10
    assert planets["Y'varn"]["types"] == ["material", "strongpoint", "tech"] and planets["Y'varn"]["resources"] == 1
    assert planets["Osus IV"]["resources"] == 2 and planets["Barlus"]["cards"] == 2


def test_warlords_from_facts():
    """facts.md, source I: Nazdreg 2/7 (bloodied 2/5), Sicarius 2/6, Coteaz 0/8 with hand 8 and 8 resources."""
    assert cc.warlord("nazdreg")["bloodied"] == {"attack": 2, "hp": 5}
    assert cc.warlord("Captain Cato Sicarius")["hp"] == 6
    coteaz = cc.warlord("torquemada-coteaz")
    assert (coteaz["attack"], coteaz["hp"], coteaz["starting_hand"], coteaz["starting_resources"]) == (0, 8, 8, 8)


def test_expand_setup_feeds_the_engine():
    """The engine reads no files: expand_setup gives it planets and warlord records."""
    setup = cc.expand_setup({"seats": [{"name": "A", "warlord": "nazdreg"},
                                       {"name": "B", "warlord": "torquemada-coteaz"}]})
    state = CONQUEST.new_game(setup)
    assert state["seats"]["p2"]["hand"] == 8 and len(state["planets"]) == 10


def test_unknown_warlord_is_a_setup_error():
    """A warlord not in the content must be entered with its numbers."""
    with pytest.raises(SetupError) as err:
        cc.expand_setup({"seats": [{"warlord": "nobody"}, {"warlord": "nazdreg"}]})
    assert err.value.field == "seats[0].warlord"


def test_bad_content_is_reported(tmp_path, monkeypatch):
    """Content is validated at load: a wrong planet type is an error naming the file."""
    root = tmp_path / "conquest"
    root.mkdir()
    (root / "planets.yaml").write_text("planets:\n  - {name: X, types: [lava], resources: 1, cards: 1}\n")
    (root / "warlords.yaml").write_text("warlords: []\n")
    (root / "tokens.yaml").write_text("tokens: []\n")
    monkeypatch.setenv("TW_CONTENT_DIR", str(tmp_path))
    with pytest.raises(cc.ContentError, match="planets.yaml"):
        cc.load()
