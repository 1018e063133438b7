"""Odds: how likely a claim is, from what one player alone can see, and the safest raise.

One module per game (:mod:`.letters` with :mod:`.raises`, :mod:`.dice`, :mod:`.liarliar`,
:mod:`.post`, :mod:`.poker`), on what they share: exact counting of random draws
(:mod:`.draws`), and probabilities as stated, exact or sampled (:mod:`.chance`).  Each
game has a *view*, what one player sees (their hand, how many tiles, dice or cards are
hidden from them, what is public), so that a computer player or an advisor can ask it
from that player's seat; and an ``answer(payload)`` that the CLI and the API share.
"""
