"""Liar's Poker in a room: a hand is cards from one deck; claim a poker hand over
everyone's cards together, then call.

>>> ROOM.hand_key, ROOM.table_deal
('cards', True)
"""

from __future__ import annotations

from solver.games import schema
from solver.games.table import require
from solver.rooms.call_odds import figure
from solver.rooms.deal import deck
from solver.rooms.variants import ClaimAndCall, move_branch

from .game import CLAIM_SCHEMA as POKER_CLAIM
from .game import DECK as POKER_DECK_SIZE
from .game import PokerGame, read_poker_cards
from .odds import PokerView


class PokerRoom(ClaimAndCall):
    """Liar's Poker with cards: a hand is cards from one deck; claim a poker hand over
    everyone's cards together, then call."""

    name = "poker"
    order = 2
    game_type = PokerGame
    hand_key = "cards"
    claim, call, claimed = "claim", "call", "claimed"
    measures = {"made": "the hand is made"}
    own_moves = {"claim": {"claim"}, "call": set(), "reveal": {"cards"}}

    def claim_event(self, by, body):
        return {"type": "claim", "player": by, "claim": require(body, "claim", field="move")}

    def call_event(self, by, body):
        return {"type": "call", "player": by}

    def held(self, game):
        return game.cards

    def dealer(self, rules):
        return {"cards": deck()}

    def read_hand(self, body, rules):
        return [str(card) for card in read_poker_cards(require(body, "cards", field="move"))]

    def with_hands(self, event, revealed):
        return {**event, "cards": {p: list(cards) for p, cards in revealed.items()}}

    def ruling(self, game, event, result):
        verdict = "made" if result.made is not None else "not made"
        reason = (f"{result.claim} is made from {' '.join(map(str, result.made))}"
                  if result.made is not None else
                  f"{result.claim} cannot be made from the revealed cards")
        consequence = "is out" if result.out else "gets a card"
        return (verdict, f"{reason}: {result.gainer} {consequence}", {result.gainer: 1},
                {"out": result.out})

    def after_claim(self, game, bids, by):
        bids.append({"player": by, "claim": game.last.hand.to_dict()})

    def declarations(self, state, bids):
        return [{"player": b["player"], "claim": b["claim"]} for b in bids]

    def round_number(self, state):
        return len(state["calls"]) + 1

    def direction(self, state):
        return state["direction"]

    def move_schemas(self):
        return [move_branch("claim", {"claim": POKER_CLAIM}, ["claim"]),
                move_branch("call", {}),
                move_branch("reveal", {"cards": {**schema.cards(POKER_DECK_SIZE),
                                                 "description": "your cards (table deal)"}},
                            ["cards"])]

    def odds_at_call(self, table, game, caller, verdict):
        """Can the claimed hand be made?"""
        hands, claimer, hand = table.revealed, game.last.player, game.last.hand
        made = {p: PokerView.of_player(game, p, hands[p]).made(hand) for p in (caller, claimer)}
        return {"measure": "made", "claim": hand.to_dict(),
                "caller": figure(caller, made[caller]), "claimer": figure(claimer, made[claimer])}


ROOM = PokerRoom()
