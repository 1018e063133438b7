"""README's fresh-machine set-up gives exactly two commands, and CI runs the second.

The brief's contract: one command installs and runs the main job, one runs the whole test
suite, and ``.ci/run`` runs that same test command, so the two cannot drift apart.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup_commands() -> list[str]:
    """The indented command lines of README's "Set up on a fresh machine" section."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_readme_gives_exactly_two_setup_commands():
    install, tests = _setup_commands()
    assert install.endswith("solve ABEGIRR") and "pip install ." in install
    assert tests == "bash scripts/run_tests.sh"


def test_ci_runs_the_readme_test_command():
    lines = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert re.fullmatch(r"exec (.+)", lines[-1]).group(1) == _setup_commands()[1]
