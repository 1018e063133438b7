"""A legal move for the player to move, from that seat's own view only, at every game the
rooms host (the matrix test's moves: tests/test_rooms_matrix.py).

Each game's chooser picks at random among the moves its rules allow now, built from what
the seat's phone shows (its hand, the claims, the game's public fields): a call when there
is something to call, a raise or a play, Liar Liar's four of a kind put down, Liar's
Post's look and pass.  Half the time (and always when ``steady``, to bring a game to its
end) it takes the easy computer player's decision instead, which is made from the same
view (solver/rooms/bots.py) and ends a game in a few hundred moves at most.
"""

from __future__ import annotations

from collections import Counter

from solver.games.cards import Card, rank_name
from solver.games.letters.game import TABLE_RULINGS
from solver.games.post.game import KINDS
from solver.rooms.bots import EASY
from solver.games.registry import ROOM_GAMES

RANKS = tuple(rank_name(r) for r in range(2, 15))


def host_ruling(rng) -> dict:
    """The table's decision on a call the referee cannot decide (the host's move)."""
    return {"type": "ruling", "ruling": rng.choice(TABLE_RULINGS)}


def legal_move(game: str, view: dict, state, rng, *, steady: bool = False) -> dict:
    """A move the seat whose ``view`` this is may make now (it is their turn).
    ``state``: the game's public state (the library's game object), which the computer
    players' decision reads beside the view."""
    own = None if steady or rng.random() < 0.5 else OWN[game](view, rng)
    return own if own is not None else ROOM_GAMES[game].decide(state, view, rng, level=EASY)


def _dice(view, rng) -> dict:
    bids = view["declarations"]
    faces = view["rules"].get("faces", 6)
    if bids and rng.random() < 0.4:
        return {"type": "liar"}
    if not bids:
        return {"type": "bid", "quantity": 1, "face": rng.randint(1, faces)}
    last = bids[-1]  # the same face, one more: a raise under every bid order
    in_play = sum(p["dice"] for p in view["players"] if not p["out"])
    if last["quantity"] >= in_play:  # no bid passes the dice in play: call it
        return {"type": "liar"}
    return {"type": "bid", "quantity": last["quantity"] + 1, "face": last["face"]}


def _poker(view, rng) -> dict | None:
    return {"type": "call"} if view["declarations"] else None


def _letters(view, rng) -> dict | None:
    if not view["declarations"]:
        return None
    return {"type": "call", "call": "bullshit" if rng.random() < 0.8 else "exact"}


def _liarliar(view, rng) -> dict:
    hand = view["you"]["hand"]
    ranks = Counter(Card.parse(c).rank for c in hand)
    fours = [r for r, n in ranks.items() if r is not None and n >= 4]
    if fours and rng.random() < 0.5:
        return {"type": "discard", "rank": rank_name(rng.choice(fours))}
    if view["you"].get("can_call") and rng.random() < 0.3:
        return {"type": "liar"}
    cards = rng.sample(hand, rng.randint(1, min(3, len(hand))))
    play = {"type": "play", "cards": cards}
    if view["rank"] is None:  # the opener names the rank
        play["rank"] = rng.choice([r for r in RANKS if r not in view["discarded"]])
    return play


def _post(view, rng) -> dict:
    me = view["you"]
    kind = rank_name(rng.choice(KINDS))
    if view.get("card") is None:  # the start of a turn: send a card
        return {"type": "send", "card": rng.choice(me["hand"]), "to": rng.choice(me["targets"]),
                "claim": kind}
    if me.get("card_seen") is not None:  # looked: pass it on (there is someone to pass to)
        return {"type": "pass", "to": rng.choice(me["targets"]), "claim": kind}
    if me.get("can_look") and rng.random() < 0.4:
        return {"type": "look"}
    return {"type": "call", "call": rng.choice(("true", "false"))}


def _nim(view, rng) -> dict:
    return {"type": "take", "count": rng.choice((1, 2))}


# each game's own chooser: a move, or None to leave it to the computer player's decision
# (a raise at Letters or Poker, which needs the odds to find)
OWN = {"dice": _dice, "letters": _letters, "poker": _poker, "liarliar": _liarliar,
       "post": _post, "nim": _nim}
