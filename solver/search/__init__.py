"""The search: the highest possible word set of some tiles, exact, within a time budget.

:func:`solver.search.highest.highest` is the library's one call for it;
:mod:`.layered` is the search itself, :mod:`.packing` the branch-and-bound that
big racks hand over to, :mod:`.reference` the plain brute force every fast path
is tested against.
"""
