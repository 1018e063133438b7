"""The page engine's golden vectors: inputs answered by the library, kept in tests/golden/.

The phone page's engine (api/static/engine/*.js) must answer every input as the library
does.  Each module here makes one family of inputs -- the suite's own, and seeded random
ones (the same on every run) -- and answers one input with the library:
``scripts/record_golden.py`` writes them with their answers to ``tests/golden/<name>.json``;
``tests/test_golden.py`` checks that the library still gives every recorded answer, and
``tests/node/*.test.mjs`` (run by ``tests/test_engine_node.py``) that the engine gives it.

An answer is ``{"ok": value}`` (the value as JSON) or ``{"err": {code, message, field,
status}}``.  JSON numbers are doubles in JavaScript, so an integer past 2**53 is written
``{"$int": "<digits>"}`` on both sides, and compared exactly.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from solver.errors import LiarsError

ROOT = Path(__file__).resolve().parent.parent.parent
GOLDEN = ROOT / "tests" / "golden"
SAFE = 2 ** 53  # integers beyond this are not exact as JavaScript numbers


def encode(value):
    """JSON data as the golden files hold it: exact integers past 2**53 as {"$int": ...}."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return {"$int": str(value)} if abs(value) > SAFE else value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) > SAFE:
            return {"$int": str(int(value))}
        return 0 if value == 0 else value  # -0.0 is 0, as the engine's JSON writes it
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    raise TypeError(f"not JSON data: {value!r}")


def as_json(value):
    """``value`` after a JSON round trip, as the API would answer it (tuples are lists)."""
    return json.loads(json.dumps(value, allow_nan=False))


def answered(fn, *args) -> dict:
    """The library's answer: its value as JSON, or the error it raises (a LiarsError)."""
    try:
        return {"ok": encode(as_json(fn(*args)))}
    except LiarsError as err:
        return {"err": {**err.as_dict(), "status": err.status}}


def write(name: str, about: str, cases: list[dict]) -> Path:
    """tests/golden/<name>.json, one case a line (small diffs), ASCII (lone surrogates
    survive as escapes)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"{name}.json"
    lines = ",\n".join(json.dumps(case, allow_nan=False, sort_keys=True, separators=(",", ":"))
                       for case in cases)
    path.write_text(json.dumps({"about": about})[:-1] + ',\n "cases": [\n' + lines + "\n]}\n",
                    encoding="ascii")
    return path


def read(name: str) -> list[dict]:
    """The recorded cases of tests/golden/<name>.json."""
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="ascii"))["cases"]


def of_set(cases: list[dict], name: str) -> list[dict]:
    return [case for case in cases if case["set"] == name]


def differences(cases: list[dict], answer, same=None) -> list[str]:
    """Each recorded case whose library answer now differs (``same(case, now)`` may accept
    a difference the clock explains), described."""
    found = []
    for case in cases:
        now = answer(case)
        if now != case["answer"] and not (same and same(case, now)):
            shown = {k: v for k, v in case.items() if k != "answer"}
            found.append(f"{json.dumps(shown)[:600]}\n    recorded: "
                         f"{json.dumps(case['answer'])[:600]}\n    now:      "
                         f"{json.dumps(now)[:600]}")
    return found
