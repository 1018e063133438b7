"""The hard computer player at Liars' Letters.

From its own view: its tiles, how many each other player holds, this round's
declarations.  It deals the others' tiles at random (:mod:`.belief`), weighs each deal
by how likely each of their declarations was from the tiles it gave them, and from that
belief chooses between "bullshit", "exact" and the raises, whichever risks least.

**Why "exact" was never called.**  A declaration can be the highest only if it uses
every tile in play (a leftover tile is a one-letter word that raises the shape).  The
easy player reads only its own tiles, so any raise over a declaration made from the
declarer's own tiles looks unlikely to it, and it calls "bullshit" first: in 300 games of
three easy players, 2,950 "bullshit" calls ended rounds of about one declaration each,
and only 1 of the 3,227 declarations faced used every tile.  Even then, such a set
exists only if the hidden tiles are exactly its letters less mine, which from one's own
tiles is nearly never likely (two hidden tiles are one given pair about once in 4,000),
and the tiles in play never fell to what it could see (only a right "exact" takes a tile
away).  The hard player reads the declarations: when the others' claims say which
letters they hold, the chance that a declaration of every tile exists, and is the
highest (one search of its own letters, :meth:`LettersView.highest`), can be high, and
then "exact" is its best move (right, the caller loses a tile).

The raises it weighs are the advisor's (the likeliest from the exact odds) and the
likeliest from the tiles it believes the others hold; each is scored over the deals.
Each chance a declarer's seat gives a declaration is estimated letter by letter (the
product of each letter's own chance among that seat's hidden tiles, the raise search's
own stand-in), so a decision stays well under a second.
"""

from __future__ import annotations

from collections import Counter
from math import comb

import numpy as np

from solver.games.table import next_player
from .odds import LettersView
from .easy import EXACT_BUDGET, letters_raises
from solver.words.tiles import LETTERS, Tiles
from solver.words.wordset import WordSet

from solver.rooms.hard import belief

CANDIDATES = 8  # raises from each search weighed over the deals
SAMPLES = 2000  # deals weighed (4000 took letters past 300 ms a decision on a loaded machine)
OTHERS_BLUFF = 1e-4  # the likelihood of a declaration its declarer's tiles make unlikely
SHARPNESS = 3.0  # a declarer has many sets to choose from: an unlikely one says much
BELIEVED = 0.5  # a letter is taken as held when the deals hold it with this chance


def vector(letters) -> np.ndarray:
    """Counts by letter A-Z."""
    return np.array([letters.get(x, 0) for x in LETTERS], dtype=np.int64)


def tails(size: int, counts: np.ndarray, hidden: int) -> np.ndarray:
    """``t[letter, k]``: the chance ``hidden`` tiles drawn from a set of ``size`` (``counts``
    by letter) hold at least ``k`` of the letter, for ``k`` up to 20."""
    total = comb(size, hidden)
    table = np.zeros((26, 21))
    for i, have in enumerate(counts):
        point = [comb(int(have), j) * comb(size - int(have), hidden - j) / total
                 for j in range(min(int(have), hidden) + 1)]
        for k in range(len(point)):
            table[i, k] = sum(point[k:])
    return table


class Table:
    """One decision's belief: the others' tiles in each deal, and each deal's weight."""

    def __init__(self, game, odds: LettersView, me: str, declarations: list[dict], rng):
        self.game, self.odds = game, odds
        self.mine = vector(odds.mine.counts)
        self.others = [p for p in game.active if p != me]
        gen = belief.generator(rng)
        size, counts = odds.tile_set.size, vector(odds.tile_set.counts)
        total = game.tiles_in_play
        self.tails = {p: tails(size, counts, total - game.tiles[p]) for p in self.others}
        said = {p: [WordSet.parse(d["words"]) for d in declarations if d["player"] == p]
                for p in self.others}
        self.informed = any(said.values())
        self.hands, self.weights = {}, np.ones(SAMPLES)
        for p in self.others:
            def weigh(hands, p=p):
                out = np.ones(len(hands))
                for words in said[p]:
                    out *= belief.likelihood(self.seat_chance(p, words, hands), SHARPNESS,
                                             OTHERS_BLUFF)
                return out
            self.hands[p], weights = belief.believed_hands(game.tiles[p], 26, vector(odds.pool),
                                                           weigh, SAMPLES, gen)
            self.weights *= weights
        self.hidden = sum(self.hands.values()) if self.others else \
            np.zeros((SAMPLES, 26), dtype=np.int64)
        self.weights *= np.all(self.mine + self.hidden <= counts, axis=1)  # one tile set

    def seat_chance(self, player: str, words: WordSet, hands=None) -> np.ndarray:
        """About how likely ``words`` exists from ``player``'s own seat, in each deal (or
        for each of ``hands``)."""
        hands = self.hands[player] if hands is None else hands
        need = np.clip(vector(words.letters) - hands, 0, 20)
        table = self.tails[player]
        chance = table[np.arange(26), need].prod(axis=1)
        hidden = self.game.tiles_in_play - self.game.tiles[player]
        return np.where(need.sum(axis=1) > hidden, 0.0, chance)

    def exists(self, words: WordSet) -> np.ndarray:
        """Whether ``words`` can be spelled in each deal (its words are valid)."""
        return np.all(self.mine + self.hidden >= vector(words.letters), axis=1)

    def exactly(self, words: WordSet) -> np.ndarray:
        """Whether every tile in play, in each deal, is a letter of ``words``."""
        return np.all(self.mine + self.hidden == vector(words.letters), axis=1)

    def chance(self, hits: np.ndarray, exact) -> float:
        """The chance from the deals, or the exact one where no declaration informs them."""
        return belief.share(self.weights, hits) if self.informed else exact.probability

    def believed(self) -> Tiles:
        """My tiles and the letters the deals likely hold (each count held with chance at
        least :data:`BELIEVED`)."""
        have = Counter(self.odds.mine.counts)
        weights = self.weights / self.weights.sum() if self.weights.sum() > 0 else None
        for i, letter in enumerate(LETTERS):
            k = 1
            while np.average(self.hidden[:, i] >= k, weights=weights) >= BELIEVED:
                have[letter] += 1
                k += 1
        return Tiles(have, self.odds.tile_set)


def candidates(table: Table, odds: LettersView, last) -> list[WordSet]:
    """The raises to weigh: the advisor's, and the likeliest from the believed tiles."""
    found = [s.words for s in letters_raises(odds, last)]
    found += [s.words for s in odds.raises(last, limit=CANDIDATES)]
    believed = table.believed()
    if len(believed) > len(odds.mine):
        guess = LettersView(believed, max(0, odds.hidden - (len(believed) - len(odds.mine))),
                            odds.lexicon)
        found += [s.words for s in guess.raises(last, limit=CANDIDATES)]
    unique = {}
    for words in found:
        unique.setdefault(words.words, words)
    return list(unique.values())


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liars' Letters, as its phone would send it."""
    me = view["you"]["name"]
    odds = LettersView.of_player(game, me, view["you"]["hand"])
    table = Table(game, odds, me, view["declarations"], rng)
    last = game.last[1] if game.last else None
    options = []
    if last is not None:
        exists = table.chance(table.exists(last), odds.exists(last))
        options.append(belief.Option({"type": "call", "call": "bullshit"},
                                     belief.call_value(exists)))
        highest = odds.highest(last, budget=EXACT_BUDGET)
        if highest.decided and not highest.chance.impossible:  # it is the highest of its
            right = table.chance(table.exactly(last), highest.chance)  # own letters
            options.append(belief.Option({"type": "call", "call": "exact"},  # right: both
                                         right * (1 - belief.GAIN) - (1 - right)))  # lose one
    after = next_player(game.players, me, skip=set(game.out), direction=game.direction)
    for words in candidates(table, odds, last):
        called = belief.call_chance(table.seat_chance(after, words)) if after in table.hands \
            else np.ones(SAMPLES)
        options.append(belief.Option({"type": "declare", "words": ", ".join(words)},
                                     belief.raise_value(table.weights, table.exists(words),
                                                        called)))
    return belief.choose(options, rng)
