"""The hard computer player at Liar Liar.

From its own view: its hand, the round's rank, the pile's size, the last play's count,
every player's card count and the fours put down.  It puts down any four of a kind at
once.  Then it weighs each move by the cards it sheds or takes:

* **a call** on the play just made: the play is true with the exact chance of its own
  view (:class:`~solver.odds.liarliar.LiarLiarView`); true, it takes the pile; false,
  the player who made it does, and it opens the next round.  A play that emptied its
  player's hand finishes that player unless it is caught, so it is called whenever it
  could be a lie;
* **a play** of one to three cards: the true ones it holds (the rank's own, then
  jokers), and lies to make up the count (a bluff, from the ranks it holds fewest of).
  The next player's chance of calling comes from its own view in each hand it may hold
  (how many of the rank's cards it holds: a hypergeometric draw from the cards this
  player cannot see), as a player going by its own odds calls what it finds unlikely.
  A lie called takes the pile back; a play that empties its hand and stands finishes.
"""

from __future__ import annotations

from collections import Counter
from math import comb

import numpy as np

from solver.games.cards import Card, rank_name
from solver.games.liarliar import MAX_PLAY
from solver.odds.liarliar import LiarLiarView

from . import belief

FINISH = 12.0  # what finishing (or keeping the next player from finishing) is worth, in cards
TEMPO = 2.0  # what opening the next round is worth, in cards
JOKERS, PER_RANK, DECK = 2, 4, 54


def _true_cards(hand: list[str], rank: int) -> list[str]:
    """The cards of ``hand`` true for ``rank``: its own first, then the jokers."""
    own = [c for c in hand if Card.parse(c).rank == rank]
    return own + [c for c in hand if Card.parse(c).is_joker]


def _lies(hand: list[str], rank: int) -> list[str]:
    """The cards of ``hand`` to lie with, those of the ranks it holds fewest of first."""
    held = Counter(Card.parse(c).rank for c in hand)
    others = [c for c in hand if Card.parse(c).rank not in (rank, None)]
    return sorted(others, key=lambda c: (held[Card.parse(c).rank], Card.parse(c).rank))


def call_chance(game, view, me: str, after: str, rank: int, count: int) -> float:
    """How likely ``after`` calls a play of ``count`` cards as ``rank``: over how many of
    the rank's true cards it may hold (a draw from the cards ``me`` cannot see), the chance
    from its own view that the play is true, read by :func:`belief.call_chance`."""
    hand = view["you"]["hand"]
    out = len(game.discarded) * PER_RANK
    true_total = JOKERS + (0 if rank in game.discarded else PER_RANK)
    mine = len(_true_cards(hand, rank))
    unseen = DECK - len(hand) - out
    good = true_total - mine  # the rank's true cards this player cannot see
    theirs = game.hands[after]
    their_unseen = DECK - theirs - out
    expected = 0.0
    for held in range(min(good, theirs) + 1):
        share = comb(good, held) * comb(unseen - good, theirs - held) / comb(unseen, theirs)
        left = true_total - held
        true = comb(left, count) / comb(their_unseen, count) if left >= count else 0.0
        expected += share * float(belief.call_chance(np.array([true]))[0])
    return expected


def plays(game, view, me: str, rank: int) -> list[belief.Option]:
    """Every play of one to three cards as ``rank``, the true cards first, worth weighed."""
    hand = view["you"]["hand"]
    true, lies = _true_cards(hand, rank), _lies(hand, rank)
    after = game._next(me)
    pile = view["pile"]
    options = []
    for count in range(1, min(MAX_PLAY, len(hand)) + 1):
        cards = true[:count] + lies[:max(0, count - len(true))]
        if len(cards) < count:
            continue
        lying = count > len(true)
        called = call_chance(game, view, me, after, rank, count) if after else 0.0
        empties = count == len(hand)
        value = count + (1 - called) * empties * FINISH
        if lying:
            value -= called * (pile + count + TEMPO)
        else:
            value += called * (belief.GAIN * (pile + count) + TEMPO + empties * FINISH)
        move = {"type": "play", "cards": cards}
        if view["rank"] is None:
            move["rank"] = rank_name(rank)
        options.append(belief.Option(move, value))
    return options


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liar Liar, as its phone would send it."""
    me, hand = view["you"]["name"], view["you"]["hand"]
    held = Counter(Card.parse(c).rank for c in hand)
    fours = sorted(r for r, n in held.items() if r is not None and n >= 4)
    if fours:
        return {"type": "discard", "rank": rank_name(fours[0])}
    options = []
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        odds = LiarLiarView.of_player(game, me, hand)
        true = odds.true({"rank": view["rank"], "count": last["count"]}).probability
        pile = view["pile"]
        finishes = game.hands[last["player"]] == 0
        value = (1 - true) * (belief.GAIN * pile + TEMPO + finishes * FINISH) \
            - true * (pile + TEMPO)
        options.append(belief.Option({"type": "liar"}, value))
    if view["rank"] is not None:
        options += plays(game, view, me, Card.parse(view["rank"]).rank)
    else:  # it opens: with each rank it holds, the best play of it
        for rank in sorted(r for r in held if r is not None):
            options.append(max(plays(game, view, me, rank), key=lambda o: o.value))
        if not options:  # jokers only: any rank still in the game is true
            options = plays(game, view, me, max(r for r in range(2, 15)
                                                if r not in game.discarded))
    return belief.choose(options, rng)
