"""Generate docs/rules-index.md: for each ruleset, each rulebook section the code cites, with the checks (violation
codes) and consequences that implement it and the tests that name them, and the book's sections no code cites.

    python scripts/rules_index.py            # write docs/rules-index.md
    python scripts/rules_index.py --check    # exit 1 when docs/rules-index.md is not current

Checks come from a ruleset's violation registry (violations.py) when it has one, else from the Violation(...) calls
in its package; consequences from the Consequence(...) calls. A citation is read from the Rule it is (book, section,
page) or, for a plain string, split at its book's name. The extracted rulebooks are in RULES_DIR (see its README.md).
"""
from __future__ import annotations

import ast
import importlib
import json
import os
import re
import sys
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine import registry  # noqa: E402
from app.engine.core import HOUSE, Rule  # noqa: E402

OUT = ROOT / "docs" / "rules-index.md"
# The headings of each rulebook, kept beside the index so it can be checked where the rulebooks are not (CI).
HEADINGS = ROOT / "docs" / "rulebook-headings.json"


def rules_dir(env: Mapping[str, str] = os.environ) -> Path:
    """Where the extracted rulebooks are: TW_RULES_DIR (relative to the repository unless absolute), by default the
    rule sources kept beside the repository (../shared/rules). Where they are not, HEADINGS stands in for them."""
    return ROOT / (env.get("TW_RULES_DIR") or "../shared/rules")


RULES_DIR = rules_dir()
# The rulebook each book cited by the code was extracted to (file names as in RULES_DIR/README.md).
BOOK_FILES = {
    "Deathgorge rulebook": "000_c2a327067381eeeb.txt",
    "Warhammer 40,000: Conquest rules summary": "001_92c9c9e12f3aa4ab.txt",
    "Shadespire rulebook (2018)": "002_eb52a9fb16fd72cd.txt",
    "Dreadfane rulebook (2019)": "003_932327711f2e6ecb.txt",
    "BattleLore 2E rules summary": "004_a3524408cbe99655.txt",
}
# Game families in index order, with their names; each family's rulesets share its package (Underworlds: one per
# edition).
FAMILIES = {"conquest": "Warhammer 40,000: Conquest", "battlelore": "BattleLore Second Edition",
            "underworlds": "Warhammer Underworlds"}
CITING_CALLS = {"Violation": "check", "Consequence": "consequence"}
RULE_LOOKUPS = {"cite", "rule"}  # cite("key") / edition.rule("key"): an edition's citation for a key
PART_LOOKUPS = {"ref"}  # combat_rules.ref("key"): the citation for a key in a part of an edition (its `refs`)


@dataclass
class Entry:
    """What cites one section: checks and consequences (name -> modules) and the tests that name them."""

    checks: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    consequences: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    tests: set[str] = field(default_factory=set)


def split_citation(citation: str, books: list[str]) -> tuple[str, str, str | None]:
    """(book, section, page) of a citation: a Rule's own parts, else the string split at a known book's name."""
    if isinstance(citation, Rule):
        return citation.book, citation.section, None if citation.page is None else str(citation.page)
    text = str(citation)
    if text.startswith(HOUSE + ": "):
        return HOUSE, text[len(HOUSE) + 2:], None
    page = None
    found = re.search(r" \(pg ([^)]+)\)$", text)
    if found:
        page, text = found.group(1), text[:found.start()]
    for book in sorted(books, key=len, reverse=True):
        for sep in (", ", ": "):  # "Book: key" is an edition's citation for a key its table lacks
            if text.startswith(book + sep):
                return book, text[len(book) + len(sep):], page
    book, _, section = text.partition(", ")
    return book, section or book, page


class Resolver:
    """Finds the citations a rule expression can evaluate to, in a module of a ruleset's package."""

    def __init__(self, rulesets: list, modules: dict[Path, object], trees: dict[Path, ast.Module]):
        self.rulesets, self.modules, self.trees = rulesets, modules, trees

    def citations(self, path: Path, expr: ast.expr, func: ast.FunctionDef | None, depth: int = 0) -> list[str]:
        """Every citation `expr` may be (empty when it is only known at run time)."""
        namespace = vars(self.modules[path])
        source = ast.unparse(expr)
        try:
            value = eval(source, dict(namespace))
        except Exception:  # noqa: BLE001 - anything not constant is resolved below
            value = None
        if isinstance(value, str):
            return [value]
        if isinstance(expr, ast.Subscript):  # a table of rules looked up at run time: any of its rules
            table = self._constant(path, expr.value)
            if isinstance(table, dict) and table and all(isinstance(v, str) for v in table.values()):
                return list(dict.fromkeys(table.values()))
        if isinstance(expr, ast.Call) and len(expr.args) == 1 and _name(expr.func) in RULE_LOOKUPS:
            keys = [n.value for n in ast.walk(expr.args[0]) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            editions = [getattr(rs, "edition", None) for rs in self.rulesets]
            return list(dict.fromkeys(e.rule(key) for key in keys for e in editions
                                      if key in (getattr(e, "rules", None) or {})))
        if isinstance(expr, ast.Call) and len(expr.args) == 1 and _name(expr.func) in PART_LOOKUPS:
            keys = [n.value for n in ast.walk(expr.args[0]) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            tables = [part.refs for rs in self.rulesets for part in vars(getattr(rs, "edition", None) or object()).values()
                      if isinstance(getattr(part, "refs", None), Mapping)]
            return list(dict.fromkeys(table[key] for key in keys for table in tables if key in table))
        if isinstance(expr, ast.Name) and func is not None and expr.id not in _params(func) and depth < 3:
            assigned = [n.value for n in ast.walk(func) if isinstance(n, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)]
            if assigned:
                return list(dict.fromkeys(c for value in assigned
                                          for c in self.citations(path, value, func, depth + 1)))
        found = []
        for node in ast.walk(expr):
            if node is not expr and isinstance(node, (ast.Attribute, ast.Name, ast.Subscript, ast.Call)):
                found += [c for c in self.citations(path, node, func, depth) if c not in found] \
                    if not isinstance(node, ast.Name) or node.id not in _params(func) else []
        if found:
            return found
        if isinstance(expr, ast.Name) and func is not None and expr.id in _params(func) and depth < 2:
            return self._from_callers(func, _params(func).index(expr.id), expr.id, depth)
        return []

    def _constant(self, path: Path, expr: ast.expr):
        try:
            return eval(ast.unparse(expr), dict(vars(self.modules[path])))
        except Exception:  # noqa: BLE001 - not a constant of the module
            return None

    def _from_callers(self, func: ast.FunctionDef, index: int, param: str, depth: int) -> list[str]:
        found: list[str] = []
        for path, tree in self.trees.items():
            for caller, call in _calls(tree):
                if _name(call.func) != func.name:
                    continue
                arg = next((k.value for k in call.keywords if k.arg == param), None)
                if arg is None and index < len(call.args):
                    arg = call.args[index]
                if arg is not None:
                    found += [c for c in self.citations(path, arg, caller, depth + 1) if c not in found]
        return found


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _params(func: ast.FunctionDef | None) -> list[str]:
    return [a.arg for a in func.args.args] if func is not None else []


def _calls(tree: ast.Module):
    """(enclosing function or None, call) for every call in a module."""
    def walk(node, func):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            if isinstance(child, ast.Call):
                yield func, child
            yield from walk(child, inner)
    yield from walk(tree, None)


def _package(rs) -> Path:
    module = importlib.import_module(type(rs).__module__)
    path = Path(module.__file__).resolve()
    engine = ROOT / "app" / "engine"
    while path.parent != engine:
        path = path.parent
    return path


def _label(path: Path, package: Path) -> str:
    return str(path.relative_to(package.parent))


def family_rulesets(family: str) -> list:
    """The rulesets of a game family, in registry order."""
    return [registry.get(rid) for rid in registry.KNOWN if rid.split("/")[0] == family]


def collect(family: str, books: list[str]) -> dict[tuple[str, str, str | None], Entry]:
    """Citation parts -> what cites it, for one game family's package."""
    rulesets = family_rulesets(family)
    package = _package(rulesets[0])
    paths = sorted(package.rglob("*.py"))
    modules = {}
    for path in paths:
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        modules[path] = importlib.import_module(dotted)
    trees = {path: ast.parse(path.read_text()) for path in paths}
    resolver = Resolver(rulesets, modules, trees)
    index: dict[tuple[str, str, str | None], Entry] = defaultdict(Entry)
    registered = {code.code.upper(): code for rs in rulesets if rs.codes for code in rs.codes}
    cited_at_a_check: set[str] = set()
    for path, tree in trees.items():
        for func, call in _calls(tree):
            name = _name(call.func)
            if isinstance(call.func, ast.Attribute) and name in registered and path.name != "violations.py":
                code = registered[name]
                expr = call.args[1] if len(call.args) > 1 else None
                cited = resolver.citations(path, expr, func) if expr is not None else [code.rules[0]]
                for citation in cited or code.rules:
                    index[split_citation(citation, books)].checks[code.code].add(_label(path, package))
                cited_at_a_check.add(name)
                continue
            kind = CITING_CALLS.get(name or "")
            if kind is None or not call.args or not isinstance(call.args[0], ast.Constant) \
                    or not isinstance(call.args[0].value, str):
                continue
            expr = call.args[2] if len(call.args) > 2 else next((k.value for k in call.keywords if k.arg == "rule"),
                                                                None)
            for citation in (resolver.citations(path, expr, func) if expr is not None else []):
                entry = index[split_citation(citation, books)]
                (entry.checks if kind == "check" else entry.consequences)[call.args[0].value].add(
                    _label(path, package))
    for name, code in registered.items():  # declared but built nowhere a rule can be read: its declared rules
        if name not in cited_at_a_check:
            for rule in code.rules:
                index[split_citation(rule, books)].checks[code.code].add(_label(package / "violations.py", package))
    return index


def test_files(family: str) -> list[tuple[str, str]]:
    """(path, text) of the tests of one game family: its engine, scenario and API tests."""
    out = []
    for path in sorted((ROOT / "tests").rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix in (".py", ".yaml", ".yml") and family in rel:
            out.append((rel, path.read_text()))
    return out


NAMED = re.compile(r"""["']([a-z_][a-z0-9_]*)["']|:\s*([a-z_][a-z0-9_]*)\s*$""", re.M)


def named_in(tests: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Name -> tests that name it (quoted in Python, a value in a scenario file)."""
    out: dict[str, set[str]] = defaultdict(set)
    for rel, text in tests:
        for quoted, value in NAMED.findall(text):
            out[quoted or value].add(rel)
    return out


def book_sections(book: str) -> list[str]:
    """The headings of an extracted rulebook (lines in capitals), in book order, each once (front matter too):
    read from the rulebook when it is here, else from the committed HEADINGS."""
    name = BOOK_FILES.get(book)
    if not name:
        return []
    if not (RULES_DIR / name).exists():
        return json.loads(HEADINGS.read_text()).get(book, []) if HEADINGS.exists() else []
    seen = []
    for line in (RULES_DIR / name).read_text().splitlines():
        text = line.strip().strip("*#").strip()
        if 3 <= len(text) <= 60 and re.fullmatch(r"[A-Z0-9][A-Z0-9 ,'’&:.\-()/!?]+", text) and \
                re.search(r"[A-Z]{3}", text) and text not in seen:
            seen.append(text)
    return seen


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def uncited(book: str, sections: list[str]) -> list[str]:
    """The book's headings that no cited section names, from the first one that a citation names (the front
    matter before it is covers, contents and credits)."""
    cited = [f" {_norm(re.sub(r'[(][^)]*[)]', ' ', s))} " for s in sections]  # remarks in brackets name no heading
    headings = book_sections(book)
    named = [i for i, h in enumerate(headings) if any(f" {_norm(h)} " in c for c in cited)]
    return [h for h in headings[named[0] if named else 0:] if not any(f" {_norm(h)} " in c for c in cited)]


def _page_key(page: str | None) -> tuple:
    digits = re.match(r"\d+", page or "")
    return (0, int(digits.group())) if digits else (1, 0)


def render() -> str:
    """The whole index as Markdown."""
    books = list(BOOK_FILES)
    for family in FAMILIES:
        for path in (ROOT / "app" / "engine" / family).rglob("*.py"):
            books += [b for b in re.findall(r'^\s*\w*BOOK\w* = "([^"]+)"', path.read_text(), re.M) if b not in books]
    lines = ["# Rule index", "",
             "Generated from the code by `scripts/rules_index.py`; do not edit by hand. After changing a check, a",
             "consequence, a citation or a test that names them, run `python scripts/rules_index.py` (CI checks that",
             "this file is current). For each game and each book it cites: every section and page with the checks",
             "(violation codes) and consequences that cite it, the modules they are in and the tests that name them;",
             "then the book's headings that no citation names (the extracted rulebooks are described in the rules",
             "folder's README.md).", ""]
    for family in FAMILIES:
        rulesets = family_rulesets(family)
        tests = named_in(test_files(family))
        index = collect(family, books)
        lines += [f"## {FAMILIES[family]} ("
                  + ", ".join(f"`{rs.id}`" for rs in rulesets) + ")", ""]
        by_book: dict[str, list] = defaultdict(list)
        for (book, section, page), entry in index.items():
            by_book[book].append((section, page, entry))
        for book in sorted(by_book, key=lambda b: (b == HOUSE, b)):
            lines += [f"### {book}", ""]
            for section, page, entry in sorted(by_book[book], key=lambda s: (_page_key(s[1]), s[0])):
                lines.append(f"- **{section}**" + (f" (pg {page})" if page else ""))
                for label, items in (("checks", entry.checks), ("consequences", entry.consequences)):
                    if items:
                        lines.append(f"  - {label}: " + ", ".join(
                            f"`{name}` ({', '.join(sorted(where))})" for name, where in sorted(items.items())))
                named = set().union(*(tests.get(n, set()) for n in [*entry.checks, *entry.consequences]))
                lines.append("  - tests: " + (", ".join(sorted(named)) if named else "none name these"))
            if book != HOUSE:
                missing = uncited(book, [s for s, _, _ in by_book[book]])
                if missing:
                    lines += ["", f"Headings of this book no citation names: {'; '.join(m.title() for m in missing)}."]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def headings_json() -> str:
    """HEADINGS as written: each book's headings, read from the rulebooks."""
    return json.dumps({book: book_sections(book) for book in BOOK_FILES}, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the index (and, where the rulebooks are, their headings), or with --check say whether it is current."""
    text = render()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT.relative_to(ROOT)} is not current: run python scripts/rules_index.py", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(exist_ok=True)
    if all((RULES_DIR / name).exists() for name in BOOK_FILES.values()):
        HEADINGS.write_text(headings_json())
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
