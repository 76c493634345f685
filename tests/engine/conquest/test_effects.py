"""Card effects entered at the table: put into play, damage, moves, resources, cards (the card decides)."""
from .support import RS, codes, cons_types, place, play, start, to_combat


def test_token_units_put_into_play_and_limit():
    """Other rules, Token units: no more than 10 of a title in play; put into play pays no cost."""
    state = start()
    tok = {"name": "Snotlings", "type": "token", "attack": 1, "hp": 1}
    res = state["seats"]["p1"]["resources"]
    state, _ = play(state, "put_into_play", "p1", card=tok, planet=1)
    assert state["seats"]["p1"]["resources"] == res and state["seats"]["p1"]["hand"] == 7
    for i in range(9):
        place(state, "p1", f"Snotlings {i}", 1, kind="token")
        state["units"][f"p1.snotlings-{i}"]["name"] = "Snotlings"
    assert "token_limit" in codes(state, "put_into_play", "p1", card=tok, planet=1)


def test_put_into_play_follows_unique():
    """Put into play: the card must satisfy the rules of deploying it (unique)."""
    state = start()
    card = {"name": "Hero", "type": "army", "attack": 1, "hp": 1, "unique": True}
    state, _ = play(state, "put_into_play", "p1", card=card, planet=1)
    assert "unique" in codes(state, "put_into_play", "p1", card=card, planet=2)


def test_optional_card_fields_sent_as_null_are_fields_left_out():
    """Put into play: a card's traits and keywords are optional; a phone that sends them as null means none."""
    state = start()
    card = {"name": "Cultist", "type": "token", "attack": 1, "hp": 1, "traits": None, "keywords": None}
    state, _ = play(state, "put_into_play", "p1", card=card, planet=1)
    assert state["units"]["p1.cultist"]["traits"] == [] and state["units"]["p1.cultist"]["keywords"] == []


def test_rout_moves_to_hq_exhausted():
    """Other rules, Rout: a routed unit returns to HQ exhausted."""
    state = start()
    place(state, "p2", "B", 2)
    state, cons = play(state, "move_unit", "p1", unit="p2.b", exhaust=True, reason="Ferrin battle ability")
    assert state["units"]["p2.b"]["at"] == "hq" and not state["units"]["p2.b"]["ready"]


def test_effect_removing_the_last_enemy_ends_the_battle():
    """Ending the battle: when a unit would attack but there are no enemy units, its player wins."""
    state = start()
    place(state, "p1", "A", 1)
    place(state, "p2", "B", 1)
    state, _ = to_combat(state)
    state, cons = play(state, "destroy", "p1", unit="p2.b", reason="event card")
    assert "battle_won" in cons_types(cons) and state["battle"]["winner"] == "p1"


def test_resources_and_cards_never_below_zero():
    """Costs: an effect cannot spend what the pool does not hold."""
    state = start()
    assert codes(state, "adjust_resources", "p1", amount=-8) == ["not_enough"]
    assert codes(state, "adjust_cards", "p1", hand=-8) == ["not_enough"]
    state, _ = play(state, "adjust_resources", "p1", amount=-2, reason="Osus IV")
    assert state["seats"]["p1"]["resources"] == 5


def test_modify_unit_to_zero_hp_destroys():
    """Damaged units: a unit with as much damage as HP is destroyed."""
    state = start()
    place(state, "p2", "B", 2, hp=3, damage=2)
    state, cons = play(state, "modify_unit", "p1", unit="p2.b", hp=2, reason="-1 HP")
    assert "p2.b" not in state["units"]


def test_effects_wait_for_an_open_shield_window():
    """Shields: damage is placed only after the shield opportunities; nothing else goes in between."""
    state = start()
    place(state, "p2", "B", 2, hp=3)
    state, _ = play(state, "deal_damage", "p1", unit="p2.b", amount=2)
    assert codes(state, "adjust_resources", "p1", amount=1) == ["out_of_step"]
    assert RS.suggest(state, "p1").waiting_for == ["p2"]


def test_a_unit_from_hand_put_into_play_is_suggested():
    """Put into Play: a card effect moves a unit from hand into play without paying its cost."""
    state = start()
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.label == "Put a unit from hand into play")
    assert offer.data["card"]["type"] == "army" and "card.name" in offer.bounds
    res, hand = state["seats"]["p1"]["resources"], state["seats"]["p1"]["hand"]
    card = {"name": "Goff Nob", "type": "army", "cost": 4, "attack": 3, "hp": 4, "command": 1}
    state, cons = play(state, "put_into_play", "p1", card=card, planet=1, reason="Y'varn")
    assert state["seats"]["p1"]["resources"] == res and state["seats"]["p1"]["hand"] == hand - 1
    assert "put_into_play" in cons_types(cons)


def _attached(state, seat: str, name: str, host: str, traits=()) -> dict:
    """Deploy an attachment on `host` in `seat`'s deployment turn (the turn comes back to the other seat)."""
    state, _ = play(state, "deploy", seat, card={"name": name, "type": "attachment", "cost": 0, "traits": list(traits)},
                    attach_to=host)
    return state


def test_an_attachment_no_longer_legally_attached_is_discarded():
    """Other rules, Attachment cards: "If an attachment becomes not legally attached, discard it": a unit that
    gains No Attachments loses its attachments, each to its owner's discard pile, named in the log."""
    state = start()
    place(state, "p1", "Boyz", 1)
    state = _attached(state, "p1", "Cybork Body", "p1.boyz")
    discard = state["seats"]["p1"]["discard"]
    state, cons = play(state, "modify_unit", "p2", unit="p1.boyz", keywords=["no attachments"], reason="card effect")
    assert "p1.cybork-body" not in state["cards"] and state["seats"]["p1"]["discard"] == discard + 1
    gone = [c for c in cons if c.type == "attachment_discarded"]
    assert [(c.data["name"], c.rule) for c in gone] == [("Cybork Body", "Warhammer 40,000: Conquest rules summary, "
                                                         "Other rules, Attachment cards")]
    assert state["left_play"]["p1.cybork-body"] == "Cybork Body"


def test_no_trait_attachments_discards_only_that_trait():
    """Keywords, No Attachments with a trait bars attachments of that trait only: the others stay attached."""
    state = start()
    place(state, "p1", "Boyz", 1)
    state = _attached(state, "p1", "Big Shoota", "p1.boyz", traits=["Wargear"])
    state, _ = play(state, "pass", "p2")
    state = _attached(state, "p1", "Battle Banner", "p1.boyz", traits=["Standard"])
    state, cons = play(state, "modify_unit", "p1", unit="p1.boyz", keywords=["no attachments wargear"])
    assert "p1.big-shoota" not in state["cards"] and "p1.battle-banner" in state["cards"]
    # Numbers alone changing leave every legal attachment where it is.
    state, cons = play(state, "modify_unit", "p1", unit="p1.boyz", attack=3)
    assert "attachment_discarded" not in cons_types(cons)


def test_a_destroyed_unit_keeps_its_name_for_the_log():
    """The log names a destroyed unit as it was printed ("Sicarius's Chosen", not its id's words)."""
    state = start()
    place(state, "p2", "Sicarius's Chosen", 1, hp=3)
    uid = next(u for u in state["units"] if u.startswith("p2.sicarius"))
    state, _ = play(state, "destroy", "p1", unit=uid, reason="event card")
    assert state["left_play"][uid] == "Sicarius's Chosen"
