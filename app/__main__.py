"""python -m app: serve Tablewarden with Flask-SocketIO (HOST, PORT, ASYNC_MODE... from the environment)."""
import os

# The green modes must patch the standard library before anything else opens sockets or threads.
_MODE = (os.environ.get("ASYNC_MODE") or "eventlet").strip().lower()
if _MODE == "eventlet":
    import eventlet

    eventlet.monkey_patch()
elif _MODE == "gevent":
    from gevent import monkey

    monkey.patch_all()


def main() -> None:
    """Read the configuration, build the app and serve until stopped."""
    from app import create_app, socketio
    from app.config import Config

    cfg = Config.from_env()
    app = create_app(cfg)
    kwargs = {"host": cfg.HOST, "port": cfg.PORT, "log_output": cfg.LOG_LEVEL == "DEBUG"}
    if cfg.ASYNC_MODE == "threading":
        kwargs["allow_unsafe_werkzeug"] = True  # the threading mode runs on Werkzeug's server
    print(f"Tablewarden on http://{cfg.HOST}:{cfg.PORT} ({cfg.ASYNC_MODE}, "
          f"{'PostgreSQL' if cfg.DATABASE_URL.startswith('postgres') else 'SQLite'}"
          f"{', Redis queue' if cfg.REDIS_URL else ''})", flush=True)
    socketio.run(app, **kwargs)


if __name__ == "__main__":
    main()
