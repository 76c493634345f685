"""The phone app's built files: esbuild's bundles of static/js and minified static/css, served while they are fresh.

`scripts/build_static.mjs` bundles and minifies the modules (a page's modules in a few files, with source maps)
and minifies the stylesheets; `build()` runs it into `build/static/<digest of the sources>/` and writes each file
compressed once at brotli's best level beside it (`<file>.br`). A build is fresh exactly while the sources it was
made from are unchanged: any edit to a module, a stylesheet, an npm file or the build script makes a new digest.
With no fresh build (no Node.js, no npm ci, an edited file), app/web.py serves the sources as they are.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

try:
    import brotli
except ImportError:  # PyPy: Flask-Compress brings brotlicffi, the same module
    try:
        import brotlicffi as brotli
    except ImportError:
        brotli = None  # served without the precompressed copies

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "static"
SCRIPT = ROOT / "scripts" / "build_static.mjs"
NODE_MODULES = ROOT / "node_modules"
BUILT = ("js", "css")  # the folders of static/ a build holds
# A build that has not finished in this time is given up (the server then serves the sources).
BUILD_TIMEOUT_SECONDS = 120
KEEP_BUILDS = 2  # the newest builds kept: a page loaded just before an edit still finds its chunks
# Files smaller than this are not precompressed (delivery's threshold: it saves less than a packet).
PRECOMPRESS_MIN_SIZE = 512

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Build:
    """A fresh build: its folder (laid out as static/) and, per page module, the chunks it imports at once."""

    folder: Path
    files: frozenset[str]                      # every file it serves, relative to static/ ("js/pages/play.js")
    preloads: dict[str, tuple[str, ...]]       # "js/pages/play.js" -> ("js/chunks/chunk-X.js", ...)

    def path(self, rel: str) -> Path | None:
        """The built file for a path relative to static/ (a module's source map too), or None when it has none."""
        if rel in self.files or (rel.endswith(".js.map") and rel[:-4] in self.files):
            return self.folder / rel
        return None


def source_files(static: Path, vendor: dict[str, str]) -> list[Path]:
    """Everything a build is made from: our modules and stylesheets, the allow-listed npm files, the build script
    and npm's lockfile (esbuild's version)."""
    files = sorted(p for folder in BUILT for p in (static / folder).rglob("*") if p.suffix in (".js", ".css"))
    files += [NODE_MODULES / rel for rel in sorted(vendor.values())]
    return files + [SCRIPT, ROOT / "package-lock.json"]


def stamp(static: Path, vendor: dict[str, str]) -> tuple:
    """What changes when a source changes (path, size, mtime): the key of the cached digest."""
    out = []
    for path in source_files(static, vendor):
        try:
            st = path.stat()
        except FileNotFoundError:
            continue
        out.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


@lru_cache(maxsize=4)
def _digest(key: tuple) -> str:
    digest = hashlib.sha256()
    for path, _size, _mtime in key:
        digest.update(path.removeprefix(str(ROOT)).encode())
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:16]


def digest(static: Path, vendor: dict[str, str]) -> str:
    """The content digest of the sources: the name of the build made from them."""
    return _digest(stamp(static, vendor))


@lru_cache(maxsize=4)
def _load(folder: Path, mtime: int) -> Build | None:
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return Build(folder=folder, files=frozenset(manifest["files"]),
                 preloads={k: tuple(v) for k, v in manifest["preloads"].items()})


def current(static: Path, vendor: dict[str, str]) -> Build | None:
    """The fresh build of these sources, or None (then the sources are served)."""
    folder = BUILD / digest(static, vendor)
    try:
        mtime = (folder / "manifest.json").stat().st_mtime_ns
    except FileNotFoundError:
        return None
    return _load(folder, mtime)


def earlier_chunk(rel: str) -> Path | None:
    """A shared chunk of a build other than the fresh one (`js/chunks/<name>-<content hash>.js`): a page loaded just
    before an edit or a deploy still finds the chunks it imports. Its name says its content, so any build's is right."""
    if not re.fullmatch(r"js/chunks/[A-Za-z0-9_-]+\.js", rel) or not BUILD.is_dir():
        return None
    for folder in sorted(BUILD.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True):
        if not folder.name.startswith(".") and (folder / rel).is_file():
            return folder / rel
    return None


def manifest_of(metafile: dict, out: Path, base: Path) -> dict:
    """The files of a build and each page's chunks, from esbuild's metafile (its paths relative to base); ValueError
    when a chunk would break a module's own URL (`import.meta.url` is only right in a module at its source's path)."""
    def rel(p: str) -> str:
        return (base / p).resolve().relative_to(out).as_posix()
    files, preloads = [], {}
    for output, meta in metafile["outputs"].items():
        name = rel(output)
        if not name.endswith(".js"):
            continue
        files.append(name)
        if not meta.get("entryPoint") and "import.meta" in (out / name).read_text(encoding="utf-8"):
            raise ValueError(f"{name} is a shared chunk that reads import.meta.url")
        if name.startswith("js/pages/"):
            preloads[name] = sorted(rel(i["path"]) for i in meta["imports"]
                                    if i["kind"] == "import-statement" and not i.get("external"))
    files += sorted(p.relative_to(out).as_posix() for p in (out / "css").glob("*.css"))
    return {"files": sorted(files), "preloads": preloads}


def build(static: Path, vendor: dict[str, str]) -> Build | None:
    """Make the build of the current sources unless it exists; None when it cannot be made (the reason is logged)."""
    made = current(static, vendor)
    if made is not None:
        return made
    if shutil.which("node") is None or not (NODE_MODULES / "esbuild").is_dir():
        log.info("serving the source modules: no Node.js or no esbuild (npm ci installs it)")
        return None
    name = digest(static, vendor)
    BUILD.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=BUILD)).resolve()
    try:
        _run_esbuild(static, tmp, vendor)
        metafile = json.loads((tmp / "js" / "metafile.json").read_text(encoding="utf-8"))
        (tmp / "js" / "metafile.json").unlink()
        manifest = manifest_of(metafile, tmp, static.resolve().parent)
        precompress(tmp, manifest["files"])
        (tmp / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        try:
            tmp.rename(BUILD / name)   # atomic; another process may have finished the same build first
        except OSError:
            pass
    except (OSError, ValueError, subprocess.SubprocessError) as exc:
        log.warning("serving the source modules: the build failed: %s", exc)
        return None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    _prune(name)
    return current(static, vendor)


def precompress(folder: Path, files: list[str]) -> None:
    """Write `<file>.br` beside each file worth it: brotli at its best level, once per build (about 15% smaller than
    what the server compresses on the fly at its fast level)."""
    if brotli is None:
        return
    for rel in files:
        data = (folder / rel).read_bytes()
        if len(data) >= PRECOMPRESS_MIN_SIZE:
            (folder / f"{rel}.br").write_bytes(brotli.compress(data, quality=11))


def _run_esbuild(static: Path, out: Path, vendor: dict[str, str]) -> None:
    proc = subprocess.run(["node", str(SCRIPT), str(static), str(out), json.dumps(vendor)], cwd=ROOT,
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT_SECONDS, check=False)
    if proc.returncode != 0:
        raise subprocess.SubprocessError((proc.stderr or proc.stdout).strip()[-2000:])


def _prune(keep: str) -> None:
    """Remove all but the newest builds (and the one just made)."""
    olds = sorted((p for p in BUILD.iterdir() if p.is_dir() and not p.name.startswith(".") and p.name != keep),
                  key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[KEEP_BUILDS - 1:]:
        shutil.rmtree(old, ignore_errors=True)
