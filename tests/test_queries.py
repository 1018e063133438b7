"""Dictionary queries (solver/words/queries.py) against a plain scan of the word list.

The reference below reads each query's parts itself (fnmatch for patterns, Counter
for anagrams and letters, set lookups for hooks) and walks every word; the library's
answer (count, page, order, hooks) must be the same on many random queries, over a
bundled lexicon and over a user's word list.
"""

from __future__ import annotations

import fnmatch
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import InvalidQuery, LiarsError
from solver.words.dictionary import answer_query, find_words
from solver.words.lexicon import load_lexicon
from solver.words.queries import DEFAULT_LIMIT, MAX_LIMIT, Pattern, Rack, WordQuery

SETTINGS = settings(deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- the reference: a plain scan ------------------------------------------------------

class Reference:
    """Every word of a lexicon, and the answer to a query by looking at each one."""

    def __init__(self, lexicon):
        self.words = list(lexicon._words.keys())
        self.set = set(self.words)
        self.longest = max(map(len, self.words))
        # each word's letters and how many of each, counted once (Counter(word).items())
        self.letters = {w: tuple(Counter(w).items()) for w in self.words}

    def answer(self, parts: dict):
        """(count, page, hooks) or the name of the part a correct query must refuse."""
        get = lambda k: (parts.get(k) or "")  # noqa: E731
        anagram = get("anagram").lower()
        pattern = get("pattern").lower().replace("[^", "[!")
        hooks = get("hooks").lower()
        starts, ends = get("starts").lower(), get("ends").lower()
        contains = Counter(get("contains").lower())
        low, high = parts.get("min"), parts.get("max")
        if low is not None and high is not None and low > high:
            return "min"
        fixed = len(pattern) - pattern.count("*") - sum(
            len(c) + 1 for c in _classes(pattern))  # the letters a pattern needs
        if pattern and fixed > self.longest:
            return "pattern"
        if anagram and low is None and high is None and len(anagram) > self.longest:
            return "anagram"
        if low is not None and low > self.longest:
            return "min"
        rack = Counter(anagram.replace("?", ""))
        blanks = anagram.count("?")
        if anagram and low is None and high is None:
            low = high = len(anagram)
        low = low or 1
        high = high or 99

        def ok(word):
            if not low <= len(word) <= high:
                return False
            if anagram and sum(max(0, n - rack[c]) for c, n in self.letters[word]) > blanks:
                return False  # more letters missing from the rack than it has blanks
            if pattern and not fnmatch.fnmatchcase(word, pattern):
                return False
            if hooks and not (len(word) == len(hooks) + 1
                              and (word[1:] == hooks or word[:-1] == hooks)):
                return False
            if not (word.startswith(starts) and word.endswith(ends)):
                return False
            if not contains:
                return True
            have = dict(self.letters[word])
            return all(have.get(c, 0) >= n for c, n in contains.items())

        found = [w for w in self.words if ok(w)]
        if parts.get("order") == "alphabetical":
            found.sort()
        else:
            found.sort(key=lambda w: (-len(w), w))
        offset, limit = parts.get("offset", 0), parts.get("limit", DEFAULT_LIMIT)
        hooked = None
        if hooks:
            hooked = {"front": [(w[0], w) for w in sorted(found) if w[1:] == hooks],
                      "back": [(w[-1], w) for w in sorted(found) if w[:-1] == hooks],
                      "valid": hooks in self.set}
        return len(found), found[offset:offset + limit], hooked


def _classes(pattern: str) -> list[str]:
    """The bodies of the [...] classes of a pattern (each stands for one letter)."""
    out, i = [], 0
    while (i := pattern.find("[", i)) >= 0:
        close = pattern.index("]", i)
        out.append(pattern[i + 1:close])
        i = close + 1
    return out


def check(lexicon, reference, parts):
    expected = reference.answer(parts)
    if isinstance(expected, str):
        with pytest.raises(InvalidQuery) as err:
            answer_query(WordQuery.parse(parts), lexicon)
        assert err.value.field == expected, (parts, err.value.message)
        return
    answer = answer_query(WordQuery.parse(parts), lexicon)
    count, page, hooked = expected
    assert (answer.count, answer.words) == (count, page), parts
    if hooked is not None:
        assert list(answer.hooks.front) == hooked["front"], parts
        assert list(answer.hooks.back) == hooked["back"], parts
        assert answer.hooks.valid == hooked["valid"]


# --- random queries ----------------------------------------------------------------------

COMMON = "aeioulnrstdgbcmp"
letters = st.text(alphabet=COMMON + "yzqxjk", min_size=1, max_size=3)
letter_class = st.builds(lambda neg, body: "[" + ("^" if neg else "") + body + "]",
                         st.booleans(), st.text(alphabet=COMMON, min_size=1, max_size=5))
pattern_token = st.one_of(st.sampled_from(list(COMMON)), st.just("?"), st.just("*"),
                          letter_class)
patterns = st.lists(pattern_token, min_size=1, max_size=7).map("".join)
racks = st.builds(lambda ls, b: ls + "?" * b,
                  st.text(alphabet=COMMON + "yzqx", min_size=0, max_size=8),
                  st.integers(0, 2)).filter(bool)
filters = st.fixed_dictionaries({}, optional={
    "min": st.integers(1, 9), "max": st.integers(2, 16),
    "starts": st.text(alphabet=COMMON, min_size=1, max_size=2),
    "ends": st.text(alphabet=COMMON, min_size=1, max_size=2),
    "contains": st.text(alphabet=COMMON + "z", min_size=1, max_size=3),
    "order": st.sampled_from(["longest", "alphabetical"]),
    "limit": st.integers(0, 60), "offset": st.integers(0, 40)})


def queries(hook_words):
    kind = st.one_of(st.fixed_dictionaries({"anagram": racks}),
                     st.fixed_dictionaries({"pattern": patterns}),
                     st.fixed_dictionaries({"hooks": st.sampled_from(hook_words) | letters}))
    return st.builds(lambda k, f: {**k, **f}, kind, filters)


@pytest.fixture(scope="module")
def word_list(tmp_path_factory):
    """A user's word list: a random fifth of twl06, a few single letters, a long word."""
    words = load_lexicon("twl06")._words.keys()
    rng = random.Random(13)
    chosen = rng.sample(sorted(words), len(words) // 5) + ["a", "i", "o",
                                                           "pneumonoultramicroscopic"]
    path = tmp_path_factory.mktemp("lists") / "study.txt"
    path.write_text("\n".join(chosen) + "\n")
    return str(path)


@pytest.fixture(scope="module")
def user(word_list, tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("LIARS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    lexicon = load_lexicon(word_list)
    return lexicon, Reference(lexicon)


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


@pytest.fixture(scope="module")
def twl_reference(twl):
    return Reference(twl)


def test_random_queries_on_a_user_word_list(user):
    lexicon, reference = user
    hook_words = [w for w in reference.words if len(w) <= 4][:300]

    @settings(SETTINGS, max_examples=400)
    @given(queries(hook_words))
    def run(parts):
        check(lexicon, reference, parts)

    run()


def test_random_queries_on_twl06(twl, twl_reference):
    hook_words = ["are", "at", "ate", "qi", "za", "rest", "lin", "ohm"]

    @settings(SETTINGS, max_examples=50)
    @given(queries(hook_words))
    def run(parts):
        check(twl, twl_reference, parts)

    run()


@pytest.mark.parametrize("parts", [
    {"pattern": "B?G*"}, {"pattern": "*ING", "limit": 1000}, {"pattern": "Q[^U]*"},
    {"pattern": "*", "min": 15, "order": "alphabetical"}, {"pattern": "???", "offset": 900},
    {"pattern": "*A*E*I*O*U*"}, {"pattern": "?*[AEI]??*Z"}, {"pattern": "[^AEIOU]*[^AEIOU]"},
    {"anagram": "RETAINS?", "limit": 1000}, {"anagram": "AEINRST??", "limit": 1000},
    {"anagram": "AEINRST?", "min": 2, "limit": 1000}, {"anagram": "QUIZ??", "max": 4},
    {"anagram": "??", "order": "alphabetical"}, {"anagram": "ZZZ"},
    {"hooks": "ARE"}, {"hooks": "QI"}, {"hooks": "XYZZY"}, {"hooks": "A", "ends": "A"},
    {"contains": "QZ"}, {"starts": "UN", "ends": "ING", "max": 7}, {"ends": "Q"},
    {"min": 15, "contains": "EEE", "limit": 1000}, {"max": 2, "order": "alphabetical"},
])
def test_named_queries_on_twl06(twl, twl_reference, parts):
    check(twl, twl_reference, parts)


def test_pattern_matches_as_fnmatch_on_long_words():
    """Middle stars are pinned to the leftmost fit: still right on words of 31 letters."""
    rng = random.Random(8)
    for _ in range(300):
        text = "".join(rng.choice(["a", "b", "?", "*", "*", "[ab]", "[^a]"])
                       for _ in range(rng.randint(1, 9)))
        pattern = Pattern.parse(text)
        for _ in range(20):
            word = "".join(rng.choice("abc") for _ in range(rng.randint(1, 31)))
            expected = fnmatch.fnmatchcase(word, text.replace("[^", "[!"))
            assert pattern.matches(word) == expected, (text, word)


def test_many_stars_stay_linear_on_long_words(tmp_path, monkeypatch):
    """Sixteen stars against words of 31 letters: a backtracking matcher would try
    C(31, 15) splits per word; pinning each middle run to its leftmost fit answers at once."""
    monkeypatch.setenv("LIARS_CACHE_DIR", str(tmp_path / "cache"))
    words = ["a" * 31, "a" * 30 + "b", "ab" * 15 + "a", "b" * 31]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(words) + "\n")
    text = "*A" * 15 + "*B"
    answer = find_words(str(path), pattern=text)
    assert answer.words == [w for w in words if fnmatch.fnmatchcase(w, text.lower())]
    assert answer.words == ["a" * 30 + "b"]
    assert Pattern.parse(text).matches("a" * 31) is False


# --- parse and format ----------------------------------------------------------------------

@SETTINGS
@given(queries(["are", "qi"]))
def test_format_reads_back_to_the_same_query(parts):
    try:
        query = WordQuery.parse(parts)
    except InvalidQuery:
        return
    assert WordQuery.parse(query.format()) == query
    assert WordQuery.parse({k: str(v) for k, v in query.format().items()}) == query


@SETTINGS
@given(patterns)
def test_pattern_text_is_canonical(text):
    pattern = Pattern.parse(text)
    assert Pattern.parse(str(pattern)) == pattern
    assert str(Pattern.parse(str(pattern))) == str(pattern)
    assert Pattern.parse(text.upper()) == pattern


def test_canonical_forms():
    assert str(Pattern.parse("**?*a")) == "?*A"
    assert str(Pattern.parse("[eia][^aeiou]")) == "[AEI][^AEIOU]"
    assert str(Rack.parse("q i ? z")) == "IQZ?"
    assert WordQuery.parse(anagram="zqi?", contains="ba", order="Alphabetical").format() == {
        "anagram": "IQZ?", "contains": "AB", "order": "alphabetical"}


def test_answer_as_dict():
    answer = find_words(hooks="qi", limit=1)
    assert answer.as_dict() == {
        "query": {"hooks": "QI", "limit": 1}, "lexicon": "twl06", "count": 1, "offset": 0,
        "limit": 1, "order": "longest", "words": ["qis"],
        "hooks": {"word": "qi", "valid": True, "front": [],
                  "back": [{"letter": "s", "word": "qis"}]}}


# --- bad queries -------------------------------------------------------------------------------

@pytest.mark.parametrize("parts, field, message", [
    ({"pattern": "B[AE"}, "pattern", "unclosed '[' at character 2"),
    ({"pattern": ""}, "pattern", "the pattern is empty"),
    ({"pattern": "   "}, "pattern", "the pattern is empty"),
    ({"pattern": "B]G"}, "pattern", "']' at character 2 of the pattern closes no '['"),
    ({"pattern": "[]*"}, "pattern", "[] lists no letters"),
    ({"pattern": "[^ABCDEFGHIJKLMNOPQRSTUVWXYZ]"}, "pattern", "leaves no letter"),
    ({"pattern": "B1G"}, "pattern", "'1' cannot be in a pattern"),
    ({"pattern": "[A-E]"}, "pattern", "'-' cannot be inside [...]"),
    ({"pattern": "*" * 201}, "pattern", "at most 200"),
    ({"anagram": "AB???"}, "anagram", "3 blanks ('?') in the anagram: at most 2"),
    ({"anagram": ""}, "anagram", "the anagram is empty"),
    ({"anagram": "AB*"}, "anagram", "'*' cannot be in an anagram"),
    ({"anagram": "A" * 32}, "anagram", "at most 31"),
    ({"hooks": "B1G"}, "hooks", "'1' cannot be in the word to hook"),
    ({"hooks": ""}, "hooks", "'hooks' needs a word"),
    ({"pattern": "B*", "hooks": "ARE"}, "hooks", "give one of anagram, pattern or hooks"),
    ({}, "pattern", "nothing to look for"),
    ({"order": "alphabetical"}, "pattern", "nothing to look for"),
    ({"pattern": "B*", "limit": MAX_LIMIT + 1}, "limit", "'limit' must be from 0 to 1000"),
    ({"pattern": "B*", "limit": -1}, "limit", "'limit' must be from 0 to 1000, not -1"),
    ({"pattern": "B*", "limit": "ten"}, "limit", "'limit' must be a whole number"),
    ({"pattern": "B*", "limit": True}, "limit", "'limit' must be a whole number"),
    ({"pattern": "B*", "offset": 10**7}, "offset", "'offset' must be from 0 to 1000000"),
    ({"pattern": "B*", "min": 0}, "min", "'min' must be from 1 to 31"),
    ({"pattern": "B*", "min": 5, "max": 3}, "min", "'min' (5) is more than 'max' (3)"),
    ({"pattern": "B*", "order": "random"}, "order", "'order' must be longest or alphabetical"),
    ({"pattern": "B*", "starts": "B-"}, "starts", "'-' cannot be in 'starts'"),
    ({"pattern": "B*", "sort": "x"}, "sort", "unknown query part(s) 'sort'"),
    ({"pattern": 7}, "pattern", "'pattern' must be text, not int"),
])
def test_bad_queries_name_what_is_wrong(parts, field, message):
    with pytest.raises(InvalidQuery) as err:
        WordQuery.parse(parts)
    assert err.value.field == field
    assert message in err.value.message
    assert isinstance(err.value, LiarsError) and err.value.code == "invalid_query"


@pytest.mark.parametrize("parts, field, message", [
    ({"pattern": "B" + "?" * 15}, "pattern", "the longest word in twl06 has 15"),
    # past a word list's cap of 31 letters too: the limit named is the lexicon's, not 31
    ({"pattern": "?" * 32}, "pattern", "of 32 letters or more: the longest word in twl06 "
                                       "has 15"),
    ({"pattern": "Q*" + "?" * 198}, "pattern", "the longest word in twl06 has 15"),
    ({"anagram": "ABCDEFGHIJKLMNOP"}, "anagram", "16 letters to anagram"),
    ({"pattern": "*", "min": 16}, "min", "the longest word in twl06 has 15 letters"),
])
def test_queries_no_word_can_match_are_refused(twl, parts, field, message):
    with pytest.raises(InvalidQuery) as err:
        answer_query(WordQuery.parse(parts), twl)
    assert err.value.field == field and message in err.value.message


def test_sub_anagrams_of_more_letters_than_the_longest_word(twl):
    """Only an exact anagram needs a word that long; sub-anagrams of 20 letters are fine."""
    answer = answer_query(WordQuery.parse(anagram="ABCDEFGHIJKLMNOPQRST", min=8), twl)
    assert answer.count > 0 and all(len(w) >= 8 for w in answer.words)


def test_find_words_is_one_import_from_solver():
    """The common case is one call, from the package itself (as the README shows it)."""
    import subprocess
    import sys

    import solver
    assert "find_words" in solver.__all__ and solver.find_words is find_words
    out = subprocess.run([sys.executable, "-c", "from solver import find_words; "
                          "print(find_words(hooks='are').hooks.back_letters)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "AS"
