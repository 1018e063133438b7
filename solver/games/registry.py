"""The registry the front ends use: one entry per sister game, so the CLI and the API stay thin.

Each entry checks a single claim (``check``) and replays a whole game
(``replay``) from plain JSON-able dicts, and carries its description, example
payloads and JSON Schemas for the request bodies.  Every "claim" may be the
phrase said at the table or its structured form; "rules" is always optional.

=========  ==================================================================
game       check payload
=========  ==================================================================
dice       {"claim": "2 fives" | {quantity, face}, "dice": [faces] | {player:
           [faces]}, "last"?: bid}
post       {"claim": "this is a queen" | {kind}, "card": "QH", "call"?: "true"
           | "false", "face_up"?: cards, "players"?: 2..6}
liarliar   {"claim": "two kings" | {count?, rank}, "cards": turned-over cards}
poker      {"claim": "full house, kings over threes" | {hand, ranks}, "cards":
           cards | {player: cards}, "last"?: claim}
=========  ==================================================================

A replay payload is ``{"rules"?, "players": [...], "events": [...]}``; each
game's events are in its ``replay_schema`` and its ``action_from_dict``.

>>> GAMES["dice"].check({"claim": "2 fives", "dice": [5, 5, 1, 2]})["holds"]
True
>>> result = GAMES["dice"].replay(GAMES["dice"].REPLAY_EXAMPLE)
>>> result["ok"], result["state"]["outcome"]["winner"]
(True, 'ann')
>>> LETTERS.replay(LETTERS.REPLAY_EXAMPLE)["state"]["tiles"]
{'ann': 1, 'ben': 2, 'cy': 2}
>>> bad = GAMES["post"].replay({"players": ["anna", "ben"], "events": [
...     {"type": "send", "player": "ben", "to": "anna", "claim": "Q"}]})
>>> bad["ok"], bad["event_index"], bad["error"]["message"]
(False, 0, "it is anna's turn to start the turn, not ben's")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from solver.errors import IllegalMove, InvalidInput, LiarsError, LimitExceeded
from solver.words.tiles import TILE_SETS

from . import dice, letters, liarliar, poker, post
from .table import MAX_EVENTS, MAX_NAME, MAX_PLAYERS

MAX_PHRASE = 200


def _object(payload, allowed: set[str], required: set[str], what: str) -> dict:
    """The request body as a dict with only known keys and every required one."""
    if not isinstance(payload, dict):
        raise InvalidInput(f"the {what} request must be a JSON object, not "
                           f"{type(payload).__name__}")
    unknown = sorted(set(payload) - allowed)
    if unknown:
        raise InvalidInput(f"unknown field(s) in the {what} request: {', '.join(unknown)}; "
                           f"expected {', '.join(sorted(allowed))}", field=unknown[0])
    missing = sorted(required - set(payload))
    if missing:
        raise InvalidInput(f"the {what} request needs {', '.join(missing)}", field=missing[0])
    return payload


def _in_event(err: LiarsError, index: int) -> LiarsError:
    """Point an error's field into the event it came from: ``events[3].claim``."""
    prefix = f"events[{index}]"
    if not (err.field or "").startswith(prefix):
        err.field = f"{prefix}.{err.field}" if err.field else prefix
    return err


@dataclass(frozen=True)
class Replayer:
    """One game's replay surface: a whole game from ``{"rules", "players", "events"}``.

    Liars' Letters has only this (its checks are the letters routes); the
    sister games are :class:`Game`, which adds checking a single claim.
    """

    name: str
    title: str
    description: str
    rules_type: type
    state_type: type
    read_action: Callable
    replay_schema: dict
    REPLAY_EXAMPLE: dict

    def replay(self, payload: dict) -> dict:
        """Replay ``{"rules", "players", "events"}`` move by move.

        Answers ``{"ok": true, "state"}`` with the final state, or, at the first
        illegal event, ``{"ok": false, "error", "event_index", "event", "state"}``
        with the state before it (plus the error's ``details``, if it has any:
        an undecided Liars' Letters call says what the referee knows).
        Unreadable input raises a LiarsError.
        """
        payload = _object(payload, {"rules", "players", "events"}, {"players"},
                          f"{self.name} replay")
        game = self.state_type(payload["players"], self.rules_type.from_dict(payload.get("rules")))
        events = payload.get("events", [])
        if not isinstance(events, list):
            raise InvalidInput(f"events must be a list, not {type(events).__name__}",
                               field="events")
        if len(events) > MAX_EVENTS:
            raise LimitExceeded(f"{len(events)} events given; at most {MAX_EVENTS} are "
                                f"accepted", field="events")
        for index, event in enumerate(events):
            try:
                action = self.read_action(event, field=f"events[{index}]")
                game.push(action)
            except IllegalMove as err:
                return {"ok": False, "game": self.name, "error": _in_event(err, index).as_dict(),
                        "event_index": index, "event": event,
                        **getattr(err, "details", {}), "state": game.to_dict()}
            except LiarsError as err:
                raise _in_event(err, index)
        return {"ok": True, "game": self.name, "events": len(events), "state": game.to_dict()}


@dataclass(frozen=True)
class Game(Replayer):
    """One sister game's front-end surface: check a claim, replay a game, describe both."""

    check_claim: Callable[[dict], dict]
    check_fields: tuple[set[str], set[str]]
    check_schema: dict
    CHECK_EXAMPLE: dict

    def check(self, payload: dict) -> dict:
        """A single claim checked against what was revealed (see ``check_schema``)."""
        allowed, required = self.check_fields
        payload = _object(payload, allowed | {"rules"}, required, f"{self.name} check")
        return {"game": self.name, **self.check_claim(dict(payload))}


# --- JSON Schema pieces ---------------------------------------------------------------

def _players(high: int) -> dict:
    return {"type": "array", "minItems": 2, "maxItems": high, "uniqueItems": True,
            "description": "the players in clockwise seat order; the first opens",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}}


def _phrase_or(structured: dict, example: str) -> dict:
    return {"oneOf": [{"type": "string", "maxLength": MAX_PHRASE, "examples": [example],
                       "description": "the claim as said at the table"}, structured]}


CARD = {"type": "string", "description": "Q, 10, QH, Q♥, 'queen of hearts' or joker",
        "examples": ["QH"]}
CARDS = {"oneOf": [{"type": "array", "items": CARD},
                   {"type": "string", "description": "cards separated by spaces or commas"}]}
RANK = {"type": ["string", "integer"], "description": "A K Q J 10 9 ... 2", "examples": ["K"]}
FACES = {"type": "array", "items": {"type": "integer", "minimum": 1}}


def _replay_schema(rules: dict, max_players: int, events: list[dict]) -> dict:
    return {"type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {"rules": rules, "players": _players(max_players),
                           "events": {"type": "array", "maxItems": MAX_EVENTS,
                                      "items": {"oneOf": events}}}}


def _event(kind: str, properties: dict, required: list[str]) -> dict:
    return {"type": "object", "required": ["type", "player", *required],
            "properties": {"type": {"const": kind}, "player": {"type": "string"},
                           **properties}}


# --- Liar's Dice ----------------------------------------------------------------------

DICE_RULES = {"type": "object", "additionalProperties": False, "properties": {
    "dice_each": {"type": "integer", "minimum": 1, "maximum": dice.MAX_DICE_EACH, "default": 5},
    "faces": {"type": "integer", "minimum": 2, "maximum": dice.MAX_FACES, "default": 6},
    "wild": {**FACES, "default": [], "description": "wild faces; the traditional choice is [1]"},
    "bid_order": {"enum": list(dice.BID_ORDERS), "default": "seed"}}}
DICE_BID = _phrase_or({"type": "object", "required": ["quantity", "face"], "properties": {
    "quantity": {"type": "integer", "minimum": 1}, "face": {"type": "integer", "minimum": 1}}},
    "2 fives")


def _dice_check(p: dict) -> dict:
    return dice.check_claim(p["claim"], p["dice"], dice.DiceRules.from_dict(p.get("rules")),
                            last=p.get("last"))


DICE = Game(
    name="dice", title="Liar's Dice",
    description="Does a bid hold among the revealed dice (wild faces counted), is it a legal "
                "raise under the table's bid order; replay a game: who loses a die, who opens, "
                "who is out, the winner.",
    rules_type=dice.DiceRules, state_type=dice.DiceGame, read_action=dice.action_from_dict,
    check_claim=_dice_check, check_fields=({"claim", "dice", "last"}, {"claim", "dice"}),
    check_schema={"type": "object", "required": ["claim", "dice"], "additionalProperties": False,
                  "properties": {"rules": DICE_RULES, "claim": DICE_BID,
                                 "dice": {"oneOf": [{**FACES, "maxItems": dice.MAX_DICE},
                                                    {"type": "object",
                                                     "additionalProperties": FACES}]},
                                 "last": DICE_BID}},
    replay_schema=_replay_schema(DICE_RULES, MAX_PLAYERS, [
        _event("bid", {"claim": DICE_BID, "quantity": {"type": "integer"},
                       "face": {"type": "integer"}}, []),
        _event("liar", {"dice": {"type": "object", "additionalProperties": FACES,
                                 "description": "every player's revealed dice"}}, ["dice"])]),
    CHECK_EXAMPLE={"rules": {"wild": [1]}, "claim": "five sixes", "dice": [6, 6, 1, 3, 6, 2, 6],
                   "last": "4 sixes"},
    REPLAY_EXAMPLE={"rules": {"dice_each": 1}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "bid", "player": "ann", "claim": "1 six"},
        {"type": "bid", "player": "ben", "claim": "2 sixes"},
        {"type": "liar", "player": "cy", "dice": {"ann": [6], "ben": [3], "cy": [2]}},
        {"type": "bid", "player": "cy", "claim": "1 two"},
        {"type": "liar", "player": "ann", "dice": {"ann": [4], "cy": [5]}}]},
)


# --- Liar's Post ----------------------------------------------------------------------

POST_RULES = {"type": "object", "additionalProperties": False, "properties": {
    "one_deck": {"type": "boolean", "default": False,
                 "description": "32 cards; three of a kind loses (two players: four)"},
    "eight_different": {"type": "boolean", "default": False,
                        "description": "one face-up card of every kind also loses"}}}
POST_CLAIM = _phrase_or({"type": "object", "required": ["kind"], "properties": {"kind": RANK}},
                        "this is a queen")
POST_CALL = {"oneOf": [{"type": "boolean"}, {"enum": ["true", "false", "True", "False"]}]}


def _post_check(p: dict) -> dict:
    return post.check_claim(p["claim"], p["card"], p.get("call"),
                            post.PostRules.from_dict(p.get("rules")), p.get("face_up"),
                            p.get("players"))


POST = Game(
    name="post", title="Liar's Post",
    description="Is a claim about the card true, is the receiver's True/False call right and "
                "who takes the card, do a player's face-up cards lose; replay a game: passing "
                "on, forced calls, who takes each card, the loser.",
    rules_type=post.PostRules, state_type=post.PostGame, read_action=post.action_from_dict,
    check_claim=_post_check,
    check_fields=({"claim", "card", "call", "face_up", "players"}, {"claim", "card"}),
    check_schema={"type": "object", "required": ["claim", "card"], "additionalProperties": False,
                  "properties": {"rules": POST_RULES, "claim": POST_CLAIM, "card": CARD,
                                 "call": POST_CALL, "face_up": CARDS,
                                 "players": {"type": "integer", "minimum": 2, "maximum": 6,
                                             "description": "players at the table, for the "
                                                            "face-up loss limit"}}},
    replay_schema=_replay_schema(POST_RULES, 6, [
        _event("send", {"to": {"type": "string"}, "claim": POST_CLAIM}, ["to", "claim"]),
        _event("pass", {"to": {"type": "string"}, "claim": POST_CLAIM}, ["to", "claim"]),
        _event("call", {"call": POST_CALL, "card": CARD}, ["call", "card"])]),
    CHECK_EXAMPLE={"claim": "this is a 7", "card": "Q♥", "call": "false"},
    REPLAY_EXAMPLE={"rules": {"one_deck": True}, "players": ["anna", "ben", "carla"], "events": [
        {"type": "send", "player": "anna", "to": "ben", "claim": "this is a queen"},
        {"type": "call", "player": "ben", "call": "false", "card": "QS"},
        {"type": "send", "player": "ben", "to": "carla", "claim": "this is a jack"},
        {"type": "call", "player": "carla", "call": "false", "card": "QD"},
        {"type": "send", "player": "ben", "to": "anna", "claim": "this is a king"},
        {"type": "call", "player": "anna", "call": "true", "card": "8H"},
        {"type": "send", "player": "anna", "to": "ben", "claim": "this is a king"},
        {"type": "pass", "player": "ben", "to": "carla", "claim": "this is a 7"},
        {"type": "call", "player": "carla", "call": "false", "card": "Q♥"}]},
)


# --- Liar Liar ------------------------------------------------------------------------

LIARLIAR_RULES = {"type": "object", "additionalProperties": False, "properties": {
    "timer": {"enum": [10, 30, None, "none", "10s", "30s"], "default": None,
              "description": "seconds per move; with a timer, 'timeout' eliminates"}}}
LIARLIAR_CLAIM = _phrase_or({"type": "object", "required": ["rank"], "properties": {
    "count": {"type": "integer", "minimum": 1, "maximum": 3}, "rank": RANK}}, "two kings")


def _liarliar_check(p: dict) -> dict:
    liarliar.LiarLiarRules.from_dict(p.get("rules"))
    return liarliar.check_claim(p["claim"], p["cards"])


LIARLIAR = Game(
    name="liarliar", title="Liar Liar",
    description="Is a play true (jokers are wild); replay a match: who may call, who takes the "
                "pile, who opens, four-of-a-kind discards, finishing, timer eliminations and "
                "the placings.",
    rules_type=liarliar.LiarLiarRules, state_type=liarliar.LiarLiarGame,
    read_action=liarliar.action_from_dict, check_claim=_liarliar_check,
    check_fields=({"claim", "cards"}, {"claim", "cards"}),
    check_schema={"type": "object", "required": ["claim", "cards"], "additionalProperties": False,
                  "properties": {"rules": LIARLIAR_RULES, "claim": LIARLIAR_CLAIM,
                                 "cards": CARDS}},
    replay_schema=_replay_schema(LIARLIAR_RULES, 6, [
        _event("play", {"count": {"type": "integer", "minimum": 1, "maximum": 3},
                        "rank": RANK, "claim": LIARLIAR_CLAIM, "cards": CARDS}, []),
        _event("liar", {"cards": CARDS}, []),
        _event("discard", {"rank": RANK, "cards": CARDS}, []),
        _event("timeout", {}, [])]),
    CHECK_EXAMPLE={"claim": "two kings", "cards": ["KH", "joker"]},
    REPLAY_EXAMPLE={"rules": {"timer": 30}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "play", "player": "ann", "claim": "three aces", "cards": ["AH", "AS", "2C"]},
        {"type": "liar", "player": "ben"},
        {"type": "discard", "player": "cy", "rank": "9"},
        {"type": "play", "player": "ben", "claim": "two sevens"},
        {"type": "timeout", "player": "cy"},
        {"type": "play", "player": "ann", "count": 3}]},
)


# --- Liar's Poker ---------------------------------------------------------------------

POKER_RULES = {"type": "object", "additionalProperties": False, "properties": {
    "ladder": {"oneOf": [{"enum": list(poker.LADDERS)},
                         {"type": "array", "items": {"enum": list(poker.STANDARD)},
                          "minItems": 9, "maxItems": 9, "uniqueItems": True}],
               "default": "standard", "description": "the hands from low to high"},
    "card_limit": {"type": "integer", "minimum": 1, "maximum": 10, "default": 4}}}
POKER_CLAIM = _phrase_or({"type": "object", "required": ["hand", "ranks"], "properties": {
    "hand": {"enum": list(poker.STANDARD)}, "ranks": {"type": "array", "items": RANK}}},
    "full house, kings over threes")


def _poker_check(p: dict) -> dict:
    return poker.check_claim(p["claim"], p["cards"], poker.PokerRules.from_dict(p.get("rules")),
                             last=p.get("last"))


POKER = Game(
    name="poker", title="Liar's Poker with cards",
    description="Can the named hand be made from all revealed cards, is it higher than the "
                "last claim on the table's ladder; replay a game: who gets a card, who is out, "
                "who opens, the winner.",
    rules_type=poker.PokerRules, state_type=poker.PokerGame, read_action=poker.action_from_dict,
    check_claim=_poker_check, check_fields=({"claim", "cards", "last"}, {"claim", "cards"}),
    check_schema={"type": "object", "required": ["claim", "cards"], "additionalProperties": False,
                  "properties": {"rules": POKER_RULES, "claim": POKER_CLAIM,
                                 "cards": {"oneOf": [CARDS["oneOf"][0], CARDS["oneOf"][1],
                                                     {"type": "object",
                                                      "additionalProperties": CARDS}]},
                                 "last": POKER_CLAIM}},
    replay_schema=_replay_schema(POKER_RULES, MAX_PLAYERS, [
        _event("claim", {"claim": POKER_CLAIM}, ["claim"]),
        _event("call", {"cards": {"type": "object", "additionalProperties": CARDS,
                                  "description": "every player's revealed cards"}},
               ["cards"])]),
    CHECK_EXAMPLE={"claim": "full house, kings over threes",
                   "cards": {"ann": ["KH", "3C"], "ben": ["KS", "KD"], "cy": ["3S"]},
                   "last": "two pair, aces and kings"},
    REPLAY_EXAMPLE={"rules": {"card_limit": 1}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "claim", "player": "ann", "claim": "pair of kings"},
        {"type": "call", "player": "ben", "cards": {"ann": ["KH"], "ben": ["KS"], "cy": ["2D"]}},
        {"type": "claim", "player": "ann", "claim": "ace high"},
        {"type": "call", "player": "cy", "cards": {"ann": ["4C"], "cy": ["9H"]}}]},
)

GAMES: dict[str, Game] = {g.name: g for g in (DICE, POST, LIARLIAR, POKER)}


# --- Liars' Letters: replay only (its checks are the letters routes) --------------------

LETTERS_RULES = {"type": "object", "additionalProperties": False, "properties": {
    "lexicon": {"type": "string", "default": "twl06", "description": "a bundled lexicon"},
    "tile_set": {"enum": sorted(TILE_SETS), "default": "scrabble"},
    "tile_limit": {"type": "integer", "minimum": 1, "maximum": 20, "default": 4,
                   "description": "a player who would hold more is out"},
    "budget": {"type": "number", "minimum": 0,
               "description": "seconds the referee may search per call; an 'exact' it "
                              "cannot prove in time is undecided (the server caps it)"}}}
WORDS = {"oneOf": [{"type": "string", "examples": ["big, g, er"]},
                   {"type": "array", "items": {"type": "string"}}]}

LETTERS = Replayer(
    name="letters", title="Liars' Letters",
    description="Replay a whole game: legal raises, the bullshit and exact rulings, tile "
                "gains and losses, who is out, who opens the next round and in which "
                "direction, the winner. An 'exact' the referee cannot prove stops the replay "
                "as undecided unless the call carries the table's own ruling.",
    rules_type=letters.LettersRules, state_type=letters.LettersGame,
    read_action=letters.action_from_dict,
    replay_schema=_replay_schema(LETTERS_RULES, MAX_PLAYERS, [
        _event("declare", {"words": WORDS}, ["words"]),
        _event("call", {"call": {"enum": ["bullshit", "exact"]},
                        "tiles": {"type": "string", "description": "every revealed tile"},
                        "ruling": {"enum": list(letters.TABLE_RULINGS),
                                   "description": "the table's decision, applied only "
                                                  "where the referee cannot decide"}},
               ["call", "tiles"])]),
    REPLAY_EXAMPLE={"rules": {"lexicon": "twl06", "tile_set": "scrabble", "tile_limit": 4},
                    "players": ["ann", "ben", "cy"], "events": [
        {"type": "declare", "player": "ann", "words": "it"},
        {"type": "declare", "player": "ben", "words": "big"},
        {"type": "call", "player": "cy", "call": "bullshit", "tiles": "BIG"},
        {"type": "declare", "player": "cy", "words": "a"},
        {"type": "call", "player": "ben", "call": "exact", "tiles": "ABCD"}]},
)

# Everything that replays, by name: the sister games and Liars' Letters.
REPLAYERS: dict[str, Replayer] = {**GAMES, LETTERS.name: LETTERS}


def get_game(name: str) -> Game:
    """The registry entry for ``name``; an unknown name is an InvalidInput naming it."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise InvalidInput(f"no game {name!r}; the games are {', '.join(GAMES)}",
                           field="game") from None
