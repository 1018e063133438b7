"""Liars' Letters rulings (docs/rules.md): raising, bullshit, exact, elimination, rounds."""

import pytest

from solver import LettersGame, LettersRules, check_raise, highest, rule_call
from solver.errors import GameOver, IllegalMove, InvalidInput, InvalidRules

# --- the highest possible word set --------------------------------------------------

def test_highest_uses_every_tile_and_is_deterministic(twl):
    best = highest("ABEGIRR", twl)
    assert best.shape == (5, 2) and best.proven
    assert list(best.words) == ["giber", "ar"]            # documented tie-break
    assert sum(best.shape) == 7
    assert highest("RRABEGI", "twl06").words == best.words  # order of tiles is irrelevant


def test_highest_with_no_words_is_all_single_letters(twl):
    best = highest("QZX", twl)
    assert best.shape == (1, 1, 1) and list(best.words) == ["q", "x", "z"]


def test_highest_of_no_tiles():
    best = highest("", "twl06")
    assert best.shape == () and best.as_dict()["words"] == []


def test_lexicon_is_a_table_choice():
    assert highest("QIN", "csw19").shape == (3,)
    assert highest("QIN", "twl06").shape == (2, 1)          # qi, n


def test_an_unproven_search_leaves_an_exact_ruling_undecided(monkeypatch, twl):
    """If the search stopped short, "exact" on a set of the best shape found is undecided
    (no tile change), while "bullshit" (which needs no search) and a found higher set stay
    decided."""
    import dataclasses

    import solver.games.letters.game as letters
    real = letters.highest

    def out_of_time(*args, **kwargs):
        sol = real(*args, **kwargs)
        return dataclasses.replace(sol, proven=False, stopped="budget", upper_bound=(7,))
    monkeypatch.setattr(letters, "highest", out_of_time)
    exact = rule_call("ABEGIRR", "giber, ar", "exact", twl)
    assert not exact.decided and exact.is_highest is None
    assert (exact.caller, exact.declarer) == (None, None) and exact.as_dict()["ruling"] is None
    assert exact.upper_bound == (7,) and exact.stopped == "budget"
    assert "CANNOT RULE" in exact.explain() and "between (5, 2) and (7)" in exact.reason
    assert rule_call("ABEGIRR", "big, ar", "exact", twl).decided          # a higher set is known
    assert rule_call("ABEGIRR", "giber, ar", "bullshit", twl).decided


# --- declaring and raising ------------------------------------------------------------

def test_first_declaration_may_be_any_valid_set():
    assert check_raise(None, "it, is, so").legal
    assert not check_raise(None, "xyzzy").legal


@pytest.mark.parametrize("previous, declared, legal", [
    ("big, g, er", "bigger", True), ("it, is, so", "big", True), ("big", "big, a", True),
    ("bigger, b", "larger, b", False), ("big", "it, is, so", False), ("big", "big", False)])
def test_a_raise_must_be_strictly_higher(previous, declared, legal):
    check = check_raise(previous, declared)
    assert check.legal is legal
    if not legal:
        assert "strictly higher" in check.reason


def test_a_raise_with_an_unlisted_word_is_illegal_and_says_which():
    check = check_raise("big", "bigger, zzxq")
    assert not check.legal and "ZZXQ" in check.reason


# --- bullshit and exact -----------------------------------------------------------------

def test_bullshit_on_a_set_that_exists_the_caller_gains():
    r = rule_call("ABEGIRR", "big, ar", "bullshit")
    assert r.exists and (r.caller, r.declarer) == (1, 0)


def test_bullshit_on_a_set_that_does_not_exist_the_declarer_gains():
    for declared in ("bigger", "big, bar", "rbgie"):         # letters short, shared, not a word
        r = rule_call("ABEGIRR", declared, "bullshit")
        assert not r.exists and (r.caller, r.declarer) == (0, 1), declared


def test_exact_when_the_set_exists_and_is_highest_both_lose():
    r = rule_call("ABEGIRR", "giber, ar", "exact")
    assert r.exists and r.is_highest and (r.caller, r.declarer) == (-1, -1) and r.proven


def test_exact_counts_any_set_of_the_highest_shape():
    # 'brier, ag' is not the tie-break's pick, but its shape is the highest.
    r = rule_call("ABEGIRR", "brier, ag", "exact", "twl06")
    assert r.exists and r.is_highest and (r.caller, r.declarer) == (-1, -1)


def test_exact_otherwise_the_caller_gains():
    assert (rule_call("ABEGIRR", "big, ar", "exact").caller, 0) == (1, 0)      # not highest
    r = rule_call("ABEGIRR", "bigger", "exact")                                # does not exist
    assert not r.exists and (r.caller, r.declarer) == (1, 0)


def test_unknown_call_is_an_input_error():
    with pytest.raises(InvalidInput, match="'bullshit' or 'exact'"):
        rule_call("AB", "ab", "liar")


# --- a whole game: tiles, elimination, rounds -------------------------------------------

def test_round_direction_alternates_and_latest_turn_opens():
    g = LettersGame(["ann", "bob", "cy", "dee"])
    assert g.to_move == "ann" and g.direction == 1
    g.declare("ann", "a")
    g.declare("bob", "it")
    g.call("cy", "bullshit", "ABCI")          # 'it' has no T: bob gains a tile
    assert g.tiles == {"ann": 1, "bob": 2, "cy": 1, "dee": 1}
    assert (g.round, g.opener, g.direction) == (2, "cy", -1)
    g.declare("cy", "b")
    assert g.to_move == "bob"                 # counterclockwise now
    with pytest.raises(IllegalMove, match="bob's turn"):
        g.declare("dee", "bi")


def test_declarations_need_to_rise_and_calls_need_a_declaration():
    g = LettersGame(["ann", "bob"])
    with pytest.raises(IllegalMove, match="nothing has been declared"):
        g.call("ann", "bullshit", "AB")
    g.declare("ann", "big")
    with pytest.raises(IllegalMove, match="strictly higher"):
        g.declare("bob", "it, is, so")


def test_revealed_tiles_must_match_what_players_hold():
    g = LettersGame(["ann", "bob"])
    g.declare("ann", "a")
    with pytest.raises(IllegalMove, match="3 tiles revealed, but the players hold 2"):
        g.call("bob", "bullshit", "ABC")


def test_exact_never_goes_below_zero_and_a_player_with_none_still_plays():
    g = LettersGame(["ann", "bob"])
    g.declare("ann", "ab")
    g.call("bob", "exact", "AB")              # 'ab' is the highest of AB: both lose
    assert g.tiles == {"ann": 0, "bob": 0}
    g.declare("bob", "a")                     # bob opens round 2 with no tiles
    g.call("ann", "exact", "")                # nothing revealed: 'a' does not exist
    assert g.tiles == {"ann": 1, "bob": 0}


def test_gaining_a_fifth_tile_puts_a_player_out_and_the_last_one_wins():
    g = LettersGame(["ann", "bob", "cy"], tiles={"ann": 4, "bob": 1, "cy": 1})
    g.declare("ann", "zax")                   # no Z revealed: bullshit makes ann gain a 5th
    g.call("bob", "bullshit", "ABCDEF")
    assert g.out == ["ann"] and g.opener == "bob"
    g.declare("bob", "xu")
    g.call("cy", "bullshit", "AB")            # no X: bob gains
    g.declare("cy", "ab")
    assert g.winner is None


def test_tile_limit_is_a_variant():
    g = LettersGame(["ann", "bob"], rules=LettersRules(tile_limit=1))
    g.declare("ann", "zax")
    g.call("bob", "bullshit", "AB")           # ann would hold 2 > 1: out
    assert g.out == ["ann"] and g.winner == "bob"
    with pytest.raises(GameOver, match="bob won"):
        g.declare("bob", "a")
    with pytest.raises(InvalidRules):
        LettersRules(tile_limit=0)
    with pytest.raises(InvalidRules, match="has no rules option 'tiles'"):
        LettersRules.from_dict({"tiles": 3})


def test_when_the_caller_is_out_the_declarer_opens():
    g = LettersGame(["ann", "bob", "cy"], tiles={"ann": 1, "bob": 1, "cy": 4})
    g.declare("ann", "a")
    g.declare("bob", "ab")
    g.call("cy", "bullshit", "ABCDEF")        # 'ab' exists: cy gains a 5th and is out
    assert g.out == ["cy"] and g.opener == "bob"


def test_a_call_may_be_given_as_the_enum_or_its_name():
    from solver import Call
    assert rule_call("ABEGIRR", "giber, ar", Call.EXACT).caller == -1
    assert rule_call("ABEGIRR", "giber, ar", " Exact ").caller == -1
