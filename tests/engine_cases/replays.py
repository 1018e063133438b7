"""Golden vectors of whole-game replays: Liars' Letters and Liar's Dice, as the API answers them.

The page's Table screen sends the whole game on every move to POST /letters/replay or
/dice/replay; with no server the page's local router (engine/local.js, by engine/game.js,
lettersgame.js and dicegame.js) must answer each as the Flask API does (status and JSON):

* ``letters``, ``dice``: seeded random legal games over random rules and seats, played by the
  library itself (declarations that raise, calls on tiles drawn from the tile set's bag, bids
  that raise under each bid order, "Liar!" on rolled dice, players leaving), each recorded
  whole and at a random move of its middle (the Table replays every prefix);
* ``illegal``: a legal game's prefix followed by one bad event of each kind the library
  refuses -- the wrong turn, a player not at the table or out, a raise that is not higher, a
  word not in the lexicon, a call on nothing, a wrong tile or dice count, a table ruling that
  contradicts a proven one, an undecided "exact" (a budget of 0), an event after the end,
  unreadable events, players and rules -- each answered with its exact error (an illegal
  move is ``"ok": false`` with the state before it; unreadable input a 4xx naming its field);
* ``remembered``: an "exact" on 20 tiles that the server proves (its budget) and the phone
  cannot at a budget of 0: once the phone has the server's rulings (as client.js keeps them),
  the same game replayed on the phone goes on to the server's rulings.

Every body is JSON text, read by the engine's ``parseJson`` as flask reads it ("6.0" stays a
float).  The racks are small enough to be proven at once, so no answer depends on time.
"""

from __future__ import annotations

import json
import random

from api import create_app
from solver.games.dice.game import Bid, CallLiar, DiceGame, DiceRules, MakeBid
from solver.games.base import Leave
from solver.games.letters.game import Declare, LettersGame, LettersRules, MakeCall
from solver.search.highest import highest
from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS
from solver.words.wordset import WordSet

from . import encode, of_set

SEED = 27
V1 = "/api/v1"
LEXICONS = ["twl06", "sowpods", "csw19"]
NAMES = ["ann", "ben", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "Zoë", "__proto__",
         "2", "constructor", "a b"]
LETTERS_GAMES = 160
DICE_GAMES = 220
MOST_MOVES = 120


def vocabulary(lexicon: str) -> dict[int, list[str]]:
    """The lexicon's words of 2 to 7 letters, by length."""
    words = [w for w in load_lexicon(lexicon)._words.keys() if 2 <= len(w) <= 7]
    by_length: dict[int, list[str]] = {}
    for word in sorted(words):
        by_length.setdefault(len(word), []).append(word)
    return by_length


def bag(tile_set: str) -> str:
    return "".join(letter * n for letter, n in TILE_SETS[tile_set].counts.items())


def typed(rng: random.Random, words: list[str]):
    """A word set as a player types it: a string (commas or spaces, any case) or a list."""
    words = [w.upper() if rng.random() < 0.3 else w for w in words]
    if rng.random() < 0.3:
        return words
    return rng.choice([", ", " ", ",", " + "]).join(words)


# --- Liars' Letters -----------------------------------------------------------------------

def letters_rules(rng: random.Random) -> dict:
    rules = {}
    if rng.random() < 0.7:
        rules["lexicon"] = rng.choice(LEXICONS + [" CSW19 ", "TWL06"])
    if rng.random() < 0.5:
        rules["tile_set"] = rng.choice(["scrabble", "bananagrams", "Bananagrams"])
    if rng.random() < 0.8:
        rules[rng.choice(["tile_limit", "tile-limit"])] = rng.choice([1, 2, 2, 3, 3, 4, 5, 6])
    if rng.random() < 0.15:
        rules["budget"] = rng.choice([1, "2", 5, 30])
    return rules


def a_raise(rng: random.Random, words: dict, last: WordSet | None) -> list[str] | None:
    """Random words that make a set strictly higher than ``last`` (or any, to open)."""
    for _ in range(40):
        count = rng.choice([1, 1, 1, 2, 2, 3])
        chosen = [rng.choice(words[rng.choice(list(words))]) for _ in range(count)]
        if rng.random() < 0.15:
            chosen.append(rng.choice("abcdefghijklmnopqrstuvwxyz"))
        if last is None or WordSet(tuple(chosen)) > last:
            return chosen
    return None


def revealed(rng: random.Random, tile_set: str, held: int, declared: WordSet | None) -> str:
    """``held`` tiles from the bag, holding the declared letters more often than not."""
    pool = list(bag(tile_set))
    tiles = []
    if declared is not None and rng.random() < 0.6:
        for letter in "".join(declared.words).upper():
            if len(tiles) < held and letter in pool:
                pool.remove(letter)
                tiles.append(letter)
    rng.shuffle(pool)
    tiles += pool[:held - len(tiles)]
    rng.shuffle(tiles)
    text = "".join(t.lower() if rng.random() < 0.2 else t for t in tiles)
    return ", ".join(text) if rng.random() < 0.1 else text


def letters_game(rng: random.Random, vocabularies: dict) -> dict:
    """A legal game, played by the library to its end (or MOST_MOVES)."""
    players = rng.sample(NAMES, rng.choice([2, 2, 3, 3, 3, 4, 4, 5, 6, 8, 10]))
    rules = letters_rules(rng)
    game = LettersGame(players, LettersRules.from_dict(without_budget(rules)))
    words = vocabularies[load_lexicon(game.rules.lexicon).name]
    events = []
    while not game.is_over() and len(events) < MOST_MOVES:
        player = game.to_move
        roll = rng.random()
        if roll < 0.03 and len(game.active) > 2:
            who = rng.choice(game.active)
            action, event = Leave(who), {"type": "leave", "player": who}
        elif game.last is None or (roll < 0.6 and game.last[1].shape[0] < 12):
            chosen = a_raise(rng, words, game.last[1] if game.last else None)
            if chosen is None:
                continue
            said = typed(rng, chosen)
            action, event = Declare(player, WordSet.parse(said)), {
                "type": "declare", "player": player, "words": said}
        else:
            call = rng.choice(["bullshit", "exact", "exact", "EXACT", " Bullshit"])
            tiles = revealed(rng, game.rules.tile_set, game.tiles_in_play, game.last[1])
            action = MakeCall(player, call.strip().lower(), tiles)
            event = {"type": "call", "player": player, "call": call, "tiles": tiles}
        game.push(action)
        events.append(event)
    return {"rules": rules, "players": players, "events": events}


# --- Liar's Dice -------------------------------------------------------------------------

def dice_rules(rng: random.Random) -> dict:
    rules = {}
    if rng.random() < 0.9:
        rules[rng.choice(["dice_each", "dice-each"])] = rng.choice([1, 1, 2, 2, 3, 5])
    if rng.random() < 0.4:
        rules["faces"] = rng.choice([6, 6, 8, 10])
    if rng.random() < 0.4:
        rules["wild"] = rng.choice([[], [1], [1, 1]])
    if rng.random() < 0.6:
        rules["bid_order"] = rng.choice(["seed", "quantity-first", "perudo"])
    return rules


def a_bid(rng: random.Random, bid: Bid, phrase: bool):
    """A bid event's claim as players send it: a phrase, or quantity and face."""
    if phrase:
        words = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        faces = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
        if bid.face in faces and bid.quantity < 10 and rng.random() < 0.5:
            return {"claim": f"{words[bid.quantity]} {faces[bid.face]}"}
        return {"claim": str(bid)}
    if rng.random() < 0.2:
        return {"claim": {"quantity": bid.quantity, "face": bid.face}}
    return {"quantity": bid.quantity, "face": bid.face}


def dice_game(rng: random.Random) -> dict:
    players = rng.sample(NAMES, rng.choice([2, 2, 3, 3, 4, 5]))
    rules = dice_rules(rng)
    game = DiceGame(players, DiceRules.from_dict(rules))
    events = []
    while not game.is_over() and len(events) < MOST_MOVES:
        player = game.to_move
        roll = rng.random()
        if roll < 0.03 and len(game.active) > 2:
            who = rng.choice(game.active)
            game.push(Leave(who))
            events.append({"type": "leave", "player": who})
            continue
        if game.bid is None or roll < 0.55:
            bids = list(game.legal_bids())
            if bids:
                bid = bids[min(len(bids) - 1, int(rng.expovariate(0.3)))]
                game.push(MakeBid(player, bid))
                events.append({"type": "bid", "player": player, **a_bid(rng, bid, rng.random() < 0.6)})
                continue
            if game.bid is None:
                break
        dice = {p: [rng.randint(1, game.rules.faces) for _ in range(game.dice[p])]
                for p in game.active}
        game.push(CallLiar(player, dice))
        shown = {p: (" ".join(map(str, d)) if rng.random() < 0.15 else d)
                 for p, d in dice.items()}
        events.append({"type": rng.choice(["liar", "liar", "call"]), "player": player,
                       "dice": shown})
    return {"rules": rules, "players": players, "events": events}


# --- illegal events --------------------------------------------------------------------

def prefix(game: dict, n: int) -> dict:
    return {**game, "events": game["events"][:n]}


def with_event(game: dict, n: int, event) -> dict:
    return {**game, "events": game["events"][:n] + [event]}


def after_declaration(game: dict) -> int | None:
    """The index just after a declaration (a call may come next), if any."""
    spots = [i + 1 for i, e in enumerate(game["events"]) if e["type"] == "declare"]
    return spots[len(spots) // 2] if spots else None


def letters_illegal(rng: random.Random, games: list[dict]) -> list[tuple[str, object]]:
    out = []
    path = "/letters/replay"
    for game in games[:40]:
        n = rng.randrange(len(game["events"]) + 1)
        state = LettersGame(game["players"], LettersRules.from_dict(without_budget(game["rules"])))
        for event in game["events"][:n]:
            state.push(LettersGame.read_action(event))
        if state.is_over():
            out.append((path, with_event(game, n, {"type": "declare", "player": game["players"][0],
                                                   "words": "it"})))
            continue
        to_move = state.to_move
        other = next(p for p in state.active if p != to_move)
        kinds = [
            {"type": "declare", "player": other, "words": "qi"},
            {"type": "declare", "player": "zed", "words": "qi"},
            {"type": "declare", "player": 5, "words": "qi"},
            {"type": "declare", "player": to_move, "words": "zzxq, qi"},
            {"type": "declare", "player": to_move, "words": "b4"},
            {"type": "declare", "player": to_move, "words": []},
            {"type": "declare", "player": to_move, "words": ["a"] * 101},
            {"type": "declare", "player": to_move, "words": "q" * 41},
            {"type": "declare", "player": to_move},
            {"type": "declare", "player": to_move, "words": "it", "tiles": "X"},
            {"type": "raise", "player": to_move, "words": "it"},
            {"type": 7, "player": to_move},
            {"player": to_move, "words": "it"},
            {"type": "declare", "words": "it"},
            ["declare", to_move], "declare", None,
            {"type": "leave", "player": to_move},
            {"type": "leave", "player": "zed"},
            {"type": "call", "player": to_move, "call": "liar", "tiles": "A"},
            {"type": "call", "player": to_move, "call": ["exact"], "tiles": "A"},
            {"type": "call", "player": to_move, "call": "exact", "tiles": 5},
            {"type": "call", "player": to_move, "call": "exact", "tiles": "A7"},
            {"type": "call", "player": to_move, "call": "exact", "tiles": "QQQ"},
            {"type": "call", "player": to_move, "call": "exact", "tiles": "A",
             "ruling": "maybe"},
            {"type": "call", "player": to_move, "call": "exact"},
        ]
        if state.last is None:
            kinds.append({"type": "call", "player": to_move, "call": "exact",
                          "tiles": "A" * state.tiles_in_play})
        else:
            kinds += [
                {"type": "declare", "player": to_move, "words": "a"},
                {"type": "declare", "player": to_move, "words": list(state.last[1])},
                {"type": "call", "player": to_move, "call": "bullshit",
                 "tiles": "E" * (state.tiles_in_play + 1)},
                {"type": "call", "player": to_move, "call": "bullshit",
                 "tiles": "E" * max(0, state.tiles_in_play - 1)},
            ]
            tiles = revealed(rng, state.rules.tile_set, state.tiles_in_play, state.last[1])
            for ruling in ("upheld", "rejected"):
                kinds.append({"type": "call", "player": to_move, "call": "exact", "tiles": tiles,
                              "ruling": ruling})
        out_player = next((p for p in game["players"] if p in state.out), None)
        if out_player:
            kinds.append({"type": "declare", "player": out_player, "words": "qi"})
            kinds.append({"type": "leave", "player": out_player})
        for event in rng.sample(kinds, min(len(kinds), 8)):
            out.append((path, with_event(game, n, event)))
    # an "exact" the referee cannot decide at once (a budget of 0: no time to search), then
    # the table's ruling on it, either way
    players = [f"p{i}" for i in range(20)]
    for tiles in UNDECIDED_RACKS:
        best = list(highest(tiles, "twl06", budget=None).words)
        for ruling in (None, "upheld", "rejected"):
            call = {"type": "call", "player": "p1", "call": "exact", "tiles": tiles}
            out.append((path, {"rules": {"budget": 0, "tile_limit": 20}, "players": players,
                               "events": [{"type": "declare", "player": "p0", "words": best},
                                          {**call, **({"ruling": ruling} if ruling else {})}]}))
    return out


# 20 tiles (a tile each for 20 players) whose highest set is not proven at once
UNDECIDED_RACKS = ["AEEIIOORSTLNDGRSTUEA", "ABEGIRRSTUNLEDOAIEPQ", "TMDENLEANIENSXOUOIOH"]


def without_budget(rules: dict) -> dict:
    """A replay's rules for the library's own game (the API sets the budget)."""
    return {k: v for k, v in rules.items() if k != "budget"}


def dice_illegal(rng: random.Random, games: list[dict]) -> list[tuple[str, object]]:
    out = []
    path = "/dice/replay"
    for game in games[:50]:
        n = rng.randrange(len(game["events"]) + 1)
        state = DiceGame(game["players"], DiceRules.from_dict(game["rules"]))
        for event in game["events"][:n]:
            state.push(DiceGame.read_action(event))
        if state.is_over():
            out.append((path, with_event(game, n, {"type": "bid", "player": game["players"][0],
                                                   "claim": "1 six"})))
            continue
        to_move = state.to_move
        other = next(p for p in state.active if p != to_move)
        faces = state.rules.faces
        dice = {p: [rng.randint(1, faces) for _ in range(state.dice[p])] for p in state.active}
        kinds = [
            {"type": "bid", "player": other, "claim": "1 two"},
            {"type": "bid", "player": "zed", "claim": "1 two"},
            {"type": "bid", "player": ["ann"], "claim": "1 two"},
            {"type": "bid", "player": to_move, "claim": f"{state.dice_in_play + 1} twos"},
            {"type": "bid", "player": to_move, "quantity": state.dice_in_play + 1, "face": 2},
            {"type": "bid", "player": to_move, "quantity": 1, "face": faces + 1},
            {"type": "bid", "player": to_move, "quantity": 0, "face": 2},
            {"type": "bid", "player": to_move, "quantity": 1.0, "face": 2},
            {"type": "bid", "player": to_move, "quantity": 1},
            {"type": "bid", "player": to_move, "claim": "0 sixes"},
            {"type": "bid", "player": to_move, "claim": "a few sixes"},
            {"type": "bid", "player": to_move, "claim": 5},
            {"type": "bid", "player": to_move, "claim": "1 one"},
            {"type": "bid", "player": to_move, "claim": "1 two"},
            {"type": "raise", "player": to_move},
            {"type": "liar", "player": to_move},
            {"type": "liar", "player": to_move, "dice": [1, 2]},
            {"type": "liar", "player": to_move, "dice": {**dice, "zed": [1]}},
            {"type": "liar", "player": to_move, "dice": {p: d[:-1] for p, d in dice.items()}},
            {"type": "liar", "player": to_move, "dice": {p: d + [1] for p, d in dice.items()}},
            {"type": "liar", "player": to_move, "dice": {p: [faces + 1] * len(d)
                                                          for p, d in dice.items()}},
            {"type": "liar", "player": to_move, "dice": {p: [float(x) for x in d]
                                                          for p, d in dice.items()}},
            {"type": "liar", "player": to_move, "dice": {p: [str(x) for x in d]
                                                          for p, d in dice.items()}},
            {"type": "liar", "player": to_move, "dice": {p: [True] for p in dice}},
            {"type": "liar", "player": to_move, "dice": {p: "x" for p in dice}},
            {"type": "liar", "player": to_move, "dice": dice},
            {"type": "leave", "player": other},
            {"type": "leave", "player": "zed"},
            {"type": "call", "player": to_move, "dice": dice},
            "bid", [], {"player": to_move},
        ]
        out_player = next((p for p in game["players"] if p in state.out), None)
        if out_player:
            kinds += [{"type": "leave", "player": out_player},
                      {"type": "bid", "player": out_player, "claim": "1 two"},
                      {"type": "liar", "player": to_move, "dice": {**dice, out_player: []}},
                      {"type": "liar", "player": to_move, "dice": {**dice, out_player: [1]}}]
        for event in rng.sample(kinds, min(len(kinds), 9)):
            out.append((path, with_event(game, n, event)))
    return out


# Too many unknown names to list (a message names a few and counts the rest), and long ones.
MANY_RULES = {f"k{i}": 1 for i in range(12)}
LONG_RULES = {"y" * 100: 1, "z" * 28: 2}


def setup_illegal() -> list[tuple[str, object]]:
    """Unreadable payloads, players and rules, for both games."""
    out = []
    good = ["ann", "ben"]
    for path, rules in (("/letters/replay", [
            None, {}, [], "x", 5, {"tile_limit": 0}, {"tile_limit": 21}, {"tile_limit": True},
            {"tile_limit": "4"}, {"tile_limit": 4.0}, {"tile_limit": 10 ** 30},
            {"tile_set": "boggle"}, {"tile_set": 5}, {"tile_set": None}, {"tile_set": " SCRABBLE "},
            {"lexicon": "klingon"}, {"lexicon": 7}, {"lexicon": "x" * 65}, {"lexicon": ""},
            {"lexicon": None}, {"lexicon": "/etc/passwd"}, {"budget": -1}, {"budget": "fast"},
            {"budget": 61}, {"budget": True}, {"budget": None}, {"budget": 100},
            {"dice_each": 2}, {"tile-limit": 3, "tile_set": "bananagrams"}, {"Tile_Limit": 3},
            MANY_RULES, LONG_RULES]),
            ("/dice/replay", [
                None, {}, [], "x", {"dice_each": 0}, {"dice_each": 21}, {"dice_each": True},
                {"dice-each": 2.0}, {"faces": 1}, {"faces": "6"}, {"bid_order": "fast"},
                {"bid_order": None}, {"wild": 1}, {"wild": [7]}, {"wild": ["1"]},
                {"wild": [0]}, {"bid_order": "perudo", "wild": [2]},
                {"bid_order": "perudo", "wild": []}, {"tile_limit": 3}, MANY_RULES,
                LONG_RULES])):
        for value in rules:
            body = {"players": good, "events": []}
            if value is not None or rules.index(value) == 0:
                body["rules"] = value
            out.append((path, body))
        for players in [["ann"], [], "ann, ben", None, ["ann", "ann"], ["ann", ""], ["ann", " "],
                        ["ann", 5], ["a" * 41, "b"], [f"p{i}" for i in range(21)],
                        [f"p{i}" for i in range(20)], ["ann", "Ann"], ["\u00e9", "e\u0301"],
                        ["stra\u00dfe", "STRASSE"], ["\u03a3", "\u03c2"], ["\u01c5", "\u01c6"],
                        ["b\u202eob", "ann"], ["ann\u200b", "ann"], ["a\x00", "b"],
                        ["\ud800", "b"], ["a\u2028b", "c"], ["\u212a", "k"], ["\ufb01", "fi"],
                        ["\u1e9e", "ss"], ["Ann ", "ann"], [" ann", "ben"]]:
            out.append((path, {"players": players}))
        for body in [{"players": ["Zo\u00eb", "ben"], "events": [
                         {"type": "leave", "player": "Zoe\u0308"}]},
                     {"players": ["Zo\u00eb", "ben"], "events": [
                         {"type": "bid", "player": "Zoe\u0308", "claim": "1 six"},
                         {"type": "liar", "player": "ben", "dice": {"Zoe\u0308": [6],
                                                                    "ben": [2]}}]},
                     {"events": []}, {"players": good, "events": None},
                     {"players": good, "events": {}}, {"players": good, "events": "x"},
                     {"players": good, "events": [0] * 10_001},
                     {"players": good, "moves": []}, [good], "x", 5,
                     {"players": good, "rules": {"tile_limit": 0}, "x": 1},
                     {"players": ["ann"], "rules": {"lexicon": "klingon"}},
                     {"players": good, "events": [{"type": "declare", "player": "ann",
                                                   "words": "a", **MANY_RULES}]}]:
            out.append((path, body))
    return out


# --- the cases ---------------------------------------------------------------------------

def cases() -> list[dict]:
    """Every case of tests/golden/replays.json, unanswered."""
    rng = random.Random(SEED)
    vocabularies = {name: vocabulary(name) for name in LEXICONS}
    letters = [letters_game(rng, vocabularies) for _ in range(LETTERS_GAMES)]
    dice = [dice_game(rng) for _ in range(DICE_GAMES)]
    made = []
    for name, games, path in (("letters", letters, "/letters/replay"),
                              ("dice", dice, "/dice/replay")):
        for game in games:
            made.append({"set": name, "path": path, "body": json.dumps(game)})
            if len(game["events"]) > 2:
                n = rng.randrange(1, len(game["events"]))
                made.append({"set": name, "path": path, "body": json.dumps(prefix(game, n))})
    illegal = letters_illegal(rng, letters) + dice_illegal(rng, dice) + setup_illegal()
    made += [{"set": "illegal", "path": path, "body": json.dumps(body)} for path, body in illegal]
    players = [f"p{i}" for i in range(20)]
    for tiles in UNDECIDED_RACKS:
        best = list(highest(tiles, "twl06", budget=None).words)
        game = {"players": players, "events": [
            {"type": "declare", "player": "p0", "words": best},
            {"type": "call", "player": "p1", "call": "exact", "tiles": tiles}]}
        made.append({"set": "remembered", "path": "/letters/replay",
                     "body": json.dumps({**game, "rules": {"budget": 5, "tile_limit": 20}}),
                     "phone_body": json.dumps({**game, "rules": {"budget": 0, "tile_limit": 20}})})
    return made


_CLIENT = None


def answer(case: dict) -> dict:
    """The Flask API's status and JSON for the replay request."""
    global _CLIENT
    _CLIENT = _CLIENT or create_app().test_client()
    r = _CLIENT.post(V1 + case["path"], data=case["body"], content_type="application/json")
    return encode({"status": r.status_code, "body": r.get_json()})


def check_coverage(cases: list[dict]) -> None:
    """Whole games end with a winner, and the bad events reach every refusal."""
    for name in ("letters", "dice"):
        drawn = [c["answer"] for c in of_set(cases, name)]
        assert all(a["status"] == 200 and a["body"]["ok"] for a in drawn), name
        won = sum(a["body"]["state"]["over"] for a in drawn)
        assert won > len(drawn) // 3, f"{name}: only {won} of {len(drawn)} games end"
    letters = [c["answer"]["body"]["state"] for c in of_set(cases, "letters")]
    rounds = [r for s in letters for r in s["rounds"]]
    assert {r["call"]["call"] for r in rounds} == {"bullshit", "exact"}
    assert {r["ruling"]["decision"] for r in rounds} == {"upheld", "rejected"}
    assert any(r["out"] for r in rounds)
    assert all(r["ruling"]["referee"]["proven"] for r in rounds), "an unproven ruling: time"
    bad = [c["answer"] for c in of_set(cases, "illegal")]
    codes = {a["body"]["error"]["code"] for a in bad if "error" in a["body"]}
    assert codes >= {"illegal_move", "game_over", "undecided", "invalid_input", "invalid_rules",
                     "invalid_word_set", "invalid_tile", "too_many_tiles", "invalid_die",
                     "unreadable_phrase", "limit_exceeded", "unknown_lexicon"}, codes
    assert {a["status"] for a in bad} >= {200, 400, 413}
    assert any(a["body"].get("ok") is False and a["body"]["error"]["code"] == "undecided"
               for a in bad)
    assert any(r["ruling"]["by"] == "table" for a in bad if a["status"] == 200
               and a["body"].get("ok") for r in a["body"]["state"]["rounds"])
    remembered = [c["answer"]["body"] for c in of_set(cases, "remembered")]
    assert remembered and all(a["ok"] and a["state"]["rounds"][0]["ruling"]["by"] == "referee"
                              for a in remembered)
