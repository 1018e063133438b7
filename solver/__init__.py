"""A referee for Liars' Letters and its sister bluffing games.

The common case is one call:

>>> from solver import load_lexicon, highest
>>> best = highest("ABEGIRR", load_lexicon())
>>> best.shape
(5, 2)

Everything a user can get wrong raises a :class:`solver.errors.LiarsError`.

The library is in layers, each a folder, each importing only those before it:
:mod:`solver.errors`, :mod:`solver.words` (tiles, word sets, lexicons, dictionary
queries), :mod:`solver.search` (the highest word set), :mod:`solver.games` (what the games
share, and the registry), :mod:`solver.odds` (what the games' odds share),
:mod:`solver.rooms` (a table hosted for phones), then each game's own folder
(``solver/games/NAME/``: its rules, odds, room and computer players), :mod:`solver.cli`
(the shell).  docs/architecture.md draws the map.
"""

import importlib

from .errors import LiarsError

# Where each name lives; each module is imported when one of its names is first asked
# for, so that a small rack's ``solve`` loads no more than it needs.
_NAMES = {
    ".games.letters.game": ("Call", "CallRuling", "DeclarationCheck", "LettersGame", "LettersRules",
                       "RaiseCheck", "check_declaration", "check_raise", "rule_call"),
    ".search.alternatives": ("HighestSets", "highest_sets"),
    ".search.highest": ("Solution", "highest"),
    ".words.dictionary": ("find_words",),
    ".words.lexicon": ("Lexicon", "lexicon_names", "load_lexicon"),
    ".words.tiles": ("Tiles", "parse_tiles"),
    ".words.wordset": ("WordSet", "compare"),
}
_HOMES = {name: module for module, names in _NAMES.items() for name in names}

__all__ = [
    "Call", "CallRuling", "DeclarationCheck", "HighestSets", "LettersGame", "LettersRules",
    "Lexicon", "LiarsError", "RaiseCheck", "Solution", "Tiles", "WordSet", "check_declaration",
    "check_raise", "compare", "find_words", "highest", "highest_sets", "lexicon_names",
    "load_lexicon", "parse_tiles", "rule_call",
]

# The modules' names before the library was arranged in layers: ``from solver import
# dice`` still gives the module, now solver.games.dice.game, imported when first asked for.
_MOVED = {
    "tiles": "words.tiles", "wordset": "words.wordset", "lexicon": "words.lexicon",
    "index": "words.index", "queries": "words.queries", "dictionary": "words.dictionary",
    "weblexicon": "words.weblexicon", "budget": "search.budget", "bounds": "search.bounds",
    "joins": "search.joins", "packing": "search.packing", "alternatives": "search.alternatives",
    "reference": "search.reference", "kernels": "search.kernels", "table": "games.table",
    "phrases": "games.phrases", "cards": "games.cards", "letters": "games.letters.game",
    "dice": "games.dice.game", "post": "games.post.game", "poker": "games.poker.game",
    "liarliar": "games.liarliar.game", "jsontext": "cli.jsontext", "cli_games": "cli.games",
}


def __getattr__(name: str):
    if name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name], __name__), name)
        globals()[name] = value  # once
        return value
    if name in _MOVED:
        return importlib.import_module(f"{__name__}.{_MOVED[name]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_HOMES))
