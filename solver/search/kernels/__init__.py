"""Compiled loops (numba) for big racks, where numpy's passes cost most; by caller.

Each is a plain loop that numpy cannot fuse, and each is tested against the
plain way it replaces (the sort merge, the pair test, the numpy cuts, the
recursion the walk replaced, scipy's optimum):

* :mod:`.layers`: the layers' merge, letter-wise maximum, join and look-ahead
  (solver/search/layers.py, solver/search/joins.py);
* :mod:`.walk`: the packing search's walk over a branch's states and its tests
  at each (solver/search/packing.py);
* :mod:`.relaxation` (with :mod:`.simplex`): the packing relaxation by column
  generation, and the exact checks of its letter weightings;
* :mod:`.bits` the bit tricks they share, :mod:`.cache` how they are compiled.

Only big racks use them, so small racks never pay for numba's import or
compilation.  Compiled code is cached on disk (numba's ``cache=True``: next to
these modules, or in the user's cache folder when they are read-only).
"""

from __future__ import annotations


def ready() -> None:
    """Load (or, the first time after installing, compile) every loop, for the types used.

    The search calls this before it starts its clock, so that compiling never
    eats a search's budget.
    """
    from . import layers, relaxation, walk

    layers.warm_up()
    walk.warm_up()
    relaxation.warm_up()
