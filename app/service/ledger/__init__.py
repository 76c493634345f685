"""The append-only log layer games and tournaments share: each log's fold cached and brought up to the store's
head (`folded.py`, over `cache.py` and `locks.py`), the store's failures answered 503 (`storage.py`) and an append
that found the head moved tried again under one policy (`retry.py`)."""
from .cache import FoldCache
from .folded import FoldedLogs
from .locks import LockTable
from .retry import APPEND_RETRY, STALE, Stale, StaleRetry
from .storage import STORE_DOWN, StoreGuard, store_unavailable

__all__ = ["APPEND_RETRY", "STALE", "STORE_DOWN", "FoldCache", "FoldedLogs", "LockTable", "Stale", "StaleRetry",
           "StoreGuard", "store_unavailable"]
