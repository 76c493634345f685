"""The tournament pages, and the first version's addresses of them (links handed out, QR codes printed) moved
permanently to the new ones."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest


@pytest.fixture
def made(client):
    return client.post("/api/tournaments", json={"name": "Cup", "date": "2026-12-05"}).get_json()


def test_the_links_handed_out_name_the_tournament_pages(client, made):
    tid = made["id"]
    assert made["links"]["organiser"].endswith(f"/tournament/{tid}#t={made['organiser_token']}")
    assert made["links"]["public"].endswith(f"/tournament/{tid}/public")
    for path in ("/tournaments/new", f"/tournament/{tid}", f"/tournament/{tid}/public", f"/tournament/{tid}/register"):
        page = client.get(path)
        assert page.status_code == 200, path
    assert f'data-tournament="{tid}"' in client.get(f"/tournament/{tid}").get_data(as_text=True)
    assert 'data-public="yes"' in client.get(f"/tournament/{tid}/public").get_data(as_text=True)
    assert "pages/tournament_register" in client.get(f"/tournament/{tid}/register").get_data(as_text=True)


@pytest.mark.parametrize("old, new", [
    ("/event/{tid}", "/tournament/{tid}"),
    ("/event/{tid}/public", "/tournament/{tid}/public"),
    ("/events/new", "/tournaments/new"),
    ("/event/{tid}?from=qr", "/tournament/{tid}?from=qr"),
])
def test_an_old_address_moves_permanently_to_the_new_one(client, made, old, new):
    reply = client.get(old.format(tid=made["id"]))
    assert reply.status_code == 301
    assert reply.headers["Location"] == new.format(tid=made["id"])
    assert client.get(reply.headers["Location"]).status_code == 200


@pytest.mark.parametrize("hostile", ["/event/%2F%2Fevil.example", "/event/..%5Cevil.example", "/event/x%3F@evil.example",
                                     "/event/%0d%0aSet-Cookie:x=1", "/event/x/public?next=//evil.example"])
def test_a_hostile_old_address_never_leaves_the_site(client, hostile):
    """An id no link has (slashes, a host, line breaks): a redirect, if any, stays on this site's paths."""
    reply = client.get(hostile)
    assert reply.status_code in (301, 308, 404)  # 308: the router's own one for a doubled slash
    if reply.status_code != 404:
        location = reply.headers["Location"]
        where = urlsplit(location)
        assert where.netloc in ("", "localhost") and where.path.startswith(("/tournament/", "/event/"))
        assert "\r" not in location and "\n" not in location


def test_the_old_rest_paths_are_gone(client, made):
    assert client.get(f"/api/events/{made['id']}").status_code == 404
    assert client.post("/api/events", json={"name": "Cup", "date": "2026-12-05"}).status_code == 404


@pytest.mark.parametrize("path, page", [("/tournament/{tid}/print", "tournament_print"),
                                        ("/tournament/{tid}/venue", "tournament_venue"),
                                        ("/tournament/{tid}/table/3/overlay", "tournament_overlay")])
def test_the_wall_and_stream_pages_are_served_to_anyone(client, made, path, page):
    reply = client.get(path.format(tid=made["id"]))
    html = reply.get_data(as_text=True)
    assert reply.status_code == 200 and f'data-page="{page}"' in html and f'data-tournament="{made["id"]}"' in html
    if page != "tournament_print":
        assert 'class="topbar"' not in html  # a screen across a room, a stream's layer: no navigation


@pytest.mark.parametrize("table", ["0", "501", "x", "-2"])
def test_an_overlay_names_a_table_from_1_to_500(client, made, table):
    assert client.get(f"/tournament/{made['id']}/table/{table}/overlay").status_code == 404


@pytest.mark.parametrize("path", ["/tournament/{bad}/print", "/tournament/{bad}/venue", "/tournament/{bad}/table/1/overlay"])
def test_a_hostile_id_in_a_wall_page_stays_text(client, path):
    bad = '"><script>alert(1)</script>'
    html = client.get(path.format(bad=bad)).get_data(as_text=True)
    assert "<script>alert(1)" not in html
