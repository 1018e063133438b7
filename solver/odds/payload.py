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
from solver.games import schema
from solver.games.commands import Arg
from solver.games.schema import Refusal
from solver.games.table import MAX_DIGITS

from .chance import DEFAULT_SEED
from .draws import read_count

DEFAULT_SUGGESTIONS = 5
MAX_SUGGESTIONS = 20  # suggestions listed, at most
MAX_SAMPLES = 20_000  # sampled deals are a check, not the answer: a second's work at most
MAX_SEED = 2**32 - 1

# The shell's options for the counts (read here, as the API's are), shared by the games.
HIDDEN_ARG = Arg("--hidden", "how many the other players hold (hidden from you)",
                 required=True, metavar="N")
LIMIT_ARG = Arg("--limit", f"suggestions listed, 0 to {MAX_SUGGESTIONS} (default "
                           f"{DEFAULT_SUGGESTIONS})", metavar="K")
SAMPLE_ARGS = (Arg("--samples", f"also estimate from N random deals, at most {MAX_SAMPLES} "
                                f"(a check on the exact answer; default none)", metavar="N"),
               Arg("--seed", f"the random deals' seed (default {DEFAULT_SEED}): the same "
                             f"seed deals the same hands", metavar="S"))


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


def _read_bounded(value, field: str, default: int, high: int, what: str, over) -> int:
    """A count as :func:`~.draws.read_count` reads it, ``default`` if None, refused past
    ``high`` with the message ``over(count)``."""
    if value is None:
        return default
    count = read_count(value, field=field, what=what)
    if count > high:
        raise InvalidInput(over(count), field=field)
    return count


def read_limit(value, *, field: str = "limit") -> int:
    """How many suggestions to list: 0 to MAX_SUGGESTIONS (DEFAULT_SUGGESTIONS if None)."""
    return _read_bounded(value, field, DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS,
                         "the number of suggestions",
                         lambda n: f"at most {MAX_SUGGESTIONS} suggestions, not {n}")


def read_samples(value, *, field: str = "samples") -> int:
    """How many deals to sample: 0 (none, the default) to MAX_SAMPLES."""
    return _read_bounded(value, field, 0, MAX_SAMPLES, "the number of sampled deals",
                         lambda n: f"at most {MAX_SAMPLES} sampled deals, not {n}")


def read_seed(value, *, field: str = "seed") -> int:
    """The sampling seed: 0 to MAX_SEED (DEFAULT_SEED if None)."""
    return _read_bounded(value, field, DEFAULT_SEED, MAX_SEED, "the seed",
                         lambda n: f"the seed is at most {MAX_SEED}, not {n}")


# --- as the front ends describe it -----------------------------------------------------

def count_schema(low: int = 0, high: int | None = None, *, description: str) -> dict:
    """A whole number as :func:`~.draws.read_count` reads it, from ``low`` (to ``high``):
    a JSON number with no fractional part (8, or 8.0), or its digits as text (a sign, at
    most MAX_DIGITS ASCII digits, whitespace around them)."""
    number = {"type": "number", "multipleOf": 1, "minimum": low}
    if high is not None:
        number["maximum"] = high
    # a pattern of each number up to ``high`` is short only for small ones; past them the
    # text's range is a rule beside the schema
    digits = schema.digits(low, high) if high is not None and high <= 1000 else \
        f"[0-9]{{1,{MAX_DIGITS}}}"
    signed = f"\\+?{digits}" + (f"|-0{{1,{MAX_DIGITS}}}" if low == 0 else "")
    text = {"type": "string", "pattern": f"^[{schema.SPACE}]*(?:{signed})[{schema.SPACE}]*$"}
    return {"oneOf": [number, text], "description": description}


LIMIT = schema.nullable(count_schema(
    0, MAX_SUGGESTIONS, description=f"suggestions listed, at most (default "
                                    f"{DEFAULT_SUGGESTIONS}); null: the default"))
SAMPLES = schema.nullable(count_schema(
    0, MAX_SAMPLES, description="also estimate from this many seeded random deals (a "
                                "check; default 0); null: the default"))
SEED = schema.nullable(count_schema(
    0, MAX_SEED, description=f"the deals' seed, 0 to {MAX_SEED} (default {DEFAULT_SEED}): "
                             f"the same seed, the same deals; null: the default"))
# What the schemas of these counts cannot say: a large count's range, written as text.
SAMPLES_REFUSALS = (Refusal(InvalidInput, "samples", f"at most {MAX_SAMPLES} sampled deals"),)
SEED_REFUSALS = (Refusal(InvalidInput, "seed", f"a seed is at most {MAX_SEED}"),)


def shared(name: str) -> dict:
    """A schema the API's document holds once, by name (ExactChance, Estimate)."""
    return {"$ref": f"#/components/schemas/{name}"}


def object_schema(properties: dict, required=()) -> dict:
    """An object of these fields and no other (an answer, or a part of one)."""
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
INTERVAL = {"type": "array", "items": PROBABILITY, "minItems": 2, "maxItems": 2}
# What every game's answer shares, held once by the API's document (see shared()).
SHARED_SCHEMAS = {
    "ExactChance": object_schema({
        "probability": PROBABILITY,
        "fraction": {"type": "string", "pattern": r"^\d+/\d+$",
                     "description": "the exact chance, n/d"},
        "exact": {"const": True}, "reason": {"type": "string"}},
        ["probability", "fraction", "exact"]),
    "Estimate": object_schema({
        "probability": PROBABILITY, "exact": {"const": False},
        "estimate": {"const": True, "description": "an estimate, not exact"},
        "samples": {"type": "integer", "minimum": 1}, "hits": {"type": "integer", "minimum": 0},
        "interval": {**INTERVAL, "description": "Wilson score interval"},
        "confidence": PROBABILITY, "seed": {"type": "integer"}},
        ["probability", "exact", "estimate", "samples", "hits", "interval", "confidence",
         "seed"])}
# Every answer names its game and says what its suggestions are.
ANSWER_FIELDS = {"game": {"type": "string"},
                 "advice": {"type": "string", "description": "what the suggestions are"}}
TEXTS = {"type": "array", "items": {"type": "string"}}


def request_schema(properties: dict, required) -> dict:
    """An odds request: these fields, the required ones not null, no other."""
    return {"type": "object", "required": list(required), "additionalProperties": False,
            "properties": properties}
