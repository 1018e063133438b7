"""Exact counting of random draws: how many ways a hidden hand holds what a claim needs.

The hidden tiles (or cards) are a uniform draw, without replacement, of ``draws`` items
from a pool sorted into kinds (letters, ranks, suits).  The number of draws with ``k_i``
items of kind ``i`` is ``prod C(pool_i, k_i)``, so the number of draws meeting a
condition on each kind separately is one coefficient of a product of polynomials, one
per kind: ``[x^draws] prod_i f_i(x)``, with ``f_i(x) = sum C(pool_i, k) x^k`` over the
counts ``k`` the condition allows.  That is the multivariate hypergeometric law, counted
exactly with integers (no floating point, no sampling).

>>> ways_at_least([2, 3, 5], [1, 2, 0], 3)   # 3 of 10 items: >= 1 of the 2, >= 2 of the 3
6
>>> from math import comb
>>> ways_at_least([4, 48], [1, 0], 2) == comb(52, 2) - comb(48, 2)   # an ace in two cards
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from solver.errors import InvalidInput, LiarsError, shown


def multiply(a: Sequence[int], b: Sequence[int], degree: int) -> list[int]:
    """The product of two polynomials (coefficient lists), cut after ``degree``."""
    size = min(len(a) + len(b) - 1, degree + 1)
    out = [0] * size
    for i, x in enumerate(a[:size]):
        if x:
            for j, y in enumerate(b[:size - i]):
                if y:
                    out[i + j] += x * y
    return out


def coefficient(factors: Iterable[Sequence[int]], draws: int, rest: int = 0) -> int:
    """``[x^draws]`` of the product of ``factors`` and ``(1 + x)^rest`` (``rest`` items
    on which the condition puts no limit)."""
    if draws < 0:
        return 0
    poly: list[int] = [1]
    for factor in factors:
        poly = multiply(poly, factor, draws)
        if not any(poly):
            return 0
    return sum(c * comb(rest, draws - j) for j, c in enumerate(poly) if c and draws - j <= rest)


def at_least(pool: int, need: int) -> list[int]:
    """The polynomial of drawing at least ``need`` of a kind that has ``pool`` items."""
    need = max(0, need)
    return [0] * need + [comb(pool, k) for k in range(need, pool + 1)]


def ways_at_least(pool: Sequence[int], need: Sequence[int], draws: int) -> int:
    """How many of the ``C(sum(pool), draws)`` draws hold at least ``need[i]`` of kind
    ``i`` (0 when some kind has fewer items than it needs)."""
    factors, rest = [], 0
    for items, wanted in zip(pool, need):
        if wanted > items:
            return 0
        if wanted > 0:
            factors.append(at_least(items, wanted))
        else:
            rest += items
    return coefficient(factors, draws, rest)


def ways_exactly(pool: Sequence[int], take: Sequence[int]) -> int:
    """How many draws take exactly ``take[i]`` of kind ``i`` (and nothing else)."""
    ways = 1
    for items, k in zip(pool, take):
        ways *= comb(items, k)
    return ways


def read_count(value, *, field: str, what: str) -> int:
    """A whole number of 0 or more, from an int or its digits (as typed on a shell or
    sent in JSON); anything else is one InvalidInput naming it.

    >>> read_count(" 9 ", field="hidden", what="the hidden tiles")
    9
    >>> read_count(-1, field="hidden", what="the hidden tiles")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidInput: the hidden tiles cannot be negative: -1
    """
    number = value
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
            raise InvalidInput(f"{what} must be a whole number, not {shown(value)}",
                               field=field)
        number = int(text)
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidInput(f"{what} must be a whole number, not {shown(value)}", field=field)
    if number < 0:
        raise InvalidInput(f"{what} cannot be negative: {number}", field=field)
    return number


def read_hidden(value, left: int, *, field: str = "hidden", noun: str = "tiles",
                where: str, error: type[LiarsError]) -> int:
    """The hidden count: a whole number from 0 to ``left`` (what ``where`` holds besides
    yours); more is ``error``, saying how many there are.

    >>> from solver.errors import TooManyTiles
    >>> read_hidden(96, 95, where="the scrabble set", error=TooManyTiles)
    Traceback (most recent call last):
    ...
    solver.errors.TooManyTiles: 96 hidden tiles, but the scrabble set has only 95 besides yours
    """
    hidden = read_count(value, field=field, what=f"the number of hidden {noun}")
    if hidden > left:
        raise error(f"{hidden} hidden {noun}, but {where} has only {left} besides yours",
                    field=field)
    return hidden
