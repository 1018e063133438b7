"""``liars verify LOG.json``: check that every deal of a room's log was made from the seeds
the table was shown (docs/fair-deal.md; :mod:`solver.rooms.dealcheck` finds it).

Exit 0 when every game over in the log checks (and there is one), 1 when one does not,
2 when the file is not a room's log.
"""

from __future__ import annotations

from solver.rooms.dealcheck import check_log, report_lines

from .common import EXIT_FALSE, EXIT_OK
from .games import with_usage, emit, read_payload


def _run(args) -> int:
    report = check_log(read_payload(args.file))
    emit(report, args, report_lines(report))
    return EXIT_OK if report["ok"] else EXIT_FALSE


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "verify", help="check a room's log: every deal made from the seeds shown",
        description="Check a room's log (GET /api/v1/rooms/CODE/log, saved as JSON; - for "
                    "standard input): each game's seed matches the commitment shown before "
                    "its deal, and every hand dealt or turned over is the one its seeds "
                    "deal (docs/fair-deal.md).")
    parser.add_argument("file", help="the room's log as JSON, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(func=with_usage(parser, _run))
