"""The repository stands alone: its code, tests and tools cite no document kept outside it, no path of one
machine, and no tracker's numbers (what a comment says is about the product)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("app", "static", "templates", "tests", "scripts", "benchmarks")
SKIPPED = {"__pycache__", "node_modules"}

# Built from parts so that this file does not match itself.
OUTSIDE_DOCUMENTS = re.compile(r"\b(?:" + "DESIGN" + r"|" + "TEAM" + r")\.md\b")
MACHINE_PATH = re.compile(r"(?<![\w.])/" + "work" + r"/")
TRACKER_NUMBER = re.compile(r"\b(?:" + "issue" + r"s?|" + "ticket" + r"s?|PR)\s*(?:#|no\.?\s*)?\d+", re.IGNORECASE)
CHECKS = {"cites a document kept outside the repository (docs/architecture.md is ours)": OUTSIDE_DOCUMENTS,
          "names a path of one machine (find files relative to the repository or by a setting)": MACHINE_PATH,
          "cites a tracker's number (say what it is about instead)": TRACKER_NUMBER}


def text_files():
    """Every text file of the repository's code, tests and tools."""
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts):
                try:
                    yield path, path.read_text(encoding="utf-8")
                except UnicodeDecodeError:
                    continue  # icons and other binary files


def findings(text: str) -> list[str]:
    """What a file's text should not carry, one line per finding."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        out += [f"line {number} {why}: {line.strip()[:100]}" for why, pattern in CHECKS.items() if pattern.search(line)]
    return out


@pytest.mark.parametrize("line, found", [
    ("# see " + "DESIGN" + ".md, Engine contract", True),
    ('"""The ' + "TEAM" + '.md fighter shape."""', True),
    ('RULES = "/' + "work" + '/shared/rules"', True),
    ("(" + "issue" + "s 3 and 5)", True),
    ("fixed in " + "issue" + " #12", True),
    ("(docs/architecture.md, Engine contract)", False),
    ('"#9 Ben: Guard: Rok"', False),  # an entry of a game's log, by its number
    ("ROOT / '../shared/rules'", False),
    ("a homework/notes folder", False),
])
def test_the_checks_tell_a_citation_from_the_product_s_own_words(line, found):
    assert bool(findings(line)) is found


def test_no_file_cites_what_is_outside_the_repository():
    problems = [f"{path.relative_to(ROOT)} {finding}" for path, text in text_files() for finding in findings(text)]
    assert not problems, "\n".join(problems)
