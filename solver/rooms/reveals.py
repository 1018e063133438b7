"""The reveal of each ruling, held over the table: its number and time, the phones that
have dismissed it, when the computer players may move on, and the rounds it closed (the
game's history).  A mixin of :class:`~solver.rooms.room.Room`, which keeps its data."""

from __future__ import annotations

from solver.errors import InvalidInput, shown

from . import kept
from .clock import REVEAL_WAIT_MAX

SHOWN_CLAIMS = 20  # a view shows the round's last claims, and how many there were
HISTORY_ROUNDS = 20  # a view shows the game's last finished rounds


class Reveals:
    """What a room knows of its rulings' reveals (``self.state.reveal``, ``.history``)."""

    @property
    def hold(self) -> float:
        """Seconds each ruling's reveal stays before computer players move on."""
        return float(self.state.hold)

    def bot_moment(self, present=frozenset()) -> float | None:
        """When the computer player to move moves: its delay after its turn came, and never
        before the last ruling's reveal lets the table go on (:meth:`released`)."""
        bot_at = self.state.timer.get("bot_at")
        if bot_at is None:
            return None
        released = self.released(present)
        return bot_at if released is None else max(bot_at, released)

    def released(self, present=frozenset()) -> float | None:
        """When computer players may move after the last ruling (None: no ruling yet): its
        hold after it was made, once every connected human seat has seen it, and at most
        REVEAL_WAIT_MAX seconds after it (a phone that walked away stalls no one)."""
        reveal = self.state.reveal
        if reveal is None or reveal.get("at") is None:
            return None
        wait = max(self.hold, REVEAL_WAIT_MAX) if self.reveal_waiting(present) else self.hold
        return reveal["at"] + wait

    def reveal_waiting(self, present=frozenset()) -> list[str]:
        """The connected human seats that have not yet dismissed the last ruling's reveal
        (a player taken off this game holds no one up)."""
        reveal = self.state.reveal
        if reveal is None:
            return []
        gone = set(self.state.removed)
        return [s["name"] for s in self.seats if not s.get("bot") and s["name"] in present
                and s["name"] not in reveal["seen"] and s["name"] not in gone]

    def _reveal_view(self, present) -> dict | None:
        reveal = self.state.reveal
        if reveal is None:
            return None
        return {"n": reveal["n"], "at": reveal["at"], "hold": self.hold,
                "seen": list(reveal["seen"]), "waiting": self.reveal_waiting(present)}

    def _seen(self, by: str, body: dict) -> bool:
        """``by``'s phone dismissed the reveal of ruling ``n``: True if that changed
        anything (a stale ``n``, a second time, a spectator's or a computer player's: no)."""
        if "n" not in body:
            raise InvalidInput("a seen move names the ruling seen: n, its number", field="n")
        n = body["n"]
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidInput(f"n is the number of the ruling seen (a whole number), not "
                               f"{shown(n)}", field="n")
        reveal = self.state.reveal
        seat = next((s for s in self.seats if s["name"] == by), None)
        if reveal is None or n != reveal["n"] or seat is None or seat.get("bot") \
                or by in reveal["seen"]:
            return False
        reveal["seen"].append(by)
        return True

    def _ruled(self, ruling: dict, played: tuple | None = None) -> None:
        """A ruling for the table (a call ruled, cards put down): shown until the next one,
        its reveal numbered and timed (``at``: by :meth:`timers`, with the server's time).
        ``played``: the round's number and claims, when the ruling ends a round, for the
        game's history of rounds."""
        self.state.last_ruling = ruling
        before = self.state.reveal
        self.state.reveal = {"n": (before["n"] if before else 0) + 1, "at": None, "seen": []}
        if played is not None:
            number, claims = played
            history = self.state.history
            history.append({"round": number, "claims": claims[-SHOWN_CLAIMS:],
                            "ruling": dict(ruling)})
            del history[:-HISTORY_ROUNDS]
            kept.note_round(self.state, number, claims, ruling)  # the whole game's, kept

    def _round_so_far(self) -> tuple:
        """This round's number and its claims, as a view shows them."""
        state = self.state.game_state
        return (self.kind.round_number(state),
                self.kind.declarations(state, self.state.bids))
