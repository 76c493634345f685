"""python -m app: serve Tablewarden with Flask-SocketIO (HOST, PORT, ASYNC_MODE... from the environment)."""
import os

# The green modes must patch the standard library before anything else opens sockets or threads.
_MODE = (os.environ.get("ASYNC_MODE") or "eventlet").strip().lower()
if _MODE == "eventlet":
    import eventlet

    eventlet.monkey_patch()
elif _MODE == "gevent":
    try:
        from gevent import monkey
    except ImportError:
        raise SystemExit("ASYNC_MODE=gevent but gevent is not installed: pip install 'tablewarden[gevent]'")

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
    if cfg.ASYNC_MODE == "eventlet":
        serve_eventlet(app, cfg.HOST, cfg.PORT, kwargs["log_output"])
    else:
        socketio.run(app, **kwargs)


def serve_eventlet(app, host: str, port: int, log_output: bool) -> None:
    """What socketio.run does under eventlet, with TCP_NODELAY on the listening socket.

    Accepted connections inherit it, so the small frames pushed back to back to one phone (`applied`
    then its `view`) leave at once instead of waiting ~40 ms for the previous one's ACK (Nagle).
    """
    import socket

    import eventlet
    import eventlet.wsgi

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = eventlet.listen((host, port), family=family)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    eventlet.wsgi.server(listener, app, log_output=log_output, debug=False)  # never a traceback to a client


if __name__ == "__main__":
    main()
