"""app/live/frames.py: the packets the /live namespace sends and receives."""
from __future__ import annotations

import pytest
from socketio import packet

from app.live.frames import packet_class


def test_an_outgoing_view_is_not_walked_for_binary_attachments(monkeypatch):
    """Everything sent is JSON: building a packet of a large view never walks it looking for bytes."""
    def walked(cls, data):
        raise AssertionError("the payload was walked")
    monkeypatch.setattr(packet.Packet, "data_is_binary", classmethod(walked))
    view = {"seats": {f"p{i}": {"fighters": [{"slug": f"f{j}", "wounds": j} for j in range(8)]} for i in range(4)}}
    sent = packet_class(1024)(packet.EVENT, ["view", view], namespace="/live")
    assert sent.packet_type == packet.EVENT
    assert sent.encode().startswith('2/live,["view",')


@pytest.mark.parametrize("raw", ['2/live,["submit",{"a":1}]', '2/live,7["submit",{"a":1}]'])
def test_an_incoming_event_still_decodes_by_its_own_type(raw):
    """Incoming frames are read as the wire says (an event, or one with an ack id)."""
    got = packet_class(1024)(encoded_packet=raw)
    assert got.packet_type == packet.EVENT and got.data == ["submit", {"a": 1}]
