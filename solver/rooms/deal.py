"""The server as the bag and the dealer: tiles drawn, dice rolled and cards dealt for each
player, uniformly.

``rng`` is a ``random.Random``-like source; rooms pass ``secrets.SystemRandom()``
so that no player can predict another's hand, tests a seeded one.

>>> import random
>>> from solver.words.tiles import get_tile_set
>>> hands = draw_tiles(get_tile_set("scrabble"), {"ann": 2, "ben": 1}, random.Random(1))
>>> sorted(len(h) for h in hands.values())
[1, 2]
>>> roll_dice({"ann": 3}, 6, random.Random(1))["ann"]
[1, 2, 5]
>>> len(deck(jokers=2)), len(set(deck())), deck()[:3]
(54, 52, ['2S', '2H', '2D'])
>>> hands = deal_cards(deck(), {"ann": 2, "ben": 3}, random.Random(1))
>>> [len(h) for h in hands.values()], set(hands["ann"]) & set(hands["ben"])
([2, 3], set())
"""

from __future__ import annotations

from solver.errors import InvalidRules
from solver.games.cards import SUITS, rank_name
from solver.words.tiles import TileSet


def draw_tiles(tile_set: TileSet, counts: dict[str, int], rng) -> dict[str, str]:
    """Each player's tiles, drawn together without replacement from one full bag."""
    bag = list(tile_set.bag)
    wanted = sum(counts.values())
    if wanted > len(bag):
        raise InvalidRules(f"{wanted} tiles are held, but the {tile_set.name} set has only "
                           f"{len(bag)}", field="rules.tile_set")
    drawn = rng.sample(bag, wanted)
    hands, at = {}, 0
    for player, n in counts.items():
        hands[player] = "".join(sorted(drawn[at:at + n]))
        at += n
    return hands


def roll_dice(counts: dict[str, int], faces: int, rng) -> dict[str, list[int]]:
    """Each player's dice, every die uniform over its faces, sorted for the eye."""
    return {player: sorted(rng.randrange(1, faces + 1) for _ in range(n))
            for player, n in counts.items()}


def deck(*, ranks=range(2, 15), copies: int = 1, jokers: int = 0) -> list[str]:
    """Every card of a deck as text (``10H``, ``joker``): ``copies`` of each rank and suit."""
    cards = [f"{rank_name(rank)}{suit}" for rank in ranks for suit in SUITS] * copies
    return cards + ["joker"] * jokers


def deal_cards(cards: list[str], counts: dict[str, int], rng) -> dict[str, list[str]]:
    """Each player's cards, dealt from ``cards`` shuffled (each card to one player)."""
    wanted = sum(counts.values())
    if wanted > len(cards):
        raise InvalidRules(f"{wanted} cards are held, but the deck has only {len(cards)}",
                           field="rules")
    drawn = rng.sample(cards, wanted)
    hands, at = {}, 0
    for player, n in counts.items():
        hands[player] = drawn[at:at + n]
        at += n
    return hands
