"""A referee for Liars' Letters and its sister bluffing games.

The common case is one call:

>>> from solver import load_lexicon, highest
>>> best = highest("ABEGIRR", load_lexicon())
>>> best.shape
(5, 2)

Everything a user can get wrong raises a :class:`solver.errors.LiarsError`.
"""

from .alternatives import HighestSets, highest_sets
from .errors import LiarsError
from .highest import Solution, highest
from .letters import (Call, CallRuling, DeclarationCheck, LettersGame, LettersRules, RaiseCheck,
                      check_declaration, check_raise, rule_call)
from .lexicon import Lexicon, lexicon_names, load_lexicon
from .tiles import Tiles, parse_tiles
from .wordset import WordSet, compare

__all__ = [
    "Call", "CallRuling", "DeclarationCheck", "HighestSets", "LettersGame", "LettersRules", "Lexicon", "LiarsError", "RaiseCheck",
    "Solution", "Tiles", "WordSet", "check_declaration", "check_raise", "compare", "highest", "highest_sets", "lexicon_names",
    "load_lexicon", "parse_tiles", "rule_call",
]
