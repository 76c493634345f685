"""Views across processes: each process computes the views of the phones connected to it.

With several processes (REDIS_URL), `applied` frames travel through Socket.IO's message queue, but views do
not: a view is per seat and costs the engine's time, and pushing every seat's view of every event through
Redis to every process was the largest share of a server's work on two processes, several times what computing
them cost (benchmarks/README.md, "Figures behind the code"). Instead the process that stored an event
announces {game, seq} on a Redis channel of its own; every process that has phones of that game in a seat
room brings its fold of the game up to the store's head and sends those phones their views, to its own
sockets only. A process that missed an announcement sends the next view whole, as after a reconnect.
"""
from __future__ import annotations

import json
import logging
import os
import uuid

log = logging.getLogger(__name__)

CHANNEL = "tablewarden:applied"


class ViewBus:
    """Announces stored events to the other processes and hands theirs to `on_remote(game_id, seq)`."""

    def __init__(self, redis_url: str, server, on_remote):
        import redis  # noqa: PLC0415 - the queue's own client library, the optional [redis] extra

        self.server = server
        self.on_remote = on_remote
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._redis = redis.Redis.from_url(redis_url)
        self._down = redis.RedisError  # what an unreachable or failing Redis raises
        self._started = False

    def announce(self, game_id: str, seq: int) -> None:
        """Tell the other processes that `game_id` has an event `seq` (fire and forget)."""
        try:
            self._redis.publish(CHANNEL, json.dumps({"game": game_id, "seq": seq, "from": self.origin}))
        except self._down:  # the event is stored; phones elsewhere catch up with the next one
            log.exception("announcing %s #%s failed", game_id, seq)

    def start(self) -> None:
        """Listen for the other processes' announcements, in the background."""
        if not self._started:
            self._started = True
            self.server.start_background_task(self._listen)

    def _listen(self) -> None:
        while True:
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                for message in pubsub.listen():
                    self._handle(message.get("data"))
            except self._down:  # Redis went away: subscribe again after a pause
                log.exception("view announcements: listening failed; retrying")
            self.server.sleep(1)  # (also when the subscription ended without an error: no busy loop)

    def _handle(self, data) -> None:
        try:
            note = json.loads(data)
            if note.get("from") == self.origin:
                return
            game, seq = str(note["game"]), int(note["seq"])
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # not an announcement of ours: skip it
            log.warning("a view announcement could not be read: %s: %s", type(exc).__name__, exc)
            return
        self.on_remote(game, seq)
