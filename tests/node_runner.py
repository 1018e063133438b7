"""``node --test tests/node/``, run once a session and early: in the background while the
other tests run, its result read by tests/test_engine_node.py.

Under pytest-xdist every worker collects every test, so every worker would start it; they
share one run instead.  The session's main process names a folder for it
(``prepare``, before the workers start: they inherit the name through the environment);
the first process to claim the folder starts node there, writing its output and then its
exit code; whichever worker runs the test waits for that code; the main process ends a
run still going when the session ends (``stop``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_TESTS = ROOT / "tests" / "node"
TIMEOUT = 600  # seconds: the node tests take about 40 s on a quiet 2-core machine
FOLDER = "LIARS_NODE_TESTS_RUN"  # the environment variable naming the session's run folder

# sh -c RUN NODE FOLDER TEST...: node's output, then its exit code (written under another
# name, then renamed: the code is there whole or not at all)
RUN = ('folder="$1"; shift; "$0" --test "$@" > "$folder/output" 2>&1; '
       'echo $? > "$folder/code.part"; mv "$folder/code.part" "$folder/code"')


def node() -> str | None:
    """The node command, if there is one (scripts/run_tests.sh installs Debian's nodejs)."""
    return shutil.which("node")


def prepare() -> None:
    """Name the session's run folder (in the session's main process, before any worker)."""
    os.environ[FOLDER] = tempfile.mkdtemp(prefix="liars-node-tests-")


def _folder() -> Path:
    if FOLDER not in os.environ:
        prepare()
    return Path(os.environ[FOLDER])


def start() -> None:
    """Start the node tests unless some process of this session started them (or there is
    no node)."""
    if node() is None:
        return
    folder = _folder()
    try:
        os.close(os.open(folder / "claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    tests = sorted(str(p) for p in NODE_TESTS.glob("*.test.mjs"))
    process = subprocess.Popen(["/bin/sh", "-c", RUN, node(), str(folder), *tests], cwd=ROOT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    (folder / "pid").write_text(str(process.pid))


def result() -> tuple[int, str]:
    """The node tests' exit code and output (started now if they were not), once they end."""
    start()
    folder = _folder()
    deadline = time.monotonic() + TIMEOUT
    while not (folder / "code").exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"node --test tests/node/ did not end in {TIMEOUT} s")
        time.sleep(0.2)
    output = (folder / "output").read_bytes().decode("utf-8", "replace")
    return int((folder / "code").read_text()), output


def stop() -> None:
    """End the node tests if they still run (a session cut short), and remove their folder."""
    if FOLDER not in os.environ:
        return
    folder = Path(os.environ[FOLDER])
    pid = folder / "pid"
    if pid.exists() and not (folder / "code").exists():
        try:
            os.killpg(int(pid.read_text()), signal.SIGKILL)
        except ProcessLookupError:
            pass
    shutil.rmtree(folder, ignore_errors=True)
