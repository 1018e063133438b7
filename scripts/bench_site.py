#!/usr/bin/env python3
"""What a phone downloads to use the page offline (its size): prints figures,
asserts nothing.

    python scripts/bench_site.py

For two hosts of the same page:

* **static**: ``liars export-site`` into a temporary folder, served from a subpath by a
  plain static file server (Python's http.server, in this process, which also counts the
  bytes it sends: a cross-check of the browser's figures);
* **serve**: ``liars serve`` on a free loopback port;

it opens the page in a fresh headless chromium (Debian's /usr/bin/chromium, a 360x640
phone) and measures, in the browser:

* the **first visit**: every byte the page's requests took from the network (CDP
  Network.loadingFinished's encodedDataLength, headers included) plus what the service
  worker fetched to precache the app shell (the Resource Timing entries of the worker,
  transferSize), until the worker controls the page: the page, its scripts, the page's
  engine, the manifest, icons and the default lexicon;
* a **later visit** (the page opened again in the same browser): the bytes from the network
  (≈0: everything comes from the worker's cache) and the API answers, which are never
  cached (under ``liars serve`` the page asks GET /api/v1/lexicons when it opens).

Neither host compresses (the lexicons are gzip files already); the figure a compressing
host would send (gzip -6 of each text file) is printed too.  Target: first visit <= 3 MB.
"""

from __future__ import annotations

import gzip
import http.server
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.site import app_shell, export_site, site_version  # noqa: E402

HOST = "127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
TARGET_BYTES = 3_000_000  # the 3 MB, read strictly (10^6 bytes a MB)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


# --- a static host that counts what it sends ---------------------------------------------

class _Counter:
    def __init__(self, stream, tally, lock):
        self.stream, self.tally, self.lock = stream, tally, lock

    def write(self, data):
        with self.lock:
            self.tally[0] += len(data)
        return self.stream.write(data)

    def __getattr__(self, name):
        return getattr(self.stream, name)


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    tally = [0]
    lock = threading.Lock()

    def setup(self):
        super().setup()
        self.wfile = _Counter(self.wfile, self.tally, self.lock)

    def log_message(self, *args):
        pass


def static_host(root: Path):
    server = http.server.ThreadingHTTPServer(
        (HOST, free_port()), partial(CountingHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def liars_serve():
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--host",
                                HOST, "--port", str(port), "--workers", "1"], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    url = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("liars serve did not start")


# --- the browser's count --------------------------------------------------------------------

class Visit:
    """The network bytes of one page load, from CDP: page files and API answers apart."""

    def __init__(self, context, page):
        self.cdp = context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.urls: dict[str, str] = {}
        self.cached: set[str] = set()
        self.bytes = {"page": 0, "api": 0}
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _response(self, event):
        self.urls[event["requestId"]] = event["response"]["url"]
        response = event["response"]
        if response.get("fromServiceWorker") or response.get("fromDiskCache") \
                or response.get("fromPrefetchCache"):
            self.cached.add(event["requestId"])

    def _finished(self, event):
        rid = event["requestId"]
        if rid in self.cached or rid not in self.urls:
            return
        kind = "api" if "/api/" in self.urls[rid] else "page"
        self.bytes[kind] += int(event["encodedDataLength"])


def worker_bytes(context) -> tuple[int, int]:
    """What the service worker fetched from the network (Resource Timing), and how many."""
    total = count = 0
    for worker in context.service_workers:
        for size in worker.evaluate(
                "performance.getEntriesByType('resource').map((e) => e.transferSize)"):
            total += size
            count += 1
    return total, count


def clear_worker_timings(context) -> None:
    for worker in context.service_workers:
        worker.evaluate("performance.clearResourceTimings()")


def measure(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True,
                                  has_touch=True, bypass_csp=True)
    page = context.new_page()
    first = Visit(context, page)
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
    page.wait_for_load_state("networkidle")
    sw_first, sw_count = worker_bytes(context)
    clear_worker_timings(context)

    again = context.new_page()
    later = Visit(context, again)
    again.goto(url)
    again.wait_for_selector("html[data-ready]")
    again.wait_for_load_state("networkidle")
    sw_later, _ = worker_bytes(context)
    context.close()
    return {"first page": first.bytes["page"], "first worker": sw_first,
            "first worker files": sw_count, "first api": first.bytes["api"],
            "later page": later.bytes["page"] + sw_later, "later api": later.bytes["api"]}


def gzip_estimate(site: Path) -> int:
    """The app shell's bytes if the host gzips text (the .lex files are gzip already)."""
    total = 0
    for url in app_shell():
        path = site / ("index.html" if url == "./" else url)
        data = path.read_bytes()
        total += len(data) if path.suffix in (".lex", ".png") else len(gzip.compress(data, 6))
    return total + len((site / "sw.js").read_bytes())


def mb(n: int) -> str:
    return f"{n / 1e6:6.3f} MB ({n:,} bytes)"


def main() -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "www" / "liars"
        export_site(site)
        files = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        shell_files = sum((site / ("index.html" if u == "./" else u)).stat().st_size
                          for u in app_shell())
        host = static_host(Path(tmp) / "www")
        serve, serve_url = liars_serve()
        results = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--no-sandbox", "--disable-gpu"])
                CountingHandler.tally[0] = 0
                results["static export"] = measure(
                    browser, f"http://{HOST}:{host.server_port}/liars/")
                sent = CountingHandler.tally[0]
                results["liars serve"] = measure(browser, serve_url + "/")
                browser.close()
        finally:
            host.shutdown()
            serve.kill()
            serve.wait()

        print(f"site version {site_version()}; app shell {len(app_shell())} files, "
              f"{mb(shell_files)} on disk (whole export: {mb(files)})")
        print(f"target: first visit <= {mb(TARGET_BYTES)} (page + default lexicon)\n")
        for host_name, r in results.items():
            first = r["first page"] + r["first worker"] + r["first api"]
            verdict = "meets" if first <= TARGET_BYTES else "MISSES"
            print(f"{host_name}:")
            print(f"  first visit      {mb(first)}  {verdict} the 3 MB target  "
                  f"[page {r['first page']:,} + service worker precache "
                  f"{r['first worker']:,} ({r['first worker files']} files) + API "
                  f"{r['first api']:,}]")
            print(f"  later visit      {mb(r['later page'])} of page files from the network "
                  f"(the rest from the cache); API answers {r['later api']:,} bytes "
                  f"(never cached)")
        print(f"\nstatic host's own count (both visits, everything it sent, sw.js update "
              f"checks included): {mb(sent)}")
        print(f"a host that gzips text would send for the app shell: {mb(gzip_estimate(site))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
