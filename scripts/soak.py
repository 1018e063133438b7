#!/usr/bin/env python3
"""Soak test of `liars serve`: everything bad at once, for a while. Prints a table.

    python scripts/soak.py [--duration 30] [--slow 50] [--heavy 3] [--light 4] [--kills 4]

Starts plain `liars serve --workers 2` (no flags but the port) on a free loopback
port and, for --duration seconds, runs together:

* slow clients   --slow connections that send a request a byte a second, half
                 dripping their head, half their body; each starts again when
                 the server closes it (the server must cut them off, not wait);
* heavy solves   --heavy clients looping POST /letters/highest on a whole bag,
                 Scrabble's 98 tiles and Bananagrams' 144 in turn (the default
                 2 s budget);
* light requests --light clients looping judge, words/<w> and 7-tile highest;
* worker kills   --kills SIGKILLs spread over the run, alternating between an
                 HTTP worker and a solver process;
* idle sockets   --idle connections from one address (127.0.0.1) that send nothing,
                 each reopened when the server closes it (the light and heavy
                 clients come from 127.0.0.2, another address, as another phone
                 would): the server's cap per address must keep them from
                 taking every connection.

Then it prints, per kind of client: requests, successes, failures by kind
(503 overloaded, 408, other 4xx/5xx, connection errors, timeouts), light p50/p99
latency, the longest solve over its budget, and the largest resident memory per
kind of server process (master, HTTP worker, solver).  It asserts nothing; the
exit code is 1 if a light request failed beyond the kills' allowance.

Only 127.0.0.1 is loaded, every loop stops by itself at the deadline, and the
server is stopped at the end.  On a shared machine the figures move with the
load of others: the output prints the load average before the run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.words.tiles import TILE_SETS

HOST = "127.0.0.1"
BAG = TILE_SETS["scrabble"].bag
LIGHT = [("POST", "/api/v1/judge", {"words": ["big", "g", "er"]}),
         ("GET", "/api/v1/words/bigger", None),
         ("POST", "/api/v1/letters/highest", {"tiles": "ABEGIRR"})]
BANANAGRAMS_BAG = TILE_SETS["bananagrams"].bag
HEAVY = [("POST", "/api/v1/letters/highest", {"tiles": BAG}),
         ("POST", "/api/v1/letters/highest", {"tiles": BANANAGRAMS_BAG,
                                               "tile_set": "bananagrams"})]
HEAVY_BUDGET = 2.0  # liars serve's default


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


# --- clients --------------------------------------------------------------------------------

class Tally:
    """Thread-safe counts by outcome, and latencies of the successes."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts: dict[str, int] = {}
        self.latencies: list[float] = []
        self.overrun = 0.0  # longest answer past its budget (heavy solves)

    def add(self, outcome: str, latency: float | None = None) -> None:
        with self.lock:
            self.counts[outcome] = self.counts.get(outcome, 0) + 1
            if latency is not None and outcome == "ok":
                self.latencies.append(latency)

    def total(self) -> int:
        return sum(self.counts.values())


CLIENT = "127.0.0.2"  # the well-behaved clients' address (the idle flood has 127.0.0.1)


def request_loop(port: int, jobs, stop_at: float, tally: Tally, budget: float | None = None):
    """Loop ``jobs`` (method, path, body) on one keep-alive connection until stop_at."""
    def connect():
        return http.client.HTTPConnection(HOST, port, timeout=30, source_address=(CLIENT, 0))

    conn = connect()
    i = random.randrange(len(jobs))
    while time.monotonic() < stop_at:
        method, path, body = jobs[i % len(jobs)]
        i += 1
        data = json.dumps(body) if body is not None else None
        start = time.monotonic()
        try:
            conn.request(method, path, body=data,
                         headers={"Content-Type": "application/json"} if data else {})
            response = conn.getresponse()
            response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
        except socket.timeout:
            tally.add("timeout")
            conn.close()
            conn = connect()
            continue
        except (OSError, http.client.HTTPException):
            tally.add("connection error")
            conn.close()
            conn = connect()
            time.sleep(0.05)
            continue
        latency = time.monotonic() - start
        outcome = ("ok" if status == 200 else "503 overloaded" if status == 503
                   else "408" if status == 408 else f"{status}")
        tally.add(outcome, latency)
        if budget is not None and status == 200:
            with tally.lock:
                tally.overrun = max(tally.overrun, latency - budget)
        if status == 503:
            time.sleep(0.2)  # a polite client backs off a little (Retry-After says 1 s)
    conn.close()


def slow_client(port: int, stop_at: float, tally: Tally, drip_body: bool, rate: float = 1.0):
    """Send a request a byte at a time (``rate`` bytes/s), the head or the body; start
    again whenever the server closes or answers."""
    body = json.dumps({"words": "big, g, er"}).encode()
    head = (f"POST /api/v1/judge HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json"
            f"\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    while time.monotonic() < stop_at:
        try:
            conn = socket.create_connection((HOST, port), timeout=5)
        except OSError:
            tally.add("connect failed")
            time.sleep(0.5)
            continue
        outcome = "still dripping at the end"
        with conn:
            if drip_body:
                conn.sendall(head)
            drip = (body if drip_body else head)[:-1]  # never the last byte
            conn.settimeout(1.0 / rate)
            for byte in drip:
                if time.monotonic() >= stop_at:
                    break
                try:
                    conn.sendall(bytes([byte]))
                    got = conn.recv(4096)
                except socket.timeout:
                    continue
                except OSError:
                    outcome = "closed by server"
                    break
                outcome = ("408 answered" if b" 408 " in got.partition(b"\r\n")[0]
                           else "closed by server" if not got else "other answer")
                break
        tally.add(outcome)


def idle_flood(port: int, count: int, stop_at: float, tally: Tally) -> None:
    """Hold ``count`` connections from 127.0.0.1 that never send a byte; whenever the
    server closes one (or answers it: 429 past its cap), open another."""
    import selectors

    selector = selectors.DefaultSelector()

    def open_one():
        try:
            sock = socket.create_connection((HOST, port), timeout=5,
                                            source_address=("127.0.0.1", 0))
        except OSError:
            tally.add("connect failed")
            return
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        tally.add("opened")

    for _ in range(count):
        open_one()
    while time.monotonic() < stop_at:
        for key, _ in selector.select(timeout=0.2):
            sock = key.fileobj
            try:
                got = sock.recv(4096)
            except OSError:
                got = b""
            tally.add("429 answered" if b" 429 " in got[:20] else "closed by server")
            selector.unregister(sock)
            sock.close()
            open_one()
    for key in list(selector.get_map().values()):
        key.fileobj.close()


def background(kind: str, port: int, count: int, seconds: float) -> None:
    """Run ``count`` heavy or slow clients for ``seconds`` (for scripts/bench_api.py,
    in a process of its own); prints one line of counts at the end."""
    stop_at = time.monotonic() + seconds
    tally = Tally()
    if kind == "heavy":
        threads = [threading.Thread(target=request_loop, args=(port, HEAVY, stop_at, tally),
                                    daemon=True) for _ in range(count)]
    else:
        threads = [threading.Thread(target=slow_client, args=(port, stop_at, tally, i % 2 == 1),
                                    daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 40)
    print(f"  background {kind} x{count}: {dict(sorted(tally.counts.items()))}", flush=True)


# --- the server -----------------------------------------------------------------------------

def process_table(root: int) -> dict[int, tuple[int, int, str]]:
    """pid -> (parent pid, resident KiB, name) of every process in ``root``'s session."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/status") as f:
                rss = next((int(line.split()[1]) for line in f if line.startswith("VmRSS")), 0)
        except (OSError, StopIteration, ValueError):
            continue
        if int(fields[3]) == root:  # session id: everything the server started
            table[int(entry)] = (int(fields[1]), rss, "")
    return table


def roles(root: int) -> dict[int, str]:
    """Each server process's role: master, worker, zygote or solver."""
    table = process_table(root)
    role = {root: "master"}
    for pid, (parent, _, _) in table.items():
        if parent == root:
            role[pid] = "worker"
    for pid, (parent, _, _) in table.items():
        if role.get(parent) == "worker":
            role[pid] = "zygote"
    for pid, (parent, _, _) in table.items():
        if role.get(parent) == "zygote":
            role[pid] = "solver"
    return role


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=30.0, help="seconds (default 30)")
    parser.add_argument("--slow", type=int, default=50, help="slow connections (default 50)")
    parser.add_argument("--heavy", type=int, default=3, help="heavy solve loops (default 3)")
    parser.add_argument("--light", type=int, default=4, help="light request loops (default 4)")
    parser.add_argument("--kills", type=int, default=4, help="SIGKILLs spread over the run")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--idle", type=int, default=0,
                        help="idle sockets from one address, reopened when closed (default 0; "
                             "the hostile probe held 2,500)")
    args = parser.parse_args(argv)
    if args.idle:  # one descriptor per socket, here and in the server
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.idle + 1024)), hard))
    if not 1 <= args.duration <= 600:
        raise SystemExit("--duration must be from 1 to 600 seconds")

    port = free_port()
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--host",
                               HOST, "--port", str(port), "--workers", str(args.workers)],
                              cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise SystemExit("liars serve did not start:\n" + log.read().decode())
                time.sleep(0.1)
        while list(roles(server.pid).values()).count("solver") < args.workers:
            time.sleep(0.1)
        print(f"liars serve --workers {args.workers} on {HOST}:{port}; {args.duration:g} s; "
              f"{args.slow} slow, {args.heavy} heavy, {args.light} light clients, "
              f"{args.idle} idle sockets, "
              f"{args.kills} kills; {os.cpu_count()} CPUs, load average before "
              f"{os.getloadavg()[0]:.1f} (a shared machine moves these figures)", flush=True)

        stop_at = time.monotonic() + args.duration
        light, heavy, slow, idle = Tally(), Tally(), Tally(), Tally()
        threads = [threading.Thread(target=request_loop, args=(port, LIGHT, stop_at, light))
                   for _ in range(args.light)]
        threads += [threading.Thread(target=request_loop,
                                     args=(port, HEAVY, stop_at, heavy, HEAVY_BUDGET))
                    for _ in range(args.heavy)]
        threads += [threading.Thread(target=slow_client, args=(port, stop_at, slow, i % 2 == 1))
                    for i in range(args.slow)]
        if args.idle:
            threads.append(threading.Thread(target=idle_flood,
                                            args=(port, args.idle, stop_at, idle)))
        for t in threads:
            t.daemon = True
            t.start()

        max_rss: dict[str, int] = {}
        kills: list[str] = []
        kill_times = [time.monotonic() + args.duration * (k + 1) / (args.kills + 1)
                      for k in range(args.kills)]
        while time.monotonic() < stop_at:
            table = process_table(server.pid)
            role = roles(server.pid)
            for pid, (_, rss, _) in table.items():
                name = role.get(pid, "other")
                max_rss[name] = max(max_rss.get(name, 0), rss)
            if kill_times and time.monotonic() >= kill_times[0]:
                kill_times.pop(0)
                target = "worker" if len(kills) % 2 == 0 else "solver"
                pids = [p for p, r in role.items() if r == target]
                if pids:
                    victim = random.choice(pids)
                    try:
                        os.kill(victim, signal.SIGKILL)
                        kills.append(f"{target} {victim}")
                    except ProcessLookupError:
                        pass
            time.sleep(0.5)
        for t in threads:
            t.join(HEAVY_BUDGET + 40)

        def pct(values, q):
            values = sorted(values)
            return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0

        print(f"{'clients':8} {'requests':>9} {'ok':>8}  failures by kind")
        for name, tally in (("light", light), ("heavy", heavy), ("slow", slow),
                            *((("idle", idle),) if args.idle else ())):
            ok = tally.counts.get("ok", 0)
            others = {k: v for k, v in sorted(tally.counts.items()) if k != "ok"}
            print(f"{name:8} {tally.total():9d} {ok:8d}  {others or '-'}")
        print(f"light latency: p50 {pct(light.latencies, 0.5):.1f} ms, "
              f"p99 {pct(light.latencies, 0.99):.1f} ms, "
              f"{light.counts.get('ok', 0) / args.duration:.0f} req/s")
        print(f"heavy solves: longest answer past the {HEAVY_BUDGET:g} s budget: "
              f"{max(0.0, heavy.overrun):.2f} s")
        print(f"kills: {', '.join(kills) or 'none'}; workers now: "
              f"{list(roles(server.pid).values()).count('worker')}, solvers now: "
              f"{list(roles(server.pid).values()).count('solver')}")
        print("max RSS per process (MiB): " + ", ".join(
            f"{name} {kib / 1024:.0f}" for name, kib in sorted(max_rss.items())))
        light_failures = light.total() - light.counts.get("ok", 0)
        return 1 if light_failures > len(kills) else 0
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(5)


if __name__ == "__main__":
    sys.exit(main())
