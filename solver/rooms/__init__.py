"""Rooms: a table's game hosted for every phone, the server dealing (or the table) and ruling.

:mod:`.room` is a room (seats, phases, moves, each player's view, the log),
:mod:`.deal` the server as the bag, :mod:`.names` how a seat's name is read.
The layer above :mod:`solver.games`; the API stores and serves rooms (api/rooms).
"""
