"""`liars serve`: its options, its refusals, a clean stop, solves apart from quick
requests; and the error handler of last resort (500 in the one shape, logged, no
traceback).  tests/test_api_hardening.py covers slow clients, overload and the rest."""

from __future__ import annotations

import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from api_server import HOST, ROOT, LiveServer, free_port

from api import create_app

V1 = "/api/v1"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "api.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_serve_is_a_liars_subcommand():
    result = run_cli("serve", "--help")
    assert result.returncode == 0, result.stderr
    for option in ("--host", "--port", "--workers", "--solvers", "--solve-queue", "--budget",
                   "--lexicon", "--allow-host", "--header-timeout", "--body-timeout"):
        assert option in result.stdout
    assert "127.0.0.1" in result.stdout and "8000" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["--port", "eighty"], "port"),
    (["--port", "70000"], "65535"),
    (["--workers", "0"], "at least 1"),
    (["--budget", "-1"], "budget"),
    (["--lexicon", "klingon"], "klingon"),
    (["--lexicon", "/etc/passwd"], "unknown lexicon"),
    (["--solvers", "0"], "at least 1"),
    (["--solve-queue", "-1"], "from 0"),
    (["--header-timeout", "0"], "header timeout"),
    (["--body-timeout", "nan"], "body timeout"),
    (["--allow-host", "a/b"], "host name"),
    (["--reveal-seconds", "99"], "the reveal is shown from 0 to 60 seconds, not 99"),
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
        assert "Using worker: LiarsGeventWorker" in server.output()
    finally:
        code = server.stop(sig=signal.SIGTERM)  # gunicorn's graceful stop
    assert code == 0, server.output()


def test_ctrl_c_stops_the_server_quietly():
    """Ctrl-C in a terminal reaches the whole process group: each worker hears it from the
    terminal and from the master.  The server stops with no traceback (a worker used to exit
    twice, and gevent printed the second ``SystemExit: 0``, in about one stop of three)."""
    for _ in range(3):
        server = LiveServer("--workers", "2")
        assert server.get("/healthz").status_code == 200
        code = server.stop(sig=signal.SIGINT)  # to the process group, as a terminal does
        assert code == 0 and "Traceback" not in server.output(), server.output()
        assert "Shutting down: Master" in server.output()


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


def test_a_warmed_app_loads_the_compiled_loops_before_any_request(monkeypatch):
    """Loading them takes a second: at start-up, not in a request."""
    from solver.search import kernels
    calls = []
    monkeypatch.setattr(kernels, "cached", lambda: True)
    monkeypatch.setattr(kernels, "ready", lambda wait=None: calls.append("ready") or True)
    monkeypatch.setattr(kernels, "compile_apart", lambda: calls.append("compile_apart"))
    create_app()
    assert calls == []  # an app that warms nothing (tests, a bare embedding) stays quick
    create_app({"WARM_LEXICONS": ("twl06",)})
    assert calls and set(calls) == {"ready"}  # (the warm-up's big solves ask again)


def test_a_warmed_app_has_made_what_a_big_search_makes_on_first_use():
    """The warm-up's short search of a whole bag builds the rows' letter counts before
    the fork: no solver process's first big solve pays for it."""
    from solver.search import kernels
    from solver.words.lexicon import load_lexicon
    if not kernels.ready(wait=0):
        pytest.skip("the compiled loops are not ready in this process")
    index = load_lexicon("twl06").index
    vars(index).pop("row_counts", None)  # as a fresh process has it
    create_app({"WARM_LEXICONS": ("twl06",)})
    assert "row_counts" in vars(index)


def test_while_another_process_compiles_the_loops_the_app_answers(monkeypatch, caplog):
    """The first start after an install: the compiled loops are not cached, so another
    process compiles them (here one that holds the compile lock and never ends, until the
    test ends it) and says so in the log; meanwhile small requests are answered, and a big
    rack as its budget allows (searched without the loops), never with an error."""
    import logging

    from solver.search import kernels
    monkeypatch.setattr(kernels, "cached", lambda: False)
    monkeypatch.setattr(kernels, "_ready", False)  # as in a process that has not loaded them
    monkeypatch.setattr(kernels, "COMPILER", [sys.executable, "-c",
                                              "import time; time.sleep(600)"])
    started = []
    compile_apart = kernels.compile_apart
    monkeypatch.setattr(kernels, "compile_apart", lambda: started.append(compile_apart()))
    caplog.set_level(logging.INFO, logger="solver")
    try:
        client = create_app({"WARM_LEXICONS": ("twl06",)}).test_client()
        assert len(started) == 1 and started[0].poll() is None  # compiling, apart
        assert kernels.COMPILING in caplog.messages
        r = client.post(V1 + "/judge", json={"words": "big, g, er"})
        assert r.status_code == 200 and r.get_json()["acceptable"] is True
        r = client.post(V1 + "/letters/highest", json={"tiles": "ABEGIRR"})
        assert r.status_code == 200 and r.get_json()["words"] == ["giber", "ar"]
        rack = "AAAAAAABCDDDEEEEEEEEEFGGIIIIIIIIJKLLMMNNNNOOOOOPQRRRRRRSSSTTTTTUUVWYYZ"
        r = client.post(V1 + "/letters/highest", json={"tiles": rack, "budget": 0.5})
        assert r.status_code == 200, r.get_data(as_text=True)
        answer = r.get_json()
        assert sum(answer["shape"]) == len(rack) and answer["stopped"] in (None, "budget")
        assert answer["shape"] <= answer["upper_bound"]
        assert kernels.ready(wait=0) is False  # still compiling: nothing was loaded
    finally:
        for child in started:
            if child is not None:
                child.kill()
                child.wait()
    assert kernels.ready(wait=0) is True  # done: every process loads them now


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


def test_slow_solves_do_not_hold_up_quick_requests():
    """Two hard solves (each up to its 1.5 s budget) run in the solver processes while a
    player checks words: every check is answered meanwhile, long before the solves end."""
    racks = ["AAAAAAABCDDDEEEEEEEEEFGGIIIIIIIIJKLLMMNNNNOOOOOPQRRRRRRSSSTTTTTUUVWYYZ",
             "AAAAAAABBCDDEEEEEEEEEEFFGGGHIIIIIIIIKLLLMMNNNNNNOOOOOOPPQRRRSSSSTTTTTTUUVVWWXYYZ"]
    with LiveServer("--workers", "1", "--solvers", "2") as server:
        def solve(rack):
            return requests.post(server.url + V1 + "/letters/highest",
                                 json={"tiles": rack, "budget": 1.5}, timeout=60)

        checks = []
        with ThreadPoolExecutor(max_workers=2) as pool:
            slow = [pool.submit(solve, rack) for rack in racks]
            with requests.Session() as player:
                while not all(f.done() for f in slow) and len(checks) < 2000:
                    r = player.post(server.url + V1 + "/judge", json={"words": "big, g, er"},
                                    timeout=30)
                    checks.append(r.status_code)
            answers = [f.result() for f in slow]
    assert [sum(a.json()["shape"]) for a in answers] == [70, 80]
    # one worker, busy solving twice over in-process, would have answered none meanwhile
    assert len(checks) >= 10 and set(checks) == {200}, checks[:10]
