"""Setup: warlords, decks, starting hands and resources, the planet line (rules summary, Setup)."""
import pytest

from app.engine.core import SetupError

from .support import NAZDREG, RS, setup


def test_starting_hand_and_resources_come_from_the_warlord():
    """Setup: draw the starting hand size and take the starting resources printed on the warlord."""
    state = RS.new_game(setup())
    p1, p2 = state["seats"]["p1"], state["seats"]["p2"]
    assert (p1["hand"], p1["resources"], p1["deck"]) == (7, 7, 43)
    assert (p2["hand"], p2["resources"], p2["deck"]) == (7, 7, 43)


def test_warlords_start_hale_and_ready_at_hq():
    """Setup: place your warlord, hale side up, in your headquarters area."""
    state = RS.new_game(setup())
    wl = state["units"]["p1.warlord"]
    assert (wl["side"], wl["at"], wl["ready"], wl["attack"], wl["hp"]) == ("hale", "hq", True, 2, 7)


def test_seven_face_down_planets_in_a_line():
    """Setup: deal 7 of the 10 planets in a line, face down."""
    state = RS.new_game(setup())
    assert len(state["line"]) == 7 and not any(p["face_up"] for p in state["line"])
    assert len(state["planets"]) == 10


@pytest.mark.parametrize("change,field", [
    ({"seats": []}, "seats"),
    ({"planets": []}, "planets"),
])
def test_unusable_setups_name_the_field(change, field):
    """Conquest is for two players with the planet cards; a bad setup says which field is wrong."""
    s = setup()
    s.update(change)
    with pytest.raises(SetupError) as err:
        RS.new_game(s)
    assert err.value.field == field


def test_warlord_numbers_are_checked():
    """A warlord needs ATK, HP, starting hand size and starting resources (Setup)."""
    s = setup(p1={"warlord": {"name": "Custom", "attack": 1, "hp": 0, "starting_hand": 7, "starting_resources": 7}})
    with pytest.raises(SetupError) as err:
        RS.new_game(s)
    assert err.value.field == "seats[0].warlord.hp"


def test_deck_must_be_bigger_than_the_hand():
    """Winning & losing: an empty deck loses, so a deck no bigger than the hand cannot start."""
    with pytest.raises(SetupError):
        RS.new_game(setup(p1={"deck_size": 7}))


def test_every_number_and_list_of_a_setup_has_a_bound():
    """Printed numbers up to 30, a deck up to 150 cards, 30 planets and token units, 12 keywords or traits."""
    cases = [({"p1": {"warlord": {**NAZDREG, "attack": 31}}}, "seats[0].warlord.attack"),
             ({"p1": {"warlord": {**NAZDREG, "starting_hand": 3_000_000}}}, "seats[0].warlord.starting_hand"),
             ({"p1": {"warlord": {**NAZDREG, "keywords": ["brutal"] * 13}}}, "seats[0].warlord.keywords"),
             ({"p1": {"deck_size": 151}}, "seats[0].deck_size")]
    for change, field in cases:
        with pytest.raises(SetupError) as err:
            RS.new_game(setup(**change))
        assert err.value.field == field
    many = setup()
    many["planets"] = [{**many["planets"][0], "name": f"P{i}"} for i in range(31)]
    with pytest.raises(SetupError, match="at most 30"):
        RS.new_game(many)
    tokens = setup()
    tokens["tokens"] = [{"name": f"T{i}", "hp": 1} for i in range(31)]
    with pytest.raises(SetupError) as err:
        RS.new_game(tokens)
    assert err.value.field == "tokens"
    assert RS.new_game(setup(p1={"deck_size": 150}))["seats"]["p1"]["deck"] > 0
