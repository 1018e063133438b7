"""What the browser tests of the page share (the browser, the live server and a phone-sized
``page`` are tests/conftest.py's session fixtures, made from these).

Two builds of Debian's chromium (scripts/run_tests.sh installs both; the same source
package and version): the browser itself, and its headless shell, the same engine (Blink,
V8, the network stack, service workers) without the full browser's own layers, the build
Playwright itself runs headless tests in.  The browser tests run in the shell, which takes
less than half the browser's CPU for them; a smoke set runs in the browser itself
(tests/test_page_csp.py, tests/test_engine_browser.py: ``IN_CHROMIUM = True``).
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"  # Debian's chromium
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"  # Debian's chromium-headless-shell
# the browser tests' browser: the shell, or chromium itself where the shell is not installed
BROWSER = HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else CHROMIUM
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic",
                 "--no-first-run"]
VIEWPORT = {"width": 360, "height": 640}  # a phone


def fresh(page, url: str) -> None:
    """A new page load (not a same-document hash change): no state from the last test."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
