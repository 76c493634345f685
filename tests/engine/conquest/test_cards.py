"""Card numbers the rules compute: keywords, Brutal, Flying halving (Keywords; Doubling and halving)."""
from app.engine.conquest.cards import (
    attack_damage,
    attack_value,
    has_keyword,
    keyword_value,
    no_attachments_trait,
    norm_keywords,
)


def test_keywords_are_normalised():
    """Keywords are matched whatever the case or punctuation the players type."""
    assert norm_keywords(["Area Effect (2).", "RANGED", "ranged", 5]) == ["area effect 2", "ranged"]


def test_keyword_values():
    """Keywords, Area Effect: the AE value follows the keyword."""
    card = {"keywords": ["area effect 3", "mobile"]}
    assert keyword_value(card, "area effect") == 3 and keyword_value(card, "ranged") is None
    assert has_keyword(card, "mobile") and not has_keyword(card, "mob")


def test_no_attachments_with_a_trait():
    """Keywords, No Attachments: with a trait only attachments of that trait are barred."""
    assert no_attachments_trait({"keywords": ["no attachments"]}) is None
    assert no_attachments_trait({"keywords": ["no attachments relic"]}) == "relic"
    assert no_attachments_trait({"keywords": []}) is False


def test_brutal_then_flying_halving_rounds_up():
    """Doubling and halving: additive modifiers first, then halving, rounded up."""
    att = {"attack": 2, "damage": 1, "keywords": ["brutal"]}
    assert attack_value(att) == 3
    assert attack_damage(att, {"keywords": ["flying"]}) == 2
    assert attack_damage({**att, "keywords": ["brutal", "flying"]}, {"keywords": ["flying"]}) == 3
