"""Liar's Post in a room: the server deals every card and keeps the one in transit hidden.

Each hand is the player's own cards (``table.hands``, :mod:`solver.rooms.context`).  The card sent is the
server's secret (``table.secret``): its sender knows it, and each receiver who
looks at it; no one else sees it until a call turns it over.  A receiver looks before
passing it on (the rules: "looks ... and passes it"; a call is made without looking); the
last one must call.  The log
is the library's replay (solver/games/post/game.py): a send or a pass carries no card, the
call the card it turned over, and a player out of time (or removed) loses the game.

>>> import random
>>> from solver.rooms.room import Room
>>> room, _ = Room.create("ROOM", {"game": "post", "name": "ann"})
>>> _ = room.join("ben")
>>> room.start("ann", rng=random.Random(2))
>>> card = room.view("ann")["you"]["hand"][0]
>>> room.move("ann", {"type": "send", "card": card, "to": "ben", "claim": "Q"})
>>> room.view("ann")["you"]["card_seen"] == card, room.view("ben")["you"]["card_seen"]
(True, None)
>>> card in str(room.log()["events"])
False
"""

from __future__ import annotations

from collections import Counter

from solver.errors import IllegalMove, InvalidCard
from solver.games import schema
from solver.games.cards import Card, rank_name
from solver.games.table import require
from solver.rooms.call_odds import elsewhere, figure
from solver.rooms.deal import deck
from solver.rooms.variants import RoomGame, move_branch

from .game import CALL_SCHEMA, KINDS, PostGame, read_call
from .game import CLAIM_SCHEMA as KIND_SCHEMA
from .odds import PostView


class PostRoom(RoomGame):
    """Liar's Post: send a card face down naming a kind; the receiver calls true or false,
    or looks and passes it on; the taker lays it face up; four of a kind face up loses."""

    name = "post"
    order = 4
    game_type = PostGame
    hand_key = "cards"
    measures = {"true": "the card is what was said"}
    own_moves = {"send": {"card", "to", "claim"}, "call": {"call"}, "look": set(),
                 "pass": {"to", "claim"}}
    flow_moves = frozenset(own_moves)
    deals_each_round = False
    table_deal = False  # the server deals: a phone cannot type a whole hand of cards

    def held(self, game):
        return game.hands

    def dealer(self, rules):
        copies = 1 if rules.get("one_deck") else 2
        return {"cards": deck(ranks=KINDS, copies=copies)}

    def opener(self, table, names):
        """The loser deals the next game, and the player to the dealer's left starts."""
        last = table.last_places
        if not last or last[-1]["name"] not in names:
            return super().opener(table, names)
        return (names.index(last[-1]["name"]) + 1) % len(names)

    # --- moves ----------------------------------------------------------------------------

    def handle(self, table, by, kind, body, rng):
        hidden = table.secret
        return getattr(self, f"_{kind}")(table, hidden, by, body)

    def _send(self, table, hidden, by, body):
        card = str(Card.parse(require(body, "card", field="move"), field="card"))
        event = {"type": "send", "player": by, "to": require(body, "to", field="move"),
                 "claim": require(body, "claim", field="move")}
        game = table.game()
        game.check(game.read_action(event))  # turn, target, claim: before any card moves
        hand = list(table.hands.get(by, []))
        if card not in hand:
            raise InvalidCard(f"{by} does not hold {card}", field="card")
        hand.remove(card)
        table.hands[by] = hand
        table.push(event)
        hidden.update(card=card, looked=[by])  # its sender knows it
        table.claims = [self._claimed(table, by, event["to"])]

    def _look(self, table, hidden, by, body):
        game = table.game()
        if game.to_move != by or not game.in_transit:
            raise IllegalMove(f"{by} has no card to look at: only its receiver looks, before "
                              f"passing it on", field="type")
        if by in hidden.get("looked", []):
            raise IllegalMove(f"{by} has looked at this card already", field="type")
        if game.must_call():
            raise IllegalMove(f"{by} must call: everybody else has held this card",
                              field="type")
        hidden["looked"] = [*hidden.get("looked", []), by]

    def _pass(self, table, hidden, by, body):
        event = {"type": "pass", "player": by, "to": require(body, "to", field="move"),
                 "claim": require(body, "claim", field="move")}
        game = table.game()
        game.check(game.read_action(event))
        if by not in hidden.get("looked", []):
            raise IllegalMove(f"{by} passes the card on only after looking at it",
                              field="type")
        table.push(event)
        table.claims.append(self._claimed(table, by, event["to"]))

    def _call(self, table, hidden, by, body):
        believes = read_call(require(body, "call", field="move"))
        card = hidden.get("card")
        if card is None or table.game().to_move != by:
            raise IllegalMove(f"{by} has no card to call on: only its receiver calls",
                              field="type")
        if by in hidden.get("looked", []):
            raise IllegalMove(f"{by} has looked at the card: a call is made without looking, "
                              f"so pass it on", field="type")
        event = {"type": "call", "player": by, "call": "true" if believes else "false",
                 "card": card}
        odds = table.odds_at_call(by)  # from the table before the call
        result = table.push(event)
        hidden.clear()
        table.claims = []
        right = "right" if result.receiver_right else "wrong"
        return {"call": event["call"], "by": by, "revealed": {result.taker: [card]},
                "ruling": right, "taker": result.taker, "card": card,
                "claim": result.claim.to_dict(),
                "reason": f"the card is {card}: {by} called {event['call']} on "
                          f"'{result.claim}' and was {right}; {result.taker} takes it",
                "changes": {result.taker: 1}, "odds": odds}

    @staticmethod
    def _claimed(table, by, to) -> dict:
        claim = table.game().to_dict()["card"]["claim"]
        return {"player": by, "to": to, "claim": claim}

    def new_game(self, table):
        table.secret = {}  # the card in transit, and who has looked at it

    def timeout_event(self, name):
        return {"type": "timeout", "player": name}

    def left(self, table, name):
        table.secret = {}  # a card in transit leaves the game unturned
        table.claims = []

    # --- what the table sees ----------------------------------------------------------

    def public(self, table, game):
        state = game.to_dict()
        return {"face_up": state["face_up"], "card": state["card"],
                "losing_count": state["losing_count"]}

    def private(self, table, game, name):
        hidden = table.secret or {}
        mine = game.to_move == name
        return {"card_seen": hidden.get("card") if name in hidden.get("looked", []) else None,
                "can_look": mine and game.in_transit and name not in hidden.get("looked", [])
                and not game.must_call(),
                "targets": game.legal_targets() if mine else []}

    def declarations(self, state, bids):
        return [dict(b) for b in bids]

    def round_number(self, state):
        return len(state["turns"]) + 1

    def move_schemas(self):
        card = {**schema.card(), "description": "a card of your hand"}
        to = {**schema.PLAYER, "description": "the player it goes to"}
        return [move_branch("send", {"card": card, "to": to, "claim": KIND_SCHEMA},
                            ["card", "to", "claim"]),
                move_branch("call", {"call": CALL_SCHEMA}, ["call"]),
                move_branch("look", {}),
                move_branch("pass", {"to": to, "claim": KIND_SCHEMA}, ["to", "claim"])]

    def odds_at_call(self, table, game, caller, verdict):
        card, claimer, claim = table.secret["card"], game.held[-1], game.claim
        theirs = table.hands.get(claimer, [])
        caller_view = PostView.of_player(game, caller, table.hands[caller])
        claimer_view = PostView.read(theirs, elsewhere(game.rules.deck, [*theirs, card]),
                                     game.rules)
        return {"measure": "true", "claim": claim.to_dict(),
                "caller": figure(caller, caller_view.is_kind(claim), private=True),
                "claimer": figure(claimer, claimer_view.is_kind(claim))}


def kinds_held(hand) -> Counter:
    """How many cards of each kind a hand holds."""
    return Counter(Card.parse(card).rank for card in hand)


def kind_name(kind: int) -> str:
    return rank_name(kind)


ROOM = PostRoom()
