"""Liar's Dice in a room: a hand is dice; bid, then call "Liar!".

>>> ROOM.hand_key, ROOM.kitty
('dice', True)
"""

from __future__ import annotations

from solver.games.table import require
from solver.rooms.call_odds import figure
from solver.rooms.variants import ClaimAndCall, move_branch

from .game import BID_SCHEMA, MAX_DICE, MAX_FACES, DiceGame, dice_schema, read_dice
from .odds import DiceView


class DiceRoom(ClaimAndCall):
    """Liar's Dice: a hand is dice; bid, then call "Liar!"."""

    name = "dice"
    order = 1
    game_type = DiceGame
    kitty = True
    hand_key = "dice"
    claim, call, claimed = "bid", "liar", "bid"
    measures = {"holds": "the bid holds"}
    own_moves = {"bid": {"quantity", "face", "claim"}, "liar": set(), "reveal": {"dice"}}

    def claim_event(self, by, body):
        return {"type": "bid", "player": by, **{k: v for k, v in body.items() if k != "type"}}

    def call_event(self, by, body):
        return {"type": "liar", "player": by}

    def held(self, game):
        return game.dice

    def dealer(self, rules):
        return {"dice": rules["faces"]}

    def read_hand(self, body, rules):
        return list(read_dice(require(body, "dice", field="move"), rules["faces"]))

    def with_hands(self, event, revealed):
        return {**event, "dice": revealed}

    def ruling(self, game, event, result):
        verdict = "holds" if result.holds else "fails"
        counted = f"{result.count} {'die counts' if result.count == 1 else 'dice count'}"
        return (verdict, f"{counted} for {result.bid}: the bid {verdict}",
                {result.loser: -1}, {"loser": result.loser})

    def after_claim(self, game, bids, by):
        bids.append({"player": by, **game.bid.to_dict()})  # the state keeps the last bid only

    def declarations(self, state, bids):
        return [{"player": b["player"], "quantity": b["quantity"], "face": b["face"]}
                for b in bids]

    def round_number(self, state):
        return len(state["rounds"]) + 1

    def move_schemas(self):
        bid = {"claim": BID_SCHEMA,
               "quantity": {"type": "integer", "minimum": 1, "maximum": MAX_DICE},
               "face": {"type": "integer", "minimum": 1, "maximum": MAX_FACES}}
        return [{**move_branch("bid", bid), "anyOf": [{"required": ["claim"]},
                                                      {"required": ["quantity", "face"]}]},
                move_branch("liar", {}),
                move_branch("reveal", {"dice": {**dice_schema(MAX_FACES),
                                                "description": "your dice (table deal)"}},
                            ["dice"])]

    def odds_at_call(self, table, game, caller, verdict):
        """Does the bid hold?"""
        hands, bidder, bid = table.revealed, game.bidder, game.bid
        held = {p: DiceView.of_player(game, p, hands[p]).holds(bid) for p in (caller, bidder)}
        return {"measure": "holds", "claim": bid.to_dict(),
                "caller": figure(caller, held[caller]), "claimer": figure(bidder, held[bidder])}


ROOM = DiceRoom()
