"""Spectators: people who watch a table from the side (a table display's host is one), and
how names are shared between them and the players.  A mixin of
:class:`~solver.rooms.room.Room`, which keeps its data.

* A table takes :data:`MAX_SPECTATORS`; one address holds at most
  :data:`SPECTATORS_PER_ADDRESS` of those places (the caller passes who asks as an opaque
  ``source``, a digest of the address: the room never sees the address).
* Names: a player's name is unique among the players, a spectator's among the players and
  the spectators.  A spectator's name is never in a player's way: a player who joins under
  the name of a spectator who never played at this table takes it, and that spectator is
  renamed ("Alice (watching)"; their token is theirs still); a spectator who played here
  keeps their name (the table's score carries it).
* The host sends a spectator away (the ``dismiss`` move, in any phase): their token opens
  nothing any more.  The host of a table display is not sent away.
"""

from __future__ import annotations

from solver.errors import InvalidInput, RoomConflict, shown
from solver.games.names import MAX_NAME, read_name, same_name
from solver.games.table import require

from .tokens import new_token

MAX_SPECTATORS = 500  # spectators a table takes (a table display is one)
SPECTATORS_PER_ADDRESS = 20  # of those places, the most one address holds
ASIDE = " (watching)"  # what a spectator's name gains when a player takes it


class Spectators:
    """Watching a table, the names at it, sending a spectator away."""

    @property
    def spectators(self) -> list[dict]:
        return self.state.spectators

    def watch(self, name, *, profile: str | None = None, source: str | None = None) -> str:
        """A spectator's token, in any phase: they see what the whole table sees.
        ``source``: who asks (a digest of their address), so that no one address takes
        more than its share of the places."""
        return self._watcher(name, profile=profile, source=source)

    def _watcher(self, name, *, host: bool = False, profile: str | None = None,
                 source: str | None = None) -> str:
        """A spectator (or the host of a table display): sees the public state only.
        ``profile``: their leaderboard profile's id (kept; a spectator is never rated)."""
        name = self._free_name(name, spectator=True)
        if len(self.spectators) >= MAX_SPECTATORS:
            raise RoomConflict(f"this table has {MAX_SPECTATORS} spectators already, the "
                               f"most it takes", field="name")
        if source is not None:
            held = sum(1 for s in self.spectators if s.get("from") == source)
            if held >= SPECTATORS_PER_ADDRESS:
                raise RoomConflict(f"this address already watches this table under {held} "
                                   f"names, the most one address may", field="name")
        token, digest = new_token()
        self.spectators.append({"name": name, "token": digest, "host": host})
        if profile is not None:
            self.spectators[-1]["profile"] = profile
        if source is not None:
            self.spectators[-1]["from"] = source
        self._changed()
        return token

    def _free_name(self, name, *, spectator: bool = False) -> str:
        """``name`` read, if no one at the table keeps it: a player's name is no
        spectator's, and a spectator who never played here gives theirs up to a player."""
        name = read_name(name)
        taken = next((p for p in self.seats if same_name(p["name"], name)), None)
        watcher = next((s for s in self.spectators if same_name(s["name"], name)), None)
        if watcher is not None and not spectator and not self._played_here(watcher["name"]):
            watcher["name"] = self._aside(watcher["name"], name)
            watcher = None
        taken = taken or watcher
        if taken is not None:
            raise RoomConflict(f"{shown(taken['name'])} is already at this table: choose "
                               f"another name", field="name")
        return name

    def _played_here(self, name: str) -> bool:
        return any(p["name"] == name for p in self.session["players"])

    def _aside(self, name: str, wanted: str) -> str:
        """A spectator's new name, once a player takes theirs: "NAME (watching)", numbered
        if that is taken too, cut to fit."""
        for number in range(1, MAX_SPECTATORS + 2):
            tail = ASIDE if number == 1 else f" (watching {number})"
            candidate = name[:MAX_NAME - len(tail)].rstrip() + tail
            if not same_name(candidate, wanted) and not any(
                    same_name(p["name"], candidate) for p in (*self.seats, *self.spectators)):
                return candidate
        raise RoomConflict(f"{shown(wanted)} is taken at this table: choose another name",
                           field="name")  # (never: there are fewer spectators than tries)

    def _dismiss(self, by: str, body: dict) -> None:
        """The host sends a spectator away, in any phase."""
        self._host_only(by, "send a spectator away")
        name = require(body, "spectator", field="move")
        found = next((s for s in self.spectators if s["name"] == name), None)
        if found is None:
            raise InvalidInput(f"{shown(name)} does not watch this table", field="spectator")
        if found["host"]:
            raise RoomConflict(f"{name} hosts this table: the host is not sent away",
                               field="spectator")
        self.spectators.remove(found)
