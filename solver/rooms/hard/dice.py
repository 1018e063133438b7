"""The hard computer player at Liar's Dice.

From its own view: its dice, how many each other player holds, this round's bids.  It
rolls the others' dice at random (:mod:`.belief`), weighs each roll by how likely each
bid of theirs was from the dice it gave them (a bid's exact chance from that bidder's
own seat: :class:`~solver.odds.dice.DiceView`'s binomial tail), and from that belief
calls "Liar!" or bids, whichever risks least (every next bid is weighed, with the chance
the next player calls it from the dice it holds in each roll).
"""

from __future__ import annotations

from math import comb

import numpy as np

from solver.games.dice import Bid
from solver.games.table import next_player
from solver.odds.dice import DiceView

from . import belief

SHARPNESS = 1.0  # a bid's chance from its bidder's seat, to this power, is its likelihood


def tail(hidden: int, good: int, faces: int) -> np.ndarray:
    """``t[k]``: the chance ``hidden`` dice show at least ``k`` counting faces (``good`` of
    ``faces`` count), for ``k`` from 0 to ``hidden + 1``."""
    point = [comb(hidden, j) * good ** j * (faces - good) ** (hidden - j) / faces ** hidden
             for j in range(hidden + 1)]
    return np.array([sum(point[k:]) for k in range(hidden + 2)])


class Table:
    """One decision's belief: the others' dice in each roll (as counts a face), and each
    roll's weight."""

    def __init__(self, game, me: str, mine: tuple[int, ...], bids: list[dict], rng):
        self.game, self.me, self.rules = game, me, game.rules
        faces = self.rules.faces
        self.mine = np.bincount(np.array(mine, dtype=np.int64) - 1, minlength=faces)
        self.others = [p for p in game.active if p != me]
        said = {p: [Bid(b["quantity"], b["face"]) for b in bids if b["player"] == p]
                for p in self.others}
        self.informed = any(said.values())
        gen = belief.generator(rng)
        self.rolls, self.weights = {}, np.ones(belief.SAMPLES)
        for p in self.others:
            def weigh(rolls, p=p):
                out = np.ones(len(rolls))
                for bid in said[p]:
                    out *= belief.likelihood(self.seat_chance(p, bid, rolls), SHARPNESS)
                return out
            self.rolls[p], weights = belief.believed_hands(game.dice[p], faces, None, weigh,
                                                           belief.SAMPLES, gen)
            self.weights *= weights

    def counting(self, counts: np.ndarray, bid: Bid) -> np.ndarray:
        """How many dice of ``counts`` (a face on the last axis) count for ``bid``."""
        faces = [bid.face] if bid.face in self.rules.wild else [bid.face, *self.rules.wild]
        return counts[..., [f - 1 for f in faces]].sum(axis=-1)

    def seat_chance(self, player: str, bid: Bid, rolls=None) -> np.ndarray:
        """The chance ``bid`` holds from ``player``'s own seat, in each roll (or for each
        of ``rolls``)."""
        rolls = self.rolls[player] if rolls is None else rolls
        hidden = self.game.dice_in_play - self.game.dice[player]
        good = 1 if bid.face in self.rules.wild else 1 + len(self.rules.wild)
        need = bid.quantity - self.counting(rolls, bid)
        return tail(hidden, good, self.rules.faces)[np.clip(need, 0, hidden + 1)]

    def holds(self, bid: Bid) -> np.ndarray:
        """Whether ``bid`` holds in each roll."""
        count = int(self.counting(self.mine, bid)) + sum(
            self.counting(self.rolls[p], bid) for p in self.others)
        return count >= bid.quantity


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liar's Dice, as its phone would send it."""
    me, mine = view["you"]["name"], tuple(view["you"]["hand"])
    odds = DiceView.of_player(game, me, mine)  # the exact odds of its own view
    table = Table(game, me, mine, view["declarations"], rng)
    options = []
    if game.bid is not None:
        holds = (belief.share(table.weights, table.holds(game.bid)) if table.informed
                 else odds.holds(game.bid).probability)
        options.append(belief.Option({"type": "liar"}, belief.call_value(holds)))
    after = next_player(game.players, me, skip=game.out)
    for bid in odds.next_bids(game.bid):
        called = belief.call_chance(table.seat_chance(after, bid))
        options.append(belief.Option(
            {"type": "bid", "quantity": bid.quantity, "face": bid.face},
            belief.raise_value(table.weights, table.holds(bid), called)))
    return belief.choose(options, rng)
