"""The per-log lock table: one lock per key while kept, and bounded by dropping the locks of logs no longer cached."""
from __future__ import annotations

import threading

from app.service.ledger import LockTable


def test_the_same_key_gets_the_same_lock_and_other_keys_their_own():
    table = LockTable(threading.Lock, bound=10, keep=lambda key: True)
    assert table.lock("g1") is table.lock("g1")
    assert table.lock("g2") is not table.lock("g1")
    assert len(table) == 2


def test_past_its_bound_only_the_locks_of_kept_keys_stay():
    cached = {"g0", "g1"}
    table = LockTable(threading.Lock, bound=4, keep=cached.__contains__)
    first = {f"g{i}": table.lock(f"g{i}") for i in range(5)}   # 5 locks: one past the bound
    assert len(table) == 5
    table.lock("new")   # the sixth is made after the table drops what is not kept
    assert len(table) == 3
    assert table.lock("g0") is first["g0"] and table.lock("g1") is first["g1"], "a cached log keeps its lock"
    assert table.lock("g3") is not first["g3"], "a dropped lock is made again"


def test_a_long_running_table_stays_bounded():
    table = LockTable(threading.Lock, bound=8, keep=lambda key: False)
    for i in range(1000):
        table.lock(f"g{i}")
    assert len(table) <= 9
