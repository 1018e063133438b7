"""The server as the bag and the dealer: each game's bag in its canonical order, and the
one way every server-dealt hand is made (:func:`hands`, by :mod:`.fairdeal`'s derivation).

A dealer is what the fair deal's record names (docs/fair-deal.md): ``{"dice": faces}``,
``{"tiles": bag}`` (a tile set's letters in alphabetical order, each as many times as the
set has it) or ``{"cards": deck}`` (:func:`deck`'s order).

>>> from solver.rooms.fairdeal import Stream
>>> from solver.words.tiles import get_tile_set
>>> stream = lambda: Stream(bytes(32), "", 1, 1)
>>> tiles(get_tile_set("scrabble"))["tiles"][:12]
'AAAAAAAAABBC'
>>> hands(tiles(get_tile_set("scrabble")), {"ann": 3, "ben": 2}, stream())
{'ann': 'ISV', 'ben': 'SW'}
>>> hands({"dice": 6}, {"ann": 3}, stream())
{'ann': [4, 5, 6]}
>>> len(deck(jokers=2)), len(set(deck())), deck()[:5]
(54, 52, ['2S', '2H', '2D', '2C', '3S'])
>>> hands({"cards": deck()}, {"ann": 2, "ben": 3}, stream())
{'ann': ['KD', 'QD'], 'ben': ['6C', 'KC', '10C']}
"""

from __future__ import annotations

from solver.errors import InvalidRules
from solver.games.cards import SUITS, rank_name
from solver.words.tiles import TileSet

from .fairdeal import deal


def tiles(tile_set: TileSet) -> dict:
    """A tile set's bag: its letters in alphabetical order, each as often as the set has it."""
    return {"tiles": tile_set.bag, "name": tile_set.name}


def deck(*, ranks=range(2, 15), copies: int = 1, jokers: int = 0) -> list[str]:
    """Every card of a deck as text (``10H``, ``joker``), in the fair deal's order: rank by
    rank as ``ranks`` lists them, each in the suits' order S H D C; the whole run ``copies``
    times; then the jokers."""
    cards = [f"{rank_name(rank)}{suit}" for rank in ranks for suit in SUITS] * copies
    return cards + ["joker"] * jokers


def dealer(spec: dict) -> dict:
    """The dealer as the fair deal's record names it (no tile set's name)."""
    return {key: value for key, value in spec.items() if key != "name"}


def hands(spec: dict, counts: dict[str, int], stream) -> dict:
    """Each seat's hand (``counts``: how many each seat still in takes, in seat order), dealt
    by the fair deal's derivation from ``stream`` (:class:`.fairdeal.Stream`): dice sorted
    for the eye, tiles as sorted text, cards as dealt."""
    if "dice" not in spec:
        kind = "tiles" if "tiles" in spec else "cards"
        size, wanted = len(spec[kind]), sum(counts.values())
        if wanted > size:
            where = f"the {spec['name']} set" if kind == "tiles" else "the deck"
            raise InvalidRules(f"{wanted} {kind} are held, but {where} has only {size}",
                               field="rules.tile_set" if kind == "tiles" else "rules")
    dealt = deal(dealer(spec), list(counts.items()), stream)
    if "dice" in spec:
        return {seat: sorted(hand) for seat, hand in dealt}
    if "tiles" in spec:
        return {seat: "".join(sorted(hand)) for seat, hand in dealt}
    return {seat: hand for seat, hand in dealt}
