"""The easy computer player at Liar's Post, and the advisor: from one seat's own view.

Both see what that player's phone shows (its own hand, what is public) and the public
game, never another hand (:mod:`solver.rooms.bots` says how the levels differ).
"""

from __future__ import annotations

from solver.games.base import Game

from .odds import PostView


def advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Post: how likely the card coming to you is what it is said to
    be (from your hand and every face-up card)."""
    card = view.get("card")
    if card is None or view["to_move"] != view["you"]["name"]:
        return {"last": None, "suggestions": []}
    odds = PostView.of_player(game, view["you"]["name"], view["you"]["hand"])
    return {"last": {"claim": card["claim"], "true": odds.is_kind(card["claim"]).as_dict()},
            "suggestions": []}


def move(game, view, rng) -> dict:
    """A computer player's move at Liar's Post, as its phone would send it: it sends a card
    naming its kind, or another, at random; receiving, it calls by the odds, or now and then
    looks and passes the card on."""
    from solver.games.cards import Card, rank_name
    me = view["you"]
    if view.get("card") is None:  # its turn to send
        card = rng.choice(me["hand"])
        kind = Card.parse(card).rank
        if rng.random() < 0.4:
            kind = rng.choice([k for k in range(7, 15) if k != kind])
        to = rng.choice([p["name"] for p in view["players"] if p["name"] != me["name"]])
        return {"type": "send", "card": card, "to": to, "claim": rank_name(kind)}
    if me.get("card_seen") is not None and me.get("targets"):
        kind = Card.parse(me["card_seen"]).rank
        if rng.random() < 0.5:
            kind = rng.choice([k for k in range(7, 15) if k != kind])
        return {"type": "pass", "to": rng.choice(me["targets"]), "claim": rank_name(kind)}
    if me.get("can_look") and rng.random() < 0.25:
        return {"type": "look"}
    if me.get("card_seen") is not None:  # looked, and no one left to pass to: it knows
        from solver.games.cards import parse_rank
        return {"type": "call", "call": Card.parse(me["card_seen"]).rank
                == parse_rank(view["card"]["claim"]["kind"])}
    odds = PostView.of_player(game, me["name"], me["hand"])
    return {"type": "call", "call": odds.is_kind(view["card"]["claim"]).probability >= 0.5}
