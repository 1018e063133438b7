"""What a text looks like: Unicode's confusable skeleton (UTS #39), so look-alikes compare equal.

``skeleton(X)``, as https://www.unicode.org/reports/tr39/#Confusable_Detection defines it:
NFD; drop every Default_Ignorable_Code_Point character; replace each character by its
prototype (confusables.txt); NFD again.  Two texts are confusable when their skeletons are
equal: a Cyrillic "а" looks like a Latin "a", "rn" like "m", "I" like "l".

No well-kept package on PyPI computes the skeleton (confusable_homoglyphs keeps the pairs
both ways, without their prototypes; confusables stopped at Unicode 13 and builds no
skeleton; PyICU needs ICU built from source), so the table is the project's own, written
from Unicode's file by scripts/build_confusables.py (:mod:`.confusables_table`).

>>> skeleton("\\u0430nn") == skeleton("ann"), skeleton("rn") == skeleton("m")
(True, True)
>>> skeleton("ann\\u3164") == skeleton("ann"), skeleton("ann") == skeleton("anne")
(True, False)
"""

from __future__ import annotations

import functools
import unicodedata

from .confusables_table import TABLE, VERSION

# Default_Ignorable_Code_Point (Unicode 17's DerivedCoreProperties.txt, merged into
# inclusive ranges): characters that show nothing unless a font says otherwise, such as
# the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, and the variation selectors.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)

__all__ = ["VERSION", "ignorable", "skeleton"]


def ignorable(ch: str) -> bool:
    """Is ``ch`` a default-ignorable code point (it shows nothing)?"""
    cp = ord(ch)
    return any(low <= cp <= high for low, high in DEFAULT_IGNORABLE)


@functools.cache
def prototypes_table() -> dict[str, str]:
    """Each confusable character's prototype (read from the table once)."""
    table = {}
    for entry in TABLE.split():
        source, prototype = entry.split(":")
        table[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in prototype.split("+"))
    return table


def skeleton(text: str) -> str:
    """``text``'s confusable skeleton (UTS #39): texts that look alike have the same one."""
    prototypes = prototypes_table()
    mapped = "".join(prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text)
                     if not ignorable(ch))
    return unicodedata.normalize("NFD", mapped)
