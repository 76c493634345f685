"""A failing store answers 503 `storage_unavailable` with one sentence, counted once per failure."""
from __future__ import annotations

import pytest

from app.service import ApiError
from app.service.ledger import STORE_DOWN, StoreGuard, store_unavailable
from app.store import DuplicateKey, StoreError


def failing(exc: Exception):
    def call(*args, **kwargs):
        raise exc
    return call


def test_a_store_failure_is_a_503_and_counted():
    counted = []
    guard = StoreGuard(on_error=lambda: counted.append(1))
    with pytest.raises(ApiError) as err:
        guard(failing(StoreError("disk I/O error")), "g1", since=3)
    assert err.value.status == 503 and err.value.code == STORE_DOWN == "storage_unavailable"
    assert err.value.message == store_unavailable().message == "The event store is unavailable; try again shortly."
    assert "disk" not in err.value.message, "the store's own words stay in the server log"
    assert counted == [1]


def test_a_taken_unique_key_is_passed_on_and_not_counted():
    counted = []
    guard = StoreGuard(on_error=lambda: counted.append(1))
    with pytest.raises(DuplicateKey):
        guard(failing(DuplicateKey("taken")))
    assert counted == []


def test_a_call_that_works_answers_as_it_is_and_a_guard_without_a_hook_still_maps():
    guard = StoreGuard()
    assert guard(lambda a, b=0: a + b, 2, b=3) == 5
    with pytest.raises(ApiError):
        guard(failing(StoreError("gone")))
