"""Shared fixtures, made once per test session: the bundled lexicons; one live server and
one browser for every browser test (each test opens its own context and page: chromium's
headless shell, or chromium itself for the smoke set, tests/page_session.py); and the
node tests of the page's engine, started in the background as soon as they are collected.

The tests keep out of the user's own folders: the rooms' default store
(``$XDG_STATE_HOME/liars``) lives in a folder of the session's own.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import node_runner
import pytest
from page_session import BROWSER, CHROMIUM, CHROMIUM_ARGS, VIEWPORT

os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="liars-tests-state-")

from solver import load_lexicon


@pytest.fixture(scope="session")
def twl():
    return load_lexicon("twl06")


@pytest.fixture(scope="session")
def server():
    """``liars serve --workers 1`` on a free loopback port, for the whole session.

    API tests that need other options (more workers, short timeouts, a small solver
    queue) start their own."""
    from api_server import LiveServer

    with LiveServer("--workers", "1") as live:
        yield live


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A redis-server of the tests' own on a free port (Debian's), for the session."""
    from redis_server import redis_server
    with redis_server(tmp_path_factory.mktemp("redis")) as (url, _):
        yield url


@pytest.fixture(params=["sqlite", "redis"])
def db(request, tmp_path):
    """A fresh rooms store: a SQLite file, then the session's Redis emptied (the rooms'
    contract holds for both)."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    url = request.getfixturevalue("redis_url")
    import redis
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, started once (one a process: both browsers are its)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        yield p


def _launched(playwright, path: str):
    """Debian's build of chromium at ``path``, launched; skips without it."""
    if not Path(path).exists():
        pytest.skip(f"{path} is not installed (scripts/run_tests.sh installs it)")
    browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def headless_shell(playwright):
    """Chromium's headless shell (or chromium itself where the shell is not installed),
    launched once."""
    yield from _launched(playwright, BROWSER)


@pytest.fixture(scope="session")
def chromium(playwright):
    """Debian's chromium itself, launched once, for the smoke set."""
    yield from _launched(playwright, CHROMIUM)


@pytest.fixture(scope="module")
def browser(request):
    """The browser tests' browser: the headless shell, or chromium itself in a module of
    the smoke set (one that sets ``IN_CHROMIUM = True``)."""
    smoke = getattr(request.module, "IN_CHROMIUM", False)
    return request.getfixturevalue("chromium" if smoke else "headless_shell")


@pytest.fixture(scope="module")
def phone_context(browser):
    """A phone-sized browser context for a module's pages (its HTTP cache warm from one
    test to the next).  No service worker (see test_page.Phone): tests stub answers by
    routing."""
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True,
                                  locale="en-US", service_workers="block")
    yield context
    context.close()


@pytest.fixture
def page(phone_context, server):
    """A page of its own for each test; no script error may happen on it."""
    tab = phone_context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    tab.close()
    assert not errors, errors


# The longest files first (measured on 2026-12-02, longest first), so that the last file a
# worker starts is a short one and no worker waits long for the other at the end
# (scripts/run_tests.sh turns off xdist's own order, files with more tests first: it ran
# Schemathesis's one long test last, alone); the node tests' reader last, to wait least.
FIRST = ("test_api_schemathesis.py", "test_golden.py", "test_page.py", "test_page_game_screen.py",
         "test_page_a11y.py", "test_queries.py",
         "test_search_big.py", "test_odds_letters.py", "test_api_hardening.py",
         "test_openapi_patterns.py", "test_api_contract.py", "test_front_ends.py",
         "test_page_play.py", "test_page_offline.py")
LAST = ("test_engine_node.py",)


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        name = item.path.name
        if name in FIRST:
            return FIRST.index(name)
        return len(FIRST) + 1 if name in LAST else len(FIRST)
    items.sort(key=rank)  # stable: a file's tests keep their order


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the session's main process, not an xdist worker
        node_runner.prepare()


def pytest_collection_finish(session):
    """The node tests take about 40 s: run them beside the Python tests, not after (once a
    session, however many xdist workers collect them)."""
    if any(item.path.name == "test_engine_node.py" for item in session.items):
        node_runner.start()


def pytest_sessionfinish(session):
    if not hasattr(session.config, "workerinput"):
        node_runner.stop()
