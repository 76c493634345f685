"""Setup: scenario choice, first player, mustering (18 cards, 50 points, tent, decoys), deployment, hands."""
import pytest

from app.engine.core import Event, SetupError, replay

from .helpers import POS, RS, codes, play, setup


def at_muster(**options):
    s = RS.new_game(setup(**options))
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B1")
    return s


def test_setup_needs_two_seats_and_different_factions():
    """Optional rules, Playing with extra core games: two players cannot play the same faction."""
    with pytest.raises(SetupError):
        RS.new_game({"seats": [{"name": "solo"}]})
    bad = setup()
    bad["seats"][1]["faction"] = "daqan"
    with pytest.raises(SetupError) as err:
        RS.new_game(bad)
    assert err.value.field == "seats.p2.faction"


def test_bad_unit_record_is_a_setup_error():
    """Units are data: a malformed record names its field (Tablewarden shared shapes)."""
    bad = setup()
    bad["seats"][0]["units"].append({"slug": "x", "health": -1})
    with pytest.raises(SetupError) as err:
        RS.new_game(bad)
    assert err.value.field.startswith("seats.p1.units")


def test_first_player_is_the_alphabetically_first_scenario():
    """Setup, Scenarios, step 2: alphabetically first scenario card, then lowest number."""
    s = RS.new_game(setup())
    s, _ = play(s, "p1", "choose_scenario", scenario="B1")
    assert s["phase"] == "scenario"
    s, cons = play(s, "p2", "choose_scenario", scenario="a3")
    assert s["first"] == "p2" and s["phase"] == "muster"
    assert "first_player" in [c.type for c in cons]
    s = RS.new_game(setup())
    s, _ = play(s, "p1", "choose_scenario", scenario="C2")
    s, _ = play(s, "p2", "choose_scenario", scenario="C1")
    assert s["first"] == "p2"


def test_equal_initiative_asks_the_table():
    """Setup, Scenarios, step 2: a tie is not covered, so the table sets the first player."""
    s = RS.new_game(setup())
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="A1")
    assert s["phase"] == "first_player"
    assert codes(s, "p1", "muster", army={}) == ["wrong_phase"]
    s, _ = play(s, "p2", "first_player", seat="p1")
    assert s["first"] == "p1" and s["phase"] == "muster"


def test_scenario_chosen_once_and_hidden_from_the_opponent():
    """Setup, Scenarios: both players reveal their chosen scenario cards simultaneously."""
    s = RS.new_game(setup())
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    assert codes(s, "p1", "choose_scenario", scenario="A2") == ["already_chosen"]
    assert RS.view(s, "p2")["seats"]["p1"]["scenario"] == "chosen"
    assert RS.view(s, "p1")["seats"]["p1"]["scenario"] == "A1"
    assert codes(s, "p2", "choose_scenario", scenario="1A") == ["bad_scenario"]


def test_army_must_be_exactly_18_cards():
    """Mustering and deployment, 1: exactly 18 deployment cards."""
    s = at_muster()
    assert "army_size" in codes(s, "p1", "muster", army={"d-foot": 2}, decoys=11)
    assert codes(s, "p1", "muster", army={"d-foot": 7}, decoys=11) == []


def test_at_most_11_decoys():
    """Mustering and deployment, 1: each player takes 11 decoy deployment cards."""
    s = at_muster()
    assert "too_many_decoys" in codes(s, "p1", "muster", army={"d-foot": 6}, decoys=12)


def test_army_costs_at_most_50_points():
    """Mustering and deployment, 1: an army can cost a total of 50 muster points."""
    s = at_muster()
    # 7 heroes at 9 points = 63
    assert "over_budget" in codes(s, "p1", "muster", army={"d-hero": 7}, decoys=11)
    # 2 heroes (18) + 5 foot (20) = 38
    assert codes(s, "p1", "muster", army={"d-hero": 2, "d-foot": 5}, decoys=11) == []


def test_command_tent_adds_five_points_and_is_a_card():
    """Mustering and deployment, 1: a command tent gives 5 extra muster points."""
    s = at_muster()
    army = {"d-hero": 4, "d-foot": 3}  # 36 + 12 = 48 ... plus one more foot = 52
    army["d-foot"] = 4
    assert "over_budget" in codes(s, "p1", "muster", army=army, decoys=10)
    assert codes(s, "p1", "muster", army=army, command_tent=True, decoys=9) == []
    assert "army_size" in codes(s, "p1", "muster", army=army, command_tent=True, decoys=10)


def test_lore_tokens_for_unspent_points():
    """Mustering and deployment, 3: 1 lore token per unspent muster point, at most 5."""
    s = at_muster()
    s, _ = play(s, "p1", "muster", army={"d-foot": 7}, decoys=11)            # 28: 22 unspent -> 5
    assert s["seats"]["p1"]["lore"] == 0, "nothing is revealed before both have mustered"
    s, cons = play(s, "p2", "muster", army={"u-hero": 4, "u-foot": 3}, decoys=11)  # 36+12=48 -> 2
    assert s["seats"]["p1"]["lore"] == 5 and s["seats"]["p2"]["lore"] == 2
    assert s["phase"] == "deploy" and len(s["seats"]["p1"]["units"]) == 7
    assert "lore_gained" in [c.type for c in cons]


def test_army_is_secret_until_both_mustered():
    """Mustering and deployment, 1-3: armies are built simultaneously and revealed together."""
    s = at_muster()
    s, _ = play(s, "p1", "muster", army={"d-foot": 7}, decoys=11)
    assert RS.view(s, "p2")["seats"]["p1"]["army"] == "mustered"
    assert codes(s, "p1", "muster", army={"d-foot": 7}, decoys=11) == ["already_mustered"]


def test_units_need_their_numbers_before_mustering():
    """Units are entered from their reference cards; a unit with unknown numbers cannot be mustered."""
    st = setup()
    st["seats"][0]["units"].append({"slug": "mystery", "name": "Mystery", "health": None, "movement": 2,
                                    "combat": 3, "attack": "melee", "muster": 4})
    s = RS.new_game(st)
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B1")
    v = RS.check(s, Event("muster", "p1", {"army": {"mystery": 1, "d-foot": 6}, "decoys": 11}))
    assert v[0].code == "unit_incomplete" and not v[0].overridable
    assert codes(s, "p1", "muster", army={"nobody": 1}) == ["unknown_unit"]


def test_deployment_card_availability():
    """Optional rules, Playing with extra core games: only as many units as deployment cards."""
    st = setup()
    st["seats"][0]["units"][0]["cards"] = 3
    s = RS.new_game(st)
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B1")
    assert "not_enough_cards" in codes(s, "p1", "muster", army={"d-foot": 4, "d-archers": 3}, decoys=11)


def test_prebuilt_scenarios_forbid_command_tents():
    """Pre-built scenarios: players cannot muster command tents."""
    s = at_muster(prebuilt=True, starting_lore=3)
    assert codes(s, "p1", "muster", army={"d-foot": 2}, command_tent=True) == ["no_tent_prebuilt"]
    s, _ = play(s, "p1", "muster", army={"d-foot": 2})
    s, _ = play(s, "p2", "muster", army={"u-foot": 2})
    assert s["seats"]["p1"]["lore"] == 3


def deployed_state():
    s = at_muster()
    s, _ = play(s, "p1", "muster", army={"d-foot": 6}, command_tent=True, decoys=11)
    s, _ = play(s, "p2", "muster", army={"u-foot": 7}, decoys=11)
    return s


def test_command_tent_becomes_a_tile():
    """Mustering and deployment, 4: the command tent card is replaced with a tent tile."""
    s = deployed_state()
    assert s["features"]["p1.tent"]["type"] == "command_tent"


def test_units_cannot_deploy_in_water():
    """Terrain, Water hexes: a unit cannot be deployed in a water hex without a ford or bridge."""
    s = deployed_state()
    assert codes(s, "p1", "place", unit="p1.d-foot-1", to={**POS, "terrain": "water"}) == ["impassable"]
    assert codes(s, "p1", "place", unit="p1.d-foot-1", to={**POS, "terrain": "ford"}) == []
    assert codes(s, "p1", "place", unit="p2.u-foot-1", to=POS) == ["not_your_unit"]
    assert codes(s, "p1", "place", unit="p1.nope", to=POS) == ["unknown_unit"]
    assert codes(s, "p1", "place", unit="p1.d-foot-1", to={**POS, "terrain": "lava"}) == ["unknown_terrain"]


def test_all_units_placed_then_hands_dealt_and_first_player_starts():
    """Setup, Command and lore cards: final hands of 4 command and 2 lore cards."""
    s = deployed_state()
    assert codes(s, "p1", "deploy_done") == ["units_unplaced"]
    for seat in ("p1", "p2"):
        units = s["seats"][seat]["units"]
        for i, uid in enumerate(units):
            s, cons = play(s, seat, "place", unit=uid, to=POS)
            # Mustering and deployment, 4: the last unit put down ends the seat's placing, with no "done" asked
            assert ("deployment_done" in [c.type for c in cons]) == (i == len(units) - 1)
        done = ["already_deployed"] if seat == "p1" else ["wrong_phase"]   # p2's last unit starts the battle
        assert s["seats"][seat]["deployed"] and codes(s, seat, "deploy_done") == done
        assert codes(s, seat, "place", unit=units[0], to=POS) == done
    assert s["phase"] == "main" and s["active"] == "p1" and s["step"] == "command"
    assert s["seats"]["p1"]["command_cards"] == 4 and s["seats"]["p2"]["lore_cards"] == 2
    assert [c.type for c in cons].count("starting_hand") == 2


def test_hoard_tile_placed_under_a_dragon():
    """Terrain reference, Hoard: a hoard tile is placed in the hex of a Great Dragon."""
    s = deployed_state()
    s, cons = play(s, "p1", "place", unit="p1.d-foot-1", to={**POS, "terrain": "hoard"})
    assert s["units"]["p1.d-foot-1"]["pos"]["feature"] == "p1.hoard-1"
    assert s["features"]["p1.hoard-1"]["owner"] == "p1"


def test_unit_cards_are_entered_at_the_table_before_mustering():
    """Units have health, movement, combat value, attack type and range from their reference card
    (entered by the players: no public data set exists); the faction can be named with them."""
    s = RS.new_game({"seats": [{"name": "Ana"}, {"name": "Ben"}]})
    rec = {"name": "Flesh Rippers", "health": 3, "movement": 2, "combat": 3, "attack": "melee", "muster": 6}
    s, _ = play(s, "p1", "unit_card", unit=rec, faction="Uthuk")
    assert s["seats"]["p1"]["catalogue"]["flesh-rippers"]["health"] == 3 and s["seats"]["p1"]["faction"] == "uthuk"
    assert codes(s, "p1", "unit_card", unit={"name": "X", "attack": "magic"}) == ["bad_unit"]
    s, _ = play(s, "p1", "unit_card", unit={**rec, "health": 4})
    assert s["seats"]["p1"]["catalogue"]["flesh-rippers"]["health"] == 4, "entering it again corrects it"
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B1")
    s, _ = play(s, "p1", "muster", army={"flesh-rippers": 7}, decoys=11)
    assert codes(s, "p1", "unit_card", unit=rec) == ["already_mustered"]


def test_secret_choices_are_hidden_in_the_log_until_revealed():
    """Setup, Scenarios and Mustering: scenario cards and armies are revealed simultaneously."""
    def entered(state, seq, by, type_, **data):  # as the server applies it: with its seq in the log
        return RS.play(state, Event(type_, by, data, seq=seq))

    s = RS.new_game(setup())
    rec = {"seq": 1, "type": "choose_scenario", "by": "p1", "data": {"scenario": "A1"}}
    s, _ = entered(s, 1, "p1", "choose_scenario", scenario="A1")
    assert RS.redact_event(s, rec, "p2")["data"] == {} and RS.redact_event(s, rec, "p1") == rec
    s, _ = entered(s, 2, "p2", "choose_scenario", scenario="B1")
    assert RS.redact_event(s, rec, "p2") == rec
    army = {"seq": 3, "type": "muster", "by": "p1", "data": {"army": {"d-foot": 7}, "decoys": 11}}
    s, _ = entered(s, 3, "p1", "muster", army={"d-foot": 7}, decoys=11)
    assert RS.redact_event(s, army, "p2")["data"] == {}
    s, _ = entered(s, 4, "p2", "muster", army={"u-foot": 7}, decoys=11)
    assert RS.redact_event(s, army, "p2") == army


# -- bounds of the game's shape: an override lifts a rule, never these -------------------------------------------
OVERRIDE = {"reason": "the table agrees"}


def blocking(state, by, type_, **data):
    """Codes that still block the event when the table overrides the rule checks."""
    return [v.code for v in RS.judge(state, Event(type_, by, data, override=OVERRIDE)).blocked]


def test_an_override_never_musters_more_than_the_deployment_hexes():
    """Mustering and deployment, 2: one deployment card on each of the 18 deployment hexes."""
    s = at_muster()
    assert blocking(s, "p1", "muster", army={"d-foot": 300_000}) == ["army_too_large"]
    assert blocking(s, "p1", "muster", army={"d-foot": 10, "d-archers": 9}) == ["army_too_large"]
    assert blocking(s, "p1", "muster", army={"d-foot": 10}, command_tent=True, decoys=8) == ["army_too_large"]
    assert blocking(s, "p1", "muster", army={"d-foot": 4}) == []  # a smaller army is a rule the table may lift
    prebuilt = at_muster(prebuilt=True)
    assert blocking(prebuilt, "p1", "muster", army={"d-foot": 19}) == ["army_too_large"]


def test_an_override_never_takes_a_unit_card_past_its_bounds():
    s = at_muster()
    for numbers in ({"movement": 3_000_000}, {"combat": 13}, {"health": 31}, {"range": 13}, {"muster": 56}):
        card = {"slug": "giant", "name": "Giant", "health": 4, "movement": 2, "combat": 3, "attack": "melee",
                "muster": 5, **numbers}
        assert blocking(s, "p1", "unit_card", unit=card) == ["bad_unit"], numbers
    padded = {"slug": "giant", "name": "Giant", **{f"k{i}": i for i in range(100)}}
    assert blocking(s, "p1", "unit_card", unit=padded) == ["malformed"]


def test_a_seat_holds_at_most_64_unit_cards():
    s = at_muster()
    for i in range(64 - 4):
        s, _ = play(s, "p1", "unit_card", unit={"slug": f"extra-{i}", "name": f"Extra {i}", "health": 2,
                                                "movement": 1, "combat": 1, "attack": "melee", "muster": 1})
    one_more = {"slug": "one-more", "name": "One more", "health": 2, "movement": 1, "combat": 1, "attack": "melee",
                "muster": 1}
    assert blocking(s, "p1", "unit_card", unit=one_more) == ["too_many_unit_cards"]
    assert blocking(s, "p1", "unit_card", unit={**one_more, "slug": "extra-0"}) == []  # replacing a card is fine
    many = setup()
    many["seats"][0]["units"] = [{"slug": f"u{i}", "health": 1} for i in range(65)]
    with pytest.raises(SetupError, match="at most 64"):
        RS.new_game(many)


def test_setup_numbers_and_lists_have_bounds():
    for options, field in (({"vp_to_win": 101}, "options.vp_to_win"), ({"starting_lore": 21}, "options.starting_lore"),
                           ({"starting_lore": "9"}, "options.starting_lore"),
                           ({"cards": {"command": [{"name": "c"}] * 101}}, "options.cards.command")):
        with pytest.raises(SetupError) as err:
            RS.new_game(setup(**options))
        assert err.value.field == field
    assert RS.new_game(setup(vp_to_win=100, starting_lore=20))["options"]["vp_to_win"] == 100


def test_a_scenario_card_taken_back_before_the_reveal_stays_secret_after_it():
    """Setup, Scenarios: each player chooses secretly and both cards are revealed together; a card its player took
    back before that was never revealed, so the log keeps it hidden from the others for good."""
    log = [Event("choose_scenario", "p1", {"scenario": "C2"}, seq=1), Event("revert", "p1", {"seq": 1}, seq=2),
           Event("choose_scenario", "p1", {"scenario": "A1"}, seq=3)]
    state = replay(RS, setup(), log)
    assert state["phase"] == "scenario" and RS.redact_event(state, log[2].to_dict(), "p2")["data"] == {}
    log.append(Event("choose_scenario", "p2", {"scenario": "B1"}, seq=4))
    state = replay(RS, setup(), log)
    assert state["phase"] == "muster" and state["revealed_choices"] == [3, 4]
    for seat in ("p2", "spectator"):
        assert RS.redact_event(state, log[0].to_dict(), seat)["data"] == {}   # taken back: never revealed
    assert RS.redact_event(state, log[2].to_dict(), "p2") == log[2].to_dict()
    assert RS.redact_event(state, log[3].to_dict(), "p1") == log[3].to_dict()
    assert RS.redact_event(state, log[0].to_dict(), "p1") == log[0].to_dict()  # its own player still sees it
