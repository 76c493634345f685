"""axe-core (npm dev dependency) run in a page: the critical and serious accessibility violations it finds."""
from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")


def violations(page, where: str) -> list[str]:
    """Run axe on the page as it is now; one line per critical or serious violation, naming the elements.

    The page's context must be made with bypass_csp=True: the app's Content-Security-Policy refuses injected scripts.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    out = []
    for v in found:
        if v.get("impact") in BLOCKING:
            targets = "; ".join(" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                                for n in v["nodes"][:4])
            out.append(f"{where}: [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])}x: {targets})")
    return out
