"""The table's clock: how long the player to move has, and when the server acts next.

A room with a clock gives the player to move ``clock`` seconds from the moment the
turn came to them; a player out of time is out of the game (docs/rules.md, "Tables
the server runs").  A computer player moves its ``delay`` after its turn came.  Both
moments are kept in the room's data (epoch seconds), set once per turn: a change that
is not a turn (the host's settings, a phone connecting) gives no one more time.

>>> timer = {}
>>> set_turn(timer, ("g1", 4, "ann"), clock=10, bot_delay=None, now=100.0)
True
>>> timer["deadline"], timer["bot_at"]
(110.0, None)
>>> set_turn(timer, ("g1", 4, "ann"), clock=10, bot_delay=None, now=105.0)  # the same turn
False
>>> read_clock(30), read_clock(None)
(30, None)
"""

from __future__ import annotations

from solver.errors import InvalidInput, shown

MIN_CLOCK, MAX_CLOCK = 5, 300  # seconds a move may be given
REVEAL_WAIT_MAX = 30.0  # seconds after a ruling that computer players wait for phones at most
OFFERED = (None, 10, 30)  # what the page offers (the seed's site: 10 s, 30 s or none)


def read_clock(value) -> int | None:
    """A clock setting: None (no clock) or whole seconds from MIN_CLOCK to MAX_CLOCK."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) \
            or not MIN_CLOCK <= value <= MAX_CLOCK:
        raise InvalidInput(f"clock is null (no clock) or {MIN_CLOCK} to {MAX_CLOCK} seconds "
                           f"a move, not {shown(value)}", field="clock")
    return value


def set_turn(timer: dict, turn, *, clock: int | None, bot_delay: float | None,
             now: float) -> bool:
    """Start the clock for ``turn`` (anything that differs between turns), unless it is
    the turn the timer already runs for; True if it started."""
    if timer.get("turn") == list(turn):
        return False
    timer["turn"] = list(turn)
    timer["deadline"] = None if clock is None or turn[-1] is None else now + clock
    timer["bot_at"] = None if bot_delay is None else now + bot_delay
    return True


def stop(timer: dict) -> None:
    """No one is to move (the lobby, a reveal, the game over): no clock runs."""
    timer.update({"turn": None, "deadline": None, "bot_at": None})


def due(timer: dict) -> float | None:
    """The next moment the server acts (a timeout, a computer player's move), or None."""
    moments = [t for t in (timer.get("deadline"), timer.get("bot_at")) if t is not None]
    return min(moments) if moments else None
