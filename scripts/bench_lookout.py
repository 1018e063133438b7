#!/usr/bin/env python3
"""The look-out's benchmark (api/rooms/turns.py): prints figures, asserts nothing.

    python scripts/bench_lookout.py [--rooms 500] [--killed 100] [--restarted 100]
                                    [--away 15] [--sections lateness,kill,restart]

Side by side in one run, on this machine's loopback, with plain `liars serve` processes
(one worker each) that the script starts and stops:

- lateness: --rooms Liar's Dice rooms of two phones on a 5 s clock, nobody moving, so that
  every room's clock runs out once; how late each timeout landed after its deadline (the
  notice's ``at`` minus the view's ``deadline``), p50/p99/max, on one server over SQLite
  (the reference) and on two servers sharing one Redis (target: p99 within 1.5x of the
  reference);
- kill: --killed rooms made on two servers over Redis, one of them killed (SIGKILL) once
  they are made: how many of its rooms' clocks the other server still ran out, and how late;
- restart: --restarted rooms on a 12 s clock, one server over SQLite killed 2 s into their
  turns and started again --away seconds later: how many players the restart put out at
  once (target: 0), and how late their clocks ran out, given the time back.

Needs Debian's redis-server for the Redis sections (a private one on a free port).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
V1 = "/api/v1"
TARGET_RATIO = 1.5


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def call(port, method, path, body=None, token=None):
    connection = http.client.HTTPConnection(HOST, port, timeout=60)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, (json.loads(data) if data else None)


class Server:
    """One `liars serve` (one worker) on a free port, over ``db``."""

    def __init__(self, db: str):
        self.db, self.port, self.process = db, free_port(), None

    def start(self) -> "Server":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--host", HOST, "--port",
             str(self.port), "--rooms-db", self.db, "--workers", "1", "--reveal-seconds", "0",
             "--rooms-per-minute", "1000000", "--rooms-per-address", "1000000"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if call(self.port, "GET", "/healthz")[0] == 200:
                    return self
            except OSError:
                pass
            if self.process.poll() is not None:
                raise SystemExit("liars serve exited before it answered")
            time.sleep(0.2)
        raise SystemExit("liars serve did not answer within 90 s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


class Redis:
    """A private redis-server on a free port, no persistence."""

    def __init__(self, folder: str):
        self.port = free_port()
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", HOST, "--save", "",
             "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, self.port), timeout=1):
                    break
            except OSError:
                time.sleep(0.05)
        self.url = f"redis://{HOST}:{self.port}/0"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


def clocked_room(port: int, clock: int) -> dict:
    """A started Liar's Dice room of two phones on ``clock``: its code, tokens, deadline."""
    status, made = call(port, "POST", f"{V1}/rooms", {"game": "dice", "name": "ann",
                                                       "clock": clock})
    assert status == 201, made
    code, ann = made["code"], made["token"]
    status, joined = call(port, "POST", f"{V1}/rooms/{code}/join", {"name": "ben"})
    assert status == 201, joined
    status, view = call(port, "POST", f"{V1}/rooms/{code}/start", token=ann)
    assert status == 200, view
    return {"code": code, "token": ann, "deadline": view["deadline"] / 1000}


def make_rooms(ports: list[int], count: int, clock: int) -> list[dict]:
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda i: clocked_room(ports[i % len(ports)], clock),
                             range(count)))


def timed_out(port: int, room: dict) -> dict | None:
    """The room's timeout notice, once its clock ran out (None before)."""
    status, view = call(port, "GET", f"{V1}/rooms/{room['code']}", token=room["token"])
    assert status == 200, view
    notice = view.get("notice")
    return notice if notice and notice["kind"] == "timeout" else None


def lateness(port: int, rooms: list[dict], *, wait: float, shift: float = 0.0) -> list:
    """Each room's timeout lateness (seconds), once every clock has had time to run out
    (``shift``: time given back to each clock); None for a room never timed out."""
    time.sleep(max(0.0, max(r["deadline"] for r in rooms) + shift + wait - time.time()))
    with ThreadPoolExecutor(8) as pool:
        notices = list(pool.map(lambda room: timed_out(port, room), rooms))
    return [None if n is None else n["at"] - (r["deadline"] + shift)
            for n, r in zip(notices, rooms)]


def figures(late: list) -> str:
    landed = sorted(x for x in late if x is not None)
    if not landed:
        return "no timeout landed"

    def q(p):
        return landed[min(len(landed) - 1, int(p * len(landed)))] * 1000
    return (f"{len(landed)}/{len(late)} timed out; lateness p50 {q(0.5):.0f} ms, p99 "
            f"{q(0.99):.0f} ms, max {landed[-1] * 1000:.0f} ms")


def p99(late: list) -> float:
    landed = sorted(x for x in late if x is not None)
    return landed[min(len(landed) - 1, int(0.99 * len(landed)))] if landed else float("nan")


def section_lateness(folder: str, rooms: int) -> None:
    print(f"lateness: {rooms} rooms on a 5 s clock, nobody moving")
    one = Server(os.path.join(folder, "late.sqlite3")).start()
    try:
        reference = lateness(one.port, make_rooms([one.port], rooms, 5), wait=3)
    finally:
        one.kill()
    print(f"  one server, SQLite (reference): {figures(reference)}")
    redis = Redis(folder)
    servers = [Server(redis.url).start(), Server(redis.url).start()]
    try:
        shared = lateness(servers[0].port, make_rooms([s.port for s in servers], rooms, 5),
                          wait=3)
    finally:
        for server in servers:
            server.kill()
        redis.stop()
    ratio = p99(shared) / p99(reference)
    print(f"  two servers, one Redis:         {figures(shared)}")
    print(f"  p99 ratio {ratio:.2f} (target <= {TARGET_RATIO})")


def section_kill(folder: str, rooms: int) -> None:
    print(f"kill: {rooms} rooms on two servers over Redis, one killed once they are made")
    redis = Redis(folder)
    servers = [Server(redis.url).start(), Server(redis.url).start()]
    try:
        made = make_rooms([s.port for s in servers], rooms, 5)
        servers[0].kill()
        killed = made[0::2]  # the rooms made on the killed server
        late = lateness(servers[1].port, killed, wait=4)
    finally:
        for server in servers:
            server.kill()
        redis.stop()
    print(f"  the killed server's rooms, run by the other: {figures(late)}")


def section_restart(folder: str, rooms: int, away: float) -> None:
    print(f"restart: {rooms} rooms on a 12 s clock, the server away {away:.0f} s")
    db = os.path.join(folder, "restart.sqlite3")
    server = Server(db).start()
    made = make_rooms([server.port], rooms, 12)
    time.sleep(max(0.0, made[-1]["deadline"] - 10 - time.time()))  # 2 s into the turns
    server.kill()
    down = time.time()
    time.sleep(away)
    server = Server(db).start()
    gap = time.time() - down
    time.sleep(1.5)  # the restart's first ticks
    try:
        with ThreadPoolExecutor(8) as pool:
            out_at_once = sum(n is not None for n in pool.map(
                lambda room: timed_out(server.port, room), made))
        late = lateness(server.port, made, wait=3, shift=gap)
    finally:
        server.kill()
    print(f"  players put out by the restart: {out_at_once} (target 0)")
    print(f"  then, their time given back ({gap:.1f} s): {figures(late)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--killed", type=int, default=100)
    parser.add_argument("--restarted", type=int, default=100)
    parser.add_argument("--away", type=float, default=15.0)
    parser.add_argument("--sections", default="lateness,kill,restart")
    args = parser.parse_args()
    sections = set(args.sections.split(","))
    if sections & {"lateness", "kill"} and shutil.which("redis-server") is None:
        raise SystemExit("the Redis sections need redis-server (apt-get install redis-server)")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        if "lateness" in sections:
            section_lateness(folder, args.rooms)
        if "kill" in sections:
            section_kill(folder, args.killed)
        if "restart" in sections:
            section_restart(folder, args.restarted, args.away)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
