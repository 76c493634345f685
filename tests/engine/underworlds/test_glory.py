"""Glory and bounty (Deathgorge rulebook, Bounty pg 24; Multiplayer games, Bounty; Victory pg 39)."""
from dataclasses import replace

from app.engine.underworlds import DEATHGORGE_EDITION, UnderworldsRuleset

from .helpers import RS, codes, play, started


def test_multiplayer_bounty_only_to_the_warband_that_took_it_out():
    """Multiplayer games, Bounty: only the player whose warband took the fighter out gains the bounty."""
    state = started(3)
    state, cons = play(state, "damage", "p3", fighter="p1.minion", amount=2, source="card")
    assert state["seats"]["p3"]["glory"]["unspent"] == 1 and state["seats"]["p2"]["glory"]["unspent"] == 0


def test_multiplayer_no_bounty_for_lethal_hex_or_own_fighter():
    """Multiplayer games, Bounty: none for a lethal hex (damage not caused by a warband) or your own fighter."""
    state = started(3)
    state, cons = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="lethal_hex")
    assert "no_bounty" in cons
    state, cons = play(state, "damage", "p1", fighter="p1.leader", amount=4, source="card")
    assert "no_bounty" in cons
    assert all(s["glory"]["unspent"] == 0 for s in state["seats"].values())


def test_bounty_goes_to_the_dealer_named():
    """Who dealt damage (pg 23): the fighter or warband that dealt the damage took the fighter out."""
    state = started(4)
    state, cons = play(state, "damage", "p1", fighter="p2.brute", amount=5, source="card", dealt_by="p4.leader")
    assert state["seats"]["p4"]["glory"]["unspent"] == 2  # Large: 1 + 1


def test_glory_adjust_cannot_go_negative():
    """Glory points: spent and unspent counts cannot be negative (not overridable)."""
    state = started()
    v = RS.check(state, __import__("app.engine.core", fromlist=["Event"]).Event(
        "glory_adjust", "p1", {"seat": "p1", "unspent": -1, "spent": 0, "reason": "x"}, override={"reason": "r"}))
    assert v[0].code == "glory_negative" and not v[0].overridable
    assert codes(state, "glory_adjust", "p1", seat="p2", unspent=2, spent=1, reason="card") == []


def test_two_player_bounty_reading_is_a_setting():
    """Bounty (pg 24): with two players the enemy gains the bounty whatever took the fighter out; the edition
    setting two_player_bounty_any_cause=False applies the multiplayer restriction instead."""
    strict = UnderworldsRuleset(replace(DEATHGORGE_EDITION, two_player_bounty_any_cause=False))
    state = started()
    for rs, want in ((RS, 1), (strict, 0)):
        e = __import__("app.engine.core", fromlist=["Event"]).Event(
            "damage", "p1", {"fighter": "p2.minion", "amount": 2, "source": "lethal_hex"})
        after, _ = rs.apply(state, e)
        assert after["seats"]["p1"]["glory"]["unspent"] == want
