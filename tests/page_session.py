"""A phone-sized chromium page for the browser tests of the rulings (issue 8).

Launched as tests/test_page.py launches it (Debian's chromium, Playwright's sync API,
360x640, touch); skips when chromium or Playwright is missing.  Collects script errors,
which the caller asserts are none.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from test_page import CHROMIUM, CHROMIUM_ARGS, server  # noqa: F401  (the live server)


@contextlib.contextmanager
def phone_page():
    """Yield (page, errors): one page at 360x640 in a fresh browser."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (scripts/run_tests.sh installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # No service worker (see test_page.Phone): tests here stub answers by routing.
            context = browser.new_context(viewport={"width": 360, "height": 640},
                                          has_touch=True, is_mobile=True, locale="en-US",
                                          service_workers="block")
            page = context.new_page()
            page.set_default_timeout(15_000)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            yield page, errors
            context.close()
        finally:
            browser.close()


def fresh(page, url: str) -> None:
    """A new page load (not a same-document hash change): no state from the last test."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("html[data-ready]")


@pytest.fixture(scope="module")
def page(server):
    """One phone page for a module's tests; no script error may happen on it."""
    with phone_page() as (tab, errors):
        yield tab
        assert not errors, errors
