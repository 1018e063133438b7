"""Players' names as every game reads them: one spelling for one person.

A name is NFC-normalised text of 1 to 40 characters with no control or bidi
formatting characters, and two names that differ only in case (or in how an
accent is encoded) are the same person.

A room, where each phone picks its own name, reads names more strictly
(:func:`read_name`, :func:`same_name`): a name needs a character that shows, and two
names that look alike (their confusable skeletons, UTS #39, match) are one person, so
no one can sit as an invisible player or pass for another.

>>> read_name("  Ana\\u0301 ")
'Aná'
>>> same_name("ANÁ", "ana\\u0301")
True
>>> same_name("\\u0430nn", "ann"), same_name("\\u0410NN", "ann"), same_name("ann", "anne")
(True, True, False)
>>> read_name("b\\u202eob")
Traceback (most recent call last):
...
solver.errors.InvalidInput: a name may not hold control or bidi characters ('\\u202e')
>>> read_name("\\u3164")
Traceback (most recent call last):
...
solver.errors.InvalidInput: a name needs a character that shows, not only blanks, fillers
or marks (U+3164)
>>> read_name("\\u115f\\u1160 \\uffa0\\u2800\\u0301")
Traceback (most recent call last):
...
solver.errors.InvalidInput: a name needs a character that shows, not only blanks, fillers
or marks (U+115F, U+1160, U+0020 and 3 more)
"""

from __future__ import annotations

import unicodedata

from solver.errors import InvalidInput, shown

from .confusables import ignorable, skeleton

MAX_NAME = 40
BLANKS = frozenset("\u2800")  # BRAILLE PATTERN BLANK: a symbol, and it shows nothing


def read_name(name) -> str:
    """The name as stored and shown, or an InvalidInput that says what is wrong with it."""
    if not isinstance(name, str):
        raise InvalidInput(f"a name is text, not {type(name).__name__}", field="name")
    name = unicodedata.normalize("NFC", name).strip()
    bad = unshowable(name)
    if bad is not None:
        raise InvalidInput(f"a name may not hold control or bidi characters ({bad!r})",
                           field="name")
    if not 1 <= len(name) <= MAX_NAME:
        raise InvalidInput(f"a name is 1 to {MAX_NAME} characters, not {shown(name)}",
                           field="name")
    if not any(map(shows, name)):
        codes = [f"U+{ord(ch):04X}" for ch in dict.fromkeys(name)]  # each once, in order
        listed = ", ".join(codes[:3]) + (f" and {len(codes) - 3} more" if codes[3:] else "")
        raise InvalidInput(f"a name needs a character that shows, not only blanks, fillers "
                           f"or marks ({listed})", field="name")
    return name


def shows(ch: str) -> bool:
    """Does ``ch`` show on its own?  Not whitespace, a default-ignorable filler (U+3164
    HANGUL FILLER and its kind), a blank symbol (U+2800) or a combining mark (it shows
    only on the character before it)."""
    return not (ch.isspace() or ignorable(ch) or ch in BLANKS
                or unicodedata.category(ch).startswith("M"))


# Characters a name may not hold: controls, format characters (the bidi marks and
# overrides among them), surrogates, and line or paragraph separators.
UNSHOWABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")


def unshowable(name: str) -> str | None:
    """The first character of ``name`` that a name may not hold, or None."""
    return next((ch for ch in name if unicodedata.category(ch) in UNSHOWABLE), None)


def same_name(a: str, b: str) -> bool:
    """Do two names at a room's table name the same person?  They do when they differ only
    in case or accent encoding (:func:`name_key`), or look alike: their confusable
    skeletons (UTS #39, :mod:`.confusables`) match as written, or once case-folded (a
    Cyrillic "А" looks like "A", which folds to "a")."""
    a_key, b_key = name_key(a), name_key(b)
    return a_key == b_key or skeleton(a) == skeleton(b) or skeleton(a_key) == skeleton(b_key)


def look_keys(name: str) -> tuple[str, str]:
    """The two keys :func:`same_name` compares, for a store's unique index: two names are
    the same person exactly when either key is equal (the first, the skeleton as
    written; the second, the skeleton once case-folded, which equal :func:`name_key`
    implies).

    >>> marta = look_keys("Marta")
    >>> [any(map(str.__eq__, marta, look_keys(other))) == same_name("Marta", other)
    ...  for other in ("marta", "M\u0430rta", "\uff2darta", "Martha")]
    [True, True, True, True]
    >>> [look_keys(other) == marta for other in ("M\u0430rta", "\uff2darta")]
    [True, False]
    """
    return skeleton(name), skeleton(name_key(name))


def name_key(name: str) -> str:
    """What two names are compared by: NFC, then case-folded (and NFC again)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
