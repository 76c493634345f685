"""How responses leave the server: compressed when they are text, and with the right cache headers."""
from __future__ import annotations

from functools import lru_cache

from flask import Flask, Response, request
from flask_compress import Compress

from app.assets import brotli

# Pages, the API and unversioned files must be revalidated every time (a phone never runs a stale
# page against a newer server); versioned static files set their own year-long header (app/web.py).
DEFAULT_CACHE = "no-cache"
# Bodies shorter than this are sent as they are: compressing them saves less than a packet.
COMPRESS_MIN_SIZE = 512
# Brotli first, at level 5: a table page's HTML and its game's JSON came out 10-15% smaller than with zstd at its
# default level 3, at about 1 ms per 8 KB (pages and API reads are a phone's first load, not each entry's frames).
ALGORITHMS = ["br", "zstd", "gzip", "deflate"]
BROTLI_LEVEL = 5
BROTLI_BEST = 11   # for bodies compressed once and kept (precompressed()): about 10% smaller again


def init_app(app: Flask) -> None:
    """Compress text responses (zstd, brotli or gzip, as the browser accepts) and default to no-cache."""
    app.config.setdefault("COMPRESS_REGISTER", False)  # registered below, after the cache default
    app.config.setdefault("COMPRESS_MIN_SIZE", COMPRESS_MIN_SIZE)
    app.config.setdefault("COMPRESS_ALGORITHM", ALGORITHMS)
    app.config.setdefault("COMPRESS_BR_LEVEL", BROTLI_LEVEL)
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


@lru_cache(maxsize=64)
def _packed(body: bytes) -> bytes:
    return brotli.compress(body, quality=BROTLI_BEST)


def precompressed(response: Response) -> Response:
    """A response whose body never changes for the process (a ruleset's catalogue), brotli-compressed once at the
    best level and kept, for a browser that takes brotli; others get it as delivery compresses any answer."""
    if "br" not in request.accept_encodings or brotli is None or len(response.get_data()) < COMPRESS_MIN_SIZE:
        return response
    response.set_data(_packed(response.get_data()))
    response.headers["Content-Encoding"] = "br"   # after_request leaves a response that has its encoding
    response.vary.add("Accept-Encoding")
    return response
