"""BattleLore content: the files load and validate; setups are filled from them; saved lists reuse."""
import pytest
import yaml

from app import content
from app.content import ContentError
from app.content import battlelore as bc
from app.engine import registry
from app.engine.core import SetupError
from app.schemas.battlelore import CONTENT_FILES

RULESET = "battlelore/second-edition"


def test_content_loads_and_states_only_facts():
    """No public data set exists: every unit number the summary does not give is null."""
    lib = bc.load()
    assert {f["id"] for f in lib["factions"]} >= {"daqan", "uthuk"}
    assert all(u["health"] is None and u["muster"] is None for u in lib["units"])
    assert any(c["name"] == "Patrol Left" for c in lib["command_cards"])
    assert any(c["name"] == "Runic Barrier" and c.get("blocks_opponent") for c in lib["lore_cards"])


def test_expand_fills_faction_units_and_own_units_replace_them():
    """A seat gets content units of its faction and neutral ones; its own records replace them."""
    mine = {"slug": "great-dragon", "name": "Great Dragon", "health": 5, "movement": 2, "combat": 4,
            "attack": "melee", "muster": 12}
    out = bc.expand_setup(RULESET, {"seats": [{"name": "Ana", "faction": "Daqan", "units": [mine]}, {"name": "Ben"}]})
    ana = {u["slug"]: u for u in out["seats"][0]["units"]}
    assert ana["great-dragon"]["health"] == 5 and "great-dragon" not in out["seats"][0]["missing"]
    assert "skeleton-archers" not in ana, "another faction's units are not offered"
    assert out["seats"][1]["missing"]["great-dragon"]
    registry.get("battlelore/second-edition").new_game(out)  # the engine accepts the result


def test_saved_unit_lists_are_reused():
    """Players enter their units once: a saved list is filled into later games."""
    saved = {"units": [{"slug": "spearmen", "name": "Spearmen", "health": 4, "movement": 1, "combat": 3,
                        "attack": "melee", "muster": 5}]}
    out = bc.expand_setup(RULESET, {"seats": [{"name": "Ana", "custom_id": "abc"}, {"name": "Ben"}]},
                          lookup=lambda kind, cid: saved if (kind, cid) == (bc.CUSTOM_KIND, "abc") else None)
    assert "spearmen" in {u["slug"] for u in out["seats"][0]["units"]}
    with pytest.raises(SetupError):
        bc.expand_setup(RULESET, {"seats": [{"name": "Ana", "custom_id": "nope"}]}, lookup=lambda k, c: None)


def test_bad_records_name_the_field():
    """A malformed unit record is a setup error naming its place."""
    with pytest.raises(SetupError) as err:
        bc.expand_setup(RULESET, {"seats": [{"name": "Ana", "units": [{"slug": "x", "combat": -2}]}]})
    assert err.value.field == "seats[0].units.0"


def test_invalid_content_file_names_the_record(tmp_path, monkeypatch):
    """An invalid content file stops loading with the file and record named."""
    base = tmp_path / "battlelore"
    base.mkdir()
    for stem in bc.FILES:
        (base / f"{stem}.yaml").write_text((bc.content_dir() / f"{stem}.yaml").read_text())
    (base / "units.yaml").write_text("units:\n  - {slug: a, name: A, faction: elves}\n")
    monkeypatch.setenv("TW_CONTENT_DIR", str(tmp_path))
    with pytest.raises(bc.ContentError, match="unknown faction"):
        bc.load()


def _content_with(tmp_path, monkeypatch, stem: str, text: str) -> None:
    """A copy of the shipped BattleLore content with one file replaced, as the content directory."""
    base = tmp_path / "battlelore"
    base.mkdir()
    for other in bc.FILES:
        (base / f"{other}.yaml").write_text((bc.content_dir() / f"{other}.yaml").read_text())
    (base / f"{stem}.yaml").write_text(text)
    monkeypatch.setenv("TW_CONTENT_DIR", str(tmp_path))


@pytest.mark.parametrize("stem, text, problem", [
    ("units", "units:\n  - {slug: a, name: A, health: lots}\n",
     "units.yaml: unit 'a', field units[0].health: Not a valid integer."),
    ("units", "units:\n  - {slug: a, name: A, helth: 3}\n", "units.yaml: unit 'a', field units[0].helth: Unknown field."),
    ("command_cards", "command_cards:\n  - {name: Patrol Up, section: up}\n",
     "command_cards.yaml: command_card 'Patrol Up', field command_cards[0].section: Must be one of: left, center, right."),
    ("abilities", "abilities:\n  - {id: armor, name: Armor}\n",
     "abilities.yaml: ability 'armor', field abilities[0].engine: Missing data for required field."),
    ("factions", "sides: []\n", "factions.yaml: faction, field factions: Missing data for required field."),
])
def test_a_file_that_fails_its_schema_names_the_file_record_and_field(tmp_path, monkeypatch, stem, text, problem):
    """BattleLore files are validated by marshmallow schemas like every game's content: the same ContentError
    ("Invalid content file", then file, record and field per problem)."""
    _content_with(tmp_path, monkeypatch, stem, text)
    with pytest.raises(ContentError) as err:
        bc.load()
    assert str(err.value).startswith("Invalid content file\n  ")
    assert problem in str(err.value)


def test_the_shipped_files_pass_their_schemas():
    """Every shipped BattleLore file validates against its schema."""
    for stem, schema in CONTENT_FILES.items():
        assert schema().validate(yaml.safe_load((bc.content_dir() / f"{stem}.yaml").read_text())) == {}, stem


def test_app_content_routes_battlelore_setups():
    """The server's content.expand_setup hands BattleLore setups to this loader."""
    out = content.expand_setup("battlelore/second-edition", {"seats": [{"name": "Ana"}, {"name": "Ben"}]})
    assert "great-dragon" in {u["slug"] for u in out["seats"][0]["units"]}


def test_expand_adds_the_known_card_names():
    """Command and lore card names from content become buttons (sections and blocking from the summary)."""
    out = bc.expand_setup(RULESET, {"seats": [{"name": "Ana"}, {"name": "Ben"}]})
    cards = out["options"]["cards"]
    assert {"name": "Patrol Left", "section": "left"} in cards["command"]
    assert {"name": "Runic Barrier", "blocks_opponent": True, "window": None, "cost": None} in cards["lore"]
    assert {"name": "Intercede", "blocks_opponent": False, "window": "attack_declared", "cost": None} in cards["lore"]
