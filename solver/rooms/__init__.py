"""Rooms: a table's game hosted for every phone, the server dealing (or the table) and ruling.

:mod:`.room` is a room (seats, phases, moves, each player's view, the log),
:mod:`.variants` what differs by game (one small subclass each: hosting another
game is one more there), :mod:`.deal` the server as the bag, :mod:`.bots` the
computer players and the advisor, :mod:`.call_odds` the odds at every reveal, :mod:`.kept`
each finished game's record for its replay.
The layer above :mod:`solver.games`; the API stores and serves rooms (api/rooms).
"""
