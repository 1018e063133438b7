"""Players' names as every game reads them: one spelling for one person.

A name is NFC-normalised text of 1 to 40 characters with no control or bidi
formatting characters, and two names that differ only in case (or in how an
accent is encoded) are the same person.

>>> read_name("  Ana\\u0301 ")
'Aná'
>>> same_name("ANÁ", "ana\\u0301")
True
>>> read_name("b\\u202eob")
Traceback (most recent call last):
...
solver.errors.InvalidInput: a name may not hold control or bidi characters ('\\u202e')
"""

from __future__ import annotations

import unicodedata

from solver.errors import InvalidInput, shown

MAX_NAME = 40


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
    return name


# Characters a name may not hold: controls, format characters (the bidi marks and
# overrides among them), surrogates, and line or paragraph separators.
UNSHOWABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")


def unshowable(name: str) -> str | None:
    """The first character of ``name`` that a name may not hold, or None."""
    return next((ch for ch in name if unicodedata.category(ch) in UNSHOWABLE), None)


def same_name(a: str, b: str) -> bool:
    """Do two names name the same person (case and accent encoding aside)?"""
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """What two names are compared by: NFC, then case-folded (and NFC again)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
