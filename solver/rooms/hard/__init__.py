"""The hard computer players, a module a game (each with ``move(game, view, rng)``).

Each plays from its own seat's view (:meth:`~solver.rooms.room.Room.view`: its own hand
and what is public) and the public game, never another hand.  :mod:`.belief` is what
the claim-and-call players share: what the others' claims say of their hands, and a
choice by what each move risks, with bluffs mixed in; :mod:`.record` what it has seen
of each other player at this table (how often it calls).  :mod:`solver.rooms.bots`
picks a level's player.
"""
