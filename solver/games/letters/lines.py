"""Liars' Letters in words: a game's state in one line, as the shell's replay ends
(:meth:`~solver.games.base.Game.state_line`, this game's own), and why a search is not
proven."""

from __future__ import annotations

# Why a search is not proven, in words a table understands.
STOPPED_WHY = {
    "budget": "out of time (a larger budget may settle it)",
    "size": "the tiles are too many for the search (more time does not help)",
}


def state_line(state: dict) -> str:
    """The winner, or who acts and what everyone holds.

    >>> state_line({"out": [], "winner": None, "round": 2, "direction": "clockwise",
    ...             "tiles": {"ann": 2, "ben": 1}, "last": None, "opener": "ben",
    ...             "to_move": "ben"})
    'round 2 (clockwise): ben to open; tiles: ann 2, ben 1'
    """
    out = f"; out: {', '.join(state['out'])}" if state["out"] else ""
    if state["winner"]:
        played = state["round"] - 1
        return (f"game over: {state['winner']} wins after {played} "
                f"round{'' if played == 1 else 's'}{out}")
    held = ", ".join(f"{p} {n}" for p, n in state["tiles"].items())
    last = state["last"]
    doing = (f"{state['to_move']} to raise or call on '{', '.join(last['declared'])}' "
             f"({last['player']})" if last else f"{state['opener']} to open")
    return f"round {state['round']} ({state['direction']}): {doing}; tiles: {held}{out}"
