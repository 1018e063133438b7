"""The phone page works under the server's Content-Security-Policy.

`liars serve` sends ``default-src 'self'`` on every answer, so the page may hold no
inline script, no inline style and no style attribute.  Here a real browser opens
the page on a live server, goes through every screen and asks the API once, while
every CSP violation the browser reports is collected: there must be none.  The
static files are also read for the markup a CSP would block.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

STATIC = Path(__file__).resolve().parent.parent / "api" / "static"
IN_CHROMIUM = True  # the smoke set: in chromium itself, not its headless shell (conftest.py)

COLLECT_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
"""


def test_static_files_hold_nothing_a_csp_blocks():
    html = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert "<style" not in html and not re.search(r"\sstyle\s*=", html), "inline style"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    for script in STATIC.glob("*.js"):
        text = script.read_text()
        assert not re.search(r"\beval\(|new Function\(|\.innerHTML\s*=|\.style\.\w+\s*=|"
                             r"setAttribute\(\s*['\"](style|on\w+)['\"]", text), script.name


def test_the_page_runs_under_the_csp_without_a_violation(browser, server):
    """A context as a phone's: the server's CSP applies (no bypass, unlike the other tests)."""
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.add_init_script(COLLECT_VIOLATIONS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        response = page.goto(server.url + "/")
        assert "default-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("html[data-ready]")  # the module script ran
        title = page.locator("#screen-title")
        for tab, heading in [("Call", "Call: bullshit or exact"), ("Raise", "Raise check"),
                             ("Solve", "Solver"), ("Games", "Other games"),
                             ("Judge", "Word judge")]:
            page.locator(".tabs").get_by_role("link", name=tab, exact=True).click()
            sync_api.expect(title).to_have_text(heading)
        # Play: a room opened, its code, link and QR code drawn (a canvas drawn in script).
        page.locator(".tabs").get_by_role("link", name="Games", exact=True).click()
        page.get_by_role("link", name=re.compile("^Play on every phone")).click()
        sync_api.expect(title).to_have_text("Play on every phone")
        page.locator("#play-new-name").fill("ann")
        page.locator("#play-create").click()
        sync_api.expect(page.locator("#play-qr canvas")).to_be_visible()
        sync_api.expect(page.locator("#screen-play")).to_have_attribute("data-live", "events")
        page.locator(".tabs").get_by_role("link", name="Judge", exact=True).click()
        with page.expect_response(lambda r: "/api/v1/judge" in r.url) as answer:
            page.locator("#judge-words").fill("big, g, er")
            page.locator("#judge-form button[type=submit]").click()
        assert answer.value.status == 200
        assert page.evaluate("window.__csp") == []
        assert not errors, errors
    finally:
        context.close()
