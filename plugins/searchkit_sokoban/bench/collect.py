"""One mode on one collection, a range of levels at a time: the collection suites' runs, split.

The ``sokoban-<collection>`` suites run both modes on every level at 60 s (hours of CPU); this
command runs one mode on some levels, so that a 2-core machine can run two halves at once and
a user can measure just the fast mode. Every level goes through
:func:`~searchkit_sokoban.solve.solve_level` with ``cost="pushes"`` and ``clock="cpu"``; each
result is printed as one line (and, with ``--jsonl``, appended to a file as it comes, so an
interrupted run keeps what it measured)::

    python -m searchkit_sokoban.bench.collect sasquatch --mode any --limit 60 --levels 1-25

Collections: ``microban`` and those of :data:`~.modes.COLLECTIONS`; the data folder is
``$SEARCHKIT_DATA/sokoban``, else ``../shared/data/sokoban``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from searchkit import UnknownNameError

from ..problem import MODES
from ..solve import check_strategy, solve_level
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
    parser.add_argument("collection", choices=sorted(FILES))
    parser.add_argument("--mode", choices=MODES, default="any")
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds a level")
    parser.add_argument("--strategy", default=None,
                        help="one search instead of the portfolio (mode any: greedy, astar, "
                             "features, pull...)")
    parser.add_argument("--levels", default=None, help="e.g. 1-25,30 (default: all)")
    parser.add_argument("--jsonl", type=Path, default=None, help="append one line per level")
    args = parser.parse_args(argv)
    if not args.limit > 0:
        parser.error(f"--limit {args.limit:g}: expected a positive number of CPU seconds")
    try:
        check_strategy(args.strategy, args.mode)
    except (ValueError, UnknownNameError) as error:
        parser.error(str(error))
    path = Path(os.environ.get("SEARCHKIT_DATA", "../shared/data")) / "sokoban" / \
        FILES[args.collection]
    if not path.is_file():
        parser.error(f"{path}: no such file (the data folder is $SEARCHKIT_DATA/sokoban, else "
                     "../shared/data/sokoban)")
    text = path.read_text()
    from ..plugin import SokobanPuzzle

    count = len(SokobanPuzzle().levels(text))
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
    solved = 0
    for number in numbers:
        report = solve_level(text, number, cost="pushes", mode=args.mode,
                             strategy=args.strategy, time_limit=args.limit, clock="cpu")
        solved += report.solved
        print(f"{number}\t{report.status}\t{report.pushes}\t{report.cpu_seconds:.2f}\t"
              f"{report.nodes}\t{report.strategy}", flush=True)
        if args.jsonl is not None:
            with args.jsonl.open("a") as out:
                out.write(json.dumps({"collection": args.collection, "number": number,
                                      "limit": args.limit, **report.as_dict()}) + "\n")
    how = f"mode={args.mode}" + (f", strategy={args.strategy}" if args.strategy else "")
    print(f"solved {solved} of {len(numbers)} ({args.collection}, {how}, "
          f"{args.limit:g} s of CPU a level)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
