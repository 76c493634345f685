"""benchmarks/app_shell.py: what a phone loads for each page, and the 180 KB app-shell budget (no browser here)."""
from __future__ import annotations

import pytest

from tests.support.benchmarks import ROOT, load_benchmark

pytestmark = pytest.mark.slow


def _app_shell():
    return load_benchmark("app_shell")


def test_app_shell_under_budget():
    """The app shell (a page with all it imports except the games' renderers, our CSS, the service worker)
    stays under 180 KB before gzip; the table page's whole load counts the largest renderer on top."""
    mod = _app_shell()
    m = mod.measure()
    assert 10_000 < m["raw"] < mod.BUDGET
    assert set(m["pages"]) >= {"start", "new", "join", "play"}
    biggest = max(m["renderers"].values())
    assert m["pages"]["play"] == m["shells"]["play"] + biggest - _shared_bytes(mod)


def _shared_bytes(mod) -> int:
    """Bytes of the modules the table page's shell and the largest renderer both load (counted once)."""
    shell = mod.shells()["play"][0]
    biggest = max(mod.renderers().values(), key=lambda fs: sum(f.stat().st_size for f in fs))
    return sum(f.stat().st_size for f in shell & biggest)


def test_app_shell_follows_imports():
    """The budget counts what a page really loads: its imports (static and dynamic, followed through) and,
    for a page that loads a game's renderer by name, the largest game with its own helper modules."""
    mod = _app_shell()
    pages = {name: {p.relative_to(ROOT).as_posix() for p in files} for name, files in mod.pages().items()}
    assert "static/js/dom.js" in pages["play"] and "static/js/pages/new.js" not in pages["play"]
    assert "static/js/games/generic.js" in pages["play"]            # a dynamic import by path
    assert "static/js/games/underworlds/wizard.js" in pages["new"]  # the largest wizard part, loaded by name
    assert "static/js/games/underworlds/fighters.js" in pages["new"]
    # The staff's desk and a tournament table's round clock load only there: reported apart, as the referee's desk.
    rel = lambda files: {p.relative_to(ROOT).as_posix() for p in files}   # noqa: E731
    assert "static/js/tournaments/players.js" in rel(mod.staff_desk()) and "static/js/tournaments/players.js" not in pages["tournament"]
    assert "static/js/tournaments/parts.js" in pages["tournament"]        # the players' and the public page use it too
    assert "static/js/tournaments/strip.js" in rel(mod.round_strip()) and "static/js/tournaments/strip.js" not in pages["play"]
    games = {f"static/js/games/{fam}/index.js" for fam in mod.FAMILIES}
    assert pages["play"] & games and not pages["start"] & games
    css = {f: mod.ROOT / "static" / "css" / f"{f}.css" for f in mod.FAMILIES}
    biggest = max(mod.FAMILIES, key=lambda f: sum(p.stat().st_size for p in mod.closure(mod.JS / "games" / f / "index.js")[0])
                  + (css[f].stat().st_size if css[f].exists() else 0))   # a game's own CSS counts, as in the benchmark
    assert f"static/js/games/{biggest}/index.js" in pages["play"]
    shells = {name: {p.relative_to(ROOT).as_posix() for p in files} for name, (files, _) in mod.shells().items()}
    assert not shells["play"] & games and "static/js/dom.js" in shells["play"]   # the shell leaves the games out


def test_the_referees_desk_is_reported_apart_from_the_players_shell():
    """The referee's desk (its modules and stylesheet) loads only on the referee's phone: not in the table's shell,
    reported on its own, and the referee's table page is the shell with it."""
    mod = _app_shell()
    desk = {p.relative_to(ROOT).as_posix() for p in mod.referee_desk()}
    assert {"static/js/referee/desk.js", "static/js/referee/statediff.js", "static/css/referee.css"} <= desk
    shell = {p.relative_to(ROOT).as_posix() for p in mod.shells()["play"][0]}
    assert not shell & desk and "static/js/logview.js" in shell
    m = mod.measure()
    assert m["referee_page"] == m["shells"]["play"] + m["referee_desk"]

