"""``searchkit stats``: explore the whole reachable state space (within a budget) and draw the
distribution of distances from the start, in the terminal or with ``--plot`` as a PNG/SVG/PDF."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import searchkit
from searchkit import Budget, Exploration

from . import output
from .instance import Instance, add_instance_arguments, load_instance
from .parsing import PLOT_FORMATS, UsageError, byte_size, check_plot, positive
from .progress import progress_for
from .running import Built, accept_negative_values, budget_value, build_under

__all__ = ["add_parser", "run", "histogram_lines", "DEFAULT_MAX_STATES"]

DEFAULT_MAX_STATES = 5_000_000

EXAMPLES = f"""\
examples:
  searchkit stats nstar -e 1-1000
  searchkit stats nstar -e 1-1000 --plot distances.png
  searchkit stats nstar big.txt --max-states 1000000 --max-seconds 60 --log
  searchkit stats nstar -e 1-100 --json

The exploration is breadth-first from the start (distances count moves, goals are ignored); it
stops at {DEFAULT_MAX_STATES:,} states unless told otherwise (--max-states 0: no limit).
exit status: 0 whole space explored (or --max-depth reached), 1 budget exhausted,
2 usage or input error, 70 internal error, 130 interrupted.
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``stats`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "stats", help="explore the reachable state space and draw the distance histogram",
        description="Explore every state reachable from the instance's start (breadth-first, "
                    "within a budget) and print the number of states, the maximum and mean "
                    "distance from the start, and a histogram of distances.",
        epilog=EXAMPLES + epilog,
    )
    add_instance_arguments(parser, heuristic=False)
    parser.add_argument("--max-depth", metavar="N", type=positive(int),
                        help="do not explore beyond distance N")
    parser.add_argument("--visited", metavar="V", default="dict",
                        help="the backend holding the distances: dict or hashtable "
                             "(default: dict)")
    parser.add_argument("--log", action="store_true", help="logarithmic bar lengths")
    parser.add_argument("--plot", metavar="FILE", type=Path,
                        help=f"also write a bar chart to FILE ({', '.join(PLOT_FORMATS)}; "
                             "needs matplotlib: pip install 'searchkit[plot]')")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    group = parser.add_argument_group("budget (exit status 1 when exhausted)")
    group.add_argument("--max-states", metavar="N", type=positive(int), default=DEFAULT_MAX_STATES,
                       help=f"stop after N states (default: {DEFAULT_MAX_STATES:,}; 0: no limit)")
    group.add_argument("--max-seconds", metavar="N", type=budget_value("max_seconds", float),
                       help="stop after N seconds (building the problem included)")
    group.add_argument("--max-memory", metavar="SIZE", type=budget_value("max_bytes", byte_size,
                                                               "a size like 512M or 2G"),
                       help="stop before the exploration (or the process's growth) exceeds SIZE "
                            "bytes (e.g. 512M, 2G)")
    accept_negative_values(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Explore, print the report (or JSON), write the plot; 0 complete, 1 budget, 130 Ctrl-C.
    The budget covers building the problem (:func:`~.running.build_under`): a build it stops
    is reported as an exploration that reached no state."""
    if args.plot is not None:
        check_plot(args.plot)
    instance = load_instance(args)
    try:
        backend = searchkit.get_visited_backend(args.visited)
    except searchkit.UnknownNameError as exc:
        raise UsageError(str(exc)) from None
    if backend.is_tree_search:
        raise UsageError(f"visited backend {args.visited!r} stores no distances (use dict or "
                         "hashtable)")
    budget = Budget(max_visited=args.max_states or None, max_seconds=args.max_seconds,
                    max_bytes=args.max_memory)
    exploration = _explore(build_under(instance.problem, budget), budget, args)
    if args.plot is not None:
        _plot(instance, exploration, args.plot, args.log)
    if args.json:
        print(output.to_json(_json(instance, exploration)))
    else:
        print(_report(instance, exploration, args.log))
        if args.plot is not None:
            print(f"plot written to {args.plot}")
    return {"complete": 0, "depth_limit": 0, "interrupted": 130}.get(exploration.status, 1)


def _explore(built: Built, budget: Budget, args: argparse.Namespace) -> Exploration:
    """The exploration of ``built.problem`` under what its build left of ``budget``; when the
    budget stopped the build, its stop, as an exploration that reached no state."""
    stop = built.stopped
    if stop is not None:
        return Exploration(stop.status, {}, stats=stop.stats, reason=stop.reason)
    line = progress_for(not args.json, "depth")
    try:
        return searchkit.explore(built.problem, budget=budget, progress=line,
                                 visited=args.visited, max_depth=args.max_depth,
                                 since=built.since)
    finally:
        if line is not None:
            line.clear()


def histogram_lines(histogram: list[int], width: int, log: bool = False) -> list[str]:
    """The histogram as one line per distance: distance, count, bar.

    >>> print("\\n".join(histogram_lines([1, 2, 4, 1], width=30)))
    distance  states
           0       1  ██▌
           1       2  █████
           2       4  ██████████
           3       1  ██▌
    """
    counts = [output.count(c) for c in histogram]
    cw = max(len("states"), *(len(c) for c in counts))
    bar_width = max(8, min(60, width - 10 - cw - 4))
    lines = [f"distance  {'states'.rjust(cw)}"]
    bars = output.bars(histogram, bar_width, log)
    for distance, (text, bar) in enumerate(zip(counts, bars, strict=True)):
        lines.append(f"{distance:>8}  {text.rjust(cw)}  {bar}".rstrip())
    return lines


def _report(instance: Instance, e: Exploration, log: bool) -> str:
    """The text report: counts, distances and the histogram (none, and no distances, when no
    state was reached: the budget stopped the build)."""
    status = "complete" if e.complete else f"incomplete: {e.reason or e.status}"
    s = e.stats
    reached = e.count > 0
    lines = [
        instance.describe(),
        f"states         {output.count(e.count)} ({status})",
        f"max distance   {e.max_distance if reached else '-'}",
        f"mean distance  {f'{e.mean_distance:.3f}' if reached else '-'}",
        f"explored in    {output.seconds(s.seconds)} · {output.count(s.generated)} generated · "
        f"{output.size(s.peak_bytes)}",
    ]
    if reached:
        lines += ["", *histogram_lines(e.histogram, output.terminal_width(), log)]
    return "\n".join(lines)


def _json(instance: Instance, e: Exploration) -> dict[str, Any]:
    """The ``--json`` object of an exploration (documented in docs/cli.md); the distances are
    ``None`` when no state was reached."""
    reached = e.count > 0
    return {
        "puzzle": instance.puzzle.name,
        "instance": instance.name,
        "source": instance.source,
        "options": instance.resolved_options(),
        "status": e.status,
        "reason": e.reason,
        "count": e.count,
        "max_distance": e.max_distance if reached else None,
        "mean_distance": e.mean_distance if reached else None,
        "histogram": e.histogram,
        "stats": e.stats.as_dict(),
    }


def _plot(instance: Instance, e: Exploration, path: Path, log: bool) -> None:
    """Write the histogram as a bar chart to ``path`` with matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError as exc:
        raise UsageError(f"--plot needs matplotlib, which failed to import: {exc}") from None
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.bar(range(len(e.histogram)), e.histogram, color="#3b6ea5")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("distance from the start (moves)")
    ax.set_ylabel("states")
    if log:
        ax.set_yscale("log")
    done = "" if e.complete else f" ({e.status.replace('_', ' ')})"
    ax.set_title(f"{instance.describe()}: {e.count:,} states{done}, "
                 f"mean distance {e.mean_distance:.2f}")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
