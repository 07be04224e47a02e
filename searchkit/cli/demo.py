"""``searchkit demo``: solve the first built-in example of every installed puzzle, with the
puzzle's default strategy and one contrasting strategy, and print a short report.

The contrast is Dijkstra's algorithm when the default strategy uses a heuristic (same optimality
guarantee, no heuristic: the difference in expanded states is what the heuristic buys), else A*.
Every plan is replayed with :func:`searchkit.verify`, and two cost-optimal strategies must agree
on the cost. Each run has a time budget, so the demo takes seconds whatever is installed.
"""

from __future__ import annotations

import argparse
from typing import Any

import searchkit
from searchkit import Budget, Result
from searchkit.errors import SearchkitError

from . import output
from .instance import find_puzzle
from .parsing import UsageError, comma_list
from .running import Choice, run_search

__all__ = ["add_parser", "run", "contrast_for", "DEFAULT_SECONDS", "CONTRAST_SECONDS"]

DEFAULT_SECONDS = 10.0  # budget of the default strategy's run
CONTRAST_SECONDS = 1.0  # budget of the contrasting run
MAX_BOARD_LINES = 14  # start states drawn taller than this are not shown

EXAMPLES = """\
examples:
  searchkit demo
  searchkit demo --puzzles nstar

exit status: 0 every example solved with a verified plan, 1 otherwise.
"""


def add_parser(subparsers: Any) -> None:
    """Register ``demo`` on ``subparsers``."""
    parser = subparsers.add_parser(
        "demo", help="solve the built-in example of every installed puzzle (start here)",
        description="Solve the first built-in example of every installed puzzle with its default "
                    "strategy and a contrasting one, verify the plans and print a short report.",
        epilog=EXAMPLES,
    )
    parser.add_argument("--puzzles", metavar="P,P,...", type=comma_list,
                        help="only these puzzles (default: all installed)")
    parser.set_defaults(handler=run)


def contrast_for(strategy_name: str) -> str:
    """The strategy run next to ``strategy_name``: ``dijkstra`` after a heuristic search, else
    ``astar``.

    >>> contrast_for("astar"), contrast_for("idastar"), contrast_for("bfs")
    ('dijkstra', 'dijkstra', 'astar')
    """
    return "dijkstra" if searchkit.get_strategy(strategy_name).uses_heuristic else "astar"


def run(args: argparse.Namespace) -> int:
    """Demo every selected puzzle; 0 when all solved with verified plans, 130 on Ctrl-C."""
    installed = searchkit.puzzles()
    names = args.puzzles or sorted(installed)
    puzzles = [find_puzzle(name) for name in names]
    print("searchkit demo: the first built-in example of every installed puzzle\n")
    ok = True
    for puzzle in puzzles:
        outcome = _demo_one(puzzle)
        print()
        if outcome == "interrupted":
            return 130
        ok = ok and outcome == "ok"
    if not puzzles:
        print("no puzzles installed")
        ok = False
    if not args.puzzles:
        for failure in searchkit.plugin_failures():
            print(f"not loaded: {failure}")
    print("next: searchkit list · searchkit solve PUZZLE --show all · "
          "searchkit compare PUZZLE -s bfs,dijkstra,astar")
    return 0 if ok else 1


def _demo_one(puzzle: Any) -> str:
    """Run and report one puzzle's example: ``ok``, ``failed`` or ``interrupted``."""
    examples = puzzle.examples()
    print(f"{puzzle.name}: {puzzle.description}")
    if not examples:
        print("  (no built-in example)")
        return "ok"
    name, text = next(iter(examples.items()))
    try:
        problem = puzzle.parse(text)
    except SearchkitError as exc:
        print(f"  example {name}: cannot be loaded: {exc}")
        return "failed"
    start = problem.render(problem.initial())
    print(f"  example {name}" + (":" if len(start.splitlines()) <= MAX_BOARD_LINES else ""))
    if len(start.splitlines()) <= MAX_BOARD_LINES:
        print("\n".join("    " + line for line in start.splitlines()))
    default = puzzle.default_strategy
    runs = [(default, DEFAULT_SECONDS), (contrast_for(default), CONTRAST_SECONDS)]
    results: list[tuple[str, Result, str]] = []
    for strategy, seconds in runs:
        try:
            result = run_search(problem, Choice(strategy), Budget(max_seconds=seconds), True,
                                prefix=f"{puzzle.name} {strategy}: ")
        except UsageError as exc:  # e.g. a strategy the problem does not support
            print(f"  {strategy}: {exc}")
            return "failed"
        results.append((strategy, result, _check(problem, result)))
        if result.status == "interrupted":
            break
    rows = [[s, r.status, output.number(r.cost), "-" if r.actions is None else len(r.actions),
             output.count(r.stats.expanded), output.seconds(r.stats.seconds), check]
            for s, r, check in results]
    table = output.table(["strategy", "status", "cost", "length", "expanded", "time", "plan"],
                         rows, right=[2, 3, 4, 5])
    print("\n".join("  " + line for line in table.splitlines()))
    if results[-1][1].status == "interrupted":
        return "interrupted"
    (first, best, check), (second, other, _) = results
    if best.actions is not None:
        words = [problem.format_action(a) for a in best.actions]
        shown = words[:40] + ([f"... ({len(words) - 40} more)"] if len(words) > 40 else [])
        print("  plan: " + output.wrap_words(shown, output.terminal_width() - 1, " " * 8))
    agree = _agree(first, best, second, other)
    if agree:
        print(f"  {agree}")
    good = best.solved and check == "verified" and not agree.startswith("COSTS DIFFER")
    return "ok" if good else "failed"


def _check(problem: Any, result: Result) -> str:
    """``verified`` when the plan replays to a goal at the reported cost, else what is wrong."""
    if result.actions is None:
        return "-"
    try:
        cost = searchkit.verify(problem, result.actions)
    except searchkit.PlanError as exc:
        return f"INVALID: {exc}"
    return "verified" if cost == result.cost else f"INVALID: replayed cost {cost}"


def _agree(first: str, best: Result, second: str, other: Result) -> str:
    """A sentence comparing the two runs (costs of optimal strategies must match)."""
    if best.solved and other.status == "budget_exhausted":
        return (f"{second} gave up after {output.seconds(other.stats.seconds)} and "
                f"{output.count(other.stats.expanded)} expansions; {first} needed "
                f"{output.count(best.stats.expanded)}")
    if not (best.solved and other.solved):
        return ""
    both_optimal = all(searchkit.get_strategy(s).optimal for s in (first, second))
    if both_optimal and best.cost != other.cost:
        return f"COSTS DIFFER: {first} {best.cost} vs {second} {other.cost}"
    a, b = best.stats.expanded, other.stats.expanded
    if a == b:
        return f"{first} and {second} expanded the same number of states"
    if a and b:
        ratio = b / a if b >= a else a / b
        fewer, more = (first, second) if b >= a else (second, first)
        same = " for the same optimal cost" if both_optimal else ""
        times = f"{ratio:.1f}" if ratio < 10 else f"{ratio:,.0f}"
        return f"{fewer} expanded {times}x fewer states than {more}{same}"
    return ""
