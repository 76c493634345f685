"""The API document against the server (app/api/openapi.py): each route's documented request schema is what the
server enforces, every status the server answers is one the document lists, and 429 is listed exactly where a rate
limit applies.

Driven by the document: a route documented tomorrow is checked the same way, with no change here. Path parts are
filled from a small world (a game, a handover request, a tournament with a draft round); a part this file does not
know is sent as "x" and that route is checked for its statuses only.
"""
from __future__ import annotations

import dataclasses
import functools
import json

import pytest

import tests.support.tally  # noqa: F401 - registers the "test/tally" ruleset
from app.ratelimit import Limits
from app.server import create_app
from app.service import handover
from tests.support.openapi_doc import WRITE_METHODS, json_type, operations, request_schema, resolve, valid_body

BODY_LIMIT = 64 * 1024
EVIL_ORIGIN = "https://evil.example"
# Values no lenient parser takes for a field of that type (marshmallow reads "12" as an int, "yes" as a bool).
WRONG = {"string": 12345, "integer": "twelve", "number": "twelve", "boolean": "maybe", "array": {"not": "a list"},
         "object": ["not", "an object"]}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    root = tmp_path_factory.mktemp("openapi-conformance")
    return create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{root / 'tw.sqlite3'}", "TESTING": True,
                       "INSTANCE_PATH": str(root), "RATE_LIMIT_PER_SECOND": 0, "MAX_BODY_BYTES": BODY_LIMIT,
                       "IMPORT_MAX_BYTES": 2 * BODY_LIMIT})


@pytest.fixture(scope="module")
def doc(app):
    return app.test_client().get("/api/openapi.json").get_json()


class Checked:
    """A test client that notes every answer whose status the document does not list for its operation."""

    def __init__(self, app, doc):
        self.client = app.test_client()
        self.doc = doc
        self.problems: list[str] = []

    def documented(self, method: str, template: str) -> set[int]:
        return {int(s) for s in self.doc["paths"][template][method.lower()]["responses"]}

    def send(self, method: str, template: str, url: str, token: str | None = None, body=None, raw: bytes | None = None,
             content_type: str = "application/json", headers: dict | None = None, why: str = ""):
        """Send one request; an undocumented status is noted (with what was sent), the response returned."""
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        if data is not None:
            headers["Content-Type"] = content_type
        resp = self.client.open(url, method=method, data=data, headers=headers)
        if resp.status_code not in self.documented(method, template):
            self.problems.append(f"{method} {template} answered {resp.status_code} ({why}; sent "
                                 f"{(data or b'')[:120]!r}): {resp.get_data(as_text=True)[:200]}")
        return resp


def _world(checked: Checked) -> dict:
    """A game (with a handover request waiting), a tournament with two checked-in players and a draft round 1."""
    def send(method, template, token=None, body=None, **parts):
        url = template.format(**parts)
        return checked.send(method, template, url, token, body, why="building the world")

    made = send("POST", "/api/games", body={"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    game = made.get_json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    for _ in range(2):  # the first phone takes the seat; the second asks its holder (202)
        asked = send("POST", "/api/games/{game_id}/join", body={"code": game["join_code"], "seat": "p1"},
                     game_id=game["id"]).get_json()
    assert "handover" in asked, asked
    tournament = send("POST", "/api/tournaments", body={"name": "Open", "date": "2026-12-01"}).get_json()
    org = tournament["organiser_token"]
    players = []
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = send("POST", "/api/tournaments/{tournament_id}/players", org, {"name": name, "warband": warband},
                 tournament_id=tournament["id"]).get_json()
        players.append(p["player"])
        send("POST", "/api/tournaments/{tournament_id}/players/{player_id}/check-in", org, tournament_id=tournament["id"],
             player_id=p["player"])
    send("POST", "/api/tournaments/{tournament_id}/rounds/{n}/pair", org, tournament_id=tournament["id"], n="1")
    return {"game": game, "p1": tokens["p1"], "referee": game["referee_token"], "handover": asked["handover"], "tournament": tournament["id"], "organiser": org,
            "players": players}


def _parts(template: str, world: dict) -> tuple[dict, bool]:
    """Path parts for a template, and whether every one of them was known."""
    known = {"game_id": world["game"]["id"], "code": world["game"]["join_code"], "hid": world["handover"]["id"],
             "ruleset_id": "test/tally", "tournament_id": world["tournament"], "player_id": world["players"][0], "n": "1",
             "t": "1", "game": "underworlds", "rid": "garreks-reavers", "wid": "garreks-reavers"}
    if template.startswith("/api/content/custom/"):
        known["kind"] = "deck"
    elif template.startswith("/api/content/"):
        known["kind"] = "warbands"
    elif template.startswith("/api/tournaments/"):
        known["kind"] = "players"
    names = [part.split("}")[0] for part in template.split("{")[1:]]
    return {n: known.get(n, "x") for n in names}, all(n in known for n in names)


def _tokens(method: str, template: str, world: dict) -> list[str]:
    """Tokens that may do what the route does, likeliest first: the handover's own secret, a seat's or the
    referee's, or the organiser's."""
    if template.endswith("/handovers/{hid}") and method in ("GET", "DELETE"):
        return [world["handover"]["secret"]]
    return [world["organiser"]] if template.startswith("/api/tournaments") else [world["p1"], world["referee"]]


def valid_bodies(doc: dict, schema: dict, good: dict) -> list[dict]:
    """The smallest valid body, then one per other choice of each enum (a field one choice makes required, such as
    a lost link's `player` for role=player, is a rule the schema alone cannot say)."""
    out = [good]
    for name in schema.get("required", []):
        for choice in resolve(doc, schema["properties"][name]).get("enum", [])[1:]:
            out.append({**good, name: choice})
    return out


def test_every_answer_of_every_documented_route_is_documented_and_the_body_schema_is_enforced(app, doc):
    checked = Checked(app, doc)
    world = _world(checked)
    refused_too_little: list[str] = []
    for method, template, op in operations(doc):
        parts, all_known = _parts(template, world)
        url = template.format(**parts)
        write = method in WRITE_METHODS
        send = functools.partial(checked.send, method, template, url)
        send(why="no token, no body")
        candidates = _tokens(method, template, world)
        token = next((t for t in candidates if send(why="a token, no body", token=t).status_code not in (401, 403)),
                     None)
        if write:
            if send(why="a text body", token=token, raw=b"hello", content_type="text/plain").status_code != 415:
                refused_too_little.append(f"{method} {template}: a text/plain body is not 415")
            if send(why="another site's page", token=token, body={}, headers={"Origin": EVIL_ORIGIN}).status_code != 403:
                refused_too_little.append(f"{method} {template}: a write from another site is not 403")
        if "requestBody" not in op or not all_known or token is None:
            continue  # a body is read only once the path names something real and the token may act
        for why, raw, wanted in (("broken JSON", b'{"a": ', 400), ("NaN", b'{"a": NaN}', 400),
                                 ("too large", b'{"pad": "' + b"x" * (3 * BODY_LIMIT) + b'"}', 413)):
            status = send(why=why, token=token, raw=raw).status_code
            if status != wanted and not (wanted == 400 and status == 422 and 422 in checked.documented(method, template)):
                refused_too_little.append(f"{method} {template}: {why} answered {status}, not {wanted}")
        schema = request_schema(op)
        if schema is None:
            continue
        good = valid_body(doc, schema)
        refusals = [("not an object", ["a", "list"])]
        resolved = resolve(doc, schema)
        if resolved.get("additionalProperties") is False:
            refusals.append(("an unknown key", {**good, "zz_unknown": 1}))
        for name, prop in resolved.get("properties", {}).items():
            kind = json_type(doc, prop)
            if kind in WRONG and "enum" not in resolve(doc, prop):
                refusals.append((f"{name} of the wrong type", {**good, name: WRONG[kind]}))
        for why, body in refusals:
            status = send(why=why, token=token, body=body).status_code
            if status not in (400, 422):
                refused_too_little.append(f"{method} {template}: a body with {why} answered {status}, not 400/422")
        answers = [send(why="a valid body", token=token, body=body) for body in valid_bodies(doc, resolved, good)]
        if all(answer.status_code == 400 for answer in answers):
            refused_too_little.append(f"{method} {template}: every valid body the document describes ({good}, "
                                      f"each choice of its enums) is refused as malformed: "
                                      f"{answers[0].get_data(as_text=True)[:200]}")
    assert not checked.problems, "undocumented statuses (list them in OPERATIONS, app/api/openapi.py):\n" + \
        "\n".join(checked.problems)
    assert not refused_too_little, "the document's request schema is not what the server enforces:\n" + \
        "\n".join(refused_too_little)


def test_an_expired_handover_answers_410_as_documented(app, doc, monkeypatch):
    checked = Checked(app, doc)
    world = _world(checked)
    template = "/api/games/{game_id}/handovers/{hid}"
    url = template.format(game_id=world["game"]["id"], hid=world["handover"]["id"])
    monkeypatch.setattr(handover.time, "time", lambda real=handover.time.time: real() + 10 * handover.HANDOVER_SECONDS)
    answer = checked.send("POST", template, url, world["p1"], {"approve": True}, why="an expired request")
    assert answer.status_code == 410 and answer.get_json()["error"]["code"] == "handover_expired"
    assert not checked.problems, checked.problems


def test_429_is_documented_exactly_where_a_rate_limit_applies(app, doc):
    checked = Checked(app, doc)
    world = _world(checked)
    ext = app.extensions["tablewarden"]
    tight = dataclasses.replace(app.config["TW"], RATE_LIMIT_PER_SECOND=0.01, RATE_LIMIT_BURST=1,
                                RATE_LIMIT_ADDRESS_PER_SECOND=0.01, RATE_LIMIT_ADDRESS_BURST=1,
                                JOIN_CODE_MISSES_PER_HOUR=1, IMPORTS_PER_HOUR=1)
    wrong: list[str] = []
    unlimited = ext["limits"]
    try:
        for method, template, op in operations(doc):
            listed = 429 in checked.documented(method, template)
            token = _tokens(method, template, world)[0]
            body = valid_body(doc, request_schema(op)) if request_schema(op) else None
            answered = set()
            for parts in (_parts(template, world)[0], {n: "x" for n in _parts(template, world)[0]}):
                ext["limits"] = Limits(tight)
                for _ in range(4):  # past a read's burst too (3 times a write's: app/ratelimit.py READ_FACTOR)
                    answered.add(checked.send(method, template, template.format(**parts), token, body,
                                              why="a flood").status_code)
            if listed != (429 in answered):
                wrong.append(f"{method} {template}: 429 {'listed' if listed else 'not listed'}, answered {answered}")
    finally:
        ext["limits"] = unlimited
    assert not wrong, "429 must be listed exactly where a limit applies:\n" + "\n".join(wrong)
