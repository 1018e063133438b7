"""Liars' Letters rules: raising, the "bullshit" and "exact" rulings, rounds.

The pure adjudication functions come first (what a referee at the table
needs); :class:`LettersGame` strings them into a whole game: who gains or
loses a tile, who is out, who opens the next round and in which direction.

>>> from solver.words.wordset import WordSet
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
import time
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from solver.errors import (
    CannotRule,
    IllegalMove,
    InvalidInput,
    InvalidRules,
    InvalidTile,
    InvalidWordSet,
    LimitExceeded,
    TooManyTiles,
    listed,
    shown,
)
from solver.search.budget import read_budget
from solver.search.highest import Solution, highest
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import Lexicon, load_lexicon
from solver.words.tiles import TILE_SETS, Tiles, get_tile_set
from solver.words.wordset import MAX_WORDS, WordSet, format_shape

from solver.games import schema
from solver.games.letters import lines
from solver.games.base import Game, Leave, Rules, option
from solver.games.memo import Rulings
from solver.games.schema import Refusal
from solver.games.table import TABLE_RULINGS, next_player, read_int, require


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
            raise InvalidInput(f"call must be 'bullshit' or 'exact', not {shown(value)}",
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


STOPPED_WHY = lines.STOPPED_WHY


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
        why = STOPPED_WHY.get(best.stopped, "the search stopped first")
        reason = (f"exists, but whether it is the highest is not proven: "
                  f"{why}; the highest is between {shape} and "
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
class LettersRules(Rules):
    """The table's choices (the variants of docs/rules.md): lexicon, tile set, tile limit.

    ``budget`` is the seconds the referee may search per call (the HTTP API
    caps it); an "exact" it cannot prove in time is undecided, for the table.
    """

    title: ClassVar[str] = "Liars' Letters"

    lexicon: str = option("twl06", description="a bundled lexicon")
    tile_set: str = option("scrabble", type="string",
                           pattern=schema.name_pattern(sorted(TILE_SETS), empty=True),
                           description=f"{', '.join(sorted(TILE_SETS))}, in any case; '': "
                                       f"scrabble")
    tile_limit: int = option(4, minimum=1, maximum=20,
                             description="a player who would hold more is out")
    budget: float = option(DEFAULT_BUDGET, schema_default=None, minimum=0,
                           description="seconds the referee may search per call; an 'exact' "
                                       "it cannot prove in time is undecided (the server caps "
                                       "it)")

    def __post_init__(self):
        if not isinstance(self.tile_set, str):
            raise InvalidRules(f"tile_set must be a tile set's name, not {shown(self.tile_set)}",
                               field="rules.tile_set")
        try:
            object.__setattr__(self, "tile_set", get_tile_set(self.tile_set).name)
        except InvalidInput as err:
            raise InvalidRules(err.message, field="rules.tile_set") from None
        if isinstance(self.tile_limit, bool) or not isinstance(self.tile_limit, int) \
                or not 1 <= self.tile_limit <= 20:
            raise InvalidRules(f"tile_limit must be a whole number from 1 to 20, not "
                               f"{self.tile_limit!r}", field="rules.tile_limit")
        try:
            object.__setattr__(self, "budget", read_budget(self.budget, field="rules.budget"))
        except InvalidInput as err:
            raise InvalidRules(err.message, field=err.field) from None
        if not isinstance(self.lexicon, str):
            raise InvalidRules(f"lexicon must be a lexicon's name, not {shown(self.lexicon)}",
                               field="rules.lexicon")
        try:  # known now, not at the first call: a game with no call is refused too
            load_lexicon(self.lexicon)
        except InvalidInput as err:
            raise InvalidRules(err.message, field="rules.lexicon") from None




@dataclass(frozen=True)
class Declare:
    """``player`` declares a word set (opening the round, or raising)."""

    player: str
    words: WordSet  # or a word set as typed: the game reads it when it checks the move

    def to_dict(self) -> dict:
        return {"type": "declare", "player": self.player, "words": list(self.words)}


@dataclass(frozen=True)
class MakeCall:
    """``player`` calls "bullshit" or "exact"; ``tiles`` are all revealed tiles.

    ``ruling`` is the table's own decision ("upheld": the caller is right;
    "rejected": wrong), used only where the referee cannot decide.
    """

    player: str
    call: Call  # or as typed ("EXACT"): the game reads it when it checks the move
    tiles: str
    ruling: str | None = None

    def to_dict(self) -> dict:
        event = {"type": "call", "player": self.player, "call": self.call.value,
                 "tiles": self.tiles}
        return {**event, "ruling": self.ruling} if self.ruling else event


_EVENT_KEYS = {"declare": {"type", "player", "words"}, "leave": {"type", "player"},
               "call": {"type", "player", "call", "tiles", "ruling"}}


def action_from_dict(event: dict, *, field: str = "event"):
    """An action from its JSON form: ``{"type": "declare", "player", "words"}`` or
    ``{"type": "call", "player", "call": "bullshit" | "exact", "tiles", "ruling"?}``.

    >>> action_from_dict({"type": "declare", "player": "ann", "words": "big, g"})
    Declare(player='ann', words=WordSet(words=('big', 'g')))
    """
    kind, player = require(event, "type", field=field), require(event, "player", field=field)
    if not isinstance(kind, str) or kind not in _EVENT_KEYS:
        raise InvalidInput(f"a Liars' Letters event is 'declare', 'call' or 'leave', not "
                           f"{shown(kind)}", field=f"{field}.type")
    unknown = sorted(set(event) - _EVENT_KEYS[kind], key=str)
    if unknown:
        raise InvalidInput(f"unknown field(s) in a {kind} event: {listed(unknown)}",
                           field=f"{field}.{str(unknown[0])[:40]}")
    if kind == "leave":
        return Leave(player)
    if kind == "declare":
        words = require(event, "words", field=field)
        return Declare(player, WordSet.parse(words, field=f"{field}.words"))
    call = Call.parse(require(event, "call", field=field))  # its error names "call"
    tiles = require(event, "tiles", field=field)
    if not isinstance(tiles, str):
        raise InvalidInput(f"tiles must be a string of letters, not {shown(tiles)}",
                           field=f"{field}.tiles")
    ruling = event.get("ruling")
    if ruling is not None and ruling not in TABLE_RULINGS:
        raise InvalidInput(f"a table's ruling is 'upheld' or 'rejected', not {shown(ruling)}",
                           field=f"{field}.ruling")
    return MakeCall(player, call, tiles, ruling)


_ruling = Rulings(rule_call)


# (caller, declarer) tile changes, by the call and whether the caller was right.
_DELTAS = {(Call.BULLSHIT, True): (0, 1), (Call.BULLSHIT, False): (1, 0),
           (Call.EXACT, True): (-1, -1), (Call.EXACT, False): (1, 0)}


# --- as the front ends describe it -----------------------------------------------------

WORDS_SCHEMA = schema.word_set(letters_only=True)


class LettersGame(Game):
    """A Liars' Letters game in progress: tiles held, turn order, the round's bidding.

    Seats are listed clockwise.  Round 1 runs clockwise; rounds alternate.
    :meth:`push` takes an action (as :mod:`solver.games.registry` replays do) and
    refuses an illegal one before changing anything; :meth:`declare` and
    :meth:`call` are the same moves by their parts.  ``tiles`` sets what each
    player holds at the start (one tile each by default).

    >>> g = LettersGame(["ann", "bob", "cy"])
    >>> g.to_move, g.direction
    ('ann', 1)
    >>> g.declare("ann", "it")
    >>> g.declare("bob", "big")
    >>> r = g.call("cy", "bullshit", tiles="BIG")
    >>> g.tiles, g.round, g.opener, g.direction
    ({'ann': 1, 'bob': 1, 'cy': 2}, 2, 'cy', -1)
    >>> g.rounds[0]["tile_changes"]
    [{'player': 'cy', 'role': 'caller', 'change': 1, 'before': 1, 'after': 2, 'out': False}]
    """

    name = "letters"
    title = "Liars' Letters"
    Rules = LettersRules
    actions = (Declare, MakeCall, Leave)
    read_action = staticmethod(action_from_dict)

    shell_help = "Liars' Letters: replay a whole game"
    description = ("Replay a whole game: legal raises, the bullshit and exact rulings, tile "
                   "gains and losses, who is out, who opens the next round and in which "
                   "direction, the winner. An 'exact' the referee cannot prove stops the replay "
                   "as undecided unless the call carries the table's own ruling.")
    events = (schema.event("declare", {"words": WORDS_SCHEMA}, ["words"], strict=True),
              schema.event("call", {
                  "call": {"type": "string", "pattern": schema.name_pattern(list(Call)),
                           "description": "bullshit or exact, in any case"},
                  # read when the call is ruled: after the turn is found legal
                  "tiles": {"type": "string", "description": f"every revealed tile, as "
                                                             f"letters/call takes them "
                                                             f"({schema.tiles()['pattern']})"},
                  "ruling": schema.nullable({
                      "enum": list(TABLE_RULINGS),
                      "description": "the table's decision, applied only where the referee "
                                     "cannot decide"})}, ["call", "tiles"], strict=True),
              schema.event("leave", {}, [], strict=True))
    replay_refusals = tuple(schema.in_event((
        Refusal(InvalidWordSet, "words", "a list of words holds at least one word in all "
                                         "its items"),
        Refusal(LimitExceeded, "words", f"a word set holds at most {MAX_WORDS} words"),
        Refusal(InvalidTile, "tiles", "tiles are letters A-Z; spaces, tabs, commas and "
                                      "hyphens are ignored (read when the call is ruled)"),
        Refusal(TooManyTiles, "tiles", "no more of a letter than the tile set holds"))))
    REPLAY_EXAMPLE = {"rules": {"lexicon": "twl06", "tile_set": "scrabble", "tile_limit": 4},
                      "players": ["ann", "ben", "cy"], "events": [
        {"type": "declare", "player": "ann", "words": "it"},
        {"type": "declare", "player": "ben", "words": "big"},
        {"type": "call", "player": "cy", "call": "bullshit", "tiles": "BIG"},
        {"type": "declare", "player": "cy", "words": "a"},
        {"type": "call", "player": "ben", "call": "exact", "tiles": "ABCD"}]}

    state_line = staticmethod(lines.state_line)  # (the shell's replay's last line)

    @classmethod
    def engine_tables(cls) -> dict:
        return {"CALLS": [call.value for call in Call], "STOPPED_WHY": STOPPED_WHY,
                "RULES": LettersRules.defaults(), "TABLE_RULINGS": TABLE_RULINGS,
                "EVENT_KEYS": {kind: sorted(keys) for kind, keys in _EVENT_KEYS.items()}}

    def __init__(self, players, rules: LettersRules | None = None, *,
                 tiles: dict[str, int] | None = None):
        super().__init__(players, rules)
        if tiles:
            self.tiles = dict(tiles)

    def start(self) -> None:
        self.tiles = {p: 1 for p in self.players}
        self.round = 1
        self.direction = 1
        self.opener = self.players[0]
        self.last: tuple[str, WordSet] | None = None
        self.turns: list[str] = []  # who took a turn this round, in order
        self.rounds: list[dict] = []  # every finished round's record
        self._declarations: list[dict] = []

    @property
    def winner(self) -> str | None:
        return self.active[0] if len(self.active) == 1 else None

    def can_call(self) -> bool:
        """Is there a declaration to call on?"""
        return not self.is_over() and self.last is not None

    @property
    def tiles_in_play(self) -> int:
        return sum(self.tiles[p] for p in self.active)

    def _direction_name(self, direction: int | None = None) -> str:
        return "clockwise" if (direction or self.direction) == 1 else "counterclockwise"

    def _next_after(self, player: str) -> str:
        return next_player(self.players, player, skip=set(self.out), direction=self.direction)

    def check_seat(self, player) -> None:
        if player not in self.players:
            raise IllegalMove(f"{shown(player)} is not at this table", field="player")
        if player not in self.active:
            raise IllegalMove(f"{player} is out of the game", field="player")

    def declare(self, player: str, words) -> None:
        """``player`` declares a word set: it must be valid and beat the last one."""
        self.push(Declare(player, words))

    def call(self, player: str, call, tiles, *, ruling: str | None = None) -> CallRuling:
        """``player`` calls on the last declaration; ``tiles`` are all revealed tiles.

        Where the referee cannot decide an "exact", ``ruling`` (the table's
        "upheld" or "rejected") is applied; without it the call raises
        :class:`~solver.errors.CannotRule` and nothing changes.  A table's ruling that
        contradicts a proven one is refused.
        """
        return self.push(MakeCall(player, call, tiles, ruling))

    def call_budget(self) -> float:
        """The seconds the referee may search on the next call: the rules' budget, or what
        is left before :attr:`deadline` (0 once it has passed: only quick proofs)."""
        if self.deadline is None:
            return self.rules.budget
        left = max(0.0, self.deadline - time.monotonic())
        if left < self.rules.budget:
            self.cut_short = True
        return min(self.rules.budget, left)

    # --- checking and applying a move ---------------------------------------------------

    def _raise(self, action: Declare) -> RaiseCheck:
        return check_raise(self.last[1] if self.last else None, action.words,
                           self.rules.lexicon)

    def _judged(self, action: MakeCall) -> tuple[Call, Tiles, CallRuling, str, str]:
        """A call read and ruled: the call, the tiles, the referee's ruling, the decision
        ("upheld": the caller was right) and who made it ("referee" or "table")."""
        call = Call.parse(action.call)
        if self.last is None:
            raise IllegalMove(f"{action.player} cannot call {call.value!r}: nothing has been "
                              f"declared this round", field="call")
        ruling = action.ruling
        if ruling is not None and ruling not in TABLE_RULINGS:
            raise InvalidInput(f"a table's ruling is 'upheld' or 'rejected', not "
                               f"{shown(ruling)}", field="ruling")
        revealed = Tiles.parse(action.tiles, self.rules.tile_set)
        held = self.tiles_in_play
        if len(revealed) != held:
            raise IllegalMove(f"{len(revealed)} tiles revealed, but the players hold {held}",
                              field="tiles")
        verdict = _ruling(str(revealed), self.rules.tile_set, tuple(self.last[1]), call,
                          self.rules.lexicon, self.call_budget(), table_ruled=ruling is not None)
        if verdict.decided:
            decision = "rejected" if verdict.caller == 1 else "upheld"
            if ruling is not None and ruling != decision:
                raise IllegalMove(f"the table ruled {call.value!r} {ruling}, but the referee "
                                  f"proves it {decision}: {verdict.explain().rstrip('.')}",
                                  field="ruling")
            return call, revealed, verdict, decision, "referee"
        if ruling is None:
            raise CannotRule(f"{call.value!r} on '{verdict.declared}' is undecided: "
                             f"{verdict.reason}. The table decides: give the "
                             f"call a ruling, 'upheld' or 'rejected'", field="ruling",
                             ruling=verdict)
        return call, revealed, verdict, ruling, "table"

    def check_move(self, action) -> None:
        if isinstance(action, Declare):
            check = self._raise(action)
            if not check.legal:
                raise IllegalMove(f"{action.player} cannot declare '{check.declared}': "
                                  f"{check.reason}", field="words")
        else:
            self._judged(action)

    def apply(self, action) -> CallRuling | None:
        """A declaration raises; a call returns the referee's ruling (searched once: the
        rulings are remembered)."""
        if isinstance(action, Declare):
            declared = self._raise(action).declared
            self.last = (action.player, declared)
            self.turns.append(action.player)
            self._declarations.append({"player": action.player, "words": list(declared),
                                       "shape": list(declared.shape)})
            self.to_move = self._next_after(action.player)
            return None
        player, declarer = action.player, self.last[0]
        call, revealed, verdict, decision, by = self._judged(action)
        caller_delta, declarer_delta = _DELTAS[call, decision == "upheld"]
        self.turns.append(player)
        changes = []
        for who, role, delta in ((player, "caller", caller_delta),
                                 (declarer, "declarer", declarer_delta)):
            before = self.tiles[who]
            count = max(0, before + delta)
            out = count > self.rules.tile_limit
            if out:
                self.out.append(who)
            else:
                self.tiles[who] = count
            if delta:  # ruled to gain or lose, even when a player with none cannot lose
                changes.append({"player": who, "role": role, "change": count - before,
                                "before": before, "after": None if out else count, "out": out})
        record = {"round": self.round, "opener": self.opener,
                  "direction": self._direction_name(), "declarations": self._declarations,
                  "call": {"player": player, "call": call.value, "tiles": str(revealed),
                           "declarer": declarer, "declared": list(self.last[1])},
                  "ruling": {"by": by, "decision": decision, "caller": caller_delta,
                             "declarer": declarer_delta,
                             "reason": None if by == "referee" else verdict.reason,
                             "referee": verdict.as_dict()},
                  "tile_changes": changes,
                  "out": [c["player"] for c in changes if c["out"]]}
        self._next_round()
        record.update(next_opener=None if self.winner else self.opener,
                      next_direction=None if self.winner else self._direction_name(),
                      winner=self.winner)
        self.rounds.append(record)
        return verdict

    def next_in(self, player: str) -> str | None:
        return next_player(self.players, player, skip=set(self.out) | {player},
                           direction=self.direction)

    def restart_round(self) -> None:
        self.turns, self.last, self._declarations = [], None, []
        if not self.is_over():
            self.opener = self.next_in(self.out[-1])

    def _next_round(self) -> None:
        """The latest player to take a turn who is still in opens; direction flips."""
        opener = next((p for p in reversed(self.turns) if p not in self.out), None)
        self.round += 1
        self.direction = -self.direction
        self.turns, self.last, self._declarations = [], None, []
        if opener is None:  # cannot happen with a caller and a declarer, but stay safe
            opener = self.active[0]
        self.opener = self.to_move = opener

    # --- serialisation ------------------------------------------------------------------

    def state(self) -> dict:
        return {"players": list(self.players), "tiles": {p: self.tiles[p] for p in self.active},
                "out": list(self.out), "round": self.round,
                "direction": self._direction_name(),
                "to_move": None if self.winner else self.to_move, "opener": self.opener,
                "last": None if self.last is None else {"player": self.last[0],
                                                         "declared": list(self.last[1]),
                                                         "shape": list(self.last[1].shape)},
                "winner": self.winner, "tiles_in_play": self.tiles_in_play}

    def state_dict(self) -> dict:
        """The whole state, as the replay answers it (:meth:`Game.to_dict` adds the rules,
        ``over`` and the ``outcome``, as every game's): :meth:`state`, the rounds."""
        return {**self.state(), "declarations": list(self._declarations),
                "rounds": list(self.rounds)}

    def restore(self, data: dict) -> None:
        self.out = list(data.get("out", []))
        self.tiles.update({p: read_int(n, field=f"state.tiles.{p}", what="tiles held", low=0,
                                       high=self.rules.tile_limit)
                           for p, n in data.get("tiles", {}).items()})
        self.round = data.get("round", 1)
        self.direction = 1 if data.get("direction", "clockwise") == "clockwise" else -1
        self.opener = data.get("opener") or self.players[0]
        self.to_move = data.get("to_move") or self.opener
        last = data.get("last")
        self.last = None if last is None else (last["player"], WordSet(tuple(last["declared"])))
        self._declarations = list(data.get("declarations", []))
        self.turns = [d["player"] for d in self._declarations]
        self.rounds = list(data.get("rounds", []))
