"""benchmarks/taps.py: the numbers it reports from the taps counted and the log read (no browser here)."""
from __future__ import annotations

from tests.support.benchmarks import load_benchmark


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
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 8, "charge": 7})
    r.seen = [0.2, 0.3, 0.9]
    r.log_types = [("activate", "move")] * 9 + [("power", "pass")]
    out = taps.summarise(r)
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["kinds"]["attack"]["acting_max"] == 8 and out["explicit_pass_share"] == 0.1

    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 9}, other_taps=1)
    r.seen = [1.2]
    r.log_types = [("activate", "move"), ("reaction_pass", None)]
    out = taps.summarise(r)
    assert out["targets_met"] == {"move_guard_at_most_2_taps": False, "attack_at_most_8_taps_attacker": False,
                                  "attack_no_taps_other_phone": False, "explicit_passes_at_most_10pct": False,
                                  "seen_within_1s": False}
    assert "target <= 8" in taps.report(out)


def test_a_reaction_from_the_hand_is_reported_against_its_target():
    """The reaction from the hand (the second, short game with a deck) is met at 3 taps, missed at 4, and its line is
    in the report."""
    taps = load()
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 8, "charge": 7})
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
    r = played(taps, taps.Result(), {"move": 2, "guard": 2, "attack": 8, "charge": 7})
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
