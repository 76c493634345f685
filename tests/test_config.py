"""Configuration from the environment (the table of docs/operating.md, Configuration)."""
import pytest

from app.config import Config
from app.server import create_app


def test_defaults():
    cfg = Config.from_env({})
    assert (cfg.HOST, cfg.PORT, cfg.DATABASE_URL, cfg.REDIS_URL, cfg.ASYNC_MODE) == ("0.0.0.0", 5000, "", "", "eventlet")
    assert cfg.MAX_BODY_BYTES == 256 * 1024 and cfg.cors() is None and len(cfg.secret_key()) == 64


def test_every_variable_is_read():
    env = {"HOST": "127.0.0.1", "PORT": "8080", "DATABASE_URL": " postgresql://db/tw ", "REDIS_URL": "redis://r:6379/0",
           "ASYNC_MODE": "Gevent", "SECRET_KEY": "s3", "PUBLIC_URL": "https://t.example/", "MAX_BODY_BYTES": "1000",
           "RATE_LIMIT_PER_SECOND": "2.5", "RATE_LIMIT_BURST": "7", "CORS_ORIGINS": "https://a, https://b",
           "DB_POOL_SIZE": "0", "LOG_LEVEL": "debug", "RULESET_PLUGINS": "x.y", "TESTING": "yes"}
    cfg = Config.from_env(env)
    assert cfg.HOST == "127.0.0.1" and cfg.PORT == 8080 and cfg.DATABASE_URL == "postgresql://db/tw"
    assert cfg.REDIS_URL == "redis://r:6379/0" and cfg.ASYNC_MODE == "gevent" and cfg.secret_key() == "s3"
    assert cfg.PUBLIC_URL == "https://t.example" and cfg.MAX_BODY_BYTES == 1000
    assert cfg.RATE_LIMIT_PER_SECOND == 2.5 and cfg.RATE_LIMIT_BURST == 7 and cfg.cors() == ["https://a", "https://b"]
    assert cfg.DB_POOL_SIZE == 1 and cfg.LOG_LEVEL == "DEBUG" and cfg.RULESET_PLUGINS == "x.y" and cfg.TESTING


@pytest.mark.parametrize("env", [{"PORT": "eighty"}, {"ASYNC_MODE": "asyncio"}, {"RATE_LIMIT_PER_SECOND": "fast"}])
def test_bad_values_are_refused_with_the_variable_named(env):
    with pytest.raises(ValueError, match=next(iter(env))):
        Config.from_env(env)


def test_overrides_replace_settings():
    cfg = Config.from_env({}).updated({"PORT": 1, "INSTANCE_PATH": "/tmp/x"})
    assert cfg.PORT == 1 and cfg.INSTANCE_PATH == "/tmp/x"


def test_an_unknown_setting_stops_the_start_with_its_name(tmp_path):
    """A misspelt setting would otherwise leave its default silently in force."""
    with pytest.raises(ValueError, match="Unknown setting RATE_LIMIT_PER_SECONDS"):
        Config.from_env({}).updated({"PORT": 1, "RATE_LIMIT_PER_SECONDS": 1})
    with pytest.raises(ValueError, match="Unknown setting SERVER_NAME"):
        create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                    "INSTANCE_PATH": str(tmp_path), "SERVER_NAME": "tables.example"})
    assert not (tmp_path / "tw.sqlite3").exists()  # refused before anything was opened


@pytest.mark.parametrize("settings, module, extra", [
    ({"DATABASE_URL": "postgresql://tw@db/tw"}, "psycopg", "postgres"),
    ({"REDIS_URL": "redis://localhost:6379/0"}, "redis", "redis"),
    ({"ASYNC_MODE": "gevent"}, "gevent", "gevent"),
])
def test_a_setting_that_needs_a_missing_optional_part_names_the_extra_to_install(settings, module, extra):
    cfg = Config().updated(settings)
    cfg.require_optional_parts(find_spec=lambda name: object())  # all installed: nothing to say
    with pytest.raises(RuntimeError, match=rf"{module} is not installed: pip install 'tablewarden\[{extra}\]'"):
        cfg.require_optional_parts(find_spec=lambda name: None if name == module else object())
