"""Players leaving a table, written once for every game: out of this game (their clock ran
out, the host took them off, or they left), or off the table between games (no seat in the
next game; a person watches on), and the host's powers passing on when the host is the one
leaving.  What going out means to a game's own state is the game's (its ``leave`` rule in
:mod:`solver.games`, its room variant's :meth:`~solver.rooms.variants.RoomGame.left`).
A mixin of :class:`~solver.rooms.room.Room`, which keeps its data.

The two acts are distinct moves (docs/rules.md, "Taking a player off"): ``remove`` takes a
seat out of the game being played, ``unseat`` takes it off the table once no game is on.
A repeated request changes nothing and says so.
"""

from __future__ import annotations

from solver.errors import InvalidInput, RoomConflict, shown
from solver.games.table import require

# Why a seat is out of the game, as a view's ``players[i].out_by`` says it.
OUT_BY = ("clock", "removed", "left", "play")
NOTICE_TEXT = {
    "timeout": "{player}'s time ran out: {player} is out of this game",
    "removed": "{by} took {player} off: {player} is out of this game",
    "left": "{player} left: {player} is out of this game",
    "unseated": "{by} took {player}'s seat away: {player} plays no more at this table",
}


class Leaving:
    """The ``remove`` and ``unseat`` moves, a timeout's going out, and who hosts after."""

    def _seat_named(self, body) -> dict:
        name = require(body, "player", field="move")
        seat = next((s for s in self.seats if s["name"] == name), None)
        if seat is None:
            raise InvalidInput(f"{shown(name)} is not at this table", field="player")
        return seat

    def _remove(self, by, body, rng):
        """A seat goes out of this game, whoever's turn it is: the host takes off a player
        who walked away, or a player takes themselves off.  The clock's rule applied at once
        (docs/rules.md); a host who leaves hands the host's powers on (:meth:`_pass_host`)."""
        name = self._seat_named(body)["name"]
        if name != by:
            self._host_only(by, "take another player off")
        if self.game_obj().is_out(name):
            raise RoomConflict(f"{name} is already out of this game: nothing changes",
                               field="player")
        self._go_out(name, "left" if name == by else "removed", by=by, rng=rng)
        if name == by and self.host == by:
            self._pass_host(name)

    def _go_out(self, name: str, why: str, *, by: str | None = None, rng=None,
                at: float | None = None) -> None:
        """``name`` goes out of this game (``why``: "clock", "removed" or "left"; ``at``: when
        the server applied a clock, epoch seconds): the game's own event and rule, what
        leaves the room with them, then the round goes on, is dealt again, or the game is
        over."""
        event = (self.kind.timeout_event(name) if why == "clock"
                 else {"type": "leave", "player": name})
        self.push_event(event)
        self.kind.left(self.table, name)
        if why == "clock":
            self.state.timed_out = [*self.state.timed_out, name]
        else:
            self.state.removed = [*self.state.removed, name]
        if why == "left":
            self.state.left = [*self.state.left, name]
        self._notice("timeout" if why == "clock" else why, name, by, at=at)
        self._result(rng=rng)

    def out_by(self, game, name: str) -> str | None:
        """Why ``name`` is out of this game (:data:`OUT_BY`), or None while they play."""
        if game is None or not game.is_out(name):
            return None
        if name in self.state.timed_out:
            return "clock"
        if name in self.state.left:
            return "left"
        return "removed" if name in self.state.removed else "play"

    def _notice(self, kind: str, player: str, by: str | None, *,
                at: float | None = None) -> None:
        """Say a table event that is no ruling to everyone (a view's ``notice``)."""
        before = self.state.notice
        self.state.notice = {"n": (before["n"] if before else 0) + 1, "kind": kind,
                             "player": player, "by": by, "at": at,
                             "text": NOTICE_TEXT[kind].format(player=player, by=by)}

    def _unseat(self, by, body) -> None:
        """In the lobby or between games the host takes a player off the table: no seat in
        the next game (nor its ante); a person's phone watches on as a spectator, and the
        table's score keeps their games.  Never below the game's fewest players once a game
        has been played."""
        self._host_only(by, "take a seat away")
        seat = self._seat_named(body)
        name = seat["name"]
        if self.phase not in ("lobby", "over"):
            raise RoomConflict(f"{name} is in the game being played: take them out of it "
                               f"first (remove), then their seat once it is over",
                               field="type")
        low = self.game_type.seats[0]
        if self.phase == "over" and len(self.seats) - 1 < low:
            raise RoomConflict(f"{self.game_type.title} needs {low} players: {shown(name)} "
                               f"stays for the next game", field="player")
        self.seats.remove(seat)
        if not seat.get("bot"):  # their phone follows the table from the side
            self.spectators.append({key: seat[key] for key in ("name", "token", "host",
                                                                "profile") if key in seat})
        if seat["host"]:
            self._pass_host_between_games()
        self._notice("unseated", name, by)

    def _pass_host_between_games(self) -> None:
        """The host left the table between games: the first person seated takes it on (with
        none, the host's powers stay with the one who left, who still watches)."""
        heir = next((s for s in self.seats if not s.get("bot")), None)
        if heir is not None:
            for record in (*self.seats, *self.spectators):
                record["host"] = record is heir

    def _pass_host(self, leaving: str) -> None:
        """The host who left hands on the host's powers (start, remove, rule an undecided
        call, the advisor) to the next human seat after theirs, around the table, that is
        still in the game; failing that, to the next human still at the table (out by
        play, not removed: their phone can still rule).  With no other human, no one can
        take them (a computer player cannot rule a call), so they stay with the one who
        left, and the computer players play on."""
        game = self.game_obj()
        removed = set(self.state.removed)
        at = next(i for i, s in enumerate(self.seats) if s["name"] == leaving)
        humans = [s for s in self.seats[at + 1:] + self.seats[:at] if not s.get("bot")]
        heir = next((s for s in humans if s["name"] in game.active), None) \
            or next((s for s in humans if s["name"] not in removed), None)
        if heir is not None:
            for seat in self.seats:
                seat["host"] = seat is heir
