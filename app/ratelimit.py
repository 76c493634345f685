"""Rate limits per client key (token hash, socket or address), counted with the `limits` library.

The counters live in process memory, or in Redis when REDIS_URL is set, so that N processes behind a
balancer allow the limit once, not N times. Each limit is a moving window of `burst` actions per
`burst / rate` seconds: up to `burst` at once, `rate` per second sustained.
"""
from __future__ import annotations

import logging
import math
import time

from limits import RateLimitItemPerSecond, storage, strategies
from limits.errors import StorageError

log = logging.getLogger(__name__)


def open_counters(redis_url: str = ""):
    """Where every limiter of the process counts: Redis when a URL is given, else memory."""
    if redis_url:
        # wrap_exceptions: Redis's own errors come as limits' StorageError, the one failure _counted lets through.
        return storage.storage_from_string(redis_url, key_prefix="tablewarden-limits", wrap_exceptions=True)
    return storage.MemoryStorage()


class RateLimiter:
    """Allow `rate` actions per second per key on average, with bursts up to `burst` (rate <= 0: no limit)."""

    def __init__(self, rate: float, burst: int, counters=None, name: str = "rate"):
        self.rate = float(rate)
        self.burst = max(1, int(burst))
        self.name = name
        window = max(1, math.ceil(self.burst / self.rate)) if self.rate > 0 else 1
        self.item = RateLimitItemPerSecond(self.burst, window)
        self.strategy = strategies.MovingWindowRateLimiter(counters if counters is not None else open_counters())

    def hit(self, key: str) -> float:
        """Take one action for `key`: 0.0 when allowed, else the seconds to wait before retrying."""
        return self._counted(self._hit, key)

    def wait(self, key: str) -> float:
        """Seconds until `key` may act again without taking an action (0.0 when it may now)."""
        return self._counted(self._wait, key)

    def _counted(self, step, key: str) -> float:
        if self.rate <= 0:
            return 0.0
        try:
            return step(key)
        except StorageError as exc:  # an unreachable Redis must not stop the game
            log.warning("rate limit counters unavailable (%s); letting the request through", exc)
            return 0.0

    def _hit(self, key: str) -> float:
        if self.strategy.hit(self.item, self.name, key):
            return 0.0
        return self._wait(key) or 0.001

    def _wait(self, key: str) -> float:
        if self.strategy.test(self.item, self.name, key):
            return 0.0
        reset = self.strategy.get_window_stats(self.item, self.name, key).reset_time
        return max(0.001, reset - time.time())


def retry_after_header(seconds: float) -> str:
    """Retry-After value in whole seconds (at least 1)."""
    return str(max(1, math.ceil(seconds)))


class Limits:
    """Every limit of the server, counting in one place (memory or Redis)."""

    def __init__(self, cfg, counters=None):
        counters = counters if counters is not None else open_counters(cfg.REDIS_URL)
        rate, burst = cfg.RATE_LIMIT_PER_SECOND, cfg.RATE_LIMIT_BURST
        # Per address as well as per token: joining again mints a new token with a fresh burst. Phones
        # behind one NAT (a venue's Wi-Fi) share an address, hence a multiple of the per-token limit.
        address_rate = cfg.RATE_LIMIT_ADDRESS_PER_SECOND or ADDRESS_FACTOR * rate
        address_burst = cfg.RATE_LIMIT_ADDRESS_BURST or ADDRESS_FACTOR * burst
        off = rate <= 0
        self.per_key = RateLimiter(rate, burst, counters, "key")
        self.per_address = RateLimiter(0 if off else address_rate, address_burst, counters, "address")
        # Reads (a game, its log, an export, a tournament): a page reads several at once and again after each
        # entry, so more than writes, but a client re-reading a whole log in a loop is slowed down too.
        self.reads_per_key = RateLimiter(0 if off else READ_FACTOR * rate, READ_FACTOR * burst, counters, "read")
        self.reads_per_address = RateLimiter(0 if off else READ_FACTOR * address_rate, READ_FACTOR * address_burst,
                                             counters, "read-address")
        per_hour = 1 / 3600
        self.code_misses = RateLimiter(0 if off else cfg.JOIN_CODE_MISSES_PER_HOUR * per_hour,
                                       cfg.JOIN_CODE_MISSES_PER_HOUR, counters, "code-miss")
        self.imports = RateLimiter(0 if off else cfg.IMPORTS_PER_HOUR * per_hour, cfg.IMPORTS_PER_HOUR,
                                   counters, "import")
        # The public registration link: players at one venue share its Wi-Fi's address, so a day's event fits.
        self.registrations = RateLimiter(0 if off else cfg.REGISTRATION_REQUESTS_PER_HOUR * per_hour,
                                         cfg.REGISTRATION_REQUESTS_PER_HOUR, counters, "registration")
        # Saved custom content stays on the server: an address saves a day's worth, then waits.
        self.custom_saves = RateLimiter(0 if off else cfg.CUSTOM_SAVES_PER_DAY / 86400, cfg.CUSTOM_SAVES_PER_DAY,
                                        counters, "custom-save")

    def read(self, key: str | None, address: str | None) -> float:
        """One read of a game's or tournament's state, log or export by a token and an address."""
        return self.reads_per_key.hit(key or f"addr:{address}") or self.reads_per_address.hit(f"addr:{address}")

    def write(self, key: str | None, address: str | None) -> float:
        """One write (submit, create, join, a socket message) by a token/socket key and an address."""
        # Without a token the address is the key too (as tight as one token), and always its own total.
        return self.per_key.hit(key or f"addr:{address}") or self.per_address.hit(f"addr:{address}")


ADDRESS_FACTOR = 5
READ_FACTOR = 3  # reads allowed per write allowed (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST), per token and address
