"""The golden vectors still hold the library's answers.

tests/golden/<name>.json holds inputs and what the library answered them
(scripts/record_golden.py wrote it; tests/engine_cases/<name>.py makes the inputs and
answers one); the page's engine is held to those answers by tests/node/*.test.mjs
(tests/test_engine_node.py).  Here every input is answered by the library again and must
get the recorded answer (where the search's clock may change an answer, the two must be
consistent), and the recorded inputs must still reach what they are there to reach.  A
difference means the library changed: re-record (python scripts/record_golden.py NAME) and
make the engine follow.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from engine_cases import (cards, differences, fairdeal, games, letters, local, odds, pystr,
                          read, replays, search, words)

FAMILIES = {"games": games, "cards": cards, "letters": letters, "search": search,
            "local": local, "pystr": pystr, "replays": replays, "words": words,
            "odds": odds, "fairdeal": fairdeal}
SAME = {"local": local.same, "search": search.big_intervals_meet}


@pytest.mark.parametrize("name", FAMILIES)
def test_the_library_gives_every_recorded_answer(name):
    module = FAMILIES[name]
    cases = read(name)
    if name == "pystr" and cases[0]["unicode"] != unicodedata.unidata_version:
        pytest.skip(f"tests/golden/pystr.json is from Unicode {cases[0]['unicode']}; this "
                    f"Python has {unicodedata.unidata_version}: re-record it under the "
                    f"Python the server runs")
    found = differences(cases, module.answer, SAME.get(name))
    assert not found, (f"{len(found)} of {len(cases)} answers changed (re-record with python "
                       f"scripts/record_golden.py {name}); the first:\n" + "\n".join(found[:5]))
    module.check_coverage(cases)


def test_the_suite_s_game_checks_are_all_recorded():
    """tests/data/game_cases.json (scripts/record_game_cases.py) is what games.json answers."""
    recorded = [(c["game"], json.loads(c["body"])) for c in read("games") if c["set"] == "suite"]
    current = [(c["game"], json.loads(c["body"])) for c in games.suite_cases()]
    assert recorded == current, "re-record with python scripts/record_golden.py games"
