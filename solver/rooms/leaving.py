"""Players leaving a table: the host removes one who walked away, in a game (they are out,
the round starts again) or between games (no seat in the rematch; a person watches on),
and the host's powers pass on when the host is the one leaving.  A mixin of
:class:`~solver.rooms.room.Room`, which keeps its data."""

from __future__ import annotations

from solver.errors import InvalidInput, RoomConflict, shown
from solver.games.table import require


class Leaving:
    """The host's ``remove`` move, and who hosts after the host leaves."""

    def _remove(self, by, body, rng):
        """The host removes a player who left: they are out, and the round starts again
        (a call waiting for reveals or a ruling is dropped; the server deals anew).  A host
        who removes themselves hands the host's powers on (:meth:`_pass_host`)."""
        self._host_only(by, "remove a player")
        name = require(body, "player", field="move")
        if name not in [s["name"] for s in self.seats]:
            raise InvalidInput(f"{shown(name)} is not at this table", field="player")
        self._leave(name)
        if name == by:
            self._pass_host(name)
        self.data["pending"] = None
        self.data["bids"] = []
        self._result(rng=rng)

    def _remove_between_games(self, by, body) -> None:
        """Between games the host takes a player who walked away off the table: no seat in
        the rematch (nor its ante); a person's phone watches on as a spectator, and the
        table's score keeps their games.  Two players stay, at least."""
        self._host_only(by, "remove a player")
        name = require(body, "player", field="move")
        seat = next((s for s in self.seats if s["name"] == name), None)
        if seat is None:
            raise InvalidInput(f"{shown(name)} is not at this table", field="player")
        low = self.game_type.seats[0]
        if len(self.seats) - 1 < low:
            raise RoomConflict(f"{self.game_type.title} needs {low} players: {shown(name)} "
                               f"stays for the next game", field="player")
        self.seats.remove(seat)
        if not seat.get("bot"):  # their phone follows the table from the side
            self.spectators.append({key: seat[key] for key in ("name", "token", "host",
                                                                "profile") if key in seat})
        if seat["host"]:
            self._pass_host_between_games()

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
        removed = {e["player"] for e in self.data["events"] if e["type"] == "leave"}
        at = next(i for i, s in enumerate(self.seats) if s["name"] == leaving)
        humans = [s for s in self.seats[at + 1:] + self.seats[:at] if not s.get("bot")]
        heir = next((s for s in humans if s["name"] in game.active), None) \
            or next((s for s in humans if s["name"] not in removed), None)
        if heir is not None:
            for seat in self.seats:
                seat["host"] = seat is heir
