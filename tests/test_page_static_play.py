"""The Play screen of the static copy (``liars export-site``), which has no referee server.

The export is served by ``python -m http.server`` (tests/test_page_offline.py's StaticHost)
and opened at 360x640 in chromium: its New table form offers no deal by the server (there
is none), and an error shown under a form is scrolled clear of the fixed tab bar.

Run:  python -m pytest -q tests/test_page_static_play.py
"""

from __future__ import annotations

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

from page_session import VIEWPORT  # noqa: E402
from test_page_a11y import assert_accessible  # noqa: E402
from test_page_offline import StaticHost  # noqa: E402  (skips without chromium)

from api.site import export_site  # noqa: E402


@pytest.fixture(scope="module")
def static_site(tmp_path_factory):
    """The export in tmp/site/, served from tmp/: the page is at <url>/site/."""
    root = tmp_path_factory.mktemp("static-play")
    export_site(root / "site")
    host = StaticHost(root)
    yield host
    host.stop()


@pytest.fixture
def page(browser, static_site):
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True,
                                  locale="en-US", service_workers="block")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(static_site.url + "/site/#play")
    tab.wait_for_selector("html[data-ready]")
    expect(tab.locator("#play-start-view")).to_be_visible()
    yield tab
    context.close()
    assert errors == [], errors


def assert_clear_of_the_tab_bar(page, locator):
    """``locator`` is on screen whole: below the top, above the fixed tab bar."""
    box = locator.bounding_box()
    bar = page.locator(".tabs").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)


def test_the_static_copy_offers_no_deal_by_a_server(page):
    server_deals = page.locator("#play-deal-server")
    expect(server_deals).to_be_disabled()
    expect(page.locator("#play-deal-table")).to_be_checked()
    expect(page.locator("#play-deal-hint")).to_contain_text("no referee server")
    page.locator("#play-game-dice").check()  # the hint follows the game, the deal stays
    expect(page.locator("#play-deal-table")).to_be_checked()
    expect(page.locator("#play-deal-hint")).to_contain_text("real dice")
    assert_accessible(page, "the static copy's Play screen")


def test_a_form_s_error_shows_above_the_tab_bar(page):
    """The static copy cannot open or join a table: the error under the form that was
    tapped is scrolled into sight, whole, above the tab bar; so is a field's error."""
    page.locator("#play-join-code").fill("BC")
    page.locator("#play-join-name").fill("ann")
    page.locator("#play-join").click()
    error = page.locator("#play-join-code-error")
    expect(error).to_contain_text("5 letters")
    assert_clear_of_the_tab_bar(page, error)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#play-join-code").fill("BCDFG")
    page.locator("#play-join-name").fill("ann")
    page.locator("#play-join").click()
    error = page.locator("#play-join-form-error")
    expect(error).to_contain_text("needs the referee server")
    assert_clear_of_the_tab_bar(page, error)
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-create").click()
    error = page.locator("#play-new-form-error")
    expect(error).to_contain_text("needs the referee server")
    assert_clear_of_the_tab_bar(page, error)
