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


# --- which Python the test command installs into ---------------------------------------------

STUB_PYTHON = """#!/bin/sh
# python3 as scripts/run_tests.sh calls it: its own checks (-c) run on a real Python (the
# machine's, or one inside a virtual environment); what would install or test is logged.
echo "python3 $*" >> "$LOG"
case "$1" in
  -c) case "$2" in *kernels*) exit 0 ;; esac; exec "$REAL_PYTHON" "$@" ;;
  -m) if [ "$2" = venv ]; then
        mkdir -p .venv/bin
        printf '#!/bin/sh\\necho ".venv/bin/python $*" >> "$LOG"\\n' > .venv/bin/python
        cp .venv/bin/python .venv/bin/pip
        chmod +x .venv/bin/python .venv/bin/pip
      fi ;;
esac
exit 0
"""


def _run_tests_sh(tmp_path, real_python: str) -> list[str]:
    """scripts/run_tests.sh run in a copy of the repository with python3 stubbed (and apt,
    sudo and node, should it try them): the commands it ran."""
    import os
    import shutil
    import stat
    import subprocess

    repo, stubs = tmp_path / "repo", tmp_path / "bin"
    (repo / "scripts").mkdir(parents=True)
    stubs.mkdir()
    shutil.copy(ROOT / "scripts" / "run_tests.sh", repo / "scripts")
    (repo / "tests" / "axe").mkdir(parents=True)  # the npm package it pins (axe-core)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / "tests" / "axe" / name, repo / "tests" / "axe")
    log = tmp_path / "log"
    for name, text in {"python3": STUB_PYTHON,
                       **{tool: '#!/bin/sh\necho "%s $*" >> "$LOG"\n' % tool
                          for tool in ("apt-get", "sudo", "node", "npm")}}.items():
        (stubs / name).write_text(text)
        (stubs / name).chmod(stat.S_IRWXU)
    env = {**os.environ, "PATH": f"{stubs}:/usr/bin:/bin", "LOG": str(log),
           "REAL_PYTHON": real_python}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(["bash", str(repo / "scripts" / "run_tests.sh")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return log.read_text().splitlines()


def test_the_test_command_installs_into_dot_venv_not_the_machine_s_python(tmp_path):
    """A Python outside any virtual environment and not externally managed (pyenv's, as on
    this machine): the tests install into .venv, never into it."""
    import sys
    ran = _run_tests_sh(tmp_path, sys.base_exec_prefix + "/bin/python3")
    assert "python3 -m venv --clear .venv" in ran
    assert not [line for line in ran if line.startswith("python3 -m pip")], ran
    assert any(line.startswith(".venv/bin/python -m pip install") for line in ran), ran
    assert ran[-1].startswith(".venv/bin/python -m pytest"), ran


def test_the_test_command_keeps_to_an_active_virtual_environment(tmp_path):
    """Inside a virtual environment already: its own Python installs and runs the tests."""
    import subprocess
    import sys
    venv = tmp_path / "active"
    subprocess.run([sys.base_exec_prefix + "/bin/python3", "-m", "venv", "--without-pip",
                    str(venv)], check=True)
    ran = _run_tests_sh(tmp_path, str(venv / "bin" / "python3"))
    assert not [line for line in ran if ".venv" in line], ran
    assert any(line.startswith("python3 -m pip install -q --disable-pip-version-check -e")
               for line in ran), ran
    assert ran[-1].startswith("python3 -m pytest"), ran
