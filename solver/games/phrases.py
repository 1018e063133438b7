"""Claims as said at the table: "2 fives", "this is a queen", "full house, kings over threes".

One Aho-Corasick automaton (pyahocorasick) holds the vocabulary of all four
games: number words and digits, card ranks and dice faces in the singular
and the plural, suits, hand names, and the small words that join them.  A
phrase is read by a leftmost-longest match over that vocabulary, so "two
pair" wins over "two", and then a tiny per-game grammar turns the tokens
into a claim.  Every ``parse_*`` has a ``format_*`` that it reads back.

>>> parse_bid("five sixes"), parse_bid("2 fives"), parse_bid("a three")
((5, 6), (2, 5), (1, 3))
>>> parse_kind("this is a queen"), parse_play("two kings"), parse_play("king")
(12, (2, 13), (None, 13))
>>> parse_hand("two pair, jacks and fours"), parse_hand("full house, kings over threes")
(('two pair', (11, 4)), ('full house', (13, 3)))
>>> parse_hand("three kings"), format_hand("straight", (13,))
(('three of a kind', (13,)), 'straight, king high')
>>> parse_bid("five sixxes")
Traceback (most recent call last):
...
solver.errors.UnreadablePhrase: understood 'five' (quantity 5) but not 'sixxes'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import ahocorasick

from solver.errors import UnreadablePhrase

MAX_PHRASE = 200
MAX_NUMBER = 999

# Token kinds.
NUMBER = "number"    # "five", "5"; plural "fives", "5s" (a face or a rank)
ARTICLE = "article"  # "a", "an": one, or nothing
RANK = "rank"        # ace, king, queen, jack (other ranks are numbers)
HAND = "hand"        # a poker hand name
SUIT = "suit"
JOKER = "joker"
WORD = "word"        # joining words that carry meaning: of, and, over, high, full
FILLER = "filler"    # words that carry none: "this is", "i bid", "the"

HANDS = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
         "full house", "four of a kind", "straight flush")
HAND_SIZES = {"high card": 1, "pair": 1, "two pair": 2, "three of a kind": 1, "straight": 1,
              "flush": 1, "full house": 2, "four of a kind": 1, "straight flush": 1}
# The lowest top card of each: 5-4-3-2-A; a plain flush is at least 7-5-4-3-2, since
# 6-5-4-3-2 of one suit is a straight flush.
LOWEST_TOP = {"straight": 5, "straight flush": 5, "flush": 7}

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                 "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
RANK_WORDS = {"ace": 14, "king": 13, "queen": 12, "jack": 11}
HAND_SYNONYMS = {"high card": "high card", "pair": "pair", "one pair": "pair",
                  "two pair": "two pair", "two pairs": "two pair",
                  "three of a kind": "three of a kind", "trips": "three of a kind",
                  "straight": "straight", "flush": "flush", "full house": "full house",
                  "boat": "full house", "four of a kind": "four of a kind",
                  "quads": "four of a kind", "straight flush": "straight flush",
                  "royal flush": "straight flush"}
# Hands whose name says their rank: a royal flush is a straight flush, ace high.
NAMED_RANKS = {"royal flush": 14}
SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "♠": "S", "♥": "H",
          "♦": "D", "♣": "C"}
HAND_WORDS = ("of", "and", "over", "high", "full", "to")
FILLERS = ("this is", "this is a", "it's", "its", "it is", "that is", "that's", "i bid", "i say",
            "bid", "the", "there are", "there is", "at least", "i play", "here are", "here is",
            "card", "cards", "die", "dice", "in", "with", "x")


@dataclass(frozen=True)
class Token:
    """One understood piece of a phrase: its text, kind and value."""

    text: str
    kind: str
    value: object = None
    plural: bool = False


def _plural(word: str) -> str:
    return word + ("es" if word.endswith("x") else "s")


@lru_cache(maxsize=1)
def _automaton() -> ahocorasick.Automaton:
    """The vocabulary; keys are space-padded so every match sits on word edges."""
    vocab: dict[str, tuple] = {}
    for n, word in enumerate(NUMBER_WORDS):
        vocab[word] = (NUMBER, n, False)
        vocab[_plural(word)] = (NUMBER, n, True)
    for n in range(MAX_NUMBER + 1):
        vocab[str(n)] = (NUMBER, n, False)
        vocab[f"{n}s"] = vocab[f"{n}'s"] = (NUMBER, n, True)
    for word, rank in RANK_WORDS.items():
        vocab[word], vocab[_plural(word)] = (RANK, rank, False), (RANK, rank, True)
        if word != "ace":  # "a" is the article
            vocab[word[0]] = (RANK, rank, False)
            vocab[word[0] + "s"] = vocab[word[0] + "'s"] = (RANK, rank, True)
    vocab["a"] = vocab["an"] = vocab["one"] = (ARTICLE, 1, False)
    vocab["ones"] = (NUMBER, 1, True)
    vocab["deuce"], vocab["deuces"] = (NUMBER, 2, False), (NUMBER, 2, True)
    for phrase, hand in HAND_SYNONYMS.items():
        vocab[phrase] = (HAND, hand, False)
    for name, suit in SUIT_WORDS.items():
        vocab[name] = vocab[name.rstrip("s")] = (SUIT, suit, name.endswith("s"))
    vocab["joker"], vocab["jokers"] = (JOKER, None, False), (JOKER, None, True)
    for word in HAND_WORDS:
        vocab.setdefault(word, (WORD, word, False))
    for phrase in FILLERS:
        vocab.setdefault(phrase, (FILLER, None, False))
    automaton = ahocorasick.Automaton()
    for phrase, meaning in vocab.items():
        words = phrase.split()
        automaton.add_word(_pad(words), (len(_pad(words)), len(words), *meaning))
    automaton.make_automaton()
    return automaton


def _pad(words: list[str]) -> str:
    """Words joined by two spaces with one space either side.

    Padding both the keys and the text this way makes every match start and
    end on word edges, while neighbouring matches never overlap.
    """
    return " " + "  ".join(words) + " "


_PUNCTUATION = re.compile(r"[,;:.!?\"()\[\]/\-–—]+")
# Punctuation separates words ("full-house", "five sixes!"), but a sign or a decimal
# point is part of a number: dropping it would read "-1 sixes" as "1 six".
_SIGNS = "-+−–—"
_SIGNED = re.compile(rf"(?<![^\W\d_])[{_SIGNS}] ?\d|^[{_SIGNS}]")  # not after a letter
_FRACTION = re.compile(r"\d[.,/]\d")
_WHOLE = "numbers in a claim are whole numbers, 1 or more"


def _piece(text: str, at: int) -> str:
    """The piece of ``text`` (words single-spaced) that holds position ``at``, as typed;
    a sign standing apart ("- 1") keeps the word after it."""
    start = text.rfind(" ", 0, at) + 1
    words = text[start:].split(" ")
    return " ".join(words[:2]) if words[0] in _SIGNS and len(words) > 1 else words[0]


def _refuse_signs(text: str) -> None:
    """A number with a sign or a decimal point is refused, naming it, never read without it.

    >>> _refuse_signs("-1 sixes")
    Traceback (most recent call last):
    ...
    solver.errors.UnreadablePhrase: '-1' has a sign: numbers in a claim are whole numbers,
    1 or more
    """
    text = " ".join(text.split())
    signed = _SIGNED.search(text)
    if signed and signed.start() > 0 and text[signed.start() - 1].isdigit():  # "2-5"
        raise UnreadablePhrase(f"{_piece(text, signed.start())!r} is not a whole number: "
                               f"{_WHOLE}")
    if signed:
        raise UnreadablePhrase(f"{_piece(text, signed.start())!r} has a sign: {_WHOLE}")
    fraction = _FRACTION.search(text)
    if fraction:
        raise UnreadablePhrase(f"{_piece(text, fraction.start())!r} is not a whole number: "
                               f"{_WHOLE}")


def _normalize(text) -> str:
    if not isinstance(text, str):
        raise UnreadablePhrase(f"a claim must be a phrase or a structured object, not {text!r}")
    if len(text) > MAX_PHRASE:
        raise UnreadablePhrase(f"a claim phrase is at most {MAX_PHRASE} characters, "
                               f"not {len(text)}")
    _refuse_signs(text)
    text = text.lower().replace("’", "'")
    for symbol in "♠♥♦♣":
        text = text.replace(symbol, f" {symbol} ")
    return " ".join(_PUNCTUATION.sub(" ", text).split())


def tokenize(text: str) -> tuple[list[Token], list[str]]:
    """The understood tokens of a phrase, and the words not understood.

    >>> tokens, unknown = tokenize("I bid five sixxes")
    >>> [(t.text, t.kind, t.value) for t in tokens], unknown
    ([('i bid', 'filler', None), ('five', 'number', 5)], ['sixxes'])
    """
    words = _normalize(text).split()
    starts, offset = {}, 1  # where each word begins in the padded text
    for i, word in enumerate(words):
        starts[offset] = i
        offset += len(word) + 2
    covered = [False] * len(words)
    tokens = []
    for end, (length, count, kind, value, plural) in _automaton().iter_long(_pad(words)):
        first = starts[end - length + 2]
        for i in range(first, first + count):
            covered[i] = True
        tokens.append(Token(" ".join(words[first:first + count]), kind, value, plural))
    unknown = [word for word, ok in zip(words, covered) if not ok]
    return tokens, unknown


# --- reporting what was understood ---------------------------------------------------

def _label(token: Token, role: str | None = None) -> str:
    if role:
        return f"'{token.text}' ({role} {token.value})"
    if token.kind == NUMBER:
        return f"'{token.text}' (number {token.value})"
    if token.kind == RANK:
        return f"'{token.text}' (rank {_rank_word(token.value)})"
    if token.kind == HAND:
        return f"'{token.text}' (hand {token.value})"
    if token.kind == SUIT:
        return f"'{token.text}' (suit {token.value})"
    return f"'{token.text}'"


def _unreadable(text, labels: list[str], problem: str) -> UnreadablePhrase:
    if labels:
        return UnreadablePhrase(f"understood {', '.join(labels)} but {problem}")
    return UnreadablePhrase(f"could not read {text!r}: {problem}")


def _read(text, what: str, labeller) -> list[Token]:
    """The meaningful tokens of a phrase, or an error naming the words not understood."""
    tokens, unknown = tokenize(text)
    if unknown:
        listed = " ".join(unknown)
        if not tokens:
            raise _unreadable(text, [], f"'{listed}' names no {what}")
        raise _unreadable(text, labeller(tokens), f"not '{listed}'")
    tokens = [t for t in tokens if t.kind != FILLER]
    if not tokens:
        raise _unreadable(text, [], f"it names no {what}")
    return tokens


# --- Liar's Dice: "2 fives" ----------------------------------------------------------

def _dice_labels(tokens: list[Token]) -> list[str]:
    """Name each number's role: the first singular one is the quantity, the rest faces."""
    labels, quantity_seen = [], False
    for token in tokens:
        if token.kind in (NUMBER, ARTICLE) or (token.kind == RANK and token.value == 14):
            role = "face" if token.plural or quantity_seen else "quantity"
            quantity_seen = True
            value = 1 if token.kind == RANK else token.value
            labels.append(f"'{token.text}' ({role} {value})")
        else:
            labels.append(_label(token))
    return labels


def parse_bid(text: str) -> tuple[int, int]:
    """A dice bid phrase as ``(quantity, face)``; "aces" and "ones" are face 1."""
    tokens = _read(text, "bid", _dice_labels)
    numeric = [t for t in tokens if t.kind in (NUMBER, ARTICLE) or
               (t.kind == RANK and t.value == 14)]
    if len(numeric) != 2 or len(tokens) != 2:
        raise _unreadable(text, _dice_labels(tokens),
                          "a bid is a quantity and a face, like '2 fives'")
    quantity, face = numeric
    if quantity.plural:
        raise _unreadable(text, _dice_labels(tokens),
                          "a bid is a quantity and a face, like '2 fives'")
    return quantity.value, 1 if face.kind == RANK else face.value


def format_bid(quantity: int, face: int) -> str:
    """The table phrase for a bid: ``2 fives``, ``1 three``.

    >>> format_bid(2, 5), format_bid(1, 3), parse_bid(format_bid(12, 6))
    ('2 fives', '1 three', (12, 6))
    """
    word = NUMBER_WORDS[face] if face < len(NUMBER_WORDS) else str(face)
    return f"{quantity} {word if quantity == 1 else _plural(word)}"


# --- card ranks: Liar's Post and Liar Liar --------------------------------------------

def _rank_word(rank: int) -> str:
    names = {14: "ace", 13: "king", 12: "queen", 11: "jack"}
    return names.get(rank) or NUMBER_WORDS[rank]


def _as_rank(token: Token) -> int | None:
    if token.kind == RANK:
        return token.value
    if token.kind == NUMBER and 2 <= token.value <= 10:
        return token.value
    return None


def parse_kind(text: str) -> int:
    """The one rank a Liar's Post claim names: "this is a queen" -> 12."""
    tokens = _read(text, "card", lambda ts: [_label(t) for t in ts])
    named = [t for t in tokens if t.kind != ARTICLE]
    if len(named) != 1 or _as_rank(named[0]) is None:
        raise _unreadable(text, [_label(t) for t in tokens],
                          "a claim names one kind of card, like 'this is a queen'")
    return _as_rank(named[0])


def format_kind(rank: int) -> str:
    """>>> format_kind(12), parse_kind(format_kind(10))
    ('this is a queen', 10)
    """
    word = _rank_word(rank)
    return f"this is {'an' if word[0] in 'aeiou' else 'a'} {word}"


def _play_labels(tokens: list[Token]) -> list[str]:
    labels = []
    for i, token in enumerate(tokens):
        counted = i + 1 < len(tokens) and token.kind in (NUMBER, ARTICLE) and not token.plural
        labels.append(_label(token, "count") if counted else _label(token))
    return labels


def parse_play(text: str) -> tuple[int | None, int | None]:
    """A Liar Liar play as ``(count or None, rank or None)``: "two kings" -> (2, 13).

    A rank alone ("kings", "king") leaves the count to the cards played.  A
    number alone ("two", "one", "2") is the count: a follower plays as the
    round's rank, which the opener has already named, so after "two kings"
    a follower's "two" is two more kings.  A number rank said alone is
    plural: "tens".

    >>> parse_play("two"), parse_play("one"), parse_play("tens")
    ((2, None), (1, None), (None, 10))
    """
    tokens = _read(text, "rank", _play_labels)
    if tokens[0].kind == JOKER or (len(tokens) == 2 and tokens[1].kind == JOKER):
        raise _unreadable(text, _play_labels(tokens), "a joker is not a rank to declare")
    if len(tokens) == 1 and tokens[0].kind in (NUMBER, ARTICLE) and not tokens[0].plural:
        return tokens[0].value, None
    if len(tokens) == 1 and _as_rank(tokens[0]) is not None:
        return None, _as_rank(tokens[0])
    if (len(tokens) == 2 and tokens[0].kind in (NUMBER, ARTICLE) and not tokens[0].plural
            and _as_rank(tokens[1]) is not None):
        return tokens[0].value, _as_rank(tokens[1])
    raise _unreadable(text, _play_labels(tokens),
                      "a play is a count and a rank, like 'two kings'")


def format_play(count: int | None, rank: int | None) -> str:
    """>>> format_play(2, 13), format_play(1, 6), format_play(None, 10), format_play(3, None)
    ('two kings', 'one six', 'tens', 'three')
    """
    number = None if count is None else \
        NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    if rank is None:
        return number
    word = _rank_word(rank)
    if count is None:
        return _plural(word)
    return f"{number} {word if count == 1 else _plural(word)}"


# --- Liar's Poker: named hands -------------------------------------------------------

BY_COUNT = {1: "high card", 2: "pair", 3: "three of a kind", 4: "four of a kind"}


def parse_hand(text: str) -> tuple[str, tuple[int, ...]]:
    """A poker hand phrase as ``(hand name, ranks)``.

    Ranks are the hand's defining ranks: two pair high then low, full house
    three then two, straights and flushes by their top card.

    >>> parse_hand("a pair of jacks"), parse_hand("kings full of threes")
    (('pair', (11,)), ('full house', (13, 3)))
    >>> parse_hand("straight flush, nine high"), parse_hand("ace high")
    (('straight flush', (9,)), ('high card', (14,)))
    >>> parse_hand("a royal flush")
    ('straight flush', (14,))
    """
    _refuse_kicker(text)
    tokens = _read(text, "hand", _play_labels)
    hands = [t.value for t in tokens if t.kind == HAND]
    words = {t.value for t in tokens if t.kind == WORD}
    ranks, counts = [], []
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if (token.kind in (NUMBER, ARTICLE) and not token.plural and following is not None
                and following.plural and _as_rank(following) is not None):
            counts.append(token.value)
        elif token.kind != ARTICLE and _as_rank(token) is not None:
            ranks.append(_as_rank(token))
        elif token.kind not in (HAND, WORD, ARTICLE):
            raise _unreadable(text, _play_labels(tokens),
                              f"'{token.text}' has no place in a poker hand")
    if len(hands) > 1:
        raise _unreadable(text, _play_labels(tokens), "a claim names one hand")
    if hands:
        hand = hands[0]
    elif "full" in words:
        hand = "full house"
    elif sorted(counts) == [2, 3]:
        hand, ranks = "full house", ranks if counts[0] == 3 else ranks[::-1]
    elif counts == [2, 2]:
        hand = "two pair"
    elif len(counts) == 1 and counts[0] in BY_COUNT:
        hand = BY_COUNT[counts[0]]
    elif "high" in words and len(ranks) == 1:
        hand = "high card"
    else:
        raise _unreadable(text, _play_labels(tokens),
                          "no hand is named, like 'pair of jacks' or 'three kings'")
    if hand == "two pair":
        ranks = sorted(ranks, reverse=True)
    named = [t for t in tokens if t.kind == HAND and t.text in NAMED_RANKS]
    if named:
        rank = NAMED_RANKS[named[0].text]
        if ranks not in ([], [rank]):
            raise _unreadable(text, _play_labels(tokens), f"a {named[0].text} is "
                              f"{format_hand(hand, (rank,)).split(', ')[1]}, not "
                              f"{_rank_word(ranks[0])} high")
        ranks = [rank]
    if len(ranks) != HAND_SIZES[hand]:
        need = HAND_SIZES[hand]
        raise _unreadable(text, _play_labels(tokens),
                          f"{hand} needs {need} rank{'s' if need > 1 else ''}, "
                          f"like '{format_hand(hand, EXAMPLE_RANKS[hand])}'")
    return hand, tuple(ranks)


def _refuse_kicker(text) -> None:
    """Refuse a hand said with a kicker: "a pair and a king", "three of a kind with a jack".

    A rank joined by "and a" or "with a(n)" after the hand is a kicker, which
    the ladder does not rank, so it is not read as one of the hand's ranks.
    """
    tokens, unknown = tokenize(text)
    if unknown:
        return  # _read names the words not understood
    for i in range(1, len(tokens) - 2):
        joiner, article, rank = tokens[i:i + 3]
        if not (joiner.text in ("and", "with") and article.kind == ARTICLE
                and _as_rank(rank) is not None):
            continue
        said = [t for t in tokens[:i] if t.kind != FILLER]
        if not any(t.kind == HAND or _as_rank(t) is not None for t in said):
            continue
        understood = " ".join(t.text for t in said)
        rest = " ".join(t.text for t in tokens[i:])
        hands = [t.value for t in said if t.kind == HAND]
        try:
            hint = f"claim '{format_hand(*parse_hand(understood))}'"
        except UnreadablePhrase:
            if len(hands) == 1 and HAND_SIZES[hands[0]] == 1:
                hint = f"name the hand's rank, like '{format_hand(hands[0], (_as_rank(rank),))}'"
            else:
                hand = hands[0] if len(hands) == 1 else "pair"
                hint = f"name the hand's ranks, like '{format_hand(hand, EXAMPLE_RANKS[hand])}'"
        raise UnreadablePhrase(f"understood '{understood}' but not '{rest}': a kicker is not "
                               f"part of a claim; {hint}")


EXAMPLE_RANKS = {"high card": (14,), "pair": (11,), "two pair": (11, 4),
                  "three of a kind": (13,), "straight": (9,), "flush": (14,),
                  "full house": (13, 3), "four of a kind": (7,), "straight flush": (9,)}


def format_hand(hand: str, ranks: tuple[int, ...]) -> str:
    """The canonical phrase for a hand; :func:`parse_hand` reads it back.

    >>> format_hand("two pair", (11, 4)), format_hand("full house", (13, 3))
    ('two pair, jacks and fours', 'full house, kings over threes')
    """
    plural = [_plural(_rank_word(r)) for r in ranks]
    if hand == "high card":
        return f"high card, {_rank_word(ranks[0])}"
    if hand == "pair":
        return f"pair of {plural[0]}"
    if hand == "two pair":
        return f"two pair, {plural[0]} and {plural[1]}"
    if hand == "full house":
        return f"full house, {plural[0]} over {plural[1]}"
    if hand in ("straight", "flush", "straight flush"):
        return f"{hand}, {_rank_word(ranks[0])} high"
    return f"{hand}, {plural[0]}"
