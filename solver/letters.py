"""Liars' Letters rules: raising, the "bullshit" and "exact" rulings, rounds.

The pure adjudication functions come first (what a referee at the table
needs); :class:`LettersGame` strings them into a whole game: who gains or
loses a tile, who is out, who opens the next round and in which direction.

>>> from solver.wordset import WordSet
>>> check_raise("big", "it, is, so").legal
False
>>> ruling = rule_call("ABEGIRR", "giber, ar", "exact")
>>> ruling.exists, ruling.is_highest, ruling.caller, ruling.declarer
(True, True, -1, -1)
>>> r = rule_call("ABEGIRR", "bigger", "bullshit")   # needs two G's
>>> r.exists, r.caller, r.declarer
(False, 0, 1)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum

from .budget import read_budget
from .errors import CannotRule, GameOver, IllegalMove, InvalidInput, InvalidRules
from .highest import Solution, highest
from .lexicon import Lexicon, load_lexicon
from .search import DEFAULT_BUDGET
from .table import next_player, read_options, read_players
from .tiles import Tiles, get_tile_set
from .wordset import WordSet, format_shape


class Call(str, Enum):
    BULLSHIT = "bullshit"
    EXACT = "exact"

    @classmethod
    def parse(cls, value) -> "Call":
        if isinstance(value, cls):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            raise InvalidInput(f"call must be 'bullshit' or 'exact', not {value!r}",
                               field="call") from None


@dataclass(frozen=True)
class RaiseCheck:
    """Whether a declaration may follow the previous one, and why not."""

    legal: bool
    reason: str
    declared: WordSet
    previous: WordSet | None

    def as_dict(self) -> dict:
        return {"legal": self.legal, "reason": self.reason, "declared": list(self.declared),
                "declared_shape": list(self.declared.shape),
                "previous": list(self.previous) if self.previous else None,
                "previous_shape": list(self.previous.shape) if self.previous else None}


def check_raise(previous, declared, lexicon: str | Lexicon | None = None) -> RaiseCheck:
    """Is ``declared`` a legal declaration after ``previous`` (None: first of the round)?

    A declaration must be a valid word set and strictly higher than the last.
    """
    lex = load_lexicon(lexicon)
    declared = WordSet.parse(declared, field="declared")
    previous = None if previous in (None, "", []) else WordSet.parse(previous, field="previous")
    invalid = declared.invalid_words(lex)
    if invalid:
        listed = ", ".join(w.upper() for w in invalid)
        return RaiseCheck(False, f"not in the {lex.name} lexicon: {listed}", declared, previous)
    if previous is None:
        return RaiseCheck(True, "a first declaration may be any valid word set", declared, None)
    if declared > previous:
        return RaiseCheck(True, f"shape {format_shape(declared.shape)} is higher than "
                                f"{format_shape(previous.shape)}", declared, previous)
    relation = "the same as" if declared.ranks_equal(previous) else "lower than"
    return RaiseCheck(False, f"shape {format_shape(declared.shape)} is {relation} "
                             f"{format_shape(previous.shape)}: a raise must be strictly higher",
                      declared, previous)


@dataclass(frozen=True)
class DeclarationCheck:
    """What revealing the tiles proves about a declaration: does it exist, is it the highest.

    ``exists`` is always proven (a multiset test, never under the budget).
    ``is_highest`` is True or False only when proven, else None: the search
    stopped first (``stopped``: "budget" or "size").  ``highest`` is the
    highest set known, which exists; the highest shape lies between its shape
    and ``upper_bound`` (equal when proven).  ``reason`` says why, plainly.
    """

    tiles: Tiles
    declared: WordSet
    exists: bool
    invalid_words: list[str]
    highest: Solution
    is_highest: bool | None
    upper_bound: tuple[int, ...]
    reason: str

    @property
    def proven(self) -> bool:
        """Is ``highest`` proven to be the highest (its shape meets the upper bound)?"""
        return self.highest.shape >= self.upper_bound

    @property
    def stopped(self) -> str | None:
        """Why the highest is not proven: "budget" (out of time) or "size"; None if proven."""
        return None if self.proven else (self.highest.stopped or "budget")

    def as_dict(self) -> dict:
        return {"tiles": str(self.tiles), "declared": list(self.declared),
                "declared_shape": list(self.declared.shape),
                "exists": self.exists, "invalid_words": self.invalid_words,
                "is_highest": self.is_highest, "reason": self.reason,
                "highest": list(self.highest.words), "highest_shape": list(self.highest.shape),
                "proven": self.proven, "stopped": self.stopped,
                "upper_bound": list(self.upper_bound)}

    def explain(self) -> str:
        """One line: exists or not, and the highest as far as it is proven."""
        return f"'{self.declared}' {self.reason}"


STOPPED_WHY = {
    "budget": "out of time (a larger budget may settle it)",
    "size": "the tiles are too many for the search (more time does not help)",
}


def stopped_text(stopped: str | None) -> str:
    """Why a search is not proven, in words a table understands."""
    return STOPPED_WHY.get(stopped, "the search stopped first")


def _leftover(tiles: Tiles, declared: WordSet) -> str:
    """The tiles a declaration leaves unused, as lower-case letters in order."""
    left = tiles.counts - declared.letters
    return "".join(letter.lower() * left[letter] for letter in sorted(left))


def check_declaration(tiles, declared, lexicon: str | Lexicon | None = None, *,
                      tile_set=None, budget: float | None = DEFAULT_BUDGET) -> DeclarationCheck:
    """Check a declaration against all revealed tiles, as both calls need.

    What is cheap to prove is proven whatever the budget (0 included): whether
    the set exists; that a set leaving tiles unused is not the highest (its
    leftovers as single letters make a higher set); that a known higher set
    makes it not the highest; that it is the highest when the search's upper
    bound is its shape.  Otherwise ``is_highest`` is None.

    >>> check = check_declaration("ABEGIRR", "brier, ag")
    >>> check.exists, check.is_highest, str(check.highest.words)
    (True, True, 'giber, ar')
    >>> check = check_declaration("ABEGIRR", "brier", budget=0)
    >>> check.is_highest, check.reason.split(":")[0]
    (False, 'exists but leaves 2 tiles unused (a, g), so it is not the highest')
    """
    # Read in the order every front end reads a call: tiles, declaration, lexicon, budget.
    if not isinstance(tiles, Tiles):
        tiles = Tiles.parse(tiles, tile_set)
    declared = WordSet.parse(declared, field="declared")
    lex = load_lexicon(lexicon)
    budget = read_budget(budget)
    invalid = declared.invalid_words(lex)
    exists = not invalid and declared.fits(tiles)
    best = highest(tiles, lex, budget=budget)
    upper = best.upper_bound
    if upper is None:  # any shape of n tiles is at most (n,)
        upper = best.shape if best.proven else ((len(tiles),) if len(tiles) else ())
    leftover = _leftover(tiles, declared) if exists else ""
    if exists:
        # The declared set with its leftovers as single letters exists: a lower bound.
        witness = WordSet(declared.words + tuple(leftover))
        if witness.shape > best.shape:
            best = dataclasses.replace(best, words=witness)
    if best.shape >= upper:  # the set found meets the bound: proven, however it stopped
        best = dataclasses.replace(best, proven=True, stopped=None, upper_bound=best.shape)
        upper = best.shape

    shape = format_shape(declared.shape)
    if not exists:
        is_highest = False
        reason = ("does not exist: " + (f"not every word is in the {lex.name} lexicon" if invalid
                                        else "the revealed tiles do not hold it"))
    elif leftover:
        is_highest = False
        unused = ", ".join(leftover)
        reason = (f"exists but leaves {len(leftover)} tile{'s' * (len(leftover) != 1)} unused "
                  f"({unused}), so it is not the highest: '{best.words}' is higher")
    elif best.shape > declared.shape:
        is_highest = False
        reason = (f"exists but is not the highest: '{best.words}' "
                  f"{format_shape(best.shape)} is higher than {shape}")
    elif upper <= declared.shape:
        is_highest = True
        reason = f"exists and is the highest: no word set of these tiles beats {shape}"
    else:
        is_highest = None
        reason = (f"exists, but whether it is the highest is not proven: "
                  f"{stopped_text(best.stopped)}; the highest is between {shape} and "
                  f"{format_shape(upper)}")
    return DeclarationCheck(tiles, declared, exists, invalid, best, is_highest, tuple(upper),
                            reason)


@dataclass(frozen=True)
class CallRuling:
    """The outcome of a call, decided only from proof.

    ``decided`` is False when the ruling needs what could not be proven (an
    "exact" call on a set that may or may not be the highest): then
    ``caller`` and ``declarer`` are None and ``reason`` says why; the table
    decides.  Otherwise they are +1 (gains a tile), 0, or -1 (loses one).
    """

    call: Call
    check: DeclarationCheck
    decided: bool
    caller: int | None
    declarer: int | None
    reason: str

    declared = property(lambda self: self.check.declared)
    exists = property(lambda self: self.check.exists)
    highest = property(lambda self: self.check.highest)
    is_highest = property(lambda self: self.check.is_highest)
    upper_bound = property(lambda self: self.check.upper_bound)
    stopped = property(lambda self: self.check.stopped)
    proven = property(lambda self: self.check.proven)

    def as_dict(self) -> dict:
        ruling = ({"caller": self.caller, "declarer": self.declarer} if self.decided else None)
        return {"call": self.call.value, "declared": list(self.declared),
                "declared_shape": list(self.declared.shape), "exists": self.exists,
                "decided": self.decided, "ruling": ruling, "reason": self.reason,
                "is_highest": self.is_highest,
                "highest_shape": list(self.highest.shape), "highest": list(self.highest.words),
                "proven": self.proven, "stopped": self.stopped,
                "upper_bound": list(self.upper_bound)}

    def explain(self) -> str:
        """What a referee reads out: the ruling and why, or plainly that it cannot rule."""
        if not self.decided:
            return (f"{self.call.value}: CANNOT RULE, the table decides. {self.reason}. "
                    f"Best set found: '{self.highest.words}'.")
        who = {1: "gains a tile", 0: "keeps their tiles", -1: "loses a tile"}
        return (f"{self.call.value}: caller {who[self.caller]}, declarer {who[self.declarer]}. "
                f"{self.reason}.")


def rule_call(tiles, declared, call, lexicon: str | Lexicon | None = None, *,
              tile_set=None, budget: float | None = DEFAULT_BUDGET) -> CallRuling:
    """Adjudicate "bullshit" or "exact" on the last declaration, given all revealed tiles.

    >>> r = rule_call("TMDENLEANIENSXOUOIOHUOMUD", "nonhomosexual, demounted", "exact",
    ...               budget=0)
    >>> r.decided, r.caller, r.declarer
    (True, 1, 0)
    """
    call = Call.parse(call)
    check = check_declaration(tiles, declared, lexicon, tile_set=tile_set, budget=budget)
    said = f"'{check.declared}' {check.reason}"
    if call is Call.BULLSHIT:
        caller, declarer = (1, 0) if check.exists else (0, 1)
        reason = f"'{check.declared}' " + ("exists among the revealed tiles" if check.exists
                                           else check.reason)
        return CallRuling(call, check, True, caller, declarer, reason)
    if check.is_highest is None:
        return CallRuling(call, check, False, None, None, said)
    caller, declarer = (-1, -1) if check.is_highest else (1, 0)
    return CallRuling(call, check, True, caller, declarer, said)


# --- a whole game ------------------------------------------------------------------

@dataclass(frozen=True)
class LettersRules:
    """The table's choices (RULINGS.md variants): lexicon, tile set, tile limit."""

    lexicon: str = "twl06"
    tile_set: str = "scrabble"
    tile_limit: int = 4
    budget: float = DEFAULT_BUDGET

    def __post_init__(self):
        get_tile_set(self.tile_set)
        object.__setattr__(self, "budget", read_budget(self.budget, field="rules.budget"))
        if not isinstance(self.tile_limit, int) or not 1 <= self.tile_limit <= 20:
            raise InvalidRules(f"tile_limit must be a whole number from 1 to 20, not "
                               f"{self.tile_limit!r}", field="rules.tile_limit")

    @classmethod
    def from_dict(cls, data: dict | None) -> "LettersRules":
        return cls(**read_options(data, {"lexicon", "tile_set", "tile_limit", "budget"},
                                  game="Liars' Letters"))


@dataclass
class LettersGame:
    """A Liars' Letters game in progress: tiles held, turn order, the round's bidding.

    Seats are listed clockwise.  Round 1 runs clockwise; rounds alternate.

    >>> g = LettersGame(["ann", "bob", "cy"])
    >>> g.to_move, g.direction
    ('ann', 1)
    >>> g.declare("ann", "it")
    >>> g.declare("bob", "big")
    >>> r = g.call("cy", "bullshit", tiles="BIG")
    >>> g.tiles, g.round, g.opener, g.direction
    ({'ann': 1, 'bob': 1, 'cy': 2}, 2, 'cy', -1)
    """

    players: list[str]
    rules: LettersRules = field(default_factory=LettersRules)
    tiles: dict[str, int] = field(default_factory=dict)
    out: list[str] = field(default_factory=list)
    round: int = 1
    direction: int = 1
    to_move: str = ""
    opener: str = ""
    last: tuple[str, WordSet] | None = None
    turns: list[str] = field(default_factory=list)  # who took a turn this round, in order

    def __post_init__(self):
        self.players = list(read_players(self.players, game="Liars' Letters", low=2, high=20))
        self.tiles = self.tiles or {p: 1 for p in self.players}
        self.opener = self.opener or self.players[0]
        self.to_move = self.to_move or self.opener

    @property
    def active(self) -> list[str]:
        return [p for p in self.players if p not in self.out]

    @property
    def winner(self) -> str | None:
        return self.active[0] if len(self.active) == 1 else None

    def _next_after(self, player: str) -> str:
        return next_player(self.players, player, skip=set(self.out), direction=self.direction)

    def _check_turn(self, player: str) -> None:
        if self.winner:
            raise GameOver(f"the game is over: {self.winner} won")
        if player not in self.players:
            raise IllegalMove(f"{player!r} is not at this table", field="player")
        if player != self.to_move:
            raise IllegalMove(f"it is {self.to_move}'s turn, not {player}'s", field="player")

    def declare(self, player: str, words) -> None:
        """``player`` declares a word set: it must be valid and beat the last one."""
        self._check_turn(player)
        previous = self.last[1] if self.last else None
        check = check_raise(previous, words, self.rules.lexicon)
        if not check.legal:
            raise IllegalMove(f"{player} cannot declare '{check.declared}': {check.reason}",
                              field="declared")
        self.last = (player, check.declared)
        self.turns.append(player)
        self.to_move = self._next_after(player)

    def call(self, player: str, call, tiles) -> CallRuling:
        """``player`` calls on the last declaration; ``tiles`` are all revealed tiles.

        A ruling that cannot be proven (see :class:`CallRuling`) is never applied:
        :class:`~solver.errors.CannotRule` is raised, carrying it, and the game is
        left as it was, for the table to decide.
        """
        self._check_turn(player)
        if self.last is None:
            raise IllegalMove(f"{player} cannot call {str(call)!r}: nothing has been declared "
                              f"this round", field="call")
        tiles = Tiles.parse(tiles, self.rules.tile_set)
        held = sum(self.tiles[p] for p in self.active)
        if len(tiles) != held:
            raise InvalidInput(f"{len(tiles)} tiles revealed, but the players hold {held}",
                               field="tiles")
        declarer = self.last[0]
        ruling = rule_call(tiles, self.last[1], call, self.rules.lexicon,
                           budget=self.rules.budget)
        if not ruling.decided:  # never apply tile changes that are not proven
            raise CannotRule(f"cannot rule {ruling.call.value!r} on '{ruling.declared}': "
                             f"{ruling.reason}; the table decides", field="call",
                             ruling=ruling)
        self.turns.append(player)
        for who, delta in ((player, ruling.caller), (declarer, ruling.declarer)):
            count = max(0, self.tiles[who] + delta)
            if count > self.rules.tile_limit:
                self.out.append(who)
            else:
                self.tiles[who] = count
        self._next_round()
        return ruling

    def _next_round(self) -> None:
        """The latest player to take a turn who is still in opens; direction flips."""
        opener = next((p for p in reversed(self.turns) if p not in self.out), None)
        self.round += 1
        self.direction = -self.direction
        self.turns, self.last = [], None
        if opener is None:  # cannot happen with a caller and a declarer, but stay safe
            opener = self.active[0]
        self.opener = self.to_move = opener

    def state(self) -> dict:
        return {"players": self.players, "tiles": {p: self.tiles[p] for p in self.active},
                "out": list(self.out), "round": self.round,
                "direction": "clockwise" if self.direction == 1 else "counterclockwise",
                "to_move": None if self.winner else self.to_move, "opener": self.opener,
                "last": None if self.last is None else {"player": self.last[0],
                                                         "declared": list(self.last[1])},
                "winner": self.winner, "tiles_in_play": sum(self.tiles[p] for p in self.active)}
