"""Every fighter of every shipped warband can take part in a game: expand_setup + new_game, then each
fighter makes an activation through the engine (underworlds/deathgorge), played from suggestions."""
from __future__ import annotations

import copy

import pytest

from app import content
from app.content.underworlds import library, listing
from app.engine import registry
from app.engine.core import Event

RULESET = "underworlds/deathgorge"
SETUP_TYPES = ("roll_off", "do_over", "deployed")


def fill_missing(seat: dict) -> None:
    """What the players would enter from their fighter cards for the fields no source gives."""
    for fighter in seat["fighters"]:
        if fighter["move"] is None:
            fighter["move"] = 3
        if fighter["defence"] is None or None in fighter["defence"].values():
            fighter["defence"] = {"dice": 1, "symbol": "block"}
        if fighter["wounds"] is None:
            fighter["wounds"] = 4
        for prof in fighter["profiles"]:
            for key, value in (("range", 1), ("dice", 2), ("symbol", "smash"), ("damage", 1)):
                if prof[key] is None:
                    prof[key] = value
        if not fighter["profiles"]:
            fighter["profiles"] = [{"name": "Entered at the table", "range": 1, "dice": 2, "symbol": "smash",
                                    "damage": 1, "keywords": [], "spell": False}]


def pick(rs, state, seat: str, advice, activated: set[str]) -> Event | None:
    """A sensible next event for `seat` from its suggestions, preferring fighters not yet activated."""
    by_type: dict[str, list] = {}
    for s in advice.suggestions:
        by_type.setdefault(s.type, []).append(s)
    for kind in SETUP_TYPES:
        for s in by_type.get(kind, []):
            data = dict(s.data)
            for field, choices in s.choices.items():
                data[field] = seat if seat in choices else choices[0]
            if s.type == "do_over" and data.get("choice") != "none":
                continue
            return Event(s.type, seat, data)
    for s in by_type.get("activate", []):
        if s.complete and s.data.get("action") in ("move", "guard") and s.data["fighter"] not in activated:
            return Event(s.type, seat, s.data)
    for s in by_type.get("activate", []):
        if s.complete and s.data.get("action") in ("move", "guard"):
            return Event(s.type, seat, s.data)
    for kind, want in (("reaction_pass", {}), ("power", {"play": "pass"}), ("end_phase_done", None),
                       ("player_action", {"action": "pass"}), ("hazard", None)):
        for s in by_type.get(kind, []):
            if s.complete and (want is None or s.data == want):
                return Event(s.type, seat, s.data)
    return None


def play_until_everyone_activated(rs, setup: dict, limit: int = 400) -> tuple[dict, set[str]]:
    """Play from suggestions; every fighter gets an activation (the engine accepts each event)."""
    state = rs.new_game(setup)
    activated: set[str] = set()
    everyone = set(state["fighters"])
    for _ in range(limit):
        if activated == everyone or rs.outcome(state) is not None:
            break
        event = None
        for seat in state["order"]:
            event = pick(rs, state, seat, rs.suggest(state, seat), activated)
            if event is not None:
                break
        assert event is not None, f"no way forward at {state['phase']}/{state['step']}"
        state, _ = rs.play(state, event)
        if event.type == "activate":
            activated.add(event.data["fighter"])
    return state, activated


RULESETS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]


def cases():
    """Each printing under each ruleset that offers it; a printing no ruleset offers (a later edition's
    cards, which a player may still name) under the current rules."""
    lib = library.load()
    for warband in lib.all("underworlds", "warbands"):
        for printing in warband["printings"]:
            offering = [r for r in RULESETS if printing["edition"] in listing.PRINTING_PREFERENCE[r]] or [RULESET]
            for ruleset in offering:
                yield pytest.param(ruleset, warband["id"], printing["id"],
                                   id=f"{ruleset.split('/')[1]}-{warband['id']}-{printing['id']}")


@pytest.mark.parametrize("ruleset,wid,printing", list(cases()))
def test_every_fighter_activates(ruleset, wid, printing):
    """Each fighter of the warband (this printing) is set up from content and makes an activation,
    under each Underworlds ruleset."""
    rs = registry.get(ruleset)
    setup = content.expand_setup(ruleset, {"ruleset": ruleset, "options": {"format": "rivals"}, "seats": [
        {"name": "Ana", "warband": wid, "printing": printing},
        {"name": "Ben", "warband": "garreks-reavers"}]})
    for seat in setup["seats"]:
        fill_missing(seat)
    before = copy.deepcopy(setup)
    state, activated = play_until_everyone_activated(rs, setup)
    assert setup == before  # the engine never changes the setup it was given
    mine = {fid for fid in state["fighters"] if fid.startswith("p1.")}
    names = {f["slug"] for f in setup["seats"][0]["fighters"]}
    assert {fid.split(".", 1)[1] for fid in mine} == names
    assert mine <= activated, f"never activated: {sorted(mine - activated)}"


def test_unknown_numbers_are_listed_for_the_players():
    """Fighters whose numbers no source gives still set up; `missing` tells the table what to enter."""
    rs = registry.get(RULESET)
    setup = content.expand_setup(RULESET, {"seats": [{"name": "A", "warband": "thricefold-discord"},
                                                     {"name": "B", "warband": "cyrenis-razors"}]})
    assert setup["seats"][0]["missing"]["vexmor"][:3] == ["move", "defence", "wounds"]
    state = rs.new_game(setup)
    assert "p1.vexmor" in state["fighters"]
