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
                         timeout=60)
    assert out.returncode == 0, out.stderr
    *answer, loaded = out.stdout.splitlines()
    assert "giber, ar" in answer[0]
    assert json.loads(loaded) == []
