"""The hard computer player at Liar Liar.

From its own view: its hand, the round's rank, the pile's size, the last play's count,
every player's card count and the fours put down.  It puts down any four of a kind at
once.  Then it weighs each move by the cards it sheds or takes:

* **a call** on the play just made: the play is true with the chance its player held
  that many true cards and chose to play them (:func:`judged_true`).  Players play true
  cards when they hold them, so the accused's hand size matters: a one-card play from
  a 14-card hand is nearly always true, a three-card play from a two-card hand rarely.
  How often that player lies when it need not is read from the plays of theirs that
  were called at this table (the rulings reveal them).  True, the caller takes the
  pile; false, the player who made it does, and the caller opens the next round.  A
  play that emptied its player's hand finishes that player unless it is caught;
* **a play** of one to three cards: the true ones it holds (the rank's own, then
  jokers), and lies to make up the count (a bluff, from the ranks it holds fewest of).
  The next player's chance of calling is its record at this table (:mod:`.record`),
  starting from what its own view would make it call (how many of the rank's cards it
  may hold: a hypergeometric draw from the cards this player cannot see).  A lie called
  takes the pile back; a play that empties its hand and stands finishes.
"""

from __future__ import annotations

from collections import Counter
from math import comb

import numpy as np

from solver.games.cards import Card, rank_name
from .game import MAX_PLAY
from .odds import LiarLiarView

from solver.rooms.hard import belief, record

FINISH = 12.0  # what finishing (or keeping the next player from finishing) is worth, in cards
TEMPO = 2.0  # what opening the next round is worth, in cards
JOKERS, PER_RANK, DECK = 2, 4, 54
FINISH_CALLED = 0.95  # a play that would finish a liar is called this often at least
JOKER = 1.5  # a joker kept is worth this many cards: it makes a last play true at any rank
LIES = 0.15  # how often a player is first taken to lie when it holds a true card
LIES_WEIGHT = 3.0  # ... counting as this many of its called plays
CALLS_WEIGHT = 2.0  # the odds' guess of a player's calling counts as this many chances
ALL_TRUE = 0.7  # a truthful player plays all its true cards (up to three) this often
SHORT_LIE = 0.1  # a lie of no more cards than it holds true ones is this rare among its lies
FORCED = {1: 0.6, 2: 0.25, 3: 0.15}  # the count of a lie by a player with no true card


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
    return record.rate(record.call_record(view, after), expected, CALLS_WEIGHT)


def _held(good: int, unseen: int, size: int) -> list[float]:
    """``p[k]``: the chance a hand of ``size`` cards drawn from ``unseen`` holds ``k`` of
    the ``good`` ones."""
    size = max(0, min(size, unseen))
    total = comb(unseen, size)
    return [comb(good, k) * comb(unseen - good, size - k) / total
            for k in range(min(good, size) + 1)]


def lie_rate(game, view, me: str, player: str) -> float:
    """How often ``player`` lies when it holds a true card: its called plays at this table
    (the rulings reveal them), less the lies its hand may have forced (no true card)."""
    hand = view["you"]["hand"]
    lies = forced = shown = 0.0
    odds = LiarLiarView.of_player(game, me, hand)
    for past in view.get("history", []):
        ruling = past.get("ruling") or {}
        cards = (ruling.get("revealed") or {}).get(player)
        if ruling.get("call") != "liar" or cards is None or not past.get("claims"):
            continue
        rank = Card.parse(past["claims"][-1]["rank"]).rank
        false = any(Card.parse(c).rank not in (rank, None) for c in cards)
        size = game.hands[player] + len(cards)
        shown += 1
        lies += false
        forced += _held(odds.could_be_true(rank), odds.unseen, size)[0]
    return min(0.9, max(0.01, (lies - forced + LIES * LIES_WEIGHT) / (shown + LIES_WEIGHT)))


def judged_true(game, view, me: str, player: str, rank: int, count: int) -> float:
    """How likely ``player``'s play of ``count`` cards as ``rank`` is true: over how many
    true cards its hand held (a draw of its hand before the play from the cards ``me``
    cannot see), a player plays its true cards when it holds them (mostly all, up to
    three), lies when it holds none, and lies anyway at its :func:`lie_rate`, mostly
    with more cards than it holds true ones (a lie sheds cards)."""
    odds = LiarLiarView.of_player(game, me, view["you"]["hand"])
    good = odds.could_be_true(rank)
    if good < count:
        return 0.0
    lying = lie_rate(game, view, me, player)
    held = _held(good, odds.unseen, game.hands[player] + count)
    true = false = 0.0
    for k, chance in enumerate(held):
        if k == 0:
            false += chance * FORCED.get(count, 0.0)
            continue
        most = min(k, MAX_PLAY)
        if count <= most:
            plays_count = ALL_TRUE * (count == most) + (1 - ALL_TRUE) / most
            true += chance * (1 - lying) * plays_count
            false += chance * lying * SHORT_LIE / MAX_PLAY
        else:  # more cards than it holds true: a lie to shed cards
            false += chance * lying / (MAX_PLAY - most)
    if true + false <= 0:
        return float(odds.true({"rank": rank_name(rank), "count": count}).probability)
    return true / (true + false)


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
        if empties and lying and after:  # anyone calls a play that would finish a liar
            called = max(called, FINISH_CALLED)
        jokers = sum(Card.parse(c).is_joker for c in cards)
        value = count + (1 - called) * empties * FINISH - (not empties) * jokers * JOKER
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
        true = judged_true(game, view, me, last["player"], Card.parse(view["rank"]).rank,
                           last["count"])
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
