"""A game's log record: the one shape the store reads back, the service hands out and the live frames carry."""
from __future__ import annotations

from typing import Any, Mapping

# The fields of a record, in the order the store's columns hold them (base.py, EVENT_COLUMNS).
RECORD_FIELDS = ("seq", "id", "type", "by", "actor", "data", "override", "consequences", "created_at")


def log_record(values: Mapping[str, Any]) -> dict[str, Any]:
    """A record with every field in order: no data is {} and no consequences []."""
    out = {key: values.get(key) for key in RECORD_FIELDS}
    out["data"] = out["data"] or {}
    out["consequences"] = out["consequences"] or []
    return out


def record_from_row(row: tuple[Any, ...], loads: Any) -> dict[str, Any]:
    """A record read from the store's columns (EVENT_COLUMNS order), its JSON columns parsed by `loads`."""
    values = dict(zip(RECORD_FIELDS, row, strict=True))
    for key in ("data", "override", "consequences"):
        values[key] = loads(values[key])
    return log_record(values)
