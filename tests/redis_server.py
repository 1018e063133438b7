"""A redis-server of the tests' own (Debian's), on a free loopback port."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time


@contextlib.contextmanager
def redis_server(folder, *settings: str):
    """Run redis-server with ``settings`` (no persistence unless asked) until the block
    ends; yields ``(url, process)``."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no", "--dir", str(folder),
                               *settings],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis
    client = redis.Redis(port=port)
    try:
        for _ in range(200):  # readiness, not timing: it answers when it is up
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", server
    finally:
        client.close()
        if server.poll() is None:
            server.terminate()
            server.wait(10)
