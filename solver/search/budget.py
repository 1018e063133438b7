"""The search's time budget: read one way by every front end, and running out of it.

The library, ``solve``, ``liars check``, the HTTP API and the page all pass
what they were given (a number, or text as typed) to :func:`read_budget`, so
they accept the same budgets and refuse the others with the same error.
A budget is a number of seconds from 0 to :data:`MAX_BUDGET`; 0 asks for what
is quick to prove only (whether a set exists, a declaration leaving tiles
unused, whatever the search settles at once).

>>> read_budget(2), read_budget("0.5"), read_budget(0)
(2.0, 0.5, 0.0)
>>> read_budget("nan")
Traceback (most recent call last):
...
solver.errors.InvalidInput: budget must be a number of seconds from 0 to 60, not 'nan'

Inside the search, :class:`OutOfTime` is raised where the deadline is seen to
pass (the layers, the packing walk) and caught by solver/search/layered.py,
which then answers with the best set at hand, not proven.
"""

from __future__ import annotations

import math
import re

from solver.errors import InvalidInput, shown

MAX_BUDGET = 60.0  # seconds; the same cap as solver.search.highest's

# Plain decimal numbers only: no 'nan', 'inf', hex, or digit separators ('1_0').
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
MAX_BUDGET_TEXT = 40  # characters of a budget given as text


class OutOfTime(Exception):
    """The search's deadline passed: stop, and answer with what is at hand."""


def budget_error(value, field: str = "budget") -> InvalidInput:
    """The one refusal every front end gives for a bad budget, quoting it."""
    return InvalidInput(f"budget must be a number of seconds from 0 to {MAX_BUDGET:g}, "
                        f"not {_shown(value)}", field=field)


def _shown(value) -> str:
    """The bad budget as the message quotes it: text as typed (cut short), a number as
    the float it is read as (so 10**30 and 1e30, which JSON cannot tell apart, read
    alike on the page), anything else by its type.

    >>> _shown(" abc "), _shown(-1), _shown(10**30), _shown(10**400), _shown([1.0])
    ("' abc '", '-1', '1e+30', 'inf', 'list')
    """
    if isinstance(value, (str, bool)):
        return shown(value)
    if isinstance(value, (int, float)):
        try:
            text = repr(float(value))
        except OverflowError:  # an int of hundreds of digits
            text = "inf" if value > 0 else "-inf"
        return text.removesuffix(".0")
    return type(value).__name__


def read_budget(value, *, field: str = "budget") -> float | None:
    """Seconds as a float, from a number or a number's text; ``None`` stays ``None``.

    ``None`` means "no limit" to the library; the front ends replace a missing
    budget by their default before or instead of calling this.
    """
    if value is None:
        return None
    given = value
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_BUDGET_TEXT or not _NUMBER.fullmatch(text):
            raise budget_error(given, field)
        value = float(text)
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise budget_error(given, field)
    try:
        seconds = float(value)
    except OverflowError:  # an int of hundreds of digits
        raise budget_error(given, field) from None
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_BUDGET:
        raise budget_error(given, field)
    return abs(seconds)  # -0.0 is 0
