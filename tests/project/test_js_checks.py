"""The phone app's JavaScript is checked like the Python: .ci/run runs ESLint and TypeScript's checker over
static/js, and both catch what they are there for (an unused name, a JSDoc type broken by a call)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
needs_npm = pytest.mark.skipif(not (BIN / "eslint").exists() or not (BIN / "tsc").exists() or not shutil.which("node"),
                               reason="npm ci has not run (scripts/setup runs it)")


def test_ci_checks_the_javascript_after_mypy_and_before_the_tests():
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    mypy = next(i for i, line in enumerate(lines) if "-m mypy app" in line)
    lint = next(i for i, line in enumerate(lines) if line.strip() == "npm run --silent lint")
    types = next(i for i, line in enumerate(lines) if line.strip() == "npm run --silent typecheck")
    tests = next(i for i, line in enumerate(lines) if line.strip().startswith("scripts/test"))
    assert mypy < lint < types < tests
    scripts = json.loads((ROOT / "package.json").read_text())["scripts"]
    assert scripts["lint"] == "eslint static/js" and scripts["typecheck"] == "tsc -p jsconfig.json"


@needs_npm
def test_the_linter_refuses_an_unused_name_in_a_module_of_the_app():
    probe = 'import { h } from "./dom.js";\nconst unused = 1;\nexport const node = h("p", {}, "x");\n'
    run = subprocess.run([str(BIN / "eslint"), "--stdin", "--stdin-filename", "static/js/probe.js"], cwd=ROOT,
                         input=probe, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "'unused' is assigned a value but never used" in run.stdout, run.stdout + run.stderr


@needs_npm
def test_the_linter_refuses_a_call_to_the_server_outside_the_api_client():
    probe = 'export const read = () => fetch("/api/rulesets");\n'
    lint = lambda name: subprocess.run([str(BIN / "eslint"), "--stdin", "--stdin-filename", name], cwd=ROOT,  # noqa: E731
                                       input=probe, capture_output=True, text=True, timeout=120)
    run = lint("static/js/games/probe.js")
    assert run.returncode == 1 and "Call the server with api()" in run.stdout, run.stdout + run.stderr
    assert lint("static/js/api.js").returncode == 0


@needs_npm
def test_the_type_check_refuses_a_call_against_a_modules_jsdoc(tmp_path):
    # dom.js's button() takes {cls?: string, ...}: a number for `cls` breaks its JSDoc type.
    (tmp_path / "probe.js").write_text(f'import {{ button }} from "{ROOT / "static/js/dom.js"}";\n'
                                       'export const b = button("Go", () => {}, { cls: 3 });\n')
    (tmp_path / "jsconfig.json").write_text(json.dumps({"extends": str(ROOT / "jsconfig.json"), "include": ["probe.js"]}))
    run = subprocess.run([str(BIN / "tsc"), "-p", str(tmp_path / "jsconfig.json")], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode != 0 and "probe.js" in run.stdout and "TS2322" in run.stdout, run.stdout + run.stderr
