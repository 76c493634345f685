"""Cards in play (app/engine/underworlds/cards.py): partial content decks (`complete: false`) against complete ones.

A partial deck is still the printed deck of 12 objective and 20 power cards (Deathgorge rulebook, The decks,
pg 7): counts come from `deck_sizes`, the listed cards are offered by name, and a card our content does not
list is entered by hand, as with no deck data. Complete deck data stays strict.
"""
import json

from app import content
from app.engine import registry
from app.engine.core import Event
from tests.support.play import underworlds_setup

from .helpers import RS, codes, pass_power, play, started, take_turn


def _content_setup(ruleset="underworlds/deathgorge", deck=None, warband="cyrenis-razors", fmt="rivals"):
    """Ana with `deck` from content; with no deck, a Rivals deck none of whose cards the data lists."""
    setup = content.expand_setup(ruleset, {
        "ruleset": ruleset, "options": {"format": fmt},
        "seats": [{"name": "Ana", "warband": warband, **({"printing": "second-edition"} if warband == "cyrenis-razors" else {}),
                   **({"deck": deck} if deck else {})},
                  {"name": "Ben", "warband": "steelhearts-champions"}]})
    if deck is None:
        setup["seats"][0]["deck"] = {"objectives": [], "power": [], "complete": False}
        setup["seats"][0]["deck_sizes"] = {"objectives": 12, "power": 20}
    return setup


def _complete_setup():
    setup = _content_setup()
    setup["seats"][0]["deck"] = {"objectives": [{"name": f"Obj {i}", "type": "objective", "glory": 1,
                                                  "scoring": "end"} for i in range(12)],
                                 "power": [{"name": f"Ploy {i}", "type": "ploy"} for i in range(20)]}
    setup["seats"][0].pop("deck_sizes", None)
    return setup


def _labels(state, seat="p1"):
    return [s.label for s in RS.suggest(state, seat).suggestions]


def _to_end_phase(state):
    while state["phase"] == "action":
        state = take_turn(state)
    return state


def test_a_deck_with_no_cards_listed_still_deals_full_hands():
    """The decks (pg 7) and Drawing starting hands: a Rivals deck whose cards content does not list
    still holds 12 objective and 20 power cards, so the seat starts with 3 and 5."""
    setup = _content_setup()
    assert setup["seats"][0]["deck"]["complete"] is False
    state = RS.new_game(setup)
    seat = state["seats"]["p1"]
    assert seat["hand"] == {"objectives": 3, "power": 5}
    assert seat["deck"] == {"objectives": 9, "power": 15}


def test_partial_deck_counts_run_out_at_the_printed_size():
    """Drawing cards (pg 13): the deck runs out after its real 20 power cards, not after the cards listed."""
    state = started(setup=_content_setup())
    drawn = 0
    while state["phase"] == "action" and state["seats"]["p1"]["deck"]["power"]:
        seat = state["turn"]["seat"]
        state, _ = play(state, "player_action", seat, action="draw_power" if seat == "p1" else "pass")
        drawn += seat == "p1"
        state = pass_power(state)
    assert drawn == 4  # four activations in the round, each drawing one
    assert state["seats"]["p1"]["deck"]["power"] == 11


def test_unlisted_ploy_of_a_partial_deck_is_entered_by_name_and_offered():
    """Gambits (pg 29) with a partial deck: a ploy the list does not have is played by its typed name (not
    refused as card_not_in_deck), and the power step offers 'Play a ploy (not listed)'."""
    state = started(setup=_content_setup())
    state = take_turn(state)  # p1's turn passes; p2 activates next
    state, _ = play(state, "player_action", "p2", action="pass")
    while state["power"]["order"][state["power"]["next"]] != "p1":
        state, _ = play(state, "power", state["power"]["order"][state["power"]["next"]], play="pass")
    assert "Play a ploy (not listed)" in _labels(state)
    assert codes(state, "power", "p1", play="ploy", card="Sudden Blast") == []
    state, _ = play(state, "power", "p1", play="ploy", card="Sudden Blast")
    assert state["seats"]["p1"]["hand"]["power"] == 4
    assert "Sudden Blast" in state["seats"]["p1"]["gone"]
    assert "card_already_used" in codes(state, "power", "p1", play="ploy", card="Sudden Blast")


def test_listed_and_unlisted_cards_of_a_shadespire_starter_deck():
    """Shadespire (2018) decks list only the cards the book prints: the seat still holds 3 objective and 5
    power cards, held card names may be listed or not, and an objective the list lacks is scored at once (2018
    rules) with the glory the player enters, while a listed card keeps its own scoring time."""
    rs = registry.get("underworlds/shadespire")
    setup = _content_setup("underworlds/shadespire", "steelhearts-champions-shadespire", "steelhearts-champions",
                           "standard")
    state = rs.new_game(setup)
    assert state["seats"]["p1"]["hand"] == {"objectives": 3, "power": 5}
    while state["phase"] == "setup" or state["step"] == "roll_off":  # set up from the suggestions: first choices
        sugg = next(s for seat in state["order"] for s in rs.suggest(state, seat).suggestions if s.group == "Set up")
        state, _ = rs.apply(state, Event(sugg.type, sugg.by, {**sugg.data, **{k: v[0] for k, v in sugg.choices.items()}}))
    labels = [s.label for s in rs.suggest(state, "p1").suggestions]
    assert "Play a ploy (not listed)" not in labels  # not the power step
    assert "Score an objective now (not listed)" in labels
    assert rs.check(state, Event("hand", "p1", {"power": ["Heroic Guard", "Not In Our Sources"]})) == []
    unlisted = Event("objective", "p1", {"action": "score", "card": "Unlisted Objective", "glory": 1})
    assert rs.check(state, unlisted) == []
    state, _ = rs.apply(state, unlisted)
    assert state["seats"]["p1"]["glory"]["unspent"] == 1
    assert "not_immediate" in [v.code for v in rs.check(  # listed, scored in the end phase: the card's own rule
        state, Event("objective", "p1", {"action": "score", "card": "Sigmar's Bulwark", "glory": 1}))]


def _shadespire_deck_setup():
    """Ana with Steelheart's Champions' Shadespire cards (a partial deck), Ben with Cyreni's Razors."""
    return content.expand_setup("underworlds/deathgorge", {
        "ruleset": "underworlds/deathgorge",
        # Shadespire cards are not a Rivals deck (The decks, pg 7): the table agrees to play them.
        "options": {"format": "rivals", "deck_override": {"reason": "our Shadespire cards"}},
        "seats": [{"name": "Ana", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"},
                  {"name": "Ben", "warband": "cyrenis-razors"}]})


def test_listed_ploy_of_a_partial_deck_is_offered_by_name_beside_the_unlisted_entry():
    """Power step (pg 29) with a partial deck (steelhearts-champions-shadespire): its listed ploys are offered by
    name and play from the hand, next to the entry for a ploy the list does not have."""
    setup = _shadespire_deck_setup()
    state = started(setup=setup)
    assert state["seats"]["p1"]["hand"] == {"objectives": 3, "power": 5}
    state, _ = play(state, "player_action", "p1", action="pass")
    labels = _labels(state)
    assert "Play Heroic Guard" in labels and "Play a ploy (not listed)" in labels
    state, _ = play(state, "power", "p1", play="ploy", card="Heroic Guard", chosen="p1.severin-steelheart")
    assert state["seats"]["p1"]["hand"]["power"] == 4 and "Heroic Guard" in state["seats"]["p1"]["gone"]


def test_a_ploy_whose_chosen_friendly_fighter_is_not_there_is_not_offered():
    """A player can only play a power card whose directions they can follow (Deathgorge rulebook, Advanced rules,
    Playing a power card, pg 29): Heroic Guard goes to a chosen friendly fighter, so with Ana's one fighter left it
    names only that one, and with none left it is not offered and its entry is refused."""
    setup = _shadespire_deck_setup()
    state = started(setup=setup)
    state, _ = play(state, "player_action", "p1", action="pass")
    ana = [fid for fid, f in state["fighters"].items() if f["seat"] == "p1"]
    for fid in ana[1:]:
        state["fighters"][fid]["out"] = True
    RS.forget(state)
    offered = [x for x in RS.suggest(state, "p1").suggestions if x.label == "Play Heroic Guard"]
    assert len(offered) == 1 and offered[0].choices["chosen"] == [ana[0]]
    state["fighters"][ana[0]]["out"] = True
    RS.forget(state)   # changed here by hand: what the ruleset worked out for this state no longer holds
    assert "Play Heroic Guard" not in _labels(state)
    assert "card_choice_needed" in [v.code for v in RS.check(state, Event("power", "p1", {"play": "ploy", "card": "Heroic Guard"}))]


def test_partial_deck_end_phase_scores_listed_and_unlisted_objectives():
    """End phase step 1 (pg 38): a listed objective of a card pool and one it does not list are both
    scored; the listed one scores its known glory without asking."""
    setup = content.expand_setup("underworlds/deathgorge", {
        "ruleset": "underworlds/deathgorge",
        # Shadespire cards are not a Rivals deck (The decks, pg 7): the table agrees to play them.
        "options": {"format": "rivals", "deck_override": {"reason": "our Shadespire cards"}},
        "seats": [{"name": "Ana", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"},
                  {"name": "Ben", "warband": "cyrenis-razors", "printing": "second-edition"}]})
    setup["seats"][0].pop("deck_problems", None)
    state = _to_end_phase(started(setup=setup))
    assert state["phase"] == "end" and state["end"]["order"][0] == "p1"
    advice = RS.suggest(state, "p1").suggestions
    bulwark = next(s for s in advice if s.data.get("card") == "Sigmar's Bulwark")
    assert bulwark.complete and "glory" not in bulwark.bounds  # the card says 1
    assert any(s.label == "Score an objective (not listed)" for s in advice)
    state, _ = play(state, "objective", "p1", action="score", card="Sigmar's Bulwark")
    state, _ = play(state, "objective", "p1", action="score", card="Hold Objective 3", glory=2)
    assert state["seats"]["p1"]["glory"]["unspent"] == 3
    assert state["seats"]["p1"]["hand"]["objectives"] == 1
    state, cons = play(state, "end_phase_done", "p1")
    assert state["seats"]["p1"]["hand"]["objectives"] == 3


def test_complete_deck_data_stays_strict():
    """Complete deck data: a card that is not in the deck is refused (card_not_in_deck), counts are the listed
    cards, and no 'not listed' suggestion is offered."""
    state = started(setup=_complete_setup())
    assert state["seats"]["p1"]["deck"] == {"objectives": 9, "power": 15}
    assert "card_not_in_deck" in codes(state, "hand", "p1", power=["Sudden Blast"])
    state = _to_end_phase(state)
    assert "card_not_in_deck" in codes(state, "objective", "p1", action="score", card="Sudden Blast", glory=1)
    assert not any("not listed" in label for label in _labels(state))


def test_deck_sizes_must_be_whole_numbers():
    """A setup with unusable deck_sizes is a SetupError naming the field (never an exception)."""
    import pytest  # noqa: PLC0415

    from app.engine.core import SetupError  # noqa: PLC0415
    setup = _content_setup()
    setup["seats"][0]["deck_sizes"] = {"objectives": "many"}
    with pytest.raises(SetupError) as err:
        RS.new_game(setup)
    assert err.value.field == "seats[0].deck_sizes.objectives"


def test_upgrade_costs_the_glory_printed_on_it_else_one():
    """Upgrades (pg 11) cost one glory; a card that prints its own cost (later cards) costs that: a free one is
    offered with no glory, a dearer one only once enough glory is unspent, and spending takes exactly that."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = ([{"name": f"O{i}", "type": "objective", "glory": 1, "scoring": "end"}
                                  for i in range(12)]
                                 + [{"name": f"P{i}", "type": "ploy"} for i in range(17)]
                                 + [{"name": "Plain", "type": "upgrade"},
                                    {"name": "Free", "type": "upgrade", "glory_cost": 0},
                                    {"name": "Dear", "type": "upgrade", "glory_cost": 2}])
    state = started(setup=setup)
    state, _ = play(state, "player_action", "p1", action="pass")
    labels = _labels(state)
    assert "Upgrade: Free (0 glory)" in labels
    assert not any(label.startswith(("Upgrade: Plain", "Upgrade: Dear")) for label in labels)
    assert "no_unspent_glory" in codes(state, "power", "p1", play="upgrade", card="Dear", fighter="p1.leader")
    state["seats"]["p1"]["glory"]["unspent"] = 2
    labels = _labels(state)
    assert "Upgrade: Dear (2 glory)" in labels and "Upgrade: Plain (1 glory)" in labels
    state, _ = play(state, "power", "p1", play="upgrade", card="Dear", fighter="p1.leader")
    assert state["seats"]["p1"]["glory"] == {**state["seats"]["p1"]["glory"], "unspent": 0, "spent": 2}
    assert "Dear" in state["fighters"]["p1.leader"]["upgrades"]


def test_surge_objective_is_offered_only_when_met_and_refused_in_the_end_phase():
    """Surge objectives (pg 38): one whose condition the game decides is not offered before it is met, and its
    reveal is refused citing the card (Crashing Crescendo CR1: three Charges in the phase); scoring one in the end
    phase is refused with the surge rule, and an end-phase objective cannot be revealed as a surge."""
    setup = _content_setup(deck="cyrenis-razors-rivals")
    state = started(setup=setup)
    labels = _labels(state)
    assert not any("Crashing Crescendo" in label for label in labels)
    refused = [v for v in RS.check(state, Event("objective", "p1", {"action": "reveal", "card": "Crashing Crescendo"}))
               if v.code == "objective_condition_not_met"]
    assert refused and refused[0].rule == "Card: Crashing Crescendo (CR1)" and refused[0].overridable
    assert not any("Inexplicable Dread" in label for label in labels)   # an end-phase objective
    assert "not_surge" in codes(state, "objective", "p1", action="reveal", card="Inexplicable Dread")
    state = _to_end_phase(state)
    refused = [v for v in RS.check(state, Event("objective", "p1", {"action": "score", "card": "Crashing Crescendo"}))
               if v.code == "surge_objective"]
    assert refused and refused[0].rule.startswith("Deathgorge rulebook") and "surge" in refused[0].rule.lower()


def test_my_hand_is_offered_once_the_game_is_on_with_the_deck_cards_held_first():
    """The player says which cards it holds (a list field of the deck's unused cards, at most the hand size),
    only once check() accepts it: not during set up (not_started), never to a seat without deck data; the
    cards said are offered first afterwards, and never to the other seat."""
    setup = _complete_setup()
    state = RS.new_game(setup)
    assert codes(state, "hand", "p1") == ["not_started"]
    assert not [s for s in RS.suggest(state, "p1").suggestions if s.type == "hand"]
    state = started(setup=setup)
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.group == "My hand" and offer.bounds["objectives"]["max"] == 3 and offer.bounds["power"]["max"] == 5
    assert offer.bounds["power"]["items"][:2] == ["Ploy 0", "Ploy 1"] and len(offer.bounds["power"]["items"]) == 20
    assert not [s for s in RS.suggest(state, "p2").suggestions if s.type == "hand"]  # no deck data for Ben
    state, _ = play(state, "hand", "p1", power=["Ploy 7", "Ploy 3"], objectives=[])
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.bounds["power"]["items"][:3] == ["Ploy 7", "Ploy 3", "Ploy 0"]
    assert "Ploy 7" not in json.dumps([s.to_dict() for s in RS.suggest(state, "p2").suggestions])


def test_after_a_draw_the_hand_offer_asks_for_the_cards_drawn():
    """End phase, steps 5-6 (Deathgorge rulebook, End phase pg 38): the player draws up. The hand offer then says how
    many cards of each kind have no name yet (the ones drawn) and asks for them in words, so the player names only
    those instead of ticking the whole hand again."""
    state = started(setup=_complete_setup())
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.label == "Which cards I hold" and offer.bounds["power"]["drawn"] == 0   # the starting hand
    state, _ = play(state, "hand", "p1", objectives=["Obj 0", "Obj 1", "Obj 2"], power=["Ploy 0", "Ploy 1"])
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.label == "Which cards I hold" and offer.bounds["power"]["drawn"] == 0   # 3 unsaid, none drawn
    state, _ = play(state, "hand", "p1", objectives=["Obj 0", "Obj 1", "Obj 2"],
                    power=["Ploy 0", "Ploy 1", "Ploy 2", "Ploy 3", "Ploy 4"])
    state = _to_end_phase(state)
    state, _ = play(state, "objective", "p1", action="score", card="Obj 1")
    state, _ = play(state, "discard_power", "p1", card="Ploy 3")
    state, _ = play(state, "discard_power", "p1", card="Ploy 0")
    state, cons = play(state, "end_phase_done", "p1")
    assert "cards_drawn" in cons
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.label == "You drew 1 objective and 2 power cards: which?"
    assert offer.bounds["objectives"]["drawn"] == 1 and offer.bounds["power"]["drawn"] == 2
    assert offer.bounds["power"]["items"][:3] == ["Ploy 1", "Ploy 2", "Ploy 4"]   # the ones still held come first
    assert {"Ploy 0", "Ploy 3"}.isdisjoint(offer.bounds["power"]["items"])      # discarded: not drawn again
    state, _ = play(state, "hand", "p1", objectives=["Obj 0", "Obj 2", "Obj 5"],
                    power=["Ploy 1", "Ploy 2", "Ploy 4", "Ploy 9", "Ploy 10"])
    offer = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand")
    assert offer.label == "Which cards I hold" and offer.bounds["objectives"]["drawn"] == 0


def test_the_objectives_not_said_yet_come_the_likeliest_first():
    """Ana's hand offer lists the Cyreni's Razors objectives she has not said, those the game says are met or could
    be met now first: with an enemy fighter staggered, Mind Erosion (an enemy staggered, scored in the end phase)
    and Nameless Horrors (where the fighters stand: the players judge) come before Means of Survival (two enemies
    out: none is) and Crashing Crescendo (a Charge's Attack action: none made). The objectives she said stay first."""
    setup = _content_setup(deck="cyrenis-razors-rivals")
    state = started(setup=setup)
    enemy = next(fid for fid in state["fighters"] if fid.startswith("p2."))
    state, _ = play(state, "token", "p1", fighter=enemy, token="stagger", action="give")
    items = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand").bounds["objectives"]["items"]
    for likely in ("Mind Erosion", "Nameless Horrors"):
        for unlikely in ("Means of Survival", "Crashing Crescendo"):
            assert items.index(likely) < items.index(unlikely), items
    state, _ = play(state, "hand", "p1", objectives=["Means of Survival"])
    items = next(s for s in RS.suggest(state, "p1").suggestions if s.type == "hand").bounds["objectives"]["items"]
    assert items[0] == "Means of Survival" and items.index("Mind Erosion") < items.index("Crashing Crescendo")
    assert len(items) == 12
