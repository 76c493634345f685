"""The active player's turn: command, order and move steps, upkeep, turn start, lore cards."""
from app.engine.battlelore import rules, turns
from app.engine.core import Event

from .helpers import POS, RS, battle, codes, command, play, setup, to_upkeep


def test_only_the_active_player_plays_a_command_card():
    """Game phases: the active player performs the phases of their turn."""
    s = battle()
    assert codes(s, "p2", "play_command", section="left", units=2) == ["not_your_turn"]


def test_one_command_card_per_turn_from_the_hand():
    """Main phase, Command step: you must play 1 command card from your hand."""
    s = command(battle())
    assert s["seats"]["p1"]["command_cards"] == 3 and s["step"] == "order"
    assert codes(s, "p1", "play_command", section="left", units=2) == ["wrong_step"]


def test_a_command_card_is_needed_before_ordering():
    """Main phase, Command step: ordering follows the command card."""
    s = battle()
    assert codes(s, "p1", "order", unit="p1.d-foot-1") == ["wrong_step"]
    assert codes(s, "p1", "end_step") == ["wrong_step"]


def test_order_one_unit_anywhere_instead_of_the_card_text():
    """Main phase, Command step: resolve the card or order 1 friendly unit anywhere."""
    s = battle()
    s, _ = play(s, "p1", "play_command", section="left", units=3, resolve=False)
    assert s["command"]["section"] == "any" and s["command"]["units"] == 1
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    assert codes(s, "p1", "order", unit="p1.d-foot-2") == ["order_limit"]


def test_orders_follow_the_cards_section():
    """Main phase, Order step: each ordered unit must be within the card's section; a unit
    on a section line may be ordered by a card for either section."""
    s = command(battle(), section="left", units=3)
    assert codes(s, "p1", "order", unit="p1.d-foot-1") == ["wrong_section"]
    s, _ = play(s, "p1", "reposition", unit="p1.d-foot-1", to={**POS, "section": "left/center"})
    s, _ = play(s, "p1", "reposition", unit="p1.d-foot-2", to={**POS, "section": "center/right"})
    assert codes(s, "p1", "order", unit="p1.d-foot-1") == []
    assert codes(s, "p1", "order", unit="p1.d-foot-2") == ["wrong_section"]


def test_each_unit_ordered_once_and_only_friendly_units():
    """Main phase, Order step: you can only order each unit once per turn."""
    s = command(battle())
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    assert codes(s, "p1", "order", unit="p1.d-foot-1") == ["already_ordered"]
    assert codes(s, "p1", "order", unit="p2.u-foot-1") == ["not_your_unit"]


def test_removing_a_token_costs_2_lore_for_an_ordered_unit():
    """Other rules, Poison / Stun: during the order step, spend 2 lore to remove the token
    from an ordered unit."""
    s = battle()
    s, _ = play(s, "p1", "token", unit="p1.d-foot-1", token="stun", action="add")
    s = command(s)
    assert codes(s, "p1", "remove_token", unit="p1.d-foot-1", token="stun") == ["not_ordered"]
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    s["seats"]["p1"]["lore"] = 1
    assert codes(s, "p1", "remove_token", unit="p1.d-foot-1", token="stun") == ["not_enough_lore"]
    s["seats"]["p1"]["lore"] = 3
    s, _ = play(s, "p1", "remove_token", unit="p1.d-foot-1", token="stun")
    assert s["units"]["p1.d-foot-1"]["tokens"] == [] and s["seats"]["p1"]["lore"] == 1
    assert codes(s, "p1", "remove_token", unit="p1.d-foot-1", token="poison") == ["no_token"]


def test_a_token_the_unit_lacks_is_refused_in_any_step_even_overridden():
    """Other rules, Poison / Stun: the lore removes a token the unit has; outside the order step a table may agree
    to remove one late, never one that is not there."""
    s = battle()
    overridden = Event("remove_token", "p1", {"unit": "p1.d-foot-1", "token": "stun"},
                       override={"reason": "the table agreed"})
    assert [v.code for v in RS.judge(s, overridden).blocked] == ["no_token"]
    s, _ = play(s, "p1", "token", unit="p1.d-foot-1", token="stun", action="add")
    assert [v.code for v in RS.check(s, overridden)] == ["wrong_step"] and not RS.judge(s, overridden).blocked


def test_only_ordered_units_move_once_up_to_their_movement():
    """Main phase, Move step: each ordered unit may move up to its movement value."""
    s = command(battle())
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    assert codes(s, "p1", "move", unit="p1.d-foot-1", hexes=1, to=POS) == ["not_ordered"]
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=3, to=POS) == ["too_far"]
    s, cons = play(s, "p1", "move", unit="p1.d-hero-1", hexes=2, to={**POS, "section": "left", "banner": 1})
    assert s["step"] == "move" and s["units"]["p1.d-hero-1"]["pos"]["section"] == "left"
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to=POS) == ["already_moved"]


def test_stunned_units_cannot_move():
    """Other rules, Stun: you cannot move a stunned unit."""
    s = battle()
    s, _ = play(s, "p1", "token", unit="p1.d-hero-1", token="stun", action="add")
    s = command(s)
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    assert "stunned" in codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to=POS)


def test_blighted_units_move_1():
    """Markers, Blight: blighted units have a movement of 1."""
    s = battle()
    s, _ = play(s, "p1", "token", unit="p1.d-hero-1", token="blight", action="add")
    s = command(s)
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=2, to=POS) == ["too_far"]


def test_water_is_impassable():
    """Terrain, Water hexes: a unit cannot move into water without a ford or bridge."""
    s = command(battle())
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to={**POS, "terrain": "water"}) == ["impassable"]
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to={**POS, "terrain": "bridge"}) == []


def test_rubble_damages_a_unit_moving_in():
    """Terrain reference, Rubble: a unit that moves into rubble suffers 1 damage."""
    s = command(battle())
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    s, cons = play(s, "p1", "move", unit="p1.d-foot-1", hexes=1, to={**POS, "terrain": "rubble"})
    assert s["units"]["p1.d-foot-1"]["damage"] == 1 and "damage" in [c.type for c in cons]


def test_no_moving_after_the_attack_step():
    """Main phase, Move step: all movement is resolved before the attack step."""
    s = command(battle())
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    s, _ = play(s, "p1", "end_step")
    s, _ = play(s, "p1", "end_step")
    assert s["step"] == "attack"
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to=POS) == ["wrong_step"]


def test_vp_step_counts_occupied_banners_and_scenario_vp_then_draws():
    """Upkeep phase, Victory point step and Draw step: VPs for banner hexes occupied by
    friendly units and from the scenario card; then draw 1 command card."""
    s = battle()
    s, _ = play(s, "p1", "reposition", unit="p1.d-foot-1", to={**POS, "banner": 2})
    s, _ = play(s, "p1", "reposition", unit="p1.d-foot-2", to={**POS, "banner": 1, "faction_banner": "p1"})
    s, _ = play(s, "p1", "reposition", unit="p2.u-foot-1", to={**POS, "banner": 1})
    s = command(s)
    s, cons = play(s, "p1", "score_vp", scenario_vp=1)
    assert s["seats"]["p1"]["vp"] == 2 + 1 + 1 + 1
    assert s["seats"]["p1"]["command_cards"] == 4 and s["step"] == "lore"
    assert [c.type for c in cons][-2:] == ["vp_earned", "command_drawn"]
    assert codes(s, "p1", "score_vp") == ["wrong_step"]


def test_lore_step_choices():
    """Upkeep phase, Lore step: 2 lore; or 1 lore and 1 card; or 2 cards then discard 1."""
    for choice, lore, cards in (("tokens", 2, 2), ("token_and_card", 1, 3), ("two_cards", 0, 3)):
        s = command(battle())
        before = s["seats"]["p1"]["lore"]
        s, _ = play(s, "p1", "score_vp")
        s, _ = play(s, "p1", "lore_step", choice=choice)
        assert s["seats"]["p1"]["lore"] - before == lore and s["seats"]["p1"]["lore_cards"] == cards


def test_at_most_4_lore_cards_after_the_lore_step():
    """Upkeep phase, Lore step: discard excess lore cards down to 4."""
    s = command(battle())
    s["seats"]["p1"]["lore_cards"] = 4
    s, _ = play(s, "p1", "score_vp")
    s, cons = play(s, "p1", "lore_step", choice="token_and_card")
    assert s["seats"]["p1"]["lore_cards"] == 4 and "lore_discarded" in [c.type for c in cons]


def test_turn_passes_to_the_opponent():
    """Game phases: after your turn, your opponent becomes the active player."""
    s = to_upkeep(command(battle()))
    assert s["active"] == "p2" and s["step"] == "command" and s["turn"] == 2 and s["ordered"] == []


def test_command_tent_captured_at_the_start_of_the_turn():
    """Terrain, Command tents: a unit in an enemy command tent at the start of its player's
    turn removes the tent and gains 2 VP."""
    s = battle()
    s["features"]["p2.tent"] = {"id": "p2.tent", "type": "command_tent", "owner": "p2", "removed": False,
                                "name": "Command tent"}
    s, _ = play(s, "p1", "reposition", unit="p1.d-hero-1", to={**POS, "terrain": "p2.tent"})
    assert codes(s, "p1", "reposition", unit="p1.d-foot-1", to={**POS, "terrain": "p2.tent"}) == ["hex_occupied"]
    s = to_upkeep(command(to_upkeep(command(s))))
    assert s["features"]["p2.tent"]["removed"] and s["seats"]["p1"]["vp"] == 2
    assert s["units"]["p1.d-hero-1"]["pos"]["terrain"] == "clear"


def test_hoard_captured_for_3_vp():
    """Terrain reference, Hoard: a unit in a hoard on the opponent's half at the start of the
    turn removes it and gains 3 VP."""
    s = battle()
    s["features"]["p2.hoard-1"] = {"id": "p2.hoard-1", "type": "hoard", "owner": "p2", "removed": False,
                                   "name": "Hoard"}
    s, _ = play(s, "p2", "reposition", unit="p2.u-hero-1", to={**POS, "terrain": "p2.hoard-1"})
    s = to_upkeep(command(to_upkeep(command(s))))
    assert s["seats"]["p2"]["vp"] == 0, "your own hoard gives nothing"
    s, _ = play(s, "p1", "reposition", unit="p2.u-hero-1", to=POS)
    s, _ = play(s, "p1", "reposition", unit="p1.d-hero-1", to={**POS, "terrain": "p2.hoard-1"})
    s = to_upkeep(command(to_upkeep(command(s))))
    assert s["seats"]["p1"]["vp"] == 3


def test_a_capture_cites_the_rule_of_the_feature_captured():
    """Terrain, Command tents (2 VP) and Terrain reference, Hoard (3 VP): each capture names its own rule."""
    for kind, vp, rule in (("command_tent", 2, rules.TENT), ("hoard", 3, rules.HOARD)):
        s = battle()
        s["features"]["p2.x"] = {"id": "p2.x", "type": kind, "owner": "p2", "removed": False, "name": kind}
        s, _ = play(s, "p1", "reposition", unit="p1.d-hero-1", to={**POS, "terrain": "p2.x"})
        assert [(c.type, c.data["vp"], c.rule) for c in turns.captures(s, "p1")] == [("captured", vp, rule)]


def test_one_lore_card_per_turn_paid_with_lore():
    """Lore cards: spend lore tokens equal to the cost; you may use 1 lore card per turn."""
    s = battle()
    s["seats"]["p2"]["lore"] = 3
    assert codes(s, "p2", "play_lore", card="Scatter", cost=4) == ["not_enough_lore"]
    s, _ = play(s, "p2", "play_lore", card="Scatter", cost=2)
    assert s["seats"]["p2"]["lore"] == 1 and s["seats"]["p2"]["lore_cards"] == 1
    assert codes(s, "p2", "play_lore", card="Scatter", cost=0) == ["one_lore_card"]
    s = to_upkeep(command(s))
    assert codes(s, "p2", "play_lore", card="Scatter", cost=0) == []


def test_runic_barrier_blocks_the_opponents_lore_card():
    """Lore card clarifications, Runic Barrier: the opponent cannot play another lore card
    during the turn."""
    s = battle()
    s, _ = play(s, "p1", "play_lore", card="Runic Barrier", cost=0, blocks_opponent=True)
    assert "lore_blocked" in codes(s, "p2", "play_lore", card="Scatter", cost=0)


def test_a_building_ignores_1_damage_from_effects_outside_combat():
    """Terrain, Buildings: ignore 1 damage from each game effect outside combat; removing
    figures is not damage (Other rules, Removing figures)."""
    s = battle()
    s, _ = play(s, "p2", "reposition", unit="p1.d-foot-1", to={**POS, "terrain": "building"})
    s, _ = play(s, "p2", "damage", unit="p1.d-foot-1", amount=2)
    assert s["units"]["p1.d-foot-1"]["damage"] == 1
    s, _ = play(s, "p2", "damage", unit="p1.d-foot-1", amount=1, kind="remove_figures")
    assert s["units"]["p1.d-foot-1"]["damage"] == 2


def test_recover_health_up_to_the_health_value():
    """Other rules, Recovering health: never more than the health value."""
    s = battle()
    assert codes(s, "p1", "heal", unit="p1.d-foot-1", amount=1) == ["full_health"]
    s, _ = play(s, "p1", "damage", unit="p1.d-foot-1", amount=2)
    s, _ = play(s, "p1", "heal", unit="p1.d-foot-1", amount=5)
    assert s["units"]["p1.d-foot-1"]["damage"] == 0


def test_overrides_let_the_table_follow_a_card():
    """Tablewarden principle 5: a rule check can be overridden with a stated reason."""
    s = command(battle(), section="left", units=1)
    ev = Event("order", "p1", {"unit": "p1.d-foot-1"}, override={"reason": "Automaton ability"})
    assert RS.judge(s, ev).blocked == []


def test_blood_field_heals_at_the_start_of_the_turn():
    """Terrain reference, Blood Field: at the start of your turn, your unit in a friendly
    blood field recovers 1 health."""
    s = battle()
    s["features"]["p2.blood-field-1"] = {"id": "p2.blood-field-1", "type": "blood_field", "owner": "p2",
                                         "removed": False, "name": "Blood Field"}
    s, _ = play(s, "p2", "reposition", unit="p2.u-foot-1", to={**POS, "terrain": "p2.blood-field-1"})
    s, _ = play(s, "p1", "damage", unit="p2.u-foot-1", amount=2)
    s = command(s)
    s, _ = play(s, "p1", "score_vp")
    s, cons = play(s, "p1", "lore_step", choice="tokens")
    assert s["units"]["p2.u-foot-1"]["damage"] == 1 and "recovered" in [c.type for c in cons]


def test_campaign_format_starts_a_campaign():
    """Optional rules, Campaign variant: a campaign's first scenario uses the A1 cards."""
    s = RS.new_game(setup(format="campaign"))
    assert s["options"]["campaign"] == {"game": 1, "history": []}
    assert codes(s, "p1", "choose_scenario", scenario="B1") == ["campaign_scenario"]


def test_known_cards_are_offered_and_runic_barrier_blocks_by_name():
    """Lore card clarifications, Runic Barrier: known cards (from content) need no extra input."""
    cards = {"command": [{"name": "Patrol Left", "section": "left"}],
             "lore": [{"name": "Runic Barrier", "blocks_opponent": True}]}
    s = battle(cards=cards)
    labels = {x.label: x for x in RS.suggest(s, "p1").suggestions}
    assert labels["Patrol Left"].data["section"] == "left"
    assert labels["Play a lore card"].choices["card"] == ["Runic Barrier"]
    s, _ = play(s, "p1", "play_lore", card="Runic Barrier", cost=0)
    assert "lore_blocked" in codes(s, "p2", "play_lore", card="Scatter", cost=0)
