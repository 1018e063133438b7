"""axe-core (Deque's accessibility rules engine, from npm) run in a Playwright page.

scripts/run_tests.sh installs the version tests/axe/package.json pins into
tests/axe/node_modules (``npm ci``); without it these helpers fail, never skip, saying to
run that script.

The engine is handed to the page through the DevTools protocol (``page.evaluate`` of its
source), which the page's Content-Security-Policy does not govern: a page is checked as a
phone sees it, with its CSP whole (no ``bypass_csp`` needed, none added).

    from axe import serious_violations
    assert serious_violations(page) == []
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

# axe.run over the whole document, violations only (the passes and the incomplete checks
# are most of its work's output and none of ours); each violation as plain data.
RUN = """async () => {
    const results = await axe.run(document, {resultTypes: ["violations"]});
    return results.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({impact: n.impact, target: n.target,
                                   summary: n.failureSummary || ""})),
    }));
}"""


def pinned_version() -> str:
    """The axe-core version tests/axe/package.json pins."""
    return json.loads((AXE_DIR / "package.json").read_text())["dependencies"]["axe-core"]


@cache
def axe_source() -> str:
    """axe.min.js of the pinned version; a missing or other install fails the test."""
    installed = AXE_DIR / "node_modules" / "axe-core" / "package.json"
    if not AXE_JS.is_file() or not installed.is_file():
        raise AssertionError(f"axe-core is not installed in {AXE_DIR / 'node_modules'}: "
                             "run scripts/run_tests.sh (it runs npm ci there)")
    version = json.loads(installed.read_text())["version"]
    if version != pinned_version():
        raise AssertionError(f"axe-core {version} is installed, tests/axe/package.json pins "
                             f"{pinned_version()}: run scripts/run_tests.sh")
    return AXE_JS.read_text()


def violations(page, impacts=SERIOUS) -> list[dict]:
    """axe's violations on ``page`` as it is now, those of an impact in ``impacts``."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # an expression, evaluated as DevTools evaluates one: no CSP applies to it
        page.evaluate(axe_source() + "\n;undefined")
    found = page.evaluate(RUN)
    return [v for v in found if v["impact"] in impacts]


def describe(violation: dict) -> str:
    """One readable line: the rule, its impact, where (CSS selectors) and its short help."""
    where = "; ".join(" ".join(map(str, node["target"])) for node in violation["nodes"][:6])
    more = len(violation["nodes"]) - 6
    if more > 0:
        where += f"; and {more} more"
    line = f"{violation['id']} ({violation['impact']}) at {where}: {violation['help']}"
    summaries = {node["summary"].splitlines()[-1].strip() for node in violation["nodes"]
                 if node["summary"]}
    if len(summaries) == 1:  # the one reason every node fails for (a contrast's numbers)
        line += f" [{summaries.pop()}]"
    return line


def serious_violations(page) -> list[str]:
    """A line per serious or critical violation axe finds on ``page``, as it is now."""
    return [describe(v) for v in violations(page)]
