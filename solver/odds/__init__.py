"""Odds: how likely a claim is, from what one player alone can see, and the safest raise.

One module per game (:mod:`.letters` with :mod:`.raises`, :mod:`.dice`, :mod:`.liarliar`,
:mod:`.post`, :mod:`.poker`), on what they share: exact counting of random draws
(:mod:`.draws`), and probabilities as stated, exact or sampled (:mod:`.chance`).  Each
game has a *view*, what one player sees (their hand, how many tiles, dice or cards are
hidden from them, what is public), so that a computer player or an advisor can ask it
from that player's seat; and an ``answer(payload)`` that the CLI and the API share.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType


def odds_of(game: str) -> ModuleType | None:
    """The odds module of the game named ``game`` (``solver.odds.<game>``: its ``answer``,
    request ``SCHEMA``, ``REFUSALS`` and shell ``COMMAND``), or None when it has none."""
    name = f"{__name__}.{game}"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None
