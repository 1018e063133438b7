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


def history_cards(view, rulings_shown: list) -> Counter:
    """The cards a view's round history shows, once it is checked to show only what was
    public: each round's ruling is one the table was shown as ``last_ruling`` (the caller
    keeps ``rulings_shown``, every last ruling its views carried so far, this one's
    included), and no claim carries a card.  A card in the history before a call turned it
    over fails here."""
    found = Counter()
    for entry in view.get("history") or []:
        assert not cards_in(entry["claims"]), entry
        assert entry["ruling"] in rulings_shown, entry
        found += cards_in(entry["ruling"])
    return found


def shown(rulings_shown: list, view) -> list:
    """``rulings_shown`` with ``view``'s last ruling added (once)."""
    ruling = view.get("last_ruling")
    if ruling is not None and ruling not in rulings_shown:
        rulings_shown.append(ruling)
    return rulings_shown
