"""The HTTP API against a live server: `liars serve` on a free loopback port.

Every endpoint's happy path, every class of error, and concurrent requests
from several threads.  The answers are checked against the library itself
(the API adds no rule logic) and against the rule text's public examples.
"""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from api_server import HOST, LiveServer

from solver import highest as solve_highest
from solver import load_lexicon
from solver.games.letters.game import rule_call
from solver.search.alternatives import highest_sets

V1 = "/api/v1"


@pytest.fixture(scope="module")
def server():
    with LiveServer("--workers", "2") as live:
        yield live


def error_of(response: requests.Response, status: int, code: str, field=...) -> dict:
    """Assert the one error shape, status and code; return the error object."""
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert set(error) == {"code", "message", "field"}
    assert error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"]
    assert "Traceback" not in response.text
    if field is not ...:
        assert error["field"] == field, error
    return error


# --- meta ----------------------------------------------------------------------------

def test_healthz(server):
    r = server.get("/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def test_served_by_gunicorn_warm_from_the_start(server):
    deadline = time.monotonic() + 10  # /healthz answers as soon as one worker is up
    while server.output().count("Booting worker") < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    log = server.output()
    assert "Starting gunicorn" in log and "Using worker: LiarsGeventWorker" in log
    assert log.count("Booting worker") == 2
    # built once in the master before the workers fork (preload), not on a first request
    assert log.count("warmed lexicon twl06") == 1


def test_openapi_document_is_served(server):
    r = server.get(V1 + "/openapi.json")
    assert r.status_code == 200
    doc = r.json()
    assert doc["openapi"].startswith("3.")
    assert V1 + "/letters/highest" in doc["paths"]


def test_phone_page_at_root(server):
    r = server.get("/")
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("text/html")
    assert "<html" in r.text.lower()
    assert server.get("/static/index.html").status_code == 200


# --- words ---------------------------------------------------------------------------

def test_lexicons_have_counts_and_provenance(server):
    body = server.get(V1 + "/lexicons").json()
    assert body["default"] == "twl06"
    by_name = {lex["name"]: lex for lex in body["lexicons"]}
    assert {"twl06", "sowpods", "csw19"} <= set(by_name)
    assert by_name["twl06"]["words"] == 178691
    for lex in by_name.values():
        assert lex["words"] > 100000
        assert lex["title"] and lex["source"]["package"] and lex["source"]["sha256"]


@pytest.mark.parametrize("words, acceptable", [
    (["big", "g", "er"], True),
    ("big, g, er", True),
    ("BIG G er", True),
    (["bigger"], True),
    (["big", "gx"], False),
    ("zen", False),          # not in twl06
    (["x", "q", "z"], True),  # single letters are always words
])
def test_judge(server, words, acceptable):
    r = server.post(V1 + "/judge", {"words": words})
    assert r.status_code == 200, r.text
    assert r.json() == {"acceptable": acceptable, "lexicon": "twl06"}


def test_judge_never_says_which_word_failed(server):
    body = server.post(V1 + "/judge", {"words": ["big", "biggerr", "er"]}).json()
    assert body == {"acceptable": False, "lexicon": "twl06"}
    assert "biggerr" not in json.dumps(body)


def test_judge_other_lexicon(server):
    assert server.post(V1 + "/judge", {"words": "zen, ok", "lexicon": "csw19"}).json() == \
        {"acceptable": True, "lexicon": "csw19"}
    assert server.post(V1 + "/judge", {"words": "zen", "lexicon": "TWL06"}).json() == \
        {"acceptable": False, "lexicon": "twl06"}


def test_word_spelling(server):
    assert server.get(V1 + "/words/Bigger").json() == \
        {"word": "bigger", "valid": True, "lexicon": "twl06"}
    assert server.get(V1 + "/words/biggerr").json()["valid"] is False
    assert server.get(V1 + "/words/q").json()["valid"] is True
    assert server.get(V1 + "/words/bigg", params={"lexicon": "csw19"}).json() == \
        {"word": "bigg", "valid": True, "lexicon": "csw19"}
    # A word with a non-letter is not valid, as the judge rules, not a 400.
    assert server.get(V1 + "/words/b1g").json() == \
        {"word": "b1g", "valid": False, "lexicon": "twl06"}
    error_of(server.get(V1 + "/words/big%20er"), 400, "invalid_input", "word")
    error_of(server.get(V1 + "/words/big", params={"lexicon": "klingon"}), 400,
             "unknown_lexicon", "lexicon")
    error_of(server.get(V1 + "/words/" + "a" * 41), 413, "limit_exceeded", "word")


# --- letters -------------------------------------------------------------------------

@pytest.mark.parametrize("tiles", ["ABEGIRR", "a-b, e g i r r", "QUIZXYJ"])
def test_highest_matches_library(server, tiles):
    r = server.post(V1 + "/letters/highest", {"tiles": tiles})
    assert r.status_code == 200, r.text
    body = r.json()
    expected = solve_highest(tiles, load_lexicon()).as_dict()
    assert {k: body[k] for k in expected} == expected
    assert body["proven"] is True and body["tile_set"] == "scrabble"
    assert sum(body["shape"]) == len(expected["tiles"])


def test_highest_options(server):
    body = server.post(V1 + "/letters/highest",
                       {"tiles": "E" * 13 + "ZZ", "tile_set": "bananagrams",
                        "lexicon": "csw19", "budget": 1}).json()
    assert body["tile_set"] == "bananagrams" and body["lexicon"] == "csw19"
    assert sum(body["shape"]) == 15


# 70 tiles from the bag: the search needs more than a second to prove this one.
SLOW_RACK = "AAAAAAABBCCDDDEEEEEEEEEFFGGHHIIIIIIIJKLLLMNNNNNOOOOOOPPRRRRSSSTTTTUUUVVWXY"[:70]


def test_highest_out_of_budget_answers_unproven_in_time(server):
    """Past its budget a solve answers "proven": false with a set of every tile, within the
    budget plus a small overrun, and the worker is free again afterwards."""
    start = time.monotonic()
    r = server.post(V1 + "/letters/highest", {"tiles": SLOW_RACK, "budget": 0.3}, timeout=60)
    elapsed = time.monotonic() - start
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["proven"] is False and sum(body["shape"]) == 70
    assert elapsed < 0.3 + 3, elapsed
    assert server.get("/healthz", timeout=5).status_code == 200


@pytest.mark.parametrize("budget", [10 ** 400, -(10 ** 400)])
def test_a_budget_too_large_for_a_float_is_a_400(server, budget):
    r = server.session.post(server.url + V1 + "/letters/highest",
                            data='{"tiles": "AB", "budget": %d}' % budget,
                            headers={"Content-Type": "application/json"}, timeout=10)
    error_of(r, 400, "invalid_input", "budget")


@pytest.mark.parametrize("name", ["~nosuchuser", "~\u0000x", "~/../../etc/passwd", "a\u0000.txt"])
def test_lexicon_names_that_look_like_paths_are_unknown_lexicons(server, name):
    r = server.post(V1 + "/judge", {"words": ["big"], "lexicon": name})
    assert "unknown lexicon" in error_of(r, 400, "unknown_lexicon", "lexicon")["message"]
    r = server.get(V1 + "/words/big", params={"lexicon": name})
    error_of(r, 400, "unknown_lexicon", "lexicon")


def test_a_broken_chunked_body_is_a_400(server):
    request = (f"POST {V1}/judge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    with socket.create_connection((HOST, server.port), timeout=10) as sock:
        sock.sendall(request.encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), head
    assert json.loads(body)["error"]["code"] in ("malformed_json", "bad_request")


@pytest.mark.parametrize("path", [V1 + "//judge", "/static//etc/passwd"])
def test_double_slashes_are_json_404s_not_html_redirects(server, path):
    r = server.session.request("POST" if "judge" in path else "GET", server.url + path,
                               json={}, timeout=10, allow_redirects=False)
    error_of(r, 404, "not_found", None)


def test_highest_sets_count_and_list_the_ties(server):
    r = server.post(V1 + "/letters/highest-sets", {"tiles": "ABEGIRR", "limit": 3})
    assert r.status_code == 200, r.text
    body = r.json()
    expected = highest_sets("ABEGIRR", load_lexicon(), limit=3).as_dict()
    assert {k: body[k] for k in expected} == expected
    assert body["count"] >= len(body["sets"]) and len(body["sets"]) <= 3
    solution = solve_highest("ABEGIRR", load_lexicon()).as_dict()
    assert body["shape"] == solution["shape"] and solution["words"] in body["sets"]
    error_of(server.post(V1 + "/letters/highest-sets", {"tiles": "AB", "limit": 5000}), 400,
             "invalid_input", "limit")


def test_subwords(server):
    body = server.post(V1 + "/letters/subwords", {"tiles": "ABEGIRR"}).json()
    expected = load_lexicon().words_from("ABEGIRR")
    assert body["words"] == expected and body["count"] == len(expected)
    assert body["truncated"] is False
    lengths = [len(w) for w in body["words"]]
    assert lengths == sorted(lengths, reverse=True)
    limited = server.post(V1 + "/letters/subwords", {"tiles": "ABEGIRR", "limit": 3}).json()
    assert limited["words"] == expected[:3] and limited["count"] == len(expected)
    assert limited["truncated"] is True


@pytest.mark.parametrize("a, b, higher", [
    ("bigger", "big, g, er", "a"),
    ("big", "it, is, so", "a"),
    ("i, c, d, big, b", "c, d, big, b", "a"),
    ("big, big", "it, is, so, big", "a"),
    ("bigger, b", "larger, b", "equal"),
    (["it", "is"], ["bigger"], "b"),
])
def test_compare_public_examples(server, a, b, higher):
    body = server.post(V1 + "/letters/compare", {"a": a, "b": b}).json()
    assert body["higher"] == higher
    assert body["result"] == {"a": 1, "b": -1, "equal": 0}[higher]


def test_raise(server):
    ok = server.post(V1 + "/letters/raise", {"previous": "it, is, so", "declared": "big"}).json()
    assert ok["legal"] is True and ok["declared_shape"] == [3] and ok["reason"]
    low = server.post(V1 + "/letters/raise", {"previous": "big", "declared": ["it", "is", "so"]})
    assert low.json()["legal"] is False and "higher" in low.json()["reason"]
    same = server.post(V1 + "/letters/raise", {"previous": "bigger, b", "declared": "larger, b"})
    assert same.json()["legal"] is False
    first = server.post(V1 + "/letters/raise", {"declared": "big"}).json()
    assert first["legal"] is True and first["previous"] is None
    assert server.post(V1 + "/letters/raise", {"previous": None, "declared": "big"}).json()[
        "legal"] is True
    invalid = server.post(V1 + "/letters/raise", {"previous": "it", "declared": "biggerr"}).json()
    assert invalid["legal"] is False and "BIGGERR" in invalid["reason"]


@pytest.mark.parametrize("tiles, declared, call", [
    ("ABEGIRR", "giber, ar", "exact"),       # exists and highest: both lose a tile
    ("ABEGIRR", "big", "exact"),             # exists, not highest: caller gains
    ("ABEGIRR", "big", "bullshit"),          # exists: caller gains
    ("ABEGIRR", "bigger", "bullshit"),       # two G's needed: declarer gains
    ("ABEGIRR", "bigger", "EXACT"),
])
def test_call_matches_library(server, tiles, declared, call):
    r = server.post(V1 + "/letters/call", {"tiles": tiles, "declared": declared, "call": call})
    assert r.status_code == 200, r.text
    body = r.json()
    expected = rule_call(tiles, declared, call, load_lexicon()).as_dict()
    assert {k: body[k] for k in expected} == expected
    assert set(body["ruling"]) == {"caller", "declarer"}


def test_call_rulings(server):
    def ruling(declared, call):
        return server.post(V1 + "/letters/call", {"tiles": "BIGGER", "declared": declared,
                                                  "call": call}).json()
    exact = ruling("bigger", "exact")
    assert exact["exists"] and exact["is_highest"] and exact["highest_shape"] == [6]
    assert exact["ruling"] == {"caller": -1, "declarer": -1}
    assert ruling("big", "bullshit")["ruling"] == {"caller": 1, "declarer": 0}
    assert ruling("biggest", "bullshit")["ruling"] == {"caller": 0, "declarer": 1}
    assert ruling("big", "exact")["ruling"] == {"caller": 1, "declarer": 0}


# --- errors: every class, one shape ---------------------------------------------------

def test_malformed_json(server):
    for raw in [b"{bad", b"", b"   ", b"\xff\xfe\x00", b'{"tiles": NaN}', b"[" * 5000]:
        r = server.post(V1 + "/letters/highest", data=raw,
                        headers={"Content-Type": "application/json"})
        error_of(r, 400, "malformed_json", "body")


def test_body_must_be_an_object(server):
    for value in [[1, 2], "ABEGIRR", 5, None, True]:
        error_of(server.post(V1 + "/judge", data=json.dumps(value),
                             headers={"Content-Type": "application/json"}), 400,
                 "invalid_input", "body")


@pytest.mark.parametrize("path, body, field", [
    ("/letters/highest", {"tiles": 5}, "tiles"),
    ("/letters/highest", {"tiles": ["A", "B"]}, "tiles"),
    ("/letters/highest", {}, "tiles"),
    ("/letters/highest", {"tiles": "AB", "lexicon": 7}, "lexicon"),
    ("/letters/highest", {"tiles": "AB", "tile_set": ["scrabble"]}, "tile_set"),
    ("/letters/highest", {"tiles": "AB", "budget": "fast"}, "budget"),
    ("/letters/highest", {"tiles": "AB", "budget": -1}, "budget"),
    ("/letters/highest", {"tiles": "AB", "budget": True}, "budget"),
    ("/letters/highest", {"tiles": "AB", "tile": "x"}, "tile"),
    ("/letters/subwords", {"tiles": "AB", "limit": "ten"}, "limit"),
    ("/letters/subwords", {"tiles": "AB", "limit": -1}, "limit"),
    ("/judge", {"words": {"big": 1}}, "words"),
    ("/judge", {"words": ["big", 5]}, "words"),
    ("/judge", {"words": None}, "words"),
    ("/letters/compare", {"a": "big"}, "b"),
    ("/letters/compare", {"a": 3, "b": "big"}, "a"),
    ("/letters/raise", {"previous": 1, "declared": "big"}, "previous"),
    ("/letters/call", {"tiles": "BIG", "declared": "big"}, "call"),
    ("/letters/call", {"tiles": "BIG", "declared": "big", "call": "liar"}, "call"),
    ("/letters/call", {"tiles": "BIG", "declared": "big", "call": 1}, "call"),
])
def test_wrong_types_and_values_name_the_field(server, path, body, field):
    error_of(server.post(V1 + path, body), 400, "invalid_input", field)


def test_unknown_lexicon_and_no_file_paths(server):
    for name in ["klingon", "/etc/passwd", "../dictionaries/twl06", "twl06.words.marisa"]:
        e = error_of(server.post(V1 + "/judge", {"words": "big", "lexicon": name}), 400,
                     "unknown_lexicon", "lexicon")
        assert "twl06" in e["message"]  # names the choices
        assert "path" not in e["message"]


def test_unknown_tile_set(server):
    error_of(server.post(V1 + "/letters/highest", {"tiles": "AB", "tile_set": "boggle"}), 400,
             "unknown_tile_set", "tile_set")


def test_bad_character(server):
    e = error_of(server.post(V1 + "/letters/highest", {"tiles": "AB7"}), 400, "invalid_tile",
                 "tiles")
    assert "'7'" in e["message"]
    # The judge names no word: a word with a non-letter is not acceptable.
    r = server.post(V1 + "/judge", {"words": "big, don't"})
    assert r.status_code == 200 and r.json() == {"acceptable": False, "lexicon": "twl06"}


def test_too_many_tiles_for_the_tile_set(server):
    e = error_of(server.post(V1 + "/letters/highest", {"tiles": "E" * 13}), 400,
                 "too_many_tiles", "tiles")
    assert "13 E's" in e["message"] and "scrabble" in e["message"]
    error_of(server.post(V1 + "/letters/call", {"tiles": "QQ", "declared": "q", "call": "exact"}),
             400, "too_many_tiles", "tiles")


def test_limits(server):
    # a whole bananagrams set (144 tiles) is solved, within its budget, with both bounds
    full = "A13 B3 C3 D6 E18 F3 G4 H3 I12 J2 K2 L5 M3 N8 O11 P3 Q2 R9 S6 T9 U6 V3 W3 X2 Y3 Z2"
    rack = "".join(item[0] * int(item[1:]) for item in full.split())
    r = server.post(V1 + "/letters/highest", {"tiles": rack, "tile_set": "bananagrams",
                                              "budget": 0.05})
    assert r.status_code == 200, r.text
    got = r.json()
    assert sum(got["shape"]) == 144 and got["upper_bound"] >= got["shape"]
    # words per set, word length
    error_of(server.post(V1 + "/judge", {"words": ["a"] * 101}), 413, "limit_exceeded", "words")
    error_of(server.post(V1 + "/letters/raise", {"declared": "a" * 41}), 413, "limit_exceeded",
             "declared")
    # body size
    big = json.dumps({"words": "a " * 40000})
    error_of(server.post(V1 + "/judge", data=big, headers={"Content-Type": "application/json"}),
             413, "body_too_large", "body")


def test_body_too_large_without_content_length(server):
    """A chunked body (no Content-Length) is cut off at the limit and refused."""
    body = b"".join(b"400\r\n" + b" " * 1024 + b"\r\n" for _ in range(66)) + b"0\r\n\r\n"
    head = (f"POST {V1}/judge HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()
    status, reply = raw_exchange(server, head + body)
    assert status == 413
    assert reply["error"]["code"] == "body_too_large" and reply["error"]["field"] == "body"


def raw_exchange(server, raw: bytes) -> tuple[int, dict]:
    """Send raw bytes, read until the server closes: (status, JSON body)."""
    with socket.create_connection((HOST, server.port), timeout=30) as conn:
        conn.sendall(raw)
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    assert b"application/json" in head, reply[:300]
    return int(head.split()[1]), json.loads(body)


@pytest.mark.parametrize("raw, status, code", [
    (b"GET " + V1.encode() + b"/words/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
     414, "uri_too_long"),
    (b"GARBAGE\r\n\r\n", 400, "bad_request"),
    (b"GET /healthz HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n",
     431, "headers_too_large"),
])
def test_requests_gunicorn_refuses_get_the_same_json_shape(server, raw, status, code):
    got_status, body = raw_exchange(server, raw)
    assert got_status == status
    assert set(body["error"]) == {"code", "message", "field"} and body["error"]["code"] == code


def test_not_found_and_method_not_allowed(server):
    error_of(server.get(V1 + "/nothing"), 404, "not_found")
    error_of(server.post(V1 + "/letters"), 404, "not_found")
    e = error_of(server.get(V1 + "/letters/highest"), 405, "method_not_allowed")
    assert "POST" in e["message"]
    error_of(server.post(V1 + "/lexicons", {}), 405, "method_not_allowed")


# --- concurrency ---------------------------------------------------------------------

def test_concurrent_requests_from_threads(server):
    expected_highest = solve_highest("ABEGIRR", load_lexicon()).as_dict()
    jobs = [
        ("POST", V1 + "/judge", {"words": "big, g, er"}, 200,
         lambda b: b == {"acceptable": True, "lexicon": "twl06"}),
        ("POST", V1 + "/judge", {"words": ["big", "gx"]}, 200,
         lambda b: b["acceptable"] is False),
        ("POST", V1 + "/letters/highest", {"tiles": "ABEGIRR"}, 200,
         lambda b: b["shape"] == expected_highest["shape"]),
        ("POST", V1 + "/letters/compare", {"a": "bigger", "b": "big, g, er"}, 200,
         lambda b: b["higher"] == "a"),
        ("GET", V1 + "/words/bigger", None, 200, lambda b: b["valid"] is True),
        ("POST", V1 + "/letters/highest", {"tiles": "AB7"}, 400,
         lambda b: b["error"]["code"] == "invalid_tile"),
    ] * 40

    def run(job):
        method, path, body, status, check = job
        with requests.Session() as s:
            r = s.request(method, server.url + path, json=body, timeout=30)
        return r.status_code == status and check(r.json()), (path, r.status_code, r.text)

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(run, jobs))
    failures = [detail for ok, detail in results if not ok]
    assert not failures, failures[:3]
    assert server.get("/healthz").status_code == 200


def test_answers_forbid_content_sniffing(server):
    for r in (server.get("/"), server.get(V1 + "/lexicons"), server.get("/nowhere")):
        assert r.headers["X-Content-Type-Options"] == "nosniff"
