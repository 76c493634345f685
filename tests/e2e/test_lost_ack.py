"""An entry whose ack never comes back over a socket that stays up (a busy server, a reply lost on the way) is sent
again by itself: it lands once, and the phone stops saying it waits."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game, join, tap

pytestmark = pytest.mark.e2e


def test_an_entry_whose_ack_is_lost_is_sent_again_and_lands_once(phones, server):
    game = api_game(server)
    ana = phones.new("ana")
    dropped = []

    def relay(ws):
        # Between the phone and the server: every frame passes but the first ack of a submit (Socket.IO "43...").
        upstream = ws.connect_to_server()

        def down(message):
            if isinstance(message, str) and message.startswith("43/live,") and not dropped:
                dropped.append(message)
                return
            ws.send(message)
        upstream.on_message(down)
        ws.on_message(lambda message: upstream.send(message))

    ana.context.route_web_socket("**/socket.io/**", relay)
    join(ana, game["join_code"], "p1")
    expect(ana.locator("#conn")).to_have_attribute("data-state", "online")
    tap(ana, "Guard")
    expect(ana.locator("#conn")).to_contain_text("1 waiting")     # no ack: still in the outbox
    expect(ana.locator("#conn")).not_to_contain_text("waiting", timeout=30_000)   # sent again, acked
    assert len(dropped) == 1
    log = requests.get(f"{server.url}/api/games/{game['id']}/events?since=0",
                       headers={"Authorization": f"Bearer {game['tokens']['p1']}"}, timeout=15).json()
    guards = [e for e in log["events"] if e["type"] == "activate" and e["data"].get("action") == "guard"]
    assert len(guards) == 1, log["events"]
