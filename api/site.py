"""The phone page as a static site: ``liars export-site DIR`` and the service
worker both front ends serve.

The page that ``liars serve`` serves and the exported site are the same files in the same
layout, so the page's relative URLs work at ``/`` and from any folder of a static host::

    DIR/index.html            the page (``/`` under ``liars serve``)
    DIR/sw.js                 the service worker, at the site's root so it controls the page
    DIR/static/...            api/static/ as it is: app.js, client.js, engine/*.js, css,
                              icons, manifest.webmanifest, lexicons/index.json and *.lex

The service worker (``api/static/sw.js``) is a template: :func:`render_service_worker`
fills in the site's version (a hash of every static file's contents, so any change makes a
new version and a new cache) and the app shell it precaches.  ``/sw.js`` under
``liars serve`` and ``DIR/sw.js`` in an export are filled in the same way.

Files are read through :mod:`importlib.resources`, so an export works from a
``pip install .`` as from a checkout.

>>> version = site_version()
>>> len(version), version == site_version()
(16, True)
>>> shell = app_shell()
>>> shell[0], "static/engine/errors.js" in shell, "static/lexicons/index.json" in shell
('./', True, True)
>>> "static/engine/tables.js" in shell  # the rules' data the engine imports (generated)
True
>>> [url for url in shell if url.endswith(".lex")] == [f"static/lexicons/{default_lexicon()}.lex"]
True
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from importlib import resources
from pathlib import Path

from solver.errors import LiarsError

SW_TEMPLATE = "sw.js"              # api/static/sw.js: served filled in, never as it is
PAGE = "index.html"                # the page, at the site's root
VERSION_MARK = "__SITE_VERSION__"  # in sw.js: the site version, a quoted string
SHELL_MARK = '["__APP_SHELL__"]'   # in sw.js: the JSON list of URLs it precaches


class ExportError(LiarsError):
    """The export's folder cannot take the site (not empty, not a folder, not writable)."""

    code = "bad_export_dir"


def static_root():
    """api/static, as a Traversable (a folder in a checkout or an installed package)."""
    return resources.files("api").joinpath("static")


def static_files(source=None) -> dict[str, bytes]:
    """Every file of api/static (or of another folder laid out like it, ``source``), by
    its path relative to it (posix), sorted by path; hidden files and Python caches left
    out."""
    found: dict[str, bytes] = {}

    def walk(folder, prefix: str) -> None:
        for entry in folder.iterdir():
            if entry.name.startswith(".") or entry.name == "__pycache__":
                continue
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.is_file():
                found[prefix + entry.name] = entry.read_bytes()

    walk(static_root() if source is None else Path(source), "")
    return dict(sorted(found.items()))


def site_version(files: dict[str, bytes] | None = None) -> str:
    """A hash of every static file's path and contents: a new version of any file (a
    script, the page, a lexicon, the worker itself) is a new site version."""
    digest = hashlib.sha256()
    for path, data in (files if files is not None else static_files()).items():
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def default_lexicon(files: dict[str, bytes] | None = None) -> str:
    """The lexicon the page starts with (lexicons/index.json's ``default``)."""
    data = (files or static_files())["lexicons/index.json"]
    return json.loads(data)["default"]


def app_shell(files: dict[str, bytes] | None = None) -> list[str]:
    """What the service worker precaches, as URLs relative to the site's root: the page,
    every static file except the lexicons other than the default (each is cached when
    first used) and the worker's own template."""
    files = files if files is not None else static_files()
    default = f"lexicons/{default_lexicon(files)}.lex"
    kept = [path for path in files
            if path not in (SW_TEMPLATE, PAGE)
            and not (path.startswith("lexicons/") and path.endswith(".lex") and path != default)]
    return ["./"] + [f"static/{path}" for path in kept]


def render_service_worker(files: dict[str, bytes] | None = None) -> str:
    """api/static/sw.js with the version and the app shell filled in."""
    files = files if files is not None else static_files()
    template = files[SW_TEMPLATE].decode("utf-8")
    if VERSION_MARK not in template or SHELL_MARK not in template:
        raise RuntimeError("api/static/sw.js lost its version or app-shell placeholder")
    return (template.replace(VERSION_MARK, site_version(files))
            .replace(SHELL_MARK, json.dumps(app_shell(files))))


STATIC_MARK = (b'<html lang="en">', b'<html lang="en" data-site="static">')


def static_page(page: bytes) -> bytes:
    """The page as the static copy serves it: marked, so that it never asks for an API
    (a static host has none: each ask would be a 404 in the browser's console)."""
    if STATIC_MARK[0] not in page:
        raise ExportError("api/static/index.html has no <html lang=\"en\"> to mark as a "
                          "static copy")
    return page.replace(*STATIC_MARK, 1)


def export_site(folder: str | os.PathLike, *, force: bool = False, source=None) -> list[Path]:
    """Write the static site into ``folder`` (made if missing); the files written.

    A folder that exists must be empty unless ``force`` (then files are written over;
    nothing else in it is removed).  ``source``: another static folder to export instead
    of api/static (a test's new version of the site)."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ExportError(f"{str(target)!r} is a file, not a folder: give a folder to export "
                          f"the site into")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise ExportError(f"{str(target)!r} is not empty: give an empty or new folder, or "
                          f"--force to write the site over what is there")
    files = static_files(source)
    outputs = {PAGE: static_page(files[PAGE]),
               "sw.js": render_service_worker(files).encode("utf-8")}
    for path, data in files.items():
        if path not in (SW_TEMPLATE, PAGE):
            outputs[f"static/{path}"] = data
    written = []
    try:
        for path, data in outputs.items():
            out = target / path
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
            written.append(out)
    except OSError as err:
        where = err.filename or str(target)
        raise ExportError(f"cannot write the site into {str(target)!r}: "
                          f"{err.strerror or err} ({where})") from None
    return written


# --- liars export-site --------------------------------------------------------------------

def register(subparsers) -> None:
    """Add ``export-site`` to the ``liars`` command's subparsers (called by api/cli.py)."""
    parser = subparsers.add_parser(
        "export-site", help="write the phone page as a static site that works with no server",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write the phone page, its scripts, the page's own engine, the "
                    "lexicons, a service worker and the manifest into DIR. Served by any "
                    "static file host (from its root or any folder), the page answers on "
                    "the phone with no referee server, and keeps working offline after the "
                    "first visit.\n\n"
                    "Layout: DIR/index.html (the page), DIR/sw.js (the service worker), "
                    "DIR/static/ (everything else).",
        epilog="example:\n"
               "  liars export-site site && python3 -m http.server -d site 8080")
    parser.add_argument("dir", metavar="DIR", help="the folder to write (made if missing; "
                                                   "must be empty unless --force)")
    parser.add_argument("--force", action="store_true",
                        help="write over the files of a folder that is not empty (other "
                             "files in it are left alone)")
    parser.set_defaults(func=_command)


def _command(args) -> int:
    written = export_site(args.dir, force=args.force)
    size = sum(path.stat().st_size for path in written)
    print(f"wrote {len(written)} files ({size / 1e6:.1f} MB) into {args.dir}, site version "
          f"{site_version()}; serve it with any static web server, e.g. "
          f"python3 -m http.server -d {args.dir}")
    return 0
