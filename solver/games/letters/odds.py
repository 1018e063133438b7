"""The odds of a Liars' Letters declaration, from one player's view.

A player sees their own tiles; the others' tiles, ``hidden`` of them, are to that
player a uniform draw from the tile set less their own tiles.  From that view:

* **exists**: the chance the declared word set can be spelled from all the tiles,
  exactly (:mod:`solver.odds.draws`: a product of one polynomial per letter);
* **highest**: the chance it exists *and* no set of all the tiles is higher (an
  "exact" call would be upheld).  A set that leaves a tile unused is never the
  highest (the rules: its leftovers as single letters make a higher set), so this is
  the chance the hidden tiles are exactly the declared letters less mine, times
  whether the declared set is the highest of its own letters: one search by the
  referee's :func:`~solver.games.letters.game.check_declaration`.  Exact, then, unless
  that search runs out of its budget (then undecided, with an interval);
* sampled deals, on request: both chances estimated from seeded random deals, each
  judged on its own (does the set fit; does it leave tiles unused; the referee's
  search for a deal of exactly its letters): a check on the exact values, marked as
  an estimate, with a 95% interval;
* **suggestions**: the safest raises (:mod:`solver.games.letters.raises`), advice.

>>> view = LettersView.read("ABE", 9)
>>> print(view.exists("bigger, a"))       # G, G, I, R among the 9 hidden
0.43%
>>> view.exists("bigger, a").fraction
'5023288671/1174992339235'
>>> print(view.exists("zzz"))       # one Z in the Scrabble set
0%
>>> view.highest("bigger, a").probability    # 12 tiles: 'bigger, a' leaves 5 unused
0.0
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from solver.errors import InvalidInput, InvalidWordSet, LimitExceeded, TooManyTiles
from solver.games import schema
from .game import check_declaration
from solver.games.schema import Refusal
from solver.search.budget import read_budget
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import Lexicon, load_lexicon
from solver.words.tiles import LETTERS, TILE_SETS, Tiles
from solver.words.wordset import MAX_WORDS, WordSet

from . import raises
from solver.odds.chance import DEFAULT_SEED, Chance, Estimate, percent, sample_each
from solver.odds.draws import read_hidden, ways_at_least, ways_exactly
from solver.odds.payload import (
    ANSWER_FIELDS,
    DEFAULT_SUGGESTIONS,
    INTERVAL,
    LIMIT,
    PROBABILITY,
    SAMPLES,
    SAMPLES_REFUSALS,
    SEED,
    SEED_REFUSALS,
    TEXTS,
    count_schema,
    object_schema,
    read_limit,
    read_object,
    read_samples,
    read_seed,
    request_schema,
    shared,
)
from solver.odds.text import chance_text, estimate_text, short, suggested


def _plural(letter: str, n: int) -> str:
    return f"{n} {letter}'s" if n != 1 else f"1 {letter}"


def read_hand(mine, hidden, tile_set=None) -> tuple[Tiles, int]:
    """My tiles (from the tile set) and the hidden count (at most the tiles left)."""
    if isinstance(mine, Tiles) and tile_set is None:
        tiles = mine
    else:
        tiles = Tiles.parse(str(mine) if isinstance(mine, Tiles) else mine, tile_set,
                            field="mine")
    left = tiles.tile_set.size - len(tiles)
    return tiles, read_hidden(hidden, left, where=f"the {tiles.tile_set.name} set",
                              error=TooManyTiles)


@dataclass(frozen=True)
class LettersView:
    """What one player sees at the table: their tiles, how many tiles the others hold
    (``hidden``), the tile set (``mine.tile_set``) and the lexicon.

    A computer player or an advisor builds it from a game with :meth:`of_player`.
    """

    mine: Tiles
    hidden: int
    lexicon: Lexicon

    @classmethod
    def read(cls, mine, hidden, *, tile_set=None, lexicon=None) -> "LettersView":
        """Read a view as every front end does: tiles, the hidden count, the lexicon.

        >>> LettersView.read("ABE", 96)
        Traceback (most recent call last):
        ...
        solver.errors.TooManyTiles: 96 hidden tiles, but the scrabble set has only 95 besides yours
        """
        tiles, hidden = read_hand(mine, hidden, tile_set)
        return cls(tiles, hidden, load_lexicon(lexicon))

    @classmethod
    def of_player(cls, game, player: str, mine) -> "LettersView":
        """``player``'s view of a :class:`~solver.games.letters.game.LettersGame`: ``mine`` are
        their tiles (as many as the game says they hold); hidden, every other tile in
        play.  Only what that player may know is used."""
        rules = game.rules
        tiles = Tiles.parse(mine, rules.tile_set, field="mine")
        held = game.tiles.get(player)
        if held is None or player not in game.active:
            raise InvalidInput(f"{player!r} is not playing in this game", field="player")
        if len(tiles) != held:
            raise InvalidInput(f"{player} holds {held} tiles, not {len(tiles)}", field="mine")
        return cls.read(tiles, game.tiles_in_play - held, lexicon=rules.lexicon)

    @property
    def tile_set(self):
        return self.mine.tile_set

    @property
    def pool(self) -> dict[str, int]:
        """The tiles that may be hidden, by letter: the tile set less mine."""
        return {letter: self.tile_set.counts[letter] - self.mine.counts.get(letter, 0)
                for letter in LETTERS}

    @property
    def unseen(self) -> int:
        return self.tile_set.size - len(self.mine)

    def _total(self) -> int:
        return comb(self.unseen, self.hidden)

    def needs(self, declared) -> Counter:
        """The letters a set needs beyond mine, which must be among the hidden tiles."""
        return WordSet.parse(declared).letters - self.mine.counts

    def chance_of_letters(self, letters) -> Chance:
        """The exact chance that all the tiles hold ``letters`` (counts by letter)."""
        pool = self.pool
        need = Counter(letters) - self.mine.counts
        if any(n > pool.get(letter, 0) for letter, n in need.items()):
            return Chance(Fraction(0))
        ways = ways_at_least([pool[x] for x in LETTERS], [need.get(x, 0) for x in LETTERS],
                             self.hidden)
        return Chance.of(ways, self._total())

    def exists(self, declared) -> Chance:
        """The exact chance the declared set exists among all the tiles (0 if a word is
        not in the lexicon)."""
        declared = WordSet.parse(declared)
        if declared.invalid_words(self.lexicon):
            return Chance(Fraction(0))
        return self.chance_of_letters(declared.letters)

    def exists_reason(self, declared) -> str:
        """Why the chance is what it is, in words."""
        declared = WordSet.parse(declared)
        invalid = declared.invalid_words(self.lexicon)
        if invalid:
            return (f"never exists: not in the {self.lexicon.name} lexicon: "
                    f"{', '.join(w.upper() for w in invalid)}")
        letters = declared.letters
        for letter in sorted(letters):
            if letters[letter] > self.tile_set.counts[letter]:
                return (f"never exists: it needs {_plural(letter, letters[letter])}, the "
                        f"{self.tile_set.name} set has {self.tile_set.counts[letter]}")
        need = self.needs(declared)
        if not need:
            return "certain: your tiles hold it"
        pool = self.pool
        short = [letter for letter in sorted(need) if need[letter] > pool[letter]]
        if short:
            letter = short[0]
            return (f"never exists: it needs {need[letter]} more {letter} than you hold, "
                    f"and only {pool[letter]} may be hidden")
        if sum(need.values()) > self.hidden:
            return (f"never exists: it needs {sum(need.values())} tiles beyond yours, "
                    f"and only {self.hidden} are hidden")
        listed = ", ".join(letter * need[letter] for letter in sorted(need))
        return (f"needs {listed} beyond your tiles, among the {self.hidden} hidden of "
                f"{self.unseen} unseen")

    def highest(self, declared, *, budget: float | None = DEFAULT_BUDGET,
                check=None) -> "HighestChance":
        """The chance the declared set exists and is the highest of all the tiles.
        ``check``: the one search it needs, when already made (a
        :func:`~solver.games.letters.game.check_declaration` of exactly the declared letters,
        as the referee makes at a call whose revealed tiles are those): not made again."""
        declared = WordSet.parse(declared)
        budget = read_budget(budget)
        none = Chance(Fraction(0))
        if declared.invalid_words(self.lexicon):
            return HighestChance(none, none, "it never exists: a word is not in the lexicon")
        letters = declared.letters
        total = len(self.mine) + self.hidden
        used = sum(letters.values())
        if used > total:
            return HighestChance(none, none, f"never exists: it needs {used} tiles, and "
                                             f"there are {total}")
        if used < total:
            return HighestChance(none, none, f"never the highest: it uses {used} of the "
                                             f"{total} tiles, and a set that leaves a tile "
                                             f"unused is beaten by the same set with that "
                                             f"tile as a letter")
        extra = letters - self.mine.counts
        if self.mine.counts - letters or any(extra[x] > self.pool[x] for x in extra):
            return HighestChance(none, none, "never exists among these tiles")
        pool = self.pool
        fit = Chance.of(ways_exactly([pool[x] for x in LETTERS],
                                     [extra.get(x, 0) for x in LETTERS]), self._total())
        if not _checks(check, letters, declared):
            check = check_declaration(Tiles(letters, self.tile_set), declared, self.lexicon,
                                      budget=budget)
        if check.is_highest is None:
            return HighestChance(None, fit, f"undecided: the hidden tiles are exactly its "
                                            f"letters with chance {fit}, but whether it is "
                                            f"then the highest is not proven ({check.reason})")
        if not check.is_highest:
            return HighestChance(none, none, f"never the highest: even when the tiles are "
                                             f"exactly its letters, it {check.reason}")
        return HighestChance(fit, fit, "the highest exactly when the hidden tiles are its "
                                       "letters less yours")

    def sampled(self, declared, samples: int, seed: int = DEFAULT_SEED, *,
                budget: float | None = DEFAULT_BUDGET,
                highest: bool = True) -> dict[str, Estimate | None]:
        """Both chances (or only ``exists``) estimated from ``samples`` seeded random
        deals of the hidden tiles, each deal judged on its own: the set exists (the words
        layer's test), and the ruling on an "exact" call (a set leaving tiles unused is
        not the highest, by the rules; a deal of exactly its letters is searched by the
        referee, once).  ``highest`` is None when that search is undecided."""
        declared = WordSet.parse(declared)
        used = sum(declared.letters.values())
        pool = [letter for letter, n in self.pool.items() for _ in range(n)]
        rulings: dict[str, bool | None] = {}

        def is_highest(tiles: Tiles) -> bool | None:
            if len(tiles) != used:  # the rules: its leftovers as letters make a higher set
                return False
            key = str(tiles)
            if key not in rulings:
                rulings[key] = check_declaration(tiles, declared, self.lexicon,
                                                 budget=budget).is_highest
            return rulings[key]

        def judge(deal) -> tuple:
            tiles = Tiles(self.mine.counts + Counter(deal), self.tile_set)
            exists = declared.exists(tiles, self.lexicon)
            if not highest:
                return (exists,)
            return exists, exists and is_highest(tiles)

        estimates = sample_each(judge, 2 if highest else 1, pool, self.hidden, samples, seed)
        found: dict[str, Estimate | None] = {"exists": estimates[0]}
        if highest:
            found["highest"] = None if None in rulings.values() else estimates[1]
        return found

    def raises(self, last, *, limit: int = DEFAULT_SUGGESTIONS) -> list["raises.Suggestion"]:
        """The safest legal raises over ``last`` (None: an opening declaration), ranked
        by their exact chance of existing: advice (see :mod:`solver.games.letters.raises`)."""
        return raises.safest_raises(self, last, limit=limit)


def _checks(check, letters: Counter, declared: WordSet) -> bool:
    """Whether ``check`` is the search of exactly ``letters`` for ``declared``."""
    return check is not None and check.declared == declared \
        and Counter(check.tiles.counts) == letters


@dataclass(frozen=True)
class HighestChance:
    """The chance a set is the highest: exact (``chance``), or, when the one search it
    needs is undecided, None with ``bound``, the chance it could be."""

    chance: Chance | None
    bound: Chance
    reason: str

    @property
    def decided(self) -> bool:
        return self.chance is not None

    @property
    def probability(self) -> float | None:
        return None if self.chance is None else self.chance.probability

    def as_dict(self) -> dict:
        low = 0.0 if self.chance is None else self.chance.probability
        return {"probability": self.probability,
                "fraction": None if self.chance is None else self.chance.fraction,
                "exact": True, "decided": self.decided, "samples": 0,
                "interval": [low, self.bound.probability], "reason": self.reason}

    def __str__(self) -> str:
        if self.chance is None:
            return f"between 0% and {self.bound} (undecided)"
        return str(self.chance)


@dataclass(frozen=True)
class LettersOdds:
    """Everything ``liars odds`` and POST /letters/odds answer about one declaration."""

    view: LettersView
    declared: WordSet
    exists: Chance
    exists_reason: str
    highest: HighestChance
    suggestions: tuple
    sampled: dict | None = None

    def as_dict(self) -> dict:
        view = self.view
        data = {"mine": str(view.mine), "hidden": view.hidden, "unseen": view.unseen,
                "tile_set": view.tile_set.name, "lexicon": view.lexicon.name,
                "declared": list(self.declared), "declared_shape": list(self.declared.shape),
                "exists": {**self.exists.as_dict(), "reason": self.exists_reason},
                "highest": self.highest.as_dict(),
                "suggestions": [s.as_dict() for s in self.suggestions],
                "advice": raises.ADVICE}
        if self.sampled is not None:
            data["sampled"] = {name: None if e is None else e.as_dict()
                               for name, e in self.sampled.items()}
        return data


def letters_odds(mine, hidden, declared, *, tile_set=None, lexicon=None,
                 budget: float | None = DEFAULT_BUDGET, limit=None, samples=None,
                 seed=None, allow_paths: bool = True) -> LettersOdds:
    """The odds of ``declared`` from the view of a player holding ``mine`` with
    ``hidden`` tiles in the others' hands; its safest raises; sampled deals if asked.

    Read in this order, so every front end refuses the same input with the same
    error first: mine, hidden, declared, lexicon, budget, limit, samples, seed.  A
    server that bounds the budget passes it as a function, called at its turn.
    """
    tiles, hidden = read_hand(mine, hidden, tile_set)
    declared = WordSet.parse(declared, field="declared")
    view = LettersView(tiles, hidden, load_lexicon(lexicon, allow_paths=allow_paths))
    budget = budget() if callable(budget) else read_budget(budget)
    limit = read_limit(limit)
    samples = read_samples(samples)
    seed = read_seed(seed)
    sampled = view.sampled(declared, samples, seed, budget=budget) if samples else None
    return LettersOdds(view, declared, view.exists(declared), view.exists_reason(declared),
                       view.highest(declared, budget=budget),
                       tuple(view.raises(declared, limit=limit)), sampled)


SEARCHES = True  # a request names a lexicon and a tile set; a server bounds its search
FIELDS = {"mine", "hidden", "declared", "tile_set", "lexicon", "budget", "limit", "samples",
          "seed"}


def answer(payload: dict, *, allow_paths: bool = True, budget=None) -> dict:
    """POST /letters/odds and ``liars odds``: ``{"mine": "ABE", "hidden": 9, "declared":
    "bigger, a", "tile_set"?, "lexicon"?, "budget"?, "limit"?, "samples"?, "seed"?}``.

    A server passes ``allow_paths=False`` (a request never names a file to read), and
    in ``budget`` a function that reads the budget it allows.
    """
    payload = read_object(payload, FIELDS, ("mine", "hidden", "declared"), "letters odds")
    if budget is None:  # null or absent: the default, as the CLI's --budget
        budget = DEFAULT_BUDGET if payload.get("budget") is None else payload["budget"]
    odds = letters_odds(payload["mine"], payload["hidden"], payload["declared"],
                        tile_set=payload.get("tile_set"), lexicon=payload.get("lexicon"),
                        budget=budget,
                        limit=payload.get("limit"), samples=payload.get("samples"),
                        seed=payload.get("seed"), allow_paths=allow_paths)
    return {"game": "letters", **odds.as_dict()}


# --- as the front ends describe it -----------------------------------------------------

SCHEMA = request_schema({
    "mine": {**schema.tiles(), "examples": ["ABE"],
             "description": "your tiles, letters A-Z in any case (spaces, tabs, commas and "
                            "hyphens ignored); \"\" for none"},
    "hidden": count_schema(description="how many tiles the other players hold, hidden "
                                       "from you"),
    "declared": schema.word_set(letters_only=True,
                                description="the declaration whose odds you ask"),
    "tile_set": schema.nullable({"type": "string",
                                 "pattern": schema.name_pattern(sorted(TILE_SETS), empty=True),
                                 "description": "the tile set; \"\", null or absent: "
                                                "scrabble"}),
    "lexicon": {"type": ["string", "null"], "description": "a lexicon; null: the default"},
    "budget": {"description": "seconds the one search may take (solver.search.budget)"},
    "limit": LIMIT, "samples": SAMPLES, "seed": SEED}, ("mine", "hidden", "declared"))
# What the schema cannot say: a letter's count in the tile set, the tiles left to hide,
# the words counted across a list's items.
REFUSALS = (
    Refusal(TooManyTiles, "mine", "no more of a letter than the tile set holds"),
    Refusal(TooManyTiles, "hidden", "at most the tiles of the set less yours"),
    Refusal(InvalidWordSet, "declared", "a list of words holds at least one word in all its "
                                        "items"),
    Refusal(LimitExceeded, "declared", f"a word set holds at most {MAX_WORDS} words"),
    *SAMPLES_REFUSALS, *SEED_REFUSALS)

EXAMPLE = {"mine": "ABE", "hidden": 9, "declared": "bigger, a"}
SUMMARY = ("Liars' Letters: how likely a declaration exists and is the highest, from your "
           "tiles; the safest raises")
DESCRIPTION = (
    "From your tiles and how many are hidden (a uniform draw from the tile set less yours): "
    "the exact chance the declared set exists among all the tiles (a product of one "
    "polynomial per letter), and that it is the highest (exact: a set leaving a tile unused "
    "never is, so one search of its own letters settles it; undecided past the budget, with "
    "an interval). With samples, seeded random deals estimate both, marked as estimates. "
    "suggestions are advice: legal raises from a bounded search, each with its exact "
    "chance.")
_HIGHEST = object_schema({
    "probability": {**PROBABILITY, "type": ["number", "null"],
                    "description": "null when undecided"},
    "fraction": {"type": ["string", "null"]}, "exact": {"const": True},
    "decided": {"type": "boolean", "description": "false: the one search it needs ran out of "
                                                  "time; the chance is in \"interval\""},
    "samples": {"type": "integer", "const": 0,
                "description": "0: computed exactly, no deal sampled"},
    "interval": INTERVAL,
    "reason": {"type": "string"}},
    ["probability", "exact", "decided", "samples", "interval", "reason"])
ANSWER_SCHEMA = object_schema({
    **ANSWER_FIELDS, "mine": {"type": "string"}, "hidden": {"type": "integer"},
    "unseen": {"type": "integer", "description": "tiles you cannot see: the set less yours"},
    "tile_set": {"type": "string"}, "lexicon": {"type": "string"}, "declared": TEXTS,
    "declared_shape": schema.shape(), "exists": shared("ExactChance"), "highest": _HIGHEST,
    "suggestions": {"type": "array", "items": object_schema(
        {"words": TEXTS, "shape": schema.shape(), "exists": shared("ExactChance")},
        ["words", "shape", "exists"])},
    "sampled": object_schema({"exists": shared("Estimate"),
                              "highest": {"oneOf": [shared("Estimate"), {"type": "null"}]}},
                             ["exists", "highest"])},
    ["exists", "highest", "suggestions", "advice"])


# --- the shell ---------------------------------------------------------------------------

def lines(r: dict) -> list[str]:
    """The answer as the shell prints it."""
    said = f"'{', '.join(r['declared'])}'"
    highest = r["highest"]
    if highest["decided"]:
        best = chance_text(highest)
    else:
        best = f"between 0% and {percent(highest['interval'][1])} (undecided)"
    out = [f"{said} exists: {chance_text(r['exists'])}; {r['exists']['reason']}",
           f"{said} is the highest: {best}; {highest['reason']}"]
    for name, part in r.get("sampled", {}).items():
        out.append(f"sampled, {name}: {estimate_text(part)}")
    out.append(suggested([f"'{', '.join(s['words'])}' {short(s['exists'])}"
                          for s in r["suggestions"]]))
    return out
