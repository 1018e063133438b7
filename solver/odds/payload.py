"""Reading an odds request as every front end does: its fields, and the counts it names.

The API passes its JSON body here and the CLI builds the same body from its arguments,
so both accept, and refuse, the same requests with the same errors.

>>> read_object({"mine": "AB", "hiden": 3}, {"mine", "hidden"}, ("mine",), "letters odds")
Traceback (most recent call last):
...
solver.errors.InvalidInput: unknown field(s) in the letters odds request: hiden; expected hidden, mine
"""

from __future__ import annotations

from solver.errors import InvalidInput

from .chance import DEFAULT_SEED
from .draws import read_count

DEFAULT_SUGGESTIONS = 5
MAX_SUGGESTIONS = 20  # suggestions listed, at most
MAX_SAMPLES = 20_000  # sampled deals are a check, not the answer: a second's work at most
MAX_SEED = 2**32 - 1


def read_object(payload, allowed: set[str], required: tuple[str, ...], what: str) -> dict:
    """The request as a dict with only known keys and every required one (null counts as
    absent)."""
    if not isinstance(payload, dict):
        raise InvalidInput(f"the {what} request must be a JSON object, not "
                           f"{type(payload).__name__}", field="body")
    unknown = sorted(set(payload) - allowed)
    if unknown:
        listed = ", ".join(str(k)[:40] for k in unknown[:5])
        raise InvalidInput(f"unknown field(s) in the {what} request: {listed}; expected "
                           f"{', '.join(sorted(allowed))}", field=str(unknown[0])[:40])
    missing = [key for key in required if payload.get(key) is None]
    if missing:
        raise InvalidInput(f"the {what} request needs {', '.join(missing)}", field=missing[0])
    return payload


def read_limit(value, *, field: str = "limit") -> int:
    """How many suggestions to list: 0 to MAX_SUGGESTIONS (DEFAULT_SUGGESTIONS if None)."""
    if value is None:
        return DEFAULT_SUGGESTIONS
    limit = read_count(value, field=field, what="the number of suggestions")
    if limit > MAX_SUGGESTIONS:
        raise InvalidInput(f"at most {MAX_SUGGESTIONS} suggestions, not {limit}", field=field)
    return limit


def read_samples(value, *, field: str = "samples") -> int:
    """How many deals to sample: 0 (none, the default) to MAX_SAMPLES."""
    if value is None:
        return 0
    samples = read_count(value, field=field, what="the number of sampled deals")
    if samples > MAX_SAMPLES:
        raise InvalidInput(f"at most {MAX_SAMPLES} sampled deals, not {samples}", field=field)
    return samples


def read_seed(value, *, field: str = "seed") -> int:
    """The sampling seed: 0 to MAX_SEED (DEFAULT_SEED if None)."""
    if value is None:
        return DEFAULT_SEED
    seed = read_count(value, field=field, what="the seed")
    if seed > MAX_SEED:
        raise InvalidInput(f"the seed is at most {MAX_SEED}, not {seed}", field=field)
    return seed
