"""requirements.lock agrees with pyproject.toml: every declared dependency is pinned within its bounds."""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
FIX = "run scripts/lock (it rewrites requirements.lock from pyproject.toml) and commit both files"


def declared() -> list[Requirement]:
    """Every requirement of pyproject.toml: the core and each optional extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        lines.extend(extra)
    return [Requirement(line) for line in lines]


def pins() -> dict[str, list[Version]]:
    """name -> pinned versions in requirements.lock (one per environment marker fork)."""
    found: dict[str, list[Version]] = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", line)
        if match:
            found.setdefault(canonicalize_name(match[1]), []).append(Version(match[2]))
    return found


def direct_names_in_lock() -> set[str]:
    """Packages the lockfile says it pinned because pyproject.toml asked for them."""
    names, current = set(), None
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", line)
        if match:
            current = canonicalize_name(match[1])
        elif current and "tablewarden (pyproject.toml)" in line:
            names.add(current)
    return names


def test_every_declared_dependency_is_pinned_within_its_bounds():
    locked = pins()
    problems = []
    for req in declared():
        name = canonicalize_name(req.name)
        if name not in locked:
            problems.append(f"{req} is in pyproject.toml but not in requirements.lock")
        elif not any(req.specifier.contains(v, prereleases=True) for v in locked[name]):
            problems.append(f"{req}: requirements.lock pins {', '.join(map(str, locked[name]))}")
        if "binary" in req.extras and canonicalize_name(f"{req.name}-binary") not in locked:
            problems.append(f"{req}: its [binary] part is not pinned")
    assert not problems, f"{'; '.join(problems)}. {FIX}"


def test_the_lockfile_pins_nothing_directly_that_pyproject_no_longer_asks_for():
    stale = direct_names_in_lock() - {canonicalize_name(r.name) for r in declared()}
    assert not stale, f"requirements.lock still pins {sorted(stale)} for pyproject.toml. {FIX}"


def test_setup_and_ci_install_from_the_lockfile():
    setup = (ROOT / "scripts" / "setup").read_text()
    assert "-r requirements.lock" in setup and "--no-deps -e ." in setup
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text()
    assert "scripts/setup" in (ROOT / "scripts" / "test").read_text()
