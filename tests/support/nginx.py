"""Run the shipped deploy/nginx.conf with Debian's nginx in front of app processes, on loopback, as any user.

The site file is used as it is, with only its ports, upstream servers and certificate paths replaced; a
minimal main configuration around it (what /etc/nginx/nginx.conf gives on a server) keeps the pid file,
logs and temporary files in a private directory. Its access log records, for every request, the route key
and the process nginx chose, so tests can see where each phone went.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import requests

from tests.support.servers import free_port, wait_for_port

SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
ACCESS_FORMAT = "$tw_route|$upstream_addr|$request_method|$uri|$status"  # upstream_addr: "a, b" after a retry


def nginx_bin() -> str | None:
    """Path of the nginx binary (Debian installs it in /usr/sbin), or None."""
    return shutil.which("nginx") or (os.path.exists("/usr/sbin/nginx") and "/usr/sbin/nginx") or None


def _replace(text: str, pattern: str, new: str, count: int) -> str:
    """Replace `pattern` exactly `count` times, or fail: a changed site file must not go untested."""
    found = len(re.findall(pattern, text, flags=re.M))
    if found != count:
        raise ValueError(f"deploy/nginx.conf: expected {count} line(s) matching {pattern!r}, found {found}")
    return re.sub(pattern, new, text, flags=re.M)


def site_config(text: str, upstreams: list[int], https_port: int, http_port: int, cert: str, key: str) -> str:
    """The shipped site file with its ports, upstream servers and certificate paths replaced."""
    server_line = r"^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n"
    first = re.search(server_line, text, flags=re.M)
    if first is None:
        raise ValueError("deploy/nginx.conf: no `server 127.0.0.1:<port>` line in the upstream")
    indent, options = first.group(1), first.group(2) or ""
    servers = "".join(f"{indent}server 127.0.0.1:{port}{options};\n" for port in upstreams)
    text = re.sub(server_line, "", text, flags=re.M)
    text = text[:first.start()] + servers + text[first.start():]
    text = _replace(text, r"listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;", 1)
    text = _replace(text, r"listen 80;", f"listen 127.0.0.1:{http_port};", 1)
    text = _replace(text, r"ssl_certificate \S+;", f"ssl_certificate {cert};", 1)
    return _replace(text, r"ssl_certificate_key \S+;", f"ssl_certificate_key {key};", 1)


def self_signed(directory: str) -> tuple[str, str]:
    """A certificate for 127.0.0.1 and its key (openssl), valid for a day; also the CA clients trust."""
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                   check=True, capture_output=True, timeout=60)
    return cert, key


class Nginx:
    """nginx on 127.0.0.1 (HTTPS on `port`, plain HTTP on `http_port`) in front of the given app ports."""

    def __init__(self, upstreams: list[int]):
        binary = nginx_bin()
        if binary is None:
            raise FileNotFoundError("nginx not found: apt-get install nginx")
        if shutil.which("openssl") is None:
            raise FileNotFoundError("openssl not found: apt-get install openssl")
        self.root = tempfile.mkdtemp(prefix="tw-nginx-")
        os.chmod(self.root, 0o755)  # nginx's workers (user nobody when started as root) write temp files here
        self.port, self.http_port = free_port(), free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.ca, key = self_signed(self.root)
        site = site_config(SITE.read_text(), upstreams, self.port, self.http_port, self.ca, key)
        Path(self.root, "site.conf").write_text(site)
        self.access_log = os.path.join(self.root, "access.log")
        temp = "\n".join(f"  {kind}_temp_path {self.root}/{kind};" for kind in
                         ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        Path(self.root, "nginx.conf").write_text(
            f"worker_processes 1;\npid {self.root}/nginx.pid;\nerror_log {self.root}/error.log info;\n"
            f"events {{ worker_connections 512; }}\n"
            f"http {{\n  log_format routes '{ACCESS_FORMAT}';\n  access_log {self.access_log} routes;\n"
            f"{temp}\n  include {self.root}/site.conf;\n}}\n")
        command = [binary, "-p", self.root, "-c", f"{self.root}/nginx.conf", "-e", f"{self.root}/error.log"]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        if check.returncode != 0:
            raise RuntimeError(f"nginx -t refused the configuration:\n{check.stderr}")
        self.proc = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_for_port(self.port, proc=self.proc)

    def session(self, route: str | None = None) -> requests.Session:
        """An HTTP client that trusts this nginx's certificate (and no proxy or CA from the environment),
        holding the route key `route` when given, as a phone holds the cookie nginx set."""
        http = requests.Session()
        http.trust_env = False
        http.verify = self.ca
        if route is not None:
            http.cookies.set("tw_route", route, domain="127.0.0.1", path="/")
        return http

    def routes(self) -> list[dict]:
        """Every request nginx passed on so far: route key, upstream address, method, path, status."""
        rows = []
        for line in Path(self.access_log).read_text().splitlines():
            route, upstream, method, uri, status = line.split("|")
            rows.append({"route": route, "upstream": upstream, "method": method, "uri": uri, "status": int(status)})
        return rows

    def routed(self, route: str, until=bool, timeout: float = 5.0) -> list[dict]:
        """The requests made with route key `route`, once until(rows) holds (nginx logs a request when it has
        answered it, a WebSocket when it closes) or after `timeout`."""
        deadline = time.monotonic() + timeout
        rows = [r for r in self.routes() if r["route"] == route]
        while not until(rows) and time.monotonic() < deadline:
            time.sleep(0.05)
            rows = [r for r in self.routes() if r["route"] == route]
        return rows

    def route_to_each(self, ports: list[int], tries: int = 64) -> dict[int, str]:
        """A route key that nginx sends to each of the app ports: keys are drawn at random and tried on
        /healthz until every port has one."""
        found: dict[int, str] = {}
        for _ in range(tries):
            route = secrets.token_hex(16)
            assert self.session(route).get(self.url + "/healthz", timeout=10).ok
            rows = self.routed(route)
            assert rows, f"nginx logged no request with route {route}; error log:\n{self.error_log()}"
            port = int(rows[0]["upstream"].rsplit(":", 1)[1])
            found.setdefault(port, route)
            if len(found) == len(ports):
                return found
        raise AssertionError(f"after {tries} keys nginx used only {sorted(found)} of {sorted(ports)}")

    def error_log(self) -> str:
        """What nginx logged (for failure messages)."""
        try:
            return Path(self.root, "error.log").read_text(errors="replace")[-5000:]
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop nginx and delete its files."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        shutil.rmtree(self.root, ignore_errors=True)
