"""The table's words say what is so: who does what next (the end phase, a bystander's plays), the skipped round, the
damage before a drive back declined, the reaction step's open step, and Inspire conditions without their sources'
notes. Set-up and entries go over REST; the phones read them."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game, fighter, seated

pytestmark = pytest.mark.e2e


def rest(server, game, by, etype, data):
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {game['tokens'][by]}"},
                      json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def view(server, game):
    r = requests.get(f"{server.url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['tokens']['p1']}"},
                     timeout=10)
    return r.json()["view"]["state"]


def four_players(server):
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(f"f{i}", f"F{i}", True)]}
             for i, n in enumerate(("Ana", "Ben", "Cat", "Dan"), start=1)]
    return api_game(server, seats=seats)


def next_up(server, game) -> str | None:
    """The player whose activation the game waits for (the steps nobody has to use pass by themselves); None once
    what comes next is the end phase."""
    r = requests.get(f"{server.url}/api/games/{game['id']}/suggestions", headers={"Authorization": f"Bearer {game['tokens']['p1']}"},
                     timeout=10)
    advice = r.json()["advice"]
    return None if advice["step"].get("next_step") == "end" else advice["waiting_for"][0]


def pass_activations(server, game, count=None):
    """Activations forfeited over REST (the power steps pass by themselves): `count` of them, or to the end phase."""
    for _ in range(count or 40):
        state = view(server, game)
        if state["phase"] != "action":
            return state
        seat = next_up(server, game)
        if seat is None:
            return state
        rest(server, game, seat, "player_action", {"action": "pass"})
    return view(server, game)


def test_the_last_power_step_says_the_end_phase_comes_next(phones, server):
    """After the last activation of the phase nobody "moves" next: Ana starts the end phase (End phase pg 38)."""
    game = api_game(server)
    state = pass_activations(server, game, 8)   # Ben's last one: his power step is open
    assert state["phase"] == "action" and state["step"] == "power"
    ana, = seated(phones, game, "p1")
    banner = ana.locator("#banner")
    expect(banner).to_contain_text("You start the end phase next")
    expect(banner).not_to_contain_text("You move next")


def test_a_bystander_of_a_four_player_power_step_is_told_only_that_they_may_react(phones, server):
    """Multiplayer games, Power step: the player whose turn it is and the next take part; the others may react."""
    game = four_players(server)
    rest(server, game, "p1", "activate", {"action": "guard", "fighter": "p1.f1"})
    cat, = seated(phones, game, "p3")
    banner = cat.locator("#banner")
    expect(banner).to_contain_text("Ben moves next; you and Dan may react first; Ana may react or play a power card first")


def test_a_four_player_game_says_round_2_is_skipped(phones, server):
    """Multiplayer games: four players play rounds 1 and 3; the banner says so once round 3 begins."""
    game = four_players(server)
    cat, = seated(phones, game, "p3")
    expect(cat.locator("#banner")).to_contain_text("Round 1 (2 rounds)")
    pass_activations(server, game)
    rest(server, game, "p1", "roll_off", {"purpose": "first_turn", "first": "p1"})  # the power step and Dones inferred
    expect(cat.locator("#banner")).to_contain_text("Round 3 (2 rounds) · round 2 skipped")


def test_the_other_phone_leads_with_the_damage_not_the_drive_back_declined(phones, server):
    """Ana's hit on Rok, then her choice not to drive him back: Ben's card tells the damage first."""
    game = api_game(server, wounds=(3, 4))
    ana, ben = seated(phones, game)
    rest(server, game, "p1", "activate", {"action": "attack", "fighter": "p1.vex"})
    rest(server, game, "p1", "attack", {"attacker": "p1.vex", "target": "p2.rok", "profile": {"name": "Blade"},
                                        "attack_roll": {"smash": 1, "fury": 1}, "defence_roll": {"dodge": 1}})
    rest(server, game, "p1", "drive_back", {"fighter": "p2.rok", "hexes": 0})
    first = ben.locator("#happened .entry").first
    expect(first).to_contain_text("damage to Rok")
    expect(first.locator(".headline")).not_to_contain_text("not driven back")
    reaction = ben.locator("#reaction-step")
    if reaction.count():
        assert not re.search(r"\+\d+ earlier", reaction.inner_text()), reaction.inner_text()


def test_an_inspire_condition_is_shown_without_its_sources_note(phones, server):
    """The content notes where a summary came from ("(S4, summarised)"); the table shows only the condition."""
    game = api_game(server, seats=[{"name": "Ana", "warband": "steelhearts-champions"},
                                   {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True)]}])
    ana, = seated(phones, game, "p1")
    board = ana.locator(".board")
    expect(board).to_contain_text("rolling a block or a critical")
    assert "(S4" not in board.inner_text()
