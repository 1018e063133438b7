"""Odds: what every game's odds share (each game's own are its folder's ``odds.py``).

Exact counting of random draws (:mod:`.draws`), probabilities as stated, exact or
sampled (:mod:`.chance`), the requests and answers every odds route reads and writes
(:mod:`.payload`, :mod:`.text`).  Each game has a *view*, what one player sees (their
hand, how many tiles, dice or cards are hidden from them, what is public), so that a
computer player or an advisor can ask it from that player's seat; and an
``answer(payload)`` that the CLI and the API share (:data:`solver.games.registry.ODDS`).
"""
