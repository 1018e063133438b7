"""``liars odds`` and ``liars dice|post|liarliar|poker odds``: how likely a claim is, from
what one player can see, and the safest raise (advice).

A thin layer over :mod:`solver.odds`: the arguments become the same request the HTTP
API takes (``POST /api/v1/<game>/odds``), answered by the same function, so both give
the same answer and refuse the same input with the same message.  The counts (hidden,
limit, samples, seed) reach the library as typed, to be read there.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from solver.errors import LiarsError
from solver.odds import dice, letters, liarliar, poker, post
from solver.odds.chance import DEFAULT_SEED, percent
from solver.odds.payload import DEFAULT_SUGGESTIONS, MAX_SAMPLES, MAX_SUGGESTIONS
from solver.search.budget import MAX_BUDGET
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import bundled_lexicons
from solver.words.tiles import TILE_SETS

from .common import EXIT_OK, EXIT_USAGE, json_line, terminal
from .games import whole_number


def _chance(part: dict) -> str:
    """An exact chance as the shell shows it: a percentage and the fraction."""
    return f"{percent(Fraction(part['fraction']))} ({part['fraction']})"


def _short(part: dict) -> str:
    """An exact chance as a percentage only (in lists)."""
    return percent(Fraction(part["fraction"]))


def _estimate(part: dict | None) -> str:
    if part is None:
        return "undecided (the search for the one deal that could be highest ran out of time)"
    low, high = part["interval"]
    return (f"about {percent(part['probability'])} (estimate: {part['hits']} of "
            f"{part['samples']} deals, seed {part['seed']}; 95% interval {percent(low)} to "
            f"{percent(high)})")


def _suggested(items: list[str]) -> str:
    return "safest raises (advice): " + ("; ".join(items) if items else "none")


def letters_lines(r: dict) -> list[str]:
    said = f"'{', '.join(r['declared'])}'"
    highest = r["highest"]
    if highest["decided"]:
        best = _chance(highest)
    else:
        best = f"between 0% and {percent(highest['interval'][1])} (undecided)"
    lines = [f"{said} exists: {_chance(r['exists'])}; {r['exists']['reason']}",
             f"{said} is the highest: {best}; {highest['reason']}"]
    for name, part in r.get("sampled", {}).items():
        lines.append(f"sampled, {name}: {_estimate(part)}")
    lines.append(_suggested([f"'{', '.join(s['words'])}' {_short(s['exists'])}"
                             for s in r["suggestions"]]))
    return lines


def dice_lines(r: dict) -> list[str]:
    return [f"{r['bid']['phrase']} holds: {_chance(r['holds'])}; {r['holds']['reason']}",
            _suggested([f"{s['bid']['phrase']} {_short(s['holds'])}" for s in r["suggestions"]])]


def post_lines(r: dict) -> list[str]:
    call = r["suggestion"]["call"]
    advice = ("either call is as likely right" if call is None else
              f"call '{call}' (right {_short(r['suggestion']['right'])})")
    return [f"'{r['claim']['phrase']}' is true: {_chance(r['true'])}; {r['true']['reason']}",
            f"advice: {advice}"]


def liarliar_lines(r: dict) -> list[str]:
    advice = "call 'Liar!'" if r["suggestion"]["call_liar"] else "let it stand"
    return [f"'{r['claim']['phrase']}' is true: {_chance(r['true'])}; {r['true']['reason']}",
            f"advice: {advice}"]


def poker_lines(r: dict) -> list[str]:
    lines = [f"'{r['claim']['phrase']}' can be made: {_chance(r['made'])}"]
    if "sampled" in r:
        lines.append(f"sampled: {_estimate(r['sampled'])}")
    lines.append(_suggested([f"{s['claim']['phrase']} {_short(s['made'])}"
                             for s in r["suggestions"]]))
    return lines


def _emit(result: dict, args, lines: list[str]) -> int:
    if args.json:
        print(json_line(result))
    else:
        for line in lines:
            print(terminal(line))
    return EXIT_OK


# --- the requests, from the arguments --------------------------------------------------

def _letters_payload(args) -> dict:
    payload = {"mine": args.mine, "hidden": args.hidden, "declared": args.declared,
               "tile_set": args.tile_set, "lexicon": args.lexicon, "budget": args.budget,
               "limit": args.limit, "samples": args.samples, "seed": args.seed}
    return {key: value for key, value in payload.items() if value is not None}


def _dice_payload(args) -> dict:
    rules = {"bid_order": args.bid_order, "dice_each": args.dice_each, "faces": args.faces}
    if args.wild:
        rules["wild"] = args.wild.replace(",", " ").split()
    payload = {"mine": list(args.mine), "hidden": args.hidden, "bid": args.bid,
               "rules": rules, "limit": args.limit}
    return {key: value for key, value in payload.items() if value is not None}


def _post_payload(args) -> dict:
    payload = {"mine": list(args.mine), "claim": args.claim,
               "rules": {"one_deck": args.one_deck, "eight_different": args.eight_different}}
    if args.face_up is not None:
        payload["face_up"] = args.face_up
    return payload


def _liarliar_payload(args) -> dict:
    payload = {"mine": list(args.mine), "claim": args.claim}
    if args.seen is not None:
        payload["seen"] = args.seen
    if args.count is not None:
        payload["count"] = args.count
    return payload


def _poker_payload(args) -> dict:
    payload = {"mine": list(args.mine), "hidden": args.hidden, "claim": args.claim,
               "rules": {"ladder": args.ladder}, "limit": args.limit,
               "samples": args.samples, "seed": args.seed}
    return {key: value for key, value in payload.items() if value is not None}


GAMES = {"dice": (dice.answer, _dice_payload, dice_lines),
         "post": (post.answer, _post_payload, post_lines),
         "liarliar": (liarliar.answer, _liarliar_payload, liarliar_lines),
         "poker": (poker.answer, _poker_payload, poker_lines)}


def run_letters(args) -> int:
    result = letters.answer(_letters_payload(args))
    return _emit(result, args, letters_lines(result))


def _run_game(parser: argparse.ArgumentParser, name: str):
    """A sister game's odds; bad input is the subcommand's own one-line error (exit 2)."""
    answer, build, lines = GAMES[name]

    def run(args) -> int:
        try:
            result = answer(build(args))
        except LiarsError as err:
            print(f"{terminal(f'{parser.prog}: {err.message}')} (see {parser.prog} --help)",
                  file=sys.stderr)
            return EXIT_USAGE
        return _emit(result, args, lines(result))
    return run


# --- the subcommands ---------------------------------------------------------------------

def _common(parser: argparse.ArgumentParser, *, hidden: bool = True, limit: bool = True,
            samples: bool = False) -> None:
    if hidden:
        parser.add_argument("--hidden", required=True, metavar="N",
                            help="how many the other players hold (hidden from you)")
    if limit:
        parser.add_argument("--limit", metavar="K",
                            help=f"suggestions listed, 0 to {MAX_SUGGESTIONS} (default "
                                 f"{DEFAULT_SUGGESTIONS})")
    if samples:
        parser.add_argument("--samples", metavar="N",
                            help=f"also estimate from N random deals, at most {MAX_SAMPLES} "
                                 f"(a check on the exact answer; default none)")
        parser.add_argument("--seed", metavar="S",
                            help=f"the random deals' seed (default {DEFAULT_SEED}): the "
                                 f"same seed deals the same hands")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def register(sub, games: dict) -> None:
    """Add ``odds`` to the ``liars`` subcommands, and to each sister game's (``games``:
    the game's name -> its subparsers, as :func:`solver.cli.games.register` made them)."""
    o = sub.add_parser("odds", help="how likely a Liars' Letters declaration is, from your "
                                    "tiles; the safest raises",
                       description="The exact chance that the declared word set exists among "
                                   "all the tiles, and that it is the highest, from your own "
                                   "tiles and how many tiles are hidden (a uniform draw from "
                                   "the tile set less yours); and the safest raises (advice: "
                                   "a bounded search, each chance exact).")
    o.add_argument("mine", help="your tiles, e.g. ABE ('' for none)")
    o.add_argument("declared", help="the last declared word set, e.g. 'bigger, a'")
    o.add_argument("--tile-set", "--tiles", "-t", dest="tile_set", default=None,
                   metavar="{%s}" % ",".join(sorted(TILE_SETS)),
                   help="the tile set the table uses (default scrabble)")
    o.add_argument("--lexicon", "-l", metavar="NAME_OR_PATH", default=None,
                   help="a bundled lexicon (%s; default twl06) or a word list file"
                        % ", ".join(bundled_lexicons()))
    o.add_argument("--budget", default=None, metavar="SECONDS",
                   help=f"seconds the search for 'highest' may take, 0 to {MAX_BUDGET:g} "
                        f"(default {DEFAULT_BUDGET:g})")
    _common(o, samples=True)
    o.set_defaults(func=run_letters)

    d = games["dice"].add_parser("odds", help="how likely a bid is, from your dice; every "
                                              "next bid ranked",
                                 description="The exact chance the bid holds, from your dice "
                                             "and how many dice are hidden (each a fair "
                                             "die); every next bid ranked by its chance.")
    d.add_argument("bid", help="the bid, e.g. '4 fives'")
    d.add_argument("mine", nargs="*", help="your dice, e.g. 2 5 5")
    d.add_argument("--wild", help="wild faces, e.g. 1 (default none)")
    d.add_argument("--bid-order", default="seed", choices=["seed", "quantity-first", "perudo"],
                   help="how a bid must rise (default seed)")
    d.add_argument("--dice-each", type=whole_number, default=5,
                   help="dice per player (default 5)")
    d.add_argument("--faces", type=whole_number, default=6, help="faces per die (default 6)")
    _common(d)
    d.set_defaults(func=_run_game(d, "dice"))

    p = games["post"].add_parser("odds", help="how likely the card is the named kind",
                                 description="The exact chance the card on its way to you is "
                                             "the named kind, from your hand and every "
                                             "face-up card.")
    p.add_argument("claim", help="the claim, e.g. 'this is a queen'")
    p.add_argument("mine", nargs="*", help="your hand, e.g. Q Q K 7")
    p.add_argument("--face-up", metavar="CARDS", help="every face-up card, e.g. 'Q Q Q 9'")
    p.add_argument("--one-deck", action="store_true", help="the one-deck variant")
    p.add_argument("--eight-different", action="store_true",
                   help="the eight-different variant")
    _common(p, hidden=False, limit=False)
    p.set_defaults(func=_run_game(p, "post"))

    ll = games["liarliar"].add_parser("odds", help="how likely the play just made is true",
                                      description="The exact chance the play is true (every "
                                                  "card its rank or a joker), from your hand "
                                                  "and the cards you know are elsewhere; "
                                                  "certainly a lie when too few are left.")
    ll.add_argument("claim", help="the play as said, e.g. 'two kings'")
    ll.add_argument("mine", nargs="*", help="your hand, e.g. KH KS 4D")
    ll.add_argument("--seen", metavar="CARDS",
                    help="cards not in the play: yours in the pile, discarded fours")
    ll.add_argument("--count", metavar="N", help="cards played, when the claim does not say")
    _common(ll, hidden=False, limit=False)
    ll.set_defaults(func=_run_game(ll, "liarliar"))

    k = games["poker"].add_parser("odds", help="how likely a named hand is, from your cards; "
                                               "every higher hand ranked",
                                  description="The exact chance the named hand can be made "
                                              "from all the cards, from yours and how many "
                                              "are hidden; every higher hand ranked.")
    k.add_argument("claim", help="the hand, e.g. 'pair of kings'")
    k.add_argument("mine", nargs="*", help="your cards with suits, e.g. KH 3C")
    k.add_argument("--ladder", default="standard", choices=["standard", "short-deck"],
                   help="the hand ladder (default standard)")
    _common(k, samples=True)
    k.set_defaults(func=_run_game(k, "poker"))
