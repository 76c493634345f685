"""Swiss pairing rules as properties: everyone paired or given the bye, byes spread, rematches and score
gaps as small as any pairing allows (checked against every possible pairing of small rounds)."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.tournaments.pairing import choose_bye, pair_cost, pair_round, rematch_penalty


def perfect_matchings(players):
    """Every way of pairing an even list of players."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


@st.composite
def rounds(draw):
    n = draw(st.integers(min_value=1, max_value=9))
    players = [f"p{i}" for i in range(n)]
    points = {p: draw(st.integers(min_value=0, max_value=4)) * 3 + draw(st.sampled_from([0, 0, 1])) for p in players}
    ranked = sorted(players, key=lambda p: -points[p])
    pairs = [frozenset(pr) for i, a in enumerate(players) for b in players[i + 1:] for pr in [(a, b)]]
    met = Counter(draw(st.lists(st.sampled_from(pairs), max_size=12)) if pairs else [])
    byes = Counter({p: draw(st.integers(min_value=0, max_value=2)) for p in players})
    seed = draw(st.integers(min_value=0, max_value=2**32))
    return ranked, points, met, byes, seed


def rematches(pairs, met):
    return sum(met.get(frozenset(pr), 0) for pr in pairs)


def gaps(pairs, points):
    return sum((points[a] - points[b]) ** 2 for a, b in pairs)


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_everyone_is_paired_once_or_has_the_bye(case):
    ranked, points, met, byes, seed = case
    result = pair_round(ranked, points, met, byes, random.Random(seed))
    seated = [p for pr in result.pairs for p in pr]
    assert len(seated) == len(set(seated))
    assert sorted(seated + ([result.bye] if result.bye else [])) == sorted(ranked)
    assert (result.bye is not None) == (len(ranked) % 2 == 1)


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_the_bye_goes_to_the_lowest_ranked_of_those_with_fewest_byes(case):
    ranked, points, met, byes, seed = case
    result = pair_round(ranked, points, met, byes, random.Random(seed))
    if result.bye is None:
        return
    fewest = min(byes[p] for p in ranked)
    assert byes[result.bye] == fewest, "nobody gets a second bye while someone has had fewer"
    below = ranked[ranked.index(result.bye) + 1:]
    assert all(byes[p] > fewest for p in below), "the bye is the lowest-ranked eligible player"


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_no_rematch_while_avoidable_and_score_groups_kept_as_far_as_possible(case):
    ranked, points, met, byes, seed = case
    result = pair_round(ranked, points, met, byes, random.Random(seed))
    rest = [p for p in ranked if p != result.bye]
    options = list(perfect_matchings(rest))
    fewest_rematches = min(rematches(m, met) for m in options)
    assert rematches(result.pairs, met) == fewest_rematches
    tightest = min(gaps(m, points) for m in options if rematches(m, met) == fewest_rematches)
    assert gaps(result.pairs, points) == tightest


def test_a_rematch_is_a_penalty_not_a_ban():
    """Two players who have met and nobody else: they meet again rather than not play."""
    met = Counter({frozenset(("a", "b")): 2})
    result = pair_round(["a", "b"], {"a": 3, "b": 3}, met, Counter(), random.Random(1))
    assert result.pairs == [("a", "b")]


def test_round_one_is_random_and_tables_run_from_the_top():
    players = [f"p{i}" for i in range(8)]
    draws = {tuple(pair_round(players, {}, Counter(), Counter(), random.Random(s)).pairs) for s in range(20)}
    assert len(draws) > 5, "shuffled input gives different pairings"
    points = {"p0": 9, "p1": 9, "p2": 6, "p3": 6, "p4": 3, "p5": 3, "p6": 0, "p7": 0}
    result = pair_round(players, points, Counter(), Counter(), random.Random(3))
    assert result.pairs == [("p0", "p1"), ("p2", "p3"), ("p4", "p5"), ("p6", "p7")]


def test_costs_order_rematches_before_score_gaps():
    players = ["a", "b", "c", "d"]
    points = {"a": 9, "b": 0, "c": 9, "d": 0}
    penalty = rematch_penalty(players, points)
    assert pair_cost("a", "b", points, Counter(), penalty) == 81
    assert pair_cost("a", "c", points, Counter({frozenset("ac"): 1}), penalty) > 2 * 81
    assert choose_bye(["a", "b", "c"], Counter({"c": 1})) == "b"


@st.composite
def big_rounds(draw):
    """A later round of a larger tournament: up to five earlier meetings per player, points from those rounds."""
    n = draw(st.integers(min_value=36, max_value=44))
    players = [f"p{i}" for i in range(n)]
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    met, points = Counter(), Counter()
    for _ in range(draw(st.integers(min_value=1, max_value=5))):
        order = players[:]
        rng.shuffle(order)
        order.sort(key=lambda p: -points[p])
        for a, b in zip(order[::2], order[1::2]):
            met[frozenset((a, b))] += 1
            points[rng.choice((a, b))] += 3
    ranked = sorted(players, key=lambda p: -points[p])
    return ranked, {p: points[p] for p in players}, met, Counter(), rng.randrange(2**32)


@settings(max_examples=8, deadline=None)
@given(big_rounds())
def test_the_ranking_window_pairs_as_well_as_the_whole_field(case):
    """Linking each player only to near neighbours in the ranking costs nothing: as few rematches and
    as tight score groups as a matching over every possible pair."""
    ranked, points, met, byes, seed = case
    near = pair_round(ranked, points, met, byes, random.Random(seed))
    whole = pair_round(ranked, points, met, byes, random.Random(seed), window=len(ranked))
    assert rematches(near.pairs, met) == rematches(whole.pairs, met)
    assert gaps(near.pairs, points) == gaps(whole.pairs, points)
    assert len(near.pairs) == len(ranked) // 2

