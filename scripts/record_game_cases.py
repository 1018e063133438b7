#!/usr/bin/env python3
"""Record every sister-game check the test suite makes, for the browser engine's differential test.

    python scripts/record_game_cases.py            # rewrite tests/data/game_cases.json
    python scripts/record_game_cases.py --fast     # only the library test modules
    python scripts/record_game_cases.py --print    # write the cases to stdout instead

Runs the game test modules (pytest, in this process) with a small plugin that wraps
``solver.games.registry.Checker.check`` (the CLI, the flask app under its test client and the tests
themselves all check through it), each game module's ``check_claim`` (which the rules
tests call directly; the arguments become the request body the API would take), and
``LiveServer.post`` (the live-server tests' requests to ``/api/v1/<game>/check``).  Every
unique JSON payload is written, with the first test that made it (``"drawn": true`` when
only property tests did: hypothesis draws those, and what it draws changes with the code's
string constants, so they are not expected to come back exactly on a re-run), to
tests/data/game_cases.json; scripts/record_golden.py answers each of them with the library
into tests/golden/games.json, which the page's engine (api/static/engine/games.js) is held
to (tests/node/games.test.mjs).

Browser tests are not run: they need chromium, and their checks reach the server from
another process.  Payloads over 4,000 characters of JSON are left out.  Re-run this after
adding game tests, then ``python scripts/record_golden.py games`` (tests/test_golden.py
fails while tests/golden/games.json does not answer every case of this file).
"""

from __future__ import annotations

import argparse
import functools
import inspect
import json
import re
import sys
from pathlib import Path

from hypothesis import currently_in_test_context

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's solver, not an installed one
OUT = ROOT / "tests" / "data" / "game_cases.json"


def checked_games() -> tuple[str, ...]:
    """The games that check a single claim (the registry's :data:`GAMES`), in its order."""
    from solver.games.registry import GAMES
    return tuple(GAMES)


# The modules that check claims without a browser; the first group needs no server.  Each
# checked game's own tests are tests/test_<game>.py.
def library_modules() -> tuple[str, ...]:
    own = (f"test_{name}.py" for name in checked_games())
    return (*(m for m in own if (ROOT / "tests" / m).exists()),
            "test_games.py", "test_phrases.py", "test_cards.py", "test_cli_games.py")


SERVER_MODULES = ("test_api_games.py", "test_api_fuzz.py", "test_api_openapi.py",
                  "test_api_live.py")
# Longer payloads (the property tests' 10,000-character strings) test the same limits as
# the differential test's own random cases, and would make the file megabytes.
MAX_PAYLOAD = 4000  # characters of JSON
CHECK_PATH = re.compile(r"/api/v1/([a-z0-9_]+)/check$")


def as_json(value):
    """``value`` as the API would receive it (a JSON round trip), or None if it is not JSON."""
    try:
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False))
    except (TypeError, ValueError):
        return None


class Recorder:
    """A pytest plugin: wraps the check entry points for the whole run, keeps each payload."""

    def __init__(self):
        self.cases: dict[str, dict] = {}
        self.test = "(collection)"
        self.depth = 0  # inside Game.check: its own check_claim call is not recorded twice
        self.patches = []

    def record(self, game: str, payload) -> None:
        payload = as_json(payload)
        if game not in checked_games() or payload is None:
            return
        key = json.dumps([game, payload], ensure_ascii=False)
        if len(key) > MAX_PAYLOAD:
            return
        drawn = currently_in_test_context()  # hypothesis drew this payload
        case = {"game": game, "payload": payload, "test": self.test}
        if drawn:
            case["drawn"] = True
        known = self.cases.setdefault(key, case)
        if known.get("drawn") and not drawn:  # a written-out test makes it too
            self.cases[key] = case

    def patch(self, owner, name: str, wrapper_for) -> None:
        original = getattr(owner, name)
        self.patches.append((owner, name, original))
        setattr(owner, name, functools.wraps(original)(wrapper_for(original)))

    def install(self) -> None:
        from solver.games import registry as games
        sys.path.insert(0, str(ROOT / "tests"))
        import api_server

        def game_check(original):
            def check(game, payload):
                self.record(game.name, payload)
                self.depth += 1
                try:
                    return original(game, payload)
                finally:
                    self.depth -= 1
            return check

        self.patch(games.Checker, "check", game_check)
        for name in checked_games():
            module = sys.modules[games.GAMES[name].game.__module__]
            if not callable(getattr(module, "check_claim", None)):
                continue

            def claim_check(original, name=name):
                def check_claim(*args, **kwargs):
                    if not self.depth:
                        try:
                            self.record(name, check_body(original, *args, **kwargs))
                        except Exception:  # noqa: BLE001 -- arguments the API cannot take
                            pass
                    return original(*args, **kwargs)
                return check_claim
            self.patch(module, "check_claim", claim_check)

        def server_post(original):
            def post_(server, path, json=None, **kwargs):
                found = CHECK_PATH.search(str(path))
                if found and json is not None:
                    self.record(found.group(1), json)
                return original(server, path, json=json, **kwargs)
            return post_

        self.patch(api_server.LiveServer, "post", server_post)

    def uninstall(self) -> None:
        for owner, name, original in reversed(self.patches):
            setattr(owner, name, original)

    def pytest_runtest_setup(self, item):
        self.test = item.nodeid


def _plain(value):
    """Library objects as the JSON the API takes: a Bid or Hand as its dict, tuples as lists."""
    if hasattr(value, "to_dict") and not isinstance(value, dict):
        data = value.to_dict()
        data.pop("phrase", None)
        return data
    if isinstance(value, (list, tuple)):
        return [_plain(v) if hasattr(v, "to_dict") else str(v) if _is_card(v) else v
                for v in value]
    return str(value) if _is_card(value) else value


def _is_card(value) -> bool:
    from solver.games.cards import Card
    return isinstance(value, Card)


def _with(body: dict, **optional) -> dict:
    for key, value in optional.items():
        if value is not None:
            body[key] = _plain(value)
    return body


def check_body(check_claim, *args, **kwargs) -> dict:
    """A game's ``check_claim(claim, ...)`` call as the check request the API would take:
    its first argument is the ``claim``, each other one the field of its name (one with a
    default only when it is given)."""
    signature = inspect.signature(check_claim)
    bound = signature.bind(*args, **kwargs)
    first, *others = bound.arguments
    body = {"claim": _plain(bound.arguments[first])}
    for name in others:
        if signature.parameters[name].default is inspect.Parameter.empty:
            body[name] = _plain(bound.arguments[name])
    return _with(body, **{name: bound.arguments[name] for name in others if name not in body})


def collect(modules) -> list[dict]:
    """Run ``modules`` (file names under tests/) under the recorder; the unique cases, sorted."""
    import contextlib

    import pytest
    from hypothesis import settings

    # The property tests' examples, drawn the same way on every run (a re-run gives the same
    # file), and none replayed from a local example database.
    settings.register_profile("record_game_cases", derandomize=True, database=None)
    settings.load_profile("record_game_cases")
    recorder = Recorder()
    recorder.install()
    try:
        args = [str(ROOT / "tests" / m) for m in modules]
        args += ["-p", "no:cacheprovider", "--no-header", "--tb=no", "-qq",
                 "-W", "ignore::pytest.PytestAssertRewriteWarning"]  # hypothesis, imported above
        with contextlib.redirect_stdout(sys.stderr):  # stdout may carry the cases
            code = pytest.main(args, plugins=[recorder])
    finally:
        recorder.uninstall()
    if code not in (0, 5):
        print(f"warning: the recorded test run exited with {code}", file=sys.stderr)
    return sorted(recorder.cases.values(),
                  key=lambda c: (checked_games().index(c["game"]),
                                 json.dumps(c["payload"], ensure_ascii=False)))


def document(cases: list[dict], modules) -> dict:
    return {"about": "every sister-game check payload the test suite makes; written by "
                     "scripts/record_game_cases.py, answered by scripts/record_golden.py",
            "modules": list(modules), "cases": cases}


def dump(data: dict) -> str:
    """One case per line: small diffs when a test adds a case."""
    lines = [json.dumps(case, ensure_ascii=False) for case in data["cases"]]
    head = {k: v for k, v in data.items() if k != "cases"}
    text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return text + ',\n "cases": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", action="store_true",
                        help="only the library test modules (no live server)")
    parser.add_argument("--print", action="store_true", help="write to stdout, not the file")
    args = parser.parse_args(argv)
    modules = library_modules() + (() if args.fast else SERVER_MODULES)
    cases = collect(modules)
    text = dump(document(cases, modules))
    if args.print:
        sys.stdout.write(text)
    else:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(text, encoding="utf-8")
        counts = {g: sum(c["game"] == g for c in cases) for g in checked_games()}
        print(f"{len(cases)} cases ({', '.join(f'{g} {n}' for g, n in counts.items())}) "
              f"-> {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
