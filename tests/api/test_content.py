"""Content REST (app/api/content.py): generic listings, records, fighters, custom content round trip."""
from __future__ import annotations

import pytest
from flask import Flask

from app.api import errors
from app.api.content import bp
from app.config import Config
from app.ratelimit import Limits
from app.server import create_app
from tests.api.helpers import FIGHTER, auth, typed


class MemoryStore:
    """The custom-content part of the server's store interface (save_custom/get_custom/list_custom)."""

    def __init__(self):
        self.rows: dict[tuple[str, str], dict] = {}

    def save_custom(self, kind, payload, id=None):
        cid = id or f"c{len(self.rows) + 1}"
        self.rows[(kind, cid)] = payload
        return cid

    def get_custom(self, kind, cid):
        return self.rows.get((kind, cid))

    def list_custom(self, kind):
        return [{"id": cid, "payload": p, "created_at": f"2026-11-26T00:00:{i:02d}Z"}
                for i, ((k, cid), p) in enumerate(self.rows.items()) if k == kind]

    def custom_page(self, kind, limit, offset):
        rows = self.list_custom(kind)[::-1]
        return {"total": len(rows), "rows": rows[offset:offset + limit]}


def _app(store=None, **cfg) -> Flask:
    """The content blueprint alone, with the server's error replies and limits."""
    config = Config(**cfg)
    app = Flask(__name__)
    app.config["TW"] = config
    app.extensions["tablewarden"] = {"store": store, "limits": Limits(config)}
    errors.register(app)
    app.register_blueprint(bp)
    return app


@pytest.fixture
def client():
    return _app(MemoryStore()).test_client()


def test_index_lists_games_and_kinds(client):
    """GET /api/content names each game's content kinds with counts."""
    body = client.get("/api/content").get_json()
    assert body["games"]["underworlds"]["warbands"] >= 9
    assert body["games"]["underworlds"]["cards"] == 2910
    assert set(body["custom_kinds"]) == {"warband", "deck", "card-list", "battlelore_unit"}


def test_cards_filtered_by_ruleset_type_warband_and_name(client):
    """GET /api/content/underworlds/cards: facts of each card (no rules text), filtered and paged."""
    body = client.get("/api/content/underworlds/cards?ruleset=underworlds/deathgorge&q=crescendo").get_json()
    assert body["total"] == 1
    card = body["items"][0]
    assert {k: card[k] for k in ("name", "type", "glory", "scoring", "number", "deck", "edition")} == {
        "name": "Crashing Crescendo", "type": "objective", "glory": 1, "scoring": "surge", "number": "CR1",
        "deck": "cyrenis-razors-rivals", "edition": "first"}
    # The Deathgorge rules offer first-edition cards only; the 2018 rules the original products.
    first = client.get("/api/content/underworlds/cards?ruleset=underworlds/deathgorge&per_page=500").get_json()
    assert first["total"] == 32 * 32 and {c["edition"] for c in first["items"]} == {"first"}
    old = client.get("/api/content/underworlds/cards?ruleset=underworlds/shadespire&type=objective&per_page=1").get_json()
    assert old["items"][0]["edition"] == "original" and old["items"][0]["type"] == "objective"
    own = client.get("/api/content/underworlds/cards?warband=cyrenis-razors&kind=upgrade").get_json()
    assert own["total"] == 10 and all(c["warband"] == "cyrenis-razors" for c in own["items"])
    usable = client.get("/api/content/underworlds/cards?ruleset=underworlds/deathgorge&usable_by=cyrenis-razors"
                        "&per_page=500").get_json()
    assert usable["total"] == 32 + 14 * 32   # its own Rivals deck and the 14 universal ones
    assert {c["warband"] for c in usable["items"]} == {"cyrenis-razors", None}
    # Steelheart's Champions have no Rivals deck: a deck builder offers the cards with their symbol from the
    # older products (Deathgorge rulebook, Ways to play: Nemesis, Deck-building, pg 40) beside the universal
    # Rivals decks, and no core set's loose universal cards.
    url = "/api/content/underworlds/cards?ruleset=underworlds/deathgorge&usable_by=steelhearts-champions&per_page=500"
    older = [c for n in (1, 2) for c in client.get(f"{url}&page={n}").get_json()["items"]]
    mine = [c for c in older if c["warband"] == "steelhearts-champions"]
    assert mine and {c["edition"] for c in mine} == {"original"}
    assert "Slayers of Tyrants" in {c["name"] for c in mine}
    rest = [c for c in older if c["warband"] != "steelhearts-champions"]
    assert len(rest) == 14 * 32 and {(c["symbol"], c["edition"]) for c in rest} == {("universal", "first")}
    # A warband with a Rivals deck of these rules builds from that deck, not from its older products' cards.
    spite = client.get("/api/content/underworlds/cards?ruleset=underworlds/deathgorge"
                       "&usable_by=spiteclaws-swarm&per_page=500").get_json()
    assert {c["edition"] for c in spite["items"]} == {"first"}
    # Names that start with the search come first.
    strike = client.get("/api/content/underworlds/cards?ruleset=underworlds/deathgorge&q=strike").get_json()
    starts = [c["name"].lower().startswith("strike") for c in strike["items"]]
    assert starts == sorted(starts, reverse=True)


def test_listings_are_paged(client):
    """Pages of per_page items with the total and the next page (phones fetch small pages)."""
    one = client.get("/api/content/underworlds/cards?per_page=20").get_json()
    assert (len(one["items"]), one["total"], one["page"], one["next"]) == (20, 2910, 1, 2)
    last = client.get("/api/content/underworlds/cards?per_page=1000&page=9").get_json()
    assert last["per_page"] == 500 and last["page"] == 6 and last["next"] is None and len(last["items"]) == 410
    junk = client.get("/api/content/underworlds/cards?per_page=lots&page=-3").get_json()
    assert junk["page"] == 1 and junk["per_page"] == 50
    bad = client.get("/api/content/underworlds/decks?ruleset=chess")
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_request"


def test_decks_and_warbands_per_ruleset(client):
    """Each ruleset offers its era: Rivals decks for the Deathgorge rules, original products for 2018/2019."""
    deathgorge = client.get("/api/content/underworlds/decks?ruleset=underworlds/deathgorge").get_json()
    assert deathgorge["total"] == 32 and {d["edition"] for d in deathgorge["items"]} == {"first"}
    shadespire = client.get("/api/content/underworlds/decks?ruleset=underworlds/shadespire").get_json()
    assert shadespire["total"] == 65 and {d["edition"] for d in shadespire["items"]} == {"original"}
    mine = client.get("/api/content/underworlds/decks?ruleset=underworlds/deathgorge&warband=cyrenis-razors").get_json()
    assert {d["id"] for d in mine["items"]} >= {"cyrenis-razors-rivals", "force-of-frost", "breakneck-slaughter"}
    assert "thricefold-discord-rivals" not in {d["id"] for d in mine["items"]}
    bands = {w["id"]: w for w in client.get("/api/content/underworlds/warbands?ruleset=underworlds/deathgorge")
             .get_json()["items"]}
    assert bands["cyrenis-razors"]["default_printing"] == "deathgorge"
    assert bands["steelhearts-champions"]["default_printing"] == "shadespire-2018"
    assert "kurnoths-heralds" not in bands   # second-edition cards only: not offered under these rules


def test_fighters_list_every_printing_to_pick_from(client):
    """The printing picker: every printing, those of the ruleset's era offered, and which need typing."""
    body = client.get("/api/content/underworlds/warbands/cyrenis-razors/fighters?ruleset=underworlds/deathgorge"
                      ).get_json()
    assert body["printing"]["id"] == "deathgorge"
    assert [(p["id"], p["offered"], p["needs_typing"]) for p in body["printings"]] == [
        ("deathgorge", True, True), ("second-edition", False, False)]
    held = client.get("/api/content/underworlds/warbands/cyrenis-razors/fighters?ruleset=underworlds/deathgorge"
                      "&printing=second-edition").get_json()
    needed = {"move", "defence", "wounds", "profiles"}
    assert not any(needed & set(fields) for fields in held["missing"].values())
    none = client.get("/api/content/underworlds/warbands/kurnoths-heralds/fighters?ruleset=underworlds/shadespire")
    assert none.status_code == 404 and "These rules offer no printing" in none.get_json()["error"]["message"]


def test_organiser_card_list_checks_decks_with_its_date(client):
    """An organiser saves a dated list; deck-check cites it; a list for another format is refused."""
    saved = client.post("/api/content/custom/card-list", json={
        "name": "Club list", "format": "championship", "as_of": "2026-11-01", "forbidden": ["Bitter Storm"]})
    assert saved.status_code == 201, saved.get_json()
    lid = saved.get_json()["id"]
    body = {"format": "championship", "warband": "garreks-reavers", "deck": "force-of-frost", "card_list": lid}
    problems = client.post("/api/content/underworlds/deck-check", json=body).get_json()["problems"]
    assert [p["code"] for p in problems] == ["forbidden_card"]
    assert problems[0]["rule"].endswith("; Club list of 2026-11-01")
    wrong = client.post("/api/content/underworlds/deck-check", json={**body, "format": "nemesis"})
    assert wrong.status_code == 422 and "is for the championship format" in wrong.get_json()["error"]["message"]
    missing = client.post("/api/content/underworlds/deck-check", json={**body, "card_list": "nope"})
    assert missing.status_code == 422
    undated = client.post("/api/content/custom/card-list", json={"name": "x", "format": "championship"})
    assert undated.status_code == 422 and "as_of" in undated.get_json()["error"]["fields"]


def test_listing_and_record(client):
    """Listings are generic by game and kind; one record is served whole."""
    items = client.get("/api/content/underworlds/warbands").get_json()["items"]
    ids = {i["id"] for i in items}
    assert {"cyrenis-razors", "thricefold-discord", "garreks-reavers"} <= ids
    discord = next(i for i in items if i["id"] == "thricefold-discord")
    assert discord["printings"][0]["incomplete"] is True
    rec = client.get("/api/content/underworlds/warbands/garreks-reavers").get_json()
    assert rec["printings"][0]["fighters"][0]["name"] == "Garrek Gorebeard"
    decks = client.get("/api/content/underworlds/decks").get_json()["items"]
    assert any(d["id"] == "shadespire-universal" and d["symbol"] == "universal" for d in decks)


def test_not_found_errors(client):
    """Unknown games, kinds and ids answer 404 with the error envelope."""
    for url in ("/api/content/chess/pieces", "/api/content/underworlds/warbands/nobody",
                "/api/content/underworlds/warbands/nobody/fighters", "/api/content/custom/boards"):
        resp = client.get(url)
        assert resp.status_code == 404 and resp.get_json()["error"]["code"] in ("unknown_kind", "not_found")


def test_fighters_with_missing_fields(client):
    """The fighters a seat gets, per ruleset printing, and what the players must enter."""
    body = client.get("/api/content/underworlds/warbands/thricefold-discord/fighters").get_json()
    assert body["missing"]["vexmor"][:3] == ["move", "defence", "wounds"]
    old = client.get("/api/content/underworlds/warbands/ironsouls-condemnors/fighters"
                     "?ruleset=underworlds/dreadfane").get_json()
    assert old["printing"]["id"] == "dreadfane-2019" and old["fighters"][0]["wounds"] == 4


def test_custom_warband_round_trip(client):
    """A player's warband is validated, saved, listed and fetched again by its link."""
    resp = client.post("/api/content/custom/warband", json={"name": "My band", "fighters": [FIGHTER]})
    assert resp.status_code == 201
    link = resp.get_json()["link"]
    assert resp.headers["Location"] == link
    got = client.get(link).get_json()
    assert got["payload"]["fighters"][0]["wounds"] == 5 and got["payload"]["fighters"][0]["traits"] == []
    listed = client.get("/api/content/custom/warband").get_json()["items"]
    assert [i["name"] for i in listed] == ["My band"]


def test_invalid_custom_content_names_the_field(client):
    """A broken custom warband is refused (422) with the broken field named."""
    bad = {"name": "My band", "fighters": [{**FIGHTER, "defence": {"dice": "two", "symbol": "dodge"}}]}
    resp = client.post("/api/content/custom/warband", json=bad)
    assert resp.status_code == 422
    err = resp.get_json()["error"]
    assert "fighters[0].defence.dice" in err["fields"] and "fighter 'vexmor'" in err["message"]
    assert client.post("/api/content/custom/warband", data="nope").status_code == 422


def test_custom_content_needs_a_store():
    """Without the server's store, custom content answers 503 rather than failing."""
    resp = _app().test_client().post("/api/content/custom/deck", json={"name": "D"})
    assert resp.status_code == 503


def test_deck_check_lists_problems_with_rules(client):
    """POST deck-check answers the format's deck-building problems, each with its rule."""
    body = {"format": "nemesis", "warband": "garreks-reavers",
            "deck": {"rivals": ["garreks-reavers-shadespire"], "objectives": ["Khorne Cares Not"],
                     "power": ["Blood Rain", "Frenzy"]}}
    problems = client.post("/api/content/underworlds/deck-check", json=body).get_json()["problems"]
    assert {p["code"] for p in problems} == {"objective_deck_too_small", "power_deck_too_small"}
    assert all(p["rule"].startswith("Deathgorge rulebook, Ways to play: Nemesis") for p in problems)
    bad = client.post("/api/content/underworlds/deck-check", json={**body, "deck": "nope"})
    assert bad.status_code == 422 and bad.get_json()["error"]["code"] == "invalid_deck"
    assert client.post("/api/content/underworlds/deck-check", json={}).status_code == 400


def test_deck_check_tells_a_rivals_deck_from_a_products_cards(client):
    """deck-check, Rivals format: an older product's cards are not a Rivals deck (Deathgorge rulebook, The decks,
    pg 7); a universal Rivals deck is legal for a warband without one of its own."""
    body = {"format": "rivals", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"}
    problems = client.post("/api/content/underworlds/deck-check", json=body).get_json()["problems"]
    assert [p["code"] for p in problems] == ["rivals_not_a_rivals_deck"]
    assert problems[0]["rule"] == "Deathgorge rulebook, Ways to play: Rivals (pg 40)"
    ok = client.post("/api/content/underworlds/deck-check", json={**body, "deck": "force-of-frost"}).get_json()
    assert ok["problems"] == []


def test_other_games_are_listed_through_the_same_api(client):
    """Conquest and BattleLore content (their own loaders) are served by game and kind too."""
    games = client.get("/api/content").get_json()["games"]
    assert games["conquest"]["planets"] == 10 and games["battlelore"]["units"] >= 1
    planets = client.get("/api/content/conquest/planets").get_json()["items"]
    assert "Tarrus" in {p["id"] for p in planets}
    assert client.get("/api/content/conquest/planets/tarrus").get_json()["resources"] == 1
    assert client.get("/api/content/conquest/planets/nowhere").status_code == 404
    assert client.get("/api/content/battlelore/dragons").status_code == 404


# -- with the real server (create_app, its store, POST /api/games) --------------------------------

def test_custom_warband_round_trip_into_a_game(tmp_path):
    """Save a custom warband, share its link, start a Deathgorge game with it, and play its fighter."""

    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                      "TESTING": True, "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000,
                      "INSTANCE_PATH": str(tmp_path / "instance")})
    client = app.test_client()
    saved = client.post("/api/content/custom/warband", json={
        "name": "Vexmor's own", "grand_alliance": "chaos", "based_on": "thricefold-discord",
        "fighters": [FIGHTER, {**FIGHTER, "slug": "lascivyr", "name": "Lascivyr", "leader": False, "wounds": 4}]})
    assert saved.status_code == 201, saved.get_json()
    link, cid = saved.get_json()["link"], saved.get_json()["id"]
    assert client.get(link).get_json()["payload"]["name"] == "Vexmor's own"   # what a shared link opens

    resp = client.post("/api/games", json={"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
                                           "seats": [{"name": "Ana", "custom_id": cid},
                                                     {"name": "Ben", "warband": "cyrenis-razors",
                                                      "printing": "second-edition"}]})
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    view = client.get(f"/api/games/{game['id']}", headers=auth(tokens["p1"])).get_json()["view"]["state"]
    assert view["fighters"]["p1.vexmor"]["wounds"] == 5 and "p1.lascivyr" in view["fighters"]
    assert view["fighter_cards"]["p1.vexmor"]["profiles"][0]["name"] == "Claws"
    assert view["fighters"]["p2.cyreni"]["wounds"] == 4

    # The custom fighter is a real fighter of the game: set up, then it makes an activation.
    def send(seat, type_, n, **data):
        r = client.post(f"/api/games/{game['id']}/events", headers=auth(tokens[seat]),
                        json={"id": f"rt-{n}", "type": type_, "by": seat, "data": data})
        assert r.status_code == 201, r.get_json()
    send("p1", "roll_off", 1, purpose="boards", first="p1")
    send("p1", "do_over", 2, choice="none")
    send("p2", "do_over", 3, choice="none")
    send("p1", "roll_off", 4, purpose="deployment", first="p1")
    send("p1", "deployed", 5, finished_first="p1")
    send("p1", "roll_off", 6, purpose="first_turn", first="p1")
    send("p1", "activate", 7, action="move", fighter="p1.vexmor")
    state = client.get(f"/api/games/{game['id']}", headers=auth(tokens["p1"])).get_json()["view"]["state"]
    assert state["fighters"]["p1.vexmor"]["tokens"]["move"] == 1

    bad = client.post("/api/games", json={"ruleset": "underworlds/deathgorge",
                                          "seats": [{"name": "Ana", "custom_id": "missing"},
                                                    {"name": "Ben", "warband": "cyrenis-razors"}]})
    assert bad.status_code == 422 and "seats[0].custom_id" in bad.get_json()["error"]["fields"]


def test_custom_deck_save_and_fetch(client):
    """A player's deck is validated with the card schema, saved and fetched by its link."""
    deck = {"name": "Frost and fury", "warband": "cyrenis-razors",
            "objectives": [{"name": "Mine", "type": "objective", "scoring": "end", "glory": 2, "effect": "ours"}],
            "power": [{"name": "Duck", "type": "ploy", "effect": "ours", "reaction": "after_attack"}]}
    resp = client.post("/api/content/custom/deck", json=deck)
    assert resp.status_code == 201, resp.get_json()
    assert client.get(resp.get_json()["link"]).get_json()["payload"]["power"][0]["reaction"] == "after_attack"
    bad = {**deck, "objectives": [{"name": "Mine", "type": "objective", "effect": "ours"}]}
    resp = client.post("/api/content/custom/deck", json=bad)
    assert resp.status_code == 422 and "objectives[0].scoring" in resp.get_json()["error"]["fields"]


def test_deck_check_under_the_2018_rules(client):
    """deck-check with a 2018 ruleset applies the Shadespire deck-building rule."""
    body = {"format": "rivals", "ruleset": "underworlds/shadespire", "warband": "garreks-reavers",
            "deck": {"rivals": ["garreks-reavers-shadespire"], "objectives": ["Khorne Cares Not"], "power": ["Frenzy"]}}
    problems = client.post("/api/content/underworlds/deck-check", json=body).get_json()["problems"]
    assert {p["code"] for p in problems} == {"objective_deck_size", "power_deck_too_small"}
    assert client.post("/api/content/underworlds/deck-check", json={**body, "ruleset": "chess"}).status_code == 400


# -- Conquest: cards by name for a faction (community cards only when asked), deck checks.
def test_cards_own_faction_then_allies_then_neutral(client):
    """An Ork player's list starts with Ork cards, then Astra Militarum and Chaos, then Neutral."""
    body = client.get("/api/content/conquest/cards?faction=Orks").get_json()
    assert body["factions"][:4] == ["Orks", "Astra Militarum", "Chaos", "Neutral"]
    factions = [c["faction"] for c in body["items"]]
    assert factions[0] == "Orks" and factions.index("Astra Militarum") > factions.index("Orks")
    assert len(body["items"]) == 710 and all(c["official"] for c in body["items"])
    kans = next(c for c in body["items"] if c["name"] == "Rugged Killa Kans")
    assert (kans["cost"], kans["attack"], kans["hp"], kans["command_icons"], kans["keywords"]) == (4, 2, 5, 2, ["brutal", "no attachments wargear"])
    assert "text" not in kans


def test_community_cards_only_when_the_table_uses_them(client):
    """?community=1 adds the 414 community-made cards, each marked official: false."""
    body = client.get("/api/content/conquest/cards?faction=Orks&community=1").get_json()
    assert len(body["items"]) == 1124
    assert sum(not c["official"] for c in body["items"]) == 414


def test_deck_check_accepts_the_core_set_starter_deck(client):
    """Conquest rules summary, Setup: the core set starter deck is legal, the signature squad in the copies the
    box holds (four Nazdreg's Flash Gitz), whether the format is named or not."""
    from app.content import conquest as cc  # noqa: PLC0415
    pool = cc.pool().values()
    cards = [{"name": c["name"], "count": c["signature_copies"] if c.get("signature_of") else c["copies_in_set"]}
             for c in pool if c["set"] == "Core Set" and c["faction"] == "Orks" and c["type"] not in ("warlord", "token")]
    cards += [{"name": c["name"], "count": 1} for c in pool if c["set"] == "Core Set" and c["faction"] == "Neutral"]
    assert {"name": "Nazdreg's Flash Gitz", "count": 4} in cards
    for deck in ({"cards": cards}, {"cards": cards, "format": "starter"}):
        reply = client.post("/api/content/conquest/deck-check", json={"warlord": "nazdreg", "deck": deck})
        assert reply.status_code == 200 and reply.get_json()["problems"] == [], reply.get_json()


def test_deck_check_names_rules(client):
    """A deck of 3 cards breaks the size and squad rules, each problem with its rule; bad input is 4xx."""
    reply = client.post("/api/content/conquest/deck-check",
                        json={"warlord": "nazdreg", "deck": {"cards": [{"name": "Goff Nob", "count": 3}]}})
    assert reply.status_code == 200
    problems = reply.get_json()["problems"]
    assert {p["code"] for p in problems} >= {"too_few", "squad", "deck_too_small"}
    assert all(p["rule"] for p in problems)
    assert client.post("/api/content/conquest/deck-check", json={"deck": {}}).status_code == 400
    assert client.post("/api/content/conquest/deck-check", json={"warlord": "nobody", "deck": {"cards": []}}).status_code == 404
    assert client.post("/api/content/conquest/deck-check", json={"warlord": "nazdreg", "deck": {"cards": 3}}).status_code == 422
    assert client.post("/api/content/conquest/deck-check", data="nope").status_code == 400


# -- BattleLore unit cards saved on the server (custom kind battlelore_unit): save, list, open by link.
UNIT = {"name": "Citadel Guard", "slug": "citadel-guard", "faction": "daqan", "health": 4, "movement": 1,
        "combat": 3, "attack": "melee", "range": None, "muster": 4, "abilities": ["defensive"]}


def test_a_unit_card_is_saved_and_found_again(client):
    """Saved once, listed for every phone of the server, opened by its link with every number."""
    reply = client.post("/api/content/custom/battlelore_unit", json=UNIT)
    assert reply.status_code == 201
    saved = reply.get_json()
    listed = client.get("/api/content/custom/battlelore_unit").get_json()["items"]
    assert [(x["id"], x["name"]) for x in listed] == [(saved["id"], "Citadel Guard")]
    body = client.get(saved["link"]).get_json()["payload"]
    assert {k: body[k] for k in ("health", "movement", "combat", "muster")} == {"health": 4, "movement": 1,
                                                                              "combat": 3, "muster": 4}


def test_a_unit_card_says_who_typed_it_and_a_correction_is_the_newest(client):
    """The listing names who typed each card, and a corrected card saved later comes first (newest first), so
    every later game is offered the correction; a name longer than 40 characters is refused."""
    first = client.post("/api/content/custom/battlelore_unit", json={**UNIT, "typed_by": "Ana"}).get_json()
    fixed = client.post("/api/content/custom/battlelore_unit", json={**UNIT, "muster": 5, "typed_by": "Ben"}).get_json()
    listed = client.get("/api/content/custom/battlelore_unit").get_json()["items"]
    assert [(x["id"], x["typed_by"]) for x in listed] == [(fixed["id"], "Ben"), (first["id"], "Ana")]
    assert client.get(fixed["link"]).get_json()["payload"]["muster"] == 5
    long = client.post("/api/content/custom/battlelore_unit", json={**UNIT, "typed_by": "x" * 41})
    assert long.status_code == 422 and "typed_by" in long.get_json()["error"]["fields"]


def test_a_bad_unit_card_is_refused(client):
    """Missing numbers, a ranged unit without range, unknown fields: 422 naming the field; nothing saved."""
    for bad, field in (({**UNIT, "health": None}, "health"), ({**UNIT, "attack": "ranged"}, "range"),
                       ({**UNIT, "colour": "blue"}, "colour"), ({**UNIT, "slug": "Bad Slug"}, "slug")):
        reply = client.post("/api/content/custom/battlelore_unit", json=bad)
        assert reply.status_code == 422 and field in str(reply.get_json()["error"]["fields"]), (field, reply.get_json())
    assert client.get("/api/content/custom/battlelore_unit").get_json()["items"] == []


# -- saved content is bounded: size per record, saves per address, the write limit; listings are paged.
def test_a_record_over_the_size_bound_is_refused_and_not_stored(client):
    big = {**UNIT, "abilities": ["x" * 40] * 20, "name": "Big"}
    big["traits"] = ["y" * 1000] * 40  # 40 KB of text: over 32 KB before the schema reads it
    reply = client.post("/api/content/custom/battlelore_unit", json=big)
    err = reply.get_json()["error"]
    assert reply.status_code == 413 and err["code"] == "content_too_large" and "32 KB" in err["message"]
    assert client.get("/api/content/custom/battlelore_unit").get_json()["total"] == 0


def test_an_address_saves_its_share_a_day_then_waits():
    client = _app(MemoryStore(), CUSTOM_SAVES_PER_DAY=3).test_client()
    codes = [client.post("/api/content/custom/battlelore_unit", json=UNIT).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    refused = client.post("/api/content/custom/warband", json={"name": "W", "fighters": [FIGHTER]})
    assert refused.status_code == 429 and refused.get_json()["error"]["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) > 3600  # a day's window, not a second's
    other = client.post("/api/content/custom/battlelore_unit", json=UNIT, environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert other.status_code == 201
    bad = {**UNIT, "health": None}  # refused saves do not use up the address's share
    client2 = _app(MemoryStore(), CUSTOM_SAVES_PER_DAY=1).test_client()
    assert client2.post("/api/content/custom/battlelore_unit", json=bad).status_code == 422
    assert client2.post("/api/content/custom/battlelore_unit", json=UNIT).status_code == 201


def test_saves_count_against_the_write_limit_like_every_write():
    client = _app(MemoryStore(), RATE_LIMIT_PER_SECOND=0.01, RATE_LIMIT_BURST=2).test_client()
    codes = [client.post("/api/content/custom/battlelore_unit", json=UNIT).status_code for _ in range(3)]
    assert codes == [201, 201, 429]


def test_the_listing_is_paged_newest_first(client):
    ids = [client.post("/api/content/custom/battlelore_unit", json={**UNIT, "name": f"U{i}"}).get_json()["id"]
           for i in range(5)]
    first = client.get("/api/content/custom/battlelore_unit?per_page=2").get_json()
    assert [x["id"] for x in first["items"]] == ids[::-1][:2]
    assert (first["total"], first["page"], first["per_page"], first["next"]) == (5, 1, 2, 2)
    last = client.get("/api/content/custom/battlelore_unit?per_page=2&page=3").get_json()
    assert [x["name"] for x in last["items"]] == ["U0"] and last["next"] is None
    default = client.get("/api/content/custom/battlelore_unit").get_json()
    assert default["per_page"] == 50 and len(default["items"]) == 5


def test_a_bad_page_is_refused_with_its_field(client):
    for query in ("page=0", "page=x", "per_page=101", "per_page=-1", "page=99999999999", "page=%C2%B2",
                  "page=" + "9" * 5000):
        reply = client.get(f"/api/content/custom/warband?{query}")
        err = reply.get_json()["error"]
        assert reply.status_code == 400 and err["code"] == "bad_request" and query.split("=")[0] in err["fields"], query


def test_a_printings_typed_numbers_say_what_they_complete_and_who_typed_them(client):
    """The Deathgorge box's own warbands are typed once: the saved record names the content warband and printing it
    completes and who typed it; the listing tells them, and a correction comes first."""
    got = client.get("/api/content/underworlds/warbands/thricefold-discord/fighters?ruleset=underworlds/deathgorge")
    fighters = typed(got.get_json()["fighters"])
    body = {"name": "The Thricefold Discord (Deathgorge)", "based_on": "thricefold-discord", "printing": "deathgorge",
            "typed_by": "Ana", "fighters": fighters}
    first = client.post("/api/content/custom/warband", json=body).get_json()
    fixed = client.post("/api/content/custom/warband", json={**body, "typed_by": "Ben",
                                                             "fighters": [{**fighters[0], "wounds": 5}, *fighters[1:]]})
    listed = client.get("/api/content/custom/warband").get_json()["items"]
    assert [(x["id"], x["typed_by"], x["based_on"], x["printing"]) for x in listed] == [
        (fixed.get_json()["id"], "Ben", "thricefold-discord", "deathgorge"),
        (first["id"], "Ana", "thricefold-discord", "deathgorge")]
    assert all(x["created_at"] for x in listed)
    long = client.post("/api/content/custom/warband", json={**body, "typed_by": "x" * 41})
    assert long.status_code == 422 and "typed_by" in long.get_json()["error"]["fields"]
    assert client.get(fixed.get_json()["link"]).get_json()["payload"]["fighters"][0]["wounds"] == 5
