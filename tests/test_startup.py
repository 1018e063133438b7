"""Start-up: a small rack loads only what it needs (timed in scripts/bench_cli.py, not here)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("scipy", "numba", "llvmlite", "gevent", "flask", "api")  # none is needed for 7 tiles

SOLVES = {
    "the solve command": "from solver.cli import solve_main; solve_main(['ABEGIRR'])",
    "python -m solver.cli": (
        "import runpy; sys.argv = ['solver.cli', 'solve', 'ABEGIRR']\n"
        "try:\n    runpy.run_module('solver.cli', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as stop:\n    assert not stop.code, stop.code"),
    "the library": "from solver import highest; print(highest('ABEGIRR').words)",
}


@pytest.mark.parametrize("how", list(SOLVES))
def test_a_small_rack_loads_no_heavy_library(how):
    """Solved in a fresh process: scipy (the packing relaxation), numba (the big racks'
    loops), gevent and flask (the server) are never imported."""
    code = (f"import sys, json\n{SOLVES[how]}\n"
            f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    *answer, loaded = out.stdout.splitlines()
    assert "giber, ar" in answer[0]
    assert json.loads(loaded) == []


BIG = "AAAAAAABCDDDEEEEEEEEEFGGIIIIIIIIJKLLMMNNNNOOOOOPQRRRRRRSSSTTTTTUUVWYYZ"  # 70 tiles


@pytest.mark.parametrize("in_cache", [False, True])
def test_the_first_big_solve_says_it_compiles_once(monkeypatch, capsys, in_cache):
    """On standard error, before it compiles, and only when the compiled code is not in
    numba's cache yet; a small rack never needs it, so never says it."""
    from solver.cli import solve_main
    from solver.search import kernels
    from solver.search.kernels import cache

    monkeypatch.setattr(kernels, "_ready", False)  # as in a fresh process
    monkeypatch.setattr(cache, "is_cached", lambda loops=None: in_cache)
    assert solve_main(["ABEGIRR"]) == 0
    assert capsys.readouterr().err == ""
    assert solve_main(["--budget", "5", BIG]) == 0
    out = capsys.readouterr()
    assert out.out.startswith(BIG + ": ")
    assert out.err == ("" if in_cache else kernels.COMPILING + "\n")


def test_compiling_apart_hands_the_lock_to_the_compiling_process(monkeypatch):
    """compile_apart's process (python -m solver.search.kernels) holds the compile lock
    until it has compiled (here: loaded, the cache being there), then lets it go."""
    from solver.search import kernels
    from solver.search.kernels import cache

    child = kernels.compile_apart()
    assert child is not None
    assert child.wait(timeout=120) == 0
    with cache.compile_lock(wait=0) as held:
        assert held  # free again
        assert kernels.compile_apart() is None  # while one holds it, no second compiler
    monkeypatch.setattr(kernels, "_ready", False)
    assert kernels.ready(wait=0) is True
