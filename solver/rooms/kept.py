"""A game to keep: each finished game's record, kept in its room for its replay.

While a game is played the room notes every round a ruling closes, whole (the view's
``history`` shows only the last few): its claims, and the ruling with everything it
revealed and its odds (:mod:`.call_odds`), every figure, the caller's private ones too.
When the game is over that record, the game's log (the replay JSON: ``{rules, players,
events}``) and its places are kept in the room; a rematch starts a new record and the
room keeps the last KEPT_GAMES games (fewer when their logs together pass KEPT_EVENTS
events), so that anyone with the table's code can replay them: nothing of a game is
readable before it is over, and a finished game hides nothing but the hands no call
turned over (which no record holds).

>>> import random
>>> from solver.rooms.room import Room
>>> room, _ = Room.create("ROOM", {"game": "dice", "name": "ann", "rules": {"dice_each": 1}})
>>> _ = room.join("ben")
>>> room.start("ann", rng=random.Random(4))
>>> replay(room, "1")
Traceback (most recent call last):
...
solver.errors.NoReplay: game 1 at this table is still being played: its replay opens once it is over
>>> room.hands.update(ann=[2], ben=[3])  # the dice as the deal might have rolled them
>>> room.move("ann", {"type": "bid", "quantity": 1, "face": 5})
>>> room.move("ben", {"type": "liar"})
>>> record = replay(room, 1)
>>> record["n"], record["winner"], len(record["rounds"]), record["rounds"][0]["ruling"]["ruling"]
(1, 'ben', 1, 'fails')
"""

from __future__ import annotations

import copy

from solver.errors import InvalidInput, NoReplay, shown
from solver.games.table import MAX_EVENTS

from . import archive

KEPT_GAMES = 10  # finished games a room keeps, the last ones
KEPT_EVENTS = MAX_EVENTS  # their logs' events together, at most (the oldest game goes first)
KEPT_ROUNDS = 500  # rounds one game's record keeps, the last ones (its log keeps every move)


def note_round(state, number, claims: list, ruling: dict) -> None:
    """A round closed by ``ruling``, noted whole for the game's record (in the room's
    :class:`~.state.RoomState`)."""
    rounds = state.record
    rounds.append({"round": number, "claims": [dict(c) for c in claims],
                   "ruling": copy.deepcopy(ruling)})
    if len(rounds) > KEPT_ROUNDS:
        del rounds[0]
        state.record_dropped += 1


def new_record(state) -> None:
    """A new game: nothing noted yet."""
    state.record, state.record_dropped = [], 0


def keep_game(room) -> None:
    """The game is over: its record kept in the room, the last KEPT_GAMES."""
    state = room.state
    game = room.game_obj()
    outcome = room.outcome(game)
    record = {"code": room.code, "game": room.game, "n": state.game_no,
              "deal": room.deal, "players": list(game.players),
              "places": room.places(outcome), "winner": outcome.winner,
              "called_off": state.called_off,
              "rounds": state.record, "rounds_dropped": state.record_dropped,
              "log": room.log()}
    games = [g for g in kept_games(state) if g["n"] != record["n"]]
    games.append(record)
    del games[:-KEPT_GAMES]
    while len(games) > 1 and sum(len(g["log"]["events"]) for g in games) > KEPT_EVENTS:
        games.pop(0)
    state.games = archive.text(games)
    new_record(state)


def read_number(n) -> int:
    """A game's number, from a path (its digits) or JSON: 1 or more."""
    text = str(n).strip() if isinstance(n, (str, int)) and not isinstance(n, bool) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) < 1:
        raise InvalidInput(f"a game's number is a whole number from 1, not {shown(n)}",
                           field="n")
    return int(text)


def replay(room, n) -> dict:
    """Game ``n``'s record, once it is over and while the room keeps it (NoReplay else)."""
    n = read_number(n)
    found = next((g for g in kept_games(room.state) if g["n"] == n), None)
    if found is not None:
        return found
    playing = room.state.game_no
    if n == playing and room.phase != "over":
        raise NoReplay(f"game {n} at this table is still being played: its replay opens "
                       f"once it is over", field="n")
    if n >= playing:
        raise NoReplay(f"this table has played {playing - (room.phase != 'over')} game(s): "
                       f"there is no game {n} to replay", field="n")
    raise NoReplay(f"game {n} is no longer kept: a table keeps its last {KEPT_GAMES} games",
                   field="n")


def kept_log(room) -> dict:
    """The room's log: every finished game it keeps, oldest first."""
    return {"code": room.code, "game": room.game,
            "games": kept_games(room.state)}


def kept_games(state) -> list[dict]:
    """The finished games a room's :class:`~.state.RoomState` keeps, oldest first (kept as
    text: :mod:`.archive`)."""
    return archive.read(state.games)
