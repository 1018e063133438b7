"""``liars dice|post|liarliar|poker``: run through the real ``liars`` entry point, in process."""

import io
import json

import pytest

from solver.cli.main import liars_main
from solver.games.registry import GAMES


@pytest.fixture
def liars(capsys, monkeypatch):
    def run(*argv, stdin=None):
        if stdin is not None:
            monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = liars_main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run


def test_dice_check_one_line(liars):
    code, out, _ = liars("dice", "check", "five sixes", "6", "6", "1", "3", "6", "2", "6",
                         "--wild", "1", "--last", "4 sixes")
    assert code == 0
    assert out == "5 sixes: 5 of 7 dice count - HOLDS; a legal raise over 4 sixes\n"


def test_dice_check_false_bid_exits_1(liars):
    code, out, _ = liars("dice", "check", "3 twos", "2", "2", "5", "--last", "2 fives")
    assert code == 1
    assert "does NOT hold" in out and "NOT a legal raise" in out


def test_dice_check_bid_order_option(liars):
    code, out, _ = liars("dice", "check", "3 twos", "2", "2", "2", "--last", "2 fives",
                         "--bid-order", "quantity-first", "--json")
    result = json.loads(out)
    assert code == 0 and result["raise"]["legal"] is True and result["count"] == 3


def test_unreadable_phrase_is_one_line_and_exit_2(liars):
    code, out, err = liars("dice", "check", "five sixxes", "6")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err == ("liars dice check: understood 'five' (quantity 5) but not 'sixxes' "
                   "(see liars dice check --help)\n")


def test_bad_die_names_it(liars):
    code, _, err = liars("dice", "check", "2 fives", "5", "8")
    assert code == 2 and "'8' is not a die face from 1 to 6" in err


def test_post_check_with_call(liars):
    code, out, _ = liars("post", "check", "this is a 7", "Q♥", "--call", "false")
    assert code == 1   # the claim is false
    assert "the card is QH - FALSE" in out and "the sender takes it" in out


@pytest.mark.parametrize("call", ["FALSE", " False ", "TRUE", "true"])
def test_post_call_is_spelled_as_the_api_takes_it(liars, call):
    code, out, _ = liars("post", "check", "this is a 7", "QH", "--call", call, "--json")
    payload = {"claim": "this is a 7", "card": "QH", "call": call}
    assert code == 1 and json.loads(out) == json.loads(json.dumps(GAMES["post"].check(payload)))
    assert json.loads(out)["call"] == call.strip().lower()


def test_letters_replay_illegal_ruling_reads_as_one_sentence(liars):
    """The referee's explanation inside an error ends no sentence: no '.;' before the state."""
    game = {"players": ["ann", "ben"], "events": [
        {"type": "declare", "player": "ann", "words": "ab"},
        {"type": "call", "player": "ben", "call": "bullshit", "tiles": "AC",
         "ruling": "rejected"}]}
    code, out, _ = liars("letters", "replay", "-", stdin=json.dumps(game))
    assert code == 1 and ".;" not in out
    assert "the revealed tiles do not hold it; before it: round 1" in out


def test_post_check_face_up_loss_by_table_size(liars):
    _, out2, _ = liars("post", "check", "Q", "QH", "--face-up", "7 7 7 7", "--players", "2")
    _, out3, _ = liars("post", "check", "Q", "QH", "--face-up", "7 7 7 7", "--players", "3")
    assert "do not lose" in out2 and "LOSE" in out3


def test_liarliar_check(liars):
    code, out, _ = liars("liarliar", "check", "two kings", "KH", "joker")
    assert code == 0 and out == "'two kings': KH joker - TRUE (1 joker)\n"
    code, out, _ = liars("liarliar", "check", "two kings", "KH", "4D")
    assert code == 1 and "not K: 4D" in out


def test_poker_check_and_ladder(liars):
    code, out, _ = liars("poker", "check", "full house, kings over threes", "KH", "KS", "KD",
                         "3C", "3S", "--last", "two pair, aces and kings")
    assert code == 0 and "MADE from KH KS KD 3C 3S" in out and "higher than" in out
    code, out, _ = liars("poker", "check", "flush, seven high", "7H", "5H", "4H", "3H", "2H",
                         "--last", "full house, aces over kings", "--ladder", "short-deck",
                         "--json")
    assert code == 0 and json.loads(out)["higher"]["legal"] is True


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_from_stdin_matches_the_library(liars, game):
    example = GAMES[game].REPLAY_EXAMPLE
    code, out, _ = liars(game, "replay", "-", "--json", stdin=json.dumps(example))
    assert code == 0 and json.loads(out) == json.loads(json.dumps(GAMES[game].replay(example)))


def test_replay_file_human_line(liars, tmp_path):
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(GAMES["dice"].REPLAY_EXAMPLE))
    code, out, _ = liars("dice", "replay", str(path))
    assert code == 0
    assert out == ("5 events, all legal; game over: ann is the last with dice; "
                   "placings: 1. ann, 2. cy, 3. ben\n")


def test_replay_illegal_event_exits_1_and_says_why(liars):
    game = {"players": ["a", "b"], "events": [
        {"type": "bid", "player": "a", "claim": "2 fives"},
        {"type": "bid", "player": "b", "claim": "3 twos"}]}
    code, out, _ = liars("dice", "replay", "-", stdin=json.dumps(game))
    assert code == 1
    assert out.startswith("event 1 (bid by b) is illegal: b cannot bid 3 twos: 3 twos does "
                          "not raise 2 fives")


def test_replay_bad_json_and_missing_file(liars):
    code, _, err = liars("post", "replay", "-", stdin="{")
    assert code == 2 and err.startswith("liars post replay: standard input is not JSON")
    code, _, err = liars("post", "replay", "/no/such/file.json")
    assert code == 2 and "cannot read /no/such/file.json" in err


def test_replay_files_are_read_as_the_api_reads_a_body(liars, tmp_path):
    """Any of JSON's encodings is read (a file saved as UTF-16 by Windows tools, or
    with a BOM); bytes that are no encoding, and NaN, are errors naming the file."""
    example = GAMES["post"].REPLAY_EXAMPLE
    want = json.loads(json.dumps(GAMES["post"].replay(example)))
    for encoding in ("utf-16", "utf-8-sig", "utf-32"):
        path = tmp_path / f"{encoding}.json"
        path.write_text(json.dumps(example), encoding=encoding)
        code, out, _ = liars("post", "replay", str(path), "--json")
        assert code == 0 and json.loads(out) == want, encoding
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\xff")
    code, out, err = liars("post", "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"liars post replay: {path} is not JSON: not UTF-8, UTF-16 or UTF-32")
    code, _, err = liars("post", "replay", "-", stdin='{"players": NaN}')
    assert code == 2 and "standard input is not JSON: NaN is not valid JSON" in err


@pytest.mark.parametrize("text", ["[" * 100_000, '{"players": ' + "[" * 50_000],
                         ids=["array", "object"])
def test_replay_of_json_nested_too_deeply_is_an_error_not_a_crash(liars, text):
    code, out, err = liars("dice", "replay", "-", stdin=text)
    assert code == 2 and out == ""
    assert err.startswith("liars dice replay: standard input is nested too deeply to read as "
                          "JSON")


# --- input errors, not rulings ------------------------------------------------------------

@pytest.mark.parametrize("argv, named", [
    (["liarliar", "check", "three kings", "joker", "joker", "joker"], "3 jokers"),
    (["liarliar", "check", "three kings", "KH", "KH", "KH"], "KH 3 times"),
    (["liarliar", "check", "two kings", "KH", "K♥"], "KH 2 times"),
    (["poker", "check", "pair of kings", "KH", "KH"], "KH 2 times"),
    (["poker", "check", "pair of kings", "KH", "joker"], "a joker"),
    (["post", "check", "Q", "QH", "--face-up", "QH QH QH", "--players", "4"], "QH 3 times"),
    (["post", "check", "Q", "QH", "--one-deck", "--face-up", "Q Q Q Q Q"], "5 Qs face up"),
    (["dice", "check", "--", "-1 sixes", "6", "6"], "'-1' has a sign"),
    (["dice", "check", "2 sixes", "6", "6", "--last", "-5 sixes"], "'-5' has a sign"),
    (["dice", "check", "0 sixes", "6", "6"], "1 or more, not 0"),
    (["dice", "check", "1.5 sixes", "6", "6"], "'1.5' is not a whole number"),
    (["liarliar", "check", "--", "-2 kings", "KH", "KS"], "'-2' has a sign"),
    (["liarliar", "check", "zero kings", "KH"], "1 or more, not 0"),
    (["post", "check", "--", "-7", "7H"], "'-7' has a sign"),
    (["poker", "check", "--", "-2 kings", "KH", "KS"], "'-2' has a sign"),
])
def test_impossible_cards_and_signed_numbers_are_input_errors(liars, argv, named):
    """The reproductions: three jokers and three kings of hearts were TRUE; "-1 sixes" was
    read as "1 six" and --last "-5 sixes" as 5 sixes."""
    code, out, err = liars(*argv)
    assert code == 2 and out == "", out
    assert named in err and err.count("\n") == 1, err


def test_post_check_errors_point_to_the_subcommands_help(liars):
    """Arguments swapped: one error line, naming the card it could not read and where the
    order of the arguments is (the usage is not repeated: --help shows it)."""
    code, out, err = liars("post", "check", "QH", "this is a queen")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("liars post check: 'this is a queen' is not a card")
    assert err.rstrip().endswith("(see liars post check --help)") and "usage" not in err


def test_post_players_without_face_up_is_not_silently_ignored(liars):
    code, _, err = liars("post", "check", "Q", "QH", "--players", "9")
    assert code == 2 and "players counts only for face_up" in err
    code, out, _ = liars("post", "check", "Q", "QH", "--players", "2", "--face-up", "Q Q Q Q")
    assert code == 0 and "do not lose (5 of a kind would)" in out


@pytest.mark.parametrize("option, value", [("--faces", "1_0"), ("--dice-each", "５"),
                                           ("--faces", "-6")])
def test_whole_number_options_take_ascii_digits_only(liars, option, value):
    """int() reads '1_0' as 10 and '５' as 5; an option drops no character silently."""
    with pytest.raises(SystemExit) as exit_:
        liars("dice", "check", "2 sixes", "6", "6", option, value)
    assert exit_.value.code == 2
