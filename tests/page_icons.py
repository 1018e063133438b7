"""Render the phone page's PNG icons from api/static/icon.svg with Debian's chromium.

Run by hand after editing the SVG (the PNGs are committed; nobody needs to run this to
use or test the page):

    python tests/page_icons.py

Importing this module does nothing (pytest collects it for doctests).
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "api" / "static"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]


def render(sizes=(192, 512)) -> list[Path]:
    from playwright.sync_api import sync_playwright

    # Full bleed (square corners): the PNGs double as maskable icons, cut by the launcher.
    svg = (STATIC / "icon.svg").read_text().replace('rx="96"', 'rx="0"', 1)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for size in sizes:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}"
                    f"svg{{display:block;width:{size}px;height:{size}px}}</style>" + svg)
                out = STATIC / f"icon-{size}.png"
                page.screenshot(path=str(out), omit_background=True)
                written.append(out)
                page.close()
        finally:
            browser.close()
    return written


if __name__ == "__main__":
    for path in render():
        print(path)
