"""Shared fixtures: the bundled lexicons, loaded once per test session.

The tests keep out of the user's own folders: the rooms' default store
(``$XDG_STATE_HOME/liars``) lives in a folder of the session's own.
"""

import os
import tempfile

import pytest

os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="liars-tests-state-")

from solver import load_lexicon


@pytest.fixture(scope="session")
def twl():
    return load_lexicon("twl06")
