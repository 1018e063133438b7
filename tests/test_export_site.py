"""``liars export-site DIR``: the phone page as a static site.

The command is run as a user runs it (``liars export-site ...``, in-process); the
files it writes are compared with api/static, and its errors are one line and exit 2.
That the exported site works in a browser, online and offline, is tests/test_page_offline.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_run import run

from api import create_app
from api.site import app_shell, render_service_worker, site_version, static_files

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "api" / "static"


def export(*args: str):
    return run("liars", "export-site", *args)


def test_export_writes_the_page_the_engine_the_lexicons_and_the_worker(tmp_path):
    site = tmp_path / "site"
    done = export(str(site))
    assert done.returncode == 0, done.stderr
    assert str(site) in done.stdout and site_version() in done.stdout
    written = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    sources = {path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*")
               if path.is_file() and "__pycache__" not in path.parts}
    # The page at the root, the worker at the root (its scope is the site), the rest as is.
    assert written == ({"index.html", "sw.js"}
                       | {f"static/{p}" for p in sources - {"index.html", "sw.js"}})
    # the page, marked as the static copy (it never asks for the API a static host lacks)
    assert (site / "index.html").read_bytes() == (STATIC / "index.html").read_bytes().replace(
        b'<html lang="en">', b'<html lang="en" data-site="static">', 1)
    for path in sources - {"index.html", "sw.js"}:
        assert (site / "static" / path).read_bytes() == (STATIC / path).read_bytes(), path
    for needed in ("static/client.js", "static/app.js", "static/manifest.webmanifest",
                   "static/engine/errors.js", "static/engine/tables.js",
                   "static/engine/pyunicode.js", "static/lexicons/index.json"):
        assert needed in written
    index = json.loads((site / "static/lexicons/index.json").read_text())
    for lexicon in index["lexicons"]:
        assert f"static/lexicons/{lexicon['file']}" in written


def test_the_exported_worker_is_the_served_one(tmp_path):
    """DIR/sw.js and `liars serve`'s /sw.js: the same version, the same app shell."""
    site = tmp_path / "site"
    assert export(str(site)).returncode == 0
    worker = (site / "sw.js").read_text()
    served = create_app().test_client().get("/sw.js")
    assert served.status_code == 200 and "javascript" in served.content_type
    assert served.headers["Cache-Control"] == "no-cache"
    assert served.get_data(as_text=True) == worker == render_service_worker()
    assert "__SITE_VERSION__" not in worker and "__APP_SHELL__" not in worker
    assert f'const VERSION = "{site_version()}";' in worker
    shell = app_shell()
    assert f"const SHELL = {json.dumps(shell)};" in worker
    # Everything the worker precaches is in the export; of the lexicons, only the default.
    for url in shell[1:]:
        assert (site / url).is_file(), url
    assert [u for u in shell if u.endswith(".lex")] == ["static/lexicons/twl06.lex"]


def test_the_version_follows_every_file(tmp_path):
    """A changed byte anywhere in the static files is a new version (and a new cache)."""
    files = static_files()
    changed = dict(files, **{"lexicons/index.json": files["lexicons/index.json"] + b" "})
    assert site_version(changed) != site_version(files) == site_version(static_files())


def test_a_folder_that_is_not_empty_needs_force(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "notes.txt").write_text("mine")
    refused = export(str(site))
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "not empty" in refused.stderr
    assert "--force" in refused.stderr and "Traceback" not in refused.stderr
    assert not (site / "index.html").exists()
    forced = export(str(site), "--force")
    assert forced.returncode == 0, forced.stderr
    assert (site / "index.html").is_file() and (site / "notes.txt").read_text() == "mine"


def test_a_file_is_not_a_folder(tmp_path):
    target = tmp_path / "site.txt"
    target.write_text("x")
    refused = export(str(target))
    assert refused.returncode == 2 and "is a file, not a folder" in refused.stderr
    assert refused.stderr.count("\n") == 1


def test_a_folder_that_cannot_be_made_is_said_plainly(tmp_path):
    (tmp_path / "file").write_text("x")
    refused = export(str(tmp_path / "file" / "site"))
    assert refused.returncode == 2
    assert refused.stderr.startswith("liars: cannot write the site into")
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_a_read_only_folder_is_said_plainly(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    site.chmod(0o500)
    try:
        refused = export(str(site))
    finally:
        site.chmod(0o700)
    assert refused.returncode == 2 and "cannot write the site" in refused.stderr


def test_help_says_what_and_where():
    shown = export("--help")
    assert shown.returncode == 0
    for said in ("DIR", "--force", "static", "sw.js", "index.html", "http.server"):
        assert said in shown.stdout, said
    missing = export()
    assert missing.returncode == 2 and "DIR" in missing.stderr


def test_an_installed_package_carries_every_static_file():
    """pyproject's package-data globs take every file the export writes, so that it works
    from a `pip install .` (the export reads through importlib.resources)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["api"]
    packaged = {path for pattern in patterns for path in (ROOT / "api").glob(pattern)
                if path.is_file()}
    for path in static_files():
        assert STATIC / path in packaged, path


def test_the_engine_s_first_modules_are_preloaded_together():
    """With no server the page preloads the modules its first answer needs side by side
    (client.js's ENGINE_FIRST): every module engine/local.js and lexicon.js import, and
    those import, so that none waits for the module that imports it."""
    import re

    def imports(name: str) -> set[str]:
        text = (STATIC / "engine" / name).read_text()
        return set(re.findall(r'^import [^;]*? from "\./([a-z]+\.js)";', text, re.M | re.S))

    needed, todo = set(), ["local.js", "lexicon.js"]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo.extend(imports(name))
    listed = re.search(r"const ENGINE_FIRST = \[([^\]]*)\]", (STATIC / "client.js").read_text())
    preloaded = set(re.findall(r'"([a-z]+\.js)"', listed.group(1)))
    assert preloaded == needed
