"""Liar Liar in a room: the server deals one 54-card deck and keeps every card hidden.

Each hand is the player's own cards (``room.data["hands"]``); the pile's real cards
and the last play's are the server's secret (``room.data["hidden"]``) until a "Liar!"
turns that play over.  The log is the library's replay (solver/games/liarliar/game.py)
with no card a player could not see: a play carries its count and rank only, and the
call carries the cards it turned over.

>>> import random
>>> from solver.rooms.room import Room
>>> room, _ = Room.create("ROOM", {"game": "liarliar", "name": "ann"})
>>> _ = room.join("ben")
>>> room.start("ann", rng=random.Random(4))
>>> len(room.view("ann")["you"]["hand"]), room.view("ann")["players"][1]["cards"]
(27, 27)
>>> ann = room.view("ann")["you"]["hand"]
>>> room.move("ann", {"type": "play", "cards": ann[:2], "rank": "K"})
>>> view = room.view("ben")
>>> view["pile"], view["rank"], view["last_play"], view["you"]["can_call"]
(2, 'K', {'player': 'ann', 'count': 2}, True)
>>> "cards" in str(room.log()["events"])
False
"""

from __future__ import annotations

from collections import Counter

from solver.errors import IllegalMove, InvalidCard, InvalidInput
from solver.games import schema
from solver.games.cards import LIAR_LIAR_DECK, Card, parse_cards, parse_rank, rank_name
from solver.games.table import require
from solver.rooms import call_odds
from solver.rooms.call_odds import elsewhere, figure
from solver.rooms.deal import deck
from solver.rooms.variants import RoomGame, move_branch

from . import easy
from .game import MAX_PLAY, Declaration, LiarLiarGame
from .odds import LiarLiarView

NOMINAL_TIMER = 30  # the timer the log names at a table with no clock (see game_rules)


def _text(card: str) -> str:
    return str(Card.parse(card))


class LiarLiarRoom(RoomGame):
    """Liar Liar: play 1-3 cards as the round's rank, the next player may call "Liar!",
    four real cards of a rank may be put down at any time."""

    name = "liarliar"
    order = 3
    game_type = LiarLiarGame
    hand_key = "cards"
    own_moves = {"play": {"cards", "rank"}, "liar": set(), "discard": {"rank"}}
    flow_moves = frozenset(own_moves)
    deals_each_round = False

    def game_rules(self, room) -> dict:
        """The library's timer is the room's clock.  A table with no clock still names one
        in its log: the rules take a player out mid-match only by the timer, and the host
        removing a player who left is read that way."""
        return {**room.rules, "timer": room.data.get("clock") or NOMINAL_TIMER}

    clock_choices = (None, 10, 30)  # the seed's site: 10 or 30 seconds a move, or no timer
    table_deal = False  # the server deals: a phone cannot type a whole hand of cards

    def held(self, game):
        return game.hands

    def dealer(self, rules):
        return {"cards": deck(jokers=2)}

    # --- moves ----------------------------------------------------------------------------

    def handle(self, room, by, kind, body, rng):
        hidden = room.data["hidden"]
        if kind == "play":
            return self._play(room, hidden, by, body)
        if kind == "liar":
            return self._liar(room, hidden, by)
        return self._discard(room, by, body)

    def _take(self, room, by: str, cards: list[str]) -> list[str]:
        """Take ``cards`` out of ``by``'s hand (InvalidCard for a card they do not hold)."""
        hand = Counter(room.hands.get(by, []))
        wanted = Counter(cards)
        missing = wanted - hand
        if missing:
            raise InvalidCard(f"{by} does not hold {' '.join(sorted(missing.elements()))}",
                              field="cards")
        left = list(room.hands[by])
        for card in cards:
            left.remove(card)
        room.hands[by] = left
        return cards

    def _play(self, room, hidden, by, body):
        given = require(body, "cards", field="move")
        cards = [str(c) for c in parse_cards(given, field="cards", limit=MAX_PLAY)]
        if not 1 <= len(cards) <= MAX_PLAY:
            raise InvalidInput(f"a play is 1 to {MAX_PLAY} cards, not {len(cards)}",
                               field="cards")
        event = {"type": "play", "player": by, "count": len(cards)}
        if body.get("rank") is not None:
            event["rank"] = rank_name(parse_rank(body["rank"], field="rank"))
        game = room.game_obj()
        game.check(game.read_action(event))  # turn, count, rank: before any card moves
        self._take(room, by, cards)
        room._push(event)
        hidden["pile"] += cards
        hidden["last"] = {"player": by, "cards": cards}
        room.data["bids"].append({"player": by, "count": len(cards),
                                  "rank": room.game_obj().to_dict()["rank"]})

    def _liar(self, room, hidden, by):
        last = hidden.get("last")
        event = {"type": "liar", "player": by,
                 "cards": list(last["cards"]) if last else None}
        if last is None:
            event.pop("cards")
        odds = call_odds.at_call(room, by) if last is not None else None  # before the call
        result = room._push(event)
        taker = result.taker
        room.hands[taker] = sorted(room.hands.get(taker, []) + hidden["pile"])
        hidden.update(pile=[], last=None)
        room.data["bids"] = []
        truth = "true" if result.true else "false"
        count = len(last["cards"])
        said = f"{count} {rank_name(result.rank)}{'s' * (count != 1)}"
        return {"call": "liar", "by": by, "revealed": {result.accused: last["cards"]},
                "ruling": truth,
                "reason": f"{result.accused}'s play ({said}) was {truth}: {taker} takes the "
                          f"pile of {result.pile}; {result.opener} opens",
                "changes": {taker: result.pile}, "taker": taker, "opener": result.opener,
                "odds": odds}

    def _discard(self, room, by, body):
        rank = parse_rank(require(body, "rank", field="move"), field="rank")
        four = [c for c in room.hands.get(by, []) if Card.parse(c).rank == rank][:4]
        if len(four) < 4:
            raise IllegalMove(f"{by} does not hold four real {rank_name(rank)}s (jokers do not "
                              f"count)", field="rank")
        event = {"type": "discard", "player": by, "rank": rank_name(rank)}
        game = room.game_obj()
        game.check(game.read_action(event))
        self._take(room, by, four)
        room._push(event)
        return {"call": "discard", "by": by, "revealed": {by: four}, "ruling": "discarded",
                "reason": f"{by} put down four {rank_name(rank)}s: they leave the game",
                "changes": {by: -4}, "odds": None}

    def new_game(self, room):
        room.data["hidden"] = {"pile": [], "last": None}  # the pile's cards, the last play's

    def timeout_event(self, name):
        return {"type": "timeout", "player": name}

    def left(self, room, name):
        """Their cards leave the game; the pile and the round go on."""
        room.hands[name] = []

    # --- what the table sees ----------------------------------------------------------

    def public(self, room, game):
        last = game.last
        return {"pile": game.pile,
                "rank": rank_name(game.rank) if game.rank is not None else None,
                "last_play": None if last is None else {"player": last.player,
                                                        "count": last.count},
                "finished": list(game.finished), "eliminated": list(game.eliminated),
                "discarded": [rank_name(r) for r in game.discarded]}

    def private(self, room, game, name):
        return {"can_call": game.to_move == name and game.can_call()}

    def declarations(self, state, bids):
        return [dict(b) for b in bids]

    def round_number(self, state):
        return len(state["challenges"]) + 1

    def move_schemas(self):
        card = {**schema.card(), "description": "a card of your hand (joker: 'joker')"}
        return [move_branch("play", {"cards": {"type": "array", "items": card, "minItems": 1,
                                               "maxItems": MAX_PLAY},
                                     "rank": {**schema.rank(), "description":
                                              "the rank you declare (the opener must)"}},
                            ["cards"]),
                move_branch("liar", {}),
                move_branch("discard", {"rank": schema.rank()}, ["rank"])]

    def advice(self, game, view):
        return easy.advice(game, view)

    def easy_move(self, game, view, rng):
        return easy.move(game, view, rng)

    def hard_move(self, game, view, rng):
        from . import hard  # its tables load when a hard player first moves
        return hard.move(game, view, rng)

    def odds_at_call(self, room, game, caller, verdict):
        last = room.data["hidden"]["last"]
        claimer, cards = last["player"], last["cards"]
        claim = Declaration(len(cards), game.rank)
        mine = room.hands[caller]
        theirs = room.hands.get(claimer, [])
        caller_view = LiarLiarView.of_player(game, caller, mine)
        claimer_view = LiarLiarView.read(theirs, elsewhere(LIAR_LIAR_DECK, [*theirs, *cards]))
        return {"measure": "true", "claim": claim.to_dict(),
                "caller": figure(caller, caller_view.true(claim), private=True),
                "claimer": figure(claimer, claimer_view.true(claim))}


ROOM = LiarLiarRoom()
