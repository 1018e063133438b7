#!/usr/bin/env python3
"""Benchmarks of the rooms, in named sections: prints figures, asserts nothing.

    python scripts/bench_rooms.py [--section NAME ...] [each section's options]

Each ``--section`` runs one benchmark (all of them without any), in the order given, and
the figures of every section run are printed side by side at the end:

* ``load``: the event streams' delivery under load (below);
* ``fanout``: the server's CPU a move costs with 0 and with --spectators spectators'
  streams open (scripts/bench_rooms_fanout.py);
* ``store``: the SQLite file's and Redis's size over --games finished games, with the
  stores' clocks compressed (scripts/bench_rooms_store.py).

The ``load`` section: [--rooms 200] [--phones 4] [--duration 20] [--rate 40] [--burst]
[--drops 2].  It starts plain `liars serve` (its default workers) on a free loopback
port with a fresh SQLite rooms store, measures the judge's latency with no rooms (the
reference, in the same run), then fills --rooms Liar's Dice rooms of --phones phones
each, every phone holding its event stream open, and plays: --rate moves a second in all
(the player to move in a random room bids or calls "Liar!"), for --duration seconds,
while the judge is loaded as before.  For every move it times, from the moment the move
is sent, how long until each of the other phones' streams carries the move's version.

With --burst, a table's burst: every room is made from its host's own phone and every
phone joins at once, then every stream opens within one second, and the script prints how
long until each had its first view.  With --drops N, N phones a second (in all) drop
their stream and open it again a moment later, as phones on a table's Wi-Fi do: each
must get the room as it stands on reconnecting (the moves made while it was away are
not timed for it).

It prints the deliveries' p50/p99/max against the target (p99 <= 300 ms), the errors
(refused moves, broken streams, deliveries that never came: must be 0), and the
judge's p99 with rooms against its p99 without (target: within 2x).  The client runs
on gevent in one process beside the server, so its own CPU is counted against the
figures, as a phone's network would be.
"""

from __future__ import annotations

import sys

if "--judge" not in sys.argv:  # the judge's own client runs in a process of plain threads
    from gevent import monkey

    monkey.patch_all()
    import gevent

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
TARGET_P99_MS = 300.0
JUDGE_RATIO = 2.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, *extra: str) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--host", HOST,
                               "--port", str(port), "--rooms-db", db, *extra], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/healthz")[0] == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None:
            raise SystemExit("liars serve exited before it answered")
        time.sleep(0.2)
    raise SystemExit("liars serve did not answer within 90 s")


def phone_address(n: int) -> str:
    """A loopback address of the n-th phone's own (Linux answers all of 127/8): each phone
    is its own client, as on a table's Wi-Fi, and the server's cap per address holds."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


def call(port, method, path, body=None, token=None, source=None):
    connection = http.client.HTTPConnection(HOST, port, timeout=30,
                                            source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, (json.loads(data) if data else None)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Judge:
    """Clients posting a three-word play to /api/v1/judge, one after another each, from a
    process of their own (plain threads): the phones' streams in this one do not slow
    them, so what they time is the server."""

    def __init__(self, port, clients=4):
        self.port, self.clients, self.times, self.errors = port, clients, [], 0

    def start(self, seconds):
        return subprocess.Popen([sys.executable, __file__, "--judge", str(self.port),
                                 str(seconds), str(self.clients)], stdout=subprocess.PIPE)

    def finish(self, process):
        result = json.loads(process.communicate()[0])
        self.errors += result["errors"]
        return result["p99_ms"]

    def run(self, seconds):
        return self.finish(self.start(seconds))

    def run_here(self, seconds):
        import threading
        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=self._loop, args=(deadline,))
                   for _ in range(self.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return {"p99_ms": percentile(self.times, 0.99) * 1000, "errors": self.errors}

    def _loop(self, deadline):
        source = (f"127.1.0.{2 + len(self.times) % 200}", 0)
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30,
                                                source_address=source)
        body = json.dumps({"words": "big, g, er"})
        while time.monotonic() < deadline:
            started = time.monotonic()
            try:
                connection.request("POST", "/api/v1/judge", body=body,
                                   headers={"Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                if answer.status != 200:
                    self.errors += 1
            except OSError:
                self.errors += 1
                connection = http.client.HTTPConnection(HOST, self.port, timeout=30,
                                                        source_address=source)
                continue
            self.times.append(time.monotonic() - started)
            time.sleep(0.01)


class Bench:
    def __init__(self, port, rooms, phones):
        self.port, self.n_rooms, self.phones = port, rooms, phones
        self.rooms = []  # [{"code", "tokens": {name: token}, "view"}]
        self.arrivals = {}  # (code, version, name) -> time the stream carried it
        self.sent = []  # (code, version, mover, time sent)
        self.errors = {"move refused": 0, "stream refused": 0, "stream broke": 0,
                       "join refused": 0, "not delivered": 0, "stale on reconnect": 0}
        self.running = True
        self.refusals = []
        self.away = {}  # (code, name) -> [(from, to)] while its stream was closed
        self.first_view = {}  # (code, name) -> when its stream first carried a view
        self.drops = 0

    def fill(self, burst=False):
        """Make the rooms (each from its host's phone) and seat every phone; with
        ``burst``, every phone of every room joins at once."""
        for i in range(self.n_rooms):
            phones = {f"p{k}": phone_address(i * self.phones + k) for k in range(self.phones)}
            status, made = call(self.port, "POST", "/api/v1/rooms",
                                {"game": "dice", "deal": "server", "name": "p0",
                                 "rules": {"dice_each": 5}}, source=phones["p0"])
            assert status == 201, made
            self.rooms.append({"code": made["code"], "tokens": {"p0": made["token"]},
                               "phones": phones})
        joins = [(room, f"p{k}") for room in self.rooms for k in range(1, self.phones)]
        if burst:
            gevent.joinall([gevent.spawn(self.join, room, name) for room, name in joins])
        else:
            for room, name in joins:
                self.join(room, name)
        for room in self.rooms:
            status, view = call(self.port, "POST", f"/api/v1/rooms/{room['code']}/start",
                                token=room["tokens"]["p0"])
            assert status == 200, view
            room["view"] = view

    def join(self, room, name):
        status, joined = call(self.port, "POST", f"/api/v1/rooms/{room['code']}/join",
                              {"name": name}, source=room["phones"][name])
        if status != 201:
            self.errors["join refused"] += 1
            self.refusals.append(joined)
            raise SystemExit(f"a join was refused: {joined}")
        room["tokens"][name] = joined["token"]

    def listen(self, room, name, within=0.0, drop_after=None):
        """One phone's stream (opened ``within`` seconds from now, at random): the time
        each version reaches it.  ``drop_after(rng)``: seconds until it drops and opens
        again, or None to keep it open."""
        rng = random.Random(f"{room['code']}{name}")
        gevent.sleep(rng.uniform(0, within))
        while self.running:
            until = None if drop_after is None else time.monotonic() + drop_after(rng)
            connection = http.client.HTTPConnection(HOST, self.port, timeout=None,
                                                    source_address=(room["phones"][name], 0))
            connection.request("GET", f"/api/v1/rooms/{room['code']}/events?token="
                                      f"{room['tokens'][name]}")
            answer = connection.getresponse()
            if answer.status != 200:
                self.errors["stream refused"] += 1
                self.refusals.append(answer.read()[:200])
                return
            newest = max((v for v, _ in self.arrivals.get((room["code"], name), ())),
                         default=0)
            fresh = True
            while self.running:
                if until is not None:
                    left = until - time.monotonic()
                    if left <= 0:
                        break
                    line = gevent.with_timeout(left, answer.fp.readline, timeout_value=None)
                    if line is None:
                        break
                else:
                    line = answer.fp.readline()
                if not line:
                    if self.running:
                        self.errors["stream broke"] += 1
                    return
                if line.startswith(b"data: "):
                    view = json.loads(line[6:])
                    if "version" not in view:
                        continue  # a ping's "data: {}"
                    now = time.monotonic()
                    self.first_view.setdefault((room["code"], name), now)
                    if fresh and view["version"] < max(newest, room["view"]["version"]):
                        self.errors["stale on reconnect"] += 1
                    fresh = False
                    # a stream sends the newest view: two quick changes may come as one
                    self.arrivals.setdefault((room["code"], name), []).append(
                        (view["version"], now))
                    if view["version"] > room["view"]["version"]:
                        room["view"] = view  # the public part is every phone's
            connection.close()  # the phone drops; it is back a moment later
            self.drops += 1
            gone = time.monotonic()
            gevent.sleep(rng.uniform(0.1, 1.0))
            self.away.setdefault((room["code"], name), []).append((gone, time.monotonic()))

    def play(self, seconds, rate):
        rng = random.Random(7)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            gevent.spawn(self.move, rng.choice(self.rooms), rng)
            gevent.sleep(rng.expovariate(rate))

    def move(self, room, rng):
        view = room["view"]
        if view["phase"] == "over" or room.get("busy"):
            return
        room["busy"] = True
        try:
            mover, bids = view["to_move"], view["declarations"]
            in_play = sum(p["dice"] for p in view["players"] if not p["out"])
            if bids and (rng.random() < 0.3 or bids[-1]["quantity"] >= in_play):
                body = {"type": "liar"}
            else:
                body = {"type": "bid", "quantity": bids[-1]["quantity"] + 1 if bids else 1,
                        "face": bids[-1]["face"] if bids else rng.randint(1, 6)}
            started = time.monotonic()
            status, answer = call(self.port, "POST", f"/api/v1/rooms/{room['code']}/moves",
                                  body, token=room["tokens"][mover],
                                  source=room["phones"][mover])
            if status != 200:
                self.errors["move refused"] += 1
                self.refusals.append(answer)
                return
            if answer["version"] > room["view"]["version"]:
                room["view"] = answer
            self.sent.append((room["code"], answer["version"], mover, started))
        finally:
            room["busy"] = False

    def deliveries(self):
        times = []
        for code, version, mover, started in self.sent:
            for k in range(self.phones):
                name = f"p{k}"
                if name == mover or any(gone <= started <= back + 0.5 for gone, back
                                        in self.away.get((code, name), ())):
                    continue  # sent while its stream was closed: it gets it on return
                arrived = next((at for seen, at in self.arrivals.get((code, name), ())
                                if seen >= version), None)  # this move's view or a later one
                if arrived is None:
                    self.errors["not delivered"] += 1
                else:
                    times.append((arrived - started) * 1000)
        return times


def load(args) -> list[tuple[str, str]]:
    """The ``load`` section (the module's docstring)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, str(Path(folder) / "rooms.sqlite3"))
        try:
            judge = Judge(port)
            judge.run(2)  # warm up
            alone = judge.run(5)
            bench = Bench(port, args.rooms, args.phones)
            started = time.monotonic()
            bench.fill(burst=args.burst)
            print(f"{args.rooms} rooms of {args.phones} phones made in "
                  f"{time.monotonic() - started:.1f} s"
                  + (" (every phone joining at once)" if args.burst else ""))
            phones = args.rooms * args.phones
            mean_up = phones / args.drops if args.drops else None
            started = time.monotonic()
            streams = [gevent.spawn(bench.listen, room, name, 1.0 if args.burst else 0.0,
                                    None if mean_up is None else
                                    (lambda rng: rng.expovariate(1 / mean_up)))
                       for room in bench.rooms for name in room["tokens"]]
            while len(bench.first_view) < phones and time.monotonic() - started < 30:
                gevent.sleep(0.05)
            print(f"{len(bench.first_view)} of {phones} streams had their first view "
                  f"{max(bench.first_view.values(), default=started) - started:.2f} s after "
                  f"the first opened" + (" (all opened within 1 s)" if args.burst else ""))
            gevent.sleep(1)
            judging = judge.start(args.duration)
            player = gevent.spawn(bench.play, args.duration, args.rate)
            player.join()
            loaded = judge.finish(judging)
            gevent.sleep(2)  # the last deliveries
            bench.running = False
            times = bench.deliveries()
            gevent.killall(streams, block=False)
        finally:
            server.terminate()
            server.wait(30)
    p99 = percentile(times, 0.99)
    print(f"{len(streams)} streams, {len(bench.sent)} moves, {len(times)} deliveries to the "
          f"other phones")
    print(f"delivery ms: p50 {percentile(times, 0.5):.1f}  p99 {p99:.1f}  max "
          f"{max(times, default=float('nan')):.1f}  (target p99 <= {TARGET_P99_MS:.0f}: "
          f"{'met' if p99 <= TARGET_P99_MS else 'NOT met'})")
    if args.drops:
        print(f"{bench.drops} streams dropped and opened again")
    print(f"errors: {bench.errors}, judge errors: {judge.errors}")
    for refusal in bench.refusals[:3]:
        print(f"  a refused move: {refusal}")
    ratio = loaded / alone if alone else float("nan")
    print(f"judge p99 ms: {alone:.1f} with no rooms, {loaded:.1f} with rooms: {ratio:.2f}x "
          f"(target <= {JUDGE_RATIO:.0f}x: {'met' if ratio <= JUDGE_RATIO else 'NOT met'})")
    return [("load delivery p99", f"{p99:.1f} ms"),
            ("load judge p99 with rooms", f"{ratio:.2f}x"),
            ("load errors", str(sum(bench.errors.values()) + judge.errors))]


def _fanout(args):
    import bench_rooms_fanout
    return bench_rooms_fanout.run(args, start_server, free_port)


def _store(args):
    import bench_rooms_store
    return bench_rooms_store.run(args)


# name -> run(args) -> [(figure, value)]: each section's figures, printed side by side
SECTIONS = {"load": load, "fanout": _fanout, "store": _store}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--judge":  # the judge's client process (see Judge)
        port, seconds, clients = int(argv[1]), float(argv[2]), int(argv[3])
        print(json.dumps(Judge(port, clients).run_here(seconds)))
        return 0
    sys.path.insert(1, str(ROOT))  # this checkout's api and solver (the store section's)
    import bench_rooms_fanout
    import bench_rooms_store
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--section", action="append", choices=list(SECTIONS),
                        help="a section to run (repeatable; every one without any)")
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=40.0, help="moves a second, in all")
    parser.add_argument("--burst", action="store_true",
                        help="every phone joins at once, then every stream opens within 1 s")
    parser.add_argument("--drops", type=float, default=0.0,
                        help="phones a second, in all, that drop their stream and return")
    bench_rooms_fanout.add_arguments(parser)
    bench_rooms_store.add_arguments(parser)
    args = parser.parse_args(argv)
    figures = []
    for name in args.section or list(SECTIONS):
        print(f"--- {name}", flush=True)
        figures += SECTIONS[name](args)
    width = max(len(figure) for figure, _ in figures)
    print("--- figures")
    for figure, value in figures:
        print(f"{figure:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
