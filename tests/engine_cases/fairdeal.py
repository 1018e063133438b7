"""Golden vectors of the fair deal (engine/fairdeal.js, sha256.js; scripts/verify_deal.py).

The derivation of docs/fair-deal.md ("liars-deal-1") and the check of a room's log must
give the library's answers (solver/rooms/fairdeal.py, dealcheck.py) on

* ``doc``: the test vectors docs/fair-deal.md shows;
* ``commit``: seeds and their commitments (SHA-256);
* ``stream``: the first values of uniform(n) for seeded seeds, client seeds, games and
  rounds, with n from 1 to 2**32 (2**31 + 1 throws away about half of what it reads);
* ``deal``: dice, every tile set's bag and every deck a room deals from, to a few seats;
* ``check``: the logs of whole games played in a room by computer players, one of each
  game (and a rematch), and each log tampered with: the seed, the commitment, the client
  seed, a seat's seed, a hand dealt, a hand a call turned over (each must be caught), and
  a log whose game is still on (pending);
* ``bad``: logs that are not readable as one, with their error.
"""

from __future__ import annotations

import copy
import json
import random
import re

from solver.games.post.game import KINDS
from solver.rooms.dealcheck import check_log
from solver.rooms.deal import deck, tiles
from solver.rooms.fairdeal import Stream, commitment, deal
from solver.rooms.room import Room
from solver.words.tiles import TILE_SETS

from . import ROOT, answered, of_set

SEED = 5151
GAMES = {"dice": {"dice_each": 2}, "letters": {}, "poker": {}, "liarliar": {}, "post": {}}
TAMPERS = ("server_seed", "commit", "client_seed", "seat_seed", "dealt", "revealed")


def _hex(rng: random.Random) -> str:
    return rng.getrandbits(256).to_bytes(32, "big").hex()


def _dealers() -> list[dict]:
    bags = [{"tiles": tiles(ts)["tiles"]} for ts in TILE_SETS.values()]
    return [{"dice": 6}, {"dice": 20}, *bags, {"cards": deck()}, {"cards": deck(jokers=2)},
            {"cards": deck(ranks=KINDS, copies=2)}, {"cards": deck(ranks=KINDS)}]


def play(game: str, rng: random.Random, *, rematch: bool = False, moves: int = 5000) -> dict:
    """A room's log after a game (and a rematch) played by computer players; ``moves``:
    stop after this many (a game still on)."""
    room, _ = Room.create("GOLDN", {"game": game, "name": "ann", "seed": "ann's phone",
                                    "rules": GAMES[game]}, rng=rng)
    room.join("ben", seed=f"{rng.getrandbits(64):016x}")
    room.add_bot("ann", "robo", delay=0)
    room.start("ann", rng=rng)
    for _ in range(2 if rematch else 1):
        if room.phase == "over":
            room.rematch("ann", rng=rng)
        for _ in range(moves):
            if room.phase == "over":
                break
            if room.phase == "reveal":  # a Liars' Letters call the referee cannot decide
                room.move("ann", {"type": "ruling", "ruling": "rejected"}, rng=rng)
                continue
            mover = room.game_obj().to_move
            move = room.kind.decide(room.game_obj(), room.view(mover), rng)
            room.move(mover, move, rng=rng)
    return room.log()


def tampered(log: dict, how: str, rng: random.Random) -> dict | None:
    """``log`` with one thing changed that the check must catch (None: nothing to change)."""
    log = copy.deepcopy(log)
    record = log["fairness"][-1]
    if how in ("server_seed", "commit"):
        text = record[how]
        at = rng.randrange(len(text))
        record[how] = text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1:]
    elif how == "client_seed":
        record["client_seed"] += "x"
        record["seats"][0]["seed"] += "x"  # the seats agree: only the deals can tell
    elif how == "seat_seed":
        record["seats"][1]["seed"] = "chosen after the deal"
    elif how == "dealt":
        hand = rng.choice(record["deals"])["hands"][0]
        hand["hand"] = _changed(hand["hand"], record["deal"])
    elif how == "revealed":
        calls = [e for e in log["events"] if isinstance(e.get("dice"), dict)
                 or isinstance(e.get("cards"), dict) or isinstance(e.get("tiles"), str)]
        if not calls:
            return None
        event = rng.choice(calls)
        if isinstance(event.get("tiles"), str):
            event["tiles"] = _changed(event["tiles"], record["deal"])
        else:
            hands = event["dice"] if "dice" in event else event["cards"]
            player = rng.choice(sorted(hands))
            hands[player] = _changed(hands[player], record["deal"])
    return log


def _changed(hand, dealer: dict):
    """``hand`` with its first piece swapped for another one the dealer could deal."""
    if "dice" in dealer:
        return [hand[0] % dealer["dice"] + 1, *hand[1:]]
    bag = dealer.get("tiles") or dealer["cards"]
    other = next(piece for piece in bag if piece != hand[0])
    return other + hand[1:] if isinstance(hand, str) else [other, *hand[1:]]


def documented() -> dict:
    """The test vectors of docs/fair-deal.md (its JSON block with ``block_0``)."""
    text = (ROOT / "docs" / "fair-deal.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```json\n(.*?)```", text, re.DOTALL) if "block_0" in b)
    return json.loads(block)


def doc_cases(vectors: dict) -> list[dict]:
    """The documented vectors as cases (their answers the library's, as every case's)."""
    at = {k: vectors[k] for k in ("seed", "client_seed", "game", "round")}
    cases = [{"set": "doc", "kind": "commit", "seed": vectors["seed"]}]
    cases += [{"set": "doc", "kind": "stream", **at, "n": int(key.split("_")[1]),
               "count": len(vectors[key])} for key in vectors if key.startswith("uniform_")]
    bags = {"dice": {"dice": vectors["dice"]["faces"]},
            "tiles": {"tiles": TILE_SETS[vectors["tiles"]["tile_set"]].bag},
            "cards": {"cards": deck()}}
    cases += [{"set": "doc", "kind": "deal", **at, "dealer": bags[kind],
               "counts": vectors[kind]["counts"]} for kind in bags]
    return cases


def cases() -> list[dict]:
    rng = random.Random(SEED)
    found = doc_cases(documented())
    found += [{"set": "commit", "seed": seed, "kind": "commit"}
             for seed in ["00" * 32, "ff" * 32, bytes(range(32)).hex(),
                          *(_hex(rng) for _ in range(5))]]
    ns = [6, 20, 1, 2, 3, 98, 104, 144, 2 ** 31 + 1, 2 ** 32, 2 ** 32 - 1, 1000003]
    for n in ns:
        for _ in range(3):
            found.append({"set": "stream", "kind": "stream", "seed": _hex(rng),
                          "client_seed": rng.choice(["", "ann|ben", "a|b|", " ~!|x", "4f" * 32]),
                          "game": rng.randint(1, 40), "round": rng.randint(1, 200), "n": n,
                          "count": 40})
    for dealer in _dealers():
        for _ in range(4):
            seats = rng.sample(["ann", "ben", "cy", "dee", "eve"], rng.randint(1, 4))
            size = len(dealer.get("tiles") or dealer.get("cards") or "x" * 60)
            counts = [[seat, rng.randint(0, min(7, size // 5))] for seat in seats]
            found.append({"set": "deal", "kind": "deal", "seed": _hex(rng),
                          "client_seed": rng.choice(["", "ann|ben|", "x" * 64]),
                          "game": rng.randint(1, 9), "round": rng.randint(1, 30),
                          "dealer": dealer, "counts": counts})
    for game in GAMES:
        log = play(game, rng, rematch=game == "dice")
        found.append({"set": "check", "kind": "check", "game": game, "how": "as played",
                      "log": log})
        for how in TAMPERS:
            bad = tampered(log, how, rng)
            if bad is not None:
                found.append({"set": "check", "kind": "check", "game": game, "how": how,
                              "log": bad})
    found.append({"set": "check", "kind": "check", "game": "dice", "how": "still on",
                  "log": play("dice", rng, moves=3)})
    good = next(c["log"] for c in found if c["set"] == "check" and c["game"] == "poker")
    for how, log in _unreadable(good):
        found.append({"set": "bad", "kind": "check", "how": how, "log": log})
    return found


def _unreadable(log: dict):
    """A readable log broken in each way the check refuses to read."""
    def broken(change):
        copied = copy.deepcopy(log)
        change(copied, copied["fairness"][-1])
        return copied
    yield "not an object", ["fairness"]
    yield "fairness", {**log, "fairness": {"game": 1}}
    yield "events", {**log, "events": "none"}
    yield "scheme", broken(lambda _, r: r.update(scheme="liars-deal-0"))
    yield "game", broken(lambda _, r: r.update(game=True))
    yield "commit", broken(lambda _, r: r.update(commit=None))
    yield "seed type", broken(lambda _, r: r.update(server_seed=7))
    yield "seats", broken(lambda _, r: r["seats"].append({"name": "zed"}))
    yield "two dealers", broken(lambda _, r: r["deal"].update(dice=6))
    yield "dice faces", broken(lambda _, r: r.update(deal={"dice": 0}))
    yield "huge bag", broken(lambda _, r: r.update(deal={"tiles": "A" * 1001}))
    yield "deal", broken(lambda _, r: r["deals"].append({"round": 9}))
    yield "hand", broken(lambda _, r: r["deals"][0]["hands"].append({"player": "zed"}))
    # readable, but wrong: the check's findings, not an error
    yield "short seed", broken(lambda _, r: r.update(server_seed="abc"))
    yield "bag too small", broken(lambda _, r: r.update(deal={"cards": ["2S"]}))
    yield "renumbered", broken(lambda _, r: r["deals"][0].update(round=2))


def answer(case: dict) -> dict:
    seed = bytes.fromhex(case["seed"]) if "seed" in case else None
    if case["kind"] == "commit":
        return answered(commitment, seed)
    if case["kind"] == "stream":
        stream = Stream(seed, case["client_seed"], case["game"], case["round"])
        return answered(lambda: [stream.uniform(case["n"]) for _ in range(case["count"])])
    if case["kind"] == "deal":
        return answered(lambda: deal(case["dealer"], case["counts"],
                                     Stream(seed, case["client_seed"], case["game"],
                                            case["round"])))
    return answered(check_log, case["log"])


def check_coverage(cases: list[dict]) -> None:
    """Every game's log checks as played, and each tampering is caught in every game where
    it can be made; the unreadable logs are refused and the readable wrong ones fail."""
    checks = of_set(cases, "check")
    for case in checks:
        report = case["answer"]["ok"]
        if case["how"] == "as played":
            assert report["ok"] and all(g["verdict"] == "checked" for g in report["games"])
        elif case["how"] == "still on":
            assert not report["ok"] and report["games"][-1]["verdict"] == "pending"
        else:
            assert not report["ok"] and report["games"][-1]["verdict"] == "failed", case["how"]
    assert {c["game"] for c in checks} == set(GAMES)
    caught = {(c["game"], c["how"]) for c in checks}
    for game in GAMES:
        assert {(game, how) for how in TAMPERS if how != "revealed"} <= caught, game
    assert {("dice", "revealed"), ("poker", "revealed"), ("letters", "revealed")} <= caught
    assert len(next(c for c in checks if c["game"] == "dice")["answer"]["ok"]["games"]) == 2
    bad = of_set(cases, "bad")
    assert sum("err" in c["answer"] for c in bad) >= 12
    assert all(not c["answer"]["ok"]["ok"] for c in bad if "ok" in c["answer"])
    assert {c["kind"] for c in of_set(cases, "doc")} == {"commit", "stream", "deal"}
    rejected = [c for c in of_set(cases, "stream") if c["n"] == 2 ** 31 + 1]
    assert rejected  # about half of its draws are thrown away: the rule is exercised
