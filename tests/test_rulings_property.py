"""Property: a decided ruling never depends on the budget.

For random racks (up to 30 tiles from the Scrabble bag) and budgets (0 and tiny ones, where
the search stops early), every ruling the referee decides equals the ruling with no budget
limit, for both calls and for declarations drawn from real sets: the highest set, a lower
set, a set with a tile left out, a set that does not exist.  An undecided ruling changes no
tile and says what it knows truly: its known set exists and the truth lies between the
known shape and the upper bound.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import WordSet, highest, rule_call
from solver.games.letters.game import check_declaration
from solver.words.tiles import SCRABBLE, Tiles

BAG = [letter for letter, n in SCRABBLE.counts.items() for _ in range(n)]
BUDGETS = [0, 0.0, 1e-6, 1e-4, 1e-3, 0.01]


def _without_one_tile(ws: WordSet) -> WordSet | None:
    """The set with one tile left out: drop a single letter, or break the shortest word."""
    words = list(ws.words)
    if not words:
        return None
    singles = [w for w in words if len(w) == 1]
    if singles:
        words.remove(singles[0])
    else:
        shortest = words.pop()  # words are kept longest first
        words.extend(shortest[1:])  # its letters but one, as single letters
    return WordSet(tuple(words)) if words else None


def _lower(ws: WordSet) -> WordSet | None:
    """A lower set of the same tiles: the longest word broken into single letters."""
    words = list(ws.words)
    if not words or len(words[0]) < 2:
        return None
    return WordSet(tuple(words[1:]) + tuple(words[0]))


@st.composite
def cases(draw):
    size = draw(st.integers(min_value=1, max_value=30))
    rack = "".join(draw(st.permutations(BAG))[:size])
    budget = draw(st.sampled_from(BUDGETS))
    return rack, budget


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.data())
def test_every_decided_ruling_equals_the_unlimited_one(twl, case, data):
    rack, budget = case
    truth = highest(rack, twl, budget=None)
    assert truth.proven
    best = truth.words
    # Another real set: random words that fit, then every other tile as a single letter.
    formable = twl.words_from(Tiles.parse(rack))
    picked, left = [], sorted(rack.lower())
    for word in data.draw(st.lists(st.sampled_from(formable), max_size=4)) if formable else []:
        rest = list(left)
        try:
            for ch in word:
                rest.remove(ch)
        except ValueError:
            continue
        picked.append(word)
        left = rest
    other = WordSet(tuple(picked) + tuple(left))
    declarations = [best, other, _lower(best), _lower(other), _without_one_tile(best),
                    _without_one_tile(other), WordSet(best.words + ("e",)),  # one tile too many
                    WordSet(("q", "q"))]  # the bag has one Q
    for declared in filter(None, declarations):
        for call in ("bullshit", "exact"):
            exact = rule_call(rack, declared, call, twl, budget=None)
            assert exact.decided, (rack, str(declared), call)
            quick = rule_call(rack, declared, call, twl, budget=budget)
            where = (rack, str(declared), call, budget)
            assert quick.exists == exact.exists, where
            if quick.decided:
                assert (quick.caller, quick.declarer) == (exact.caller, exact.declarer), where
                if quick.is_highest is not None:
                    assert quick.is_highest == exact.is_highest, where
            else:
                assert call == "exact" and quick.exists and quick.is_highest is None, where
                assert (quick.caller, quick.declarer) == (None, None), where
                assert quick.as_dict()["ruling"] is None and quick.reason, where
            # What is known is true: the known set exists, the truth is within the bounds.
            assert check_declaration(rack, quick.highest.words, twl, budget=0).exists, where
            assert quick.highest.shape <= truth.shape <= quick.upper_bound, where
