"""python -m app: serve Tablewarden with Flask-SocketIO (HOST, PORT, ASYNC_MODE... from the environment);
python -m app <command>: an operator command (app/admin.py: export, import, prune, check-content, verify)."""
import os
from typing import Any

# The green modes must patch the standard library before anything else opens sockets or threads.
_MODE = (os.environ.get("ASYNC_MODE") or "eventlet").strip().lower()
if _MODE == "eventlet":
    import warnings

    # Eventlet warns on import, in a dozen lines, that upstream keeps it in bug-fix mode only; serve() says so in
    # one line of its own (EVENTLET_NOTE), so every start and every operator command is not led by that warning.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"\s*Eventlet is deprecated")
        import eventlet

    eventlet.monkey_patch()

elif _MODE == "gevent":
    try:
        from gevent import monkey
    except ImportError:
        raise SystemExit("ASYNC_MODE=gevent but gevent is not installed: pip install 'tablewarden[gevent]'") from None

    monkey.patch_all()

EVENTLET_NOTE = ("Tablewarden: eventlet is kept in bug-fix mode upstream; ASYNC_MODE=gevent serves the same app "
                 "(pip install 'tablewarden[gevent]').")


def main() -> None:
    """Serve (no arguments), or run an operator command (python -m app export|import|prune|check-content|verify)."""
    import sys

    from app import admin
    if len(sys.argv) > 1:
        raise SystemExit(admin.main(sys.argv[1:]))
    serve()


def serve() -> None:
    """Read the configuration, build the app and serve until stopped."""
    import sys

    from app.config import Config
    from app.server import create_app, socketio

    cfg = Config.from_env()
    refuse_taken_port(cfg.HOST, cfg.PORT)
    from app.web import build_static
    build_static()   # the phone's bundled modules; without them (no Node.js) the source modules are served
    from app.store.sqlite import UnusableDatabase
    try:
        app = create_app(cfg)
    except UnusableDatabase as exc:
        raise SystemExit(f"Tablewarden: {exc}") from exc
    from app.collector import settle_garbage_collector
    settle_garbage_collector()
    from app.live.runtime import hand_over_quickly
    hand_over_quickly(cfg.ASYNC_MODE)
    kwargs: dict[str, Any] = {"host": cfg.HOST, "port": cfg.PORT, "log_output": cfg.LOG_LEVEL == "DEBUG"}
    if cfg.ASYNC_MODE == "threading":
        kwargs["allow_unsafe_werkzeug"] = True  # the threading mode runs on Werkzeug's server
    print(f"Tablewarden on http://{cfg.HOST}:{cfg.PORT} ({cfg.ASYNC_MODE}, "
          f"{'PostgreSQL' if cfg.DATABASE_URL.startswith('postgres') else 'SQLite'}"
          f"{', Redis queue' if cfg.REDIS_URL else ''})", flush=True)
    if cfg.ASYNC_MODE == "eventlet":
        print(EVENTLET_NOTE, file=sys.stderr, flush=True)
        serve_eventlet(app, cfg.HOST, cfg.PORT, kwargs["log_output"], cfg.CLIENT_TIMEOUT)
    else:
        socketio.run(app, **kwargs)


def refuse_taken_port(host: str, port: int) -> None:
    """Exit with a message when another process listens on the port.

    Without this, a second server started by mistake would share the port (SO_REUSEPORT) and the
    kernel would split the phones between two processes that never see each other's broadcasts.
    """
    import errno
    import socket
    import sys

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    probe = socket.socket(family, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT leftovers are fine
        probe.bind((host, port))
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EACCES):
            sys.exit(f"Tablewarden: cannot listen on {host}:{port}: {exc.strerror}. Another server is "
                     "probably running there; stop it or set PORT.")
        raise
    finally:
        probe.close()


def serve_eventlet(app, host: str, port: int, log_output: bool, client_timeout: float = 60.0) -> None:
    """What socketio.run does under eventlet, with TCP_NODELAY on the listening socket.

    Accepted connections inherit it, so the small frames pushed back to back to one phone (`applied`
    then its `view`) leave at once instead of waiting ~40 ms for the previous one's ACK (Nagle).
    A connection silent for `client_timeout` seconds (idle between requests, or stalled mid-request)
    is closed; a live phone's socket is never that quiet (Socket.IO pings every 25 s).
    """
    import socket

    import eventlet
    import eventlet.wsgi

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = eventlet.listen((host, port), family=family, reuse_port=False)  # one process per port
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    eventlet.wsgi.server(listener, app, log_output=log_output, debug=False,  # never a traceback to a client
                         keepalive=client_timeout, socket_timeout=client_timeout)


if __name__ == "__main__":
    main()
