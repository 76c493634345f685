"""Token-bucket rate limiting per client key (token hash, socket or address), in process memory."""
from __future__ import annotations

import math
import threading
import time
from typing import Callable


class RateLimiter:
    """Allow `rate` actions per second per key on average, with bursts up to `burst`."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 50_000):
        self.rate = float(rate)
        self.burst = max(1, int(burst))
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def hit(self, key: str) -> float:
        """Take one action for `key`: 0.0 when allowed, else the seconds to wait before retrying."""
        if self.rate <= 0:
            return 0.0  # rate limiting switched off
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                if len(self._buckets) > self.max_keys:
                    self._forget_full(now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return max(0.001, (1.0 - tokens) / self.rate)

    def _forget_full(self, now: float) -> None:
        # Buckets that have refilled completely carry no information; drop them to bound memory.
        full_after = self.burst / self.rate
        for key, (_, last) in list(self._buckets.items()):
            if now - last >= full_after:
                del self._buckets[key]


def retry_after_header(seconds: float) -> str:
    """Retry-After value in whole seconds (at least 1)."""
    return str(max(1, math.ceil(seconds)))
