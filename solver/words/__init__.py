"""Words: tiles, word sets, lexicons, their search index and the dictionary queries.

The layer above :mod:`solver.errors`; everything else builds on it.
"""
