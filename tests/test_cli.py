"""The shell front end, run as a user runs it: real processes, real exit codes."""

import json
import shutil
import subprocess
import sys

import pytest


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_solve_prints_one_readable_line():
    out = run("solve", "ABEGIRR")
    assert out.returncode == 0 and out.stdout == "ABEGIRR: giber, ar  (5, 2)\n"


def test_console_scripts_are_installed():
    assert shutil.which("solve") and shutil.which("liars")
    out = subprocess.run(["solve", "abegirr"], capture_output=True, text=True, timeout=60)
    assert out.stdout.startswith("ABEGIRR: giber, ar")


def test_solve_json_several_racks_and_stdin():
    out = run("solve", "--json", "ABEGIRR", "-", stdin="quiz\n\nqin\n")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["tiles"] for r in rows] == ["ABEGIRR", "IQUZ", "INQ"]
    assert rows[0] == {"tiles": "ABEGIRR", "lexicon": "twl06", "shape": [5, 2],
                       "words": ["giber", "ar"], "proven": True, "stopped": None,
                       "upper_bound": [5, 2]}
    assert rows[2]["shape"] == [2, 1]


def test_solve_options_lexicon_and_tile_set():
    assert json.loads(run("solve", "--json", "-l", "csw19", "QIN").stdout)["shape"] == [3]
    assert run("solve", "E" * 13).returncode == 2
    assert run("solve", "--tiles", "bananagrams", "E" * 13).returncode == 0


@pytest.mark.parametrize("args, message", [
    (["solve", "AB7"], "'7' is not a letter tile"),
    (["solve", "A?"], "'?' is not a letter tile"),
    (["solve", "E" * 13], "13 E's, but the scrabble set has only 12"),
    (["solve", "-l", "klingon", "AB"], "unknown lexicon 'klingon'"),
    (["liars", "check", "AB", "b4"], "'b4' has '4'"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2 and message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_bad_rack_does_not_stop_the_good_ones():
    out = run("solve", "AB7", "QI")
    assert out.returncode == 2 and out.stdout.startswith("IQ: qi")


def test_user_word_list_reports_rejected_lines(tmp_path, monkeypatch):
    monkeypatch.setenv("LIARS_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text("cat\nact\nco-op\n")
    out = run("solve", "-l", str(words), "TACO")
    assert out.returncode == 0 and out.stdout.startswith("ACOT: act, o")
    assert "rejected 1 line" in out.stderr and "co-op" in out.stderr


def test_liars_check_and_rulings():
    out = run("liars", "check", "ABEGIRR", "big")
    assert out.returncode == 0 and "'big' exists; not the highest" in out.stdout
    out = run("liars", "check", "--json", "--call", "exact", "ABEGIRR", "brier, ag")
    ruling = json.loads(out.stdout)
    assert ruling["is_highest"] and ruling["ruling"] == {"caller": -1, "declarer": -1}
    out = run("liars", "check", "ABEGIRR", "bigger")
    assert out.returncode == 1 and "does not exist (not enough tiles)" in out.stdout


def test_liars_raise_and_words():
    assert run("liars", "raise", "big", "big, a").returncode == 0
    out = run("liars", "raise", "bigger, b", "larger, b")
    assert out.returncode == 1 and "the same as" in out.stdout
    out = run("liars", "words", "qi", "xyzzy")
    assert out.returncode == 1 and "QI: valid" in out.stdout and "XYZZY: NOT valid" in out.stdout
    listed = json.loads(run("liars", "words", "--json", "--from", "ABEGIRR").stdout)["words"]
    assert listed[0] == "airer" and "giber" in listed


def test_liars_lexicons_lists_sources():
    out = run("liars", "lexicons")
    assert "178691" in out.stdout and "pyscrabbler 1.1.2" in out.stdout


def test_help_texts():
    assert "highest possible" in run("solve", "--help").stdout
    assert "check" in run("liars", "--help").stdout
