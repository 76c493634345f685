"""benchmarks/taps.py: the numbers it reports from the taps counted and the log read (no browser here)."""
from __future__ import annotations

import pytest

from app.engine.core import Event
from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow


def load():
    return load_benchmark("taps")


def played(taps, result, acting_taps: dict, other_taps: int = 0):
    """A Result where every scripted step took `acting_taps[kind]` taps on its phone and `other_taps` on the other."""
    for step in taps.SCRIPT:
        other = "p2" if step.seat == "p1" else "p1"
        result.taps[step.kind][step.seat].append(acting_taps.get(step.kind, 1))
        result.taps[step.kind][other].append(other_taps)
    return result


def test_targets_met_and_missed():
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 4, "charge": 4})
    r.seen = [0.2, 0.3, 0.9]
    r.log_types = [("activate", "move")] * 19 + [("end_phase_done", None)]
    out = taps.summarise(r)
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["kinds"]["attack"]["acting_max"] == 4 and out["explicit_pass_share"] == 0.05

    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 7}, other_taps=1)
    r.seen = [1.2]
    r.log_types = [("activate", "move"), ("reaction_pass", None)]
    out = taps.summarise(r)
    assert out["targets_met"] == {"move_guard_at_most_2_taps": False, "attack_at_most_4_taps_mean": False,
                                  "attack_at_most_6_taps_max": False, "attack_no_taps_other_phone": False,
                                  "explicit_decisions_at_most_5pct": False, "seen_within_1s": False}
    assert "target mean <= 4, max <= 6" in taps.report(out)


def test_the_attacks_per_edition_are_reported_against_the_attack_targets():
    """Each edition's short game of round 1's attacks: mean 4 and max 6 on the acting phone, none on the other, meet
    the targets; a mean over 4, or a tap on the other phone, misses its edition's target."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 4, "charge": 4})
    r.seen = [0.2]
    r.log_types = [("activate", "move")]
    good = {"n": 4, "mean": 4, "max": 6, "other_max": 0}
    editions = {"deathgorge": good, "dreadfane": {**good, "mean": 4.25}, "shadespire": {**good, "other_max": 1}}
    out = taps.with_editions(taps.summarise(r), editions)
    assert {k: v for k, v in out["targets_met"].items() if k.endswith("_attack_targets")} == {
        "deathgorge_attack_targets": True, "dreadfane_attack_targets": False, "shadespire_attack_targets": False}
    assert "Attacks under the dreadfane rules (round 1's 4), attacker's phone: mean 4.25, max 6" in taps.report(out)
    assert [s.kind for s in taps.EDITION_ATTACKS] == ["attack", "charge", "charge", "attack"]


def test_a_scripted_roll_is_counted_by_the_faces_the_sheet_says_succeed():
    """The benchmark reads a roll as a player does: the faces named on the sheet's line are successes."""
    taps = load()
    assert taps.succeeding_faces("Succeeds on Critical or Smash") == {"crit", "smash"}
    assert taps.succeeding_faces("Saves on Critical, Block or Dodge (on Guard)") == {"crit", "block", "dodge"}
    assert taps.succeeding_faces("Succeeds on Critical, Fury or Single support") == {"crit", "fury", "single"}


def test_a_reaction_from_the_hand_is_reported_against_its_target():
    """The reaction from the hand (the second, short game with a deck) is met at 3 taps, missed at 4, and its line is
    in the report."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 4, "charge": 4})
    r.seen = [0.2]
    r.log_types = [("activate", "move")]
    out = taps.with_hand_reaction(taps.summarise(r), 3)
    assert out["targets_met"]["reaction_from_hand_at_most_3_taps"] is True and out["reaction_from_hand_taps"] == 3
    assert "Reaction from the hand, taps on the reacting phone: 3   target <= 3" in taps.report(out)
    out = taps.with_hand_reaction(taps.summarise(r), 4)
    assert out["targets_met"]["reaction_from_hand_at_most_3_taps"] is False
    assert "reaction_from_hand_at_most_3_taps: NO" in taps.report(out)
    assert taps.HandTable.body["seats"][1]["deck"] and ("p2", "hand", {"power": taps.HELD}) in taps.HandTable.setup_events


def test_the_catch_up_is_reported_against_its_target():
    """One tap to dismiss a summary that leads with the fighter out of action meets the target; two taps, or a
    summary that buries it, do not."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 4, "charge": 4})
    r.seen = [0.2]
    r.log_types = [("activate", "move")]
    assert "catch_up_at_most_1_tap" not in taps.summarise(r)["targets_met"]     # not played: not reported
    r.catch_up = {"headline": "While you were away (2 entries):", "first_line": "Ana: Charge: Ash → Tor, Tor is out of action",
                  "out_of_action_first": True, "taps": 1, "shown_s": 0.4}
    out = taps.summarise(r)
    assert out["targets_met"]["catch_up_at_most_1_tap"] is True
    assert "taps to be up to date: 1   target <= 1" in taps.report(out)
    for worse in ({"taps": 2}, {"out_of_action_first": False}):
        r.catch_up = {**r.catch_up, "taps": 1, "out_of_action_first": True, **worse}
        assert taps.summarise(r)["targets_met"]["catch_up_at_most_1_tap"] is False


def test_the_cards_played_from_the_deck_data_are_reported_against_their_targets():
    """The third, short game (both Rivals decks with their cards' data): the opening hand in 3 taps a phone, a reaction
    in 2, a fixed effect with nothing beyond its confirm and a met objective in 1 meet the targets; one tap more on
    any of them misses its target, and the report says so."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 4, "charge": 4})
    r.seen = [0.2]
    r.log_types = [("activate", "move")]
    cards = {"opening_hand": {"p1": 3, "p2": 3}, "reaction": 2, "effect": 2, "effect_beyond_confirm": 0, "objective": 1}
    out = taps.with_cards(taps.summarise(r), cards)
    assert all(out["targets_met"].values()), out["targets_met"]
    assert "A met surge objective scored (Beat to the Punch), taps: 1   target 1" in taps.report(out)
    for key, worse in (("opening_hand", {"p1": 3, "p2": 6}), ("reaction", 3), ("effect_beyond_confirm", 1), ("objective", 2)):
        missed = taps.with_cards(taps.summarise(r), {**cards, key: worse})["targets_met"]
        assert [k for k, ok in missed.items() if not ok] == [
            {"opening_hand": "opening_hand_at_most_5_taps", "reaction": "card_reaction_at_most_2_taps",
             "effect_beyond_confirm": "fixed_effect_no_tap_beyond_the_confirm", "objective": "met_objective_in_1_tap"}[key]]
    assert {s["deck"] for s in taps.CardsTable.body["seats"]} == {"cyrenis-razors-rivals", "breakneck-slaughter"}


def test_the_explicit_share_is_reported_for_every_edition():
    """Each edition's scripted game through the engine: its explicit decisions (the last end phase's Done only) are
    under 5% of its entries, each edition's line is in the report and a target of its own in targets_met."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 8, "charge": 7})
    r.seen = [0.2]
    r.log_types = [("activate", "move")] * 20
    out = taps.with_explicit_by_edition(taps.summarise(r))
    for rid in ("deathgorge", "dreadfane", "shadespire"):
        assert out["targets_met"][f"explicit_decisions_at_most_5pct_{rid}"] is True
        assert f"Explicit decisions, {rid}: 1 of " in taps.report(out)
    assert all(e["explicit"] == 1 and e["over"] for e in out["by_edition"]["editions"].values())


def test_an_explicit_decision_is_what_only_says_nothing_or_finished():
    share = load_benchmark("explicit_share")
    assert share.explicit(Event("end_phase_done", "p1", {})) and share.explicit(Event("power", "p1", {"play": "pass"}))
    assert not share.explicit(Event("power", "p1", {"play": "ploy"})) and not share.explicit(Event("roll_off", "p1", {}))
