"""``liars dice|post|liarliar|poker``: run through the real ``liars`` entry point, in process."""

import io
import json

import pytest

from solver.cli import liars_main
from solver.games import GAMES


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
    assert err == "liars: understood 'five' (quantity 5) but not 'sixxes'\n"


def test_bad_die_names_it(liars):
    code, _, err = liars("dice", "check", "2 fives", "5", "8")
    assert code == 2 and "'8' is not a die face from 1 to 6" in err


def test_post_check_with_call(liars):
    code, out, _ = liars("post", "check", "this is a 7", "Q♥", "--call", "false")
    assert code == 1   # the claim is false
    assert "the card is QH - FALSE" in out and "the sender takes it" in out


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
    assert code == 2 and err.startswith("liars: standard input is not JSON")
    code, _, err = liars("post", "replay", "/no/such/file.json")
    assert code == 2 and "cannot read /no/such/file.json" in err


@pytest.mark.parametrize("text", ["[" * 100_000, '{"players": ' + "[" * 50_000],
                         ids=["array", "object"])
def test_replay_of_json_nested_too_deeply_is_an_error_not_a_crash(liars, text):
    code, out, err = liars("dice", "replay", "-", stdin=text)
    assert code == 2 and out == ""
    assert err.startswith("liars: standard input is nested too deeply to read as JSON")
