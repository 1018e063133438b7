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

import hashlib
import hmac
import secrets

from solver.errors import (
    CannotRule,
    GameOver,
    HostOnly,
    IllegalMove,
    InvalidInput,
    LiarsError,
    NotSeated,
    RoomConflict,
    shown,
)
from solver.games.names import read_name, same_name
from solver.games.table import require

from .variants import ROOM_GAMES, RoomGame

GAMES = {name: kind.game_type for name, kind in ROOM_GAMES.items()}
DEALS = ("server", "table")
PHASES = ("lobby", "playing", "reveal", "over")
TOKEN_BYTES = 24  # 192 random bits a token
NO_TOKEN = "this room needs your player's token (Authorization: Bearer TOKEN)"
MAX_BOT_DELAY = 30.0  # seconds a computer player may be told to take over a move

# The moves a phone sends, by game, with the keys each may carry besides "type".
MOVES = {name: kind.moves for name, kind in ROOM_GAMES.items()}


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


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


def _as_sent(field: str | None) -> str | None:
    """An error's field as the move's body names it: the game reads the move as a replay
    event (``event.words``), the room its keys (``move.words``); the phone sent ``words``."""
    for prefix in ("event.", "move."):
        if field and field.startswith(prefix):
            return field[len(prefix):]
    return field


class Room:
    """One table: its seats, its game, its log.  Build one with :meth:`create`."""

    def __init__(self, data: dict):
        self.data = data

    # --- the lobby ------------------------------------------------------------------------

    @classmethod
    def create(cls, code: str, body: dict, *, rng=None,
               profile: str | None = None) -> tuple["Room", str]:
        """A new room from ``{"game", "deal", "name", "rules"}``: the room and the host's
        token (the creator is the host).  ``profile``: the id of the host's leaderboard
        profile, once the caller has checked its key (:mod:`.profiles`)."""
        body = _keys(body, {"game", "deal", "name", "rules", "advisor"}, "a new room")
        game = require(body, "game", field="room")
        if not isinstance(game, str) or game not in GAMES:
            raise InvalidInput(f"a room plays {' or '.join(GAMES)}, not {shown(game)}",
                               field="game")
        deal = body.get("deal", "server")
        if not isinstance(deal, str) or deal not in DEALS:
            raise InvalidInput(f"deal is 'server' (the server draws and rolls) or 'table' "
                               f"(each phone types its own), not {shown(deal)}", field="deal")
        rules = GAMES[game].Rules.from_dict(body.get("rules"))
        advisor = body.get("advisor", False)
        if not isinstance(advisor, bool):
            raise InvalidInput(f"advisor is true or false, not {shown(advisor)}",
                               field="advisor")
        room = cls({"code": code, "game": game, "deal": deal, "rules": rules.to_dict(),
                    "version": 1, "phase": "lobby", "seats": [], "state": None,
                    "events": [], "hands": {}, "pending": None, "last_ruling": None,
                    "bids": [], "advisor": advisor})
        token = room._seat(require(body, "name", field="room"), host=True, profile=profile)
        return room, token

    def _seat(self, name, *, host: bool = False, profile: str | None = None) -> str:
        name = read_name(name)
        taken = next((s["name"] for s in self.seats if same_name(s["name"], name)), None)
        if taken is not None:
            raise RoomConflict(f"{shown(taken)} is already at this table: choose another "
                               f"name", field="name")
        high = self.game_type.seats[1]
        if len(self.seats) >= high:
            raise RoomConflict(f"this table is full: {self.game_type.title} takes at most "
                               f"{high} players", field="name")
        if profile is not None:
            self._one_seat_a_profile(profile)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.seats.append({"name": name, "token": _digest(token), "host": host})
        if profile is not None:
            self.seats[-1]["profile"] = profile
        self._changed()
        return token

    def add_bot(self, by: str, name, *, delay=1.0) -> None:
        """The host seats a computer player; it moves ``delay`` seconds after its turn
        comes (a human pace).  Only where the server deals: it has no tiles to type."""
        self._host_only(by, "add a computer player")
        if self.phase != "lobby":
            raise RoomConflict("the game has started: no one joins now", field="name")
        if self.deal != "server":
            raise RoomConflict("a computer player needs the server to deal: it has no tiles "
                               "or dice to type in", field="deal")
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) \
                or not 0 <= delay <= MAX_BOT_DELAY:
            raise InvalidInput(f"a computer player's delay is 0 to {MAX_BOT_DELAY:g} seconds, "
                               f"not {shown(delay)}", field="delay")
        token = self._seat(name)
        # The server keeps a computer player's own token, to move for it as a phone would
        # (never shown: views and the log carry names only).
        self.seats[-1]["bot"] = {"delay": float(delay), "token": token}

    def bot_to_move(self) -> str | None:
        """The computer player whose move it is now, if any."""
        if self.phase != "playing":
            return None
        to_move = self.game_obj().to_move
        seat = next((s for s in self.seats if s["name"] == to_move), None)
        return to_move if seat is not None and seat.get("bot") else None

    def bot(self, name: str) -> dict:
        """A computer player's settings: its ``delay`` and its ``token``."""
        return next(s["bot"] for s in self.seats if s["name"] == name)

    def set_advisor(self, by: str, allowed) -> None:
        """The host allows the advisor for the table, or forbids it."""
        self._host_only(by, "allow or forbid the advisor")
        if not isinstance(allowed, bool):
            raise InvalidInput(f"allowed is true or false, not {shown(allowed)}",
                               field="allowed")
        self.data["advisor"] = allowed
        self._changed()

    def advice(self, name: str) -> dict:
        """The advisor's odds for ``name`` (their own view only), if the host allows it."""
        if not self.data.get("advisor"):
            raise HostOnly("the host has not allowed the advisor at this table")
        if self.deal != "server":
            raise RoomConflict("the advisor needs the hands the server deals: at this table "
                               "each phone types its own", field="deal")
        if self.phase != "playing" or name not in self.game_obj().active:
            raise RoomConflict("there is no claim to advise on now", field="type")
        return self.kind.advice(self.game_obj(), self.view(name))

    def decide(self, name: str, rng) -> dict:
        """A computer player's move, from its own view only (:mod:`.bots`)."""
        return self.kind.decide(self.game_obj(), self.view(name), rng)

    def join(self, name, *, profile: str | None = None) -> str:
        """A new player's seat; their token.  No one joins once the game has started.
        ``profile``: the id of their leaderboard profile, its key checked by the caller."""
        if self.phase != "lobby":
            raise RoomConflict("the game has started: no one joins now", field="name")
        return self._seat(name, profile=profile)

    def seat(self, token) -> str:
        """The name of the seat ``token`` is for; NotSeated for any other token."""
        if isinstance(token, str) and token:
            digest = _digest(token)
            for seat in self.seats:
                if hmac.compare_digest(seat["token"], digest):
                    return seat["name"]
        raise NotSeated(NO_TOKEN)

    def start(self, by: str, *, rng=None) -> None:
        """The host starts the game: seats are fixed, the server deals (or the table)."""
        self._host_only(by, "start the game")
        if self.phase != "lobby":
            raise RoomConflict("the game has already started", field="type")
        low, high = self.game_type.seats
        if len(self.seats) < low:  # the room's state, not the request: wait for players
            raise RoomConflict(f"{self.game_type.title} takes {low} to {high} players, not "
                               f"{len(self.seats)}", field="players")
        game = self.game_type([s["name"] for s in self.seats],
                              self.game_type.Rules.from_dict(self.rules))
        self.data["state"] = game.to_dict()
        self.data["phase"] = "playing"
        self._deal(game, rng)
        self._changed()

    # --- moves ----------------------------------------------------------------------------

    def move(self, by: str, body: dict, *, rng=None) -> None:
        """A phone's move: a replay event without "player" (the token says who).

        An illegal move changes nothing and is a RoomConflict-status error (409)."""
        moves = self.kind.moves
        kind = _keys(body, {"type"} | set().union(*moves.values()), "a move").get("type")
        if not isinstance(kind, str) or kind not in moves:
            raise InvalidInput(f"a {self.game_type.title} move is "
                               f"{', '.join(map(repr, moves))}, not {shown(kind)}",
                               field="type")
        _keys(body, {"type"} | moves[kind], f"a {kind} move")
        if self.phase == "lobby":
            raise RoomConflict("the game has not started yet: the host starts it", field="type")
        try:
            if self.phase == "over":
                raise GameOver(f"the game is over: {self.view(by)['winner']} won")
            if kind == self.kind.claim:
                self._claim(by, body)
            elif kind == self.kind.call:
                self._called(by, self.kind.call_event(by, body), rng)
            else:
                getattr(self, f"_{kind}")(by, body, rng)
        except LiarsError as err:
            if isinstance(err, IllegalMove):
                err.status = RoomConflict.status  # in a room, an illegal move is a conflict
            err.field = _as_sent(err.field)
            raise
        self._changed()

    def _claim(self, by, body):
        """A declaration or a bid: the game checks and applies it."""
        self._playing(kind=self.kind.claim)
        self._push(self.kind.claim_event(by, body))
        self.kind.after_claim(self.game_obj(), self.data["bids"], by)

    def _called(self, by, event, rng):
        """A call: checked as the game would (turn, something to call on), then ruled at
        once on the dealt hands, or once every phone has revealed its own."""
        self._playing(kind=event["type"])
        game = self.game_obj()
        game.check_seat(by)
        if by != game.to_move:
            raise IllegalMove(game.turn_problem(by), field="player")
        if not game.can_call():
            raise IllegalMove(f"{by} cannot call: nothing has been {self.kind.claimed} "
                              f"this round", field="type")
        self.kind.check_call(event)
        self.data["pending"] = {"event": event, "revealed": {}}
        if self.deal == "server":
            self.data["pending"]["revealed"] = {p: self.hands[p] for p in game.active}
            self._rule()
        else:
            self.data["phase"] = "reveal"

    def _reveal(self, by, body, rng):
        pending = self.data["pending"]
        if self.phase != "reveal" or pending is None or self.deal != "table" \
                or pending.get("undecided"):
            raise IllegalMove("there is nothing to reveal now: tiles or dice are revealed "
                              "after a call", field="type")
        game = self.game_obj()
        if by not in game.active:
            raise IllegalMove(f"{by} is out of the game: nothing to reveal", field="player")
        hand = self.kind.read_hand(body, self.rules)
        held = self.kind.held(game)[by]
        if len(hand) != held:
            raise IllegalMove(f"{by} holds {held} {self.kind.hand_key}, not {len(hand)}",
                              field=self.kind.hand_key)
        pending["revealed"][by] = hand
        if all(p in pending["revealed"] for p in game.active):
            self._rule()

    def _ruling(self, by, body, rng):
        """The host records the table's ruling on a call the referee cannot decide."""
        self._host_only(by, "record the table's ruling")
        pending = self.data["pending"]
        if pending is None or not pending.get("undecided"):
            raise IllegalMove("no call is waiting for the table's ruling", field="type")
        pending["event"]["ruling"] = require(body, "ruling", field="move")
        self._rule(rng)

    def _remove(self, by, body, rng):
        """The host removes a player who left: they are out, and the round starts again
        (a call waiting for reveals or a ruling is dropped; the server deals anew)."""
        self._host_only(by, "remove a player")
        name = require(body, "player", field="move")
        if name not in [s["name"] for s in self.seats]:
            raise InvalidInput(f"{shown(name)} is not at this table", field="player")
        self._push({"type": "leave", "player": name})
        self.data["pending"] = None
        self.data["bids"] = []
        game = self.game_obj()
        self.data["phase"] = "over" if game.is_over() else "playing"
        self._deal(game, rng)

    def _rule(self, rng=None):
        """Push the pending call with every hand revealed; deal the next round."""
        pending = self.data["pending"]
        game = self.game_obj()
        revealed = {p: pending["revealed"][p] for p in game.active}
        event = self.kind.with_hands(pending["event"], revealed)
        try:
            result = game.push(game.read_action(event))
        except CannotRule as err:
            pending["undecided"] = err.ruling.as_dict()
            self.data["phase"] = "reveal"
            self.data["last_ruling"] = self._ruling_view(event, revealed, None, err.message, {})
            return
        ruling, reason, changes, more = self.kind.ruling(game, event, result)
        view = {**self._ruling_view(event, revealed, ruling, reason, changes), **more}
        self.data["events"].append(event)
        self.data["state"] = game.to_dict()
        self.data["pending"] = None
        self.data["bids"] = []
        self.data["last_ruling"] = view
        if game.is_over():
            self.data["phase"] = "over"
            self.data["hands"] = {}
        else:
            self.data["phase"] = "playing"
            self._deal(game, rng)

    def _ruling_view(self, event, revealed, ruling, reason, changes) -> dict:
        return {"call": event.get("call", "liar"), "by": event["player"],
                "revealed": dict(revealed), "ruling": ruling, "reason": reason,
                "changes": changes}

    # --- helpers --------------------------------------------------------------------------

    def _push(self, event: dict) -> None:
        game = self.game_obj()
        game.push(game.read_action(event))
        self.data["events"].append(event)
        self.data["state"] = game.to_dict()

    def _deal(self, game, rng) -> None:
        """The server draws each player's tiles (or rolls their dice) for the round."""
        if self.deal != "server":
            self.data["hands"] = {}
            return
        held = self.kind.held(game)
        self.data["hands"] = self.kind.deal(self.rules, {p: held[p] for p in game.active},
                                            rng or secrets.SystemRandom())

    def _playing(self, *, kind: str) -> None:
        if self.phase == "reveal":
            raise IllegalMove(f"a call is being ruled: no {kind} until it is", field="type")

    def _host_only(self, by: str, what: str) -> None:
        if not any(s["name"] == by and s["host"] for s in self.seats):
            raise HostOnly(f"only the host may {what}")

    def _changed(self) -> None:
        self.data["version"] += 1

    # --- reading --------------------------------------------------------------------------

    code = property(lambda self: self.data["code"])
    game = property(lambda self: self.data["game"])
    deal = property(lambda self: self.data["deal"])
    rules = property(lambda self: self.data["rules"])
    phase = property(lambda self: self.data["phase"])
    version = property(lambda self: self.data["version"])
    seats = property(lambda self: self.data["seats"])
    hands = property(lambda self: self.data["hands"])

    @property
    def kind(self) -> RoomGame:
        """What this room does differently for its game (:mod:`.variants`)."""
        return ROOM_GAMES[self.game]

    @property
    def game_type(self):
        return self.kind.game_type

    @property
    def host(self) -> str:
        return next(s["name"] for s in self.seats if s["host"])

    def game_obj(self):
        """The game as it stands (rebuilt from its state: no search is run again)."""
        return self.game_type.from_dict(self.data["state"])

    def log(self) -> dict:
        """The replay so far: the replay routes play it to this room's game state."""
        return {"rules": dict(self.rules), "players": [s["name"] for s in self.seats],
                "events": [dict(e) for e in self.data["events"]]}

    def view(self, name: str, *, present=frozenset()) -> dict:
        """What ``name``'s phone shows: everything public, and only their own hand.
        ``present``: the players whose phones are connected now (kept by the server apart
        from the room, a heartbeat: :mod:`api.rooms.store`); computer players always are."""
        state = self.data["state"]
        game = self.game_obj() if state else None
        held = self.kind.held(game) if game is not None else {}
        players = []
        for seat in self.seats:
            player = seat["name"]
            players.append({"name": player, self.kind.hand_key: held.get(player),
                            "out": game is not None and player in game.out,
                            "host": seat["host"], "bot": bool(seat.get("bot")),
                            "connected": bool(seat.get("bot")) or player in present,
                            "revealed": bool(self.data["pending"]) and
                            player in self.data["pending"]["revealed"]})
        declarations = self.kind.declarations(state, self.data["bids"]) if state else []
        over = game is not None and game.is_over()
        outcome = game.outcome() if over else None
        return {
            "code": self.code, "game": self.game, "deal": self.deal, "rules": dict(self.rules),
            "advisor": bool(self.data.get("advisor")),
            "version": self.version, "phase": self.phase, "players": players,
            "you": {"name": name, "host": name == self.host,
                    "hand": self.hands.get(name)},
            "to_move": None if game is None or self.phase != "playing" else game.to_move,
            "round": self.kind.round_number(state) if state else None,
            "direction": self.kind.direction(state) if state else None,
            "declarations": declarations,
            "waiting_for": self._waiting_for(game),
            "call": self._call_view(),
            "last_ruling": self.data["last_ruling"],
            "winner": outcome.winner if outcome else None,
            "places": self.places(outcome) if outcome else None,
            "rated": self.rated(),
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

    def _call_view(self) -> dict | None:
        """The call being ruled (who called, and what), while the room waits on it."""
        pending = self.data["pending"]
        if pending is None:
            return None
        event = pending["event"]
        return {"by": event["player"], "call": event.get("call", "liar")}

    def _waiting_for(self, game) -> list[str]:
        """Who the room waits for in a reveal: the phones still to reveal, or the host."""
        pending = self.data["pending"]
        if pending is None:
            return []
        if pending.get("undecided"):
            return [self.host]
        return [p for p in game.active if p not in pending["revealed"]]

    def to_dict(self) -> dict:
        return self.data

    @classmethod
    def from_dict(cls, data: dict) -> "Room":
        return cls(data)

    # --- the house leaderboard ----------------------------------------------------------

    def rated(self) -> bool:
        """Does this table's game count for the leaderboard?  Only when every seat is a
        human with a profile, and there are two of them at least: a computer player has
        no rating to put at stake."""
        return len(self.seats) >= 2 and all(s.get("profile") and not s.get("bot")
                                            for s in self.seats)

    def standings(self) -> list[tuple[str, int]]:
        """A finished rated game's ``(profile id, place)`` for every seat, best first."""
        profiles = {s["name"]: s["profile"] for s in self.seats}
        return [(profiles[p["name"]], p["place"])
                for p in self.places(self.game_obj().outcome())]

    def _one_seat_a_profile(self, profile: str) -> None:
        """A profile sits in one seat of a room at most (no one plays themselves)."""
        taken = next((s["name"] for s in self.seats if s.get("profile") == profile), None)
        if taken is not None:
            raise RoomConflict(f"your profile already sits at this table, as {shown(taken)}",
                               field="profile")
