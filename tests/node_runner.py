"""``node --test tests/node/``, started once a session and early: in the background while
the other tests run (tests/conftest.py starts it when tests/test_engine_node.py is
collected), its result read by that test."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_TESTS = ROOT / "tests" / "node"
TIMEOUT = 600  # seconds: the node tests take about 20 s on a quiet 2-core machine

_run: tuple[subprocess.Popen, object] | None = None


def node() -> str | None:
    """The node command, if there is one (scripts/run_tests.sh installs Debian's nodejs)."""
    return shutil.which("node")


def start() -> None:
    """Start the node tests unless they run already (or there is no node)."""
    global _run
    if _run is not None or node() is None:
        return
    log = tempfile.TemporaryFile()
    tests = sorted(str(p) for p in NODE_TESTS.glob("*.test.mjs"))
    _run = (subprocess.Popen([node(), "--test", *tests], cwd=ROOT, stdout=log,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL), log)


def result() -> tuple[int, str]:
    """The node tests' exit code and output (started now if they were not)."""
    start()
    process, log = _run
    process.wait(TIMEOUT)
    log.seek(0)
    return process.returncode, log.read().decode("utf-8", "replace")


def stop() -> None:
    """End the node tests if they still run (a session cut short)."""
    if _run is not None and _run[0].poll() is None:
        _run[0].kill()
        _run[0].wait()
