"""Every refusal a tournament's domain can give is answered with an HTTP status, from the one table at its edge
(app/tournaments/statuses.py): each `Refusal(...)` in app/tournaments/ is read from the source and must give a
literal code (or one its helper's callers give) and a kind that table maps."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from app.tournaments.refusals import CONFLICT, Kind, Refusal
from app.tournaments.statuses import STATUS, refused, status_of

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "app" / "tournaments"
CODE = re.compile(r"[a-z][a-z_]*[a-z]")


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _kind(node: ast.expr | None) -> Kind | None:
    """The kind a refusal names: a member of Kind, by its alias (CONFLICT) or in full (Kind.CONFLICT)."""
    if isinstance(node, ast.Name) and node.id in Kind.__members__:
        return Kind[node.id]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Kind":
        return Kind.__members__.get(node.attr)
    return None


def _codes(node: ast.expr | None, func: ast.FunctionDef | None, tree: ast.Module) -> list[str] | None:
    """The codes a refusal's code argument can be: a literal, or a parameter of a helper every caller of which in the
    module gives a literal; None when the source does not say."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if not (isinstance(node, ast.Name) and func is not None and node.id in [a.arg for a in func.args.args]):
        return None
    index = [a.arg for a in func.args.args].index(node.id)
    calls = [c for c in ast.walk(tree) if isinstance(c, ast.Call) and getattr(c.func, "id", None) == func.name]
    given = [_argument(c, index, node.id) for c in calls]
    if not given or not all(isinstance(g, ast.Constant) and isinstance(g.value, str) for g in given):
        return None
    return [g.value for g in given if isinstance(g, ast.Constant)]


def refusals_in(source: str) -> tuple[dict[str, set[int]], list[str]]:
    """({code: the statuses it is answered with}, problems) of every Refusal(...) built in a module's source."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    statuses: dict[str, set[int]] = {}
    problems = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "Refusal"):
            continue
        func = parents.get(call)
        while func is not None and not isinstance(func, ast.FunctionDef):
            func = parents.get(func)
        codes = _codes(_argument(call, 0, "code"), func, tree)
        kind = _kind(_argument(call, 2, "kind"))
        if codes is None or kind is None or kind not in STATUS:
            problems.append((call.lineno, f"line {call.lineno}: {ast.unparse(call)[:80]}"))
            continue
        for code in codes:
            statuses.setdefault(code, set()).add(STATUS[kind])
    return statuses, [text for _, text in sorted(problems)]


def domain_refusals() -> tuple[dict[str, set[int]], list[str]]:
    """The same over every module of app/tournaments/, problems named by file."""
    statuses: dict[str, set[int]] = {}
    problems = []
    for path in sorted(DOMAIN.rglob("*.py")):
        found, wrong = refusals_in(path.read_text(encoding="utf-8"))
        for code, codes in found.items():
            statuses.setdefault(code, set()).update(codes)
        problems += [f"{path.relative_to(ROOT)} {p}" for p in wrong]
    return statuses, problems


def test_every_kind_of_refusal_has_its_status():
    assert set(STATUS) == set(Kind)


def test_every_refusal_of_the_domain_is_answered_with_a_status():
    statuses, problems = domain_refusals()
    assert not problems, "a refusal with no literal code or no kind the API maps:\n" + "\n".join(problems)
    assert all(CODE.fullmatch(code) for code in statuses), sorted(statuses)
    # A few the HTTP tests rely on, read from the source as the rest are (the scan finds what it should).
    assert statuses["no_such_player"] == {404} and statuses["already_published"] == {409}
    assert statuses["ruling_not_allowed"] == {403} and statuses["claim_used"] == {410}
    assert statuses["bad_cut_size"] == {400} and statuses["winner_has_less_glory"] == {422}
    assert statuses["too_many_judge_calls"] == {409}  # given by a helper's callers
    # One code, two answers: a swap the draft cannot take (422), the top cut's bracket that fixes its pairings (409).
    assert statuses["bad_swap"] == {409, 422}


def test_a_refusal_with_a_status_of_its_own_or_an_unknown_kind_is_found():
    source = ('def check(state, d):\n'
              '    if d:\n'
              '        return Refusal("new_code", "A new refusal.", 409)\n'
              '    return Refusal("other_code", "Another.", Kind.LATER)\n')
    found, problems = refusals_in(source)
    assert found == {} and [p.split(":")[0] for p in problems] == ["line 3", "line 4"]


def test_a_code_a_helper_is_given_counts_only_when_every_caller_gives_a_literal():
    helper = ('def _too_many(code, most):\n'
              '    return Refusal(code, f"At most {most}.", CONFLICT)\n')
    assert refusals_in(helper + 'def a(s):\n    return _too_many("too_many_calls", 3)\n') == (
        {"too_many_calls": {409}}, [])
    found, problems = refusals_in(helper + 'def b(s, what):\n    return _too_many(what, 3)\n')
    assert found == {} and len(problems) == 1


def test_a_refusal_is_answered_with_its_status_code_sentence_and_rule():
    refusal = Refusal("already_called", "Time has already been called.", CONFLICT, rule="Book, pg 1")
    err = refused(refusal)
    assert status_of(refusal) == err.status == 409
    assert err.body() == {"error": {"code": "already_called", "message": "Time has already been called.",
                                    "rule": "Book, pg 1"}}
