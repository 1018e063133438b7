"""The fair deal's derivation ("liars-deal-1", docs/fair-deal.md): every hand the server
deals comes from its committed seed, the phones' seeds, the game and the round, so that
anyone can deal it again once the seed is shown.

Pure and on the standard library alone (hmac, hashlib), as the stand-alone checker
(scripts/verify_deal.py) and the page's (api/static/engine/fairdeal.js) are: the three
must agree with the golden vectors (tests/golden/fairdeal.json).

The bytes of round ``r`` of game ``g`` are HMAC-SHA256(key = the seed's 32 bytes,
message = "{client_seed}|{g}|{r}|{i}") for i = 0, 1, 2, ... one after the other;
:meth:`Stream.uniform` reads them four at a time without bias.

>>> seed = bytes(range(32))
>>> commitment(seed)
'630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd'
>>> stream = Stream(seed, "ann-seed|", 1, 1)
>>> [stream.uniform(6) for _ in range(5)]
[1, 2, 2, 0, 5]
>>> deal({"dice": 6}, [("ann", 2), ("ben", 1)], Stream(seed, "", 1, 1))
[('ann', [1, 5]), ('ben', [2])]
>>> deal({"tiles": "AABC"}, [("ann", 1), ("ben", 2)], Stream(seed, "", 1, 2))
[('ann', ['A']), ('ben', ['B', 'A'])]
"""

from __future__ import annotations

import hashlib
import hmac

SCHEME = "liars-deal-1"
SEED_BYTES = 32
WORD = 2 ** 32  # uniform() reads 4 bytes at a time


def commitment(seed: bytes) -> str:
    """What the table sees before the deal: the lowercase hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


def client_seed(seeds) -> str:
    """The phones' seeds, in seat order, joined by "|" (a seat with none adds "")."""
    return "|".join(seed or "" for seed in seeds)


class Stream:
    """The bytes of one round, and uniform whole numbers read from them."""

    def __init__(self, seed: bytes, client_seed: str, game: int, round: int):
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
        self.seed, self.prefix = seed, f"{client_seed}|{game}|{round}|"
        self.block, self.used, self.blocks = b"", 0, 0

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        out = b""
        while len(out) < n:
            if self.used == len(self.block):
                message = f"{self.prefix}{self.blocks}".encode("utf-8")
                self.block = hmac.new(self.seed, message, hashlib.sha256).digest()
                self.used, self.blocks = 0, self.blocks + 1
            step = min(n - len(out), len(self.block) - self.used)
            out += self.block[self.used:self.used + step]
            self.used += step
        return out

    def uniform(self, n: int) -> int:
        """A whole number from 0 to n - 1, each equally likely: 4 bytes big-endian, taken
        again while they fall in the last, incomplete run of n (no modulo bias)."""
        if n < 1:
            raise ValueError(f"uniform(n) needs n >= 1, not {n}")
        limit = WORD - WORD % n
        while True:
            u = int.from_bytes(self.take(4), "big")
            if u < limit:
                return u % n


def shuffle(bag, stream: Stream) -> list:
    """Fisher-Yates over ``bag`` (its canonical order): for k from the last index down to 1,
    swap item k with item uniform(k + 1)."""
    items = list(bag)
    for k in range(len(items) - 1, 0, -1):
        j = stream.uniform(k + 1)
        items[k], items[j] = items[j], items[k]
    return items


def deal(dealer: dict, counts, stream: Stream) -> list[tuple[str, list]]:
    """Each seat's hand, in seat order, as dealt (``counts``: (seat, how many) of each seat
    still in, in seat order).  ``dealer``: ``{"dice": faces}`` (each die 1 + uniform(faces)),
    or a bag in its canonical order, ``{"tiles": "AAB..."}`` or ``{"cards": [...]}``,
    shuffled, each seat taking its count from the front."""
    if "dice" in dealer:
        faces = dealer["dice"]
        return [(seat, [1 + stream.uniform(faces) for _ in range(n)]) for seat, n in counts]
    bag = shuffle(dealer["tiles"] if "tiles" in dealer else dealer["cards"], stream)
    hands, at = [], 0
    for seat, n in counts:
        if at + n > len(bag):
            raise ValueError(f"the bag holds {len(bag)} pieces, fewer than the hands take")
        hands.append((seat, bag[at:at + n]))
        at += n
    return hands


def derive(seed: bytes, client_seed: str, game: int, round: int, dealer: dict,
           counts) -> list[tuple[str, list]]:
    """Round ``round`` of game ``game`` dealt again from its seeds."""
    return deal(dealer, counts, Stream(seed, client_seed, game, round))
