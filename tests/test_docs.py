"""The docs say what the code does: docs/rules.md names, for each ruling, the test that
checks it, and every named test exists; README links the page; nothing in the repository
points outside it (a clone has no ../shared); and every example in README.md and the docs
works when pasted (see "examples that work when pasted" below)."""

from __future__ import annotations

import ast
import doctest
import io
import json
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
REFERENCE = re.compile(r"`(tests/test_\w+\.py)::(test_\w+)`")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_test_the_rules_name_exists():
    references = REFERENCE.findall(RULES.read_text(encoding="utf-8"))
    assert len(references) >= 100, len(references)
    missing = [f"{file}::{name}" for file, name in references
               if not (ROOT / file).exists() or name not in _test_names(ROOT / file)]
    assert missing == []


@pytest.mark.parametrize("doc", ["docs/play.md", "docs/odds.md", "docs/fair-deal.md"])
def test_every_test_a_doc_names_exists(doc):
    references = REFERENCE.findall((ROOT / doc).read_text(encoding="utf-8"))
    assert references, f"{doc} names no test"
    missing = [f"{file}::{name}" for file, name in references
               if not (ROOT / file).exists() or name not in _test_names(ROOT / file)]
    assert missing == []


@pytest.mark.parametrize("game", ["Liars' Letters", "Liar's Dice", "Liar's Post", "Liar Liar",
                                  "Liar's Poker with cards"])
def test_every_game_has_its_section_with_its_variants_and_defaults(game):
    text = RULES.read_text(encoding="utf-8")
    section = text.split(f"\n## {game}\n", 1)[1].split("\n## ", 1)[0]
    assert "| variant | options | default | checked by |" in section
    assert REFERENCE.search(section)


def test_readme_links_the_rules():
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def _tracked_text_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.suffix in {".md", ".py", ".sh", ".toml", ".js", ".html", ".css", ".json",
                           ".txt", ""} and path.is_file():
            yield name, path.read_text(encoding="utf-8", errors="replace")


def test_nothing_points_outside_the_repository():
    outside = re.compile(r"\.\./shared|/work/shared|\bshared/(seeds|RULINGS)")
    pointing = [name for name, text in _tracked_text_files()
                if name != "tests/test_docs.py" and outside.search(text)]
    assert pointing == []


# --- examples that work when pasted ---------------------------------------------------------
#
# README.md and the docs are checked as a reader would use them: every JSON block parses;
# every shell session (a ```console block: "$ command" lines, each followed by its output)
# is run in-process and must print exactly the output shown (`liars serve` and `export-site`
# are only parsed); every ```sh line that runs solve or liars must be accepted by its parser,
# and every curl example must be answered by the app; every >>> example runs.

USER_DOCS = ["README.md", "docs/replay.md", "docs/solver.md", "docs/rules.md", "docs/odds.md",
             "docs/play.md", "docs/fair-deal.md",
             "api/README.md"]
README_MAX_LINES = 300
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
NOT_RUN = {"serve", "export-site"}  # they start a server or write a folder: only parsed


def _blocks(name: str) -> list[tuple[str, str, int]]:
    """(language, text, offset) of each fenced block of a document."""
    text = (ROOT / name).read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), m.start()) for m in FENCE.finditer(text)]


def _sessions() -> list[tuple[str, str, list[str], str | None, dict]]:
    """(document, command, output lines, stdin, files) for every "$ solve/liars" line of a
    console block; ``files`` gives each *.json argument the document's JSON block just
    before the command."""
    found = []
    for name in USER_DOCS:
        blocks = _blocks(name)
        for language, text, offset in blocks:
            if language != "console":
                continue
            json_before = [t for lang, t, at in blocks if lang == "json" and at < offset]
            lines = text.splitlines()
            starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            assert starts and starts[0] == 0, f"{name}: a console block starts with '$ '"
            for i, end in zip(starts, starts[1:] + [len(lines)]):
                command = lines[i][2:]
                stdin = None
                if " | " in command:
                    feed, command = command.split(" | ", 1)
                    words = shlex.split(feed)
                    assert words[0] == "echo", f"{name}: only echo is piped: {lines[i]}"
                    stdin = " ".join(words[1:]) + "\n"
                files = {arg: json_before[-1] for arg in shlex.split(command)
                         if arg.endswith(".json")}
                assert json_before or not files, f"{name}: no JSON block before {lines[i]}"
                found.append((name, command, lines[i + 1:end], stdin, files))
    return found


SESSIONS = _sessions()


def _main(program: str):
    if program == "solve":
        from solver.cli.solve import solve_main
        return solve_main
    if program == "liars":
        from api.cli import liars_main
        return liars_main
    raise AssertionError(f"console blocks run only solve and liars, not {program!r}")


def _indented_blocks(name: str) -> list[str]:
    """The indented code blocks of a document (outside its fenced blocks)."""
    text = FENCE.sub("", (ROOT / name).read_text(encoding="utf-8"))
    return [textwrap.dedent(m.group(0)) for m in
            re.finditer(r"(?<=\n\n)(?:    .*\n|\n(?=    ))+", text)]


@pytest.mark.parametrize("name", USER_DOCS)
def test_every_json_block_parses(name):
    for language, text, _ in _blocks(name):
        if language == "json":
            json.loads(text)  # a comment or a trailing comma fails here
        else:
            assert not text.lstrip().startswith("{"), f"{name}: JSON outside a json block"
    for text in _indented_blocks(name):
        if text.lstrip().startswith("{"):
            json.loads(text)


def test_readme_is_a_short_guide():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, len(lines)


def test_the_docs_show_shell_sessions_to_check():
    assert len([s for s in SESSIONS if s[0] == "README.md" and s[2]]) >= 15
    assert len([s for s in SESSIONS if s[0] == "docs/replay.md" and s[2]]) >= 5


@pytest.mark.parametrize("name, command, output, stdin, files", SESSIONS,
                         ids=[f"{s[0]}: {s[1][:60]}" for s in SESSIONS])
def test_shell_examples_print_what_the_docs_show(name, command, output, stdin, files, capsys,
                                                 monkeypatch, tmp_path):
    program, *argv = shlex.split(command)
    main = _main(program)
    if argv and argv[0] in NOT_RUN:
        assert output == [], f"{name}: {command} cannot be run here, so shows no output"
        from api.cli import liars_parser
        liars_parser().parse_args(argv)
        return
    monkeypatch.chdir(tmp_path)
    for file, text in files.items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        main(argv)
    except SystemExit:
        pass  # argparse's own exit; its message is compared like any other output
    printed = capsys.readouterr()
    assert (printed.out + printed.err).splitlines() == output


def _sh_commands():
    for name in USER_DOCS:
        for language, text, _ in _blocks(name):
            if language not in ("sh", "bash"):
                continue
            for line in text.splitlines():
                for part in re.split(r"&&|\|", line):
                    words = shlex.split(part, comments=True)
                    while words and (words[0] == "time" or re.match(r"\w+=", words[0])):
                        words = words[1:]  # `time VAR=value command`: the command
                    if words and words[0] in ("solve", "liars"):
                        yield name, words


SH_COMMANDS = list(_sh_commands())


@pytest.mark.parametrize("name, words", SH_COMMANDS,
                         ids=[f"{name}: {' '.join(words)[:60]}" for name, words in SH_COMMANDS])
def test_other_shell_lines_name_real_options(name, words):
    from api.cli import liars_parser
    from solver.cli.solve import solve_parser
    parser = solve_parser() if words[0] == "solve" else liars_parser()
    parser.parse_args(words[1:])  # an option that does not exist exits with 2


def test_python_examples_run():
    name = "README.md"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(
        optionflags=doctest.NORMALIZE_WHITESPACE)
    examples = [text for language, text, _ in _blocks(name) if language in ("python", "pycon")]
    assert examples, f"{name} shows Python"
    for number, text in enumerate(examples):
        runner.run(parser.get_doctest(text, {}, f"{name}[{number}]", name, 0))
    assert runner.summarize(verbose=False).failed == 0


def _curl_commands():
    """(document, path, body) of each ``curl ... -d BODY URL`` line of a sh block; a body
    ``@FILE`` is the JSON block the document's shell sessions save as FILE."""
    saved = {(name, file): text for name, _, _, _, files in SESSIONS
             for file, text in files.items()}
    for name in USER_DOCS:
        for language, text, _ in _blocks(name):
            if language not in ("sh", "bash"):
                continue
            for line in text.splitlines():
                words = shlex.split(line, comments=True)
                if not words or words[0] != "curl":
                    continue
                body = words[words.index("-d") + 1]
                if body.startswith("@"):
                    body = saved[name, body[1:]]
                url = next(w for w in words if w.startswith("http://"))
                yield name, "/" + url.split("/", 3)[3], body


CURL_COMMANDS = list(_curl_commands())


@pytest.mark.parametrize("name, path, body", CURL_COMMANDS,
                         ids=[f"{name}: {path}" for name, path, _ in CURL_COMMANDS])
def test_http_examples_are_answered(name, path, body):
    from api import create_app
    answer = create_app().test_client().post(path, data=body, content_type="application/json")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json().get("ok", True) is True
