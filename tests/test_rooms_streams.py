"""Event streams take their share of a worker's connections and no more (api/rooms/streams.py):
the stream past it is refused at once (503 with Retry-After), spectators' streams never
take the players' places, one token holds three, and with every stream place taken the
server still answers everything else (a live ``liars serve`` with a small cap)."""

from __future__ import annotations

import http.client
import time

import pytest
from api_server import HOST, LiveServer
from rooms_http import V1, bearer

from api.errors import StreamsFull, TooManyStreams
from api.rooms.streams import STREAMS_PER_TOKEN, Streams, stream_share

CONNECTIONS = 40  # --max-connections: 32 streams (24 of them spectators'), 8 kept


def test_the_shares_counted():
    streams = Streams(CONNECTIONS)
    assert (streams.share, streams.spectator_share) == (32, 24) == (stream_share(40), 24)
    released = [streams.take(f"s{n}", spectator=True) for n in range(24)]
    with pytest.raises(StreamsFull, match="spectators"):
        streams.take("one more", spectator=True)
    for _ in range(STREAMS_PER_TOKEN):
        streams.take("ann", spectator=False)
    with pytest.raises(TooManyStreams):
        streams.take("ann", spectator=False)
    for n in range(32 - 24 - STREAMS_PER_TOKEN):
        streams.take(f"p{n}", spectator=False)
    with pytest.raises(StreamsFull) as full:
        streams.take("ben", spectator=False)
    assert full.value.status == 503 and full.value.retry_after >= 1
    released[0]()
    released[0]()  # counted out once
    assert (streams.open, streams.watching) == (31, 23)
    streams.take("ben", spectator=False)  # a player's stream takes the place
    assert (streams.open, streams.watching) == (32, 23)


class Stream:
    """One event stream opened over its own connection: its status and headers once they
    come (the body is left unread until ``close``)."""

    def __init__(self, port: int, code: str, token: str):
        self.connection = http.client.HTTPConnection(HOST, port, timeout=10)
        self.connection.request("GET", f"{V1}/rooms/{code}/events?token={token}")
        self.answer = self.connection.getresponse()
        self.status = self.answer.status

    def refusal(self) -> dict:
        import json
        return json.loads(self.answer.read())

    def close(self):
        self.connection.close()


@pytest.fixture(scope="module")
def live():
    with LiveServer("--workers", "1", "--max-connections", str(CONNECTIONS)) as server:
        yield server


def a_table(live, spectators: int) -> dict:
    made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                         "rules": {"dice_each": 1}}).json()
    code = made["code"]
    tokens = {"ann": made["token"],
              "ben": live.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).json()["token"]}
    for n in range(spectators):
        watched = live.post(f"{V1}/rooms/{code}/watch", json={"name": f"s{n}"})
        assert watched.status_code == 201, watched.text
        tokens[f"s{n}"] = watched.json()["token"]
    return {"code": code, "tokens": tokens}


def test_with_every_stream_taken_the_server_answers_everything_else(live):
    first, second = a_table(live, 13), a_table(live, 12)
    opened = []

    def stream(table, name):
        opened.append(Stream(live.port, table["code"], table["tokens"][name]))
        return opened[-1]

    try:
        for table, count in ((first, 12), (second, 12)):
            for n in range(count):
                assert stream(table, f"s{n}").status == 200
        watcher = stream(first, "s12")  # the 25th spectator's: refused at once
        assert watcher.status == 503 and int(watcher.answer.getheader("Retry-After")) >= 1
        assert watcher.refusal()["error"]["code"] == "streams_full"
        for _ in range(STREAMS_PER_TOKEN):
            assert stream(first, "ann").status == 200  # players still have their places
        too_many = stream(first, "ann")
        assert too_many.status == 429
        assert too_many.refusal()["error"]["code"] == "too_many_streams"
        for name, table in (("ben", first), ("ben", first), ("ben", first), ("ann", second),
                            ("ann", second)):
            assert stream(table, name).status == 200
        past = stream(second, "ben")  # the 33rd: every stream place is taken
        assert past.status == 503 and past.refusal()["error"]["code"] == "streams_full"
        # ... and everything else is answered: the health check, a new room, a move
        assert live.get("/healthz", timeout=5).status_code == 200
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "zed"}, timeout=5)
        assert made.status_code == 201
        started = live.post(f"{V1}/rooms/{second['code']}/start",
                            headers=bearer(second["tokens"]["ann"]), timeout=5)
        assert started.status_code == 200
        mover = started.json()["to_move"]
        moved = live.post(f"{V1}/rooms/{second['code']}/moves", timeout=5,
                          json={"type": "bid", "quantity": 1, "face": 2},
                          headers=bearer(second["tokens"][mover]))
        assert moved.status_code == 200, moved.text
        # a stream closed gives its place back (once the server hears it gone: its ping)
        for old in opened[:4]:
            old.close()
        deadline = time.monotonic() + 30
        while True:
            again = stream(second, "ben")
            if again.status == 200 or time.monotonic() > deadline:
                break
            again.close()
            time.sleep(0.2)
        assert again.status == 200
    finally:
        for each in opened:
            each.close()
