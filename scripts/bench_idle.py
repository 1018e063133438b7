#!/usr/bin/env python3
"""Idle sockets against `liars serve`: does a flood of them slow another client? Prints figures.

    python scripts/bench_idle.py [--idle 2500] [--duration 12] [--workers 2]
                                 [--serve-option=--max-per-address=64 ...]

Starts plain `liars serve` on a free loopback port, then, in that one server's life:

* alone     one client (from 127.0.0.2) loops POST /api/v1/judge for --duration
            seconds, one request at a time, on a kept-alive connection (reopened
            whenever the server closes it, as a phone's browser does);
* silent    the same client again, while --idle sockets from another address
            (127.0.0.1, in a process of their own) are connected and send nothing;
* partial   the same, the idle sockets each having sent the start of a request
            head and then nothing (a slow-loris);
* alone     the client alone once more (the machine's load may have moved).

The idle sockets are reopened whenever the server closes or answers one (a
hostile client would), so their churn is part of the load.  For each phase it
prints the client's requests, p50, p99 and the largest latency in ms, its p99
against the first "alone" run (a ratio), and the flood's counts: sockets opened,
answered 429, closed by the server.  Target: the client's p99 within 100 ms
under the flood.  Only 127.0.0.1 and 127.0.0.2 are used; every phase is bounded
by --duration (and the flood's set-up by 30 s); the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import queue
import resource
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"       # the server, and the idle sockets' address
CLIENT = "127.0.0.2"     # the other client's address
P99_TARGET_MS = 100.0
JUDGE = json.dumps({"words": ["big", "g", "er"]})
PARTIAL = b"GET /api/v1/rooms/BCDFG/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: te"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def raise_file_limit(wanted: int) -> int:
    """One descriptor per socket: raise the soft limit toward ``wanted`` (up to the hard
    limit); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


# --- the idle sockets (a process of their own) --------------------------------------------

def flood(port: int, count: int, partial: bool, ready, stop, results) -> None:
    """Hold ``count`` sockets from 127.0.0.1 open (each sends nothing, or the start of a
    head); reopen each one the server closes or answers, until ``stop`` is set; then put
    the counts in ``results``."""
    raise_file_limit(count + 256)
    selector = selectors.DefaultSelector()
    tally = {"opened": 0, "429 answered": 0, "closed by server": 0, "connect failed": 0}

    def open_one() -> None:
        try:
            sock = socket.create_connection((HOST, port), timeout=2,
                                            source_address=(HOST, 0))
            if partial:
                sock.sendall(PARTIAL)
        except OSError:
            tally["connect failed"] += 1
            return
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        tally["opened"] += 1

    deadline = time.monotonic() + 30
    for _ in range(count):
        if time.monotonic() > deadline:
            break
        open_one()
    ready.set()
    while not stop.is_set():
        for key, _ in selector.select(timeout=0.1):
            sock = key.fileobj
            try:
                got = sock.recv(4096)
            except OSError:
                got = b""
            tally["429 answered" if b" 429 " in got[:20] else "closed by server"] += 1
            selector.unregister(sock)
            sock.close()
            if not stop.is_set():
                open_one()
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    results.put(tally)


# --- the other client ------------------------------------------------------------------------

def client(port: int, seconds: float) -> tuple[list[float], int]:
    """Judge requests one at a time for ``seconds``; (latencies in seconds, failures)."""
    def connect():
        return http.client.HTTPConnection(HOST, port, timeout=30, source_address=(CLIENT, 0))

    latencies, failures = [], 0
    conn = connect()
    stop_at = time.monotonic() + seconds
    while time.monotonic() < stop_at:
        start = time.monotonic()
        try:
            conn.request("POST", "/api/v1/judge", body=JUDGE,
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
        except (OSError, http.client.HTTPException):
            failures += 1
            conn.close()
            conn = connect()
            continue
        if response.status == 200:
            latencies.append(time.monotonic() - start)
        else:
            failures += 1
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
    conn.close()
    return latencies, failures


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")


# --- the run ---------------------------------------------------------------------------------

def start_server(port: int, workers: int, options: list[str]):
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--host", HOST,
                               "--port", str(port), "--workers", str(workers), *options],
                              cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                conn.close()
                return server, log
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise SystemExit("liars serve did not start:\n" + log.read().decode())
        time.sleep(0.1)


def stop_server(server) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=2500, help="idle sockets (default 2500)")
    parser.add_argument("--duration", type=float, default=12.0,
                        help="seconds the client runs in each phase (default 12: longer "
                             "than the server's 10 s header timeout)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--serve-option", action="append", default=[], metavar="OPTION",
                        help="passed to liars serve (repeatable), e.g. "
                             "--serve-option=--max-per-address=64")
    args = parser.parse_args(argv)
    if not 1 <= args.duration <= 60:
        raise SystemExit("--duration must be from 1 to 60 seconds")
    if not 0 <= args.idle <= 10000:
        raise SystemExit("--idle must be from 0 to 10000")
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard < args.idle + 256:  # the flood raises its own
        raise SystemExit(f"only {hard} file descriptors allowed: lower --idle")

    port = free_port()
    server, log = start_server(port, args.workers, args.serve_option)
    rows = []
    try:
        print(f"liars serve --workers {args.workers} {' '.join(args.serve_option)} on "
              f"{HOST}:{port}; {args.idle} idle sockets from {HOST}, the client from "
              f"{CLIENT}; {args.duration:g} s a phase; {os.cpu_count()} CPUs, load average "
              f"{os.getloadavg()[0]:.1f} (a shared machine moves these figures)", flush=True)
        client(port, 1.0)  # warm up: every worker has answered a judge
        context = mp.get_context("fork")
        for phase in ("alone", "silent", "partial", "alone"):
            counts = {}
            if phase != "alone":
                ready, stop, results = context.Event(), context.Event(), context.Queue()
                flooder = context.Process(target=flood, daemon=True, args=(
                    port, args.idle, phase == "partial", ready, stop, results))
                flooder.start()
                ready.wait(40)
            latencies, failures = client(port, args.duration)
            if phase != "alone":
                stop.set()
                try:
                    counts = results.get(timeout=30)
                except queue.Empty:
                    pass
                flooder.join(10)
                if flooder.is_alive():
                    flooder.kill()
                time.sleep(1.0)  # the server lets go of the closed sockets
            rows.append((phase, latencies, failures, counts))
    finally:
        log.seek(0)  # before the stop, whose own noise is not the run's
        lines = log.read().decode("utf-8", "replace").splitlines()
        stop_server(server)

    base = pct(rows[0][1], 0.99)
    print(f"{'phase':8} {'requests':>8} {'failed':>6} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'p99/alone':>9}  idle sockets")
    worst = 0.0
    for phase, latencies, failures, counts in rows:
        p99 = pct(latencies, 0.99)
        if phase != "alone":
            worst = max(worst, p99)
        flood_text = (", ".join(f"{k} {v}" for k, v in counts.items() if v) if counts
                      else "-")
        print(f"{phase:8} {len(latencies):8d} {failures:6d} {pct(latencies, 0.5):7.2f} "
              f"{p99:7.2f} {pct(latencies, 1.0):7.2f} {p99 / base:9.2f}  {flood_text}")
    verdict = "met" if worst <= P99_TARGET_MS else "MISSED"
    print(f"target: the client's p99 <= {P99_TARGET_MS:g} ms beside the idle sockets: "
          f"{verdict} (worst {worst:.1f} ms)")
    errors = [i for i, line in enumerate(lines) if "[ERROR]" in line or "Traceback" in line]
    if errors:
        print(f"server log: {len(errors)} error lines; the first:")
        print("\n".join("  " + line[:160] for line in lines[errors[0]:errors[0] + 30]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
