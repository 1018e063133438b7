"""What the browser tests of the page share (the browser, the live server and a phone-sized
``page`` are tests/conftest.py's session fixtures, made from these)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"  # Debian's (scripts/run_tests.sh installs it)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic",
                 "--no-first-run"]
VIEWPORT = {"width": 360, "height": 640}  # a phone


def fresh(page, url: str) -> None:
    """A new page load (not a same-document hash change): no state from the last test."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
