"""Computer players, and the advisor: moves and advice from one seat's own view.

Both see what that player's phone shows (:meth:`Room.view`: their own hand, the
public declarations and counts) and the public game state, which holds no hand at
all; they are never handed another player's tiles or dice.

A computer player plays at one of two :data:`LEVELS`.  **Easy** (this module)
declares or bids by the advisor's safest raises, with a dose of bluffing, and calls
when the odds say the last claim is unlikely (against a threshold drawn at random
each time).  **Hard** (:mod:`solver.rooms.hard`, a module a game) weighs the same
exact odds by what the others' claims this round say of their hands, calls, raises or
calls "exact" by which risks least, and bluffs now and then.

>>> import random
>>> from solver.rooms.room import Room
>>> room, host = Room.create("ROOM", {"game": "dice", "name": "ann", "rules": {"dice_each": 2}})
>>> room.add_bot("ann", "robo")
>>> "token" in str(room.view("ann"))  # the computer player's token is the server's own
False
>>> room.start("ann", rng=random.Random(2))
>>> room.move("ann", {"type": "bid", "quantity": 1, "face": 2})
>>> room.bot_to_move()
'robo'
>>> room.decide("robo", random.Random(2))["type"] in ("bid", "liar")
True
"""

from __future__ import annotations

from solver.errors import InvalidInput, shown
from solver.games.base import Game
from solver.odds.dice import DiceView
from solver.odds.letters import LettersView
from solver.odds.liarliar import LiarLiarView
from solver.odds.poker import PokerView
from solver.odds.post import PostView
from solver.odds.raises import Suggestion
from solver.words.wordset import WordSet

EASY, HARD = "easy", "hard"
LEVELS = (EASY, HARD)  #: a computer player's levels
DEFAULT_LEVEL = EASY  #: a computer player's level when the host names none
CALL_BELOW = 0.35  # a claim less likely than this is called
BLUFF = 0.2  # how often a computer player raises by a riskier suggestion than the safest
EXACT_ABOVE = 0.6  # "exact" is called when the last set is at least this likely the highest
SUGGESTIONS = 4
EXACT_BUDGET = 0.2  # seconds a computer player searches before it calls "exact"


def read_level(level) -> str:
    """A computer player's level, "easy" or "hard" (InvalidInput naming "level")."""
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidInput(f"a computer player's level is {' or '.join(map(repr, LEVELS))}, "
                           f"not {shown(level)}", field="level")
    return level


def _hard(game: str):
    """The hard player of ``game`` (imported when first asked: the module a game)."""
    import importlib
    return importlib.import_module(f"solver.rooms.hard.{game}")


def letters_raises(odds: LettersView, last) -> list[Suggestion]:
    """The safest raises over ``last``; at an opening, never none.

    The search skips sets that cannot exist, so where no tile is in play at all (every
    player at 0 tiles, as after a right "exact" between the last two) it finds nothing;
    but a round must still be opened, and the rules let it open on any single letter.
    The opening is then the tile set's most plentiful letter, with its chance (nought):
    the opener is ruled against on any call, and the next round has tiles again."""
    suggestions = odds.raises(last, limit=SUGGESTIONS)
    if suggestions or last is not None:
        return suggestions
    counts = odds.tile_set.counts
    letter = max(sorted(counts), key=lambda x: counts[x]).lower()
    return [Suggestion(WordSet((letter,)), odds.exists(letter))]


def letters_advice(game: Game, view: dict) -> dict:
    """The advisor for the seat whose ``view`` this is: how likely the last declaration is,
    and the safest raises (advice; every probability is exact)."""
    odds = LettersView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last[1] if game.last else None
    return {"last": None if last is None else {
                "words": list(last), "exists": odds.exists(last).as_dict()},
            "suggestions": [s.as_dict() for s in letters_raises(odds, last)]}


def dice_advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Dice: how likely the last bid holds, and the safest raises."""
    odds = DiceView.of_player(game, view["you"]["name"], view["you"]["hand"])
    return {"last": None if game.bid is None else {
                **game.bid.to_dict(), "holds": odds.holds(game.bid).as_dict()},
            "suggestions": [s.as_dict() for s in odds.raises(game.bid, limit=SUGGESTIONS)]}


def _pick(suggestions: list, rng):
    """The safest suggestion, or now and then a riskier one (a bluff)."""
    if len(suggestions) > 1 and rng.random() < BLUFF:
        return rng.choice(suggestions[1:])
    return suggestions[0]


def letters_move(game, view, rng, level: str = DEFAULT_LEVEL) -> dict:
    """A computer player's move at Liars' Letters, as its phone would send it."""
    if read_level(level) == HARD:
        return _hard("letters").move(game, view, rng)
    odds = LettersView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last[1] if game.last else None
    if last is not None:
        exists = odds.exists(last).probability
        if exists < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "call", "call": "bullshit"}
        highest = odds.highest(last, budget=EXACT_BUDGET)
        if highest.decided and highest.probability >= EXACT_ABOVE:
            return {"type": "call", "call": "exact"}
    suggestions = letters_raises(odds, last)
    if not suggestions:  # there is a declaration to call: no raise can exist
        return {"type": "call", "call": "bullshit"}
    return {"type": "declare", "words": ", ".join(_pick(suggestions, rng).words)}


def dice_move(game, view, rng, level: str = DEFAULT_LEVEL) -> dict:
    """A computer player's move at Liar's Dice, as its phone would send it.

    A player with no dice is out, so the one to move holds a die and there are always
    opening bids (quantity 1 on a face); with a bid standing and no raise left, it calls."""
    if read_level(level) == HARD:
        return _hard("dice").move(game, view, rng)
    odds = DiceView.of_player(game, view["you"]["name"], view["you"]["hand"])
    if game.bid is not None:
        holds = odds.holds(game.bid).probability
        if holds < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "liar"}
    suggestions = odds.raises(game.bid, limit=SUGGESTIONS)
    if not suggestions:
        return {"type": "liar"}
    bid = _pick(suggestions, rng).bid
    return {"type": "bid", "quantity": bid.quantity, "face": bid.face}


def poker_advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Poker: how likely the last claim is made, the safest raises."""
    odds = PokerView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last.hand if game.last is not None else None
    return {"last": None if last is None else {
                "claim": last.to_dict(), "made": odds.made(last).as_dict()},
            "suggestions": [s.as_dict() for s in odds.raises(last, limit=SUGGESTIONS)]}


def poker_move(game, view, rng, level: str = DEFAULT_LEVEL) -> dict:
    """A computer player's move at Liar's Poker, as its phone would send it."""
    if read_level(level) == HARD:
        return _hard("poker").move(game, view, rng)
    odds = PokerView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last.hand if game.last is not None else None
    if last is not None and odds.made(last).value < CALL_BELOW * (0.5 + rng.random()):
        return {"type": "call"}
    suggestions = odds.raises(last, limit=SUGGESTIONS)
    if not suggestions:
        return {"type": "call"}
    return {"type": "claim", "claim": _pick(suggestions, rng).hand.to_dict()}


def _liarliar_odds(game, view) -> LiarLiarView:
    return LiarLiarView.of_player(game, view["you"]["name"], view["you"]["hand"])


def liarliar_advice(game: Game, view: dict) -> dict:
    """The advisor at Liar Liar: how likely the last play is true, when you may call."""
    last = view.get("last_play")
    if last is None or not view["you"].get("can_call"):
        return {"last": None, "suggestions": []}
    chance = _liarliar_odds(game, view).true({"rank": view["rank"], "count": last["count"]})
    return {"last": {**last, "rank": view["rank"], "true": chance.as_dict()},
            "suggestions": []}


def liarliar_move(game, view, rng, level: str = DEFAULT_LEVEL) -> dict:
    """A computer player's move at Liar Liar, as its phone would send it: put down any
    four of a kind, call an unlikely play, else play the round's rank truthfully when it
    can (and bluff otherwise), opening with the rank it holds most of."""
    if read_level(level) == HARD:
        return _hard("liarliar").move(game, view, rng)
    from solver.games.cards import Card
    hand = view["you"]["hand"]
    ranks = [Card.parse(c).rank for c in hand]
    fours = [r for r in set(ranks) if r is not None and ranks.count(r) >= 4]
    if fours:
        from solver.games.cards import rank_name
        return {"type": "discard", "rank": rank_name(fours[0])}
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        chance = _liarliar_odds(game, view).true({"rank": view["rank"], "count": last["count"]})
        if chance.probability < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "liar"}
    from solver.games.cards import parse_rank, rank_name
    if view["rank"] is None:  # it opens: the rank it holds most of
        counts = {r: ranks.count(r) for r in set(ranks) if r is not None}
        rank = max(counts, key=lambda r: (counts[r], r)) if counts else 14
        true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
        return {"type": "play", "cards": true or hand[:1], "rank": rank_name(rank)}
    rank = parse_rank(view["rank"])
    true = [c for c in hand if Card.parse(c).rank in (rank, None)]
    if true:
        return {"type": "play", "cards": true[:rng.randint(1, min(3, len(true)))]}
    return {"type": "play", "cards": [rng.choice(hand)]}  # a bluff: no card of the rank


def post_advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Post: how likely the card coming to you is what it is said to
    be (from your hand and every face-up card)."""
    card = view.get("card")
    if card is None or view["to_move"] != view["you"]["name"]:
        return {"last": None, "suggestions": []}
    odds = PostView.of_player(game, view["you"]["name"], view["you"]["hand"])
    return {"last": {"claim": card["claim"], "true": odds.is_kind(card["claim"]).as_dict()},
            "suggestions": []}


def post_move(game, view, rng, level: str = DEFAULT_LEVEL) -> dict:
    """A computer player's move at Liar's Post, as its phone would send it: it sends a card
    naming its kind, or another, at random; receiving, it calls by the odds, or now and then
    looks and passes the card on."""
    if read_level(level) == HARD:
        return _hard("post").move(game, view, rng)
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
