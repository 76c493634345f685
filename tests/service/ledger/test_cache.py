"""The cache of folds: least recently kept dropped first, and a log never stepped back to an older head."""
from __future__ import annotations

from dataclasses import dataclass

from app.service.ledger import FoldCache


@dataclass(frozen=True)
class Fold:
    head: int
    name: str = ""


def test_the_least_recently_kept_fold_is_dropped_first():
    cache: FoldCache[Fold] = FoldCache(capacity=2)
    cache.put("a", Fold(1))
    cache.put("b", Fold(1))
    cache.put("a", Fold(2))   # "a" used again: "b" is now the oldest
    cache.put("c", Fold(1))
    assert "b" not in cache and cache.get("a") == Fold(2) and cache.get("c") == Fold(1)
    assert len(cache) == 2


def test_reading_a_fold_does_not_count_as_a_use():
    cache: FoldCache[Fold] = FoldCache(capacity=2)
    cache.put("a", Fold(1))
    cache.put("b", Fold(1))
    assert cache.get("a") == Fold(1)
    cache.put("c", Fold(1))
    assert "a" not in cache and "b" in cache


def test_an_older_fold_never_replaces_a_newer_one():
    cache: FoldCache[Fold] = FoldCache(capacity=4)
    newer = cache.put("a", Fold(5, "stored by a submit"))
    kept = cache.put("a", Fold(3, "read before that submit"))
    assert kept is newer and cache["a"] is newer
    same_head = Fold(5, "the same head folded again")
    assert cache.put("a", same_head) is same_head, "the same head is no step back"
    assert cache.put("a", Fold(6)).head == 6


def test_forgetting_folds():
    cache: FoldCache[Fold] = FoldCache(capacity=4)
    cache.put("a", Fold(1))
    cache.put("b", Fold(1))
    assert cache.pop("a") == Fold(1) and cache.pop("a") is None and cache.get("a") is None
    cache.clear()
    assert len(cache) == 0 and "b" not in cache
