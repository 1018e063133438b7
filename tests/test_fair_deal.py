"""A deal anyone can check (docs/fair-deal.md): the derivation against its vectors, the one
deal path of every server-dealt game, the commitment and the seeds a room shows, and the
three checkers (``liars verify``, scripts/verify_deal.py, the page's: tests/node/) catching
every tampering.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import hmac
import importlib.util
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import run
from engine_cases import read
from engine_cases.fairdeal import GAMES, documented, play, tampered
from rooms_http import V1, bearer

from api import create_app
from solver.errors import InvalidInput
from solver.rooms.dealcheck import check_log
from solver.rooms.deal import deck
from solver.rooms.fairdeal import Stream, commitment, deal, derive
from solver.rooms.room import Room
from solver.words.tiles import get_tile_set

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "verify_deal.py"


def _script():
    spec = importlib.util.spec_from_file_location("verify_deal", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verify_deal = _script()


# --- the derivation -------------------------------------------------------------------------

def test_the_documented_vectors_hold():
    v = documented()
    seed = bytes.fromhex(v["seed"])
    assert commitment(seed) == v["commit"]
    message = f"{v['client_seed']}|{v['game']}|{v['round']}|0".encode()
    assert hmac.new(seed, message, hashlib.sha256).hexdigest() == v["block_0"]
    at = (seed, v["client_seed"], v["game"], v["round"])
    for key in (k for k in v if k.startswith("uniform_")):
        for stream in (Stream(*at), verify_deal.Stream(*at)):  # the library's, the script's
            assert [stream.uniform(int(key[8:])) for _ in v[key]] == v[key]
    bags = {"dice": {"dice": v["dice"]["faces"]},
            "tiles": {"tiles": get_tile_set(v["tiles"]["tile_set"]).bag},
            "cards": {"cards": deck()}}
    for kind, dealer in bags.items():
        counts = [tuple(c) for c in v[kind]["counts"]]
        assert [list(h) for h in deal(dealer, counts, Stream(*at))] == v[kind]["hands"]
        assert list(map(list, verify_deal.deal(dealer, counts,
                                               verify_deal.Stream(*at)).items())) \
            == v[kind]["hands"]


def test_uniform_throws_away_the_last_incomplete_run():
    """2**31 + 1 fits once in 2**32: a word at or past it is read again, never folded."""
    stream = Stream(bytes(32), "", 1, 1)
    words = [int.from_bytes(stream.take(4), "big") for _ in range(64)]
    n = 2 ** 31 + 1
    expected = [w % n for w in words if w < n]
    again = Stream(bytes(32), "", 1, 1)
    assert 10 < len(expected) < 54  # some words were thrown away
    assert [again.uniform(n) for _ in expected] == expected


def test_the_script_finds_what_the_library_finds_on_every_golden_log():
    for case in read("fairdeal"):
        if case["kind"] != "check":
            continue
        try:
            found = {"ok": verify_deal.check_log(copy.deepcopy(case["log"]))}
        except verify_deal.NotALog as err:
            found = {"err": {"code": "invalid_input", "field": err.field, "message": str(err),
                             "status": 400}}
        assert found == case["answer"], case["how"]


def test_the_script_needs_nothing_but_the_standard_library():
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported - {"__future__"} <= set(sys.stdlib_module_names), imported


# --- the one deal path: every game's deals come from its seeds --------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_deal_of_every_server_dealt_game_comes_from_its_seeds(game):
    """Two games at one table (a rematch), played by computer players and a person: every
    hand each phone was shown as dealt is the one its seeds deal, and so is every deal the
    log keeps; the log checks."""
    rng = random.Random(len(game))
    room, _ = Room.create("FAIRX", {"game": game, "name": "ann", "seed": "ann's phone",
                                    "rules": GAMES[game]}, rng=rng)
    room.join("ben", seed="a|b ~")
    room.add_bot("ann", "robo", delay=0)
    seen = {}  # (game, round, seat) -> the hand its view showed as dealt

    def look():
        for seat in ("ann", "ben", "robo"):
            view = room.view(seat)
            fair = view["fairness"]
            if fair["as_dealt"] and not view["players"][["ann", "ben", "robo"].index(seat)][
                    "out"]:
                seen.setdefault((fair["game"], fair["round"], seat), view["you"]["hand"])

    room.start("ann", rng=rng)
    for number in (1, 2):
        if number == 2:
            room.rematch("ann", rng=rng)
        for _ in range(5000):
            look()
            if room.phase == "over":
                break
            if room.phase == "reveal":
                room.move("ann", {"type": "ruling", "ruling": "rejected"}, rng=rng)
                continue
            mover = room.game_obj().to_move
            room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
        assert room.phase == "over"
    log = room.log()
    assert [r["game"] for r in log["fairness"]] == [1, 2]
    assert check_log(log)["ok"]
    for record in log["fairness"]:
        seed = bytes.fromhex(record["server_seed"])
        assert record["client_seed"] == "ann's phone|a|b ~|"  # robo has no seed: ""
        for dealt in record["deals"]:
            counts = [(h["player"], len(h["hand"])) for h in dealt["hands"]]
            again = dict(derive(seed, record["client_seed"], record["game"], dealt["round"],
                                record["deal"], counts))
            for hand in dealt["hands"]:
                assert sorted(hand["hand"]) == sorted(again[hand["player"]])
            for seat in again:
                if (record["game"], dealt["round"], seat) in seen:
                    assert sorted(seen[record["game"], dealt["round"], seat]) == \
                        sorted(again[seat])
    shown = {(g, r) for g, r, _ in seen}
    assert shown == {(r["game"], d["round"]) for r in log["fairness"] for d in r["deals"]}


# --- what a room shows --------------------------------------------------------------------

def test_the_commitment_stands_before_every_deal_and_the_seed_is_shown_after():
    rng = random.Random(3)
    room, _ = Room.create("FAIRX", {"game": "dice", "name": "ann", "seed": "one",
                                    "rules": {"dice_each": 1}}, rng=rng)
    lobby = room.view("ann")["fairness"]
    assert lobby["server_seed"] is None and lobby["round"] is None
    assert lobby["client_seed"] == "one"
    room.join("ben", seed="two")
    assert room.view("ann")["fairness"]["client_seed"] == "one|two"  # the seeds so far
    room.start("ann", rng=rng)
    playing = room.view("ben")["fairness"]
    assert playing["commit"] == lobby["commit"] and playing["round"] == 1
    assert playing["client_seed"] == "one|two" and playing["server_seed"] is None
    face = room.hands["ann"][0]
    room.move("ann", {"type": "bid", "quantity": 1, "face": face})
    room.move("ben", {"type": "liar"})
    over = room.view("ben")["fairness"]
    assert room.phase == "over" and over["commit"] == lobby["commit"]
    assert commitment(bytes.fromhex(over["server_seed"])) == lobby["commit"]
    assert over["next_commit"] not in (None, lobby["commit"])
    room.rematch("ann", rng=rng)
    second = room.view("ann")["fairness"]
    assert second["game"] == 2 and second["commit"] == over["next_commit"]
    assert second["server_seed"] is None and second["next_commit"] is None
    records = room.log()["fairness"]
    assert records[0]["server_seed"] == over["server_seed"] and records[1]["deals"] is None
    assert check_log(room.log())["games"][1]["verdict"] == "pending"


def test_the_client_seed_is_fixed_when_the_game_starts():
    room, _ = Room.create("FAIRX", {"game": "dice", "name": "ann", "seed": "a"})
    room.join("ben")  # no seed: an empty text
    room.join("cy", seed="c")
    room.start("ann")
    assert room.view("cy")["fairness"]["client_seed"] == "a||c"
    room.seats[2]["seed"] = "changed later"
    assert room.view("cy")["fairness"]["client_seed"] == "a||c"


@pytest.mark.parametrize("seed", ["x" * 65, "é", "tab\there", "\x7f", 7, ["a"], {"a": 1}, True])
def test_a_phone_seed_past_64_printable_ascii_characters_is_refused(seed):
    with pytest.raises(InvalidInput) as err:
        Room.create("FAIRX", {"game": "dice", "name": "ann", "seed": seed})
    assert err.value.field == "seed"
    room, _ = Room.create("FAIRX", {"game": "dice", "name": "ann"})
    with pytest.raises(InvalidInput) as err:
        room.join("ben", seed=seed)
    assert err.value.field == "seed" and [s["name"] for s in room.seats] == ["ann"]


def test_a_table_that_deals_its_own_hands_has_no_fair_deal():
    room, _ = Room.create("FAIRX", {"game": "dice", "deal": "table", "name": "ann",
                                    "seed": "s"})
    room.join("ben", seed="t")
    room.start("ann")
    assert room.view("ann")["fairness"] is None and room.log()["fairness"] == []


# --- over HTTP: the seeds in, no seed out before the end -------------------------------------

@pytest.fixture
def client(tmp_path):
    return create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"),
                       "ROOM_REVEAL_SECONDS": 0}).test_client()


def test_the_seeds_go_in_with_create_and_join_and_bad_ones_are_refused(client):
    for body, path in (({"game": "dice", "name": "ann", "seed": "x" * 65}, "/rooms"),
                       ({"game": "dice", "name": "ann", "seed": 12}, "/rooms")):
        answer = client.post(f"{V1}{path}", json=body)
        assert answer.status_code == 400 and answer.get_json()["error"]["field"] == "seed"
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                            "seed": "ann's 0123"}).get_json()
    code = made["code"]
    bad = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben", "seed": "naïve"})
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "seed"
    joined = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben", "seed": "~ ben"})
    assert joined.status_code == 201
    assert joined.get_json()["room"]["fairness"]["client_seed"] == "ann's 0123|~ ben"
    assert made["room"]["fairness"]["commit"] == joined.get_json()["room"]["fairness"]["commit"]


def test_no_view_nor_stream_carries_the_seed_before_the_game_is_over(client):
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann", "seed": "a",
                                            "rules": {"dice_each": 2}}).get_json()
    code, tokens = made["code"], {"ann": made["token"]}
    tokens["ben"] = client.post(f"{V1}/rooms/{code}/join",
                                json={"name": "ben", "seed": "b"}).get_json()["token"]
    stream = client.get(f"{V1}/rooms/{code}/events?token={tokens['ben']}", buffered=False)
    chunks = iter(stream.response)

    def next_view():
        for chunk in chunks:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("data: "):
                return json.loads(text[len("data: "):])
        raise AssertionError("the stream ended")

    seeds = []  # every seed the room held while the game was on

    def held():
        data = client.application.extensions["liars_rooms"].load(code, time.time())
        fair = data["fair"]
        return [fair["seed"], *([fair["next"]] if fair.get("next") else [])]

    streamed = [next_view()]
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    for _ in range(40):
        seeds += held()
        view = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"])).get_json()
        log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(tokens["ann"])).get_json()
        streamed.append(next_view())
        if view["phase"] == "over":
            break
        for text in (json.dumps(view), json.dumps(log), json.dumps(streamed[-1])):
            assert not any(seed in text for seed in seeds)
        mover = view["to_move"]
        body = ({"type": "liar"} if view["declarations"] else
                {"type": "bid", "quantity": 1, "face": 2})
        assert client.post(f"{V1}/rooms/{code}/moves", json=body,
                           headers=bearer(tokens[mover])).status_code == 200
    stream.close()
    assert view["phase"] == "over" and view["fairness"]["server_seed"] == seeds[0]
    assert all(v["fairness"]["server_seed"] is None for v in streamed if v["phase"] != "over")
    assert check_log(log)["ok"]


# --- the checkers ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def played():
    """A game of Liar's Dice played to its end (its calls turn every hand over)."""
    return play("dice", random.Random(9))


@pytest.mark.parametrize("how", ["server_seed", "commit", "client_seed", "seat_seed", "dealt",
                                 "revealed"])
def test_each_checker_catches_each_tampering(played, how, tmp_path):
    """``liars verify`` and scripts/verify_deal.py (run alone, no project on its path): an
    honest log checks (exit 0); each tampered one fails (exit 1) and says where."""
    honest, bad = tmp_path / "honest.json", tmp_path / "bad.json"
    honest.write_text(json.dumps(played))
    bad.write_text(json.dumps(tampered(played, how, random.Random(how))))
    ok = run("liars", "verify", str(honest))
    assert ok.returncode == 0 and ok.stdout.startswith("game 1: checked:"), ok
    caught = run("liars", "verify", str(bad))
    assert caught.returncode == 1 and "game 1: FAILED: " in caught.stdout, caught
    for path, code in ((honest, 0), (bad, 1)):
        alone = subprocess.run([sys.executable, "-I", str(SCRIPT), str(path), "--json"],
                               capture_output=True, text=True, cwd=tmp_path, timeout=60)
        assert alone.returncode == code, alone.stderr
        as_json = run("liars", "verify", "--json", str(path))
        assert json.loads(alone.stdout) == json.loads(as_json.stdout)


def test_a_file_that_is_no_room_s_log_is_refused_by_both(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"events": [], "fairness": [{"scheme": "other"}]}))
    ran = run("liars", "verify", str(path))
    assert ran.returncode == 2 and "its scheme is 'liars-deal-1'" in ran.stderr
    alone = subprocess.run([sys.executable, "-I", str(SCRIPT), str(path)],
                           capture_output=True, text=True, timeout=60)
    assert alone.returncode == 2 and "its scheme is 'liars-deal-1'" in alone.stderr
    path.write_text("{")
    assert run("liars", "verify", str(path)).returncode == 2


def test_a_room_kept_from_before_fair_deals_deals_from_a_seed_it_shows_after():
    """A game begun before this server dealt fairly (no ``fair`` in its data): its next deal
    draws a seed (no seat's seed counted), shown with its deals once the game is over."""
    rng = random.Random(4)
    room, _ = Room.create("FAIRX", {"game": "dice", "name": "ann", "seed": "a",
                                    "rules": {"dice_each": 1}}, rng=rng)
    room.join("ben", seed="b")
    room.join("cy", seed="c")
    room.start("ann", rng=rng)
    del room.state.fair  # as a room the server stored before
    assert room.view("ann")["fairness"] is None
    while room.phase != "over":
        mover = room.game_obj().to_move
        bids = room.view(mover)["declarations"]
        room.move(mover, {"type": "liar"} if bids else
                  {"type": "bid", "quantity": 1, "face": room.hands[mover][0]})
    record = room.log()["fairness"][-1]
    assert record["client_seed"] == "" and record["seats"] == [] and record["deals"]
    assert check_log(room.log())["ok"]
