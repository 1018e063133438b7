"""The phone page is served at / only, so that its relative URLs resolve.

The page names its files relative to the site's root (``static/app.css``), the layout an
exported site has too (api/site.py).  Flask's static route would also send the page's
own file at /static/index.html, where those URLs name /static/static/app.css (404: a
page without its styles or scripts); that address redirects to / instead.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from api import create_app

PAGE = Path(__file__).resolve().parent.parent / "api" / "static" / "index.html"
# Every URL the page loads or links: stylesheet, scripts, icons, the manifest.
REFERENCES = re.compile(r'<(?:link|script|img)\b[^>]*?\b(?:href|src)="([^"#][^"]*)"')


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def page_references() -> list[str]:
    found = REFERENCES.findall(PAGE.read_text(encoding="utf-8"))
    assert "static/app.css" in found and "static/app.js" in found
    return found


def get(client, url: str):
    """GET ``url`` as a browser does: following redirects; the answer and where it was."""
    for _ in range(5):
        parts = urlsplit(url)
        response = client.get(parts.path, query_string=parts.query)
        if response.status_code not in (301, 302, 303, 307, 308):
            return response, url
        url = urljoin(url, response.headers["Location"])
    raise AssertionError(f"{url}: too many redirects")


@pytest.mark.parametrize("address", ["http://localhost/", "http://localhost/static/index.html",
                                     "http://localhost/static/index.html?clear=1"])
def test_the_page_and_every_file_it_names_load(client, address):
    response, where = get(client, address)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.data == PAGE.read_bytes()
    for reference in page_references():
        loaded, _ = get(client, urljoin(where, reference))
        assert loaded.status_code == 200, (address, reference, urljoin(where, reference))


def test_the_pages_file_moves_to_the_root_with_its_query(client):
    response = client.get("/static/index.html", query_string="clear=1")
    assert response.status_code == 301 and response.headers["Location"] == "/?clear=1"
    assert client.get("/static/index.html").headers["Location"] == "/"
    assert client.get("/static/./index.html").headers["Location"] == "/"
    # the other static files are served where they are
    assert client.get("/static/app.css").status_code == 200
