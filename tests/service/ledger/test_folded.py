"""A log's fold brought up to the store's head: loaded whole once, then only the entries after its head applied."""
from __future__ import annotations

import threading
from dataclasses import dataclass

from app.service.ledger import FoldedLogs


@dataclass(frozen=True)
class Fold:
    entries: tuple[int, ...]

    @property
    def head(self) -> int:
        return self.entries[-1] if self.entries else 0


class Store:
    """Logs of numbered entries 1, 2, 3... and which reads were asked for."""

    def __init__(self):
        self.logs: dict[str, list[int]] = {}
        self.reads: list[tuple[str, int]] = []

    def append(self, key: str, n: int = 1) -> None:
        log = self.logs.setdefault(key, [])
        log.extend(range(len(log) + 1, len(log) + 1 + n))

    def after(self, key: str, head: int) -> list[int]:
        self.reads.append((key, head))
        return self.logs[key][head:]


def logs_over(store: Store, capacity: int = 8) -> tuple[FoldedLogs[Fold], list]:
    applied: list = []

    def bring_up(fold: Fold, newer: list) -> Fold:
        applied.append(list(newer))
        return Fold(fold.entries + tuple(newer))
    logs: FoldedLogs[Fold] = FoldedLogs(capacity, threading.Lock, load=lambda key: Fold(tuple(store.after(key, 0))),
                                        newer=store.after, bring_up=bring_up)
    return logs, applied


def test_a_log_is_loaded_once_and_then_brought_up_from_its_head():
    store = Store()
    store.append("t1", 3)
    logs, applied = logs_over(store)
    assert logs.folded("t1").entries == (1, 2, 3) and applied == []
    store.append("t1", 2)   # another process appended
    assert logs.folded("t1").entries == (1, 2, 3, 4, 5)
    assert applied == [[4, 5]], "only the entries after the cached head are applied"
    assert store.reads == [("t1", 0), ("t1", 3)]


def test_a_fold_at_the_store_head_is_kept_as_it_is():
    store = Store()
    store.append("t1", 2)
    logs, applied = logs_over(store)
    first = logs.folded("t1")
    assert logs.folded("t1") is first and applied == []
    assert logs.held("t1") is first


def test_a_read_never_steps_back_a_newer_fold_an_append_kept():
    store = Store()
    store.append("t1", 2)
    logs, _ = logs_over(store)
    logs.folded("t1")
    ahead = Fold((1, 2, 3))   # an append in this process stored entry 3 and kept its fold...
    original = store.after

    def slow_reader(key, head):
        newer = original(key, head)
        logs.keep(key, ahead)   # ...while this read was still on its way back with only the older log
        return newer
    logs._newer = slow_reader
    assert logs.folded("t1") is ahead and logs.held("t1") is ahead


def test_the_cache_drops_the_least_recently_used_log_and_the_next_read_loads_it_again():
    store = Store()
    for key in ("a", "b", "c"):
        store.append(key)
    logs, _ = logs_over(store, capacity=2)
    logs.folded("a")
    logs.folded("b")
    logs.folded("c")
    assert logs.held("a") is None and logs.held("b") is not None
    store.reads.clear()
    logs.folded("a")
    assert store.reads == [("a", 0)], "folded from the start again"


def test_appends_to_one_log_share_its_lock_and_the_locks_are_bounded_by_the_cache():
    logs, _ = logs_over(Store(), capacity=2)
    assert logs.lock("a") is logs.lock("a") and logs.lock("a") is not logs.lock("b")
    for i in range(100):
        logs.lock(f"g{i}")
    assert len(logs.locks) <= 4 * 2 + 1
