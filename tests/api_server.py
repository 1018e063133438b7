"""Start the real server command on a free loopback port, for the API tests.

The command is ``liars serve`` exactly as a user types it, run through the
``liars`` entry point's own code (``python -m api.cli serve ...``, so it
works from a checkout that is not pip-installed).  The server runs in its own
process group, which is killed at teardown.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    """A port nothing listens on now (the OS picks it: bind to port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


# The tests' phones all come from 127.0.0.1: every page test, the fuzzers and the API tests
# of a worker make their rooms from one address, where a table's phones have one each.
# The per-address limits on making rooms are lifted for them unless a test sets its own
# (tests/test_rooms_hold.py tests the limits themselves).
ROOM_LIMITS = ("--rooms-per-minute", "10000", "--rooms-per-address", "10000")
# A ruling's reveal holds computer players back (5 s by default): the tests' servers show it
# for no time, so that tables of computer players play at once, unless a test asks for a
# hold of its own (LiveServer("--reveal-seconds", "5")).
REVEAL = ("--reveal-seconds", "0")


def serve_command(port: int, *extra: str) -> list[str]:
    limits = () if "--rooms-per-minute" in extra else ROOM_LIMITS
    reveal = () if "--reveal-seconds" in extra else REVEAL
    return [sys.executable, "-m", "api.cli", "serve", "--host", HOST,
            "--port", str(port), *limits, *reveal, *extra]


class LiveServer:
    """One ``liars serve`` process: ``url``, ``get``/``post`` helpers, ``stop()``."""

    def __init__(self, *extra: str, command: list[str] | None = None, port: int | None = None,
                 timeout: float = 30.0):
        self.port = port or free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.folder = None
        if "--rooms-db" in extra:
            self.db = extra[extra.index("--rooms-db") + 1]
        elif command is None:
            # a store of this server's own: the servers of one test process never share
            # rooms, or the counts kept with them (one server's fuzzed unknown codes would
            # otherwise be another's too many guesses from 127.0.0.1)
            self.folder = tempfile.mkdtemp(prefix="liars-live-")
            self.db = os.path.join(self.folder, "rooms.sqlite3")
            extra = (*extra, "--rooms-db", self.db)
        else:
            self.db = None  # (a command of the caller's: its own store)
        self.command = command or serve_command(self.port, *extra)
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(self.command, cwd=ROOT, stdout=self.log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        self.session = requests.Session()
        try:
            self._wait_healthy(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{' '.join(self.command)} exited with "
                                   f"{self.process.returncode} before answering /healthz:\n"
                                   f"{self.output()}")
            try:
                if requests.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{' '.join(self.command)}: no answer on /healthz in {timeout} s:"
                           f"\n{self.output()}")

    def output(self) -> str:
        """What the server printed so far (gunicorn's log)."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def get(self, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", 30)
        return self.session.get(self.url + path, **kwargs)

    def post(self, path: str, json=None, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", 30)
        return self.session.post(self.url + path, json=json, **kwargs)

    def get_from(self, source: str, path: str, headers=None) -> tuple[int, dict]:
        """GET ``path`` from another loopback address (``127.0.0.2``...): a client that
        is not the one a test made guess room codes (the server limits each address)."""
        import http.client
        import json
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30,
                                                source_address=(source, 0))
        try:
            connection.request("GET", path, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read() or b"null")
        finally:
            connection.close()

    def stop(self, timeout: float = 10.0, sig: int = signal.SIGINT) -> int | None:
        """Signal the process group, SIGKILL it if it lingers; the exit code.

        SIGINT is gunicorn's quick shutdown (what Ctrl-C does); SIGTERM its graceful
        one, which waits for open keep-alive connections and so is slower in tests."""
        self.session.close()
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(5)
        else:  # the master is gone; make sure no orphaned worker is left behind
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        return self.process.returncode

    def __enter__(self) -> "LiveServer":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
