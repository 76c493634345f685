"""Hostile load on a running server, driven by its API document: random and hostile requests to every documented
route, random frames to the Socket.IO namespaces /live and /tournament, and a parallel client timing /healthz.

Shared by tests/api/test_openapi_fuzz.py (a bounded, seeded run in CI) and benchmarks/fuzz_health.py (the
/healthz latency under that load, reported). Everything is seeded: the same seed sends the same requests.
"""
from __future__ import annotations

import json
import math
import random
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import quote

import requests
import websocket

from app.engine import registry
from tests.support.openapi_doc import json_type, operations, path_names, request_schema, resolve, valid_body
from tests.support.play import SETUPS, play_random

TRACEBACK_MARKS = (b"Traceback", b'File "')
HOSTILE_TEXT = ["", " ", "p1", "p2", "referee", "spectator", "scorekeeper", "organiser", "\u0000", "\ud800",
                "\udfff x", "../../etc/passwd", "%00", "<script>alert(1)</script>", "' OR 1=1 --", "𝔘𝔫𝔦", "x" * 300,
                "1e400", "NaN", "null", "-1", "0", "99999999999999999999", "{}", "[]", "underworlds/deathgorge",
                "test/tally", "garreks-reavers"]
HOSTILE_ATOMS = [None, True, False, 0, -1, 1, 2**31, 2**63, -2**63, 10**30, 1.5, -0.0, 1e308, float("nan"),
                 float("inf"), float("-inf"), *HOSTILE_TEXT]
CONTENT_TYPES = ["application/json"] * 17 + ["text/plain", "application/x-www-form-urlencoded", None,
                                             "application/json; charset=latin-1"]


# -- the world the requests aim at -----------------------------------------------------------------------
@dataclass
class World:
    """Ids and tokens of every role on a running server, so hostile requests reach the code behind the checks."""

    base: str
    values: dict[str, list[str]] = field(default_factory=dict)   # path part name -> real values
    tokens: list[str] = field(default_factory=list)              # one of every role, game and tournament
    tournaments: list[str] = field(default_factory=list)
    own: dict[str, list[str]] = field(default_factory=dict)      # a game's or tournament's id -> its tokens
    catalogue: dict[str, list[dict]] = field(default_factory=dict)  # a game's id -> its ruleset's event types

    def add(self, name: str, value) -> None:
        """A real value for a path part."""
        if isinstance(value, str) and value not in self.values.setdefault(name, []):
            self.values[name].append(value)

    def token(self, owner: str, *more: str) -> None:
        """Tokens of a game or a tournament."""
        self.own.setdefault(owner, []).extend(more)
        self.tokens.extend(more)


def _post(base: str, path: str, body=None, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    resp = requests.post(base + path, json=body, headers=headers, timeout=30)
    assert resp.status_code in (200, 201, 202), (path, resp.status_code, resp.text[:300])
    return resp.json()


def build_world(base: str) -> World:
    """A Tally game (seats, referee, spectator, a waiting handover), a tournament with two players, staff and table
    links and a published round whose tracked table has an Underworlds game with its seat tokens."""
    world = World(base)
    game = _post(base, "/api/games", {"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    world.add("game_id", game["id"])
    world.add("code", game["join_code"])
    world.token(game["id"], *[s["token"] for s in game["seats"]], game["referee_token"])
    spectator = _post(base, f"/api/games/{game['id']}/join", {"code": game["join_code"], "seat": "spectator"})
    world.token(game["id"], spectator["token"])
    _post(base, f"/api/games/{game['id']}/join", {"code": game["join_code"], "seat": "p1"})  # takes the seat
    asked = _post(base, f"/api/games/{game['id']}/join", {"code": game["join_code"], "seat": "p1"})  # asks for it
    world.add("hid", asked["handover"]["id"])
    world.token(game["id"], asked["handover"]["secret"])
    tournament = _post(base, "/api/tournaments", {"name": "Fuzz Open", "date": "2026-12-01"})
    tid, org = tournament["id"], tournament["organiser_token"]
    world.add("tournament_id", tid)
    world.tournaments.append(tid)
    world.token(tid, org)
    for role, extra in (("scorekeeper", {"name": "Sam"}), ("judge", {"name": "Jo"}), ("table", {"table": 1})):
        world.token(tid, _post(base, f"/api/tournaments/{tid}/links", {"role": role, **extra}, org)["token"])
    players = []
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = _post(base, f"/api/tournaments/{tid}/players", {"name": name, "warband": warband}, org)
        players.append(p)
        world.add("player_id", p["player"])
        world.token(tid, p["token"])
        _post(base, f"/api/tournaments/{tid}/players/{p['player']}/check-in", {}, org)
    _post(base, f"/api/tournaments/{tid}/rounds/1/pair", None, org)
    _post(base, f"/api/tournaments/{tid}/rounds/1/publish", None, org)
    for p in players:
        seat = _post(base, f"/api/tournaments/{tid}/rounds/1/tables/1/seat", None, p["token"])
        world.add("game_id", seat["game"])
        world.add("code", seat["join_code"])
        world.token(seat["game"], seat["token"])
    rulesets = {r["id"]: r["catalogue"] for r in requests.get(base + "/api/rulesets", timeout=30).json()["rulesets"]}
    world.catalogue[game["id"]] = rulesets["test/tally"]
    for rid, setups in SETUPS.items():
        _game_under_way(world, rid, setups[0], rulesets[rid])
    for name, value in (("n", "1"), ("t", "1"), ("ruleset_id", "test/tally"),
                        ("ruleset_id", "underworlds/deathgorge"), ("game", "underworlds"), ("game", "conquest"),
                        ("kind", "warbands"), ("kind", "deck"), ("kind", "players"), ("kind", "cards"),
                        ("rid", "garreks-reavers"), ("wid", "garreks-reavers"), ("wid", "cyrenis-razors"),
                        ("warlord", "nazdreg"), ("warlord", "captain-cato-sicarius")):
        world.add(name, value)
    return world


def _game_under_way(world: World, ruleset_id: str, setup: dict, catalogue: list[dict], events: int = 40) -> None:
    """A game of the ruleset (a sample setup) some way into play: events of a random game played from the
    engine's suggestions, submitted until the server refuses one (its own dice or draws may differ)."""
    options = dict(setup.get("options") or {})
    options.update({k: v for k, v in setup.items() if k not in ("ruleset", "seats", "options")})
    resp = requests.post(world.base + "/api/games", json={"ruleset": ruleset_id, "seats": setup["seats"],
                                                          "options": options}, timeout=30)
    if resp.status_code != 201:
        return
    game = resp.json()
    world.add("game_id", game["id"])
    world.add("code", game["join_code"])
    world.token(game["id"], *[s["token"] for s in game["seats"]], game["referee_token"])
    world.catalogue[game["id"]] = catalogue
    _, log = play_random(registry.get(ruleset_id), setup, seed=1, max_events=events)
    referee = {"Authorization": f"Bearer {game['referee_token']}"}
    for ev in log:
        envelope = {"id": f"play-{ev.seq}", "type": ev.type, "by": ev.by, "data": ev.data}
        if requests.post(f"{world.base}/api/games/{game['id']}/events", json=envelope, headers=referee,
                         timeout=30).status_code != 201:
            return


# -- hostile requests -------------------------------------------------------------------------------------
def hostile_value(rng: random.Random, depth: int = 0):
    """A JSON value of any type, often not the one asked for."""
    roll = rng.random()
    if depth > 3 or roll < 0.55:
        return rng.choice(HOSTILE_ATOMS)
    if roll < 0.7:
        return "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 40)))
    if roll < 0.85:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(HOSTILE_TEXT): hostile_value(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def _dumps(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode("utf-8", "surrogatepass")


SEATS = ["p1", "p2", "p3", "p4", "referee", "spectator", "scorekeeper"]
FIGHTERS = ["p1.leader", "p1.brute", "p1.minion", "p2.leader", "p2.brute", "p2.minion", "p3.leader", "p9.nobody"]


def plausible(rng: random.Random, spec: dict):
    """A value of the type an event field names (an enum's choice, a seat, a fighter...), or now and then not."""
    if rng.random() < 0.2:
        return hostile_value(rng)
    kind = spec.get("type")
    if kind == "enum" and spec.get("choices"):
        return rng.choice(spec["choices"])
    return {"seat": lambda: rng.choice(SEATS), "fighter": lambda: rng.choice(FIGHTERS),
            "int": lambda: rng.choice([0, 1, 2, 3, 6, -1, 99, 2**40]), "bool": lambda: rng.random() < 0.5,
            "list": lambda: [hostile_value(rng) for _ in range(rng.randint(0, 4))],
            "str": lambda: rng.choice(HOSTILE_TEXT)}.get(kind, lambda: hostile_value(rng))()


def plausible_event(rng: random.Random, catalogue: list[dict]) -> dict:
    """An event envelope of one of the game's event types, its fields mostly of the right type: it gets past
    the wire's checks into the rules engine."""
    entry = rng.choice(catalogue)
    data = {name: plausible(rng, spec) for name, spec in (entry.get("fields") or {}).items() if rng.random() < 0.85}
    envelope = {"id": f"fuzz-{rng.randrange(10**12)}", "type": entry["type"], "by": rng.choice(SEATS[:5]),
                "data": data}
    if rng.random() < 0.2:
        envelope["override"] = {"reason": "fuzz"}
    if rng.random() < 0.2:
        envelope["expected_seq"] = rng.choice([0, 1, 40, 10**6])
    return envelope


def _properties(doc: dict, op: dict) -> dict:
    schema = request_schema(op)
    return resolve(doc, schema).get("properties", {}) if schema else {}


# Body fields whose values come from the world (ids of its players, its warbands...), by field name.
FIELD_SOURCES = {"player": "player_id", "a": "player_id", "b": "player_id", "keep": "player_id",
                 "remove": "player_id", "winner": "player_id", "warband": "wid", "ruleset": "ruleset_id",
                 "code": "code", "follows": "game_id", "warlord": "warlord"}


def plausible_body(rng: random.Random, doc: dict, props: dict, world: World) -> dict:
    """The schema's fields with values that mean something in the world (a player of the tournament, a warband, one
    of an enum's choices), some left out and now and then one hostile: it gets past the schema into the rules."""
    body = {}
    for name, prop in props.items():
        if rng.random() < 0.25:
            continue
        source = world.values.get(FIELD_SOURCES.get(name, ""))
        choices = resolve(doc, prop).get("enum")
        if rng.random() < 0.15:
            body[name] = hostile_value(rng)
        elif choices:
            body[name] = rng.choice(choices)
        elif source:
            body[name] = rng.choice(source)
        elif json_type(doc, prop) == "integer":
            body[name] = rng.choice([0, 1, 2, 3, 15, 300, -1])
        else:
            body[name] = valid_body(doc, prop)
    return body


def hostile_body(rng: random.Random, doc: dict, op: dict, limit: int, catalogue: list[dict] | None = None,
                 world: World | None = None) -> bytes:
    """A body for the operation: its schema's fields with meaningful, wrong, huge or deep values, unknown keys,
    padded shapes up to `limit` bytes, broken JSON or junk; for a game's events, mostly events of its own types."""
    schema = request_schema(op)
    props = resolve(doc, schema).get("properties", {}) if schema else {}
    good = valid_body(doc, schema) if schema else {}
    names = list(props) or ["id", "type", "by", "data", "name", "code", "seat"]
    if catalogue and {"type", "data"} <= set(props) and rng.random() < 0.6:
        return _dumps(plausible_event(rng, catalogue))
    if world is not None and props and rng.random() < 0.3:
        return _dumps(plausible_body(rng, doc, props, world))
    kind = rng.randrange(10)
    if kind <= 2:  # the schema's fields, some of them hostile
        body = dict(good) if isinstance(good, dict) else {}
        for name in rng.sample(names, k=rng.randint(1, len(names))):
            body[name] = hostile_value(rng)
        return _dumps(body)
    if kind == 3:  # a valid body with one field of another type
        name = rng.choice(names)
        other = {"string": 7, "integer": "7", "number": [], "boolean": 1, "array": "x", "object": "x"}
        return _dumps({**(good if isinstance(good, dict) else {}), name: other.get(json_type(doc, props.get(name, {})), {})})
    if kind == 4:  # unknown keys, many of them
        return _dumps({**(good if isinstance(good, dict) else {}),
                       **{f"k{i}-{rng.choice(HOSTILE_TEXT)}": i for i in range(rng.choice([1, 50, 5000]))}})
    if kind == 5:  # a long string or a long list within the size limit
        size = rng.randint(1000, max(1001, limit - 200))
        value = "x" * size if rng.random() < 0.5 else [rng.choice([0, "p1", None, {}])] * (size // 6)
        return _dumps({**(good if isinstance(good, dict) else {}), rng.choice(names): value})
    if kind == 6:  # deep nesting
        depth = rng.choice([40, 200, 1000, 20000])
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        inner = opener * depth + "1" + closer * depth
        return ('{"%s": %s}' % (rng.choice(names), inner)).encode()
    if kind == 7:  # not an object at all
        return _dumps(hostile_value(rng))
    if kind == 8:  # broken JSON, NaN tokens, lone surrogates
        return rng.choice([b"{", b'{"a": NaN}', b'{"a": Infinity}', b'["\\ud800"]', b'{"a": 1e400}', b"",
                           b"\xff\xfe\x00", b'{"a": 1,}', b"null", b'{"' + b"a" * 1000 + b'": 1}'])
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))


def hostile_part(rng: random.Random, world: World, name: str) -> str:
    """A path part: mostly a real one (of this name or another), sometimes hostile text."""
    roll = rng.random()
    if roll < 0.8 and world.values.get(name):
        return rng.choice(world.values[name])
    if roll < 0.9:
        return rng.choice([v for vs in world.values.values() for v in vs])
    return rng.choice(HOSTILE_TEXT) or "x"


def hostile_token(rng: random.Random, world: World, parts: dict[str, str]) -> str | None:
    """Mostly a token of the game or tournament the path names (any of its roles), else another's, junk or none."""
    owners = [world.own[v] for v in parts.values() if v in world.own]
    roll = rng.random()
    if roll < 0.6 and owners:
        return rng.choice(rng.choice(owners))
    if roll < 0.85:
        return rng.choice(world.tokens)
    if roll < 0.95:
        return f"{rng.choice(HOSTILE_TEXT[:8])}{rng.randrange(10**6)}".strip()
    return None


@dataclass
class Request:
    """One hostile request, printable as what was sent."""

    method: str
    template: str
    url: str
    headers: dict
    body: bytes | None

    def __str__(self) -> str:
        return f"{self.method} {self.url} headers={self.headers} body={(self.body or b'')[:200]!r}"


def hostile_requests(doc: dict, world: World, seed: int, limit: int):
    """An endless, seeded stream of hostile requests over every documented operation in turn."""
    rng = random.Random(seed)
    ops = list(operations(doc))
    # Events into the rules engine are where most of the code is: those operations come up four times as often.
    ops += [op for op in ops if {"type", "data"} <= set(_properties(doc, op[2]))] * 3
    while True:
        rng.shuffle(ops)
        for method, template, op in ops:
            parts = {name: hostile_part(rng, world, name) for name in path_names(template)}
            url = template
            for name, value in parts.items():
                url = url.replace("{" + name + "}", quote(value.encode("utf-8", "surrogatepass"), safe=""))
            if op.get("parameters") and rng.random() < 0.5:
                url += "?" + "&".join(f"{p['name']}={quote(str(hostile_value(rng)).encode('utf-8', 'surrogatepass'), safe='')}"
                                      for p in op["parameters"] if p["in"] == "query")
            token = hostile_token(rng, world, parts)
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            body = None
            if method in ("POST", "PUT", "PATCH") or rng.random() < 0.1:
                body = hostile_body(rng, doc, op, limit, world.catalogue.get(parts.get("game_id", "")), world)
                ctype = rng.choice(CONTENT_TYPES)
                if ctype:
                    headers["Content-Type"] = ctype
            yield Request(method, template, world.base + url, headers, body)


def send(http: requests.Session, req: Request) -> requests.Response:
    """Send one hostile request."""
    return http.request(req.method, req.url, headers=req.headers, data=req.body, timeout=30)


def answer_problem(resp: requests.Response) -> str | None:
    """What is wrong with an answer to a hostile request: a 5xx or a traceback (None: nothing)."""
    if resp.status_code >= 500:
        return f"answered {resp.status_code}: {resp.content[:300]!r}"
    if any(mark in resp.content for mark in TRACEBACK_MARKS):
        return f"a traceback in the answer: {resp.content[:300]!r}"
    return None


# -- hostile Socket.IO frames -----------------------------------------------------------------------------
class Frames:
    """A bare WebSocket speaking Engine.IO/Socket.IO by hand to one namespace, to send frames no client would."""

    def __init__(self, base: str, namespace: str, timeout: float = 3.0):
        self.namespace = namespace
        self.ws = websocket.create_connection(base.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                              timeout=timeout)
        assert self.ws.recv().startswith("0{")  # Engine.IO open

    def recv(self) -> str:
        """The next Socket.IO frame (answering Engine.IO pings on the way)."""
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
                continue
            return frame

    def connect(self, auth: str) -> str:
        """CONNECT with `auth` (raw JSON text); the server's answer frame (40 accepted, 44 refused)."""
        self.ws.send(f"40{self.namespace},{auth}")
        while True:
            frame = self.recv()
            if frame.startswith((f"40{self.namespace},", f"44{self.namespace},")):
                return frame

    def call(self, payload: str, ack_id: int) -> dict | None:
        """Send an event with an ack id; its ack's first argument (acks of earlier frames are skipped)."""
        self.ws.send(f"42{self.namespace},{ack_id}{payload}")
        prefix = f"43{self.namespace},{ack_id}["
        while True:
            frame = self.recv()
            if frame.startswith(prefix):
                return json.loads(frame[len(prefix) - 1:])[0]

    def close(self) -> None:
        """Close the socket."""
        try:
            self.ws.close()
        except OSError:
            pass


NOT_CLIENT_EVENTS = ["connect", "disconnect", "message", "nope"]


def hostile_auth(rng: random.Random, world: World, spec: dict) -> str:
    """CONNECT auth: a real token of any role (or none, or junk), a tournament id where the namespace's connect
    names one, a hostile last_seq."""
    auth: dict = {}
    if rng.random() < 0.9:
        auth["token"] = rng.choice(world.tokens) if rng.random() < 0.9 else hostile_value(rng)
    if "tournament" in spec["connect"]["auth"]:
        auth["tournament"] = rng.choice(world.tournaments) if rng.random() < 0.8 else hostile_value(rng)
    if rng.random() < 0.25:
        auth["last_seq"] = hostile_value(rng)
    roll = rng.random()
    if roll < 0.8:
        return json.dumps(auth, allow_nan=True)
    return rng.choice(["", "[]", "null", "1", '"x"', "{", '{"token": NaN}', '{"token": "\\ud800"}', "{}" * 1000])


def strict_json(text: str) -> bool:
    """Whether `text` is JSON a strict parser reads (no NaN, no Infinity, no lone surrogates)."""
    def refuse(token):
        raise ValueError(token)
    try:
        json.dumps(json.loads(text, parse_constant=refuse), ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeEncodeError, RecursionError):
        return False
    return True


def hostile_frame(rng: random.Random, spec: dict, catalogue: list[dict] | None = None) -> tuple[str, bool]:
    """A Socket.IO event payload (`[name, args...]` as JSON text) and whether the server must ack it: an event
    the namespace's document says clients send (twice as often), one it sends them, or one nobody sends; where
    clients submit events, half of those a submit of one of the game's own event types."""
    asked = spec["client_to_server"]
    if "submit" in asked and catalogue and rng.random() < 0.5:
        return json.dumps(["submit", plausible_event(rng, catalogue)], allow_nan=True), True
    name = rng.choice([*asked, *asked, *spec["server_to_client"], *NOT_CLIENT_EVENTS])
    args = []
    for _ in range(rng.randint(0, 3)):
        if rng.random() < 0.2:
            args.append(rng.choice(["NaN", '"\\ud800"', "[" * 50 + "]" * 50, '{"a": 1e400}']))
        else:
            args.append(json.dumps(hostile_value(rng), allow_nan=True))
    answered = "ack" in asked.get(name, {})
    return "[" + ",".join([json.dumps(name), *args]) + "]", answered


def fuzz_socket(world: World, spec: dict, seed: int, frames: int) -> list[str]:
    """Send `frames` hostile connects and events to the namespace the document's `spec` describes (its
    x-socketio extension); the problems seen: a 5xx ack, a well-formed CONNECT or acked event left unanswered.
    (A frame that is not JSON may go unanswered or drop the socket: the Socket.IO layer cannot read which event
    it was; the server's log shows whether it crashed.)"""
    namespace = spec["namespace"]
    rng = random.Random(seed)
    problems: list[str] = []
    sock: Frames | None = None
    catalogue = None
    game_of = {token: owner for owner, tokens in world.own.items() for token in tokens}
    ack_ids = iter(range(1, 10**9))
    for _ in range(frames):
        sent = ""
        try:
            if sock is None or rng.random() < 0.15:
                if sock is not None:
                    sock.close()
                sock = Frames(world.base, namespace)
                auth = hostile_auth(rng, world, spec)
                sent = "CONNECT " + auth
                if not strict_json(auth or "{}"):  # unreadable: nothing to wait for
                    sock.ws.send(f"40{namespace},{auth}")
                    sock.close()
                    sock = None
                    continue
                answer = sock.connect(auth)
                token = json.loads(auth).get("token") if auth.startswith("{") else None
                catalogue = world.catalogue.get(game_of.get(token, "") if isinstance(token, str) else "")
                if answer.startswith(f"44{namespace},"):
                    sock.close()
                    sock = None
                    continue
            payload, answered = hostile_frame(rng, spec, catalogue)
            sent = payload
            if answered and strict_json(payload):
                ack = sock.call(payload, next(ack_ids))
                if not isinstance(ack, dict) or not isinstance(ack.get("status"), int) or ack["status"] >= 500:
                    problems.append(f"{namespace} {payload[:200]} -> {str(ack)[:300]}")
            else:
                sock.ws.send(f"42{namespace},{next(ack_ids)}{payload}")
        except (OSError, websocket.WebSocketException) as exc:
            body = sent.removeprefix("CONNECT ")
            if isinstance(exc, websocket.WebSocketTimeoutException) and strict_json(body or "{}"):
                problems.append(f"{namespace} no answer to {sent[:200]}")
            sock = None
    if sock is not None:
        sock.close()
    return problems


# -- the parallel client ----------------------------------------------------------------------------------
class HealthProbe:
    """A thread asking GET /healthz every `interval` seconds on its own connection; the latencies it saw."""

    def __init__(self, base: str, interval: float = 0.02, timeout: float = 10.0):
        self.url = base + "/healthz"
        self.interval = interval
        self.timeout = timeout
        self.latencies_ms: list[float] = []
        self.failures: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="healthz-probe", daemon=True)

    def _run(self) -> None:
        http = requests.Session()
        while not self._stop.is_set():
            started = time.perf_counter()
            try:
                resp = http.get(self.url, timeout=self.timeout)
                if resp.status_code != 200:
                    self.failures.append(f"/healthz answered {resp.status_code}")
            except requests.RequestException as exc:
                self.failures.append(f"/healthz: {exc}")
            self.latencies_ms.append((time.perf_counter() - started) * 1000)
            self._stop.wait(self.interval)

    def __enter__(self) -> HealthProbe:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(self.timeout + 1)

    def percentile(self, p: float) -> float:
        """The p-th percentile of the latencies seen, in ms (nearest rank)."""
        ordered = sorted(self.latencies_ms)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]
