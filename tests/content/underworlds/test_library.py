"""Loading content (app/content.py): every shipped file loads; a bad file stops startup naming file, record, field."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from app.content import files
from app.content.underworlds import library
from app.schemas.content import KINDS, missing_fields
from app.server import create_app

SHIPPED = files.ROOT
NAMED_IN_RULEBOOKS = ["steelhearts-champions", "garreks-reavers", "sepulchral-guard", "ironskulls-boyz",
                      "spiteclaws-swarm", "ironsouls-condemnors", "lady-harrows-mournflight", "cyrenis-razors",
                      "thricefold-discord"]


def test_every_shipped_file_loads():
    """Every YAML file under content/ validates against its kind's schema."""
    lib = library.load_from(SHIPPED)
    # content/<game>/<kind>/<id>.yaml is this loader's layout; Conquest's and BattleLore's flat files
    # are validated by app/content/conquest.py and app/content/battlelore.py.
    files = sorted(SHIPPED.glob("*/*/*.yaml"))
    assert files and len(lib.files) == len(files)
    for path in files:
        game, kind = path.parent.parent.name, path.parent.name
        assert (game, kind) in KINDS
        assert lib.get(game, kind, path.stem) is not None, path


def test_every_warband_named_in_the_rulebooks_is_shipped():
    """Each warband the rulebooks name is in content, with sources for every printing."""
    lib = library.load()
    for wid in NAMED_IN_RULEBOOKS:
        warband = lib.warband(wid)
        assert warband is not None, wid
        for printing in warband["printings"]:
            assert printing["sources"], (wid, printing["id"])


def test_printings_are_kept_apart():
    """Stats that changed between printings are separate records, each with its edition (SOURCES.md)."""
    lib = library.load()
    ironsoul = lib.warband("ironsouls-condemnors")
    by_edition = {p["edition"]: {f["slug"]: f for f in p["fighters"]} for p in ironsoul["printings"]}
    assert by_edition["original"]["gwynne-ironsoul"]["wounds"] == 4
    assert by_edition["second"]["gwynne-ironsoul"]["wounds"] == 5
    swarm = {p["edition"]: {f["slug"]: f for f in p["fighters"]} for p in lib.warband("spiteclaws-swarm")["printings"]}
    assert swarm["original"]["krrk"]["defence"] == {"dice": 1, "symbol": "block"}
    assert swarm["second"]["krrk"]["defence"] == {"dice": 1, "symbol": "dodge"}


def test_mislabelled_printings_are_fixed():
    """Cards from a second-edition data set are labelled second edition, not as the Deathgorge printing;
    the Deathgorge (first-edition) cards of the core-set warbands are listed with unknown numbers."""
    lib = library.load()
    for wid in ("cyrenis-razors", "ironsouls-condemnors", "sepulchral-guard", "spiteclaws-swarm"):
        second = [p for p in lib.warband(wid)["printings"] if any("S7" in s for s in p["sources"])]
        assert second and all(p["edition"] == "second" and "Deathgorge" not in p["label"] for p in second), wid
    for wid in ("cyrenis-razors", "thricefold-discord"):
        first = [p for p in lib.warband(wid)["printings"] if p["edition"] == "first"]
        assert len(first) == 1 and first[0]["fighters"][0]["move"] is None


def test_facts_numbers_are_shipped():
    """Spot checks against facts.md: Garrek's Reavers, Steelheart's Champions, Cyreni's Razors."""
    lib = library.load()
    reavers = {f["slug"]: f for f in lib.warband("garreks-reavers")["printings"][0]["fighters"]}
    karsus = reavers["karsus-the-chained"]
    assert (karsus["move"], karsus["wounds"], karsus["inspired"]["move"]) == (4, 3, 5)
    assert [(p["range"], p["dice"], p["symbol"], p["damage"]) for p in karsus["profiles"]] == \
        [(2, 3, "fury", 1), (1, 3, "fury", 2)]
    assert karsus["inspire_condition"]["check"] == {"kind": "fighters_out_of_action_at_least", "count": 3}
    severin = lib.warband("steelhearts-champions")["printings"][0]["fighters"][0]
    assert severin["leader"] and severin["inspired"]["defence"]["dice"] == 2
    cephanyr = {f["slug"]: f for f in lib.warband("cyrenis-razors")["printings"][1]["fighters"]}["cephanyr"]
    assert (cephanyr["move"], cephanyr["wounds"], cephanyr["defence"]["symbol"]) == (3, 4, "dodge")


def test_unknown_numbers_are_null_and_reported():
    """The Thricefold Discord's characteristics are in no source: null, and listed as missing."""
    vexmor = library.load().warband("thricefold-discord")["printings"][0]["fighters"][0]
    assert vexmor["move"] is None and vexmor["wounds"] is None
    assert {"move", "defence", "wounds", "profiles"} <= set(missing_fields(vexmor))


def test_reaction_cards_have_triggers():
    """The Shadespire core-set reaction cards carry a reaction step so suggestions can offer them."""
    lib = library.load()
    cards = {c["name"]: c for d in lib.all("underworlds", "decks") for c in d["cards"]}
    assert cards["Tireless Assault"]["reaction"] == "after_attack"
    assert cards["Tireless Assault"]["reaction_when"] == {"attacker": "friendly", "outcome": "failed"}
    assert cards["Skulls for the Skull Throne!"]["reaction_when"]["took_out_of_action"] is True
    assert cards["Ever-Advancing"]["restrictions"] == ["garrek-gorebeard"]
    # Cards the Shadespire FAQ describes for the other 2018 warbands and the universal pool.
    assert cards["The Necromancer Commands"]["reaction_when"] == {"attacker": "friendly", "outcome": "failed"}
    assert cards["Trap"]["reaction"] == "after_drive_back"
    assert cards["Too Dumb to Die"]["scoring"] == "surge"


@pytest.fixture
def tree(tmp_path) -> Path:
    """A copy of the shipped content to break."""
    root = tmp_path / "content"
    shutil.copytree(SHIPPED, root)
    return root


def edit(path: Path, fn) -> None:
    data = yaml.safe_load(path.read_text())
    fn(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def test_bad_field_names_file_record_and_field(tree):
    """An invalid file stops loading with the file, the record and the field in the message."""
    def breakit(d):
        d["printings"][0]["fighters"][3]["wounds"] = "lots"
    edit(tree / "underworlds/warbands/garreks-reavers.yaml", breakit)
    with pytest.raises(library.ContentError) as exc:
        library.load_from(tree)
    msg = str(exc.value)
    assert "content/underworlds/warbands/garreks-reavers.yaml" in msg
    assert "fighter 'targor'" in msg
    assert "printings[0].fighters[3].wounds" in msg


def test_bad_card_names_the_card(tree):
    """A broken card is named by the card's name."""
    def breakit(d):
        d["cards"][0]["type"] = "trick"
    edit(tree / "underworlds/decks/shadespire-universal.yaml", breakit)
    with pytest.raises(library.ContentError) as exc:
        library.load_from(tree)
    assert "card 'Annihilation'" in str(exc.value) and "cards[0].type" in str(exc.value)


def test_file_name_must_match_id(tree):
    """The id is the file name, so links and lookups agree."""
    (tree / "underworlds/formats/championship.yaml").rename(tree / "underworlds/formats/champs.yaml")
    with pytest.raises(library.ContentError, match="champs.yaml.*field id"):
        library.load_from(tree)


def test_unknown_kind_and_broken_yaml(tree):
    """A directory without a schema and a file that is not YAML both stop loading."""
    (tree / "underworlds/boards").mkdir()
    with pytest.raises(library.ContentError, match="no schema for content kind 'boards'"):
        library.load_from(tree)
    (tree / "underworlds/boards").rmdir()
    (tree / "underworlds/decks/bad.yaml").write_text("id: [unclosed\n")
    with pytest.raises(library.ContentError, match="bad.yaml: not valid YAML"):
        library.load_from(tree)


def test_cross_references_are_checked(tree):
    """A warband's Rivals deck must exist and belong to it."""
    edit(tree / "underworlds/warbands/cyrenis-razors.yaml", lambda d: d["rivals_decks"].append("force-of-frost"))
    with pytest.raises(library.ContentError, match="rivals_decks: deck 'force-of-frost' is for 'None'"):
        library.load_from(tree)


def test_load_is_cached_and_follows_the_env(tree, monkeypatch):
    """load() reads once per directory; TW_CONTENT_DIR points it elsewhere."""
    monkeypatch.setenv("TW_CONTENT_DIR", str(tree))
    assert library.load() is library.load()
    assert library.load().root == tree


def test_a_bad_file_stops_the_server_starting(tree, monkeypatch, tmp_path):
    """create_app validates content: an invalid file stops startup with the file, record and field."""

    def breakit(d):
        d["printings"][1]["fighters"][0]["defence"]["symbol"] = "parry"
    edit(tree / "underworlds/warbands/cyrenis-razors.yaml", breakit)
    monkeypatch.setenv("TW_CONTENT_DIR", str(tree))
    with pytest.raises(library.ContentError) as exc:
        create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                    "TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    assert "cyrenis-razors.yaml: fighter 'cyreni', field printings[1].fighters[0].defence.symbol" in str(exc.value)


def test_card_restrictions_name_the_warbands_fighters(tree):
    """A warband card restricted to a fighter must name one of that warband's fighters."""
    def breakit(d):
        d["cards"][-1]["restrictions"] = ["garrek"]
    edit(tree / "underworlds/decks/garreks-reavers-shadespire.yaml", breakit)
    with pytest.raises(library.ContentError, match=r"card 'Wicked Blade', field cards\[28\].restrictions\[0\]"):
        library.load_from(tree)


def test_a_validated_library_is_cached_across_processes(tree, monkeypatch, tmp_path):
    """load() keeps the validated records in a JSON cache keyed by the files and the schema code: a fresh
    process reads the same records without validating again, and a changed file is validated again."""
    monkeypatch.setenv("TW_CONTENT_DIR", str(tree))
    monkeypatch.setenv("TW_CONTENT_CACHE", str(tmp_path / "cache"))
    library._cached.cache_clear()
    first = library.load()
    cached = list((tmp_path / "cache").glob("content-*.json"))
    assert len(cached) == 1
    library._cached.cache_clear()
    again = library.load()            # as a new process would: from the cache file
    assert again is not first and again.records == first.records
    assert again.files == first.files
    edit(tree / "underworlds/warbands/garreks-reavers.yaml", lambda d: d.update(name="Garrek's Own"))
    library._cached.cache_clear()
    assert library.load().warband("garreks-reavers")["name"] == "Garrek's Own"
    assert len(list((tmp_path / "cache").glob("content-*.json"))) == 2
    # A broken cache file is ignored: the files are validated again.
    for path in (tmp_path / "cache").glob("content-*.json"):
        path.write_text("{not json")
    library._cached.cache_clear()
    assert library.load().warband("garreks-reavers")["name"] == "Garrek's Own"
    library._cached.cache_clear()
