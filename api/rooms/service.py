"""The rooms service: this process's store of rooms, opened on first use.

The routes (api/rooms/__init__.py), the look-out's steps (:mod:`.turns`), the leaderboard's
profiles (:mod:`.profiles`) all reach the store here, and none of them through the routes'
module (which imports them: no module imports itself back).
"""

from __future__ import annotations

from flask import current_app

from .store import open_store

EXTENSION = "liars_rooms"


def store():
    """This process's store (opened on first use: a forked worker opens its own)."""
    opened = current_app.extensions.get(EXTENSION)
    if opened is None:
        opened = current_app.extensions[EXTENSION] = open_store(current_app.config["ROOMS_DB"])
    return opened
