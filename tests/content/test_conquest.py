"""Conquest content: the card pool, the 10 planets and the token units, validated; expand_setup fills a setup."""
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from app.content import conquest as cc
from app.content.conquest_abilities import load_from
from app.content.errors import ContentError
from app.content.files import ROOT
from app.engine.conquest import CONQUEST, damage
from app.engine.conquest.coverage import core_cards
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
    setup = cc.expand_setup("conquest/core", {"seats": [{"name": "A", "warlord": "nazdreg"},
                                       {"name": "B", "warlord": "torquemada-coteaz"}]})
    state = CONQUEST.new_game(setup)
    assert state["seats"]["p2"]["hand"] == 8 and len(state["planets"]) == 10


def test_unknown_warlord_is_a_setup_error():
    """A warlord not in the content must be entered with its numbers."""
    with pytest.raises(SetupError) as err:
        cc.expand_setup("conquest/core", {"seats": [{"warlord": "nobody"}, {"warlord": "nazdreg"}]})
    assert err.value.field == "seats[0].warlord"


def test_bad_content_is_reported(tmp_path, monkeypatch):
    """Content is validated at load: a wrong planet type is an error naming the file."""
    root = tmp_path / "conquest"
    shutil.copytree(ROOT / "conquest", root)
    (root / "planets.yaml").write_text("planets:\n  - {name: X, types: [lava], resources: 1, cards: 1}\n")
    monkeypatch.setenv("TW_CONTENT_DIR", str(tmp_path))
    with pytest.raises(cc.ContentError, match="planets.yaml"):
        cc.load()


# sources.md (content facts, Warhammer 40,000: Conquest, Counts): official cards by faction and type.
OFFICIAL = {
    "Astra Militarum": {"warlord": 4, "army_unit": 37, "support": 14, "event": 14, "attachment": 11, "token": 1},
    "Chaos": {"warlord": 4, "army_unit": 37, "support": 11, "event": 15, "attachment": 13, "token": 1},
    "Dark Eldar": {"warlord": 3, "army_unit": 35, "support": 11, "event": 16, "attachment": 10, "token": 1},
    "Eldar": {"warlord": 4, "army_unit": 38, "support": 11, "event": 17, "attachment": 11},
    "Necrons": {"warlord": 3, "army_unit": 27, "support": 10, "event": 9, "attachment": 9},
    "Orks": {"warlord": 3, "army_unit": 36, "support": 14, "event": 13, "attachment": 9, "token": 1},
    "Space Marines": {"warlord": 4, "army_unit": 38, "support": 12, "event": 15, "attachment": 12},
    "Tau": {"warlord": 3, "army_unit": 36, "support": 11, "event": 13, "attachment": 11},
    "Tyranids": {"warlord": 3, "army_unit": 34, "synapse": 6, "support": 12, "event": 12, "attachment": 12, "token": 1},
    "Neutral": {"army_unit": 4, "support": 2, "event": 4, "attachment": 2},
    None: {"planet": 10},
}
COMMUNITY = {"warlord": 24, "army_unit": 144, "synapse": 4, "support": 71, "event": 58, "attachment": 53, "planet": 60}


def test_card_pool_counts_by_type_and_faction():
    """Every record validates (load() raises otherwise) and the pool holds what the source lists:
    710 official cards by faction and type, 414 community-made ones by type (docs/content.md)."""
    cards = cc.cards(community=True)
    official = Counter((c["faction"], c["type"]) for c in cards if c["official"])
    assert official == Counter({(f, t): n for f, types in OFFICIAL.items() for t, n in types.items()})
    assert sum(official.values()) == 710
    community = Counter(c["type"] for c in cards if not c["official"])
    assert community == Counter(COMMUNITY) and sum(community.values()) == 414
    assert len(cc.cards()) == 710   # community cards only when the table uses them
    assert len(cc.warlords(community=False)) == 31 and len(cc.warlords()) == 55


def test_warlords_carry_their_signature_squads():
    """A warlord names its squad; every squad card is in the pool and names its warlord back."""
    straken = cc.warlord("Colonel Straken")
    assert straken["faction"] == "Astra Militarum" and straken["bloodied"] == {"attack": 2, "hp": 5}
    squad = {s["name"]: s["copies"] for s in straken["signature_squad"]}
    assert squad == {"Straken's Command Squad": 4, "Glorious Intervention": 2, "Omega Zero Command": 1,
                     "Straken's Cunning": 1}
    for name in squad:
        assert cc.pool()[name.casefold()]["signature_of"] == "Colonel Straken"


def test_keywords_as_the_engine_reads_them():
    """Area Effect 2 keeps its number; No Wargear Attachments bars attachments with that trait."""
    assert cc.keyword_text({"name": "Area Effect", "value": 2}) == "area effect 2"
    assert cc.keyword_text({"name": "No Wargear Attachments"}) == "no attachments wargear"
    assert cc.keyword_text({"name": "Flying"}) == "flying"
    assert cc.keyword_text({"name": "Area Effect", "value": "X"}) == "area effect x"   # asked for at the table


def _with_card(tmp_path, monkeypatch, change):
    root = tmp_path / "conquest"
    shutil.copytree(ROOT / "conquest", root)
    path = root / "cards.json"
    data = json.loads(path.read_text())
    change(data["cards"])
    path.write_text(json.dumps(data))
    monkeypatch.setenv("TW_CONTENT_DIR", str(tmp_path))


@pytest.mark.parametrize("change, field", [
    (lambda cards: next(c for c in cards if c["type"] == "army_unit").update(attack=None), "attack"),
    (lambda cards: cards.append({**cards[0], "id": "x", "faction": "Squats"}), "faction"),
    (lambda cards: cards.append(dict(cards[0])), "twice"),
    (lambda cards: cards.append({**cards[0], "id": "y", "name": "Y", "signature_squad": [{"name": "Nobody", "copies": 1}]}),
     "Nobody"),
])
def test_a_bad_card_record_stops_the_load(tmp_path, monkeypatch, change, field):
    """A record that does not validate is an error naming the file, the card and the field."""
    _with_card(tmp_path, monkeypatch, change)
    with pytest.raises(cc.ContentError, match=f"cards.json.*{field}"):
        cc.load()


def test_community_warlord_needs_the_tables_choice():
    """Community cards are used only when the game's setup says so (options.community_cards)."""
    community = next(w for w in cc.warlords() if not w["official"])
    seats = [{"name": "A", "warlord": community["slug"]}, {"name": "B", "warlord": "nazdreg"}]
    with pytest.raises(SetupError, match="community"):
        cc.expand_setup("conquest/core", {"seats": seats})
    setup = cc.expand_setup("conquest/core", {"options": {"community_cards": True}, "seats": seats})
    state = CONQUEST.new_game(setup)
    assert state["community_cards"] is True and state["seats"]["p1"]["faction"] == community["faction"]
    assert state["seats"]["p2"]["faction"] == "Orks"


def test_the_content_page_counts_match():
    """The counts docs/content.md gives are the ones this test checks."""
    page = (Path(__file__).parents[2] / "docs" / "content.md").read_text()
    assert "710 official" in page and "414 community" in page


def test_a_registered_deck_has_at_most_150_lines_of_at_most_150_copies():
    """A deck is at least 50 cards (Deck customisation); three times that bounds what a phone may register."""
    warlord = cc.warlord("Nazdreg")
    with pytest.raises(SetupError) as err:
        cc.check_registered_deck({"cards": [{"name": f"C{i}", "count": 1} for i in range(151)]}, warlord, False)
    assert err.value.field == "deck.cards"
    with pytest.raises(SetupError) as err:
        cc.check_registered_deck({"cards": [{"name": "Cybork Body", "count": 300_000}]}, warlord, False)
    assert err.value.field == "deck.cards[0]"


CORE_WARLORDS = ["colonel-straken", "zarathur-high-sorcerer", "packmaster-kith", "eldorath-starbane", "nazdreg",
                 "captain-cato-sicarius", "commander-shadowsun"]


@pytest.mark.parametrize("slug", CORE_WARLORDS)
def test_every_core_warlord_leads_a_starter_deck_by_name(slug):
    """Rules summary, Setup: a core set starter deck is all the core set cards of the faction plus 1 copy of each
    neutral card; "deck": "starter" registers it in one go, the signature squad whole, with no problem."""
    warlord = cc.warlord(slug)
    lines = {c["name"]: c["count"] for c in warlord["starter_deck"]}
    for member in warlord["signature_squad"]:
        assert lines[member["name"]] == member["copies"]
    neutral = [c["name"] for c in cc.cards() if c["set"] == "Core Set" and c["faction"] == "Neutral"]
    assert neutral and all(lines[n] == 1 for n in neutral)
    own = [c for c in cc.cards() if c["set"] == "Core Set" and c["faction"] == warlord["faction"]
           and c["type"] not in ("warlord", "token")]
    assert all(c["name"] in lines for c in own) and len(lines) == len(own) + len(neutral)
    setup = cc.expand_setup("conquest/core", {"seats": [{"name": "A", "warlord": slug, "deck": "starter"},
                                                        {"name": "B", "warlord": "nazdreg"}]})
    seat = setup["seats"][0]
    assert seat["deck"] == {"registered": True, "cards": sum(lines.values()), "problems": [], "format": "starter"}
    assert seat["deck_size"] == sum(lines.values()) and "starter_deck" not in seat["warlord"]
    state = CONQUEST.new_game(setup)
    assert state["seats"]["p1"]["deck"] == sum(lines.values()) - warlord["starting_hand"]
    # Everyone knows a starter deck's cards: the seat says it plays one (the phone lists them), the other does not.
    assert state["seats"]["p1"]["starter_deck"] is True and state["seats"]["p2"]["starter_deck"] is False


def test_a_warlord_from_another_product_leads_no_starter_deck():
    """Only the core set's seven warlords come with a starter deck: another warlord's is a setup error naming it."""
    assert cc.warlord("torquemada-coteaz")["starter_deck"] is None
    for warlord in ("torquemada-coteaz", {"name": "Custom Boss", "attack": 3, "hp": 6, "starting_hand": 6,
                                          "starting_resources": 8, "bloodied": None}):
        with pytest.raises(SetupError) as err:
            cc.expand_setup("conquest/core", {"seats": [{"name": "A", "warlord": "nazdreg"},
                                                        {"name": "B", "warlord": warlord, "deck": "starter"}]})
        assert err.value.field == "seats[1].deck" and "starter deck" in err.value.message


def test_no_card_prints_more_shield_icons_than_the_engine_allows_for():
    """The shield window is skipped when even the biggest shield could not save the unit: that bound is the most
    shield icons any card of the pool prints."""
    assert max(c.get("shields") or 0 for c in cc.load()["cards"]) == damage.MAX_SHIELD_ICONS


def test_every_core_set_card_has_an_ability_record_in_our_words():
    """content/conquest/abilities-*.yaml: one record per core set card, each read in our own words (checked at load)."""
    records = cc.abilities()
    core = {c["name"] for c in core_cards(cc.load()["cards"])}
    assert core == set(records)
    assert all(0 < len(r["reading"]) <= 400 for r in records.values())


def test_an_ability_file_with_an_unknown_term_names_file_card_and_term(tmp_path):
    (tmp_path / "abilities-x.yaml").write_text("abilities:\n- {name: Goff Nob, timing: sometimes, reading: ours}\n")
    try:
        load_from(str(tmp_path), frozenset({"Goff Nob"}))
    except ContentError as exc:
        assert "abilities-x.yaml" in str(exc) and "Goff Nob" in str(exc) and "timing" in str(exc)
    else:
        raise AssertionError("an unknown term must stop the load")
    (tmp_path / "abilities-x.yaml").write_text("abilities:\n- {name: Nobody, timing: none, reading: ours}\n")
    try:
        load_from(str(tmp_path), frozenset({"Goff Nob"}))
    except ContentError as exc:
        assert "no card of that name" in str(exc)
    else:
        raise AssertionError("a record for a card the pool lacks must stop the load")
