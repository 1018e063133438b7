"""Write api/static/engine/tables.js: the rules' data, from the Python library.

The page's engine (api/static/engine/*.js) ports the library's rules so the page answers
with no server; the data those rules read -- the error vocabulary's codes and statuses,
the tile sets, the phrase vocabulary, the card and dice games' words and limits, the
rules' options and defaults, and the API's default configuration -- is written here from
the library itself, so it has one source.  The engine modules import it from tables.js;
tests/test_engine_tables.py fails when the committed file is stale.

    python scripts/build_engine_tables.py [--out api/static/engine/tables.js]

A few vocabularies are private to their module (``phrases.FILLERS``); this script reads
them where they are, as data, and the generated file says where each came from.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's library, not an installed one
OUT = ROOT / "api" / "static" / "engine" / "tables.js"
WIDTH = 98  # characters a generated line may take


def error_vocabulary() -> dict:
    """Every LiarsError class of the library and the API: its code, status and parent."""
    import api.errors
    import solver.errors
    from solver.errors import LiarsError

    table = {}
    for module in (solver.errors, api.errors):
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, LiarsError) \
                    and value.__module__ == module.__name__:
                parent = next((base.__name__ for base in value.__mro__[1:]
                               if issubclass(base, LiarsError)), None)
                table[name] = {"code": value.code, "status": value.status, "parent": parent}
    return table


def odds_table() -> dict:
    """The odds' limits and words, the Wilson interval's z and the raise search's bounds
    (engine/odds.js and games/letters|dice/odds.js port solver/odds/ and each game's odds)."""
    from statistics import NormalDist

    from solver.games.dice import odds as dice
    from solver.games.letters import odds as letters
    from solver.games.letters import raises
    from solver.odds import chance, payload

    return {
        "DEFAULT_SUGGESTIONS": payload.DEFAULT_SUGGESTIONS,
        "MAX_SUGGESTIONS": payload.MAX_SUGGESTIONS, "MAX_SAMPLES": payload.MAX_SAMPLES,
        "MAX_SEED": payload.MAX_SEED, "DEFAULT_SEED": chance.DEFAULT_SEED,
        "CONFIDENCE": chance.CONFIDENCE,
        "Z": NormalDist().inv_cdf(0.5 + chance.CONFIDENCE / 2),  # as chance.wilson reads it
        "LETTERS_FIELDS": sorted(letters.FIELDS),
        "LONGER_BY": raises.LONGER_BY, "WORDS_PER_SLOT": raises.WORDS_PER_SLOT,
        "BEAM": raises.BEAM, "MAX_CANDIDATES": raises.MAX_CANDIDATES, "LIKELY": raises.LIKELY,
        "CAP": raises.CAP, "LETTERS_ADVICE": raises.ADVICE, "DICE_ADVICE": dice.ADVICE}


def page_games() -> dict[str, list[str]]:
    """Each registered game with a folder on the page, and that folder's modules: the page
    finds a game's screen (``screen.js``), its own local routes (``local.js``) and its
    referee table (``table.js``) by these, and names no game itself."""
    from solver.games.registry import entries
    folder = ROOT / "api" / "static" / "games"
    return {entry.name: sorted(p.name for p in (folder / entry.name).glob("*.js"))
            for entry in entries() if (folder / entry.name).is_dir()}


def tables() -> dict[str, tuple[str, dict]]:
    """{export name: (where it comes from, {key: value})}, in the order written."""
    import api
    import api.errors
    import api.inputs
    from solver.games import cards, phrases, table
    from solver.games.registry import GAMES, REPLAYERS, ROOM_GAMES
    from solver.search import bounds, budget, layered
    from solver.words import lexicon, queries, tiles, weblexicon, wordset

    return {
        "ERRORS": ("solver/errors.py, api/errors.py: every error class, by name",
                   error_vocabulary()),
        "HTTP_CODES": ("api/errors.py: the codes of HTTP's own errors, by status",
                       dict(api.errors.HTTP_CODES)),
        "TILES": ("solver/words/tiles.py", {
            "LETTERS": tiles.LETTERS, "IGNORED": tiles.IGNORED,
            "TILE_SETS": {name: dict(ts.counts) for name, ts in tiles.TILE_SETS.items()},
            "DEFAULT_TILE_SET": tiles.DEFAULT_TILE_SET}),
        "WORDSET": ("solver/words/wordset.py", {
            "MAX_WORDS": wordset.MAX_WORDS, "MAX_WORD_LENGTH": wordset.MAX_WORD_LENGTH}),
        "QUERIES": ("solver/words/queries.py, lexicon.py", {
            "MAX_BLANKS": queries.MAX_BLANKS,
            "MAX_PATTERN_CHARACTERS": queries.MAX_PATTERN_CHARACTERS,
            "DEFAULT_LIMIT": queries.DEFAULT_LIMIT, "MAX_LIMIT": queries.MAX_LIMIT,
            "MAX_OFFSET": queries.MAX_OFFSET, "ORDERS": queries.ORDERS, "KINDS": queries.KINDS,
            "FILTERS": queries.FILTERS, "PAGING": queries.PAGING, "PARTS": queries.PARTS,
            "IGNORED": queries.IGNORED, "MAX_WORD_LENGTH": lexicon.MAX_WORD_LENGTH}),
        "LEXICON_FILE": ("solver/words/weblexicon.py", {
            "MAGIC": weblexicon.MAGIC, "VERSION": weblexicon.VERSION}),
        "SEARCH": ("solver/search/budget.py, layered.py, bounds.py", {
            "MAX_BUDGET": budget.MAX_BUDGET, "DEFAULT_BUDGET": layered.DEFAULT_BUDGET,
            "GROUPS": ["".join(chr(97 + i) for i, on in enumerate(group) if on)
                       for group in bounds.GROUPS]}),
        "GAME_TABLE": ("solver/games/table.py", {
            "MAX_PLAYERS": table.MAX_PLAYERS, "MAX_EVENTS": table.MAX_EVENTS,
            "MAX_NAME": table.MAX_NAME, "MAX_DIGITS": table.MAX_DIGITS}),
        "PHRASES": ("solver/games/phrases.py", {
            "MAX_PHRASE": phrases.MAX_PHRASE, "MAX_NUMBER": phrases.MAX_NUMBER,
            "KINDS": {name: getattr(phrases, name) for name in
                      ("NUMBER", "ARTICLE", "RANK", "HAND", "SUIT", "JOKER", "WORD", "FILLER")},
            "HANDS": phrases.HANDS, "HAND_SIZES": phrases.HAND_SIZES,
            "LOWEST_TOP": phrases.LOWEST_TOP,
            "NUMBER_WORDS": phrases.NUMBER_WORDS,
            "RANK_WORDS": list(phrases.RANK_WORDS.items()),
            "HAND_SYNONYMS": list(phrases.HAND_SYNONYMS.items()),
            "NAMED_RANKS": phrases.NAMED_RANKS,
            "SUITS": list(phrases.SUIT_WORDS.items()),
            "WORDS": phrases.HAND_WORDS, "FILLERS": phrases.FILLERS,
            "BY_COUNT": phrases.BY_COUNT, "EXAMPLE_RANKS": phrases.EXAMPLE_RANKS}),
        "CARDS": ("solver/games/cards.py", {
            "RANKS": cards.RANKS, "SUITS": cards.SUITS, "MAX_CARDS": cards.MAX_CARDS,
            "RANK_LABELS": cards.RANK_LABELS, "RANK_WORDS": cards.RANK_WORDS,
            "SUIT_NAMES": cards.SUIT_NAMES, "SUIT_SYMBOLS": cards.SUIT_SYMBOLS,
            "HOW_MANY": cards.HOW_MANY,
            "LIAR_LIAR_DECK": cards.LIAR_LIAR_DECK, "POKER_DECK": cards.POKER_DECK}),
        "ODDS": ("solver/odds/: the requests' limits, the intervals, the raise search's bounds",
                 odds_table()),
        **{replayer.name.upper(): (f"solver/games/{replayer.name}/game.py",
                                   replayer.game.engine_tables())
           for replayer in REPLAYERS.values()},
        "GAMES": ("solver/games/registry.py: the sister games, by name",
                  {name: {"title": game.title} for name, game in GAMES.items()}),
        "ROOM_GAMES": ("solver/games/registry.py: the games rooms host, in the rooms' order "
                       "(each one's screen is api/static/games/NAME/screen.js)",
                       {name: {"title": kind.game_type.title}
                        for name, kind in ROOM_GAMES.items()}),
        "PAGE_GAMES": ("solver/games/registry.py and api/static/games/: each game's own modules "
                       "on the page (its folder's files), in the registry's order", page_games()),
        "REPLAYERS": ("solver/games/registry.py: every game that replays, by name", {
            name: {"title": replayer.game.title, "heading": replayer.title,
                   "seats": replayer.game.seats} for name, replayer in REPLAYERS.items()}),
        "API": ("api/__init__.py, api/inputs.py: the page's local router reads requests "
                "under these", {
                    "PREFIX": api.API_PREFIX,
                    "MAX_NAME_LENGTH": api.inputs.MAX_NAME_LENGTH,
                    "CONFIG": {key: api.DEFAULT_CONFIG[key] for key in (
                        "MAX_CONTENT_LENGTH", "MAX_SOLVE_TILES", "SOLVER_BUDGET",
                        "SOLVER_BUDGET_MAX", "SUBWORDS_LIMIT", "SUBWORDS_LIMIT_MAX",
                        "DEFAULT_LEXICON", "REPLAY_BUDGET")}}),
    }


# --- writing JavaScript ---------------------------------------------------------------------

def plain(value):
    """Python data as JSON data: tuples as lists, dict keys as text (ints too)."""
    if dataclasses.is_dataclass(value):  # a deck
        return plain(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"no JSON for {value!r}")


def literal(value, indent: int, lead: int = 0) -> str:
    """``value`` as a JS literal, its first line ``lead`` characters in: on one line if it fits
    in WIDTH, else its items on lines of their own (short ones as many a line as fit)."""
    flat = json.dumps(value, ensure_ascii=False)
    if lead + len(flat) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    is_dict = isinstance(value, dict)
    pairs = value.items() if is_dict else ((None, v) for v in value)
    items = []
    for key, item in pairs:
        name = "" if key is None else json.dumps(key, ensure_ascii=False) + ": "
        text = name + literal(item, indent + 2, len(pad) + len(name))
        items.append((text, "\n" in text))
    rows = []
    for text, tall in items:  # items of one line share lines while they fit
        if rows and not tall and not rows[-1][1] and len(pad) + len(rows[-1][0]) + len(
                text) + 2 <= WIDTH:
            rows[-1] = (f"{rows[-1][0]} {text},", False)
        else:
            rows.append((text + ",", tall))
    opening, closing = ("{", "}") if is_dict else ("[", "]")
    return (opening + "\n" + "\n".join(pad + row for row, _ in rows) + "\n" + " " * indent
            + closing)


def render() -> str:
    """The module's text."""
    parts = [
        "// Generated by scripts/build_engine_tables.py from the Python library: do not edit.",
        "// The rules' data the page's engine reads (tests/test_engine_tables.py fails when it",
        "// is stale), each export from the modules named above it; integer keys are text.",
        "",
        "const freeze = (value) => {",
        "  if (value && typeof value === \"object\") Object.values(value).forEach(freeze);",
        "  return Object.freeze(value);",
        "};",
    ]
    for name, (source, data) in tables().items():
        parts += ["", f"// {source}",
                  f"export const {name} = freeze({literal(plain(data), 0, len(name) + 25)});"]
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT,
                        help="where to write (default: %(default)s)")
    args = parser.parse_args(argv)
    text = render()
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: {len(tables())} tables, {len(text.encode())} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
