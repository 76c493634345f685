"""One policy for an append whose head went stale: a fixed number of tries, a growing random pause between them,
then 503 `busy` (or what the caller does instead)."""
from __future__ import annotations

import pytest

from app.service import ApiError, submit
from app.service.ledger import APPEND_RETRY, STALE, StaleRetry
from app.tournaments import log


def recording() -> tuple[StaleRetry, list[float]]:
    pauses: list[float] = []
    return StaleRetry(sleep=pauses.append), pauses


def test_a_retry_after_a_stale_head_succeeds():
    retry, pauses = recording()
    answers = iter([STALE, STALE, "stored"])
    tries: list[int] = []

    def attempt(n):
        tries.append(n)
        return next(answers)
    assert retry.run(attempt, "game") == "stored"
    assert tries == [0, 1, 2] and len(pauses) == 2


def test_giving_up_after_the_policys_tries_is_a_503_busy():
    retry, pauses = recording()
    tries: list[int] = []
    with pytest.raises(ApiError) as err:
        retry.run(lambda n: tries.append(n) or STALE, "event")
    assert len(tries) == retry.tries == 25
    assert err.value.status == 503 and err.value.code == "busy" and err.value.message == "The event is very busy; try again."
    assert len(pauses) == retry.tries - 1


def test_the_pauses_grow_with_the_tries_up_to_a_cap():
    retry, pauses = recording()
    with pytest.raises(ApiError):
        retry.run(lambda n: STALE, "game")
    for n, pause in enumerate(pauses):
        assert 0 <= pause <= retry.pause_step * min(n + 1, retry.pause_steps)
    assert max(pauses) <= retry.pause_step * retry.pause_steps


def test_a_caller_may_do_something_else_than_give_up():
    retry, _ = recording()
    assert retry.run(lambda n: STALE, "game", give_up=lambda: "stored at the head it has now") == \
        "stored at the head it has now"


def test_an_answer_on_the_first_try_does_not_pause_and_a_refusal_is_not_retried():
    retry, pauses = recording()
    assert retry.run(lambda n: None, "game") is None, "any answer but STALE ends the tries"
    tries: list[int] = []

    def refused(n):
        tries.append(n)
        raise ApiError(422, "refused", "No.")
    with pytest.raises(ApiError):
        retry.run(refused, "game")
    assert tries == [0] and pauses == []


def test_games_and_tournaments_share_one_policy():
    assert submit.APPEND_RETRY is log.APPEND_RETRY is APPEND_RETRY
    assert (APPEND_RETRY.tries, APPEND_RETRY.pause_step, APPEND_RETRY.pause_steps) == (25, 0.002, 10)
