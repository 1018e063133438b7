"""The games: what every game shares, the registry, and one folder per game.

The shared pieces are this package's modules: :mod:`.base` (a :class:`~.base.Game` and
its :class:`~.base.Rules`), :mod:`.table` (seats, turns, reading events), :mod:`.cards`,
:mod:`.phrases` (claims as said at the table), :mod:`.schema`, :mod:`.names`.  Each game is
a folder (``letters/``, ``dice/``, ``post/``, ``liarliar/``, ``poker/``): its rules
(``game.py``), odds, room variant and computer players together.  :mod:`.registry` finds
the folders and every front end reads it.

Adding a game is docs/architecture.md's "Adding a game", step by step (the toy game of
tests/test_rooms_toy.py follows it).
"""
