"""The shell front end as a user runs it: exit codes, standard output, one-line errors.

Run in-process (tests/cli_run.py); the console scripts and undecodable bytes are tried
in real processes.
"""

import json
import shutil
import subprocess
import sys

import pytest
from cli_run import run

from api import create_app


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
    assert out.returncode == 2 and out.stdout.startswith("QI: qi")


def test_user_word_list_reports_rejected_lines(tmp_path, monkeypatch):
    monkeypatch.setenv("LIARS_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text("cat\nact\nco-op\n")
    out = run("solve", "-l", str(words), "TACO")
    assert out.returncode == 0 and out.stdout.startswith("TACO: act, o")
    assert "rejected 1 line" in out.stderr and "co-op" in out.stderr


def test_liars_check_and_rulings():
    out = run("liars", "check", "ABEGIRR", "big")
    assert out.returncode == 0 and "'big' exists but leaves 4 tiles unused" in out.stdout
    out = run("liars", "check", "--json", "--call", "exact", "ABEGIRR", "brier, ag")
    ruling = json.loads(out.stdout)
    assert ruling["is_highest"] and ruling["ruling"] == {"caller": -1, "declarer": -1}
    out = run("liars", "check", "ABEGIRR", "bigger")
    assert out.returncode == 1 and "does not exist: the revealed tiles do not hold it" in out.stdout


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


@pytest.mark.parametrize("call, tile_set", [("EXACT", "SCRABBLE"), (" exact ", " Scrabble "),
                                            ("Bullshit", "BANANAGRAMS")])
def test_choices_are_spelled_as_the_api_takes_them(call, tile_set):
    """Case and surrounding spaces do not matter to a choice, here as in the API."""
    api = create_app({"TESTING": True}).test_client().post("/api/v1/letters/call", json={
        "tiles": "ABEGIRR", "declared": "giber, ar", "call": call, "tile_set": tile_set})
    out = run("liars", "check", "--json", "--call", call, "--tiles", tile_set, "ABEGIRR",
              "giber, ar")
    answer = json.loads(out.stdout)
    assert out.returncode == 0 and answer["call"] == call.strip().lower()
    assert api.status_code == 200 and answer == {k: api.get_json()[k] for k in answer}
    out = run("solve", "--tiles", tile_set, "E" * 13)
    assert out.returncode == (0 if "bananagrams" in tile_set.lower() else 2), out.stderr


@pytest.mark.parametrize("args, field, body", [
    (["liars", "check", "--call", "liar", "AB", "ab"], "call", {"call": "liar"}),
    (["solve", "--tiles", "boggle", "AB"], "tile_set", {"tile_set": "boggle"}),
])
def test_a_bad_choice_is_refused_with_the_apis_message(args, field, body):
    api = create_app({"TESTING": True}).test_client().post("/api/v1/letters/call", json={
        "tiles": "AB", "declared": "ab", "call": "exact", **body})
    error = api.get_json()["error"]
    assert api.status_code == 400 and error["field"] == field
    out = run(*args)
    assert out.returncode == 2 and f": {error['message']} (see " in out.stderr
    assert len(out.stderr.splitlines()) == 1


def test_bytes_that_are_not_utf8_are_shown_as_bytes():
    """A stray byte reaches Python as a lone surrogate: the message shows the byte."""
    out = subprocess.run([sys.executable, "-m", "solver.cli", "solve", "-"],
                         input=b"AB\xffC\n", capture_output=True, timeout=60)
    err = out.stderr.decode()
    assert out.returncode == 2 and "udc" not in err
    assert err == ("solve: 'AB\\xffC': '\\xff' is not a letter tile (use A-Z; spaces, "
                   "commas and hyphens are ignored); \\xff is a byte that is not UTF-8 "
                   "text\n")


@pytest.mark.parametrize("args, says", [
    (["liars", "check"], "liars check: the following arguments are required: tiles, declared "
                         "(see liars check --help)"),
    (["liars", "dice", "check", "2 fives", "5", "--bid-order", "x"],
     "liars dice check: argument --bid-order: invalid choice: 'x'"),
    (["solve", "AB", "--bogus"], "solve: unrecognized arguments: --bogus (see solve --help)"),
    (["liars", "nonsense"], "liars: argument COMMAND: invalid choice: 'nonsense'"),
])
def test_a_usage_error_is_one_line_that_points_to_help(args, says):
    out = run(*args)
    assert out.returncode == 2 and not out.stdout
    assert len(out.stderr.splitlines()) == 1 and says in out.stderr
    assert "usage:" not in out.stderr and out.stderr.rstrip().endswith("--help)")


def test_an_unquoted_word_set_is_told_to_be_quoted():
    out = run("liars", "check", "--call", "exact", "ABEGIRR", "brier", "ag")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1
    assert "unrecognized arguments: ag; a word set of several words is one argument: quote " \
           "it, as in 'brier, ag' (see liars check --help)" in out.stderr
    out = run("liars", "raise", "big", "bigger", "a")
    assert "quote it, as in 'bigger, a'" in out.stderr
    out = run("liars", "check", "ABEGIRR", "brier", "--bogus")  # not a word: no hint
    assert out.returncode == 2 and "quote" not in out.stderr


@pytest.mark.parametrize("args, quoted", [
    # typed with the set's commas, as said: the hint keeps one comma between words
    (("check", "ABEGIRR", "brier,", "ag", "--call", "exact"), "'brier, ag'"),
    (("odds", "ABEGIRR", "brier,", "ag", "--hidden", "3"), "'brier, ag'"),
    (("raise", "big", "it,", "is,", "so"), "'it, is, so'"),
])
def test_an_unquoted_word_set_typed_with_commas_gets_the_hint_with_single_commas(args, quoted):
    out = run("liars", *args)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1
    assert f"quote it, as in {quoted}" in out.stderr and ",," not in out.stderr


def test_a_word_set_said_with_and_is_its_words():
    """'brier and ag' is BRIER and AG (the highest of ABEGIRR's shape), not 'brier, and, ag'."""
    out = run("liars", "check", "--call", "exact", "ABEGIRR", "brier and ag")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("exact: caller loses a tile, declarer loses a tile. "
                                 "'brier, ag' exists and is the highest")


def test_both_commands_say_their_version():
    from solver.cli.common import version
    for command in ("solve", "liars"):
        out = run(command, "--version")
        assert out.returncode == 0 and out.stdout == f"{command} {version()}\n"
    assert version() != "unknown"  # the test run has the project installed
