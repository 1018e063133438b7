"""JSON Schema pieces for the games' requests, and each rules object's schema from its fields.

The API's OpenAPI document and the registry's request schemas are built from
these, so that a rules option is described once, where it is defined:

>>> from solver.games.dice.game import DiceRules
>>> rules_schema(DiceRules)["properties"]["faces"]
{'type': 'integer', 'minimum': 2, 'maximum': 20, 'default': 6}

The schemas say what the readers take, no more and no less: text has the pattern of
what its reader reads (tiles, word sets, names, cards, ranks, numbers as digits), null
is listed where a reader takes it for "not given".  What no schema can say (a letter's
count in the tile set, a claim's grammar, a face above the table's) is a
:class:`Refusal`, which a game lists beside its schemas.  An "integer" is a JSON number
written without a fraction, as the readers take it: the API serves these schemas as
OpenAPI 3.0, where that is what "integer" means.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import sys
import typing
import unicodedata

from solver.errors import InvalidInput
from solver.words.tiles import IGNORED as IGNORED_IN_TILES
from solver.words.wordset import MAX_WORD_LENGTH, MAX_WORDS

from .names import UNSHOWABLE
from .table import MAX_DIGITS, MAX_EVENTS, MAX_NAME

MAX_PHRASE = 200  # characters of a claim said at the table

# Text patterns, as every reader of the document runs them: Python's re (the jsonschema
# package), Rust's regex (Schemathesis), ECMA-262.  Classes are spelled out, never \s
# or \d, whose meaning differs between them.
#
# Python's whitespace: what str.strip() and str.split() drop and re's \s matches.
SPACE = r"\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
VISIBLE = f"[^{SPACE}]"  # one character that is not whitespace: the text is not blank
# The whitespace a name may hold between its words (Unicode's space separators, Zs): the
# rest of Python's whitespace is control characters and line or paragraph separators.
NAME_SPACE = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"


@functools.cache
def category_class(categories: tuple[str, ...]) -> str:
    """The body of a pattern class for the characters of these Unicode categories (as
    Python's unicodedata has them), in ranges.  Surrogates are left out: no pattern engine
    of the document's readers takes them, and no JSON text decodes to one but by a lone
    escape (a name's reader refuses it)."""
    ranges: list[list[int]] = []
    for first, last, category in _category_runs():
        if category not in categories or category == "Cs":
            continue
        if ranges and ranges[-1][1] == first - 1:
            ranges[-1][1] = last
        else:
            ranges.append([first, last])
    return "".join(_char(a) if a == b else f"{_char(a)}-{_char(b)}" for a, b in ranges)


@functools.cache
def _category_runs() -> tuple[tuple[int, int, str], ...]:
    """Every character in runs of one category, (first, last, category): read once for
    every class (a look-up of each of Unicode's 1.1 million characters takes a while)."""
    runs, first = [], 0
    for category, run in itertools.groupby(map(unicodedata.category,
                                               map(chr, range(sys.maxunicode + 1)))):
        last = first + len(list(run)) - 1
        runs.append((first, last, category))
        first = last + 1
    return tuple(runs)


def _char(code: int) -> str:
    # ECMA-262 has no \U escape: a character past the BMP stands for itself
    if code < 0x80:
        return f"\\x{code:02x}" if not chr(code).isalnum() else chr(code)
    return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)


def no_case(text: str) -> str:
    """A pattern for ``text`` as ``str.lower()`` reads it: each ASCII letter in either
    case, and k also as the Kelvin sign, the one other character that lowers to an ASCII
    letter.

    >>> no_case("twl06"), no_case("k")
    ('[Tt][Ww][Ll]06', '[Kk\\\\u212a]')
    """
    return "".join(f"[{ch.upper()}{ch}{KELVIN if ch == 'k' else ''}]"
                   if ch.isascii() and ch.isalpha() else _escape(ch) for ch in text.lower())


KELVIN = r"\u212a"  # 'K'.lower() == 'k'


def _escape(ch: str) -> str:
    return "\\" + ch if ch in "\\^$.|?*+()[]{}-/" else ch


def name_pattern(names, *, empty: bool = False) -> str:
    """A pattern for a name read as ``name.strip().lower()`` is looked up (a lexicon, a
    tile set, a rules option's value); ``empty``: "" too, which means the default."""
    choice = "|".join(no_case(name) for name in names)
    named = f"[{SPACE}]*(?:{choice})[{SPACE}]*"
    return f"^(?:{named})?$" if empty else f"^{named}$"


def tiles() -> dict:
    """Revealed tiles as typed: letters A-Z in any case; spaces, tabs, commas and hyphens
    are ignored (solver.words.tiles.Tiles.parse).  How many of a letter the tile set
    holds is a rule beside the schema."""
    ignored = "".join(_escape(ch) if ch != "\t" else r"\t" for ch in IGNORED_IN_TILES)
    return {"type": "string", "pattern": f"^[A-Za-z{ignored}]*$"}


def word_set(*, letters_only: bool, description: str | None = None) -> dict:
    """A word set as sent: one string of words separated by whitespace, commas, semicolons
    or plus signs (``"big, g, er"``), or a list of such strings; at most MAX_WORDS words
    of at most MAX_WORD_LENGTH characters (solver.words.wordset.split_words).

    ``letters_only``: each word is letters A-Z (WordSet.parse); otherwise any characters
    (the word judge: a word that is not letters is not acceptable).  A list's words are
    counted across its items, which a schema cannot do: at least one word, at most
    MAX_WORDS, are rules beside it."""
    gap = f"[{SPACE},;+]"
    letter = "[A-Za-z]" if letters_only else f"[^{SPACE},;+]"
    word = f"{letter}{{1,{MAX_WORD_LENGTH}}}"
    text = {"type": "string", "examples": ["big, g, er"],
            "pattern": f"^{gap}*{word}(?:{gap}+{word}){{0,{MAX_WORDS - 1}}}{gap}*$"}
    item = {"type": "string", "pattern": f"^{gap}*(?:{word}(?:{gap}+{word})*)?{gap}*$"}
    schema = {"oneOf": [text, {"type": "array", "items": item,
                               "examples": [["big", "g", "er"]]}]}
    if description:
        schema["description"] = description
    return schema


def shape() -> dict:
    """A word set's shape: its word lengths, high to low."""
    return {"type": "array", "items": {"type": "integer", "minimum": 1},
            "description": "word lengths, high to low"}


def nullable(schema: dict) -> dict:
    """``schema`` or null: a field where null means "not given"."""
    kind = schema.get("type")
    if isinstance(kind, str):
        return {**schema, "type": [kind, "null"]}
    if "enum" in schema:
        return {**schema, "enum": [*schema["enum"], None]}
    return {"oneOf": [schema, {"type": "null"}]} if "oneOf" not in schema else \
        {**schema, "oneOf": [*schema["oneOf"], {"type": "null"}]}

_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}


def _typed(annotation) -> dict:
    """The schema's "type" (and "items") for a field's annotation."""
    if annotation in _TYPES:
        return {"type": _TYPES[annotation]}
    if typing.get_origin(annotation) is tuple:
        item = typing.get_args(annotation)[0]
        return {"type": "array", "items": _typed(item)}
    return {}  # a union: the option's schema says what it takes (enum, oneOf)


def rules_schema(rules_type) -> dict:
    """The schema of a rules dataclass: one property per :func:`~.base.option` field,
    its type from the annotation unless the option names its values (``enum``,
    ``oneOf``), then the option's bounds, the default and the description."""
    hints = typing.get_type_hints(rules_type)
    properties = {}
    for field in dataclasses.fields(rules_type):
        schema = dict(field.metadata.get("schema", {}))
        description = schema.pop("description", None)
        named = {"enum", "oneOf", "type"} & set(schema)
        prop = {} if named else _typed(hints[field.name])
        if "items" in schema and "items" in prop:
            prop["items"] = {**prop["items"], **schema.pop("items")}
        prop.update(schema)
        default = field.metadata.get("default", field.default)
        if default is not None or field.default is None:
            prop["default"] = list(default) if isinstance(default, tuple) else default
        if description:
            prop["description"] = description
        properties[field.name] = prop
    return {"type": "object", "additionalProperties": False, "properties": properties}


def rules_object(rules_type) -> dict:
    """The ``rules`` field of a request: the rules object, or null for every default.
    Option names may be written as docs/rules.md writes them (``one-deck``) or as Python
    does (``one_deck``): both are listed, and one of them may be given."""
    schema = rules_schema(rules_type)
    properties = dict(schema["properties"])
    twice = []
    for name, prop in schema["properties"].items():
        if "_" in name:
            properties[name.replace("_", "-")] = prop
            twice.append({"required": [name, name.replace("_", "-")]})
    schema = {**schema, "properties": properties}
    if twice:  # one spelling of an option, not both (of an object: null stays the defaults)
        schema["not"] = {"type": "object", "anyOf": twice}
    return nullable(schema)


def _shown() -> str:
    """A pattern class body for a character a name may not hold (names.UNSHOWABLE)."""
    return category_class(UNSHOWABLE)


def player_name() -> dict:
    """A seat's name as a replay reads it (solver.games.table.read_players): at most
    MAX_NAME characters, one of them not whitespace, none that a name may not hold
    (control, format and bidi characters, line and paragraph separators)."""
    bad = _shown()
    # one (capturing) group between the anchors: Schemathesis folds a length into a pattern's
    # repetitions only where it can, and its rewrite spells a character past the BMP as
    # \U, which ECMA-262 has not
    return {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
            "pattern": f"^([{NAME_SPACE}]*[^{SPACE}{bad}][^{bad}]*)$",
            "description": f"1 to {MAX_NAME} characters, not all whitespace, with no "
                           f"control, format (bidi) or line-separator character"}


def room_name() -> dict:
    """A name as a room reads it (solver.games.names.read_name): whitespace around it
    ignored, then words of characters a name may hold with spaces between them.  Its
    length, 1 to MAX_NAME once NFC-normalised and stripped, is a rule beside the schema
    (NFC may join or split characters), and so is the character that shows."""
    bad = _shown()
    char = f"[^{SPACE}{bad}]"
    return {"type": "string",
            "pattern": f"^[{SPACE}]*{char}(?:[{NAME_SPACE}]*{char})*[{SPACE}]*$",
            "examples": ["ann"],
            "description": f"a player's name: 1 to {MAX_NAME} characters once "
                           f"NFC-normalised and stripped of whitespace, one of which shows "
                           f"(not only fillers such as U+3164, or marks), with no control, "
                           f"format (bidi) or line-separator character; names that differ "
                           f"only in case or look alike (UTS #39 confusable skeletons: a "
                           f"Cyrillic а is an a) are one person"}


def players(low: int, high: int) -> dict:
    """The seats (solver.games.table.read_players): distinct names (case aside: a rule
    beside the schema); more than MAX_PLAYERS is 413, like every limit."""
    return {"type": "array", "minItems": low, "maxItems": high, "uniqueItems": True,
            "description": "the players in clockwise seat order; the first opens",
            "items": player_name()}


# A replay event's player is looked up among the seats: anything that is none of them
# (another name, a number, null) stops the replay there, as an illegal move does.
PLAYER = {"description": "who moves: one of the players; anyone (or anything) else is not "
                         "at the table, and the replay stops there (\"ok\": false)"}


def phrase(example: str) -> dict:
    """A claim as said at the table: it holds a word (not only whitespace); its grammar
    (solver.games.phrases) is a rule beside the schema."""
    return {"type": "string", "minLength": 1, "maxLength": MAX_PHRASE, "pattern": VISIBLE,
            "examples": [example], "description": "the claim as said at the table"}


def phrase_or(structured: dict, example: str) -> dict:
    """A claim: the phrase said at the table, or its structured form."""
    return {"oneOf": [phrase(example), structured]}


def replay_schema(rules: dict, seats: tuple[int, int], events: list[dict]) -> dict:
    return {"type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {"rules": rules, "players": players(*seats),
                           "events": {"type": "array", "maxItems": MAX_EVENTS,
                                      "items": {"oneOf": events}},
                           "fairness": {"description": "a room's fair-deal records, as its "
                                        "log carries them (docs/fair-deal.md): a replay "
                                        "ignores them, liars verify checks them"}}}


def event(kind, properties: dict, required: list[str], *, strict: bool = False) -> dict:
    """One kind of replay event: its "type" (a name, or a list of names that mean the
    same), its "player" and its own fields; ``strict``: no other field (the game refuses
    one it does not know; otherwise it ignores it)."""
    kinds = [kind] if isinstance(kind, str) else list(kind)
    schema = {"type": "object", "required": ["type", "player", *required],
              "properties": {"type": {"enum": kinds} if len(kinds) > 1 else {"const": kind},
                             "player": PLAYER, **properties}}
    if strict:
        schema["additionalProperties"] = False
    return schema


def digits(low: int, high: int) -> str:
    """A pattern for a whole number from ``low`` to ``high`` as text: ASCII digits,
    leading zeros and all, at most MAX_DIGITS of them (solver.games.table.small_int).

    >>> digits(2, 10)
    '(?:0{0,19}[2-9]|0{0,18}10)'
    """
    by_width: dict[int, list[int]] = {}
    for number in range(low, high + 1):
        by_width.setdefault(len(str(number)), []).append(number)
    parts = []
    for width, numbers in sorted(by_width.items()):
        if width == 1 and numbers == list(range(numbers[0], numbers[-1] + 1)) \
                and len(numbers) > 1:
            choice = f"[{numbers[0]}-{numbers[-1]}]"
        else:
            choice = "|".join(map(str, numbers))
            choice = choice if len(numbers) == 1 else f"(?:{choice})"
        parts.append(f"0{{0,{MAX_DIGITS - width}}}{choice}")
    return "(?:" + "|".join(parts) + ")"


def number_text(low: int, high: int) -> dict:
    """A whole number from ``low`` to ``high`` written as text, spaces around it."""
    return {"type": "string", "pattern": f"^[{SPACE}]*{digits(low, high)}[{SPACE}]*$"}


def _any_space(words: str) -> str:
    """A pattern for words in any case with any whitespace between them."""
    return f"[{SPACE}]+".join(no_case(word) for word in words.split())


def _choice(words) -> str:
    return "(?:" + "|".join(_any_space(word) for word in sorted(words, key=len,
                                                                 reverse=True)) + ")"


def rank_text() -> str:
    """A rank written as cards.parse_rank reads it (after stripping, in any case)."""
    from .cards import RANK_LABELS, RANK_WORDS
    return _choice([*RANK_WORDS, *(label.lower() for label in RANK_LABELS.values())]) \
        + "|" + digits(2, 10)


def rank() -> dict:
    """A rank: 2 to 14 (ace high), or its name or label as text."""
    return {"oneOf": [{"type": "integer", "minimum": 2, "maximum": 14},
                      {"type": "string", "pattern": f"^[{SPACE}]*(?:{rank_text()})[{SPACE}]*$"}],
            "description": "A K Q J 10 9 ... 2, a rank's name (queen, ten, deuce), or 2 to "
                           "14 (ace high)", "examples": ["K"]}


def card_text(*, words: bool = True) -> str:
    """One card as cards.Card.parse reads it: a joker, a rank with a suit's letter or
    symbol (QH, Q♥, 10d), a rank, or (``words``) '<rank> of <suit>', its words separated
    by any whitespace."""
    from .cards import SUIT_NAMES
    marks = "".join(name for name in SUIT_NAMES if len(name) == 1)
    short = "(?:10|[2-9]|" + "|".join(no_case(ch) for ch in "akqjt") + ")" \
            f"[{marks.upper()}{marks}]?"
    joker = "(?:" + "|".join(no_case(word) for word in ("joker", "jkr", "jk")) + "|\U0001f0cf)"
    one_word = f"{joker}|{short}|{rank_text()}"
    return f"{long_card_text()}|{one_word}" if words else one_word


def long_card_text() -> str:
    """'<rank> of <suit>', the words separated by any whitespace."""
    from .cards import SUIT_NAMES
    suits = _choice(name for name in SUIT_NAMES if name.isalpha())
    return f"(?:{rank_text()})[{SPACE}]+{no_case('of')}[{SPACE}]+{suits}"


def card() -> dict:
    return {"type": "string", "pattern": f"^[{SPACE}]*(?:{card_text()})[{SPACE}]*$",
            "description": "Q, 10, QH, Q♥, 'queen of hearts' or joker, in any case",
            "examples": ["QH"]}


def cards(limit: int) -> dict:
    """Cards as a list, or as one string (cards.parse_cards): separated by commas, or by
    whitespace within a comma's piece unless the piece is one '<rank> of <suit>'."""
    one, space = f"(?:{card_text(words=False)})", f"[{SPACE}]"
    piece = f"{space}*(?:{one}(?:{space}+{one})*|{long_card_text()})?{space}*"
    return {"oneOf": [{"type": "array", "items": card(), "maxItems": limit},
                      {"type": "string", "pattern": f"^{piece}(?:,{piece})*$",
                       "description": f"cards separated by commas or whitespace; at most "
                                      f"{limit}"}]}


# --- refusals beyond the schema ------------------------------------------------------

ANY = r"[\s\S]*"  # in a field pattern: any text, a player's name or a key


@dataclasses.dataclass(frozen=True)
class Refusal:
    """A refusal the schema cannot state: a request it admits may still be refused with
    ``error`` (its status and code) on a field matching ``field`` (a regular expression
    over the whole field), for ``rule``.  The API lists them as its x-rules."""

    error: type
    field: str
    rule: str

    def as_dict(self, prefix: str = "") -> dict:
        return {"status": self.error.status, "code": self.error.code,
                "field": prefix + self.field, "rule": self.rule}


# Seats that differ only in case or in how an accent is encoded are one person, twice.
PLAYERS_REFUSALS = (Refusal(InvalidInput, "players", "the names differ once NFC-normalised "
                                                      "and case-folded (Ann and ann are one "
                                                      "person)"),)

EVENT = r"events\[\d+\]"  # the field of a replay's event, as the registry names it


def on_field(refusals, field: str) -> list[Refusal]:
    """Refusals of a claim read under another field's name (an odds request's "bid")."""
    return [dataclasses.replace(r, field=field) for r in refusals]


def in_event(refusals) -> list[Refusal]:
    """Refusals of an event's fields, named as a replay names them: events[3].claim."""
    return [Refusal(r.error, f"{EVENT}\\.{r.field}" if r.field else EVENT, r.rule)
            for r in refusals]
