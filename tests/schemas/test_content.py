"""Content schemas (app/schemas/content.py): good records load, each broken field is named."""
from __future__ import annotations

import copy

import pytest
from marshmallow import ValidationError

from app.engine.underworlds.reactions import REACTION_STEPS
from app.schemas.content import (
    CardSchema,
    CustomDeckSchema,
    CustomWarbandSchema,
    DeckSchema,
    FighterSchema,
    WarbandSchema,
    check_inspire,
    missing_fields,
    reaction_steps,
)

FIGHTER = {
    "slug": "cyreni", "name": "Cyreni of the Abyss", "leader": True, "traits": [], "wizard_level": 0,
    "move": 4, "defence": {"dice": 1, "symbol": "dodge"}, "wounds": 4, "inspired": {"move": 5},
    "inspire_condition": {"text": "our own words", "check": {"kind": "friendly_out_of_action_at_least", "count": 1}},
    "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
                  "keywords": ["cleave", "grievous 1"], "spell": False}],
}

WARBAND = {
    "id": "test-band", "name": "Test Band", "game": "underworlds", "grand_alliance": "order",
    "printings": [{"id": "current", "edition": "first", "label": "test", "sources": ["a test"],
                   "fighters": [FIGHTER, {**FIGHTER, "slug": "second", "name": "Second", "leader": False}]}],
}

DECK = {
    "id": "test-deck", "name": "Test deck", "game": "underworlds", "kind": "rivals", "symbol": "universal",
    "edition": "first", "sources": ["a test"], "complete": False,
    "cards": [{"name": "Strike First", "type": "objective", "glory": 1, "scoring": "surge", "effect": "ours"},
              {"name": "Duck", "type": "ploy", "effect": "ours", "reaction": "after_attack",
               "reaction_when": {"target": "friendly", "outcome": "failed"}}],
}


def broken(base: dict, path: str, value) -> dict:
    """A copy of `base` with the value at a dotted path replaced (list indices as numbers)."""
    out = copy.deepcopy(base)
    cur = out
    parts = path.split(".")
    for part in parts[:-1]:
        cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    last = parts[-1]
    if isinstance(cur, list):
        cur[int(last)] = value
    else:
        cur[last] = value
    return out


def error_paths(messages, prefix=()) -> set[str]:
    """Dotted paths of every error in marshmallow's nested messages."""
    out = set()
    if isinstance(messages, dict):
        for key, val in messages.items():
            out |= error_paths(val, prefix if key == "_schema" else (*prefix, str(key)))
    else:
        out.add(".".join(prefix))
    return out


def test_good_fighter_loads_and_fills_defaults():
    """The fighter record shape loads as it is; optional parts get defaults."""
    rec = FighterSchema().load({"slug": "a", "name": "A"})
    assert rec["move"] is None and rec["traits"] == [] and rec["profiles"] == [] and rec["leader"] is False
    assert FighterSchema().load(FIGHTER)["profiles"][0]["keywords"] == ["cleave", "grievous 1"]


@pytest.mark.parametrize("path,value,field", [
    ("wounds", "four", "wounds"),
    ("wounds", 0, "wounds"),
    ("move", 2.5, "move"),
    ("slug", "Has Spaces", "slug"),
    ("defence.symbol", "parry", "defence.symbol"),
    ("profiles.0.symbol", "hammer", "profiles.0.symbol"),
    ("profiles.0.keywords", ["cleave", "grievious 2"], "profiles.0.keywords.1"),
    ("profiles.0.damage", -1, "profiles.0.damage"),
    ("inspire_condition.check", {"kind": "when_i_feel_like_it"}, "inspire_condition.check"),
    ("inspire_condition.check", {"kind": "friendly_out_of_action_at_least"}, "inspire_condition.check"),
    ("inspired.speed", 3, "inspired.speed"),
    ("wizard_level", 2, "traits"),
    # Bounds above what any shipped card prints (a saved warband or a seat's fighters must not be larger).
    ("wounds", 21, "wounds"),
    ("move", 3_000_000, "move"),
    ("defence.dice", 9, "defence.dice"),
    ("profiles.0.dice", 9, "profiles.0.dice"),
    ("profiles.0.range", 9, "profiles.0.range"),
    ("profiles.0.damage", 11, "profiles.0.damage"),
    ("profiles.0.keywords", ["cleave"] * 9, "profiles.0.keywords"),
    ("traits", ["hunter"] * 17, "traits"),
])
def test_broken_fighter_field_is_named(path, value, field):
    """Each broken fighter field is reported at its own path."""
    with pytest.raises(ValidationError) as exc:
        FighterSchema().load(broken(FIGHTER, path, value))
    assert field in error_paths(exc.value.messages)


def test_unknown_fighter_key_is_refused():
    """A typo ('wound') is an error, not silently dropped."""
    with pytest.raises(ValidationError) as exc:
        FighterSchema().load({**FIGHTER, "wound": 4})
    assert "wound" in error_paths(exc.value.messages)


def test_spell_profile_uses_magic_dice():
    """Spell attacks roll magic dice (channel/focus); attack dice symbols need spell: false."""
    spell = {"name": "Bolt", "range": 3, "dice": 2, "symbol": "smash", "damage": 1, "spell": True}
    with pytest.raises(ValidationError) as exc:
        FighterSchema().load({**FIGHTER, "profiles": [spell]})
    assert "profiles.0.symbol" in error_paths(exc.value.messages)
    ok = FighterSchema().load({**FIGHTER, "profiles": [{**spell, "symbol": "channel"}],
                               "traits": ["wizard"], "wizard_level": 1})
    assert ok["profiles"][0]["spell"] is True


def test_warband_good_and_broken():
    """A warband file: unique fighter slugs, exactly one leader, a known Grand Alliance."""
    assert WarbandSchema().load(WARBAND)["printings"][0]["fighters"][1]["slug"] == "second"
    for path, value, field in [
        ("grand_alliance", "chaotic", "grand_alliance"),
        ("printings.0.edition", "future", "printings.0.edition"),
        ("printings.0.fighters.1.slug", "cyreni", "printings.0.fighters.1.slug"),
        ("printings.0.fighters.1.leader", True, "printings.0.fighters"),
        ("printings.0.fighters.0.wounds", "x", "printings.0.fighters.0.wounds"),
        ("printings.0.sources", [], "printings.0.sources"),
    ]:
        with pytest.raises(ValidationError) as exc:
            WarbandSchema().load(broken(WARBAND, path, value))
        assert field in error_paths(exc.value.messages), (path, exc.value.messages)


def test_card_rules_by_type():
    """Objectives have a scoring time and glory; gambits and upgrades have neither."""
    CardSchema().load({"name": "X", "type": "objective", "glory": 2, "scoring": "third", "hybrid": True, "effect": "e"})
    # When no source says when an objective is scored, it says so explicitly.
    assert CardSchema().load({"name": "U", "type": "objective", "effect": "e", "unknown": ["scoring"]})["scoring"] is None
    assert CardSchema().load({"name": "S", "type": "spell", "casting": {"channel": 2}, "effect": "e"})["casting"] == \
        {"channel": 2}
    for card, field in [
        ({"name": "X", "type": "objective", "glory": 1, "effect": "e"}, "scoring"),
        ({"name": "X", "type": "ploy", "glory": 1, "effect": "e"}, "glory"),
        ({"name": "X", "type": "upgrade", "scoring": "end", "effect": "e"}, "scoring"),
        ({"name": "X", "type": "objective", "scoring": "end", "hybrid": True, "dual": True, "effect": "e"}, "dual"),
        ({"name": "X", "type": "ploy", "casting": {"channel": 2}, "effect": "e"}, "casting"),
        ({"name": "X", "type": "spell", "casting": {"smash": 2}, "effect": "e"}, "casting.smash.key"),
        ({"name": "X", "type": "ploy", "effect": "e", "reaction_when": {"outcome": "failed"}}, "reaction_when"),
        ({"name": "X", "type": "ploy", "effect": "e", "reaction": "after_attack",
          "reaction_when": {"mood": "bad"}}, "reaction_when.mood.key"),
        ({"name": "X", "type": "gizmo", "effect": "e"}, "type"),
        ({"name": "X", "type": "ploy", "effect": "e", "reaction": "whenever"}, "reaction"),
        ({"name": "X", "type": "ploy", "effect": ""}, "effect"),
        ({"name": "X", "type": "ploy", "glory_cost": 1}, "glory_cost"),
    ]:
        with pytest.raises(ValidationError) as exc:
            CardSchema().load(card)
        assert field in error_paths(exc.value.messages), (card, exc.value.messages)


def test_deck_good_and_broken():
    """A deck: unique card names; a warband deck's symbol is its warband."""
    assert len(DeckSchema().load(DECK)["cards"]) == 2
    with pytest.raises(ValidationError) as exc:
        DeckSchema().load(broken(DECK, "cards.1.name", "strike first"))
    assert "cards.1.name" in error_paths(exc.value.messages)
    with pytest.raises(ValidationError) as exc:
        DeckSchema().load({**DECK, "symbol": "test-band"})
    assert "symbol" in error_paths(exc.value.messages)
    DeckSchema().load({**DECK, "symbol": "test-band", "warband": "test-band"})


def test_custom_warband_and_deck():
    """Player-made warbands and decks go through the same fighter and card schemas."""
    CustomWarbandSchema().load({"name": "Mine", "fighters": [FIGHTER]})
    with pytest.raises(ValidationError) as exc:
        CustomWarbandSchema().load({"name": "Mine", "fighters": [broken(FIGHTER, "defence.dice", "two")]})
    assert "fighters.0.defence.dice" in error_paths(exc.value.messages)
    with pytest.raises(ValidationError) as exc:
        CustomDeckSchema().load({"name": "D", "objectives": [{"name": "P", "type": "ploy", "effect": "e"}]})
    assert "objectives.0.type" in error_paths(exc.value.messages)


def test_inspire_check_vocabulary():
    """Machine-checkable Inspire conditions: known kinds, required parameters, nested any_of/all_of."""
    assert check_inspire(None) == []
    assert check_inspire({"kind": "chosen_by_ploy"}) == []
    assert check_inspire({"kind": "any_of", "checks": [{"kind": "self_wounded_at_least", "count": 1},
                                                       {"kind": "enemy_out_of_action_at_least", "count": 2}]}) == []
    assert check_inspire({"kind": "any_of", "checks": [{"kind": "nope"}]})
    assert check_inspire({"kind": "self_wounded_at_least", "count": True})
    assert check_inspire({"kind": "chosen_by_ploy", "count": 1})


def test_missing_fields_lists_what_players_enter():
    """Null characteristics, incomplete profiles and parts marked unknown are what setup asks for."""
    rec = FighterSchema().load({"slug": "v", "name": "V", "profiles": [
        {"name": None, "range": 1, "dice": None, "symbol": "fury", "damage": 2}], "unknown": ["inspired"]})
    assert missing_fields(rec) == ["move", "defence", "wounds", "profiles[0].dice", "inspire_condition", "inspired"]
    assert missing_fields(FighterSchema().load(FIGHTER)) == []


def test_reaction_steps_are_the_engines():
    """Card reactions name one of the engine's reaction steps (app/engine/underworlds/reactions.py)."""
    assert reaction_steps() == tuple(REACTION_STEPS)


def test_free_text_is_bounded():
    """Players' free text (notes, summaries) is capped, so saved custom content stays small."""
    with pytest.raises(ValidationError) as exc:
        FighterSchema().load({**FIGHTER, "notes": "x" * 1001})
    assert "notes" in error_paths(exc.value.messages)
    FighterSchema().load({**FIGHTER, "notes": "x" * 1000})


def test_a_saved_deck_holds_at_most_64_cards_of_each_kind():
    """12 or more objectives, 20 or more power cards (Deathgorge rulebook pg 40-41): 64 of each is above any deck."""
    card = {"name": "Card", "type": "objective", "glory": 1, "scoring": "end"}
    with pytest.raises(ValidationError) as exc:
        CustomDeckSchema().load({"name": "D", "objectives": [{**card, "name": f"C{i}"} for i in range(65)]})
    assert exc.value.messages == {"objectives": ["Longer than maximum length 64."]}
