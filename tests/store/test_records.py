"""A log record has one shape: what the store reads back is what the service hands out and the frame carries."""
from __future__ import annotations

import json

from app.service.records import applied_payload, public_record
from app.store.records import RECORD_FIELDS, log_record, record_from_row

ROW = (3, "e-3", "attack", "p1", "p2", '{"target": "f1"}', None, '[{"type": "damage"}]', "2026-12-02T10:00:00Z")


def test_a_row_read_back_is_the_record_the_clients_see():
    rec = record_from_row(ROW, lambda text: None if text is None else json.loads(text))
    assert list(rec) == list(RECORD_FIELDS)
    assert rec["data"] == {"target": "f1"} and rec["override"] is None and rec["actor"] == "p2"
    assert public_record(rec) == rec


def test_the_applied_frame_carries_the_same_fields():
    rec = log_record({"seq": 4, "id": "e-4", "type": "note", "by": "p1"})
    frame = applied_payload(rec)
    assert frame["seq"] == 4 and frame["consequences"] == []
    assert set(frame["event"]) | {"seq", "consequences"} == set(RECORD_FIELDS)
    assert frame["event"]["data"] == {}
