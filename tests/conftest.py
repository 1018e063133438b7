"""Shared fixtures: the bundled lexicons, loaded once per test session."""

import pytest

from solver import load_lexicon


@pytest.fixture(scope="session")
def twl():
    return load_lexicon("twl06")
