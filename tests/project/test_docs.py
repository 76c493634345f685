"""The README and the pages of docs/: every relative link reaches a file (and a heading, when it names one), the
README keeps the test command CI runs, and the layout table of docs/architecture.md matches the tree."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
# Top-level folders that are made, not kept: virtual environments, caches, local data, test output.
UNTRACKED = {".git", ".venv", "node_modules", "instance", "artifacts", "build", ".pytest_cache", ".hypothesis",
             ".mypy_cache", ".ruff_cache", "__pycache__"}


def anchor(heading: str) -> str:
    """The anchor a Markdown renderer gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a page's headings (code blocks left out: their `#` lines are no headings)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {anchor(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.MULTILINE)}


def relative_links(path: Path) -> list[str]:
    """Every link of a page that is not to another site or a mail address."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def broken(path: Path) -> list[str]:
    """The links of one page that reach no file, or a file without the heading they name."""
    out = []
    for target in relative_links(path):
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            out.append(f"{target}: no such file")
        elif fragment and (dest.suffix != ".md" or fragment not in anchors(dest)):
            out.append(f"{target}: no heading #{fragment} in {dest.name}")
    return out


def test_the_anchor_of_a_heading():
    """Headings become the anchors links name (as GitHub and most renderers make them)."""
    assert anchor("Who sees what") == "who-sees-what"
    assert anchor("Games: REST and the `/live` namespace") == "games-rest-and-the-live-namespace"
    assert anchor("Storage: cost with the game's length, and memory") == "storage-cost-with-the-games-length-and-memory"


def test_a_broken_link_is_found(tmp_path):
    """The check finds a link to a missing file and to a missing heading, and passes good ones."""
    (tmp_path / "other.md").write_text("# Title\n\n## A part\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n[ok](other.md#a-part) [self](#page) [web](https://example.org/x.md)\n"
                    "[gone](missing.md) [no part](other.md#b-part) ![img](pic.png)\n"
                    "```\n[in code](nowhere.md)\n```\n", encoding="utf-8")
    assert broken(page) == ["missing.md: no such file", "other.md#b-part: no heading #b-part in other.md",
                            "pic.png: no such file"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_its_file_and_heading(page):
    """A link of the README or a docs page points at a file of the repository, and at a heading of it."""
    assert broken(page) == []


def test_the_readme_links_every_docs_page():
    """A newcomer reaches each page of docs/ from the README."""
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in relative_links(ROOT / "README.md")}
    pages = {p.resolve() for p in (ROOT / "docs").glob("*.md")}
    assert pages - linked == set()


def test_the_readme_keeps_the_command_ci_runs():
    """CI runs the README's test command: the command .ci/run ends with is the one the README gives."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == "scripts/test"
    assert re.search(r"^scripts/test\s", (ROOT / "README.md").read_text(encoding="utf-8"), re.MULTILINE)


def layout_table() -> str:
    """The rows of the Layout table in docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    part = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line for line in part.splitlines() if line.startswith("| `"))


def test_the_layout_names_every_folder_and_app_package():
    """Each kept top-level folder, and each package and module of app/, has its row in the layout."""
    rows = layout_table()
    folders = [p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in UNTRACKED
               and not p.name.endswith(".egg-info")]
    missing = [f"{name}/" for name in folders if f"`{name}/" not in rows]
    app = ROOT / "app"
    missing += [f"app/{p.name}/" for p in app.iterdir() if (p / "__init__.py").exists() and f"`app/{p.name}/" not in rows]
    missing += [f"app/{p.name}" for p in app.glob("*.py") if p.name != "__init__.py" and f"app/{p.name}" not in rows]
    assert missing == []


def test_the_layout_names_only_paths_that_exist():
    """A path the layout's first column names is in the tree."""
    named = re.findall(r"`([\w./-]+)`", "\n".join(row.split(" | ")[0] for row in layout_table().splitlines()))
    assert named and [path for path in named if not (ROOT / path).exists()] == []


def unnamed_modules(rows: str, app: Path) -> list[str]:
    """The modules of app/'s packages that the row of their package names neither by file nor by subpackage."""
    missing = []
    for module in sorted(app.rglob("*.py")):
        parts = module.relative_to(app).parts
        if module.name == "__init__.py" or len(parts) == 1:
            continue
        row = next((r for r in rows.splitlines() if f"`app/{parts[0]}/`" in r.split(" | ")[0]), "")
        inner = "/".join(parts[1:])
        if not any(f"`{name}`" in row for name in (inner, module.name, f"{parts[1]}/")):
            missing.append(f"app/{'/'.join(parts)}")
    return missing


def test_the_layout_names_every_module_of_each_package():
    """Each module of a package of app/ is named in its package's row, with its job, or under its subpackage."""
    assert unnamed_modules(layout_table(), ROOT / "app") == []


def test_a_module_the_layout_leaves_out_is_found(tmp_path):
    (tmp_path / "service").mkdir()
    for name in ("__init__.py", "games.py", "quiet.py"):
        (tmp_path / "service" / name).write_text("")
    rows = "| `app/service/` | the game service: `games.py` (the parts) |"
    assert unnamed_modules(rows, tmp_path) == ["app/service/quiet.py"]
