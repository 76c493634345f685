"""Configuration from the environment (every variable optional; docs/operating.md lists them all)."""
from __future__ import annotations

import importlib.util
import os
import secrets
from dataclasses import dataclass, fields
from typing import Any, Mapping

ASYNC_MODES = ("eventlet", "gevent", "threading")


def _number(env: Mapping[str, str], name: str, default, cast=int, what: str = "a whole number"):
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return cast(raw)
    except ValueError as exc:
        raise ValueError(f"{name} must be {what}, got {raw!r}") from exc


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    return _number(env, name, default)


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    return _number(env, name, default, float, "a number")


def _choice(env: Mapping[str, str], name: str, default: str, allowed: tuple[str, ...]) -> str:
    raw = (env.get(name) or default).strip().lower()
    if raw not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {raw!r}")
    return raw


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


@dataclass
class Config:
    """Server settings; `from_env` reads them, tests pass overrides to `create_app(config)`."""

    HOST: str = "0.0.0.0"             # all interfaces, so phones on the table's network can reach it
    PORT: int = 5000
    DATABASE_URL: str = ""            # "" = SQLite file instance/tablewarden.sqlite3
    REDIS_URL: str = ""               # Socket.IO message queue when several processes serve one site
    ASYNC_MODE: str = "eventlet"
    SECRET_KEY: str = ""
    PUBLIC_URL: str = ""              # base of join links / QR codes; "" = the URL the request came in on
    ALLOWED_HOSTS: str = ""           # comma-separated host names join links may name; "" = any plain host
    MAX_BODY_BYTES: int = 256 * 1024  # request bodies (HTTP) and Socket.IO messages
    IMPORT_MAX_BYTES: int = 16 * 1024 * 1024  # POST /api/games/import: a whole game's log
    RATE_LIMIT_PER_SECOND: float = 10.0   # sustained submissions per token (or per address)
    RATE_LIMIT_BURST: int = 40            # how many may come at once before the limit bites
    RATE_LIMIT_ADDRESS_PER_SECOND: float = 0.0  # the same per client address; 0 = 5x the per-token figure
    RATE_LIMIT_ADDRESS_BURST: int = 0           # 0 = 5x RATE_LIMIT_BURST
    JOIN_CODE_MISSES_PER_HOUR: int = 60   # join-code lookups that find no game, per address
    IMPORTS_PER_HOUR: int = 20            # game imports per address
    REGISTRATION_REQUESTS_PER_HOUR: int = 40  # requests through an event's registration link, per address
    IMPORT_MAX_EVENTS: int = 20_000       # events in one imported log
    IMPORT_MAX_SECONDS: float = 20.0      # time one import may spend replaying its log
    # A saved warband, deck, card list or unit card: the largest shipped record is 15 KB (content/underworlds, the
    # "Leaders" deck; warbands at most 11.9 KB), so twice that and some; and how many one address may save a day.
    CUSTOM_MAX_BYTES: int = 32 * 1024
    CUSTOM_SAVES_PER_DAY: int = 100
    CORS_ORIGINS: str = ""            # Socket.IO allowed origins, comma separated; "" = same origin only, "*" = any
    DB_POOL_SIZE: int = 4
    CLIENT_TIMEOUT: float = 60.0       # seconds a connection may stay silent (idle, or mid-request) before it is closed
    TRUST_PROXY: int = 0              # how many reverse proxies / load balancers set X-Forwarded-* in front
    LOG_LEVEL: str = "INFO"
    LOG_FORMAT: str = "text"          # "json": one JSON object per log line
    METRICS_TOKEN: str = ""           # when set, GET /metrics needs Authorization: Bearer <it>
    RULESET_PLUGINS: str = ""         # comma-separated modules imported at start that register extra rulesets
    TESTING: bool = False
    INSTANCE_PATH: str = ""           # folder of the SQLite file; "" = instance/ next to the app package (tests: a tmp dir)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Config":
        """Read every setting from environment variables (missing ones keep their defaults)."""
        env = os.environ if env is None else env
        d = cls()
        mode = (env.get("ASYNC_MODE") or d.ASYNC_MODE).strip().lower()
        if mode not in ASYNC_MODES:
            raise ValueError(f"ASYNC_MODE must be one of {', '.join(ASYNC_MODES)}, got {mode!r}")
        return cls(
            HOST=env.get("HOST") or d.HOST,
            PORT=_int(env, "PORT", d.PORT),
            DATABASE_URL=env.get("DATABASE_URL", d.DATABASE_URL).strip(),
            REDIS_URL=env.get("REDIS_URL", d.REDIS_URL).strip(),
            ASYNC_MODE=mode,
            SECRET_KEY=env.get("SECRET_KEY", d.SECRET_KEY),
            PUBLIC_URL=env.get("PUBLIC_URL", d.PUBLIC_URL).strip().rstrip("/"),
            ALLOWED_HOSTS=env.get("ALLOWED_HOSTS", d.ALLOWED_HOSTS).strip(),
            MAX_BODY_BYTES=_int(env, "MAX_BODY_BYTES", d.MAX_BODY_BYTES),
            IMPORT_MAX_BYTES=_int(env, "IMPORT_MAX_BYTES", d.IMPORT_MAX_BYTES),
            RATE_LIMIT_PER_SECOND=_float(env, "RATE_LIMIT_PER_SECOND", d.RATE_LIMIT_PER_SECOND),
            RATE_LIMIT_BURST=_int(env, "RATE_LIMIT_BURST", d.RATE_LIMIT_BURST),
            RATE_LIMIT_ADDRESS_PER_SECOND=_float(env, "RATE_LIMIT_ADDRESS_PER_SECOND", d.RATE_LIMIT_ADDRESS_PER_SECOND),
            RATE_LIMIT_ADDRESS_BURST=_int(env, "RATE_LIMIT_ADDRESS_BURST", d.RATE_LIMIT_ADDRESS_BURST),
            JOIN_CODE_MISSES_PER_HOUR=max(1, _int(env, "JOIN_CODE_MISSES_PER_HOUR", d.JOIN_CODE_MISSES_PER_HOUR)),
            IMPORTS_PER_HOUR=max(1, _int(env, "IMPORTS_PER_HOUR", d.IMPORTS_PER_HOUR)),
            REGISTRATION_REQUESTS_PER_HOUR=max(1, _int(env, "REGISTRATION_REQUESTS_PER_HOUR",
                                                       d.REGISTRATION_REQUESTS_PER_HOUR)),
            IMPORT_MAX_EVENTS=max(1, _int(env, "IMPORT_MAX_EVENTS", d.IMPORT_MAX_EVENTS)),
            IMPORT_MAX_SECONDS=max(0.1, _float(env, "IMPORT_MAX_SECONDS", d.IMPORT_MAX_SECONDS)),
            CUSTOM_MAX_BYTES=max(1024, _int(env, "CUSTOM_MAX_BYTES", d.CUSTOM_MAX_BYTES)),
            CUSTOM_SAVES_PER_DAY=max(1, _int(env, "CUSTOM_SAVES_PER_DAY", d.CUSTOM_SAVES_PER_DAY)),
            CORS_ORIGINS=env.get("CORS_ORIGINS", d.CORS_ORIGINS).strip(),
            DB_POOL_SIZE=max(1, _int(env, "DB_POOL_SIZE", d.DB_POOL_SIZE)),
            CLIENT_TIMEOUT=max(1.0, _float(env, "CLIENT_TIMEOUT", d.CLIENT_TIMEOUT)),
            TRUST_PROXY=max(0, _int(env, "TRUST_PROXY", d.TRUST_PROXY)),
            LOG_LEVEL=(env.get("LOG_LEVEL") or d.LOG_LEVEL).upper(),
            LOG_FORMAT=_choice(env, "LOG_FORMAT", d.LOG_FORMAT, ("text", "json")),
            METRICS_TOKEN=env.get("METRICS_TOKEN", d.METRICS_TOKEN).strip(),
            RULESET_PLUGINS=env.get("RULESET_PLUGINS", d.RULESET_PLUGINS).strip(),
            TESTING=_bool(env, "TESTING", d.TESTING),
        )

    def updated(self, overrides: Mapping[str, Any] | None) -> "Config":
        """A copy with some settings replaced; a name that is not a setting stops the start (a typo would
        otherwise leave the default silently in force)."""
        if not overrides:
            return self
        known = {f.name for f in fields(self)}
        unknown = sorted(str(key) for key in overrides if key not in known)
        if unknown:
            raise ValueError(f"Unknown setting {', '.join(unknown)}: the settings are those of the "
                             "configuration table in docs/operating.md (app/config.py).")
        kw = {f.name: getattr(self, f.name) for f in fields(self)}
        kw.update(overrides)
        return Config(**kw)

    def secret_key(self) -> str:
        """SECRET_KEY, or a random one per process (fine: tokens are bearer tokens, not signed cookies)."""
        return self.SECRET_KEY or secrets.token_hex(32)

    def require_optional_parts(self, find_spec=None) -> None:
        """Stop with the pip command to run when a setting needs an optional part that is not installed."""
        find_spec = find_spec or importlib.util.find_spec
        needs = []
        if self.DATABASE_URL.startswith(("postgresql://", "postgres://")):
            needs.append(("psycopg", "postgres", "DATABASE_URL names PostgreSQL"))
        if self.REDIS_URL:
            needs.append(("redis", "redis", "REDIS_URL is set"))
        if self.ASYNC_MODE == "gevent":
            needs += [("gevent", "gevent", "ASYNC_MODE=gevent"), ("geventwebsocket", "gevent", "ASYNC_MODE=gevent")]
        for module, extra, why in needs:
            if find_spec(module) is None:
                raise RuntimeError(f"{why} but {module} is not installed: pip install 'tablewarden[{extra}]' "
                                   "(scripts/setup installs every optional part)")

    def cors(self):
        """Socket.IO `cors_allowed_origins` value."""
        if not self.CORS_ORIGINS:
            return None
        if self.CORS_ORIGINS == "*":
            return "*"
        return [o.strip() for o in self.CORS_ORIGINS.split(",") if o.strip()]
