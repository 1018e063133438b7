"""The hard computer player at Liar's Dice.

From its own view: its dice, how many each other player holds, this round's bids.  It
rolls the others' dice at random (:mod:`.belief`), weighs each roll by how likely each
bid of theirs was from the dice it gave them (a bid's exact chance from that bidder's
own seat: :class:`~solver.games.dice.odds.DiceView`'s binomial tail), and from that belief
calls "Liar!" or bids, whichever risks least (every next bid is weighed, with the chance
the next player calls it from the dice it holds in each roll).
"""

from __future__ import annotations

from math import comb

import numpy as np

from .game import Bid
from solver.games.table import next_player
from .odds import DiceView

from solver.rooms.hard import belief

SHARPNESS = 1.0  # a bid's chance from its bidder's seat, to this power, is its likelihood
HONEST = 0.85  # a player is first taken to bid a face it holds this often ...
HONEST_WEIGHT = 4.0  # ... counting as this many of its bids the rulings revealed
BLUFF = 0.3  # how often it bids a face it holds none of, when that risks little more ...
BLUFF_MARGIN = 0.15  # ... than this below the best move
JUMP_OPEN = 0.6  # an opening bids up to this share of the dice expected to count


def honesty(view: dict, player: str, rules) -> float:
    """How often ``player`` bids a face it holds: its bids in the rounds whose rulings
    revealed its dice (this game, as far as the view shows)."""
    honest = bids = 0
    for past in view.get("history", []):
        dice = ((past.get("ruling") or {}).get("revealed") or {}).get(player)
        if dice is None:
            continue
        for claim in past.get("claims", []):
            if claim.get("player") == player:
                bids += 1
                honest += rules.count(Bid(1, claim["face"]), dice) > 0
    return (honest + HONEST * HONEST_WEIGHT) / (bids + HONEST_WEIGHT)


def tail(hidden: int, good: int, faces: int) -> np.ndarray:
    """``t[k]``: the chance ``hidden`` dice show at least ``k`` counting faces (``good`` of
    ``faces`` count), for ``k`` from 0 to ``hidden + 1``."""
    point = [comb(hidden, j) * good ** j * (faces - good) ** (hidden - j) / faces ** hidden
             for j in range(hidden + 1)]
    return np.array([sum(point[k:]) for k in range(hidden + 2)])


class Table:
    """One decision's belief: the others' dice in each roll (as counts a face), and each
    roll's weight."""

    def __init__(self, game, me: str, mine: tuple[int, ...], bids: list[dict], rng,
                 bluffs: dict[str, float] | None = None):
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
                    out *= belief.likelihood(self.seat_chance(p, bid, rolls), SHARPNESS,
                                             (bluffs or {}).get(p))
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


def candidates(odds, game, mine) -> list[Bid]:
    """The next bids: on each face the smallest raise, and one more (a jump); opening, up
    to :data:`JUMP_OPEN` of the dice expected to count, so that openings vary."""
    bids = list(odds.next_bids(game.bid))
    more = []
    for bid in bids:
        top = bid.quantity + 1
        if game.bid is None:
            good = 1 if bid.face in game.rules.wild else 1 + len(game.rules.wild)
            expected = game.rules.count(bid, mine) + (
                game.dice_in_play - len(mine)) * good / game.rules.faces
            top = max(top, int(JUMP_OPEN * expected))
        more += [Bid(q, bid.face) for q in range(bid.quantity + 1, top + 1)
                 if q <= game.dice_in_play]
    return bids + more


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liar's Dice, as its phone would send it."""
    me, mine = view["you"]["name"], tuple(view["you"]["hand"])
    odds = DiceView.of_player(game, me, mine)  # the exact odds of its own view
    bluffs = {p: min(0.6, max(belief.OTHERS_BLUFF, 1 - honesty(view, p, game.rules)))
              for p in game.active if p != me}
    table = Table(game, me, mine, view["declarations"], rng, bluffs)
    options, bluffing = [], []
    if game.bid is not None:
        holds = (belief.share(table.weights, table.holds(game.bid)) if table.informed
                 else odds.holds(game.bid).probability)
        options.append(belief.Option({"type": "liar"}, belief.call_value(holds)))
    after = next_player(game.players, me, skip=game.out)
    for bid in candidates(odds, game, mine):
        called = belief.call_chance(table.seat_chance(after, bid))
        option = belief.Option({"type": "bid", "quantity": bid.quantity, "face": bid.face},
                               belief.raise_value(table.weights, table.holds(bid), called))
        options.append(option)
        if game.rules.count(Bid(1, bid.face), mine) == 0:
            bluffing.append(option)
    return belief.mixed(options, bluffing, rng, BLUFF, BLUFF_MARGIN)
