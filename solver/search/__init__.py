"""The search: the highest possible word set of some tiles, exact, within a time budget.

:func:`solver.search.highest.highest` is the library's one call for it;
:mod:`.layered` is the search itself (:func:`.layered.search`): the layers
(:mod:`.layers`, over :mod:`.remainders`), the hand-over to the packing
queries when a layer is too big (:mod:`.settle`, :mod:`.packing`), and what a
search out of time answers (:mod:`.stopped`, with :mod:`.bounds`).
:mod:`.kernels` holds the compiled loops big racks use, :mod:`.reference` the
plain brute force every fast path is tested against.
"""
