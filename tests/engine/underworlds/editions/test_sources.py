"""Every rule an earlier edition cites is its own book's (never the current rules' Deathgorge rulebook)."""
import pytest

from app.engine.underworlds import DREADFANE, SHADESPIRE
from app.engine.underworlds.rules import DEATHGORGE_RULES


@pytest.mark.parametrize("rs,book", [(SHADESPIRE, "Shadespire"), (DREADFANE, "Dreadfane")])
def test_every_rule_key_cites_the_editions_own_book(rs, book):
    """Each key of the base rule table has an entry in the edition's table, naming the edition's book."""
    for key in DEATHGORGE_RULES:
        cite = rs.edition.rule(key)
        assert book in cite and "Deathgorge" not in cite, (key, cite)


@pytest.mark.parametrize("rs,book", [(SHADESPIRE, "Shadespire"), (DREADFANE, "Dreadfane")])
def test_describe_tells_clients_what_the_edition_has(rs, book):
    """state['edition'] lists the steps and options the phone app may show for this edition."""
    d = rs.describe()
    assert d["id"] == rs.id and book in d["title"]
    has = d["has"]
    assert not has["surge_steps"] and not has["stagger"] and not has["stun"] and not has["delve"]
    assert has["hazard_phase"] == (rs is DREADFANE) and has["objective_hexes"] == (rs is DREADFANE)
    assert d["turns_per_round"] == 4 and d["rounds"] == [1, 2, 3]
