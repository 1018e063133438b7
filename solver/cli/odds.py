"""``liars GAME odds``: how likely a claim is, from what one player can see, and the
safest raise (advice), for each game of the registry with odds (Liars' Letters' is the
top-level ``liars odds``: solver/cli/letters.py).

A thin layer over each game's odds (its folder's ``odds.py``, by the registry): the arguments become the same request the HTTP
API takes (``POST /api/v1/<game>/odds``), answered by the same function, so both give
the same answer and refuse the same input with the same message.  The counts (hidden,
limit, samples, seed) reach the library as typed, to be read there.
"""

from __future__ import annotations

from solver.games.registry import ODDS

from .games import answering, command_parser


# --- the subcommands ---------------------------------------------------------------------

def register(sub, games: dict) -> None:
    """Add ``odds`` to each sister game's subcommands (``games``: the game's name -> its
    subparsers, as :func:`solver.cli.games.register` made them); Liars' Letters' is the
    top-level ``liars odds`` (:func:`solver.cli.letters.register_odds`)."""
    for name, actions in games.items():
        module = ODDS.get(name)
        if module is not None and hasattr(module, "COMMAND"):
            command_parser(actions, "odds", module.COMMAND, answering(module.answer))
