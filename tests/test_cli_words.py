"""`liars words`: the dictionary queries from the shell, the same answers and the same
refusals as the library (and so as the API), and the old word checks kept."""

from __future__ import annotations

import json
import random

import pytest
from cli_run import run as run_cli

from api import create_app
from solver.cli.main import liars_main
from solver.errors import InvalidQuery
from solver.words.dictionary import answer_query
from solver.words.queries import WordQuery


def run(*args):
    return run_cli("liars", "words", *args)


def run_here(capsys, *args):
    """In process (quick): exit code, stdout, stderr."""
    code = liars_main(["words", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_has_a_description_and_examples():
    out = run("--help")
    assert out.returncode == 0
    assert "study the dictionary" in out.stdout and "liars words --pattern 'B?G*'" in out.stdout
    for option in ("--anagram", "--pattern", "--hooks", "--min", "--max", "--limit",
                   "--offset", "--json"):
        assert option in out.stdout


def test_pattern_as_a_user_runs_it():
    out = run("--pattern", "B?G*", "--max", "3")
    assert out.returncode == 0
    assert out.stdout == "5 words: pattern B?G*, at most 3 letters in twl06\n3: bag beg big bog bug\n"


def test_hooks_show_each_hooked_word():
    out = run("--hooks", "are")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0] == "hooks of ARE in twl06 (ARE is valid): 11 in front, 2 behind"
    assert lines[1].startswith("front: B bare  C care  D dare")
    assert lines[2] == "back: A area  S ares"


@pytest.mark.parametrize("args, message", [
    (["--pattern", "B[AE"], "unclosed '[' at character 2 of the pattern"),
    (["--pattern", ""], "the pattern is empty"),
    (["--pattern", "B" + "?" * 20], "the longest word in twl06 has 15"),
    (["--pattern", "?" * 32], "needs words of 32 letters or more: the longest word in twl06 "
                              "has 15"),
    (["--anagram", "ABC???"], "3 blanks ('?') in the anagram: at most 2"),
    (["--anagram", "AB", "--limit", "5000"], "'limit' must be from 0 to 1000, not 5000"),
    (["--anagram", "AB", "--offset", "-3"], "'offset' must be a whole number"),
    (["--pattern", "B*", "--hooks", "are"], "give one of anagram, pattern or hooks"),
    (["--from", "ABEGIRR", "big"], "drop 'big' or drop --from"),
    (["big", "--pattern", "B*"], "'big' does not go with it"),
    (["--from", "ABEGIRR", "--anagram", "ABC"], "--from does not go with it"),
    (["--order", "alphabetical"], "nothing to look for"),
])
def test_bad_queries_exit_2_with_one_line(args, message):
    out = run(*args)
    assert out.returncode == 2, out
    assert out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_a_word_with_a_non_letter_is_just_not_valid():
    out = run("b1g", "big")
    assert out.returncode == 1 and out.stderr == ""
    assert out.stdout == "B1G: NOT valid in twl06\nBIG: valid in twl06\n"


@pytest.mark.parametrize("word, url", [("", "/api/v1/words/%20"), ("a b", "/api/v1/words/a%20b"),
                                       ("big,er", "/api/v1/words/big,er"),
                                       ("a" * 41, "/api/v1/words/" + "a" * 41)])
def test_text_that_is_no_word_or_several_is_refused_as_the_api_does(word, url):
    """Not judged false (exit 1) but refused (exit 2), with the API's message."""
    error = create_app({"TESTING": True}).test_client().get(url).get_json()["error"]
    out = run("qi", word)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"liars: {error['message']}\n"


def test_no_words_found_exits_1():
    out = run("--pattern", "ZZZZ*", "--json")
    assert out.returncode == 1 and json.loads(out.stdout)["count"] == 0


def test_json_is_the_library_answer_on_random_queries(capsys, twl):
    rng = random.Random(7)
    for _ in range(60):
        kind = rng.choice(["anagram", "pattern", "hooks"])
        value = {"anagram": lambda: "".join(rng.sample("AEINRSTLBGQZ", rng.randint(2, 7)))
                 + "?" * rng.randint(0, 2),
                 "pattern": lambda: "".join(rng.choice(["A", "E", "S", "?", "*", "[AEI]",
                                                        "[^AEIOU]"])
                                            for _ in range(rng.randint(1, 6))),
                 "hooks": lambda: rng.choice(["ARE", "AT", "QI", "OX", "REST", "LIN"])}[kind]()
        parts = {kind: value}
        if rng.random() < 0.5:
            parts["min"] = str(rng.randint(2, 5))
        if rng.random() < 0.3:
            parts["contains"] = rng.choice(["E", "S", "AE"])
        parts["order"] = rng.choice(["longest", "alphabetical"])
        parts["limit"] = str(rng.randint(0, 30))
        parts["offset"] = str(rng.randint(0, 10))
        args = [a for name, v in parts.items() for a in (f"--{name}", v)]
        code, out, err = run_here(capsys, *args, "--json")
        try:
            expected = answer_query(WordQuery.parse(parts), twl)
        except InvalidQuery as exc:
            assert code == 2 and err.strip() == f"liars: {exc.message}"
            continue
        assert json.loads(out) == expected.as_dict()
        assert code == (0 if expected.count else 1)
        code, text, _ = run_here(capsys, *args)
        shown = [w for line in text.splitlines()[1:] for w in line.split()]
        if kind != "hooks":
            for word in expected.words:
                assert word in shown


def test_word_list_file_and_old_behaviour_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LIARS_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text("cat\nact\ntac\ncats\nscat\n")
    code, out, _ = run_here(capsys, "--anagram", "tac?", "-l", str(words), "--json")
    assert code == 0 and json.loads(out)["words"] == ["cats", "scat"]
    code, out, _ = run_here(capsys, "--from", "ABEGIRR", "--json")
    assert code == 0 and json.loads(out)["words"][0] == "airer"
    code, out, _ = run_here(capsys, "qi", "xyzzy")
    assert code == 1 and "QI: valid" in out and "XYZZY: NOT valid" in out
