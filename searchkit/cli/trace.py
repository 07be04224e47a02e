"""``searchkit trace``: run one search and write its events as JSON lines (docs/observe.md).

The trace format is :mod:`searchkit.trace`'s; ``searchkit view --trace-file`` draws its chart.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, TextIO

from searchkit.trace import TraceWriter

from . import output
from .instance import add_instance_arguments, load_instance
from .parsing import UsageError, positive
from .running import (
    add_budget_arguments,
    add_strategy_arguments,
    budget_from,
    build_under,
    check_choice,
    choice_from,
    search_built,
)
from .solve import exit_status
from .view import default_out

__all__ = ["add_parser", "run"]

EXAMPLES = """\
examples:
  searchkit trace nstar                             # the first example: nstar-1-42.trace.jsonl
  searchkit trace taquin -e tp-3x3 -s idastar --out ida.jsonl
  searchkit trace rushhour -e hardest -s bfs --max-events 10000 --out - | jq -c .kind
  searchkit view taquin -e tp-3x3 -s idastar --trace-file ida.jsonl   # the page with its chart

exit status: 0 solved, 1 no solution or budget exhausted (--max-events included), 2 usage or
input error, 130 interrupted (Ctrl-C; the trace ends with the events so far).
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``trace`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "trace", help="write the events of a search as JSON lines",
        description="Solve one instance and write every event of the search -- start, each "
                    "IDA*/IDDFS bound, each expansion, each generated child and what became of "
                    "it, the solution, the end -- as one JSON object per line, states written "
                    "once each with their text (see docs/observe.md).",
        epilog=EXAMPLES + epilog,
    )
    add_instance_arguments(parser)
    parser.add_argument("--out", metavar="FILE",
                        help="the trace to write ('-': standard output; default: "
                             "PUZZLE-INSTANCE.trace.jsonl)")
    parser.add_argument("--max-events", metavar="N", type=positive(int, 1),
                        help="stop the search after N events, as a budget would (the trace "
                             "still ends with its 'end' record)")
    add_strategy_arguments(parser)
    add_budget_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the trace and return the exit status. The budget covers building the problem
    (:func:`~.running.build_under`): a build it stops leaves a trace of the header and the
    ``end`` record, whose reason says so."""
    instance = load_instance(args)
    choice = choice_from(args, instance.puzzle)
    budget = budget_from(args)
    check_choice(choice, budget)
    built = build_under(instance.problem, budget)
    target = args.out or default_out(None, instance, ".trace.jsonl")
    # the instance's name and level for messages, its digest to tell it (view --trace-file)
    header = {"puzzle": instance.puzzle.name, "instance": instance.name,
              "source": instance.source, "level": instance.level, "digest": instance.digest,
              "options": _plain(instance.resolved_options()), "strategy": choice.strategy}
    # written beside the target and renamed once the search has ended: a bad option, found
    # when the search starts, leaves a file already there as it was
    partial = f"{target}.part"
    stream = sys.stdout if target == "-" else _open(partial, target)
    try:
        writer = TraceWriter(built.problem, stream, max_events=args.max_events, header=header)
        result = search_built(built, choice, budget, show_progress=True, observer=writer)
    except BaseException:
        if stream is not sys.stdout:
            stream.close()
            os.unlink(partial)
        raise
    if stream is not sys.stdout:
        stream.close()
        try:
            os.replace(partial, target)
        except OSError as exc:
            os.unlink(partial)
            raise UsageError(f"{target}: {exc.strerror or exc}") from None
    report = sys.stderr if target == "-" else sys.stdout
    size = "" if target == "-" else f", {output.size(os.path.getsize(target))}"
    outcome = result.status.replace("_", " ")
    if result.solved:
        outcome += f", cost {output.number(result.cost)}"
    elif result.reason:
        outcome += f": {result.reason}"
    events = f"{writer.events:,} event{'s' * (writer.events != 1)}"
    print(f"wrote {'the trace' if target == '-' else target}: {events}{size}; {outcome}",
          file=report)
    return exit_status(result.status)


def _open(path: str, target: str) -> TextIO:
    """The partial file ``path`` that becomes ``target``, checked first: a target that the
    rename would fail on (a directory) is refused before anything runs, as opening it would be."""
    if os.path.isdir(target):
        raise UsageError(f"{target}: Is a directory")
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{target}: {exc.strerror or exc}") from None


def _plain(options: dict[str, Any]) -> dict[str, Any]:
    """The options as JSON values (anything else as its text)."""
    return {k: v if isinstance(v, (str, int, float, bool, type(None))) else str(v)
            for k, v in options.items()}
