"""`liars serve`: its options, its refusals, both gunicorn worker kinds, a clean stop;
and the error handler of last resort (500 in the one shape, logged, no traceback)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from api import create_app
from api_server import HOST, ROOT, LiveServer, free_port

V1 = "/api/v1"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solver.cli", "liars", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_serve_is_a_liars_subcommand():
    result = run_cli("serve", "--help")
    assert result.returncode == 0, result.stderr
    for option in ("--host", "--port", "--workers", "--threads", "--budget", "--lexicon"):
        assert option in result.stdout
    assert "127.0.0.1" in result.stdout and "8000" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["--port", "eighty"], "port"),
    (["--port", "70000"], "65535"),
    (["--workers", "0"], "at least 1"),
    (["--budget", "-1"], "budget"),
    (["--lexicon", "klingon"], "klingon"),
    (["--lexicon", "/etc/passwd"], "unknown lexicon"),
])
def test_serve_refuses_bad_options(args, words):
    result = run_cli("serve", "--port", str(free_port()), *args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert words in result.stderr
    assert "Traceback" not in result.stderr


def test_one_worker_other_lexicon_and_graceful_stop():
    server = LiveServer("--workers", "1", "--budget", "0.5", "--lexicon", "csw19")
    try:
        assert server.get("/healthz").json()["default_lexicon"] == "csw19"
        assert server.post("/api/v1/judge", {"words": "zen"}).json() == \
            {"acceptable": True, "lexicon": "csw19"}
        assert "Using worker: sync" in server.output()
    finally:
        code = server.stop(sig=signal.SIGTERM)  # gunicorn's graceful stop
    assert code == 0, server.output()


def test_python_m_api_serve_runs_the_same_server():
    port = free_port()
    command = [sys.executable, "-m", "api.serve", "--host", HOST, "--port", str(port),
               "--workers", "1"]
    with LiveServer(command=command, port=port) as server:
        r = server.post("/api/v1/letters/compare", {"a": "bigger", "b": "big, g, er"})
        assert r.json()["higher"] == "a"


def test_unexpected_exceptions_answer_500_in_the_one_shape(caplog):
    app = create_app()

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    r = app.test_client().get("/boom")
    assert r.status_code == 500
    error = r.get_json()["error"]
    assert error["code"] == "internal_error" and error["field"] is None
    assert "secret" not in r.get_data(as_text=True)
    assert "Traceback" not in r.get_data(as_text=True)
    assert any("secret internals" in (rec.exc_text or str(rec.exc_info)) for rec in
               caplog.records)


def test_config_is_per_app_and_drives_the_limits():
    small = create_app({"MAX_CONTENT_LENGTH": 100, "MAX_SOLVE_TILES": 5})
    default = create_app()
    client = small.test_client()
    assert client.post("/api/v1/judge", json={"words": "a " * 100}).status_code == 413
    r = client.post("/api/v1/letters/highest", json={"tiles": "ABEGIRR"})
    assert r.status_code == 413 and r.get_json()["error"]["field"] == "tiles"
    assert default.test_client().post("/api/v1/letters/highest",
                                      json={"tiles": "ABEGIRR"}).status_code == 200
    document = client.get("/api/v1/openapi.json").get_json()
    assert "100 bytes" in document["info"]["description"]


@pytest.fixture(scope="module")
def threaded():
    with LiveServer("--workers", "2", "--threads", "4") as live:
        yield live


def test_threads_run_gthread_workers(threaded):
    assert "Using worker: gthread" in threaded.output()
    r = threaded.post("/api/v1/judge", {"words": "big, g, er"})
    assert r.json() == {"acceptable": True, "lexicon": "twl06"}
    assert r.headers.get("Connection", "keep-alive").lower() != "close"  # keep-alive


def test_slow_solves_do_not_hold_up_quick_requests(threaded):
    """With --threads, two hard solves (each up to its 3 s budget) run while a player
    checks words: the checks still answer promptly."""
    server = threaded
    racks = ["AAAAAAABCDDDEEEEEEEEEFGGIIIIIIIIJKLLMMNNNNOOOOOPQRRRRRRSSSTTTTTUUVWYYZ",
             "AAAAAAABBCDDEEEEEEEEEEFFGGGHIIIIIIIIKLLLMMNNNNNNOOOOOOPPQRRRSSSSTTTTTTUUVVWWXYYZ"]

    def solve(rack):
        return requests.post(server.url + V1 + "/letters/highest",
                             json={"tiles": rack, "budget": 3}, timeout=60)

    latencies = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        slow = [pool.submit(solve, rack) for rack in racks]
        time.sleep(0.3)
        while not all(f.done() for f in slow) and len(latencies) < 20:
            start = time.monotonic()
            r = requests.post(server.url + V1 + "/judge", json={"words": "big, g, er"},
                              timeout=30)
            latencies.append(time.monotonic() - start)
            assert r.status_code == 200
            time.sleep(0.05)
        answers = [f.result() for f in slow]
    assert [sum(a.json()["shape"]) for a in answers] == [70, 80]
    assert latencies and max(latencies) < 1.5, latencies
