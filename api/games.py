"""The sister games (dice, post, liarliar, poker): generic check and replay routes.

    POST /api/v1/<game>/check     one claim or call against revealed facts
    POST /api/v1/<game>/replay    a whole recorded game, replayed and ruled

Generated from the :mod:`solver.games` registry; until that module exists, no
game routes are registered.
"""

from __future__ import annotations

from flask import Flask

def register(app: Flask, prefix: str) -> None:
    try:
        from solver import games  # noqa: F401
    except ImportError:
        return
