"""The nine warbands the rulebooks name: a printing with known numbers starts a game with nothing to type; where
no source gives a number, the setup names exactly what the players must enter."""
from __future__ import annotations

import pytest

from app import content
from app.content.underworlds import library, listing
from app.engine.core import SetupError

RULESETS = ("underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire")
NEEDED = {"move", "defence", "wounds", "profiles"}

# warband -> (printing the Deathgorge rules pick, what its players type: none | attacks | everything,
#             a printing with every number, when one exists)
SEEDS = {
    "steelhearts-champions": ("shadespire-2018", "none", "shadespire-2018"),
    "garreks-reavers": ("shadespire-2018", "none", "shadespire-2018"),
    "sepulchral-guard": ("shadespire-2018", "attacks", "second-edition"),
    "ironskulls-boyz": ("shadespire-2018", "attacks", None),
    "spiteclaws-swarm": ("shadespire-2018", "attacks", "second-edition"),
    "cyrenis-razors": ("deathgorge", "everything", "second-edition"),
    "thricefold-discord": ("deathgorge", "everything", None),
    "ironsouls-condemnors": ("dreadfane-2019", "attacks", "second-edition"),
    "lady-harrows-mournflight": ("dreadfane-2019", "attacks", None),
}


def seat(ruleset: str, wid: str, printing: str | None = None) -> dict:
    return content.expand_setup(ruleset, {"seats": [{"name": "A", "warband": wid,
                                                     **({"printing": printing} if printing else {})}]})["seats"][0]


def typed(s: dict) -> set[str]:
    """The kinds of numbers the players must enter for this seat."""
    return {m.split("[")[0].split(".")[0] for fields in s["missing"].values() for m in fields} & NEEDED


@pytest.mark.parametrize("wid", sorted(SEEDS))
def test_seed_warband_under_the_current_rules(wid):
    """Under the Deathgorge rules: the printing picked, and what (if anything) the players must type."""
    printing, kind, _ = SEEDS[wid]
    s = seat("underworlds/deathgorge", wid)
    assert s["printing"] == printing
    expected = {"none": set(), "attacks": {"profiles"}, "everything": NEEDED}[kind]
    assert typed(s) == expected, s["missing"]
    for fighter in s["fighters"]:
        for field in listing.needs_typing(fighter):
            assert field in s["missing"][fighter["slug"]]   # every unknown number is named


@pytest.mark.parametrize("wid", sorted(w for w, (_, _, full) in SEEDS.items() if full is not None))
def test_seed_warband_with_known_numbers_needs_no_typing(wid):
    """Where a printing with every number exists, a seat holding those cards types nothing."""
    assert typed(seat("underworlds/deathgorge", wid, SEEDS[wid][2])) == set()


@pytest.mark.parametrize("wid", sorted(w for w, (_, _, full) in SEEDS.items() if full is None))
def test_seed_warband_without_a_full_printing_asks_for_numbers_in_every_printing(wid):
    """No source gives every number of any printing of these warbands: each printing leaves something to type."""
    for printing in library.load().warband(wid)["printings"]:
        try:
            s = seat("underworlds/deathgorge", wid, printing["id"])
        except SetupError:
            continue  # a printing these rules do not offer
        assert typed(s), printing["id"]


@pytest.mark.parametrize("ruleset", RULESETS[1:])
def test_seed_warbands_under_the_2018_and_2019_rules(ruleset):
    """The 2018/2019 rules use the original cards; the Deathgorge core-set warbands have none and are refused
    with a message saying so (the table can still name another printing or enter fighters)."""
    for wid, (printing, kind, _) in SEEDS.items():
        if wid in ("cyrenis-razors", "thricefold-discord"):
            with pytest.raises(SetupError, match="These rules offer no printing"):
                seat(ruleset, wid)
            continue
        s = seat(ruleset, wid)
        assert s["printing"] == printing and typed(s) == ({"profiles"} if kind == "attacks" else set())
