"""An append whose head went stale (another process stored an entry first) is folded again, checked again and
tried again: the same number of tries and the same pauses for every log."""
from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Callable, TypeVar

from ..errors import ApiError

T = TypeVar("T")


class Stale:
    """What one try answers when the head moved under it: try again."""

    def __repr__(self) -> str:
        return "STALE"


STALE = Stale()


@dataclass(frozen=True)
class StaleRetry:
    """How often, and after what pause, a stale append is tried again before answering 503 `busy`.

    Every retry waits a random pause that grows with the tries already made (up to `pause_step * pause_steps`), so
    two processes appending to one log stop colliding in step instead of retrying in lockstep until they give up.
    """

    tries: int = 25
    pause_step: float = 0.002   # seconds
    pause_steps: int = 10
    sleep: Callable[[float], object] | None = None   # time.sleep when None (looked up when called: an async
                                                     # server's patched sleep yields to the others)

    def attempts(self) -> Iterator[int]:
        """0, 1, ... `tries - 1`, pausing before each retry; a loop that runs out raises `busy()`."""
        for attempt in range(self.tries):
            if attempt:
                self.pause(attempt - 1)
            yield attempt

    def pause(self, attempt: int) -> None:
        """The pause after try `attempt` (from 0) found the head moved."""
        (self.sleep or time.sleep)(random.uniform(0, self.pause_step * min(attempt + 1, self.pause_steps)))

    def run(self, attempt: Callable[[int], T | Stale], what: str, give_up: Callable[[], T] | None = None) -> T:
        """`attempt(n)` until it answers something other than STALE; after the last try, `give_up()` when given,
        else 503 `busy` naming `what` (the game, the event)."""
        for n in self.attempts():
            out = attempt(n)
            if not isinstance(out, Stale):
                return out
        if give_up is not None:
            return give_up()
        raise self.busy(what)

    @staticmethod
    def busy(what: str) -> ApiError:
        """503 `busy`: the log kept moving through every try."""
        return ApiError(503, "busy", f"The {what} is very busy; try again.")


# The policy both logs use, the one games' appends always had (25 tries, random pauses of up to 2 ms per try
# already made, at most 20 ms): tournaments used to retry 10 times without pausing, which could give up while two
# processes still collided in step.
APPEND_RETRY = StaleRetry()
