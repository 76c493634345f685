"""app/assets.py with app/web.py: the built modules and stylesheets are served while fresh, the sources otherwise."""
from __future__ import annotations

import json
import re
import shutil

import brotli
import pytest

from app import assets, web

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not (assets.NODE_MODULES / "esbuild").is_dir(),
                                reason="the build needs Node.js and esbuild (npm ci installs it)")
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def _copy(tmp, monkeypatch):
    shutil.copytree(web.STATIC, tmp / "static")
    monkeypatch.setattr(web, "STATIC", tmp / "static")
    monkeypatch.setattr(assets, "BUILD", tmp / "build")
    return tmp / "static"


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """static/ copied to a temp folder and built once for the tests that only read it: (its folder, the build)."""
    tmp = tmp_path_factory.mktemp("built")
    with pytest.MonkeyPatch.context() as monkeypatch:
        static = _copy(tmp, monkeypatch)
        made = web.build_static()
    assert made is not None
    return static, made


@pytest.fixture
def copy(built_once, monkeypatch):
    """The built copy of static/: what web.py serves in these tests."""
    static, made = built_once
    monkeypatch.setattr(web, "STATIC", static)
    monkeypatch.setattr(assets, "BUILD", made.folder.parent)
    return static


@pytest.fixture
def build(copy, built_once):
    return built_once[1]


@pytest.fixture
def own_copy(tmp_path, monkeypatch):
    """A copy of static/ of this test's own, not built yet (the test changes it)."""
    return _copy(tmp_path, monkeypatch)


def versioned(path: str) -> str:
    return f"/static/v/{web.shell_version()}/{path}"


def test_every_page_and_every_module_loaded_by_import_keeps_its_path(build, copy):
    modules = {p.relative_to(copy).as_posix() for p in copy.rglob("*.js")}
    pages = {m for m in modules if m.startswith("js/pages/")}
    renderers = {m for m in modules if re.fullmatch(r"js/games/[a-z0-9_-]+/index\.js", m)}  # loaded by name
    assert pages and renderers and "js/referee/desk.js" in modules
    assert pages | renderers | {"js/referee/desk.js", "js/logview.js", "js/gameover.js"} <= build.files
    # what several modules share goes to chunks/, and no chunk reads its own URL (it is not at its source's path)
    chunks = {f for f in build.files if f.endswith(".js") and f not in modules}
    assert chunks and all(f.startswith("js/chunks/") for f in chunks)
    assert not any("import.meta" in (build.folder / f).read_text(encoding="utf-8") for f in chunks)
    assert {f for f in build.files if f.endswith(".css")} == {p.relative_to(copy).as_posix()
                                                              for p in copy.glob("css/*.css")}


def test_built_files_are_minified_precompressed_and_mapped_to_their_sources(build, copy):
    play = (build.folder / "js/pages/play.js").read_text(encoding="utf-8")
    assert "/**" not in play and len(play.splitlines()) <= 3   # comments gone, the code on a line or two
    assert play.rstrip().endswith("//# sourceMappingURL=play.js.map")
    sources = json.loads((build.folder / "js/pages/play.js.map").read_text(encoding="utf-8"))["sources"]
    assert any(s.endswith("static/js/pages/play.js") for s in sources)
    for rel in build.files:
        data = (build.folder / rel).read_bytes()
        packed = build.folder / f"{rel}.br"
        assert packed.is_file() is (len(data) >= assets.PRECOMPRESS_MIN_SIZE), rel
        if packed.is_file():
            assert brotli.decompress(packed.read_bytes()) == data


def test_the_built_file_is_served_brotli_to_a_browser_that_takes_it_and_as_it_is_otherwise(build, client):
    built = (build.folder / "js/pages/play.js").read_bytes()
    packed = client.get(versioned("js/pages/play.js"), headers=BROWSER)
    assert packed.headers["Content-Encoding"] == "br" and "Accept-Encoding" in packed.headers["Vary"]
    assert packed.mimetype == "text/javascript" and brotli.decompress(packed.data) == built
    assert packed.headers["Cache-Control"] == web.IMMUTABLE and "Accept-Ranges" not in packed.headers
    again = client.get(versioned("js/pages/play.js"), headers={**BROWSER, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
    assert client.get(versioned("js/pages/play.js"), headers={"Accept-Encoding": "identity"}).data == built
    css = client.get(versioned("css/app.css"), headers=BROWSER)
    assert css.mimetype == "text/css" and brotli.decompress(css.data) == (build.folder / "css/app.css").read_bytes()
    assert client.get(versioned("js/pages/play.js.map")).status_code == 200


def test_a_page_preloads_the_chunks_its_module_imports_and_the_worker_precaches_the_build(build, client):
    html = client.get("/play").get_data(as_text=True)
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
    assert preloaded == [versioned(rel) for rel in build.preloads["js/pages/play.js"]] and preloaded
    sw = client.get("/sw.js").get_data(as_text=True)
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw).group(1))
    assert {versioned(rel) for rel in build.files} <= set(precache)
    assert not any(u.endswith((".map", ".br")) or "/vendor/" in u for u in precache)  # npm files are in the bundles
    for url in [*preloaded, *(u for u in precache if "/static/v/" in u)]:
        assert client.get(url, headers=BROWSER).status_code == 200, url


def test_an_edited_source_makes_the_build_stale_and_the_sources_are_served(own_copy, client):
    copy, build = own_copy, web.build_static()
    assert build is not None
    before = web.shell_version()
    (copy / "js" / "dom.js").write_text((copy / "js" / "dom.js").read_text(encoding="utf-8") + "\n// edited\n",
                                        encoding="utf-8")
    assert web.built() is None and web.shell_version() != before
    served = client.get(versioned("js/dom.js"), headers={"Accept-Encoding": "identity"})
    assert served.data == (copy / "js" / "dom.js").read_bytes()
    # a page loaded before the edit still gets the chunks it imports (their names say their content)
    chunk = build.preloads["js/pages/play.js"][0]
    assert client.get(versioned(chunk)).data == (build.folder / chunk).read_bytes()
    assert "modulepreload" not in client.get("/play").get_data(as_text=True)
    assert web.build_static() is not None and web.built() is not None  # built again for the edited sources


def test_a_build_that_fails_leaves_the_sources_served_and_says_why(own_copy, client, caplog):
    copy = own_copy
    (copy / "js" / "pages" / "broken.js").write_text("export const = ;\n", encoding="utf-8")
    assert web.build_static() is None and web.built() is None
    assert "the build failed" in caplog.text
    assert client.get(versioned("js/pages/play.js"), headers={"Accept-Encoding": "identity"}).data == \
        (copy / "js" / "pages" / "play.js").read_bytes()
    assert not [p for p in assets.BUILD.iterdir() if p.name.startswith(".tmp-")]  # nothing half-made is left


@pytest.mark.parametrize("path", ["js/../../manifest.json", "js/chunks/..%2F..%2Fmanifest.json", "manifest.json",
                                  "js/dom.js.map", "js/pages/play.js.br", "js/nope.js"])
def test_versioned_urls_serve_nothing_of_the_build_but_its_files(build, client, path):
    assert client.get(versioned(path)).status_code == 404


def test_a_chunk_that_reads_its_own_url_fails_the_build(tmp_path):
    out = tmp_path / "out"
    (out / "js" / "chunks").mkdir(parents=True)
    (out / "js" / "chunks" / "chunk-A.js").write_text("const u = import.meta.url;\n", encoding="utf-8")
    metafile = {"outputs": {"out/js/chunks/chunk-A.js": {"imports": [], "entryPoint": None}}}
    with pytest.raises(ValueError, match="import.meta"):
        assets.manifest_of(metafile, out, tmp_path)
