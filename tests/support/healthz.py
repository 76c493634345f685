"""Another client asking GET /healthz over and over while a hostile request runs: how long each answer took."""
from __future__ import annotations

import threading
import time

import requests


class HealthzProbe:
    """A thread that times GET <url>/healthz every `interval` seconds until stopped (use as a context manager)."""

    def __init__(self, base_url: str, interval: float = 0.02, timeout: float = 60.0):
        self.url = base_url + "/healthz"
        self.interval = interval
        self.timeout = timeout
        self.latencies: list[float] = []   # seconds, one per answered request
        self.failures: list[str] = []      # what went wrong with the requests that got no 200
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "HealthzProbe":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop probing and wait for the request in flight."""
        self._stop.set()
        self._thread.join(self.timeout + 5)

    def _run(self) -> None:
        with requests.Session() as http:
            while not self._stop.is_set():
                start = time.perf_counter()
                try:
                    resp = http.get(self.url, timeout=self.timeout)
                    if resp.status_code == 200:
                        self.latencies.append(time.perf_counter() - start)
                    else:
                        self.failures.append(f"HTTP {resp.status_code}")
                except requests.RequestException as exc:
                    self.failures.append(type(exc).__name__)
                self._stop.wait(self.interval)

    def worst(self) -> float:
        """The slowest answer, in seconds (0.0 when none came)."""
        return max(self.latencies, default=0.0)

    def percentile(self, p: float) -> float:
        """The p-th percentile of the answer times, in seconds (nearest rank)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
        return ordered[rank]


# What a stall test allows /healthz during a hostile load, beside the idle baseline of the same run: the issue's
# targets (p99 under 100 ms, never over 1 s) with room for a busy shared machine. A stall of the event loop (the
# half-second pauses these tests were written against) is far outside them.
P99_ALLOWANCE_SECONDS = 0.10
WORST_SECONDS = 1.0


def idle_baseline(base_url: str, seconds: float = 2.0) -> HealthzProbe:
    """/healthz asked for `seconds` while nothing else happens: the machine's own noise, to compare with."""
    with HealthzProbe(base_url) as probe:
        time.sleep(seconds)
    return probe


def assert_answered_beside(probe: HealthzProbe, baseline: HealthzProbe) -> None:
    """/healthz kept answering during a load: p99 within P99_ALLOWANCE_SECONDS of the idle baseline's, the worst
    under WORST_SECONDS (or the idle worst, when the machine itself paused longer), and no request failed."""
    assert probe.latencies and not probe.failures, probe.failures[:5]
    p99, base = probe.percentile(99), baseline.percentile(99)
    assert p99 <= base + P99_ALLOWANCE_SECONDS, f"/healthz p99 {p99 * 1000:.0f} ms (idle {base * 1000:.0f} ms)"
    worst = probe.worst()
    assert worst < max(WORST_SECONDS, baseline.worst() + 0.5), \
        f"/healthz worst {worst * 1000:.0f} ms (idle worst {baseline.worst() * 1000:.0f} ms)"
