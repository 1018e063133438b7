"""Every table operation at every game, on both stores: a stateful test (issue 45).

A Hypothesis rule-based state machine runs a table through the HTTP routes, as its
phones would: a room of one of the five games or the toy game of tests/test_rooms_toy.py,
people joining, computer players (easy, no delay) and spectators sitting down, the start,
legal moves chosen from each seat's own view (tests/matrix_moves.py), time moved on past
the clock and the reveals (the server's look-out acting at that moment:
tests/matrix_clock.py), any seat taken off at any moment by the host or leaving by
itself, seats taken away between games, ``seen`` sent or not, phones connecting and
going, rematches.  After every step every view is read (each person's, each computer
player's, each spectator's) and checked (tests/matrix_checks.py): no 5xx anywhere, every
answer valid against the OpenAPI document (tests/matrix_http.py), no view holding a hand
it may not, the table's contract fields; each game is driven to its end (at the end of
every run, by legal moves only, within a bound) and its places name every player once
and agree with its replay.

Profiles (``LIARS_MATRIX``): ``short`` (the default, for CI: fixed seeds, 12 runs of up to
30 steps a game and a store, 144 in all) and ``long`` (before a release: fresh seeds, 100
runs of up to 50 steps a game and a store, tens of thousands of steps);
``LIARS_MATRIX_GAMES=dice,post`` narrows the games.  ``scripts/matrix_long.sh`` runs the
long one and prints its figures (api/README.md, "Tests and load").
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
import sys
import time

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from matrix_checks import (
    log_hides_hands,
    places_agree,
    secrets_kept,
    table_contract,
)
from matrix_clock import (
    LookOut,
    MovedClock,
    SeededSecrets,
    move_the_server_clock,
    seed_the_server,
)
from matrix_http import DocumentedApi
from redis_server import redis_server
from matrix_moves import host_ruling, legal_move
from test_rooms_toy import NIM, NimGame, NimRoom

import api.rooms as api_rooms
from api import create_app
from api.openapi30 import downgrade
from api.rooms import service, throttle
from api.rooms.changes import PRESENT_SECONDS
from solver.rooms.clock import REVEAL_WAIT_MAX
from solver.games.registry import ROOM_GAMES, register, unregister
from solver.rooms.room import Room

PROFILES = {  # runs a game a store, steps a run
    "short": {"max_examples": 12, "stateful_step_count": 30, "derandomize": True},
    "long": {"max_examples": 100, "stateful_step_count": 50, "derandomize": False},
}
PROFILE = os.environ.get("LIARS_MATRIX", "short")
ALL_GAMES = ("letters", "dice", "poker", "liarliar", "post", "nim")
GAMES = tuple(g for g in os.environ.get("LIARS_MATRIX_GAMES", ",".join(ALL_GAMES)).split(",")
              if g)
PEOPLE = ("ben", "cy", "dee", "eve", "fay", "gus", "ida", "jo", "kai", "lou")
BOTS = ("robo", "ada", "max", "zed", "hal", "ivy")
WATCHERS = ("sam", "tess", "uma", "vic")
MAX_MOVES = 3000  # a game driven by legal moves ends within this many (the test's bound)
# each game's rules kept small (a game of a few dozen moves), the table's clock choices
RULES = {"letters": st.fixed_dictionaries({"tile_limit": st.integers(1, 3),
                                           "budget": st.just(0.1)}),
         "dice": st.fixed_dictionaries({"dice_each": st.integers(1, 2)}),
         "poker": st.fixed_dictionaries({"card_limit": st.integers(1, 3)}),
         "liarliar": st.just(None),
         "post": st.fixed_dictionaries({"one_deck": st.booleans()}),
         "nim": st.just(None)}
OUT_OF_TURN = {"letters": {"type": "call", "call": "bullshit"}, "dice": {"type": "liar"},
               "poker": {"type": "call"}, "liarliar": {"type": "liar"},
               "post": {"type": "call", "call": "true"}, "nim": {"type": "take", "count": 1}}
TOY = "nim"
FIGURES = {"runs": 0, "steps": 0, "moves": 0, "games": 0, "requests": 0}


def clocks(game: str) -> list:
    allowed = ROOM_GAMES[game].clock_choices if game in ROOM_GAMES else None
    return list(allowed) if allowed is not None else [None, 5, 10, 30]


def with_the_toy(document: dict) -> dict:
    """The document as it would be were the toy a sixth game: its name, its move and its
    new room (the toy has no replay route, which the document's new rooms are built from)."""
    document = copy.deepcopy(document)
    schemas = document["components"]["schemas"]
    schemas["RoomView"]["properties"]["game"]["enum"].append(TOY)
    schemas["RoomMove"]["anyOf"] += [downgrade(b) for b in NimRoom().move_schemas()]
    dice = next(b for b in schemas["NewRoom"]["oneOf"]
                if b["properties"]["game"]["enum"] == ["dice"])
    toy = copy.deepcopy(dice)
    toy["properties"]["game"] = {"enum": [TOY]}
    toy["properties"]["rules"] = {"type": "object", "nullable": True}
    toy["properties"].pop("kitty", None)
    schemas["NewRoom"]["oneOf"].append(toy)
    return document


START = 1_800_000_000.0  # the moved clock's moment at the start of every run


class World:
    """What every run of the machine is given afresh: an app on an empty store, the clock
    at START and the server's draws seeded, so that a run depends on nothing an earlier
    one did (Hypothesis replays a run and must see it behave the same)."""

    def __init__(self, db: str, monkeypatch):
        self.db, self.runs = db, 0
        self.clock = MovedClock(START)
        self.seeded = SeededSecrets()
        move_the_server_clock(monkeypatch, self.clock)
        seed_the_server(monkeypatch, self.seeded)
        self.monkeypatch = monkeypatch
        self.api = None
        self.lookout = None
        self.renew()  # (the document read before the toy is hosted: it is added to it)
        register(NIM)  # the toy hosted as tests/test_rooms_toy.py hosts it

    def renew(self) -> None:
        """A new app on an empty store, the clock back at START, the draws at seed 0."""
        if self.lookout is not None:
            self.lookout.close()
        self.runs += 1
        self.clock.now = START
        self.seeded.reseed(0)
        self.monkeypatch.setattr(throttle, "seen", throttle.PerToken(throttle.SEEN_PER_MINUTE))
        if self.db.startswith("redis://"):
            import redis
            redis.Redis.from_url(self.db).flushdb()
            db = self.db
        else:
            db = f"{self.db}.{self.runs}"
        self.app = create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0,
                               "ROOMS_PER_MINUTE": 10**9, "ROOMS_PER_ADDRESS": 10**9})
        if self.api is None:
            self.api = DocumentedApi(self.app.test_client())
            self.api.document = with_the_toy(self.api.document)
            self.api.components = self.api.document["components"]
        else:
            self.api.client = self.app.test_client()
        with self.app.app_context():
            self.store = api_rooms.store()
        self.lookout = LookOut(self.app, self.store, self.clock)

    def close(self) -> None:
        if self.lookout is not None:
            self.lookout.close()
        unregister(TOY)


@pytest.fixture
def world(db, monkeypatch, tmp_path):
    """On Redis, a redis-server of the test's own: the look-outs of the worker's earlier
    apps tick on in their threads for good, and one on the session's Redis would act in
    this test's rooms beside the test's own look-out."""
    with contextlib.ExitStack() as stack:
        if db.startswith("redis://"):
            db, _ = stack.enter_context(redis_server(tmp_path))
        world = World(db, monkeypatch)
        yield world
        world.close()


class TableMachine(RuleBasedStateMachine):
    """One table's life through its routes; the rules are the table's operations."""

    world: World = None
    playing: str = None  # the game under test

    def __init__(self):
        super().__init__()
        w = self.world
        w.renew()
        self.api, self.store, self.clock, self.lookout = w.api, w.store, w.clock, w.lookout
        self.code = None
        self.game = None
        self.people: dict[str, str] = {}  # every person's token, seated or watching
        self.bots: set[str] = set()
        self.phones: dict[str, tuple[float, float | None]] = {}  # name -> (heard, closed at)
        self.version = 0
        self.notice = 0
        self.checked_games: set[int] = set()
        FIGURES["runs"] += 1

    # --- reading the table ----------------------------------------------------------------

    def data(self) -> dict:
        return self.store.load(self.code, self.clock.now)

    def room(self) -> Room:
        return Room.from_dict(self.data())

    def look(self, name: str | None = None) -> dict:
        """A person's view (the host's unless named)."""
        name = name or self.host()
        return self.api.view(self.code, self.people[name])

    def host(self) -> str:
        return self.room().host

    def still_in(self, view: dict, name: str) -> bool:
        player = next(p for p in view["players"] if p["name"] == name)
        return not player["out"] and name not in (view.get("finished") or [])

    def actor(self) -> str | None:
        """The person who must act now, as the server has it: the host for a call the
        table rules, else the player to move if a person (None: a computer player, or
        no one)."""
        room = self.room()
        if room.phase == "reveal" and (room.state.pending or {}).get("undecided"):
            return room.host
        mover = room.game_obj().to_move if room.phase == "playing" else None
        return mover if mover in self.people else None

    def fresh(self, names) -> str | None:
        taken = {*self.people, *self.bots}
        return next((n for n in names if n not in taken), None)

    def expect(self, answer, status: int, what: str) -> None:
        assert answer.status == status, \
            f"{self.game}: {what}: expected {status}, answered {answer.status}: {answer.body}"

    def in_game(self) -> bool:
        return self.code is not None and self.room().phase in ("playing", "reveal")

    # --- the lobby --------------------------------------------------------------------------

    @initialize(data=st.data(), seated=st.booleans(),
                hold=st.sampled_from([0, 3]),
                others=st.lists(st.booleans(), min_size=1, max_size=3),
                lobby=st.booleans())
    def create(self, data, seated, hold, others, lobby):
        """A new room of the game under test: the host (seated, or a table display), one
        to three people or computer players; started at once unless the run stays in the
        lobby a while."""
        game = self.game = self.api.label = self.playing
        self.world.app.config["ROOM_REVEAL_SECONDS"] = hold
        body = {"game": game, "name": "ann", "seat": seated,
                "clock": data.draw(st.sampled_from(clocks(game)), label="clock")}
        rules = data.draw(RULES[game], label="rules")
        if rules is not None:
            body["rules"] = rules
        made = self.api.call("post", "/rooms", body=body)
        self.expect(made, 201, f"a new room {body}")
        self.code, self.people["ann"] = made.body["code"], made.body["token"]
        for person in others:
            self.join() if person else self.add_bot()
        if not lobby:
            self.start(0)

    @precondition(lambda self: self.fresh(PEOPLE) is not None)
    @rule()
    def join(self):
        name = self.fresh(PEOPLE)
        view = self.look()
        room_left = len(view["players"]) < ROOM_GAMES[self.game].game_type.seats[1]
        answer = self.api.call("post", "/rooms/{code}/join", code=self.code, body={"name": name})
        if view["phase"] == "lobby" and room_left:
            self.expect(answer, 201, f"{name} joins")
            self.people[name] = answer.body["token"]
        else:
            self.expect(answer, 409, f"{name} joins in the {view['phase']}")

    @precondition(lambda self: self.fresh(BOTS) is not None)
    @rule()
    def add_bot(self):
        name = self.fresh(BOTS)
        view = self.look()
        room_left = len(view["players"]) < ROOM_GAMES[self.game].game_type.seats[1]
        answer = self.api.call("post", "/rooms/{code}/bots", code=self.code,
                               token=self.people[self.host()],
                               body={"name": name, "delay": 0, "level": "easy"})
        if view["phase"] == "lobby" and room_left:
            self.expect(answer, 201, f"computer player {name} sits down")
            self.bots.add(name)
        else:
            self.expect(answer, 409, f"computer player {name} sits down in the {view['phase']}")

    @precondition(lambda self: self.fresh(WATCHERS) is not None)
    @rule()
    def watch(self):
        name = self.fresh(WATCHERS)
        answer = self.api.call("post", "/rooms/{code}/watch", code=self.code,
                               body={"name": name})
        self.expect(answer, 201, f"{name} watches")
        self.people[name] = answer.body["token"]

    def someone(self, who: int) -> str:
        """The host (``who`` even), or a person who is not (odd, when there is one)."""
        host = self.host()
        others = [n for n in self.people if n != host]
        return host if who % 2 == 0 or not others else others[who // 2 % len(others)]

    @rule(who=st.integers(0, 20))
    def start(self, who):
        view = self.look()
        host, by = self.host(), self.someone(who)
        answer = self.api.call("post", "/rooms/{code}/start", code=self.code,
                               token=self.people[by])
        enough = len(view["players"]) >= ROOM_GAMES[self.game].game_type.seats[0]
        if by != host:
            self.expect(answer, 403, f"{by} (not the host) starts")
        elif view["phase"] == "lobby" and enough:
            self.expect(answer, 200, "the host starts")
        else:
            self.expect(answer, 409, f"the host starts in the {view['phase']} with "
                                     f"{len(view['players'])} players")

    @rule(clock=st.integers(0, 3))
    def settings(self, clock):
        choice = clocks(self.game)[clock % len(clocks(self.game))]
        view = self.look()
        answer = self.api.call("post", "/rooms/{code}/settings", code=self.code,
                               token=self.people[self.host()], body={"clock": choice})
        self.expect(answer, 200 if view["phase"] in ("lobby", "over") else 409,
                    f"the clock set to {choice} in the {view['phase']}")

    # --- the game ---------------------------------------------------------------------------

    def play(self, steady: bool, seed: int) -> bool:
        """The person who must act makes a legal move (True), if a person must."""
        actor = self.actor()
        if actor is None:
            return False
        rng = random.Random(seed)
        own = self.look(actor)
        if actor == self.host() and own["phase"] == "reveal":
            body = host_ruling(rng)
        else:
            body = legal_move(self.game, own, self.room().game_obj(), rng, steady=steady)
        answer = self.api.move(self.code, self.people[actor], body)
        self.expect(answer, 200, f"{actor}'s legal move {body} (their view: {own})")
        FIGURES["moves"] += 1
        return True

    @precondition(lambda self: self.code is not None and self.actor() is not None)
    @rule(seed=st.integers(0, 2**16))
    def move(self, seed):
        self.play(False, seed)

    @rule(who=st.integers(0, 20))
    def out_of_turn(self, who):
        """A person who is not to act plays anyway: refused, as a spectator's move is."""
        view = self.look()
        actor = self.actor()
        others = [n for n in self.people if n != actor and n != view["to_move"]]
        if not others:
            return
        by = others[who % len(others)]
        body = OUT_OF_TURN[self.game]
        answer = self.api.move(self.code, self.people[by], body)
        seated = by in [p["name"] for p in view["players"]]
        self.expect(answer, 409 if seated else 403,
                    f"{by} ({'a player' if seated else 'a spectator'}) sends {body} in the "
                    f"{view['phase']}, {view['to_move']} to move")

    @rule(seat=st.integers(0, 20), by=st.sampled_from(["host", "self", "other"]))
    def remove(self, seat, by):
        """Any seat taken off this game at any moment, by the host or by itself."""
        view = self.look()
        seats = [p["name"] for p in view["players"]]
        if not seats:
            return
        name = seats[seat % len(seats)]
        host = self.host()
        remover = {"host": host, "self": name if name in self.people else host,
                   "other": next((p for p in self.people if p not in (host, name)), host)}[by]
        answer = self.api.move(self.code, self.people[remover],
                               {"type": "remove", "player": name})
        what = f"{remover} removes {name} in the {view['phase']}"
        if remover not in (host, name) and view["phase"] in ("lobby", "over"):
            assert answer.status in (403, 409), f"{self.game}: {what}: {answer}"  # either
        elif remover not in (host, name):
            self.expect(answer, 403, what)
        elif view["phase"] in ("lobby", "over"):
            self.expect(answer, 409, what)
            assert "unseat" in answer.error.get("message", ""), \
                f"{what}: the refusal does not name unseat: {answer.body}"
        elif self.still_in(view, name):
            self.expect(answer, 200, what)
            self.taken_off(name, remover)
        else:
            self.expect(answer, 409, f"{what} (already out)")

    def taken_off(self, name: str, by: str) -> None:
        after = self.look()
        player = next(p for p in after["players"] if p["name"] == name)
        why = "left" if by == name else "removed"
        assert player["out"] and player["out_by"] == why, \
            f"{self.game}: {name} taken off by {by}, yet their seat shows {player}"
        assert name in after["removed"], f"{name} is not in 'removed': {after['removed']}"
        notice = after["notice"]
        assert notice is not None and notice["kind"] == why and notice["player"] == name \
            and notice["n"] > self.notice, f"{name} taken off by {by}: the notice {notice}"
        assert notice["by"] == (by if why == "removed" else notice["by"]), notice

    @rule(seat=st.integers(0, 20), who=st.integers(0, 20))
    def unseat(self, seat, who):
        """The host takes a seat away between games (or in the lobby)."""
        view = self.look()
        seats = [p["name"] for p in view["players"]]
        if not seats:
            return
        name = seats[seat % len(seats)]
        host, by = self.host(), self.someone(who)
        answer = self.api.move(self.code, self.people[by], {"type": "unseat", "player": name})
        what = f"{by} unseats {name} in the {view['phase']}"
        fewest = ROOM_GAMES[self.game].game_type.seats[0]
        if by != host:
            self.expect(answer, 403, what)
        elif view["phase"] not in ("lobby", "over") or \
                (view["phase"] == "over" and len(seats) - 1 < fewest):
            self.expect(answer, 409, what)  # (never below the fewest once a game was played)
        else:
            self.expect(answer, 200, what)
            after = self.look(host if host != name else None)
            assert name not in [p["name"] for p in after["players"]], after["players"]
            if name in self.bots:
                self.bots.discard(name)
                assert name not in after["spectators"], after["spectators"]
            else:
                assert name in after["spectators"], after["spectators"]
                mine = self.look(name)["you"]
                assert mine["seat"] is False and mine["hand"] is None, mine
            notice = after["notice"]
            assert notice is not None and notice["kind"] == "unseated" \
                and notice["player"] == name, f"{what}: the notice {notice}"

    @rule(who=st.integers(0, 20), stale=st.booleans())
    def seen(self, who, stale):
        """A phone dismisses the reveal (or one before it): always taken, changing at
        most who has seen it."""
        names = sorted(self.people)
        by = names[who % len(names)]
        reveal = self.look()["reveal"]
        n = (reveal["n"] if reveal else 0) - (1 if stale else 0)
        answer = self.api.move(self.code, self.people[by], {"type": "seen", "n": n})
        self.expect(answer, 200, f"{by} has seen ruling {n}")

    @rule(who=st.integers(0, 20))
    def rematch(self, who):
        view = self.look()
        host, by = self.host(), self.someone(who)
        answer = self.api.call("post", "/rooms/{code}/rematch", code=self.code,
                               token=self.people[by])
        if by != host:
            self.expect(answer, 403, f"{by} (not the host) asks for a rematch")
        else:
            self.expect(answer, 200 if view["phase"] == "over" else 409,
                        f"a rematch in the {view['phase']}")

    @rule(who=st.integers(0, 20), arrive=st.booleans())
    def phone(self, who, arrive):
        """A person's phone opens its stream (connected) or closes it."""
        names = sorted(self.people)
        name = names[who % len(names)]
        if arrive:
            self.store.arrive(self.code, name, f"stream-{name}", self.clock.now)
            self.phones[name] = (self.clock.now, None)
        else:
            self.store.depart(self.code, f"stream-{name}", self.clock.now)
            if name in self.phones:
                self.phones[name] = (self.phones[name][0], self.clock.now)

    @rule(moment=st.sampled_from(["instant", "hold", "clock", "past_all", "reveal_wait",
                                  "phones_gone"]))
    def time_passes(self, moment):
        """The clock moves on; the server does what has come due (timeouts, computer
        players' moves), as its look-out would."""
        data = self.data()
        clock = data.get("clock") or 0
        hold = float(data.get("hold", 0))
        self.server_acts({"instant": 0.01, "hold": hold, "clock": clock,
                          "past_all": clock + hold + 1, "reveal_wait": REVEAL_WAIT_MAX + 1,
                          "phones_gone": PRESENT_SECONDS + 1}[moment])

    def server_acts(self, seconds: float) -> None:
        """Time passes, the look-out acting as it comes due; then nothing it should have
        done is left undone: no one out of time still to move, no computer player whose
        moment has passed still waiting, and none of them ever put out by the clock."""
        self.lookout.run(self.code, seconds)
        now = self.clock.now
        room = self.room()
        present = service.presence(self.store, room, now) | self.just_gone(now)
        late = room.out_of_time(now)
        assert late is None, f"{self.game}: {late} is out of time at {now}, still to move"
        moment = room.bot_moment(present)
        assert room.bot_to_move() is None or moment is None or moment > now, \
            f"{self.game}: computer player {room.bot_to_move()} was due at {moment}, now {now}"
        timed_out = self.bots & set(room.state.timed_out)
        assert not timed_out, f"{self.game}: computer players timed out: {timed_out}"

    def just_gone(self, now: float) -> set[str]:
        """The phones that left lately: closed, or no longer heard from (PRESENT_SECONDS
        after they were).  A phone's leaving changes no room, so the look-out notices it
        when it next comes back to a room waiting on it (every PRESENCE_SECONDS, between
        two of its ticks): until then its player is still waited for."""
        late = service.PRESENCE_SECONDS + LookOut.STEP
        gone = {name: closed if closed is not None else heard + PRESENT_SECONDS
                for name, (heard, closed) in self.phones.items()}
        return {name for name, at in gone.items() if now - late <= at <= now}

    @precondition(lambda self: self.in_game())
    @rule(seed=st.integers(0, 2**16))
    def play_to_the_end(self, seed):
        self.finish(seed)

    def finish(self, seed: int = 0) -> None:
        """Legal moves only (the people's, the computer players' as the clock comes to
        them) until the game ends, within MAX_MOVES."""
        for step in range(MAX_MOVES):
            room = self.room()
            if room.phase not in ("playing", "reveal"):
                return
            if self.play(True, seed + step):
                continue
            due = service.moment(room, self.clock.now,
                               service.presence(self.store, room, self.clock.now))
            assert due is not None, (f"{self.game}: stuck: no person to act and nothing due "
                                     f"for the server: {self.look()}")
            self.server_acts(due - self.clock.now)
        raise AssertionError(f"{self.game}: the game did not end in {MAX_MOVES} legal moves")

    # --- after every step -------------------------------------------------------------------

    @invariant()
    def every_view_holds(self):
        if self.code is None:
            return
        FIGURES["steps"] += 1
        data = self.data()
        now = self.clock.now
        present = self.store.present(self.code, now)
        viewers = list(self.people)  # (the computer players' views: matrix_checks, in-process)
        seated = {s["name"] for s in data["seats"]}
        whole = {next((n for n in self.people if n in seated), None),  # a player's, and a
                 next((n for n in self.people if n not in seated), None)}  # spectator's
        views = {name: self.api.view(self.code, self.people[name], whole=name in whole)
                 for name in viewers}
        for name, view in views.items():
            assert view["you"]["name"] == name, view["you"]
        hosts = [name for name, view in views.items() if view["you"]["host"]]
        assert len(hosts) == 1, f"{self.game}: the table has hosts {hosts}"
        view = views[next(iter(self.people))]
        assert view["version"] >= self.version, (view["version"], self.version)
        self.version = view["version"]
        secrets_kept(self.game, data, views, present, now, bots=self.bots)
        table_contract(view, self.bots)
        self.follow_notice(view)
        log = self.api.call("get", "/rooms/{code}/log", code=self.code,
                            token=self.people[next(iter(self.people))])
        self.expect(log, 200, "the log")
        log_hides_hands(log.body)
        if view["phase"] == "over" and view["game_no"] not in self.checked_games:
            self.checked_games.add(view["game_no"])
            FIGURES["games"] += 1
            places_agree(view, log.body, self.replayed(log.body, view))

    def follow_notice(self, view: dict) -> None:
        """The table's notices only ever move on (their number grows through the room's
        life)."""
        if view["notice"] is not None:
            assert view["notice"]["n"] >= self.notice, (view["notice"], self.notice)
            self.notice = view["notice"]["n"]

    def replayed(self, log: dict, view: dict):
        """The placings the log replays to, first to last (the game's replay route; the
        toy's own replay, as it has no route), or None for a game called off."""
        if view["called_off"] is not None:
            return None
        if self.game == TOY:
            game = NimGame(log["players"])
            for event in log["events"]:
                game.push(game.read_action(event))
            assert game.is_over(), "the game is over, its replay is not"
            return game.outcome().to_dict()["placings"]
        answer = self.api.call("post", f"/{self.game}/replay", body=log)
        self.expect(answer, 200, "the replay of the log")
        assert answer.body["ok"], f"{self.game}: the log does not replay: {answer.body}"
        assert answer.body["state"]["over"], f"{self.game}: the game is over, its replay is not"
        return answer.body["state"]["outcome"]["placings"]

    def teardown(self):
        """Whatever the run did, the game on ends by legal moves, and its end holds (not
        after a step failed, or Hypothesis stopped the run: teardown runs then too)."""
        if sys.exc_info()[0] is None and self.code is not None and self.in_game():
            self.finish()
            self.every_view_holds()


@pytest.mark.parametrize("game", GAMES)
def test_every_table_operation(world, game):
    """The table's life, at random, at this game, on this store (SQLite, then Redis)."""
    machine = type("Table", (TableMachine,), {"world": world, "playing": game})
    started, requests = time.monotonic(), world.api.requests
    before = dict(FIGURES)
    run_state_machine_as_test(machine, settings=settings(
        **PROFILES[PROFILE], deadline=None, database=None, print_blob=True,
        suppress_health_check=list(HealthCheck)))
    figures = {k: FIGURES[k] - before[k] for k in FIGURES}
    figures["requests"] = world.api.requests - requests
    print(f"\nrooms matrix ({PROFILE}, {game}): {figures['runs']} runs, "
          f"{figures['steps']} steps, {figures['moves']} moves, {figures['games']} games over, "
          f"{figures['requests']} requests in {time.monotonic() - started:.1f} s")
