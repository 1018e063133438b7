"""What the rooms' secrecy tests read in a view: every card it shows, wherever it is."""

from __future__ import annotations

import re
from collections import Counter

CARDS = re.compile(r"^(?:[2-9]|10|[JQKA])[SHDC]$|^joker$")


def cards_in(node) -> Counter:
    """Every card text anywhere in a JSON value (a view, a log)."""
    found = Counter()
    if isinstance(node, dict):
        for value in node.values():
            found += cards_in(value)
    elif isinstance(node, list):
        for value in node:
            found += cards_in(value)
    elif isinstance(node, str) and CARDS.match(node):
        found[node] += 1
    return found
