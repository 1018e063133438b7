"""Rooms: a table's game hosted for every phone, the server dealing (or the table) and ruling.

:mod:`.room` is a room (seats, phases, moves, each player's view, the log) and names no
game: what differs by game is a :class:`.variants.RoomGame`, the ``ROOM`` of each game
folder's ``room.py`` (solver/games/NAME/), found by :mod:`solver.games.registry`.
:mod:`.deal` is the server as the bag, :mod:`.bots` what the computer players share,
:mod:`.call_odds` the odds at every reveal, :mod:`.kept` each finished game's record for
its replay.  The layer above the games' shared pieces and below the game folders; the
API stores and serves rooms (api/rooms).
"""
