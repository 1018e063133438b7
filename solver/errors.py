"""The one error vocabulary shared by the library, the CLI and the HTTP API.

Every problem a user can cause is a :class:`LiarsError` subclass with a stable
machine-readable ``code``, a human message that names the bad input, and
optionally the ``field`` it came from.  The CLI prints ``message`` and exits 2;
the API answers ``{"error": {"code", "message", "field"}}`` with ``status``.

>>> err = InvalidTile("'7' is not a letter tile", field="tiles")
>>> err.code, err.status, str(err)
('invalid_tile', 400, "'7' is not a letter tile")
>>> err.as_dict()
{'code': 'invalid_tile', 'message': "'7' is not a letter tile", 'field': 'tiles'}
"""

from __future__ import annotations


def shown(value, limit: int = 40) -> str:
    """``repr(value)`` for an error message, cut short when it is long.

    >>> shown("QH"), shown("1" * 5000)
    ("'QH'", "'1111111111…' (5000 characters)")
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        return f"{text[:11]}…' ({len(value)} characters)"
    return f"{text[:limit]}…"


def listed(values, most: int = 5, limit: int = 30) -> str:
    """The first ``most`` of ``values`` for an error message, each :func:`shown` (cut at
    ``limit``), and how many more there are: a message names what was wrong without echoing
    all of it.

    >>> listed(["a", "b"]), listed([f"k{i}" for i in range(5000)])
    ("'a', 'b'", "'k0', 'k1', 'k2', 'k3', 'k4' and 4995 more")
    >>> listed(["y" * 5000])
    "'yyyyyyyyyy…' (5000 characters)"
    """
    values = list(values)
    text = ", ".join(shown(value, limit) for value in values[:most])
    return text + (f" and {len(values) - most} more" if len(values) > most else "")


class LiarsError(ValueError):
    """Base of every user-facing error: bad input, an illegal move, a limit."""

    code = "bad_request"
    status = 400

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def with_field(self, field: str) -> "LiarsError":
        """Attach the request field the problem came from, if none is set yet."""
        if self.field is None:
            self.field = field
        return self

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field}


# --- input that cannot be read -------------------------------------------------

class InvalidInput(LiarsError):
    """Input of the wrong form or type (not a letter, not a list, ...)."""

    code = "invalid_input"


class InvalidTile(InvalidInput):
    """A character that is not a letter tile."""

    code = "invalid_tile"


class TooManyTiles(InvalidInput):
    """More tiles of a letter (or in all) than the chosen tile set holds."""

    code = "too_many_tiles"


class UnknownTileSet(InvalidInput):
    code = "unknown_tile_set"


class InvalidWord(InvalidInput):
    """A word that is malformed or not in the lexicon."""

    code = "invalid_word"


class InvalidWordSet(InvalidInput):
    """A word set that cannot be parsed (empty, bad characters)."""

    code = "invalid_word_set"


class UnknownLexicon(InvalidInput):
    code = "unknown_lexicon"


class BadWordList(InvalidInput):
    """A user's word list that cannot be used at all."""

    code = "bad_word_list"


class InvalidQuery(InvalidInput):
    """A dictionary query that cannot be run: a malformed pattern, too many blanks, a
    length or page limit out of range (see :mod:`solver.words.queries`)."""

    code = "invalid_query"


class InvalidCard(InvalidInput):
    code = "invalid_card"


class InvalidDie(InvalidInput):
    code = "invalid_die"


class UnreadablePhrase(InvalidInput):
    """A claim said at the table that the phrase parser could not read."""

    code = "unreadable_phrase"


class InvalidRules(InvalidInput):
    """An unknown variant or a bad rules option."""

    code = "invalid_rules"


# --- input that is readable but not allowed ------------------------------------

class IllegalMove(LiarsError):
    """A declaration, bid, call or play that the rules do not allow now."""

    code = "illegal_move"
    status = 422


class GameOver(IllegalMove):
    """An action after the game has already ended."""

    code = "game_over"


class LimitExceeded(LiarsError):
    """Input larger than the service accepts (tiles, words, body size)."""

    code = "limit_exceeded"
    status = 413


# --- a ruling the referee cannot prove -------------------------------------------

class CannotRule(IllegalMove):
    """A call whose ruling cannot be proven (the rules' "Undecided"): the table decides.

    Raised by a whole game (:class:`solver.games.letters.game.LettersGame`), which must not
    apply tile changes it cannot prove; ``ruling`` is the undecided ruling, with
    the reason and what is known.  A replay stops at it, like at an illegal
    event, and answers what the referee knows (``details["undecided"]``).
    """

    code = "undecided"
    status = 422

    def __init__(self, message: str, *, field: str | None = None, ruling=None):
        super().__init__(message, field=field)
        self.ruling = ruling
        self.details = {"undecided": ruling.as_dict()} if ruling is not None else {}


# --- rooms: who may act, and when ------------------------------------------------------

class NotSeated(LiarsError):
    """No token, or a token of no seat in this room: every room route but create and join
    needs the player's own token."""
    code = "unauthorized"
    status = 401


class HostOnly(LiarsError):
    """Something only the room's host may do (start, rule an undecided call, remove)."""
    code = "host_only"
    status = 403


class NotAPlayer(LiarsError):
    """A spectator (or the host of a table display) sent a player's move."""
    code = "not_a_player"
    status = 403


class UnknownRoom(LiarsError):
    code = "unknown_room"
    status = 404


class NoReplay(LiarsError):
    """A room's game with no replay to read: still being played (nothing of a game is shown
    before it is over), never played, or no longer kept."""
    code = "no_replay"
    status = 404


class RoomConflict(LiarsError):
    """What the room's state does not allow now: joining after the start, a move before it.
    An illegal move in a room is answered with this status too (409)."""
    code = "room_conflict"
    status = 409


class RoomStuck(RoomConflict):
    """The server cannot act in a room: its stored state is not one it can read or play on
    (the look-out sets it aside, and every other table goes on).  The host may rematch."""
    code = "room_stuck"
    status = 409


class TooManyGuesses(LiarsError):
    """Too many unknown room codes from one address: guessing codes is bounded."""
    code = "too_many_guesses"
    status = 429

    def __init__(self, message: str, *, retry_after: int = 60):
        super().__init__(message)
        self.retry_after = retry_after


class TooManyRooms(LiarsError):
    """Too many new rooms from one address: making rooms is bounded, so that no one fills
    the code space (and makes guessing codes pay)."""
    code = "too_many_rooms"
    status = 429

    def __init__(self, message: str, *, retry_after: int = 60):
        super().__init__(message)
        self.retry_after = retry_after


class UnknownProfile(LiarsError):
    """A leaderboard profile's id and key that match no profile here (a wrong key and an
    unknown id are the same answer: the key is the profile's only secret)."""
    code = "unknown_profile"
    status = 401


class TooManyProfiles(LiarsError):
    """Too many new leaderboard profiles from one address in a minute."""
    code = "too_many_profiles"
    status = 429

    def __init__(self, message: str, *, retry_after: int = 60):
        super().__init__(message)
        self.retry_after = retry_after


class UnknownGame(LiarsError):
    """A game this server keeps no leaderboard for (a path's game)."""
    code = "unknown_game"
    status = 404
