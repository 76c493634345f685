"""The Conquest card vocabulary: a record naming only what the engine knows passes; every other term is named."""
from app.engine.conquest.card_terms import problems

GOOD = {"name": "Weirdboy Maniak", "timing": "reaction", "window": "enters_play", "when": {"subject": "this"},
        "does": [{"kind": "damage", "to": "each_other_here", "amount": 1}], "reading": "Our words."}


def test_a_record_in_the_vocabulary_passes():
    assert problems(GOOD) == []
    assert problems({"name": "Goff Nob", "timing": "none", "reading": "No ability."}) == []
    assert problems({"name": "X", "timing": "action", "phase": "combat", "cost": {"exhaust_self": True},
                     "target": {"side": "enemy", "at": "here"}, "does": [{"kind": "rout", "to": "target"}]}) == []


def test_each_unknown_term_is_named():
    assert any("timing" in p for p in problems({**GOOD, "timing": "whenever"}))
    assert any("window" in p for p in problems({**GOOD, "window": "sunrise"}))
    assert any("when" in p for p in problems({**GOOD, "when": {"subject": "everyone"}}))
    assert any("does[0]" in p for p in problems({**GOOD, "does": [{"kind": "win_the_game"}]}))
    assert any("amount" in p for p in problems({**GOOD, "does": [{"kind": "damage", "to": "target", "amount": 99}]}))
    assert any("cost" in p for p in problems({**GOOD, "cost": {"souls": 1}}))
    assert any("ask" in p for p in problems({**GOOD, "ask": ["dance"]}))
    assert any("field" in p for p in problems({**GOOD, "text": "card text"}))
    assert any("limit" in p for p in problems({**GOOD, "limit": "game"}))


def test_timing_fits_its_fields():
    assert problems({"name": "X", "timing": "constant", "window": "commit", "ask": ["other"]})
    assert problems({"name": "X", "timing": "action", "window": "commit"})
    assert problems({"name": "X", "timing": "reaction", "phase": "deploy", "window": "commit"})


def test_a_window_the_engine_does_not_see_says_what_is_asked():
    """The engine cannot offer a card in a window it does not see: the record must say what the players do."""
    rec = {"name": "X", "timing": "interrupt", "window": "deploying"}
    assert any("ask" in p for p in problems(rec))
    assert problems({**rec, "ask": ["cost"]}) == []


def test_printed_facts_are_bounded():
    """A setup's record carries the card's facts; hostile values are refused, never crash the engine."""
    assert problems({**GOOD, "type": "event", "cost_printed": 2, "unique": False, "traits": ["Tactic"]}) == []
    assert problems({**GOOD, "cost_printed": "2"})
    assert problems({**GOOD, "type": "planet-killer"})
    assert problems({**GOOD, "traits": ["x" * 41]})
    assert problems({**GOOD, "keywords": "limited"})
    assert problems("not a record") == ["a record is a mapping"]
