"""Liar Liar: the whole game in one folder (docs/architecture.md, "The game folder").

* ``game.py``: its rules and a whole game (the library's referee);
* ``odds.py``: how likely a claim is from one seat (``liars liarliar odds``, its route);
* ``room.py``: the game as a room hosts it (``ROOM``, a room variant);
* ``easy.py`` and ``hard.py``: its computer players, and the advisor (easy.py).

:mod:`solver.games.registry` finds the folder; its engine port and screen are the page's
folder api/static/games/liarliar/.
"""
