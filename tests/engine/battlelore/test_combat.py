"""Combat: declare, dice, results, damage, weak units, retreats, supported units, counter, advance,
lore, terrain limits, poison and stun."""
from app.engine.core import Event, fold_log

from .helpers import POS, RS, battle, codes, play
from .helpers import setup as game_setup


def attack_step(s=None, units=("p1.d-foot-1", "p1.d-archers-1", "p1.d-hero-1")):
    s = s or battle()
    s, _ = play(s, "p1", "play_command", section="any", units=len(units))
    for u in units:
        s, _ = play(s, "p1", "order", unit=u)
    return s


def melee(s, roll, attacker="p1.d-foot-1", target="p2.u-foot-1", **kw):
    return play(s, "p1", "attack", attacker=attacker, target=target, kind="melee", distance=1, roll=roll, **kw)


def types(cons):
    return [c.type for c in cons]


def rolled(cons):
    """What the combat roll caused (the combat_roll consequence's data)."""
    return next(c.data for c in cons if c.type == "combat_roll")


def test_melee_needs_an_adjacent_target():
    """Combat, 1. Declare attack: a melee unit attacks only a target in an adjacent hex."""
    s = attack_step()
    assert codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=2,
                 roll=["strike"] * 3) == ["not_adjacent"]


def test_ranged_needs_range_and_line_of_sight():
    """Combat, 1. Declare attack: ranged only within range and in LOS."""
    s = attack_step()
    base = dict(attacker="p1.d-archers-1", target="p2.u-foot-1", kind="ranged", roll=["pierce"] * 2)
    assert codes(s, "p1", "attack", distance=5, **base) == ["out_of_range"]
    assert codes(s, "p1", "attack", distance=4, los=False, **base) == ["no_los"]
    assert codes(s, "p1", "attack", distance=1, **base) == [], "minimum range 1: adjacent is fine"
    assert codes(s, "p1", "attack", distance=3, **{**base, "kind": "melee"}) == ["attack_type", "not_adjacent"]


def test_attacker_must_be_ordered_and_attacks_once():
    """Main phase, Attack step: each ordered unit may perform 1 attack."""
    s = attack_step(units=("p1.d-hero-1",))
    assert "not_ordered" in codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1",
                                  kind="melee", distance=1, roll=["lore"] * 3)
    s, _ = melee(s, ["lore"] * 4, attacker="p1.d-hero-1")
    assert s["combat"]["stage"] == "counter"
    s, _ = play(s, "p2", "decline", window="counter")
    assert "already_attacked" in codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-1",
                                       kind="melee", distance=1, roll=["lore"] * 4)


def test_roll_dice_equal_to_combat_value():
    """Combat, 2. Perform combat roll: roll dice equal to the unit's combat value."""
    s = attack_step()
    assert codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 4) == ["dice_count"]
    assert codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 4, dice_modifier=1) == []


def test_forest_caps_dice_at_2_before_modifiers():
    """Terrain, Forest hexes: at most 2 dice attacking from or into a forest; modifiers after."""
    s = attack_step()
    s, _ = play(s, "p1", "reposition", unit="p2.u-foot-1", to={**POS, "terrain": "forest"})
    assert codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 4) == ["dice_count"]
    assert codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 3, dice_modifier=1) == []
    s, _ = play(s, "p1", "reposition", unit="p2.u-foot-1", to=POS)
    s, _ = play(s, "p1", "reposition", unit="p1.d-hero-1", to={**POS, "terrain": "forest"})
    assert codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 2) == []


def test_flying_units_ignore_forest_in_combat():
    """Unit abilities, Flying: no terrain effects of the flyer's hex apply in combat."""
    s = battle(army_p1={"d-flyer": 1, "d-foot": 1})
    s, _ = play(s, "p1", "play_command", section="any", units=1)
    s, _ = play(s, "p1", "order", unit="p1.d-flyer-1")
    s, _ = play(s, "p1", "reposition", unit="p1.d-flyer-1", to={**POS, "terrain": "forest"})
    assert codes(s, "p1", "attack", attacker="p1.d-flyer-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 3) == []


def test_bleeding_rolls_one_fewer_die():
    """Markers, Bleed: a bleeding unit rolls 1 fewer die, minimum 1."""
    s = attack_step()
    s, _ = play(s, "p1", "token", unit="p1.d-foot-1", token="bleed", action="add")
    assert codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["strike"] * 2) == []


def test_strike_and_cleave_damage_in_melee():
    """Combat, 3. Resolve dice results: strike and cleave cause 1 damage each in melee."""
    s = attack_step()
    s, cons = melee(s, ["strike", "cleave", "pierce"])
    assert rolled(cons)["damage"] == 2 and s["units"]["p2.u-foot-1"]["damage"] == 2


def test_pierce_damages_only_in_ranged_attacks():
    """Combat, 3: pierce causes 1 damage during a ranged attack; strike does not."""
    s = attack_step()
    s, cons = play(s, "p1", "attack", attacker="p1.d-archers-1", target="p2.u-foot-1", kind="ranged", distance=3,
                   roll=["pierce", "strike"])
    assert rolled(cons)["damage"] == 1


def test_weak_units_cause_no_cleave_damage():
    """Combat, Weak units: a unit reduced to 1 figure causes no damage from cleave results."""
    s = attack_step()
    s, _ = play(s, "p2", "damage", unit="p1.d-foot-1", amount=3)
    s, cons = melee(s, ["cleave", "cleave", "strike"])
    assert rolled(cons)["damage"] == 1 and rolled(cons)["weak_attacker"]


def test_damage_token_units_are_never_weak():
    """Combat, Weak units: units with the damage token icon are never weak."""
    s = attack_step()
    s, _ = play(s, "p2", "damage", unit="p1.d-hero-1", amount=4)
    s, cons = melee(s, ["cleave"] * 4, attacker="p1.d-hero-1")
    assert rolled(cons)["damage"] == 4


def test_committed_results_do_not_resolve_normally():
    """Unit abilities: a die committed to a dice ability does not resolve its normal effect."""
    s = attack_step()
    _, cons = melee(s, ["strike", "heroic", "lore"], commit={"heroic": 1, "lore": 1}, ability_damage=2)
    assert rolled(cons)["damage"] == 3 and rolled(cons)["lore"] == 0
    assert "ability_without_dice" in codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-2",
                                           kind="melee", distance=1, roll=["lore"] * 4, ability_damage=1)
    assert "commit_more_than_rolled" in codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-2",
                                              kind="melee", distance=1, roll=["lore"] * 4, commit={"heroic": 1})


def test_uncommitted_lore_results_give_lore_after_combat():
    """Combat, 6. Gain lore: 1 lore token per lore result not committed."""
    s = attack_step()
    before = s["seats"]["p1"]["lore"]
    s, cons = melee(s, ["lore", "lore", "heroic"])
    assert s["seats"]["p1"]["lore"] == before + 2 and "lore_gained" in types(cons)


def test_damage_removes_figures_and_eliminates():
    """Damage: each damage removes a figure; the unit is removed with its last figure."""
    s = attack_step()
    s, _ = play(s, "p2", "damage", unit="p2.u-foot-1", amount=2)
    s, cons = melee(s, ["strike", "strike", "strike"])
    assert not s["units"]["p2.u-foot-1"]["alive"] and "eliminated" in types(cons)
    assert s["combat"]["stage"] == "advance", "an adjacent target eliminated: the attacker may advance"


def test_plain_hits_apply_themselves_and_the_target_is_asked_only_to_counter():
    """Combat, 4. Suffer damage: with no ability or effect to ignore it, the target suffers the damage at once;
    its player has nothing to enter but the choice to counter (7. Counter)."""
    s = attack_step()
    s, cons = melee(s, ["strike", "strike", "lore"])
    assert types(cons)[types(cons).index("combat_roll"):] == ["combat_roll", "damage", "lore_gained", "counter_window"]
    assert s["units"]["p2.u-foot-1"]["damage"] == 2 and s["combat"]["stage"] == "counter"
    assert codes(s, "p2", "defend") == ["no_combat"], "no hits are left to resolve"
    advice = RS.suggest(s, "p2")
    assert {x.type for x in advice.suggestions} >= {"counter", "decline"} and "defend" not in {x.type for x in advice.suggestions}


def test_a_counter_s_plain_hits_apply_themselves_too():
    """Counter: the counter follows the combat sequence, so its hits on the attacker apply at once as well."""
    s = attack_step()
    s, _ = melee(s, ["lore", "lore", "lore"])
    s, cons = play(s, "p2", "counter", roll=["strike", "lore", "lore"])
    assert s["units"]["p1.d-foot-1"]["damage"] == 1 and s["combat"] is None and "combat_over" in types(cons)


def armored(s, uid="p2.u-foot-1", ability="armor 1"):
    """The unit's card prints an ability that ignores results (Unit abilities, Armor; Immovable)."""
    s["units"][uid]["abilities"].append(ability)
    return s


def test_the_target_may_ignore_damage_by_effects():
    """Combat, 4. Suffer damage: the opponent may use abilities or effects to ignore damage (an armored target's
    player is asked)."""
    s = armored(attack_step())
    s, _ = melee(s, ["strike", "strike", "lore"])
    assert s["combat"]["stage"] == "defend" and s["combat"]["waiting"] == "p2"
    assert codes(s, "p2", "defend", ignore_damage=3) == ["ignore_too_much"]
    assert codes(s, "p1", "defend") == ["not_your_unit"]
    s, _ = play(s, "p2", "defend", ignore_damage=1)
    assert s["units"]["p2.u-foot-1"]["damage"] == 1


def test_a_lore_card_that_answers_the_damage_holds_the_hits_while_its_player_may_play_it():
    """Combat, 4: "or effects": a lore card of the game whose window is this step holds the hits for its player,
    while they hold a lore card and have not used one this turn (Lore cards: 1 lore card per turn)."""
    ward = {"command": [], "lore": [{"name": "Test Ward", "window": "suffer_damage", "cost": 1}]}
    s = attack_step(battle(cards=ward))
    s["seats"]["p2"]["lore"] = 1
    asked, _ = melee(s, ["strike", "strike", "lore"])
    assert asked["combat"]["stage"] == "defend" and asked["units"]["p2.u-foot-1"]["damage"] == 0
    s["seats"]["p2"]["lore"] = 0   # cannot pay its cost
    poor, _ = melee(s, ["strike", "strike", "lore"])
    assert poor["combat"]["stage"] == "counter" and poor["units"]["p2.u-foot-1"]["damage"] == 2
    s["seats"]["p2"]["lore"], s["seats"]["p2"]["lore_played_turn"] = 1, s["turn"]   # used one this turn
    spent, _ = melee(s, ["strike", "strike", "lore"])
    assert spent["combat"]["stage"] == "counter"


def test_an_immovable_target_is_asked_about_its_retreats_and_an_armored_one_only_when_damaged():
    """Unit abilities, Immovable and Armor: the target's player decides what the ability ignores."""
    s = armored(attack_step())
    s2, _ = melee(s, ["lore", "lore", "lore"])
    assert s2["combat"] is None or s2["combat"]["stage"] == "counter", "no damage: armor has nothing to answer"
    s = armored(attack_step(), ability="immovable 1")
    s3, _ = melee(s, ["morale", "lore", "lore"])
    assert s3["combat"]["stage"] == "defend"
    s4, _ = play(s3, "p2", "defend", ignore_retreats=1)
    assert s4["units"]["p2.u-foot-1"]["damage"] == 0 and s4["combat"]["stage"] == "counter"


def test_a_building_ignores_1_damage_each_combat():
    """Terrain, Buildings: a unit in a building may ignore 1 damage each combat."""
    s = attack_step()
    s, _ = play(s, "p1", "reposition", unit="p2.u-foot-1", to={**POS, "terrain": "building"})
    s, cons = melee(s, ["strike", "strike", "lore"])
    assert rolled(cons)["damage"] == 1 and "building" in rolled(cons)["ignored"]
    assert s["units"]["p2.u-foot-1"]["damage"] == 1


def test_a_shield_ignores_1_damage_and_goes():
    """Markers, Shield: the shield is removed by a combat roll and the unit ignores 1 damage."""
    s = attack_step()
    s, _ = play(s, "p2", "token", unit="p2.u-foot-1", token="shield", action="add")
    s, cons = melee(s, ["strike", "strike", "lore"])
    assert rolled(cons)["damage"] == 1 and s["units"]["p2.u-foot-1"]["tokens"] == []


def test_morale_forces_a_retreat_per_result():
    """Combat, 3 and Retreat: each morale result makes the target retreat 1 hex."""
    s = attack_step()
    s, _ = melee(s, ["morale", "morale", "strike"])
    c = s["combat"]
    assert c["retreats"] == 2 and c["damage"] == 1
    assert codes(s, "p2", "defend", moved=1, end="free", to=POS) == ["retreat_short"]
    assert codes(s, "p2", "defend", moved=3, end="free", to=POS) == ["retreat_too_far"]
    s, cons = play(s, "p2", "defend", moved=2, end="free", to={**POS, "section": "left"})
    u = s["units"]["p2.u-foot-1"]
    assert u["damage"] == 1 and u["pos"]["section"] == "left"
    assert s["combat"]["stage"] == "advance", "the target moved: the attacker may advance"
    s, cons = play(s, "p1", "advance")
    assert s["units"]["p1.d-foot-1"]["pos"] == {**POS, "feature": None, "faction_banner": None}
    assert s["combat"] is None and "advanced" in types(cons)


def test_blocked_retreats_cause_damage():
    """Retreat: off the board, into impassable terrain or enemy units, 1 damage per unresolved retreat."""
    s = attack_step()
    s, _ = melee(s, ["morale", "morale", "lore"])
    s, cons = play(s, "p2", "defend", moved=1, end="blocked", to=POS)
    assert s["units"]["p2.u-foot-1"]["damage"] == 1 and "retreat_blocked" in types(cons)


def test_supported_units_ignore_retreats_without_damage():
    """Retreat, supported units: a unit that would retreat into a friendly unit ignores all retreats."""
    s = attack_step()
    s, _ = melee(s, ["morale", "morale", "lore"])
    s, cons = play(s, "p2", "defend", moved=0, end="supported")
    assert s["units"]["p2.u-foot-1"]["damage"] == 0 and "supported" in types(cons)
    assert s["combat"]["stage"] == "counter", "still adjacent and alive: it may counter"


def test_terrain_stops_a_retreat_and_the_rest_hurt():
    """Terrain, Forest hexes: a unit that retreats into a forest cannot retreat further that
    combat; additional retreats cause damage."""
    s = attack_step()
    s, _ = melee(s, ["morale", "morale", "morale"])
    s, cons = play(s, "p2", "defend", moved=1, end="free", to={**POS, "terrain": "forest"})
    assert s["units"]["p2.u-foot-1"]["damage"] == 2


def test_a_building_ignores_1_damage_from_extra_retreats():
    """Terrain, Buildings: a unit that retreats into a building may ignore 1 damage caused by
    additional retreats."""
    s = attack_step()
    s, _ = melee(s, ["morale", "morale", "morale"])
    s, _ = play(s, "p2", "defend", moved=1, end="free", to={**POS, "terrain": "building"})
    assert s["units"]["p2.u-foot-1"]["damage"] == 1


def test_stunned_units_take_damage_instead_of_retreating():
    """Other rules, Stun: a stunned unit cannot retreat; a unit stunned during a roll takes 1
    damage per retreat of that roll, unless supported."""
    s = attack_step()
    s, cons = melee(s, ["morale", "morale", "heroic"], commit={"heroic": 1}, inflict=["stun"])
    assert "stun" in s["units"]["p2.u-foot-1"]["tokens"]
    assert codes(s, "p2", "defend", moved=1, end="free", to=POS) == ["cannot_retreat"]
    s, _ = play(s, "p2", "defend", end="blocked")
    assert s["units"]["p2.u-foot-1"]["damage"] == 2
    assert s["combat"] is None, "a stunned unit cannot counter"


def test_stunned_units_cannot_attack():
    """Other rules, Stun: you cannot attack using a stunned unit."""
    s = attack_step()
    s, _ = play(s, "p2", "token", unit="p1.d-foot-1", token="stun", action="add")
    assert "stunned" in codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1",
                              kind="melee", distance=1, roll=["lore"] * 3)


def test_poisoned_targets_take_damage_from_morale():
    """Other rules, Poison: against a poisoned unit, morale results may be committed to cause
    1 damage each (icon reading: rules.POISON_FACE)."""
    s = attack_step()
    assert "not_poisoned" in codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1",
                                   kind="melee", distance=1, roll=["morale", "morale", "lore"], poison_damage=1)
    s, cons = melee(s, ["morale", "morale", "heroic"], commit={"heroic": 1}, inflict=["poison"], poison_damage=2)
    assert rolled(cons)["damage"] == 2 and rolled(cons)["retreats"] == 0


def test_counter_follows_the_combat_sequence_and_cannot_be_countered():
    """Counter: the adjacent surviving target may counter the attacker; a counter cannot
    trigger another counter and the countering unit cannot advance."""
    s = attack_step()
    s, _ = melee(s, ["strike", "lore", "lore"])
    assert s["combat"]["stage"] == "counter"
    assert codes(s, "p1", "counter", roll=["strike"] * 3) == ["not_your_unit"]
    assert codes(s, "p2", "counter", roll=["strike"] * 2) == ["dice_count"]
    s, cons = play(s, "p2", "counter", roll=["strike", "morale", "pierce"])
    c = s["combat"]
    assert c["counter"] and c["target"] == "p1.d-foot-1" and c["waiting"] == "p1"
    s, cons = play(s, "p1", "defend", moved=1, end="free", to={**POS, "section": "right"})
    assert s["units"]["p1.d-foot-1"]["damage"] == 1
    assert s["combat"] is None, "no counter to a counter, no advance after it"


def test_no_counter_after_a_ranged_attack_from_afar():
    """Combat, 7. Counter: only a target adjacent to the attacker may counter."""
    s = attack_step()
    s, _ = play(s, "p1", "attack", attacker="p1.d-archers-1", target="p2.u-foot-1", kind="ranged", distance=3,
                roll=["pierce", "lore"])
    assert s["combat"] is None


def test_counter_may_be_declined():
    """Counter: a counter is optional."""
    s = attack_step()
    s, _ = melee(s, ["lore"] * 3)
    s, cons = play(s, "p2", "decline", window="counter")
    assert s["combat"] is None and codes(s, "p2", "counter", roll=["strike"] * 3) == ["no_counter"]


def test_no_advance_when_the_target_stood_firm():
    """Advance: only after the adjacent target was eliminated or moved from its hex."""
    s = attack_step()
    s, _ = melee(s, ["strike", "lore", "lore"])
    assert codes(s, "p1", "advance") == ["no_advance"]


def test_combat_must_finish_before_the_next_attack():
    """Combat: the combat sequence is resolved in order before another attack."""
    s = attack_step()
    s, _ = melee(s, ["strike", "lore", "lore"])
    assert codes(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-2", kind="melee", distance=1,
                 roll=["lore"] * 4) == ["combat_open"]
    assert codes(s, "p1", "score_vp") == ["combat_open"]


def test_ethereal_targets_cost_a_die():
    """Unit abilities, Ethereal: non-caster units roll 1 fewer die against an ethereal unit."""
    s = attack_step()
    s["units"]["p2.u-foot-1"]["abilities"].append("ethereal")
    assert codes(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                 roll=["lore"] * 2) == []


def test_a_roll_holds_at_most_the_largest_combat_value_and_modifier_even_overridden():
    """Combat, 2: dice equal to the combat value, then modifiers; 12 + 6 is the most any attack rolls."""
    s = battle()
    base = {"attacker": "p1.d-foot-1", "target": "p2.u-foot-1", "kind": "melee", "distance": 1}
    too_many = Event("attack", "p1", {**base, "roll": ["strike"] * 19}, override={"reason": "card"})
    assert [v.code for v in RS.judge(s, too_many).blocked] == ["malformed"]
    most = Event("attack", "p1", {**base, "roll": ["strike"] * 18}, override={"reason": "card"})
    assert RS.judge(s, most).blocked == []


def test_a_lore_card_is_offered_by_name_when_its_window_opens():
    """Lore cards clarifications: Raise Dead is played "after an enemy unit is eliminated" (offered to the attacker
    then), Unstoppable when a friendly unit is eliminated and had not retreated (offered to its player); neither
    while its player may not play a lore card (1 lore card per turn)."""
    cards = {"command": [], "lore": [{"name": "Raise Dead", "window": "enemy_eliminated"},
                                     {"name": "Unstoppable", "window": "friendly_eliminated"}]}
    s = attack_step(battle(cards=cards))
    offered = lambda st, seat: [x.label for x in RS.suggest(st, seat).suggestions if x.type == "play_lore"]  # noqa: E731
    assert "Play Raise Dead" not in offered(s, "p1"), "no enemy unit eliminated yet"
    s, _ = play(s, "p2", "damage", unit="p2.u-foot-1", amount=2)
    s, _ = melee(s, ["strike", "strike", "strike"])
    assert s["combat"]["stage"] == "advance"
    assert "Play Raise Dead" in offered(s, "p1") and "Play Unstoppable" not in offered(s, "p1")
    assert "Play Unstoppable" in offered(s, "p2") and "Play Raise Dead" not in offered(s, "p2")
    raise_dead = next(x for x in RS.suggest(s, "p1").suggestions if x.label == "Play Raise Dead").to_dict()
    assert raise_dead["template"]["data"] == {"card": "Raise Dead"} and "cost" in raise_dead["fields"]
    s["seats"]["p1"]["lore_played_turn"] = s["turn"]
    assert "Play Raise Dead" not in offered(s, "p1")


def test_a_log_stored_before_hits_and_deployment_ended_by_themselves_replays_to_the_same_game():
    """A log entered when the defender took plain hits and each player said "Deployment done" replays (with no
    check, as a stored log is folded) to the same state: those entries now change nothing."""
    army = {"d-foot": 1}
    moves = [("p1", "choose_scenario", {"scenario": "A1"}), ("p2", "choose_scenario", {"scenario": "B2"}),
             ("p1", "muster", {"army": army, "decoys": 17}), ("p2", "muster", {"army": {"u-foot": 1}, "decoys": 17}),
             ("p1", "place", {"unit": "p1.d-foot-1", "to": POS}), ("p1", "deploy_done", {}),
             ("p2", "place", {"unit": "p2.u-foot-1", "to": POS}), ("p2", "deploy_done", {}),
             ("p1", "play_command", {"section": "any", "units": 1}), ("p1", "order", {"unit": "p1.d-foot-1"}),
             ("p1", "attack", {"attacker": "p1.d-foot-1", "target": "p2.u-foot-1", "kind": "melee", "distance": 1,
                               "roll": ["strike", "lore", "lore"]}),
             ("p2", "defend", {})]
    override = {"reason": "small test army"}
    old = [Event(t, by, d, id=f"e{i}", seq=i + 1, override=override if t == "muster" else None)
           for i, (by, t, d) in enumerate(moves)]
    new = [e for e in old if e.type not in ("deploy_done", "defend")]
    assert fold_log(RS, game_setup(), old).state == fold_log(RS, game_setup(), new).state
    state = fold_log(RS, game_setup(), old).state
    assert state["units"]["p2.u-foot-1"]["damage"] == 1 and state["combat"]["stage"] == "counter"
