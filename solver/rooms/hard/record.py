"""What a hard player has seen of each other player at this table: how often they call.

Read from its own view only: the game's finished rounds (``view["history"]``: each
round's claims in order and the ruling that ended it, with the hands it revealed) and
this round's claims (``view["declarations"]``).  In a round's claims, a claim followed
by another player's claim is a chance that player let pass; the round's last claim
followed by a call is a chance it took.

>>> view = {"history": [{"claims": [{"player": "a"}, {"player": "b"}],
...                      "ruling": {"call": "liar", "by": "c"}}],
...         "declarations": [{"player": "c"}, {"player": "a"}]}
>>> call_record(view, "b"), call_record(view, "c"), call_record(view, "a")
((0, 1), (1, 1), (0, 1))
"""

from __future__ import annotations

CALLS = ("liar", "bullshit", "call", "exact")  # the rulings that end a round by a call


def call_record(view: dict, player: str) -> tuple[int, int]:
    """``(calls, chances)``: how often ``player`` called a claim made just before its turn,
    of the times it could (as far as the view's rounds show)."""
    calls = chances = 0
    rounds = [(h.get("claims") or [], h.get("ruling") or {}) for h in view.get("history", [])]
    rounds.append((view.get("declarations") or [], {}))
    for claims, ruling in rounds:
        for before, after in zip(claims, claims[1:]):
            if after.get("player") == player and before.get("player") != player:
                chances += 1
        if claims and ruling.get("by") == player and ruling.get("call") in CALLS:
            calls += 1
            chances += 1
    return calls, chances


def rate(record: tuple[int, int], guess: float, weight: float) -> float:
    """How often a player does a thing: its ``record`` (times, chances), with ``guess``
    counting as ``weight`` chances (the record is short at a game's start)."""
    done, chances = record
    return (done + weight * guess) / (chances + weight)
