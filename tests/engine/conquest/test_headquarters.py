"""Headquarters phase: first planet token, reveal, draw 2, 4 resources, ready all, pass initiative."""
from .support import RS, codes, place, play, start, to_combat


def to_hq():
    """Round 1 with p1 winning Tarrus (the first planet) outright; returns the state in the HQ phase."""
    state = start(first="p1")
    place(state, "p1", "A", 1, attack=1, hp=2)
    state, _ = to_combat(state, 2, 3)
    state, _ = play(state, "battle_ability", "p1", use=False)
    while state["phase"] == "combat":
        b = state["battle"]
        state, _ = play(state, "battle_ability", b["winner"], use=False)
    return state


def test_headquarters_steps():
    """4. Headquarters: token to the leftmost face-up planet, reveal the next, draw 2, +4, ready all, pass."""
    state = to_hq()
    assert state["phase"] == "headquarters"
    hand = {s: v["hand"] for s, v in state["seats"].items()}
    res = {s: v["resources"] for s, v in state["seats"].items()}
    assert codes(state, "headquarters", "p1") == ["reveal_needed"]
    assert codes(state, "headquarters", "p1", reveal="Tarrus") == ["bad_planet"]
    state, cons = play(state, "headquarters", "p1", reveal="Carnath")
    assert state["first_planet"] == 2
    assert state["line"][5]["name"] == "Carnath" and state["line"][5]["face_up"]
    for s in state["seats"]:
        assert state["seats"][s]["hand"] == hand[s] + 2 and state["seats"][s]["resources"] == res[s] + 4
    assert all(u["ready"] for u in state["units"].values())
    assert state["initiative"] == "p2"
    assert (state["phase"], state["round"], state["step"]["turn"]) == ("deploy", 2, "p2")


def test_reveal_choices_are_the_unseen_planets():
    """4. Headquarters: reveal the leftmost face-down planet (any card not seen yet)."""
    state = to_hq()
    sugg = [s for s in RS.suggest(state, "p2").suggestions if s.type == "headquarters"][0]
    assert set(sugg.choices["reveal"]) == {"Plannum", "Atrox Prime", "Carnath", "Y'varn", "Iridial"}


def test_headquarters_only_after_combat():
    """The game round: headquarters is the fourth phase."""
    assert codes(start(), "headquarters", "p1", reveal="Carnath") == ["out_of_step"]
