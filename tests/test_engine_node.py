"""The page's engine gives the library's answers: the node tests of the golden vectors.

tests/node/*.test.mjs import the engine's ES modules (api/static/engine/*.js) into node
and hold every answer to the library's recorded one (tests/golden/*.json, kept current by
tests/test_golden.py): the sister games' checks, the phrase reader, cards, tiles and word
sets, the solver and lexicons, the local router, Python's str semantics.  They run in the
background from the start of the session (tests/node_runner.py); this test fails with
node's report when any of them fails.  Chromium is not needed: tests/test_engine_browser.py
checks that the page really runs the same engine in a browser.
"""

from __future__ import annotations

import re

import node_runner
import pytest


def test_every_node_test_of_the_engine_passes():
    if node_runner.node() is None:
        pytest.skip("node is not installed (scripts/run_tests.sh installs Debian's nodejs)")
    code, output = node_runner.result()
    failed = re.findall(r"^not ok \d+ - (.*)$", output, re.MULTILINE)
    assert code == 0 and not failed, (f"node --test tests/node/ exited with {code}; failed: "
                                      f"{failed}\n{output[-12000:]}")
    passed = re.search(r"^# pass (\d+)$", output, re.MULTILINE)
    assert passed and int(passed.group(1)) >= 30, output[-3000:]  # the tests were all found
