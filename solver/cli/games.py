"""``liars dice|post|liarliar|poker check|replay`` and ``liars letters replay``: the sister
games, and whole Liars' Letters games, on the command line.

A thin layer over :mod:`solver.games.registry`: arguments become the same payloads the
HTTP API takes, and results become one readable line (or JSON with
``--json``).  Exit codes follow the ``liars`` CLI: 0 when the claim holds or
the replay is legal to the end, 1 when it does not, 2 (raised LiarsError,
printed by the main CLI) when the input cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from solver.errors import InvalidInput, LiarsError
from solver.games.post import read_call
from solver.games.registry import GAMES, REPLAYERS
from solver.games.table import small_int

from . import jsontext
from .common import json_line, library_type, read_document, terminal

EXIT_OK, EXIT_FALSE, EXIT_USAGE = 0, 1, 2


def whole_number(text: str) -> int:
    """An argument of ASCII digits only: ``int()`` would also take '1_0' and '５'.

    >>> whole_number("4"), whole_number(" 6 ")
    (4, 6)
    """
    value = small_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return value


# --- input ------------------------------------------------------------------------------

def read_payload(source: str) -> dict:
    """A replay payload from a JSON file, or from standard input for ``-``."""
    data = read_document(source)
    name = "standard input" if source == "-" else source
    try:
        return jsontext.decode(data)  # as the API reads a body: the same files pass
    except json.JSONDecodeError as err:
        raise InvalidInput(f"{name} is not JSON: {err.msg} at line {err.lineno}",
                           field="file") from None
    except UnicodeDecodeError as err:
        raise InvalidInput(f"{name} is not JSON: not UTF-8, UTF-16 or UTF-32 text "
                           f"({err.encoding} cannot read byte {err.start})",
                           field="file") from None
    except ValueError as err:  # NaN, Infinity
        raise InvalidInput(f"{name} is not JSON: {err}", field="file") from None
    except RecursionError:
        raise InvalidInput(f"{name} is nested too deeply to read as JSON",
                           field="file") from None


def _dice_rules(args) -> dict:
    rules = {"bid_order": args.bid_order, "dice_each": args.dice_each, "faces": args.faces}
    if args.wild:
        rules["wild"] = args.wild.replace(",", " ").split()
    return rules


def _dice_payload(args) -> dict:
    payload = {"rules": _dice_rules(args), "claim": args.claim, "dice": list(args.dice)}
    if args.last:
        payload["last"] = args.last
    return payload


def _post_payload(args) -> dict:
    payload = {"rules": {"one_deck": args.one_deck, "eight_different": args.eight_different},
               "claim": args.claim, "card": args.card}
    if args.call is not None:
        payload["call"] = args.call
    if args.face_up is not None:
        payload["face_up"] = args.face_up
    if args.players is not None:
        payload["players"] = args.players
    return payload


def _liarliar_payload(args) -> dict:
    return {"claim": args.claim, "cards": list(args.cards)}


def _poker_payload(args) -> dict:
    payload = {"rules": {"ladder": args.ladder}, "claim": args.claim, "cards": list(args.cards)}
    if args.last:
        payload["last"] = args.last
    return payload


# --- output: one line per answer ---------------------------------------------------------

def _dice_line(r: dict) -> str:
    line = (f"{r['bid']['phrase']}: {r['count']} of {r['dice_in_play']} dice count - "
            f"{'HOLDS' if r['holds'] else 'does NOT hold'}")
    if "raise" in r:
        raise_ = r["raise"]
        line += ("; a legal raise over " + raise_["last"]["phrase"] if raise_["legal"]
                 else f"; NOT a legal raise: {raise_['reason']}")
    return line


def _post_line(r: dict) -> str:
    line = f"'{r['claim']['phrase']}': the card is {r['card']} - " + \
           ("TRUE" if r["claim_true"] else "FALSE")
    if "call" in r:
        line += (f"; the receiver called {r['call']} and is "
                 f"{'right' if r['receiver_right'] else 'wrong'}: the {r['takes']} takes it")
    if "loses" in r:
        line += "; face-up cards " + (f"LOSE ({r['reason']})" if r["loses"] else
                                      f"do not lose ({r['losing_count']} of a kind would)")
    return line


def _liarliar_line(r: dict) -> str:
    cards = " ".join(r["cards"])
    if r["true"]:
        jokers = f" ({r['jokers']} joker{'s' if r['jokers'] != 1 else ''})" if r["jokers"] else ""
        return f"'{r['claim']['phrase']}': {cards} - TRUE{jokers}"
    return f"'{r['claim']['phrase']}': {cards} - FALSE (not {r['claim']['rank']}: " \
           f"{' '.join(r['wrong'])})"


def _poker_line(r: dict) -> str:
    line = f"'{r['claim']['phrase']}': " + (f"MADE from {' '.join(r['cards_used'])}" if r["made"]
                                            else "can NOT be made from the revealed cards")
    if "higher" in r:
        h = r["higher"]
        line += (f"; higher than '{h['last']['phrase']}'" if h["legal"]
                 else f"; NOT higher: {h['reason']}")
    return line


CHECK_LINES = {"dice": (_dice_line, "holds"), "post": (_post_line, "claim_true"),
               "liarliar": (_liarliar_line, "true"), "poker": (_poker_line, "made")}

_HOLDINGS = {"dice": ("dice", "dice"), "post": ("hands", "cards in hand"),
             "liarliar": ("hands", "cards"), "poker": ("cards", "cards")}


def _placings(outcome: dict) -> str:
    return ", ".join(f"{i}. {' & '.join(group)}" for i, group in
                     enumerate(outcome["placings"], start=1))


def format_state(state: dict) -> str:
    """One line: the result when the game is over, else who moves and what each holds."""
    outcome = state.get("outcome")
    if outcome:
        return f"game over: {outcome['reason']}; placings: {_placings(outcome)}"
    key, noun = _HOLDINGS[state["game"]]
    gone = set(state.get("out", [])) | set(state.get("finished", [])) | \
        set(state.get("eliminated", []))
    held = ", ".join(f"{p} {n}" for p, n in state[key].items() if p not in gone)
    line = f"{state['to_move']} to move; {noun}: {held}"
    if gone:
        line += f"; out: {', '.join(p for p in state['players'] if p in gone)}"
    return line


def format_letters_state(state: dict) -> str:
    """One line for a Liars' Letters game: the winner, or who acts and what everyone holds."""
    out = f"; out: {', '.join(state['out'])}" if state["out"] else ""
    if state["winner"]:
        played = state["round"] - 1
        return (f"game over: {state['winner']} wins after {played} "
                f"round{'' if played == 1 else 's'}{out}")
    held = ", ".join(f"{p} {n}" for p, n in state["tiles"].items())
    last = state["last"]
    doing = (f"{state['to_move']} to raise or call on '{', '.join(last['declared'])}' "
             f"({last['player']})" if last else f"{state['opener']} to open")
    return f"round {state['round']} ({state['direction']}): {doing}; tiles: {held}{out}"


def format_replay(result: dict) -> str:
    if result["game"] == "letters":
        format_state_ = format_letters_state
    else:
        format_state_ = format_state
    if result["ok"]:
        return f"{result['events']} events, all legal; {format_state_(result['state'])}"
    event = result["event"]
    what = f"{event.get('type', '?')} by {event.get('player', '?')}" \
        if isinstance(event, dict) else "event"
    verdict = "is undecided" if result["error"]["code"] == "undecided" else "is illegal"
    message = result["error"]["message"]
    if result["error"]["code"] == "undecided":
        message = message.split(": ", 1)[-1]  # "'exact' on ... is undecided: " said already
    return (f"event {result['event_index']} ({what}) {verdict}: {message}"
            f"; before it: {format_state_(result['state'])}")


# --- the subcommands ---------------------------------------------------------------------

def _emit(result: dict, args, line: str) -> None:
    print(json_line(result) if args.json else terminal(line))


def _with_usage(parser: argparse.ArgumentParser, run):
    """Bad input fails as the subcommand's own error: one line on standard error that
    names the problem and says where its usage is (exit 2)."""
    def guarded(args) -> int:
        try:
            return run(args)
        except LiarsError as err:
            print(f"{terminal(f'{parser.prog}: {err.message}')} (see {parser.prog} --help)",
                  file=sys.stderr)
            return EXIT_USAGE
    return guarded


def _run_check(parser: argparse.ArgumentParser, name: str, build):
    def run(args) -> int:
        result = GAMES[name].check(build(args))
        formatter, verdict = CHECK_LINES[name]
        _emit(result, args, formatter(result))
        return EXIT_OK if result[verdict] else EXIT_FALSE
    return _with_usage(parser, run)


def _run_replay(parser: argparse.ArgumentParser, name: str):
    def run(args) -> int:
        result = REPLAYERS[name].replay(read_payload(args.file))
        _emit(result, args, format_replay(result))
        return EXIT_OK if result["ok"] else EXIT_FALSE
    return _with_usage(parser, run)


def _json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _add_replay(games: argparse._SubParsersAction, name: str) -> None:
    r = games.add_parser("replay", help="replay a whole game move by move",
                         description="Replay {\"rules\", \"players\", \"events\"} from a JSON "
                                     "file (- for standard input): the final state, or the "
                                     "first illegal event and why.")
    r.add_argument("file", help="the game as JSON, or - for standard input")
    _json_flag(r)
    r.set_defaults(func=_run_replay(r, name))


def register(subparsers) -> dict:
    """Add ``letters``, ``dice``, ``post``, ``liarliar`` and ``poker`` to the ``liars``
    subcommands; return each game's own subparsers, for more actions (``odds``)."""
    lt = subparsers.add_parser("letters", help="Liars' Letters: replay a whole game",
                               description=REPLAYERS["letters"].description)
    ltsub = lt.add_subparsers(dest="action", metavar="ACTION", required=True)
    _add_replay(ltsub, "letters")

    d = subparsers.add_parser("dice", help="Liar's Dice: check a bid, its odds, replay a game",
                              description=GAMES["dice"].description)
    dsub = d.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = dsub.add_parser("check", help="does a bid hold among the revealed dice",
                        description="Count the bid's face (and wild faces) among all revealed "
                                    "dice; with --last, is the bid a legal raise.")
    c.add_argument("claim", help="the bid as said, e.g. '5 sixes' or 'five sixes'")
    c.add_argument("dice", nargs="+", help="every revealed die, e.g. 6 6 1 3")
    c.add_argument("--last", help="the bid it raises, e.g. '4 sixes'")
    c.add_argument("--wild", help="wild faces, e.g. 1 (default none)")
    c.add_argument("--bid-order", default="seed", choices=["seed", "quantity-first", "perudo"],
                   help="how a bid must rise (default seed)")
    c.add_argument("--dice-each", type=whole_number, default=5,
                   help="dice per player (default 5)")
    c.add_argument("--faces", type=whole_number, default=6, help="faces per die (default 6)")
    _json_flag(c)
    c.set_defaults(func=_run_check(c, "dice", _dice_payload))
    _add_replay(dsub, "dice")

    p = subparsers.add_parser("post", help="Liar's Post: check a claim, its odds, replay a game",
                              description=GAMES["post"].description)
    psub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = psub.add_parser("check", help="is a claim about the card true; who takes it",
                        description="Compare the claim with the turned-over card; with --call, "
                                    "say who takes the card; with --face-up, whether those "
                                    "face-up cards lose.")
    c.add_argument("claim", help="the claim as said, e.g. 'this is a queen'")
    c.add_argument("card", help="the turned-over card, e.g. QH")
    c.add_argument("--call", type=library_type(read_call, "call"), metavar="{true,false}",
                   help="the receiver's call")
    c.add_argument("--face-up", metavar="CARDS", help="a player's face-up cards, e.g. 'Q Q Q'")
    c.add_argument("--players", type=whole_number,
                   help="players at the table, for --face-up's loss limit (default 3)")
    c.add_argument("--one-deck", action="store_true", help="the one-deck variant")
    c.add_argument("--eight-different", action="store_true",
                   help="the eight-different variant")
    _json_flag(c)
    c.set_defaults(func=_run_check(c, "post", _post_payload))
    _add_replay(psub, "post")

    ll = subparsers.add_parser("liarliar", help="Liar Liar: check a play, its odds, replay a match",
                               description=GAMES["liarliar"].description)
    lsub = ll.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = lsub.add_parser("check", help="is a play true (jokers are wild)")
    c.add_argument("claim", help="the play as said, e.g. 'two kings'")
    c.add_argument("cards", nargs="+", help="the turned-over cards, e.g. KH joker")
    _json_flag(c)
    c.set_defaults(func=_run_check(c, "liarliar", _liarliar_payload))
    _add_replay(lsub, "liarliar")

    k = subparsers.add_parser("poker", help="Liar's Poker with cards: check a claim, its odds, replay",
                              description=GAMES["poker"].description)
    ksub = k.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = ksub.add_parser("check", help="can the named hand be made from all revealed cards")
    c.add_argument("claim", help="the hand as said, e.g. 'full house, kings over threes'")
    c.add_argument("cards", nargs="+", help="every revealed card, e.g. KH KS KD 3C 3S")
    c.add_argument("--last", help="the claim it must beat")
    c.add_argument("--ladder", default="standard", choices=["standard", "short-deck"],
                   help="the hand ladder (default standard)")
    _json_flag(c)
    c.set_defaults(func=_run_check(c, "poker", _poker_payload))
    _add_replay(ksub, "poker")
    return {"letters": ltsub, "dice": dsub, "post": psub, "liarliar": lsub, "poker": ksub}
