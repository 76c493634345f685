"""Winning & losing: three planets of a type, empty deck, ties, the last planet."""
from app.engine.conquest import victory

from .support import RS, attack, place, play, start, to_combat


def test_three_planets_sharing_a_type_win():
    """Winning & losing: 3 planets in your victory display that share a type win at once."""
    state = start()
    state["seats"]["p1"]["victory"] = ["Tarrus", "Ferrin"]  # material twice
    place(state, "p1", "A", 1, attack=1, hp=2)
    state["line"][0]["name"] = "Atrox Prime"  # material, tech
    state, cons = to_combat(state, 2, 2)
    state, cons = play(state, "battle_ability", "p1", use=True)
    out = RS.outcome(state)
    assert out["winners"] == ["p1"] and out["decided_by"] == "planets" and not out["draw"]
    assert out["detail"] == {"p1": "planets:material"}


def test_types_must_be_shared_by_three():
    """Winning & losing: three planets without a common type do not win."""
    state = start()
    state["seats"]["p1"]["victory"] = ["Osus IV", "Ferrin", "Elouith"]
    assert victory.evaluate(state) == [] and RS.outcome(state) is None


def test_empty_deck_loses():
    """Winning & losing: if you have no cards in your draw deck, you immediately lose."""
    state = start()
    state["seats"]["p2"]["deck"] = 1
    state, cons = play(state, "adjust_cards", "p2", hand=1, deck=-1, reason="draw")
    assert RS.outcome(state)["winners"] == ["p1"] and RS.outcome(state)["decided_by"] == "deck"


def test_simultaneous_wins_tie():
    """Winning & losing: both players fulfilling a winning condition at once is a tie."""
    state = start()
    state["seats"]["p1"]["deck"] = 0
    state["seats"]["p2"]["deck"] = 0
    victory.evaluate(state)
    assert RS.outcome(state)["draw"] and RS.outcome(state)["winners"] == []


def _stalemate_at_last_planet(state):
    """Both warlords (ATK 0) at the only planet left; a stalemate check and 3 identical combat rounds."""
    for seat in ("p1", "p2"):
        state, _ = play(state, "modify_unit", seat, unit=f"{seat}.warlord", attack=0, reason="test")
    state, _ = play(state, "pass", "p1")
    state, _ = play(state, "pass", "p2")
    state, _ = play(state, "commit", "p1", planet=1)
    state, _ = play(state, "commit", "p2", planet=1)
    state, _ = play(state, "call_stalemate", "p1")
    for _ in range(3):
        state, _ = attack(state, "p1", "p1.warlord", "p2.warlord")
        state, _ = attack(state, "p2", "p2.warlord", "p1.warlord")
        if state.get("result") is None:
            state, _ = play(state, "retreat_done", "p1")
            state, _ = play(state, "retreat_done", "p2")
    return state


def test_last_planet_stalemate_goes_to_the_most_recent_capturer():
    """Winning & losing: the battle for the last planet ends with no winner: the last capturer wins."""
    state = start()
    for p in state["line"][1:]:
        p["status"] = "captured"
    state["seats"]["p1"]["victory"] = ["Osus IV", "Ferrin"]
    state["seats"]["p2"]["victory"] = ["Elouith"]
    state["last_capture"] = "p2"
    state = _stalemate_at_last_planet(state)
    assert state["line"][0]["status"] == "removed"
    out = RS.outcome(state)
    assert out["decided_by"] == "last_planet" and out["winners"] == ["p2"] and not out["draw"]


def test_last_planet_tie_when_no_one_ever_captured():
    """Winning & losing: if neither player has added a planet during the whole game, it is a tie."""
    state = start()
    for p in state["line"][1:]:
        p["status"] = "removed"
    state = _stalemate_at_last_planet(state)
    out = RS.outcome(state)
    assert out["decided_by"] == "last_planet" and out["draw"] and out["winners"] == []


def test_winning_the_last_planet_then_the_rule_applies():
    """Winning & losing: winning the last planet without three of a type: that capture is the most recent."""
    state = start()
    for p in state["line"][1:]:
        p["status"] = "captured"
    state["last_capture"] = "p2"
    state, cons = to_combat(state, 1, 1)
    assert state["battle"]["planet"] == 1
    state, _ = play(state, "warlord_retreat", state["battle"]["turn"])
    winner = state["battle"]["winner"]
    state, _ = play(state, "battle_ability", winner, use=False)
    out = RS.outcome(state)
    assert out["decided_by"] == "last_planet" and out["winners"] == [winner]
