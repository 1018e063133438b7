"""Odds as the shell prints them: an exact chance, an estimate, a list of raises.

>>> chance_text({"fraction": "1/8"}), short({"fraction": "1/3"})
('12.50% (1/8)', '33.33%')
>>> suggested([])
'safest raises (advice): none'
"""

from __future__ import annotations

from fractions import Fraction

from .chance import percent


def chance_text(part: dict) -> str:
    """An exact chance as the shell shows it: a percentage and the fraction."""
    return f"{percent(Fraction(part['fraction']))} ({part['fraction']})"


def short(part: dict) -> str:
    """An exact chance as a percentage only (in lists)."""
    return percent(Fraction(part["fraction"]))


def estimate_text(part: dict | None) -> str:
    """A sampled estimate with its interval; None is a search that ran out of time."""
    if part is None:
        return "undecided (the search for the one deal that could be highest ran out of time)"
    low, high = part["interval"]
    return (f"about {percent(part['probability'])} (estimate: {part['hits']} of "
            f"{part['samples']} deals, seed {part['seed']}; 95% interval {percent(low)} to "
            f"{percent(high)})")


def suggested(items: list[str]) -> str:
    return "safest raises (advice): " + ("; ".join(items) if items else "none")
