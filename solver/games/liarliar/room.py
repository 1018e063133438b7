"""Liar Liar in a room: the server deals one 54-card deck and keeps every card hidden.

Each hand is the player's own cards (``table.hands``, :mod:`solver.rooms.context`); the pile's real cards
and the last play's are the server's secret (``table.secret``) until a "Liar!"
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
from solver.rooms.call_odds import elsewhere, figure
from solver.rooms.deal import deck
from solver.rooms.variants import RoomGame, move_branch

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
    measures = {"true": "the play is true"}
    own_moves = {"play": {"cards", "rank"}, "liar": set(), "discard": {"rank"}}
    flow_moves = frozenset(own_moves)
    deals_each_round = False

    def game_rules(self, table) -> dict:
        """The library's timer is the table's clock.  A table with no clock still names one
        in its log: the rules take a player out mid-match only by the timer, and the host
        removing a player who left is read that way."""
        return {**table.rules, "timer": table.clock or NOMINAL_TIMER}

    clock_choices = (None, 10, 30)  # the seed's site: 10 or 30 seconds a move, or no timer
    table_deal = False  # the server deals: a phone cannot type a whole hand of cards

    def held(self, game):
        return game.hands

    def dealer(self, rules):
        return {"cards": deck(jokers=2)}

    # --- moves ----------------------------------------------------------------------------

    def handle(self, table, by, kind, body, rng):
        hidden = table.secret
        if kind == "play":
            return self._play(table, hidden, by, body)
        if kind == "liar":
            return self._liar(table, hidden, by)
        return self._discard(table, by, body)

    def _take(self, table, by: str, cards: list[str]) -> list[str]:
        """Take ``cards`` out of ``by``'s hand (InvalidCard for a card they do not hold)."""
        hand = Counter(table.hands.get(by, []))
        wanted = Counter(cards)
        missing = wanted - hand
        if missing:
            raise InvalidCard(f"{by} does not hold {' '.join(sorted(missing.elements()))}",
                              field="cards")
        left = list(table.hands[by])
        for card in cards:
            left.remove(card)
        table.hands[by] = left
        return cards

    def _play(self, table, hidden, by, body):
        given = require(body, "cards", field="move")
        cards = [str(c) for c in parse_cards(given, field="cards", limit=MAX_PLAY)]
        if not 1 <= len(cards) <= MAX_PLAY:
            raise InvalidInput(f"a play is 1 to {MAX_PLAY} cards, not {len(cards)}",
                               field="cards")
        event = {"type": "play", "player": by, "count": len(cards)}
        if body.get("rank") is not None:
            event["rank"] = rank_name(parse_rank(body["rank"], field="rank"))
        game = table.game()
        game.check(game.read_action(event))  # turn, count, rank: before any card moves
        self._take(table, by, cards)
        table.push(event)
        hidden["pile"] += cards
        hidden["last"] = {"player": by, "cards": cards}
        table.claims.append({"player": by, "count": len(cards),
                                  "rank": table.game().to_dict()["rank"]})

    def _liar(self, table, hidden, by):
        last = hidden.get("last")
        event = {"type": "liar", "player": by,
                 "cards": list(last["cards"]) if last else None}
        if last is None:
            event.pop("cards")
        odds = table.odds_at_call(by) if last is not None else None  # before the call
        result = table.push(event)
        taker = result.taker
        table.hands[taker] = sorted(table.hands.get(taker, []) + hidden["pile"])
        hidden.update(pile=[], last=None)
        table.claims = []
        truth = "true" if result.true else "false"
        count = len(last["cards"])
        said = f"{count} {rank_name(result.rank)}{'s' * (count != 1)}"
        return {"call": "liar", "by": by, "revealed": {result.accused: last["cards"]},
                "ruling": truth,
                "reason": f"{result.accused}'s play ({said}) was {truth}: {taker} takes the "
                          f"pile of {result.pile}; {result.opener} opens",
                "changes": {taker: result.pile}, "taker": taker, "opener": result.opener,
                "odds": odds}

    def _discard(self, table, by, body):
        rank = parse_rank(require(body, "rank", field="move"), field="rank")
        four = [c for c in table.hands.get(by, []) if Card.parse(c).rank == rank][:4]
        if len(four) < 4:
            raise IllegalMove(f"{by} does not hold four real {rank_name(rank)}s (jokers do not "
                              f"count)", field="rank")
        event = {"type": "discard", "player": by, "rank": rank_name(rank)}
        game = table.game()
        game.check(game.read_action(event))
        self._take(table, by, four)
        table.push(event)
        return {"call": "discard", "by": by, "revealed": {by: four}, "ruling": "discarded",
                "reason": f"{by} put down four {rank_name(rank)}s: they leave the game",
                "changes": {by: -4}, "odds": None}

    def new_game(self, table):
        table.secret = {"pile": [], "last": None}  # the pile's cards, the last play's

    def timeout_event(self, name):
        return {"type": "timeout", "player": name}

    def left(self, table, name):
        """Their cards leave the game; the pile and the round go on."""
        table.hands[name] = []

    # --- what the table sees ----------------------------------------------------------

    def public(self, table, game):
        last = game.last
        return {"pile": game.pile,
                "rank": rank_name(game.rank) if game.rank is not None else None,
                "last_play": None if last is None else {"player": last.player,
                                                        "count": last.count},
                "finished": list(game.finished), "eliminated": list(game.eliminated),
                "discarded": [rank_name(r) for r in game.discarded]}

    def private(self, table, game, name):
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

    def odds_at_call(self, table, game, caller, verdict):
        last = table.secret["last"]
        claimer, cards = last["player"], last["cards"]
        claim = Declaration(len(cards), game.rank)
        mine = table.hands[caller]
        theirs = table.hands.get(claimer, [])
        caller_view = LiarLiarView.of_player(game, caller, mine)
        claimer_view = LiarLiarView.read(theirs, elsewhere(LIAR_LIAR_DECK, [*theirs, *cards]))
        return {"measure": "true", "claim": claim.to_dict(),
                "caller": figure(caller, caller_view.true(claim), private=True),
                "claimer": figure(claimer, claimer_view.true(claim))}


ROOM = LiarLiarRoom()
