"""A room: one table's game played on everyone's phone, the server dealing and ruling.

A room is the library's game object (:mod:`solver.games`) plus what hosting adds:
the seats and their tokens, the lobby, the hands dealt by the server or revealed
by each phone, a call waiting for the reveals or for the table's ruling, and the
event log.  The log is a replay (``{"rules", "players", "events"}``): the replay
routes play it to the same state.  Each player's view carries their own hand
only; other players show counts until a call reveals them.

A room is pure (no I/O): the API keeps it as the JSON of :meth:`Room.to_dict`.

>>> import random
>>> room, ann = Room.create("ABCD", {"game": "dice", "deal": "server", "name": "ann",
...                                   "rules": {"dice_each": 1}}, rng=random.Random(3))
>>> ben = room.join("ben")
>>> room.start(room.seat(ann), rng=random.Random(3))
>>> view = room.view("ben")
>>> view["phase"], view["to_move"], len(view["you"]["hand"]), view["players"][0]["dice"]
('playing', 'ann', 1, 1)
>>> "hand" in view["players"][0]
False
"""

from __future__ import annotations

import hmac
import secrets

from solver.errors import (
    GameOver,
    HostOnly,
    IllegalMove,
    InvalidInput,
    LiarsError,
    NotAPlayer,
    NotSeated,
    RoomConflict,
    shown,
)
from solver.games.base import Outcome
from solver.games.registry import ROOM_GAMES
from solver.games.table import MAX_EVENTS, require

from . import bots, call_odds, clock, kept, session
from .calls import CallFlow
from .clock import read_clock
from .context import Table
from .fairness import FairDeal, read_seed
from .leaving import Leaving
from .reveals import SHOWN_CLAIMS, Reveals
from .spectators import Spectators
from .state import RoomState
from .tokens import digest as token_digest
from .tokens import new_token
from .variants import HOST_MOVES, ROOM_MOVES, ClaimAndCall, RoomGame

DEALS = ("server", "table")
PHASES = ("lobby", "playing", "reveal", "over")
NO_TOKEN = "this room needs your player's token (Authorization: Bearer TOKEN)"
MAX_BOT_DELAY = 30.0  # seconds a computer player may be told to take over a move


def _keys(body, allowed: set[str], what: str) -> dict:
    if not isinstance(body, dict):
        raise InvalidInput(f"{what} must be a JSON object, not {type(body).__name__}")
    unknown = sorted(set(body) - allowed, key=str)
    if unknown:
        listed = ", ".join(shown(k) for k in unknown[:5])
        raise InvalidInput(f"unknown field(s) in {what}: {listed}"
                           + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""),
                           field=str(unknown[0])[:40])
    return body


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else int(seconds * 1000)


def _as_sent(field: str | None) -> str | None:
    """An error's field as the move's body names it: the game reads the move as a replay
    event (``event.words``), the room its keys (``move.words``); the phone sent ``words``."""
    for prefix in ("event.", "move."):
        if field and field.startswith(prefix):
            return field[len(prefix):]
    return field


class Room(Leaving, Reveals, CallFlow, FairDeal, Spectators):
    """One table: its seats, its game, its log.  Build one with :meth:`create`."""

    def __init__(self, state: RoomState):
        self.state = state

    # --- the lobby ------------------------------------------------------------------------

    @classmethod
    def create(cls, code: str, body: dict, *, rng=None, profile: str | None = None,
               hold: float = 0.0) -> tuple["Room", str]:
        """A new room from ``{"game", "deal", "name", "rules"}``: the room and the host's
        token (the creator is the host).  ``profile``: the id of the host's leaderboard
        profile, once the caller has checked its key (:mod:`.profiles`).  ``hold``: the
        seconds each ruling's reveal stays before computer players move on (the server's
        ``--reveal-seconds``; none for a room played in-process)."""
        body = _keys(body, {"game", "deal", "name", "rules", "advisor", "clock", "kitty",
                            "open", "seat", "seed"}, "a new room")
        game = require(body, "game", field="room")
        if not isinstance(game, str) or game not in ROOM_GAMES:
            raise InvalidInput(f"a room plays {' or '.join(ROOM_GAMES)}, not {shown(game)}",
                               field="game")
        deal = body.get("deal", "server")
        if not isinstance(deal, str) or deal not in DEALS:
            raise InvalidInput(f"deal is 'server' (the server draws and rolls) or 'table' "
                               f"(each phone types its own), not {shown(deal)}", field="deal")
        if deal == "table" and not ROOM_GAMES[game].table_deal:
            raise InvalidInput(f"{ROOM_GAMES[game].game_type.title} is dealt by the server here: a phone "
                               f"cannot type a whole hand of cards", field="deal")
        rules = ROOM_GAMES[game].game_type.Rules.from_dict(body.get("rules"))
        advisor = body.get("advisor", False)
        if not isinstance(advisor, bool):
            raise InvalidInput(f"advisor is true or false, not {shown(advisor)}",
                               field="advisor")
        room = cls(RoomState(code=code, game=game, deal=deal, rules=rules.to_dict(),
                             advisor=advisor, hold=float(hold)))
        room._settings(body)
        room._fair_open(rng)
        seed = read_seed(body.get("seed"))
        seated = body.get("seat", True)
        if not isinstance(seated, bool):
            raise InvalidInput(f"seat is true (the host plays) or false (the host runs the "
                               f"table display), not {shown(seated)}", field="seat")
        name = require(body, "name", field="room")
        token = room._seat(name, host=True, profile=profile, seed=seed) if seated \
            else room._watcher(name, host=True)
        return room, token

    def _seat(self, name, *, host: bool = False, profile: str | None = None,
              seed: str | None = None) -> str:
        name = self._free_name(name)
        high = self.game_type.seats[1]
        if len(self.seats) >= high:
            raise RoomConflict(f"this table is full: {self.game_type.title} takes at most "
                               f"{high} players", field="name")
        if profile is not None:
            self._one_seat_a_profile(profile)
        token, digest = new_token()
        self.seats.append({"name": name, "token": digest, "host": host})
        session.seat(self.session, name)
        if profile is not None:
            self.seats[-1]["profile"] = profile
        if seed is not None:  # the phone's own seed for the fair deal (docs/fair-deal.md)
            self.seats[-1]["seed"] = seed
        self._changed()
        return token

    def add_bot(self, by: str, name, *, delay=1.0, level=bots.DEFAULT_LEVEL) -> None:
        """The host seats a computer player; it moves ``delay`` seconds after its turn
        comes (a human pace), and plays at ``level`` (:data:`.bots.LEVELS`).  Only where
        the server deals: it has no tiles to type."""
        self._host_only(by, "add a computer player")
        if self.phase != "lobby":
            raise RoomConflict("the game has started: no one joins now", field="name")
        if self.deal != "server":
            raise RoomConflict("a computer player needs the server to deal: it has no hand "
                               "to type in", field="deal")
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) \
                or not 0 <= delay <= MAX_BOT_DELAY:
            raise InvalidInput(f"a computer player's delay is 0 to {MAX_BOT_DELAY:g} seconds, "
                               f"not {shown(delay)}", field="delay")
        level = bots.read_level(level)
        token = self._seat(name)
        # The server keeps a computer player's own token, to move for it as a phone would
        # (never shown: views and the log carry names only).
        self.seats[-1]["bot"] = {"delay": float(delay), "token": token, "level": level}

    def bot_to_move(self) -> str | None:
        """The computer player whose move it is now, if any."""
        if self.phase != "playing":
            return None
        to_move = self.game_obj().to_move
        seat = next((s for s in self.seats if s["name"] == to_move), None)
        return to_move if seat is not None and seat.get("bot") else None

    def bot(self, name: str) -> dict:
        """A computer player's settings: its ``delay``, its ``token`` and its ``level``
        (a room stored before levels had none: it plays at the default)."""
        return {"level": bots.DEFAULT_LEVEL,
                **next(s["bot"] for s in self.seats if s["name"] == name)}

    def set_advisor(self, by: str, allowed) -> None:
        """The host allows the advisor for the table, or forbids it."""
        self._host_only(by, "allow or forbid the advisor")
        if not isinstance(allowed, bool):
            raise InvalidInput(f"allowed is true or false, not {shown(allowed)}",
                               field="allowed")
        if bool(self.state.advisor) != allowed:
            self.state.advisor = allowed
            self._changed()

    def advice(self, name: str) -> dict:
        """The advisor's odds for ``name`` (their own view only), if the host allows it."""
        if not self.state.advisor:
            raise HostOnly("the host has not allowed the advisor at this table")
        if self.deal != "server":
            raise RoomConflict("the advisor needs the hands the server deals: at this table "
                               "each phone types its own", field="deal")
        if self.phase != "playing" or name not in self.game_obj().active:
            raise RoomConflict("there is no claim to advise on now", field="type")
        return self.kind.advice(self.game_obj(), self.view(name))

    def decide(self, name: str, rng) -> dict:
        """A computer player's move at its level, from its own view only (:mod:`.bots`)."""
        return self.kind.decide(self.game_obj(), self.view(name), rng,
                                level=self.bot(name)["level"])

    def join(self, name, *, profile: str | None = None, seed=None) -> str:
        """A new player's seat; their token.  No one joins once the game has started.
        ``profile``: the id of their leaderboard profile, its key checked by the caller;
        ``seed``: their phone's seed for the fair deal."""
        if self.phase != "lobby":
            raise RoomConflict("the game has started: no one joins now", field="name")
        return self._seat(name, profile=profile, seed=read_seed(seed))

    def seat(self, token) -> str:
        """The name of the seat (or spectator) ``token`` is for; NotSeated for any other
        token."""
        if isinstance(token, str) and token:
            digest = token_digest(token)
            found = None
            for seat in (*self.seats, *self.spectators):  # every one compared, in constant time
                if hmac.compare_digest(seat["token"], digest):
                    found = seat["name"]
            if found is not None:
                return found
        raise NotSeated(NO_TOKEN)

    def plays(self, name: str) -> bool:
        """Whether ``name`` has a seat (not a spectator)."""
        return any(s["name"] == name for s in self.seats)

    def start(self, by: str, *, rng=None) -> None:
        """The host starts the game: seats are fixed, the server deals (or the table)."""
        self._host_only(by, "start the game")
        if self.phase != "lobby":
            raise RoomConflict("the game has already started", field="type")
        low, high = self.game_type.seats
        if len(self.seats) < low:  # the room's state, not the request: wait for players
            raise RoomConflict(f"{self.game_type.title} takes {low} to {high} players, not "
                               f"{len(self.seats)}", field="players")
        self._begin(rng)
        self._changed()

    def _begin(self, rng) -> None:
        """A game starts (the first, or a rematch): every seat plays, the next seat opens
        each game (the rules name no dealer for a rematch: the first seat opens the first
        game), antes go in.  Everything a game keeps is set here afresh, once for every
        game; what a game keeps hidden beside the hands is its variant's (``new_game``)."""
        state = self.state
        state.events, state.bids, state.history = [], [], []
        state.timed_out, state.removed, state.left = [], [], []
        state.called_off = state.pending = state.last_ruling = state.reveal = None
        kept.new_record(state)
        self.kind.new_game(self.table)
        names = [s["name"] for s in self.seats]
        first = self.kind.opener(self.table, names)
        game = self.game_type(names[first:] + names[:first],
                              self.game_type.Rules.from_dict(self.kind.game_rules(self.table)))
        self.state.game_state = game.to_dict()
        self.state.phase = "playing"
        session.ante(self.session, self.state.kitty, names)
        self._fair_begin(rng)
        self._deal(game)

    def rematch(self, by: str, *, rng=None) -> None:
        """The host starts the next game at the same table, the same seats (computer
        players included), once the game is over; the session keeps the score."""
        self._host_only(by, "start a rematch")
        if self.phase != "over" and not self.state.stuck and self.unplayable() is None:
            raise RoomConflict("a rematch starts once the game is over", field="type")
        self.state.game_no += 1
        self._begin(rng)
        self._changed()

    def unplayable(self) -> Exception | None:
        """Why this room's game cannot be read back, if it cannot (a state no server wrote):
        such a table is stuck, and its host may start it anew (:meth:`rematch`)."""
        if self.state.game_state is None:
            return None  # the lobby: no game to read yet
        try:
            self.game_obj()
        except Exception as err:  # any shape of broken state, said as what it is
            return err
        return None

    def settings(self, by: str, body: dict) -> None:
        """The host changes the clock, whether the table is listed open, or the kitty: in
        the lobby or between games (never while a game is being played)."""
        self._host_only(by, "change the table's settings")
        body = _keys(body, {"clock", "open", "kitty"}, "the table's settings")
        if self.phase not in ("lobby", "over"):
            raise RoomConflict("the table's settings change in the lobby or between games, "
                               "not during one", field="type")
        before = (self.state.clock, self.state.open, self.state.kitty)
        self._settings(body)
        if (self.state.clock, self.state.open, self.state.kitty) != before:
            self._changed()  # (a setting set to what it was changes nothing)

    def _settings(self, body: dict) -> None:
        if "clock" in body:
            chosen = read_clock(body["clock"])
            allowed = self.kind.clock_choices
            if allowed is not None and chosen not in allowed:
                raise InvalidInput(f"{self.game_type.title} plays with "
                                   f"{' or '.join(f'{c} s' for c in allowed if c)} a move, or "
                                   f"no clock (null), not {chosen} s", field="clock")
            self.state.clock = chosen
        if "open" in body:
            if not isinstance(body["open"], bool):
                raise InvalidInput(f"open is true or false, not {shown(body['open'])}",
                                   field="open")
            self.state.open = body["open"]
        if "kitty" in body:
            kitty = session.read_kitty(body["kitty"], self.game_type.title, self.kind.kitty)
            standing = (self.state.kitty or {}).get("pot", 0)
            if kitty is None and standing:  # the chips in it are the players': none vanish
                raise RoomConflict(f"the kitty holds {standing} chips left standing by a game "
                                   f"with no single winner: it stays on until a game is won",
                                   field="kitty")
            if kitty is not None:
                kitty["pot"] = standing  # a kitty left standing stays on the table
            self.state.kitty = kitty

    # --- the clock ------------------------------------------------------------------------

    def timers(self, now: float) -> None:
        """Start the clock for the turn that has come, if one has (the server calls this
        after every change, with its time)."""
        timer = self.state.timer
        reveal = self.state.reveal
        if reveal is not None and reveal.get("at") is None:
            reveal["at"] = now  # the ruling just made: its reveal starts now
        game = self.game_obj() if self.phase == "playing" else None
        if game is None or game.to_move is None:
            clock.stop(timer)
            return
        bot = self.bot_to_move()  # only people have clocks (docs/rules.md, "Whose clock")
        started = clock.set_turn(timer, (self.state.game_no,
                                         len(self.state.events), game.to_move),
                                 clock=None if bot else self.state.clock,
                                 bot_delay=self.bot(bot)["delay"] if bot else None, now=now)
        if started and timer["deadline"] is not None and reveal is not None:
            # a player's clock after a ruling starts once the reveal's hold is over
            timer["deadline"] = max(timer["deadline"],
                                    reveal["at"] + self.hold + self.state.clock)

    def _clock_starts(self) -> float | None:
        """When the mover's clock starts running (after a ruling's reveal is held): a phone
        counts down from the clock's setting, never from more."""
        deadline, setting = self.state.timer.get("deadline"), self.state.clock
        return None if deadline is None or setting is None else deadline - setting

    def due(self, present=frozenset()) -> float | None:
        """When the server must act next in this room (epoch seconds), or None: the clock
        of the player to move, or a computer player's move (:meth:`bot_moment`; ``present``:
        the phones connected now)."""
        moments = [t for t in (self.state.timer.get("deadline"),
                               self.bot_moment(present)) if t is not None]
        return min(moments) if moments else None

    def out_of_time(self, now: float) -> str | None:
        """The player whose time has run out at ``now``, if any."""
        deadline = self.state.timer.get("deadline")
        if self.phase != "playing" or deadline is None or now < deadline:
            return None
        return self.game_obj().to_move

    def time_out(self, now: float, *, rng=None) -> str:
        """The player to move ran out of time: they are out (their tiles or dice leave the
        game), placed below everyone still in; the round restarts with the next player in
        (docs/rules.md).  A replay reads it as the player leaving."""
        name = self.out_of_time(now)
        if name is None:
            raise RoomConflict("no one's time has run out", field="type")
        self._go_out(name, "clock", rng=rng, at=now)
        self._changed()
        return name

    def _result(self, ruling: dict | None = None, *, rng=None, played=None) -> None:
        """After a move the game played its own way (or a player leaving): the ruling it
        made, if any (``played``: the round it rules on), and the game over or the next
        round dealt."""
        if ruling is not None:
            self._ruled(ruling, played)
        game = self.game_obj()
        if game.is_over():
            self._over(game)
        elif len(self.state.events) + 2 > MAX_EVENTS:
            self._call_off(game)
        else:
            self.state.phase = "playing"
            if self.kind.deals_each_round:
                self._deal(game)

    def _call_off(self, game) -> None:
        """The log can hold no other move: the game ends with no winner, everyone still in
        sharing first place (docs/rules.md, "Tables the server runs")."""
        self.state.called_off = (f"the game's log holds {len(self.state.events)} moves, "
                                 f"the most a replay takes: the game is called off")
        self._over(game)

    def outcome(self, game):
        """How the game ended (its own outcome, or the room's when it was called off)."""
        reason = self.state.called_off
        if reason is None:
            return game.outcome() if game.is_over() else None
        active = tuple(game.active)
        return Outcome(active, tuple(game.out), (active, *((p,) for p in reversed(game.out))),
                       reason)

    def _over(self, game) -> None:
        """The game ended: no hands are kept, its seed is shown, the session counts it."""
        self.state.phase = "over"
        self.state.hands = {}
        self._fair_close()
        outcome = self.outcome(game)
        self.state.last_places = self.places(outcome)
        session.record(self.session, self.state.kitty, self.places(outcome),
                       outcome.winner)
        kept.keep_game(self)  # its replay, for anyone with the table's code

    # --- moves ----------------------------------------------------------------------------

    def move(self, by: str, body: dict, *, rng=None) -> None:
        """A phone's move: a replay event without "player" (the token says who).

        An illegal move changes nothing and is a RoomConflict-status error (409)."""
        moves = {**self.kind.moves, **ROOM_MOVES}
        kind = _keys(body, {"type"} | set().union(*moves.values()), "a move").get("type")
        if not isinstance(kind, str) or kind not in moves:
            raise InvalidInput(f"a {self.game_type.title} move is "
                               f"{', '.join(map(repr, moves))}, not {shown(kind)}",
                               field="type")
        _keys(body, {"type"} | moves[kind], f"a {kind} move")
        if kind in ROOM_MOVES:  # any seat's, in any phase: the room's own, not the game's
            if self._seen(by, body):
                self._changed()
            return
        if not self.plays(by) and kind not in HOST_MOVES:
            raise NotAPlayer(f"{by} watches this table: only its players move")
        if kind in ("unseat", "dismiss"):  # the table's own, between games or in any phase
            getattr(self, f"_{kind}")(by, body)
            self._changed()
            return
        if self.phase == "lobby" and kind == "remove":
            raise RoomConflict("the game has not started yet: no one is taken out of it (to "
                               "take a seat off the table before it starts, unseat them)",
                               field="type")
        if self.phase == "lobby":
            raise RoomConflict("the game has not started yet: the host starts it", field="type")
        reveal = self.state.reveal
        try:
            if self.phase == "over" and kind == "remove":
                raise RoomConflict("the game is over: no one is taken out of it now (to take "
                                   "a seat off the table for the next game, unseat them)",
                                   field="type")
            if self.phase == "over":
                raise GameOver(f"the game is over: {self.view(by)['winner']} won")
            if kind in self.kind.flow_moves:  # a game that plays its own way (cards)
                self._playing(kind=kind)
                played = self._round_so_far()
                ruling = self.kind.handle(self.table, by, kind, body,
                                          rng or secrets.SystemRandom())
                if self.state.bids:  # the round goes on (cards put down): its claims go
                    played = (played[0], [])  # with the ruling that ends it
                self._result(ruling, played=played)
            elif isinstance(self.kind, ClaimAndCall) and kind == self.kind.claim:
                self._claim(by, body)
            elif isinstance(self.kind, ClaimAndCall) and kind == self.kind.call:
                self._called(by, self.kind.call_event(by, body), rng)
            else:
                getattr(self, f"_{kind}")(by, body, rng)
        except LiarsError as err:
            if isinstance(err, IllegalMove):
                err.status = RoomConflict.status  # in a room, an illegal move is a conflict
            err.field = _as_sent(err.field)
            raise
        seat = next((s for s in self.seats if s["name"] == by), None)
        if reveal is not None and reveal is self.state.reveal and seat is not None \
                and not seat.get("bot") and by not in reveal["seen"]:
            reveal["seen"].append(by)  # a player who moves has left the reveal
        self._changed()

    # --- helpers --------------------------------------------------------------------------

    def push_event(self, event: dict):
        """Play ``event`` on the game (the library checks it) and log it; its result."""
        game = self.game_obj()
        result = game.push(game.read_action(event))
        self.state.events.append(event)
        self.state.game_state = game.to_dict()
        return result

    def _deal(self, game) -> None:
        """The server draws each player's tiles (or rolls their dice) for the round, from
        the game's committed seed (:meth:`_fair_deal`)."""
        self.state.hands = self._fair_deal(game) if self.deal == "server" else {}

    def _playing(self, *, kind: str) -> None:
        if self.phase == "reveal":
            raise IllegalMove(f"a call is being ruled: no {kind} until it is", field="type")

    def _host_only(self, by: str, what: str) -> None:
        if not any(s["name"] == by and s["host"] for s in (*self.seats, *self.spectators)):
            raise HostOnly(f"only the host may {what}")

    def _changed(self) -> None:
        self.state.version += 1

    # --- reading --------------------------------------------------------------------------

    code = property(lambda self: self.state.code)
    game = property(lambda self: self.state.game)
    deal = property(lambda self: self.state.deal)
    rules = property(lambda self: self.state.rules)
    phase = property(lambda self: self.state.phase)
    version = property(lambda self: self.state.version)
    game_no = property(lambda self: self.state.game_no)  # 1, then each rematch
    seats = property(lambda self: self.state.seats)
    session = property(lambda self: self.state.session)
    hands = property(lambda self: self.state.hands)

    @property
    def table(self) -> Table:
        """The room as its game's variant sees it (:mod:`.context`)."""
        return Table(self)

    @property
    def kind(self) -> RoomGame:
        """What this room does differently for its game (:mod:`.variants`)."""
        return ROOM_GAMES[self.game]

    @property
    def game_type(self):
        return self.kind.game_type

    @property
    def host(self) -> str | None:
        return next((s["name"] for s in (*self.seats, *self.spectators) if s["host"]), None)

    def game_obj(self):
        """The game as it stands (rebuilt from its state: no search is run again)."""
        return self.game_type.from_dict(self.state.game_state)

    def log(self) -> dict:
        """The replay so far: the replay routes play it to this room's game state (and
        ignore ``fairness``, the fair deal's records that ``liars verify`` checks)."""
        state = self.state.game_state
        players = state["players"] if state else [s["name"] for s in self.seats]
        rules = state["rules"] if state else self.rules
        return {"rules": dict(rules), "players": list(players),
                "events": [dict(e) for e in self.state.events],
                "fairness": self.fair_records()}

    def view(self, name: str, *, present=frozenset(), now: float | None = None) -> dict:
        """What ``name``'s phone shows: everything public, and only their own hand.
        ``present``: the players whose phones are connected now (kept by the server apart
        from the room, a heartbeat: :mod:`api.rooms.store`); computer players always are.
        ``now``: the server's time (epoch seconds), sent with the mover's deadline so that a
        phone draws a countdown that does not drift."""
        game = self.game_obj() if self.state.game_state else None
        return {**self._table_view(present, game), **self._rulings_seen_by(name),
                "you": self.you(name, game), "now": _ms(now)}

    def _rulings_seen_by(self, name: str | None) -> dict:
        """The last ruling and the history as ``name`` sees them: a caller's private odds
        are theirs alone while the game goes on (None: no seat's, as a spectator)."""
        return {"last_ruling": call_odds.seen_by(self.state.last_ruling, name),
                "history": call_odds.history_seen_by(self.state.history, name)}

    def you(self, name: str, game=None) -> dict:
        """The part of a view that is ``name``'s own: who they are, their hand (``game``:
        the game as it stands, for a player's)."""
        seated = self.plays(name)
        return {"name": name, "host": name == self.host, "seat": seated,
                "hand": self.hands.get(name) if seated else None,
                **(self.kind.private(self.table, game, name) if game is not None and seated else {})}

    def table_view(self, present=frozenset()) -> dict:
        """A view but its ``you`` and ``now``: what every phone at the table is shown alike
        (the server builds it once a version for all of a room's spectators)."""
        return self._table_view(present, self.game_obj() if self.state.game_state else None)

    def _table_view(self, present, game) -> dict:
        state = self.state.game_state
        held = self.kind.held(game) if game is not None else {}
        players = []
        for seat in self.seats:
            player = seat["name"]
            players.append({"name": player, self.kind.hand_key: held.get(player),
                            "out": game is not None and game.is_out(player),
                            "out_by": self.out_by(game, player),
                            "host": seat["host"], "bot": bool(seat.get("bot")),
                            "level": (seat["bot"].get("level", bots.DEFAULT_LEVEL)
                                      if seat.get("bot") else None),
                            "connected": bool(seat.get("bot")) or player in present,
                            "revealed": bool(self.state.pending) and
                            player in self.state.pending["revealed"]})
        declarations = self.kind.declarations(state, self.state.bids) if state else []
        claims = len(declarations)  # this round's; the view carries the last few
        outcome = self.outcome(game) if game is not None else None
        return {
            "code": self.code, "game": self.game, "deal": self.deal, "rules": dict(self.rules),
            "advisor": self.state.advisor,
            "version": self.version, "phase": self.phase, "players": players,
            "spectators": [s["name"] for s in self.spectators],
            "to_move": None if game is None or self.phase != "playing" else game.to_move,
            "round": self.kind.round_number(state) if state else None,
            "direction": self.kind.direction(state) if state else None,
            "declarations": declarations[-SHOWN_CLAIMS:], "claims": claims,
            "waiting_for": self._waiting_for(game),
            "call": self._call_view(),
            **self._rulings_seen_by(None),
            "reveal": self._reveal_view(present),
            "winner": outcome.winner if outcome else None,
            "called_off": self.state.called_off,
            "places": self.places(outcome) if outcome else None,
            "clock": self.state.clock, "open": bool(self.state.open),
            "deadline": _ms(self.state.timer.get("deadline")),
            "clock_starts": _ms(self._clock_starts()),
            "timed_out": list(self.state.timed_out),
            "removed": list(self.state.removed),
            "notice": self.state.notice,
            "game_no": self.state.game_no, "kitty": self.state.kitty,
            "session": self.session, "rated": self.rated(), "fairness": self.fairness(),
            "stuck": self.state.stuck,
            **(self.kind.public(self.table, game) if game is not None else {}),
        }

    @staticmethod
    def places(outcome) -> list[dict]:
        """Every seat, best first, with its place (players who share one, as the winners of
        Liar's Post do, have the same number)."""
        places, place = [], 1
        for tied in outcome.placings:
            places += [{"name": name, "place": place} for name in tied]
            place += len(tied)
        return places

    def to_dict(self) -> dict:
        """The room's state as a store keeps it (:meth:`.state.RoomState.to_dict`)."""
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, data: dict) -> "Room":
        """The room a stored state holds, of this version or an older one (:mod:`.state`:
        TypeError for a state no server of this code wrote)."""
        return cls(RoomState.from_dict(data))

    # --- the house leaderboard ----------------------------------------------------------

    def rated(self) -> bool:
        """Does this table's game count for the leaderboard?  Every seat a human with a
        profile, two at least, and places that come from play (:mod:`.ratings` says which
        games count, and why the others do not)."""
        from .ratings import unrated_because
        return unrated_because(self) is None

    def standings(self) -> list[tuple[str, int]]:
        """A finished rated game's ``(profile id, place)`` for every seat, best first."""
        # a seat taken off the table after the game still has its place and its profile
        profiles = {s["name"]: s.get("profile") for s in (*self.spectators, *self.seats)}
        return [(profiles[p["name"]], p["place"])
                for p in self.places(self.outcome(self.game_obj()))]

    def _one_seat_a_profile(self, profile: str) -> None:
        """A profile sits in one seat of a room at most (no one plays themselves)."""
        taken = next((s["name"] for s in self.seats if s.get("profile") == profile), None)
        if taken is not None:
            raise RoomConflict(f"your profile already sits at this table, as {shown(taken)}",
                               field="profile")
