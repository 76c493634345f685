"""How responses leave the server: compressed when they are text, and with the right cache headers."""
from __future__ import annotations

from flask import Flask, request
from flask_compress import Compress

# Pages, the API and unversioned files must be revalidated every time (a phone never runs a stale
# page against a newer server); versioned static files set their own year-long header (app/web.py).
DEFAULT_CACHE = "no-cache"


def init_app(app: Flask) -> None:
    """Compress text responses (zstd, brotli or gzip, as the browser accepts) and default to no-cache."""
    app.config.setdefault("COMPRESS_REGISTER", False)  # registered below, after the cache default
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    # Streamed bodies (the unversioned /static/ route) stay as they are; versioned files are read whole.
    app.config.setdefault("COMPRESS_STREAMS", False)
    compress = Compress(app)

    @app.after_request
    def _deliver(response):
        response.headers.setdefault("Cache-Control", DEFAULT_CACHE)
        # POST answers are small, and some carry freshly minted seat tokens next to text the caller
        # chose: they stay uncompressed so their length says nothing about a secret (BREACH).
        if request.method == "POST":
            return response
        return compress.after_request(response)
