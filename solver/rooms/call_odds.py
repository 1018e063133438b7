"""The odds at every reveal: how likely the called claim was to hold, from the caller's seat
and from the claimer's, worked out from the room as it stood before the call was ruled.

Each figure is what the game's odds route (``POST /api/v1/GAME/odds``, its folder's
``odds.py``) answers for that seat's view, as the advisor builds it: the seat's own hand
and what was public before the call.  Each game's room variant works its figures out
(``odds_at_call``); what "held" means is the game's:

* Liar's Dice: the bid holds (``holds``); Liar's Poker: the claim can be made (``made``);
* Liars' Letters: the declaration exists (``exists``) on "bullshit", it is the highest
  (``highest``) on "exact";
* Liar Liar: the play called is true; Liar's Post: the card called is the kind claimed
  (``true``).

In Liar Liar and Liar's Post the claimer knows the cards they put down or looked at: from
their seat the claim is certain, or certainly false (their view names every other card as
elsewhere: ``seen``, ``face_up``).  There the hands outlive the ruling, so the caller's
figure, which says how many of the kind they hold, is private: only the caller's own view
shows it while the game goes on (:func:`seen_by`); the game's replay, once it is over,
shows it to all (:mod:`.kept`).

Every figure is exact but one: an "exact" call's needs one search of the declared letters
(the referee's, reused when the revealed tiles are exactly them), bounded at a reveal by
REVEAL_SEARCH seconds; one it cannot settle is ``"decided": false`` with its interval, as
the odds route answers it.

>>> import random
>>> from solver.rooms.room import Room
>>> room, _ = Room.create("ROOM", {"game": "dice", "name": "ann", "rules": {"dice_each": 1}})
>>> _ = room.join("ben")
>>> room.start("ann", rng=random.Random(4))
>>> room.hands.update(ann=[2], ben=[3])  # the dice as the deal might have rolled them
>>> room.move("ann", {"type": "bid", "quantity": 1, "face": 3})
>>> room.move("ben", {"type": "liar"})
>>> odds = room.view("ann")["last_ruling"]["odds"]
>>> odds["measure"], odds["caller"]["fraction"], odds["claimer"]["fraction"]
('holds', '1/1', '1/6')
"""

from __future__ import annotations

from collections import Counter

from solver.errors import LiarsError
from solver.games.cards import LIAR_LIAR_DECK, parse_cards, rank_name

REVEAL_SEARCH = 0.5  # seconds an "exact" call's one search may take at a reveal, at most


def figure(seat: str, chance, *, private: bool = False) -> dict:
    """One seat's figure: ``p`` and ``fraction`` (``"n/d"``) when exact; a search that did
    not settle it, ``p`` null with its ``interval`` (``"decided": false``)."""
    if getattr(chance, "decided", True) is False:
        low, high = chance.as_dict()["interval"]
        shown = {"p": None, "fraction": None, "exact": False, "decided": False,
                 "interval": [low, high]}
    else:
        exact = getattr(chance, "chance", chance)  # a HighestChance decided, or a Chance
        shown = {"p": exact.probability, "fraction": exact.fraction, "exact": True}
    return {"seat": seat, **shown, **({"private": True} if private else {})}


def at_call(room, caller: str, *, verdict=None) -> dict | None:
    """The odds of the claim ``caller`` called, from the room before the ruling (its game
    state, its hands, the pending call's reveals); ``verdict``: the referee's ruling of a
    Liars' Letters call, when made (its search is not made again).  None where the game has
    no claim to call, or the room's state cannot say (a ruling never waits on its odds)."""
    try:
        return room.kind.odds_at_call(room.table, room.game_obj(), caller, verdict)
    except LiarsError:
        return None


def elsewhere(deck, known) -> list[str]:
    """Every card of ``deck`` but ``known``, by rank (suits do not matter to the odds): what
    a claimer who knows the cards of their claim knows is not among them.

    >>> elsewhere(LIAR_LIAR_DECK, ["KH", "KS", "joker"]).count("K"), len(elsewhere(LIAR_LIAR_DECK, []))
    (2, 54)
    """
    held = Counter(card.rank for card in parse_cards(known))
    rest = [rank_name(rank) for rank in deck.ranks
            for _ in range(deck.per_rank - held[rank])]
    return rest + ["joker"] * (deck.jokers - held[None])


# --- what each view shows -----------------------------------------------------------------

def seen_by(ruling: dict | None, name: str) -> dict | None:
    """A ruling as ``name``'s view shows it: a private figure (a caller's while their hand
    is still in play) is withheld from everyone but its seat."""
    odds = (ruling or {}).get("odds")
    if not odds:
        return ruling
    shown = {role: _withheld(odds[role], name) for role in ("caller", "claimer")}
    return {**ruling, "odds": {**odds, **shown}}


def _withheld(part: dict, name: str) -> dict:
    if not part.get("private") or part["seat"] == name:
        return part
    return {"seat": part["seat"], "private": True, "withheld": True}


def history_seen_by(history: list, name: str) -> list:
    """The game's finished rounds as ``name``'s view shows them (:func:`seen_by`)."""
    return [{**entry, "ruling": seen_by(entry["ruling"], name)} for entry in history]
