"""scripts/bench_rooms.py's ``store`` section: the store's size as games come and go.

--games finished Liar's Dice games (two players, a die each: a new room from an address,
a join, the start, a bid, a call, each change saved as the server saves it, and each
player's stream arriving and leaving), one after another, on SQLite and on Redis (a
redis-server of the bench's own), with the store's clocks compressed: a finished room
expires OVER s after its game (an hour in service), the presence and counts kept as
briefly, and the store swept every SWEEP s (a minute in service).  The store's size is
printed every tenth of the games: the SQLite file (with its write-ahead log) and Redis's
used_memory and keys.  It must stay flat: what a finished game leaves goes.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

OVER = 2.0  # seconds a finished room is kept (an hour in service)
IDLE = 30.0  # seconds a room no one moves in is kept (a day in service)
SWEEP = 1.0  # seconds between sweeps (a minute in service)


def compress_time() -> None:
    """The store's clocks, compressed for the bench (this process only)."""
    import importlib
    changes, redis_store, store = (importlib.import_module(f"api.rooms.{name}") for name in
                                   ("changes", "redis_store", "store"))  # (the modules:
    # api.rooms.store is also the package's function that opens the app's store)
    changes.OVER_SECONDS, changes.IDLE_SECONDS = OVER, IDLE
    changes.PRESENCE_KEPT = OVER
    changes.MISS_WINDOW = store.MISS_WINDOW = redis_store.MISS_WINDOW = OVER


def code_of(n: int) -> str:
    from api.rooms.limits import CODE_LENGTH, CODE_LETTERS
    letters = []
    for _ in range(CODE_LENGTH):
        n, digit = divmod(n, len(CODE_LETTERS))
        letters.append(CODE_LETTERS[digit])
    return "".join(letters)


def one_game(rooms, n: int) -> None:
    """Game ``n`` from making its room to its end, saved as the server saves it."""
    from api.rooms import service
    from solver.rooms.room import Room

    now = time.time()
    address = f"10.0.{n % 7}.1"
    rooms.owned(address, now)
    room, _ = Room.create(code_of(n), {"game": "dice", "name": "ann",
                                       "rules": {"dice_each": 1}})
    assert rooms.create(room.to_dict(), now, owner=address)
    rooms.hit("create", address, now)
    steps = (("join", lambda r: r.join("ben")), ("start", lambda r: r.start("ann")),
             ("bid", lambda r: r.move(r.game_obj().to_move, {"type": "bid", "quantity": 1,
                                                             "face": 2})),
             ("call", lambda r: r.move(r.game_obj().to_move, {"type": "liar"})))
    for step, change in steps:
        version = room.version
        change(room)
        saved, _ = service.store_change(rooms, room, version)
        assert saved
        if step == "start":  # each phone's stream opens
            for name in ("ann", "ben"):
                rooms.arrive(room.code, name, f"{n}{name}", time.time())
    for name in ("ann", "ben"):
        rooms.depart(room.code, f"{n}{name}", time.time())
    assert room.phase == "over"


def measure(rooms, games: int, size) -> list[tuple[int, str]]:
    """Play ``games`` games, sweeping every SWEEP s: the size every tenth of them."""
    sizes, swept = [], time.monotonic()
    for n in range(games):
        one_game(rooms, n)
        if time.monotonic() - swept >= SWEEP:
            rooms.purge_expired(time.time())
            swept = time.monotonic()
        if (n + 1) % max(1, games // 10) == 0:
            sizes.append((n + 1, size()))
    time.sleep(OVER + 0.5)
    rooms.purge_expired(time.time())
    sizes.append((games, size() + " (all expired, swept)"))
    return sizes


def redis_server(folder: str):
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save",
                               "", "--appendonly", "no", "--dir", folder],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis
    client = redis.Redis(port=port)
    for _ in range(200):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    return server, client, f"redis://127.0.0.1:{port}/0"


def run(args, start_server=None, free_port=None) -> list[tuple[str, str]]:
    from api.rooms.store import open_store
    compress_time()
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rooms.sqlite3"
        rooms = open_store(str(path))

        def file_size() -> str:
            wal = Path(f"{path}-wal")
            wal = wal.stat().st_size if wal.exists() else 0
            return f"{path.stat().st_size / 1024:.0f} KiB + WAL {wal / 1024:.0f} KiB"

        started = time.monotonic()
        sqlite = measure(rooms, args.games, file_size)
        rooms.close()
        print(f"store, SQLite ({args.games} games in {time.monotonic() - started:.0f} s): "
              + ", ".join(f"{n}: {size}" for n, size in sqlite))
        server, client, url = redis_server(folder)
        try:
            rooms = open_store(url)

            def memory() -> str:
                info = client.info("memory")
                return f"{info['used_memory'] / 1024:.0f} KiB, {client.dbsize()} keys"

            started = time.monotonic()
            held = measure(rooms, args.games, memory)
            rooms.close()
        finally:
            server.terminate()
            server.wait(10)
        print(f"store, Redis ({args.games} games in {time.monotonic() - started:.0f} s): "
              + ", ".join(f"{n}: {size}" for n, size in held))
    tenth, last = sqlite[0], sqlite[-2]
    figures.append((f"SQLite file after {tenth[0]} / {last[0]} games", f"{tenth[1]} / {last[1]}"))
    tenth, last = held[0], held[-2]
    figures.append((f"Redis after {tenth[0]} / {last[0]} games", f"{tenth[1]} / {last[1]}"))
    return figures


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=10_000,
                        help="finished games the store section plays through each store")
