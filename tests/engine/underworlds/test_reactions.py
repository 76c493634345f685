"""Reactions (Deathgorge rulebook, Reactions pg 34-37; Multiplayer games, One reaction per reaction step)."""
from app.engine.underworlds.reactions import REACTION_STEPS
from tests.support.play import underworlds_setup

from .helpers import RS, codes, play, started, take_turn


def test_reaction_steps_list_is_the_shared_vocabulary():
    """Reactions: the reaction steps are named ids (cards name one of them)."""
    assert {"after_attack", "after_activation", "after_out_of_action", "after_power_card_revealed",
            "after_reaction"} <= set(REACTION_STEPS)


def test_window_after_an_activation_in_order_of_play_from_the_active_player():
    """Reaction limits and chains (pg 35): the player whose turn it is goes first, then in order of play."""
    state = started(3, first="p2")
    state, _ = play(state, "activate", "p2", action="move", fighter="p2.brute")
    w = state["reaction"]
    assert w["steps"] == ["after_action", "after_activation"] and w["order"] == ["p2", "p3", "p1"]
    advice = RS.suggest(state, "p3")
    assert advice.reaction_window["order"] == ["p2", "p3", "p1"]
    # Nobody waits for a reaction (a minor step passes without comment, pg 16): the game waits for p3's turn,
    # and the reaction step and p2's power step are open for optional plays.
    assert advice.waiting_for == ["p3"]
    assert advice.step["optional"] == [{"step": "reaction", "seats": ["p2", "p3", "p1"]},
                                       {"step": "power", "seats": ["p2", "p3"]}]
    assert {s.type for s in advice.suggestions} >= {"reaction", "reaction_pass"}


def test_one_reaction_per_player_per_step_and_chain_order():
    """Reaction limits (pg 35): each player can only play one reaction in each reaction step; the chain is
    built in order and a reaction to a reaction starts a secondary chain."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction", "p2", step="after_action", name="Sidestep")
    assert "one_reaction_per_step" in codes(state, "reaction", "p2", step="after_action", name="Again")
    state, _ = play(state, "reaction", "p1", step="after_reaction", name="Counter")
    chain = state["reaction"]["chain"]
    assert [c["seat"] for c in chain] == ["p2", "p1"] and chain[1]["secondary"]


def test_pass_and_window_closing():
    """Reaction chains (pg 35): each player adds a reaction or passes; the next game event closes the step."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction_pass", "p1")
    assert "already_passed" in codes(state, "reaction", "p1", step="after_action", name="X")
    state, cons = play(state, "reaction_pass", "p2")
    assert state["reaction"] is None and "reaction_step_closed" in cons
    assert "no_reaction_step" in codes(state, "reaction_pass", "p1")
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.minion", override="card: Ready")
    assert state["reaction"] is not None
    state, _ = play(state, "power", "p1", play="pass")
    assert state["reaction"] is None


def test_step_must_be_open_and_card_trigger_must_match():
    """Reactions (pg 34): each reaction describes the reaction step in which it can be used."""
    setup = underworlds_setup(2)
    setup["seats"][1]["deck"] = ([{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(12)]
                                 + [{"name": "Parry", "type": "ploy", "reaction": {"step": "after_attack"}}]
                                 + [{"name": f"P{i}", "type": "ploy"} for i in range(19)])
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    assert "wrong_reaction_step" in codes(state, "reaction", "p2", step="after_attack", name="Parry", card="Parry")
    assert "wrong_reaction_step" in codes(state, "reaction", "p2", step="after_action", name="Parry", card="Parry")


def test_gambit_reaction_spends_the_card():
    """Reactions (pg 34): a gambit reaction is revealed from the hand and discarded once resolved."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction", "p2", step="after_activation", name="Shove", card="Shove")
    assert state["seats"]["p2"]["hand"]["power"] == 4 and state["seats"]["p2"]["discards"]["power"] == 1


def test_a_gambit_reaction_typed_by_name_leaves_the_hand_like_one_picked():
    """Reactions (pg 34): the gambit is discarded once resolved, whether the player picked it or typed its name
    (in any case): it leaves the hand the player told, and cannot be played again."""
    setup = underworlds_setup(2)
    setup["seats"][1]["deck"] = {"power": [{"name": "Opportunistic Reprisal", "type": "ploy"},
                                           {"name": "Great Strength", "type": "upgrade"},
                                           *({"name": f"P{i}", "type": "ploy"} for i in range(18))],
                                 "objectives": [{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(12)]}
    state = started(setup=setup)
    state, _ = play(state, "hand", "p2", power=["Opportunistic Reprisal"])
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction", "p2", step="after_activation", name="opportunistic reprisal ")
    seat = state["seats"]["p2"]
    assert seat["hand"]["power"] == 4 and seat["discards"]["power"] == 1
    assert seat["cards"]["power"] == [] and "Opportunistic Reprisal" in seat["gone"]
    assert "card_already_used" in codes(state, "reaction", "p2", step="after_activation", name="Opportunistic Reprisal")


def test_bookkeeping_does_not_end_the_reaction_step():
    """Reaction steps (pg 36): entering where a fighter now stands or revealing a met surge objective is not a new
    step, so the reaction step after the action stays open."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "position", "p1", fighter="p1.brute", feature="1")
    state, _ = play(state, "objective", "p1", action="reveal", glory=1)
    assert state["reaction"] is not None and state["reaction"]["steps"] == ["after_action", "after_activation"]


def test_after_the_last_action_and_after_the_activation_step_are_one_reaction_step():
    """Reaction limits and chains, After an action/activation step (pg 35): the end of the last action and the end
    of the activation step are simultaneous and share one reaction step, so a player cannot react to both."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction", "p2", step="after_action", name="Sidestep")
    assert "one_reaction_per_step" in codes(state, "reaction", "p2", step="after_activation", name="Shove")
    offered = [s for s in RS.suggest(state, "p2").suggestions if s.type == "reaction"]
    assert all("after_activation" not in (s.choices.get("step") or [s.data.get("step")]) for s in offered)
    # The other player still has their one reaction in that step, and the reaction to a reaction is its own step.
    state, _ = play(state, "reaction", "p1", step="after_activation", name="Counter")
    state, _ = play(state, "reaction", "p2", step="after_reaction", name="Riposte")


def test_an_attack_actions_end_sequence_is_the_same_step_as_after_the_activation():
    """Combat sequence step 8 (pg 21) and Simultaneous reaction steps (pg 37): after the last Attack action of an
    activation, 'after an Attack action', 'after an action' and 'after an activation step' are one reaction step."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = play(state, "attack", "p1", attacker="p1.leader", target="p2.brute", profile={"name": "Blade"},
                    attack_roll={"fury": 2}, defence_roll={"block": 1})
    state, _ = play(state, "reaction", "p2", step="after_attack", name="Parry")
    assert "one_reaction_per_step" in codes(state, "reaction", "p2", step="after_action", name="Shove")
    assert "one_reaction_per_step" in codes(state, "reaction", "p2", step="after_activation", name="Shove")
    # Earlier steps of the combat sequence are other reaction steps.
    assert codes(state, "reaction", "p2", step="after_defence_roll", name="Brace") == []


def test_barge_move_has_its_own_after_action_step():
    """Barge superaction, advanced rules (pg 26): its Move action has its own reaction steps, so reacting after the
    Move action and after the activation step are two reaction steps."""
    state = started()
    state, _ = play(state, "activate", "p1", action="barge", fighter="p1.brute", target="p2.minion")
    state, _ = play(state, "reaction", "p2", step="after_action", name="Sidestep")
    assert codes(state, "reaction", "p2", step="after_activation", name="Shove") == []


def test_no_reaction_steps_in_the_end_phase():
    """Advanced rules, End phase (pg 38): there are no reaction steps in the end phase, even when a card deals
    damage there."""
    state = started()
    while state["phase"] == "action":
        state = take_turn(state)
    assert state["phase"] == "end"
    state, _ = play(state, "damage", "p1", fighter="p2.brute", amount=1, source="card")
    assert state["reaction"] is None
    assert "no_reaction_step" in codes(state, "reaction", state["end"]["order"][0], step="after_damage", name="X")
    assert not [s for s in RS.suggest(state, "p2").suggestions if s.group == "Reaction"]


def test_a_player_who_passed_may_still_react_to_a_later_reaction():
    """Reacting to a reaction (pg 35): a reaction to a reaction starts a secondary chain in a new reaction step, so a
    player who passed in the first step is asked again, but only for the secondary chain."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "reaction_pass", "p1")
    state, _ = play(state, "reaction", "p2", step="after_activation", name="Sidestep")
    advice = RS.suggest(state, "p1")
    assert "p1" in advice.step["optional"][0]["seats"] and advice.step["optional"][0]["step"] == "reaction"
    steps = [s.choices.get("step") for s in advice.suggestions if s.type == "reaction"]
    assert steps == [["after_reaction"]]
    assert "already_passed" in codes(state, "reaction", "p1", step="after_activation", name="Counter")
    state, _ = play(state, "reaction", "p1", step="after_reaction", name="Counter")
    assert [c["secondary"] for c in state["reaction"]["chain"]] == [False, True]


def test_a_reaction_to_a_reaction_needs_a_reaction_first():
    """Reacting to a reaction (pg 35): a secondary chain reacts to a reaction already used."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    assert "nothing_to_react_to" in codes(state, "reaction", "p2", step="after_reaction", name="Counter")


def test_plunder_places_only_an_available_feature_token():
    """Plunder (pg 24): the token placed is an available feature token (one not on the battlefield)."""
    state = started()
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = play(state, "attack", "p1", attacker="p1.leader", target="p2.minion", profile={"name": "Blade"},
                    attack_roll={"smash": 2}, defence_roll={"block": 1})
    assert "feature_not_available" in codes(state, "reaction", "p1", step="after_out_of_action", name="plunder",
                                            feature="3")
    assert "plunder_needs_token" in codes(state, "reaction", "p1", step="after_out_of_action", name="plunder")


# -- reaction_when: a card's own conditions (content/README.md, Reactions) ---------------------------------------

WHEN_CARDS = [
    {"name": "Tireless Assault", "type": "ploy", "reaction": "after_attack",
     "reaction_when": {"attacker": "friendly", "outcome": "failed"}},
    {"name": "Last Chance", "type": "ploy", "reaction": "after_attack",
     "reaction_when": {"target": "friendly", "outcome": "succeeded"}},
    {"name": "Forceful Denial", "type": "ploy", "reaction": "after_power_card_revealed",
     "reaction_when": {"player": "enemy", "cause": "ploy"}},
    {"name": "Sidestep", "type": "ploy"},
    {"name": "Disengage", "type": "upgrade", "reaction": "after_attack",
     "reaction_when": {"attacker": "this", "outcome": "succeeded"}},
]


def _when_game():
    setup = underworlds_setup(2)
    for seat in setup["seats"]:
        seat["deck"] = {"power": [dict(c) for c in WHEN_CARDS],
                        "objectives": [{"name": f"Obj {i}", "type": "objective", "glory": 1, "scoring": "end"}
                                       for i in range(12)]}
    return started(setup=setup)


def _attack(state, succeed: bool, attacker="p1.leader", target="p2.minion"):
    state, _ = play(state, "activate", attacker[:2], action="attack", fighter=attacker)
    rolls = {"attack_roll": {"smash": 2}, "defence_roll": {}} if succeed else \
        {"attack_roll": {"single": 2}, "defence_roll": {"dodge": 1}}
    state, cons = play(state, "attack", attacker[:2], attacker=attacker, target=target,
                       profile={"name": "Blade"}, **rolls)
    return state


def _offered(state, seat):
    return {s.data.get("card") for s in RS.suggest(state, seat).suggestions if s.type == "reaction"} - {None}


def test_reaction_after_a_failed_attack_is_not_offered_after_a_successful_one():
    """A card's reaction condition (Tireless Assault: after a friendly fighter's Attack action FAILS): after a
    successful attack it is not offered and check() refuses it, citing the card, overridable (cards beat rules);
    after a failed one it is offered and accepted."""
    hit = _attack(_when_game(), succeed=True)
    assert hit["reaction"]["context"]["success"] is True
    assert "Tireless Assault" not in _offered(hit, "p1")
    problems = RS.check(hit, ev_reaction("p1", "Tireless Assault"))
    assert [v.code for v in problems] == ["reaction_condition_not_met"]
    assert problems[0].overridable and "Tireless Assault" in problems[0].rule
    play(hit, "reaction", "p1", override="my opponent agrees", step="after_attack", name="Tireless Assault",
         card="Tireless Assault")
    miss = _attack(_when_game(), succeed=False)
    assert miss["reaction"]["context"]["success"] is False
    assert "Tireless Assault" in _offered(miss, "p1")
    assert codes(miss, "reaction", "p1", step="after_attack", name="Tireless Assault", card="Tireless Assault") == []


def test_friendly_and_enemy_conditions_are_seen_from_the_reacting_player():
    """reaction_when target: friendly (Last Chance, after an attack on your fighter succeeds): offered to the
    target's player, not to the attacker's, whose own fighter was not the target."""
    hit = _attack(_when_game(), succeed=True)
    assert "Last Chance" in _offered(hit, "p2")
    assert "Last Chance" not in _offered(hit, "p1")
    assert "reaction_condition_not_met" in codes(hit, "reaction", "p1", step="after_attack", name="Last Chance",
                                                 card="Last Chance")


def test_reaction_to_a_ploy_played_by_an_opponent():
    """reaction_when player: enemy, cause: ploy (Forceful Denial): after a ploy is revealed, only the opponent of
    the player who played it may use it."""
    state = _when_game()
    state, _ = play(state, "player_action", "p1", action="pass")
    assert state["step"] == "power" and state["power"]["order"][state["power"]["next"]] == "p1"
    state, _ = play(state, "power", "p1", play="ploy", card="Sidestep")
    assert "Forceful Denial" in _offered(state, "p2")
    assert "Forceful Denial" not in _offered(state, "p1")
    assert "reaction_condition_not_met" in codes(state, "reaction", "p1", step="after_power_card_revealed",
                                                 name="Forceful Denial", card="Forceful Denial")


def test_upgrade_reaction_is_offered_from_the_fighter_that_has_it():
    """An upgrade's reaction (Disengage: after THIS fighter's Attack action succeeds) is used by the fighter given
    the upgrade: offered for that fighter after its successful attack, refused for another friendly fighter."""
    state = _when_game()
    state, _ = play(state, "glory_adjust", "p1", seat="p1", unspent=1, spent=0, reason="test")
    state, _ = play(state, "player_action", "p1", action="pass")
    state, _ = play(state, "power", "p1", play="upgrade", card="Disengage", fighter="p1.leader")
    while state["step"] == "power":
        state, _ = play(state, "power", state["power"]["order"][state["power"]["next"]], play="pass")
    state = take_turn(state)  # p2
    hit = _attack(state, succeed=True)
    offers = [s for s in RS.suggest(hit, "p1").suggestions if s.data.get("card") == "Disengage"]
    assert [s.data["fighter"] for s in offers] == ["p1.leader"]
    assert codes(hit, "reaction", "p1", step="after_attack", name="Disengage", card="Disengage",
                 fighter="p1.leader") == []
    assert "reaction_condition_not_met" in codes(hit, "reaction", "p1", step="after_attack", name="Disengage",
                                                 card="Disengage", fighter="p1.brute")


def ev_reaction(seat, card, step="after_attack"):
    from app.engine.core import Event  # noqa: PLC0415
    return Event("reaction", seat, {"step": step, "name": card, "card": card})


def test_content_card_conditions_reach_the_engine():
    """End to end from content (steelhearts-champions-shadespire, Tireless Assault: after a friendly fighter's
    Attack action fails): expand_setup carries reaction_when to the engine, which filters by it."""
    from app import content  # noqa: PLC0415
    setup = content.expand_setup("underworlds/deathgorge", {
        "ruleset": "underworlds/deathgorge",
        # Shadespire cards are not a Rivals deck (The decks, pg 7): the table agrees to play them.
        "options": {"format": "rivals", "deck_override": {"reason": "our Shadespire cards"}},
        "seats": [{"name": "Ana", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"},
                  {"name": "Ben", "warband": "cyrenis-razors", "printing": "second-edition"}]})
    state = started(setup=setup)
    state, _ = play(state, "hand", "p1", power=["Tireless Assault", "Heroic Guard"])
    target = next(f for f in state["fighters"] if f.startswith("p2."))
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.obryn-the-bold")
    hit, _ = play(state, "attack", "p1", attacker="p1.obryn-the-bold", target=target, profile={"name": "Grandhammer"},
                  attack_roll={"smash": 2, "crit": 0}, defence_roll={})
    assert hit["reaction"]["context"]["success"] is True
    assert "Tireless Assault" not in _offered(hit, "p1")
    miss, _ = play(state, "attack", "p1", attacker="p1.obryn-the-bold", target=target,
                   profile={"name": "Grandhammer"}, attack_roll={"single": 2}, defence_roll={})
    assert miss["reaction"]["context"]["success"] is False
    assert "Tireless Assault" in _offered(miss, "p1")


def _hand_game():
    """Ben's deck: reactions with and without a known step, a ploy that is known not to be one, an upgrade."""
    setup = underworlds_setup(2)
    setup["seats"][1]["deck"] = {
        "objectives": [{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(12)],
        # Names only, as content gives a deck known by card names: step and effect unknown.
        "power": [{"name": "Opportunistic Reprisal", "type": "ploy", "reaction": None, "effect": None},
                  {"name": "Held Parry", "type": "ploy", "reaction": "after_attack"},
                  {"name": "Deck Parry", "type": "ploy", "reaction": "after_attack"},
                  {"name": "Held Riposte", "type": "ploy", "reaction": "after_power_card_revealed"},
                  {"name": "Sprint", "type": "ploy", "effect": "Push a friendly fighter one hex."},
                  {"name": "Great Strength", "type": "upgrade"},
                  *({"name": f"P{i}", "type": "ploy", "effect": "Something else."} for i in range(14))]}
    state = started(setup=setup)
    state, _ = play(state, "hand", "p2", power=["Great Strength", "Held Riposte", "Sprint", "Held Parry",
                                               "Opportunistic Reprisal"])
    return _attack(state, succeed=True)


def test_reactions_from_the_hand_come_first_then_the_decks_other_reactions():
    """Reactions (Deathgorge rulebook, pg 34): a gambit reaction is revealed from the hand in the reaction step it
    describes. After an attack the held reaction for that step is one complete event in the hand group, the held
    ploy whose step our content does not give asks only for the step (the open ones), and the deck's other reaction
    follows in the plain group. A held reaction for another step, a held ploy known not to be a reaction and a held
    upgrade (used from a fighter once given) are not offered."""
    state = _hand_game()
    advice = [s for s in RS.suggest(state, "p2").suggestions if s.type == "reaction" and s.data.get("card")]
    assert [(s.data["card"], s.group) for s in advice] == [
        ("Held Parry", "Reaction: in your hand"), ("Opportunistic Reprisal", "Reaction: in your hand"),
        ("Deck Parry", "Reaction")]
    parry, reprisal, _ = advice
    assert parry.complete and parry.data["step"] == "after_attack"
    assert not reprisal.complete and set(reprisal.choices) == {"step"}
    assert "after_attack" in reprisal.choices["step"] and "after_damage" in reprisal.choices["step"]
    assert "after_reaction" not in reprisal.choices["step"]                # no reaction used yet to react to
    assert codes(state, "reaction", "p2", step="after_damage", name="Opportunistic Reprisal",
                 card="Opportunistic Reprisal") == []
    state, _ = play(state, "reaction", "p2", step="after_attack", name="Held Parry", card="Held Parry")
    assert "Held Parry" not in state["seats"]["p2"]["cards"]["power"]
    again = [s.data.get("card") for s in RS.suggest(state, "p2").suggestions if s.type == "reaction"]
    assert "Held Parry" not in again


def test_a_typed_reaction_name_lists_the_deck_cards_it_is_checked_against():
    """The typed reaction's name field lists the deck's power cards and Plunder, for a client to ask once before
    it sends a name that is none of them; without deck data (or with a partial list) there is nothing to list."""
    state = _hand_game()
    typed = next(s for s in RS.suggest(state, "p2").suggestions if s.label == "Another reaction (name it)")
    assert typed.bounds["name"]["type"] == "str"
    assert {"Opportunistic Reprisal", "Great Strength", "Plunder"} <= set(typed.bounds["name"]["cards"])
    assert len(typed.bounds["name"]["cards"]) == 21
    typed_p1 = next(s for s in RS.suggest(state, "p1").suggestions if s.label == "Another reaction (name it)")
    assert "cards" not in typed_p1.bounds["name"]                          # p1 has no deck data
