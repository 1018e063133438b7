"""What the shell front end reads and prints is bounded and safe for a terminal.

Every file and standard-input read stops at a documented size (one line and exit 2
past it, at once even for an endless stream); an error quotes a short excerpt of the
bad input; a name's control and bidi characters are shown escaped, never sent to the
terminal; bytes that are no text on standard input get one error, not one per fragment.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_run import run

from solver.cli.common import MAX_DOCUMENT_BYTES, MAX_RACK_LINE

UNSAFE = ("\x1b", "\u202e", "\x07", "\x9b")


def real(*args, stdin=None):
    """A real process: what an endless or binary standard input does to it."""
    command = ["-m", "api.cli", *args[1:]] if args[0] == "liars" else ["-m", "solver.cli", *args]
    return subprocess.run([sys.executable, *command], stdin=stdin, capture_output=True,
                          timeout=60)


def one_line(stderr) -> str:
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    assert len(text.strip().splitlines()) == 1 and "Traceback" not in text, text
    return text


@pytest.mark.parametrize("args", [["solve", "-"], ["liars", "letters", "replay", "-"],
                                  ["liars", "dice", "replay", "-"]])
def test_an_endless_standard_input_is_refused_at_once(args):
    with open("/dev/zero", "rb") as zero:
        out = real(*args, stdin=zero)
    assert out.returncode == 2 and not out.stdout
    message = one_line(out.stderr)
    assert str(MAX_RACK_LINE) in message or "4 MiB" in message


def test_an_endless_file_is_refused_at_once():
    out = real("liars", "letters", "replay", "/dev/zero")
    assert out.returncode == 2 and "/dev/zero is larger than 4 MiB" in one_line(out.stderr)


def test_a_document_past_the_limit_is_refused_and_one_at_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_DOCUMENT_BYTES + b"{}")
    out = run("liars", "dice", "replay", str(big))
    assert out.returncode == 2 and "larger than 4 MiB" in one_line(out.stderr)
    fits = tmp_path / "fits.json"
    fits.write_bytes(b" " * (MAX_DOCUMENT_BYTES - 40) + b'{"players": ["ann", "ben"]}')
    out = run("liars", "dice", "replay", str(fits))
    assert out.returncode == 0, out.stderr


def test_a_rack_line_past_the_limit_is_one_error():
    out = run("solve", "-", stdin="QI\n" + "A" * (MAX_RACK_LINE + 1) + "\nZA\n")
    assert out.returncode == 2 and out.stdout.startswith("QI: qi")
    assert f"line 2 of standard input is longer than {MAX_RACK_LINE} bytes" in one_line(out.stderr)


def test_binary_standard_input_is_one_error_and_nothing_solved():
    def solve_stdin(data: bytes):
        return subprocess.run([sys.executable, "-m", "solver.cli", "solve", "-"], input=data,
                              capture_output=True, timeout=60)

    out = solve_stdin(bytes(range(256)) * 40 + b"\nQI\n")
    assert out.returncode == 2 and not out.stdout
    one_line(out.stderr)
    out = solve_stdin(b"\x00\x01AB\n\xff\xfeCD\nQI\n")  # short lines: the first is no text
    assert out.returncode == 2 and not out.stdout and "'\\x00'" in one_line(out.stderr)


def test_a_huge_rack_is_quoted_by_an_excerpt():
    rack = "A" * 100_000
    out = run("solve", rack)
    message = one_line(out.stderr)
    assert out.returncode == 2 and len(message) < 200 and "(100000 characters)" in message
    out = run("solve", "--json", rack)
    assert out.returncode == 2 and len(one_line(out.stderr)) < 200


def evil_game():
    return {"players": ["ann\x1b[2J\x07", "b\u202eob\x9b"], "events": [
        {"type": "declare", "player": "b\u202eob\x9b", "words": "it"}]}


def test_names_with_terminal_escapes_are_refused_in_an_escaped_line(tmp_path):
    # a seat's name may not hold control or bidi characters (solver.games.names): the
    # replay is refused, and the refusal quotes the name escaped
    path = tmp_path / "game.json"
    path.write_text(json.dumps(evil_game()))
    for args in (["liars", "letters", "replay", str(path)],
                 ["liars", "letters", "replay", "--json", str(path)]):
        out = run(*args)
        assert out.returncode == 2 and not out.stdout
        assert not any(ch in out.stderr for ch in UNSAFE), out.stderr
        assert "control or bidi characters ('\\x1b')" in one_line(out.stderr)


def test_an_error_naming_a_player_reaches_the_terminal_escaped(tmp_path):
    game = {"players": ["ann", "ben"], "events": [
        {"type": "bid", "player": "ann", "claim": "1 six"},
        {"type": "bid", "player": "\u202eben\x1b", "claim": "2 sixes"}]}
    out = run("liars", "dice", "replay", "-", stdin=json.dumps(game))
    assert out.returncode == 1 and not any(ch in out.stdout for ch in UNSAFE)
