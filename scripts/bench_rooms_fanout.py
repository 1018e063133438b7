"""scripts/bench_rooms.py's ``fanout`` section: the server's CPU a move costs with spectators.

One Liar's Dice table of two players, each with their stream open, on a fresh
`liars serve` (its default workers, SQLite), warmed up until it keeps as many finished
games as a room ever keeps (both runs are of a room of the same size): --fanout-moves
moves at --fanout-rate a second with no spectator, then the same with --spectators
spectators' streams open (from addresses of their own, 20 an address), every stream read
to the move's version; --fanout-rounds rounds of the two runs in turn, the spectators'
streams closed between rounds.  The server's CPU (every process of it: workers, solver
processes) over each run, divided by its moves, is printed side by side for each round,
and the median round's ratio kept (this machine's other jobs move single runs by a
third): the target is at most 2x (api/rooms/views.py shares one view a version among the
spectators, api/rooms/fanout.py's one writer a room sends it to each of their sockets).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import tempfile
import time
from pathlib import Path

import gevent
import orjson

from solver.rooms.kept import KEPT_GAMES

TARGET_RATIO = 2.0
SPECTATORS_PER_ADDRESS = 20


def server_cpu(session: int) -> float:
    """CPU seconds used so far by every process of the server's session."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # fields after the name: state ppid pgrp session ...
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


class Watcher:
    """One stream, read in a greenlet: the newest version it carried."""

    def __init__(self, bench, code, token, source):
        self.version = 0
        self.broken = self.closed = False
        self.connection = http.client.HTTPConnection("127.0.0.1", bench.port, timeout=None,
                                                     source_address=(source, 0))
        self.greenlet = gevent.spawn(self.read, self.connection, code, token)

    def close(self) -> None:
        self.closed = True
        self.greenlet.kill(block=True)  # (its read stopped before its connection closes)
        self.connection.close()

    def read(self, connection, code, token):
        connection.request("GET", f"/api/v1/rooms/{code}/events?token={token}")
        answer = connection.getresponse()
        if answer.status != 200:
            self.broken = True
            return
        event = None
        while True:
            line = answer.fp.readline()
            if not line:
                self.broken = not self.closed
                return
            if line.startswith(b"event: "):
                event = line[7:].strip()
            elif line.startswith(b"data: ") and event != b"ping":
                # (orjson: the bench's own readers, on the same machine, take little CPU)
                self.version = orjson.loads(line[6:])["version"]
            elif line == b"\n":
                event = None


def play(bench, moves: int, rate: float, watchers: list) -> tuple[int, float]:
    """``moves`` moves at ``rate`` a second, each seen by every watcher: (moves, CPU s)."""
    rng = random.Random(5)
    started_cpu = bench.cpu()
    made = 0
    while made < moves:
        view = bench.view
        if view["phase"] == "over":
            status, view = bench.call("POST", f"/rooms/{bench.code}/rematch", token="p0")
            assert status == 200, view
            bench.view = view
            continue
        mover, bids = view["to_move"], view["declarations"]
        in_play = sum(p["dice"] or 0 for p in view["players"] if not p["out"])
        if bids and (bids[-1]["quantity"] >= min(4, in_play) or rng.random() < 0.2):
            body = {"type": "liar"}
        else:
            body = {"type": "bid", "quantity": bids[-1]["quantity"] + 1 if bids else 1,
                    "face": bids[-1]["face"] if bids else rng.randint(2, 6)}
        began = time.monotonic()
        status, answer = bench.call("POST", f"/rooms/{bench.code}/moves", body, token=mover)
        assert status == 200, answer
        bench.view = answer
        made += 1
        deadline = time.monotonic() + 10
        while any(w.version < answer["version"] for w in watchers) \
                and time.monotonic() < deadline:
            gevent.sleep(0.002)
        gevent.sleep(max(0.0, 1 / rate - (time.monotonic() - began)))
    return made, bench.cpu() - started_cpu


class FanoutBench:
    def __init__(self, port: int, session: int):
        self.port, self.session = port, session
        self.tokens: dict[str, str] = {}

    def cpu(self) -> float:
        return server_cpu(self.session)

    def call(self, method, path, body=None, token=None, source=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                source_address=(source, 0) if source else None)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {self.tokens.get(token, token)}"
        connection.request(method, f"/api/v1{path}",
                           body=None if body is None else json.dumps(body), headers=headers)
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, (json.loads(data) if data else None)

    def table(self):
        status, made = self.call("POST", "/rooms", {"game": "dice", "name": "p0",
                                                    "rules": {"dice_each": 5}})
        assert status == 201, made
        self.code, self.tokens["p0"] = made["code"], made["token"]
        status, joined = self.call("POST", f"/rooms/{self.code}/join", {"name": "p1"})
        assert status == 201, joined
        self.tokens["p1"] = joined["token"]
        status, self.view = self.call("POST", f"/rooms/{self.code}/start", token="p0")
        assert status == 200, self.view

    def spectators(self, count: int) -> list[tuple[str, str]]:
        """``count`` spectators taken in, from addresses of their own: (token, address)."""
        watchers = []
        for n in range(count):
            source = f"127.0.{10 + n // SPECTATORS_PER_ADDRESS}.{2 + n % SPECTATORS_PER_ADDRESS}"
            status, made = self.call("POST", f"/rooms/{self.code}/watch", {"name": f"w{n}"},
                                     source=source)
            assert status == 201, made
            watchers.append((made["token"], source))
        return watchers


def run(args, start_server, free_port) -> list[tuple[str, str]]:
    """The section: prints as it goes, answers its figures for the summary."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, str(Path(folder) / "rooms.sqlite3"),
                              "--reveal-seconds", "0", "--workers", str(args.fanout_workers))
        try:
            bench = FanoutBench(port, os.getsid(server.pid))
            bench.table()
            players = [Watcher(bench, bench.code, bench.tokens[p], "127.0.9.2")
                       for p in ("p0", "p1")]
            gevent.sleep(1)
            # warm up until the room keeps as many finished games as it ever will: a room's
            # state grows with the games it keeps for their replays (solver/rooms/kept.py),
            # and both runs must be of the same room, not of a room that grew between them
            while bench.view["game_no"] <= KEPT_GAMES + 1:
                play(bench, 10, 50.0, players)
            print(f"fanout: the room keeps {KEPT_GAMES} finished games "
                  f"(game {bench.view['game_no']} being played)", flush=True)
            tokens, rounds, broken = [], [], 0
            for number in range(1, args.fanout_rounds + 1):
                alone_moves, alone_cpu = play(bench, args.fanout_moves, args.fanout_rate,
                                              players)
                tokens = tokens or bench.spectators(args.spectators)
                watchers = [Watcher(bench, bench.code, token, source)
                            for token, source in tokens]
                deadline = time.monotonic() + 60
                while any(w.version == 0 for w in watchers) and time.monotonic() < deadline:
                    gevent.sleep(0.05)
                gevent.sleep(2)  # the streams' arrivals settle
                crowd_moves, crowd_cpu = play(bench, args.fanout_moves, args.fanout_rate,
                                              players + watchers)
                broken += sum(w.broken for w in watchers)
                for watcher in watchers:  # closed: the next round's first run has none
                    watcher.close()
                gevent.sleep(2)
                alone = alone_cpu / alone_moves * 1000
                crowd = crowd_cpu / crowd_moves * 1000
                rounds.append((alone, crowd, crowd / alone))
                print(f"fanout: round {number}: server CPU a move, {args.fanout_moves} moves "
                      f"at {args.fanout_rate:g}/s each: {alone:.1f} ms with 0 spectators, "
                      f"{crowd:.1f} ms with {len(watchers)} spectators' streams: "
                      f"{crowd / alone:.2f}x", flush=True)
            broken += sum(w.broken for w in players)
            for watcher in players:
                watcher.close()
        finally:
            server.terminate()
            server.wait(30)
    alone, crowd, ratio = sorted(rounds, key=lambda r: r[2])[len(rounds) // 2]  # the median
    verdict = "met" if ratio <= TARGET_RATIO else "NOT met"
    print(f"fanout: the median round of {len(rounds)}: {alone:.1f} ms a move with 0 "
          f"spectators, {crowd:.1f} ms with {args.spectators}: {ratio:.2f}x (target <= "
          f"{TARGET_RATIO:g}x: {verdict}); each round "
          f"{', '.join(f'{r[2]:.2f}x' for r in rounds)}; broken streams {broken}")
    return [("fanout CPU/move, 0 spectators", f"{alone:.1f} ms"),
            (f"fanout CPU/move, {args.spectators} spectators", f"{crowd:.1f} ms"),
            ("fanout ratio", f"{ratio:.2f}x ({verdict})")]


def add_arguments(parser) -> None:
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--fanout-moves", type=int, default=200)
    parser.add_argument("--fanout-rate", type=float, default=10.0, help="moves a second")
    parser.add_argument("--fanout-rounds", type=int, default=3,
                        help="runs without and with spectators, in turn (the median is kept)")
    parser.add_argument("--fanout-workers", type=int, default=2,
                        help="the server's workers (liars serve's default: 2)")
