#!/usr/bin/env python3
"""The hard computer player against reference players: prints win rates, asserts nothing.

    python scripts/bench_bots.py                    # every game: 60 games a match-up,
                                                    # 30 at poker and letters (slower)
    python scripts/bench_bots.py --only dice --games 60 --seed 7

Each game is played in-process through the room model, as the server plays it (no
server: ``Room.create``, ``add_bot``, ``start``, then a move a turn until the game is
over), seeded, three seats rotated from game to game.  The reference players
(scripts/reference_players.py) are written from the rules, not from the hard level's
code: the reader, cautious, bluffer and caller at dice, the truthful player and the
caller at Liar Liar, the record keeper and the doubter at Post, the sampler at poker,
the greedy honest player at letters.  Per game it prints:

* **hard vs 2 KIND**: one hard player against two of a kind: the hard player's share;
* **KIND vs 2 hard**: one of a kind against two hard players: that player's share;
* **hard, hard, easy**: the easy player's share;

each with its 95% Wilson interval against the fair share (one in three; at Liar's Post,
where the two who do not lose share first place, a "win" is not losing, and the fair
share two in three), and whether the whole interval lies above or below it; then the
hard player's decision times (p99, max) and the machine's load average, since the
machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from reference_players import KINDS_BY_GAME  # noqa: E402

from solver.odds.chance import wilson  # noqa: E402
from solver.rooms.room import Room  # noqa: E402

GAMES = ("dice", "liarliar", "post", "poker", "letters")
HOST = "table"
MAX_MOVES = 20_000  # a game longer than this is a bug, not a game
DEFAULT_GAMES = {"poker": 30, "letters": 30}  # games a match-up; others 60 (a full run
# is about ten minutes on two cores shared with other work)


def play(game: str, levels: dict[str, str], rng: random.Random, times: list[float]) -> dict:
    """One game of three players (``levels``: a seat's name -> "easy", "hard" or a
    reference kind); the final view.  ``times``: the hard players' decisions, in seconds."""
    room, _ = Room.create("BENCH", {"game": game, "name": HOST, "seat": False}, rng=rng)
    for name, level in levels.items():
        room.add_bot(HOST, name, delay=0, level=level if level in ("easy", "hard") else "easy")
    room.start(HOST, rng=rng)
    kinds = KINDS_BY_GAME[game]
    for _ in range(MAX_MOVES):
        if room.phase == "over":
            return room.view(HOST)
        if room.phase == "reveal":  # an "exact" the referee could not prove: the table
            room.move(HOST, {"type": "ruling", "ruling": "rejected"}, rng=rng)
            continue
        name = room.bot_to_move()
        if levels[name] in kinds:
            move = kinds[levels[name]](room.game_obj(), room.view(name), rng)
        else:
            start = time.perf_counter()
            move = room.decide(name, rng)
            if levels[name] == "hard":
                times.append(time.perf_counter() - start)
        room.move(name, move, rng=rng)
    raise SystemExit(f"a {game} game ran past {MAX_MOVES} moves")


def won(game: str, view: dict, name: str) -> bool:
    """Did ``name`` win (at Liar's Post: not lose)?  First place alone (a called-off
    game's shared first place is no win)."""
    first = [p["name"] for p in view["places"] if p["place"] == 1]
    if game == "post":
        return name in first
    return first == [name]


def fair_share(game: str) -> float:
    return 2 / 3 if game == "post" else 1 / 3


def percentile(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def match(game: str, label: str, seats: tuple[str, str, str], watched: str, games: int,
          seed: int, times: list[float]) -> tuple[int, int]:
    """``games`` games of ``seats`` (levels), rotated; how often seat 0 (``watched``) won."""
    rng = random.Random(f"{seed}:{game}:{label}")
    names = ("p0", "p1", "p2")
    wins = 0
    start = time.perf_counter()
    for n in range(games):
        order = [names[(i + n) % 3] for i in range(3)]  # the seats rotate
        levels = {name: seats[names.index(name)] for name in order}
        wins += won(game, play(game, levels, rng, times), "p0")
    took = time.perf_counter() - start
    low, high = wilson(wins, games)
    fair = fair_share(game)
    verdict = "ABOVE" if low > fair else "below" if high < fair else "level"
    what = "not lost" if game == "post" else "won"
    print(f"  {label:22} {watched:8} {what} {wins:4}/{games} = {wins / games:6.1%}  "
          f"95% [{low:6.1%}, {high:6.1%}]  fair {fair:5.1%}: {verdict:5}  {took:6.1f} s",
          flush=True)
    return wins, games


def bench(game: str, games: int, seed: int) -> None:
    times: list[float] = []
    print(f"{game}:", flush=True)
    for kind in KINDS_BY_GAME[game]:
        match(game, f"hard vs 2 {kind}", ("hard", kind, kind), "hard", games, seed, times)
    for kind in KINDS_BY_GAME[game]:
        match(game, f"{kind} vs 2 hard", (kind, "hard", "hard"), kind, games, seed, times)
    match(game, "hard, hard, easy", ("easy", "hard", "hard"), "easy", games, seed, times)
    load = os.getloadavg()
    print(f"  hard's decisions: {len(times)}, p99 {1000 * percentile(times, 0.99):.0f} ms, "
          f"max {1000 * max(times, default=0):.0f} ms, mean "
          f"{1000 * sum(times) / max(1, len(times)):.1f} ms; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores", flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games a match-up (60; poker and letters 30)")
    parser.add_argument("--only", choices=GAMES, action="append",
                        help="only this game (again for more); default: every game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    print(f"python scripts/bench_bots.py --seed {args.seed}"
          + (f" --games {args.games}" if args.games else "")
          + "".join(f" --only {g}" for g in args.only or []), flush=True)
    for game in args.only or GAMES:
        bench(game, args.games or DEFAULT_GAMES.get(game, 60), args.seed)
    print(f"total {time.perf_counter() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
