"""Conquest card coverage: decided, asked, unknown, per faction."""
from app.engine.conquest.coverage import classify, tally

POOL = [{"name": "A", "type": "army_unit", "faction": "Orks", "set": "Core Set"},
        {"name": "B", "type": "event", "faction": "Orks", "set": "Core Set"},
        {"name": "C", "type": "support", "faction": "Neutral", "set": "Core Set"},
        {"name": "T", "type": "token", "faction": "Orks", "set": "Core Set"},
        {"name": "D", "type": "army_unit", "faction": "Orks", "set": "The Scourge"}]


def test_classify():
    assert classify(None) == "unknown"
    assert classify({"name": "A", "timing": "none"}) == "decided"
    assert classify({"name": "B", "timing": "action", "ask": ["search"]}) == "asked"


def test_tally_counts_the_core_set_cards_per_faction():
    rows = tally(POOL, {"A": {"timing": "none"}, "B": {"timing": "action", "ask": ["other"]}})
    assert rows["Orks"] == {"cards": 2, "decided": 1, "asked": 1, "unknown": 0}
    assert rows["Neutral"]["unknown"] == 1 and rows["all"]["cards"] == 3
