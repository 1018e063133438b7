#!/usr/bin/env python3
"""The computer players' levels, played against each other: prints win rates, asserts nothing.

    python scripts/bench_bots.py                      # every game, 200 games a match-up
    python scripts/bench_bots.py --game dice --games 300 --seed 7

Each game is played in-process through the room model, as the server plays it (no
server: ``Room.create``, ``add_bot``, ``start``, then ``room.move(name,
room.decide(name, rng))`` until the game is over), seeded, three seats, the hard
player's seat rotated from game to game.  Two match-ups a game:

* **hard vs easy**: one hard computer player against two easy ones;
* **hard vs simple**: one hard computer player against two players of the *simple
  rule* below, each a rule on the exact odds of its own view (:mod:`solver.odds`).

For each it prints how often the hard player won, with its 95% Wilson interval, against
the fair share (one in three; at Liar's Post, where the two who do not lose share first
place, a "win" is not losing, and the fair share two in three), and whether the whole
interval lies above it; how long the match-up took, and the hard player's slowest and
mean decision.

The simple rules (the one the issue measured at dice, and its like for each game):

* Liar's Dice: call "Liar!" when the last bid holds with chance under 50%, else bid the
  likeliest raise (no raise left: call);
* Liars' Letters: call "exact" when the last declaration is the highest with chance 50%
  or more, else "bullshit" when it exists with chance under 50%, else declare the
  likeliest raise the advisor finds (none: "bullshit");
* Liar's Poker: call when the last claim is made with chance under 50%, else claim the
  likeliest higher hand;
* Liar Liar: put down any four of a kind; call "Liar!" when the play is true with chance
  under 50%; else play every card of the round's rank it holds (jokers too), at most
  three, or one card at random when it holds none; opening, the rank it holds most of;
* Liar's Post: receiving, call "true" when the card is the named kind with chance 50%
  or more, else "false" (it never looks or passes); sending, a card at random, named as
  what it is (a receiver who goes by the odds rarely believes a claim), to anyone.

The default run (every game, 200 games a match-up, the issue's least) takes about four
and a half minutes on one core: a letters or poker game about a quarter of a second (the
raise searches, and the hard player's deals), the others a few hundredths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.games.cards import Card, parse_rank, rank_name  # noqa: E402
from solver.odds.chance import wilson  # noqa: E402
from solver.odds.dice import DiceView  # noqa: E402
from solver.odds.letters import LettersView  # noqa: E402
from solver.odds.liarliar import LiarLiarView  # noqa: E402
from solver.odds.poker import PokerView  # noqa: E402
from solver.odds.post import PostView  # noqa: E402
from solver.rooms.bots import EXACT_BUDGET, letters_raises  # noqa: E402
from solver.rooms.games import ROOM_GAMES  # noqa: E402
from solver.rooms.room import Room  # noqa: E402

GAMES = ("letters", "dice", "poker", "liarliar", "post")
SEATS = ("hard", "other 1", "other 2")
HOST = "table"
MAX_MOVES = 20_000  # a game longer than this is a bug, not a game


# --- the simple rules -------------------------------------------------------------------

def _me(game, view):
    return view["you"]["name"], view["you"]["hand"]


def simple_dice(game, view, rng) -> dict:
    odds = DiceView.of_player(game, *_me(game, view))
    if game.bid is not None and odds.holds(game.bid).probability < 0.5:
        return {"type": "liar"}
    best = odds.raises(game.bid, limit=1)
    if not best:
        return {"type": "liar"}
    return {"type": "bid", "quantity": best[0].bid.quantity, "face": best[0].bid.face}


def simple_letters(game, view, rng) -> dict:
    odds = LettersView.of_player(game, *_me(game, view))
    last = game.last[1] if game.last else None
    if last is not None:
        highest = odds.highest(last, budget=EXACT_BUDGET)
        if highest.decided and highest.probability >= 0.5:
            return {"type": "call", "call": "exact"}
        if odds.exists(last).probability < 0.5:
            return {"type": "call", "call": "bullshit"}
    best = letters_raises(odds, last)
    if not best:
        return {"type": "call", "call": "bullshit"}
    return {"type": "declare", "words": ", ".join(best[0].words)}


def simple_poker(game, view, rng) -> dict:
    odds = PokerView.of_player(game, *_me(game, view))
    last = game.last.hand if game.last is not None else None
    if last is not None and odds.made(last).probability < 0.5:
        return {"type": "call"}
    best = odds.raises(last, limit=1)
    if not best:
        return {"type": "call"}
    return {"type": "claim", "claim": best[0].hand.to_dict()}


def simple_liarliar(game, view, rng) -> dict:
    hand = view["you"]["hand"]
    ranks = [Card.parse(c).rank for c in hand]
    fours = sorted(r for r in set(ranks) if r is not None and ranks.count(r) >= 4)
    if fours:
        return {"type": "discard", "rank": rank_name(fours[0])}
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        odds = LiarLiarView.of_player(game, view["you"]["name"], hand)
        if odds.true({"rank": view["rank"], "count": last["count"]}).probability < 0.5:
            return {"type": "liar"}
    if view["rank"] is None:
        counts = {r: ranks.count(r) for r in set(ranks) if r is not None}
        rank = max(counts, key=lambda r: (counts[r], r)) if counts else 14
        true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
        return {"type": "play", "cards": true or hand[:1], "rank": rank_name(rank)}
    rank = parse_rank(view["rank"])
    true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
    return {"type": "play", "cards": true or [rng.choice(hand)]}


def simple_post(game, view, rng) -> dict:
    me = view["you"]
    if view.get("card") is None:
        card = rng.choice(me["hand"])
        to = rng.choice([p["name"] for p in view["players"] if p["name"] != me["name"]])
        return {"type": "send", "card": card, "to": to,
                "claim": rank_name(Card.parse(card).rank)}
    odds = PostView.of_player(game, me["name"], me["hand"])
    return {"type": "call", "call": odds.is_kind(view["card"]["claim"]).probability >= 0.5}


SIMPLE = {"dice": simple_dice, "letters": simple_letters, "poker": simple_poker,
          "liarliar": simple_liarliar, "post": simple_post}


# --- playing ----------------------------------------------------------------------------

def play(game: str, levels: dict[str, str], rng: random.Random, times: list[float]) -> dict:
    """One game of three computer players (``levels``: a seat's name -> "easy", "hard",
    or "simple"); its places.  ``times``: the hard player's decisions, in seconds."""
    room, _ = Room.create("BENCH", {"game": game, "name": HOST, "seat": False}, rng=rng)
    for name, level in levels.items():
        room.add_bot(HOST, name, delay=0, level="easy" if level == "simple" else level)
    room.start(HOST, rng=rng)
    for _ in range(MAX_MOVES):
        if room.phase == "over":
            return room.view(HOST)
        if room.phase == "reveal":  # an "exact" the referee could not prove: the table
            room.move(HOST, {"type": "ruling", "ruling": "rejected"}, rng=rng)
            continue
        name = room.bot_to_move()
        if levels[name] == "simple":
            move = SIMPLE[game](room.game_obj(), room.view(name), rng)
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


def match(game: str, others: str, games: int, seed: int) -> None:
    rng = random.Random(f"{seed}:{game}:{others}")
    wins, times = 0, []
    start = time.perf_counter()
    for n in range(games):
        seats = list(SEATS[n % 3:] + SEATS[:n % 3])  # the hard player's seat rotates
        levels = {name: "hard" if name == "hard" else others for name in seats}
        wins += won(game, play(game, levels, rng, times), "hard")
    took = time.perf_counter() - start
    low, high = wilson(wins, games)
    fair = fair_share(game)
    verdict = "above" if low > fair else "below" if high < fair else "within"
    what = "not lost" if game == "post" else "won"
    print(f"{game:9} hard vs 2 {others:6}: {what} {wins:4}/{games} = {wins / games:6.1%}  "
          f"95% [{low:6.1%}, {high:6.1%}]  fair {fair:5.1%}: {verdict:6}  "
          f"{took:7.1f} s  hard's move mean {1000 * sum(times) / max(1, len(times)):6.1f} ms "
          f"max {1000 * max(times, default=0):7.1f} ms", flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a match-up (200)")
    parser.add_argument("--game", choices=sorted(ROOM_GAMES), action="append",
                        help="only this game (again for more); default: every game")
    parser.add_argument("--against", choices=("easy", "simple"), action="append",
                        help="only this match-up (again for both); default: both")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    for game in args.game or [g for g in GAMES if g in ROOM_GAMES]:
        for others in args.against or ("easy", "simple"):
            match(game, others, args.games, args.seed)
    print(f"total {time.perf_counter() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
