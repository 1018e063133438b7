"""The hard computer player at Liar's Post.

From its own view: its hand, everyone's face-up cards, the claim on the card coming to
it (and the card itself once it has looked), and the public record of every turn
(each call, the card it turned over and the claim on it).  It weighs each move by
where the card ends face up: a card is worth more the closer it brings its taker to
the losing count of one kind (and the game, when it reaches it).

* **Receiving**, it calls by how likely the claim is true: the exact chance of its own
  view (:class:`~solver.games.post.odds.PostView`) that a card it cannot see is the named
  kind, moved toward how often this sender's claims have turned out true (the record).
  When neither call is clearly better and it may, it looks and passes the card on.
* **Sending** (or passing a card it has looked at), it picks the card, the receiver and
  the claim (the truth, or a lie: a bluff) where the receiver is likeliest to be wrong
  and the card hurts the receiver most and itself least; how the receiver calls comes
  from the record of its calls, starting from what the odds would make it call.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from solver.games.cards import Card, rank_name
from .game import KINDS, Claim
from .odds import PostView

from solver.rooms.hard import belief

LOSE = 10.0  # taking the card that loses the game, against a card's worth otherwise
RECORD = 3.0  # the exact odds count as this many turns of the record
LOOK_BELOW = 0.15  # it looks and passes when neither call is better than this


def danger(game, player: str, kind: int) -> float:
    """What taking a card of ``kind`` face up costs ``player``."""
    up = Counter(game.face_up[player])
    up[kind] += 1
    if game.rules.loss(up, len(game.players)):
        return LOSE
    return (up[kind] / game.rules.losing_count(len(game.players))) ** 2


def told_truth(game, sender: str, odds: float) -> float:
    """How likely ``sender``'s claim is true: the record of its claims turned over, the
    exact ``odds`` counting as :data:`RECORD` of them."""
    said = [t for t in game.turns if t.senders[-1] == sender]
    true = sum(t.card.rank == t.claim.kind for t in said)
    return (true + RECORD * odds) / (len(said) + RECORD)


def believes(game, receiver: str, kind: int, sender: str | None = None) -> float:
    """How likely ``receiver`` calls "true" on a claim of ``kind`` from ``sender``: the
    record of its calls on that sender's claims, its record on everyone's counting as
    :data:`RECORD` of them, and what a player going by the odds would call counting as
    :data:`RECORD` of those (a player may trust one sender and not another)."""
    calls = [t for t in game.turns if t.receiver == receiver]
    shown = sum(game.face_up[p][kind] for p in game.players)
    face_up = sum(sum(up.values()) for up in game.face_up.values())
    odds = max(0, game.rules.copies - shown) / max(1, game.rules.deck_size - face_up)
    guess = 1 - float(belief.call_chance(np.array([odds]))[0])
    overall = (sum(t.believes for t in calls) + RECORD * guess) / (len(calls) + RECORD)
    if sender is None:
        return overall
    on_sender = [t for t in calls if t.senders[-1] == sender]
    return (sum(t.believes for t in on_sender) + RECORD * overall) / (len(on_sender) + RECORD)


def left_to_claim(game, kind: int) -> int:
    """Cards of ``kind`` not face up: a claim of a kind with none left is a sure lie."""
    return game.rules.copies - sum(game.face_up[p][kind] for p in game.players)


def lie_kind(game, me: str, to: str, kind: int, rng) -> int:
    """What to say a card of ``kind`` is, lying: a kind at random, weighed by how likely
    ``to`` believes it, never one with no card left to be, nor its own last claim (so
    that its lies favour no one kind)."""
    said = [t.claim.kind for t in game.turns if t.senders and t.senders[-1] == me]
    kinds = [k for k in KINDS if k != kind and left_to_claim(game, k) > 0
             and (not said or k != said[-1])] or [k for k in KINDS if k != kind]
    weights = [believes(game, to, k, me) for k in kinds]
    return rng.choices(kinds, weights=weights)[0]


def sends(game, me: str, cards: list[str], targets: list[str], rng) -> list[belief.Option]:
    """Every card kind of ``cards`` to every target, named truly or as another kind."""
    options = []
    for card in dict.fromkeys(cards):  # one card a kind is enough
        kind = Card.parse(card).rank
        for to in targets:
            gain, cost = danger(game, to, kind), danger(game, me, kind)
            trusting = believes(game, to, kind, me)
            options.append(belief.Option({"card": card, "to": to, "claim": rank_name(kind)},
                                         (1 - trusting) * gain - trusting * cost))
            lie = lie_kind(game, me, to, kind, rng)
            trusting = believes(game, to, lie, me)
            options.append(belief.Option({"card": card, "to": to, "claim": rank_name(lie)},
                                         trusting * gain - (1 - trusting) * cost))
    return options


def receive(game, view, me: str, rng) -> dict:
    """Call on the card coming to ``me``, or look to pass it on."""
    claim = Claim.parse(view["card"]["claim"]).kind
    odds = PostView.of_player(game, me, view["you"]["hand"])
    sender = game.held[-1]
    true = told_truth(game, sender, odds.is_kind(claim).probability)
    if odds.left(claim) == 0:
        true = 0.0
    others = [k for k in KINDS if k != claim and odds.left(k)]
    weights = [odds.left(k) for k in others]
    mine_if_false = sum(w * danger(game, me, k) for w, k in zip(weights, others)) / \
        max(1, sum(weights))
    theirs_if_false = sum(w * danger(game, sender, k) for w, k in zip(weights, others)) / \
        max(1, sum(weights))
    options = [
        belief.Option({"type": "call", "call": True},
                      true * danger(game, sender, claim) - (1 - true) * mine_if_false),
        belief.Option({"type": "call", "call": False},
                      (1 - true) * theirs_if_false - true * danger(game, me, claim))]
    best = max(o.value for o in options)
    if view["you"].get("can_look") and best < LOOK_BELOW:
        return {"type": "look"}
    return belief.choose(options, rng)


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liar's Post, as its phone would send it."""
    me = view["you"]
    if view.get("card") is None:  # its turn to send
        targets = [p["name"] for p in view["players"] if p["name"] != me["name"]]
        best = belief.choose(sends(game, me["name"], me["hand"], targets, rng), rng)
        return {"type": "send", **best}
    if me.get("card_seen") is not None and me.get("targets"):  # it looked: it passes on
        best = belief.choose(sends(game, me["name"], [me["card_seen"]], me["targets"], rng),
                             rng)
        return {"type": "pass", "to": best["to"], "claim": best["claim"]}
    return receive(game, view, me["name"], rng)
