"""Liars' Letters in a room: a hand is tiles; declare, then call bullshit or exact.

>>> ROOM.hand_key, sorted(ROOM.own_moves)
('tiles', ['call', 'declare', 'reveal'])
"""

from __future__ import annotations

from collections import Counter

from solver.games import schema
from solver.games.table import require
from solver.rooms.call_odds import REVEAL_SEARCH, figure
from solver.rooms.deal import tiles
from solver.rooms.variants import ClaimAndCall, move_branch
from solver.words.tiles import Tiles, get_tile_set

from .game import WORDS_SCHEMA, Call, LettersGame, check_declaration
from .odds import LettersView


class LettersRoom(ClaimAndCall):
    """Liars' Letters: a hand is tiles; declare, then call bullshit or exact."""

    name = "letters"
    order = 0
    game_type = LettersGame
    searches_lexicon = True
    hand_key = "tiles"
    claim, call, claimed = "declare", "call", "declared"
    measures = {"exists": "the declaration can be made (bullshit)",
                "highest": "it is the highest word set (exact)"}
    own_moves = {"declare": {"words"}, "call": {"call"}, "reveal": {"tiles"}}

    def claim_event(self, by, body):
        return {"type": "declare", "player": by, "words": require(body, "words", field="move")}

    def call_event(self, by, body):
        return {"type": "call", "player": by, "call": require(body, "call", field="move")}

    def check_call(self, event):
        Call.parse(event["call"])  # the library's message for anything but the two calls

    def held(self, game):
        return game.tiles

    def dealer(self, rules):
        return tiles(get_tile_set(rules["tile_set"]))

    def read_hand(self, body, rules):
        return str(Tiles.parse(require(body, "tiles", field="move"), rules["tile_set"]))

    def with_hands(self, event, revealed):
        return {**event, "tiles": "".join(revealed.values())}

    def ruling(self, game, event, result):
        ruled = game.rounds[-1]["ruling"]
        deltas = ((event["player"], ruled["caller"]),
                  (game.rounds[-1]["call"]["declarer"], ruled["declarer"]))
        return (ruled["decision"], result.explain(), {p: d for p, d in deltas if d},
                {"by_table": ruled["by"] == "table"})

    def declarations(self, state, bids):
        return [{"player": d["player"], "words": d["words"]} for d in state["declarations"]]

    def round_number(self, state):
        return state["round"]

    def direction(self, state):
        return state["direction"]

    def searches(self, kind):
        return kind in ("call", "reveal", "ruling")  # a ruling may need the highest set

    def move_schemas(self):
        call = {"type": "string", "pattern": schema.name_pattern(["bullshit", "exact"]),
                "description": "bullshit or exact, in any case"}
        return [move_branch("declare", {"words": WORDS_SCHEMA}, ["words"]),
                move_branch("call", {"call": call}, ["call"]),
                move_branch("reveal", {"tiles": {**schema.tiles(),
                                                 "description": "your tiles (table deal)"}},
                            ["tiles"])]

    def odds_at_call(self, table, game, caller, verdict):
        """Does the declaration exist ("bullshit"), or is it the highest ("exact")?"""
        hands = table.revealed
        claimer, declared = game.last
        call = Call.parse(table.called["call"])
        views = {p: LettersView.of_player(game, p, hands[p]) for p in (caller, claimer)}
        claim = {"phrase": ", ".join(declared), "words": list(declared)}
        if call is not Call.EXACT:
            return {"measure": "exists", "claim": claim,
                    **{role: figure(p, views[p].exists(declared))
                       for role, p in (("caller", caller), ("claimer", claimer))}}
        budget = min(float(game.rules.budget), REVEAL_SEARCH)
        check = one_search(views[caller], declared, verdict, budget)
        return {"measure": "highest", "claim": claim,
                **{role: figure(p, views[p].highest(declared, check=check, budget=budget))
                   for role, p in (("caller", caller), ("claimer", claimer))}}


def one_search(view: LettersView, declared, verdict, budget: float):
    """The one search an "exact" call's odds need (the declared set of exactly its own
    letters): the referee's, when the revealed tiles were those letters; else made once
    here, within ``budget`` seconds; None where no search can matter (a set that leaves a
    tile unused, or cannot exist: ``highest`` says so without one)."""
    letters = declared.letters
    check = getattr(verdict, "check", None)
    if check is not None and Counter(check.tiles.counts) == letters:
        return check
    if sum(letters.values()) != len(view.mine) + view.hidden \
            or declared.invalid_words(view.lexicon):
        return None
    tiles = Tiles(letters, view.tile_set)
    if any(tiles.counts[x] > view.tile_set.counts[x] for x in tiles.counts):
        return None
    return check_declaration(tiles, declared, view.lexicon, budget=budget)


ROOM = LettersRoom()
