"""Browser-facing protections for every response and every write: security headers, same-site writes,
and join links from a trusted base.

- Headers: a Content-Security-Policy that allows only our own scripts (the pages load ES modules from
  /static and nothing inline), no framing, no MIME sniffing, no Referer (a join link carries its code).
- Writes under /api from another site are refused: a browser sends a cross-site POST without asking
  first only when it is a "simple" request (text/plain, a form), so writes must be JSON, and an
  `Origin` (or `Sec-Fetch-Site`) naming another site is refused unless CORS_ORIGINS allows it.
- Join links come from PUBLIC_URL, else from the Host the request came in on only when that is a
  plain host[:port] (and, when ALLOWED_HOSTS is set, one of them); anything else gets the first
  allowed host, or a link relative to the phone's own address.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from app.service import ApiError

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
           "Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin"}
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
_PLAIN_HOST = re.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}"
                         r"[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")


def _netloc(url: str) -> str:
    return urlsplit(url).netloc.lower()


def _allowed_hosts() -> set[str] | None:
    """host[:port]s whose pages may write (None: any, CORS_ORIGINS=*). Schemes are not compared: a
    TLS proxy in front turns https into http without changing the site."""
    cfg = current_app.config["TW"]
    cors = cfg.cors()
    if cors == "*":
        return None
    allowed = {request.host.lower()}
    if cfg.PUBLIC_URL:
        allowed.add(_netloc(cfg.PUBLIC_URL))
    allowed.update(_netloc(o) for o in cors or [])
    return allowed


def refuse_cross_site_writes() -> None:
    """before_request: 403 for a write from another site's page, 415 for a write that is not JSON."""
    if request.method not in WRITE_METHODS or not request.path.startswith("/api/"):
        return
    allowed = _allowed_hosts()
    origin = request.headers.get("Origin")
    if allowed is not None:
        if origin is not None and (origin == "null" or _netloc(origin) not in allowed):
            raise ApiError(403, "cross_site", "Writes must come from this app's own pages.")
        if origin is None and request.headers.get("Sec-Fetch-Site") == "cross-site":
            raise ApiError(403, "cross_site", "Writes must come from this app's own pages.")
    has_body = request.content_length or request.headers.get("Transfer-Encoding")
    if has_body and request.mimetype != "application/json":
        raise ApiError(415, "unsupported_media_type", "Send the body as JSON (Content-Type: application/json).")


# What a browser reads only from a document (a page, or the service worker's script): on a script or style
# sheet a page loads they change nothing, and they cost ~450 bytes on each of a table page's ~30 requests.
DOCUMENT_ONLY = ("Content-Security-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy")
SUBRESOURCE_TYPES = ("text/javascript", "text/css")
# A JSON answer is never a page that loads anything: opened as a document it may load nothing and be framed by
# nothing. This short policy says so in a tenth of the pages' bytes (each table page reads four of them first).
JSON_CSP = "default-src 'none'; frame-ancestors 'none'"


def add_security_headers(response):
    """after_request: the headers above on every response (existing ones are kept); a static script or style
    sheet gets only those that apply to it (nosniff, no Referer), a JSON answer the policy that loads nothing."""
    subresource = request.path.startswith("/static/") and response.mimetype in SUBRESOURCE_TYPES
    if response.mimetype == "application/json":
        response.headers.setdefault("Content-Security-Policy", JSON_CSP)
    for name, value in HEADERS.items():
        if not (subresource and name in DOCUMENT_ONLY):
            response.headers.setdefault(name, value)
    return response


def base_url() -> str:
    """Base of join links: PUBLIC_URL, else the request's own host when it is trusted, else ''."""
    cfg = current_app.config["TW"]
    if cfg.PUBLIC_URL:
        return cfg.PUBLIC_URL
    host = request.host
    allowed = [h.strip().lower() for h in cfg.ALLOWED_HOSTS.split(",") if h.strip()]
    name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
    if _PLAIN_HOST.match(host) and (not allowed or name.lower() in allowed):
        return request.host_url.rstrip("/")
    if allowed:
        return f"{request.scheme}://{allowed[0]}"
    return ""  # a link relative to the phone's own address: the page resolves it


def register(app: Flask) -> None:
    """Install the header and same-site hooks."""
    app.before_request(refuse_cross_site_writes)
    app.after_request(add_security_headers)
