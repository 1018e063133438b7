"""What the hard computer players share (each game's own is its folder's ``hard.py``).

Each plays from its own seat's view (:meth:`~solver.rooms.room.Room.view`: its own hand
and what is public) and the public game, never another hand.  :mod:`.belief` is what
the claim-and-call players share: what the others' claims say of their hands, and a
choice by what each move risks, with bluffs mixed in; :mod:`.record` what it has seen
of each other player at this table (how often it calls).  A room variant's ``decide``
picks a level's player (:mod:`solver.rooms.bots`).
"""
