"""``searchkit report``: the per-configuration summary of a store written by ``searchkit batch``,
and its plots."""

from __future__ import annotations

import argparse
from typing import Any

from searchkit.errors import SearchkitError

from .parsing import UsageError, check_plot

__all__ = ["add_parser", "run"]

EXAMPLES = """\
examples:
  searchkit report results.sqlite
  searchkit report runs.jsonl --plot runs.png       # cactus plot + expansions per instance
  searchkit report runs.csv --puzzle taquin --plot runs.svg

Columns: tasks, solved, optimal (matches the known optimum / tasks with one), errors, total and
median expansions of the solved tasks, CPU, and the expansions and CPU relative to the best
configuration on the instances every configuration solved. An instance label stored with two
texts (a file edited between runs) counts as two instances. See docs/batch.md.
"""


def add_parser(subparsers: Any) -> None:
    """Register ``report`` on ``subparsers``."""
    parser = subparsers.add_parser(
        "report", help="summarise (and plot) the records of a batch store",
        description="Print a summary per configuration (strategy and the options that vary) of "
                    "the records in a store written by 'searchkit batch' (SQLite, .jsonl or "
                    ".csv), and with --plot draw a cactus plot and the expansions per instance.",
        epilog=EXAMPLES,
    )
    parser.add_argument("store", metavar="STORE", help="results.sqlite, a .jsonl or a .csv file")
    parser.add_argument("--plot", metavar="FILE", help="draw the plots into FILE (.png, .svg, "
                                                       ".pdf; needs matplotlib)")
    parser.add_argument("--puzzle", metavar="NAME", help="only the records of this puzzle")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary (and draw the plot); 0, or 1 when the store holds no record."""
    from searchkit.experiments import read_records
    from searchkit.experiments.report import format_table, several_texts, summarize

    if args.plot:
        check_plot(args.plot)
    try:
        records = [r for r in read_records(args.store)
                   if args.puzzle is None or r["puzzle"] == args.puzzle]
        if not records:
            print(f"{args.store}: no records" + (f" of puzzle {args.puzzle!r}"
                                                  if args.puzzle else ""))
            return 1
        puzzles = sorted({r["puzzle"] for r in records})
        print(f"{args.store}: {len(records)} records · puzzle {', '.join(puzzles)}")
        print(format_table(summarize(records)))
        several = sorted(several_texts(records))
        if several:
            more = f" and {len(several) - 3} more" if len(several) > 3 else ""
            print(f"{', '.join(several[:3])}{more}: stored with more than one text (a file "
                  "edited between runs, or another file of the same name); each text counts "
                  "as an instance of its own")
        if args.plot:
            from searchkit.experiments.plots import plot

            plot(records, args.plot, title=f"{', '.join(puzzles)} · {args.store}")
            print(f"plots written to {args.plot}")
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    return 0
