"""One mode on one collection, a range of levels at a time: the collection suites' runs, split.

The ``sokoban-<collection>`` suites run both modes on every level at 60 s (hours of CPU); this
command runs one mode on some levels, so that a 2-core machine can run two halves at once and
a user can measure just the fast mode, or run its portfolio (what ``searchkit solve -o
mode=any`` runs on one level) over a collection file of their own. Every level goes through
:func:`~searchkit_sokoban.solve.solve_level` with ``cost="pushes"`` and ``clock="cpu"``; each
result is printed as one line (and, with ``--jsonl``, appended to a file as it comes, so an
interrupted run keeps what it measured)::

    python -m searchkit_sokoban.bench.collect sasquatch --mode any --limit 60 --levels 1-25
    python -m searchkit_sokoban.bench.collect my_levels.xsb --limit 10

Collections: ``microban`` and those of :data:`~.modes.COLLECTIONS`, read from the data folder
(``$SEARCHKIT_DATA/sokoban``, else ``../shared/data/sokoban``), or the path of any collection
file. A level whose text is bad (say, more boxes than goals) is reported on its line, as
``error`` with the file and line, and the others still run; the exit status is then 1. Ctrl-C
stops the run after the level being searched (reported as ``interrupted``), exit status 130.
``--max-memory SIZE`` caps how much each level's solve may grow the process (``solve_level``'s
``max_memory``): long limits on large levels otherwise hold hundreds of megabytes a minute.
``--max-nodes N`` caps its expansions (``max_nodes``), a budget that a machine's speed does not
change. ``--workers 2`` runs the fast mode's two lanes at once (``solve_level``'s ``workers``:
:mod:`~searchkit_sokoban.parallel`), each with the whole limit of its own process's CPU time;
``cpu_seconds`` is then both lanes' CPU time.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from searchkit import PuzzleFormatError, UnknownNameError
from searchkit.bench import default_data_dir
from searchkit.cli.parsing import byte_size
from searchkit.cli.running import budget_value

from ..portfolio import check_strategy, check_workers
from ..problem import MODES
from ..solve import solve_level
from .modes import COLLECTIONS

__all__ = ["main"]

FILES = {"microban": "microban.xsb", **{k: v[0] for k, v in COLLECTIONS.items()}}


def _levels(text: str) -> list[int]:
    """``"1-25,30"`` -> ``[1, ..., 25, 30]``; ``ValueError`` on anything else."""
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first > last:
            raise ValueError(f"empty range {part!r}")
        numbers.extend(range(first, last + 1))
    return numbers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m searchkit_sokoban.bench.collect",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("collection", help=f"{', '.join(sorted(FILES))}, or a collection file")
    parser.add_argument("--mode", choices=MODES, default="any")
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds a level")
    parser.add_argument("--strategy", default=None,
                        help="one search instead of the portfolio (mode any: greedy, astar, "
                             "features, pull...)")
    parser.add_argument("--max-nodes", metavar="N", default=None,
                        type=budget_value("max_expansions", int, "a whole number"),
                        help="the expansions a level's solve may make (default: no limit)")
    parser.add_argument("--max-memory", metavar="SIZE", default=None,
                        type=budget_value("max_bytes", byte_size, "a size like 512M or 2G"),
                        help="how much a level's solve may grow the process (e.g. 2G; default: "
                             "no limit)")
    parser.add_argument("--workers", type=int, default=1,
                        help="mode any: run the fast mode's lanes at once, each in its own "
                             "process with the whole limit (1 or 2; default 1)")
    parser.add_argument("--levels", default=None, help="e.g. 1-25,30 (default: all)")
    parser.add_argument("--jsonl", type=Path, default=None, help="append one line per level")
    args = parser.parse_args(argv)
    if not (args.limit > 0 and math.isfinite(args.limit)):
        parser.error(f"--limit {args.limit:g}: expected a positive, finite number of CPU "
                     "seconds")
    if args.jsonl is not None:
        try:  # before any level runs, not after the first one's minute
            args.jsonl.open("a").close()
        except OSError as error:
            parser.error(f"--jsonl {args.jsonl}: cannot append to it ({error.strerror})")
    try:
        check_strategy(args.strategy, args.mode)
        check_workers(args.workers, args.mode, args.strategy)
    except (ValueError, UnknownNameError) as error:
        parser.error(str(error))
    text = _read(parser, args.collection)
    from ..plugin import SokobanPuzzle

    count = len(SokobanPuzzle().levels(text))
    if not count:
        parser.error(f"{args.collection}: no level found (a board needs rows containing '#')")
    numbers = list(range(1, count + 1))
    if args.levels:
        try:
            numbers = _levels(args.levels)
        except ValueError:
            parser.error(f"--levels {args.levels!r}: expected level numbers and ranges such as "
                         "1-25,30")
        outside = [n for n in numbers if not 1 <= n <= count]
        if outside:
            parser.error(f"--levels: {args.collection} has levels 1 to {count}, not {outside[0]}")
    solved = bad = run = 0
    interrupted = False
    try:
        for number in numbers:
            try:
                report = solve_level(text, number, cost="pushes", mode=args.mode,
                                     strategy=args.strategy, time_limit=args.limit, clock="cpu",
                                     max_nodes=args.max_nodes, max_memory=args.max_memory,
                                     workers=args.workers)
            except PuzzleFormatError as error:
                bad += 1
                print(f"{number}\terror\t{error.with_source(args.collection)}", flush=True)
                continue
            run += 1
            solved += report.solved
            print(f"{number}\t{report.status}\t{report.pushes}\t{report.cpu_seconds:.2f}\t"
                  f"{report.nodes}\t{report.strategy}" +
                  (f"\t{report.reason}" if report.reason else ""), flush=True)
            if args.jsonl is not None:
                with args.jsonl.open("a") as out:
                    out.write(json.dumps({"collection": args.collection, "number": number,
                                          "limit": args.limit, **report.as_dict()}) + "\n")
            if report.status == "interrupted":  # Ctrl-C within a search
                interrupted = True
                break
    except KeyboardInterrupt:  # Ctrl-C between searches (parsing, building tables)
        interrupted = True
    how = f"mode={args.mode}" + (f", strategy={args.strategy}" if args.strategy else "") + \
        (f", {args.workers} workers" if args.workers > 1 else "")
    print(("interrupted: " if interrupted else "") +
          f"solved {solved} of {run if interrupted else len(numbers)} ({args.collection}, "
          f"{how}, {args.limit:g} s of CPU a level)" + (f", {bad} not read" if bad else ""))
    return 130 if interrupted else 1 if bad else 0


def _read(parser: argparse.ArgumentParser, collection: str) -> str:
    """The text of a named collection (from the data folder) or of a collection file; a
    one-line usage error if there is none."""
    if collection in FILES:
        path = default_data_dir() / "sokoban" / FILES[collection]
        if not path.is_file():
            parser.error(f"{path}: no such file (the data folder is $SEARCHKIT_DATA/sokoban, "
                         "else ../shared/data/sokoban)")
    else:
        path = Path(collection)
        if not path.is_file():
            parser.error(f"{collection}: neither a collection ({', '.join(sorted(FILES))}) "
                         "nor a file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        parser.error(f"{collection}: not a text file (UTF-8)")
    except OSError as error:
        parser.error(f"{collection}: {error.strerror}")


if __name__ == "__main__":
    sys.exit(main())
