"""One reaction per opportunity, by precedence (Shadespire pg 24 and 27; Dreadfane pg 16)."""
from app.engine.underworlds.editions import reactions as rx


def test_player_whose_activation_is_next_has_precedence():
    """Reactions: the player whose activation is next takes precedence."""
    assert rx.precedence(["p1", "p2"], "p1") == ["p2", "p1"]
    assert rx.precedence(["p1", "p2"], None) == ["p1", "p2"]


def test_fifth_activation_rule_after_the_last_activation():
    """After the last activation, the player who would take a fifth activation has precedence."""
    # p2 took the phase's last (eighth) activation; p1 would have taken the 'fifth'.
    assert rx.next_activation_player(["p1", "p2"], "p2") == "p1"


def test_multiplayer_precedence_goes_round_from_the_next_player():
    """Multiplayer reactions: the next player, then the player clockwise from them, and so on."""
    assert rx.precedence(["p3", "p4", "p1", "p2"], "p4") == ["p1", "p2", "p3", "p4"]


def test_reacting_to_a_reaction_goes_to_the_opponent_of_the_last_reactor():
    """Dreadfane, Reacting to a reaction: precedence to the opponent of the last player to react."""
    assert rx.reaction_to_reaction_precedence(["p1", "p2"], "p2") == ["p1", "p2"]


def test_only_one_reaction_per_opportunity_passes_down_the_order():
    """Only one reaction at each opportunity; each declining player passes it on; all decline: closed."""
    w = rx.open_window("after_attack", ["p2", "p1"], rx.PRECEDENCE_2018)
    assert rx.may_react(w) == "p2"
    w = rx.decline(w, "p2")
    assert rx.may_react(w) == "p1"
    assert rx.decline(w, "p1") is None
