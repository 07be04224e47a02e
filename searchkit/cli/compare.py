"""``searchkit compare``: several strategies (heuristics, frontiers, visited backends) on one
instance, one table."""

from __future__ import annotations

import argparse
import functools
import itertools
from typing import Any

import searchkit
from searchkit import Budget, Result

from . import output
from .instance import Instance, add_instance_arguments, load_instance
from .parsing import UsageError, comma_list
from .running import (
    Choice,
    Incompatible,
    add_budget_arguments,
    add_strategy_arguments,
    budget_from,
    build_under,
    check_names,
    run_search,
    strategy_options_from,
)

__all__ = ["add_parser", "run", "plan_runs"]

EXAMPLES = """\
examples:
  searchkit compare nstar -e 3-1000000 -s bfs,dijkstra,astar,idastar,bibfs
  searchkit compare nstar -e 1-1000 -s astar --heuristics log2,zero
  searchkit compare nstar -e 1-1000 -s astar,dijkstra --frontiers heap,indexed-heap,buckets
  searchkit compare nstar -e 1-1000 -s bfs,astar --visited dict,hashtable --json
  searchkit compare nstar -s dls,iddfs,wastar --depth 7 --weight 2   # options go where they fit

Every combination of the listed strategies, heuristics, frontiers and visited backends runs once
(a frontier only with the strategies of its kind), each under the same budget; the problem of
each heuristic is built once, under a budget of its own (the same), before its runs. A strategy
the puzzle cannot run (bibfs without predecessors) is skipped; why a run was skipped or did not
solve is said under the table.
exit status: 0 every run solved, 1 some run did not, 2 usage or input error (or every run
skipped), 70 internal error, 130 interrupted.
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``compare`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "compare", help="run several strategies on one instance and print one table",
        description="Run several strategies (and/or heuristics, frontiers, visited backends) on "
                    "the same instance and print one table: status, cost, plan length, expanded, "
                    "generated, time, memory.",
        epilog=EXAMPLES + epilog,
    )
    add_instance_arguments(parser)
    parser.add_argument("--heuristics", metavar="H,H,...", type=comma_list,
                        help="values of the puzzle option 'heuristic' to compare")
    add_strategy_arguments(parser, plural=True)
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object with a list of runs instead of the table")
    add_budget_arguments(parser)
    parser.set_defaults(handler=run)


def plan_runs(strategies: list[str], frontiers: list[str] | None, visited: list[str] | None,
              options: dict[str, Any]) -> list[Choice]:
    """Every (strategy, frontier, visited) combination that makes sense, with each strategy
    option given to the strategies that take it; a frontier or option no strategy can use is an
    error."""
    table = {name: searchkit.get_strategy(name) for name in strategies}
    for option in options:
        if not any(option in s.options for s in table.values()):
            owners = [n for n, s in searchkit.strategies().items() if option in s.options]
            raise UsageError(f"option --{option.replace('_', '-')} is taken by none of "
                             f"{', '.join(strategies)} (only by {', '.join(owners)})")
    if frontiers:
        kinds = {searchkit.get_frontier(f).kind for f in frontiers}
        for name in frontiers:
            kind = searchkit.get_frontier(name).kind
            if not any(s.frontier_kind == kind for s in table.values()):
                raise UsageError(f"frontier {name!r} ({kind}) suits none of "
                                 f"{', '.join(strategies)}")
    runs = []
    for name, strategy in table.items():
        own = tuple((k, v) for k, v in options.items() if k in strategy.options)
        usable: list[str | None] = [None]
        if frontiers and strategy.frontier_kind in kinds:
            kind = strategy.frontier_kind
            usable = [f for f in frontiers if searchkit.get_frontier(f).kind == kind]
        backends: list[str | None] = list(visited) if visited else [None]
        for frontier, backend in itertools.product(usable, backends):
            runs.append(Choice(name, frontier, backend, own))
    return runs


Row = tuple[str | None, Choice, Result | str]  # heuristic, run, result (a str: why skipped)


def run(args: argparse.Namespace) -> int:
    """Run every planned combination and print the table (or JSON); the exit status."""
    instance = load_instance(args)
    strategies = args.strategies or [instance.puzzle.default_strategy]
    check_names(strategies, args.frontiers or [], args.visited or [])
    runs = plan_runs(strategies, args.frontiers, args.visited, strategy_options_from(args))
    heuristics: list[str | None] = list(args.heuristics or [None])
    for h in heuristics:
        if h is not None:
            instance.resolved_options(heuristic=h)  # validate every value before running
    rows = _compare(instance, runs, heuristics, budget_from(args), not args.json)
    statuses = [_status(r) for _, _, r in rows]
    if all(s == "skipped" for s in statuses):
        raise UsageError("; ".join(dict.fromkeys(str(r) for _, _, r in rows)))
    if args.json:
        print(output.to_json(_json(instance, rows)))
    else:
        print(instance.describe())
        print(_table(rows, args))
        for line in _notes(rows):
            print(line)
    if "interrupted" in statuses:
        return 130
    return 0 if all(s in ("solved", "skipped") for s in statuses) else 1


def _compare(instance: Instance, runs: list[Choice], heuristics: list[str | None],
             budget: Budget | None, show_progress: bool) -> list[Row]:
    """Every run with every heuristic, in that order, until one is interrupted.

    Each run gets the whole ``budget``, so that the runs are compared under the same one. The
    problem of each heuristic is built once for its runs, under a budget of its own, the same
    (:func:`~.running.build_under`): a build it stops is each of its runs' result (a Ctrl-C's,
    the first run's: the comparison ends there, as after an interrupted run).
    """
    rows: list[Row] = []
    for heuristic in heuristics:
        overrides = {} if heuristic is None else {"heuristic": heuristic}
        built = build_under(functools.partial(instance.problem, **overrides), budget)
        for choice in runs:
            label = _with_heuristic(choice.strategy, heuristic) + ": "
            try:
                result: Result | str = built.stopped or run_search(
                    built.problem, choice, budget, show_progress, prefix=label)
            except Incompatible as exc:
                result = str(exc)
            rows.append((heuristic, choice, result))
            if _status(result) == "interrupted":
                return rows
    return rows


def _notes(rows: list[Row]) -> list[str]:
    """The lines under the table: why each run was skipped or did not solve."""
    notes = []
    for heuristic, choice, result in rows:
        name = _with_heuristic(_name(choice), heuristic)
        if isinstance(result, str):
            notes.append(f"{name}: skipped: {result}")
        elif result.reason and not result.solved:
            notes.append(f"{name}: {result.reason}")
    return notes


def _with_heuristic(name: str, heuristic: str | None) -> str:
    return name if heuristic is None else f"{name} h={heuristic}"


def _status(result: Result | str) -> str:
    return "skipped" if isinstance(result, str) else result.status


def _name(choice: Choice) -> str:
    return choice.strategy + "".join(f" {k}={v}" for k, v in choice.options)


def _table(rows: list[Row], args: argparse.Namespace) -> str:
    """The text table of the runs, with a column per varied axis."""
    headers = ["strategy"]
    if args.heuristics:
        headers.append("heuristic")
    if args.frontiers:
        headers.append("frontier")
    if args.visited:
        headers.append("visited")
    headers += ["status", "cost", "length", "expanded", "generated", "time", "memory"]
    lines = []
    for heuristic, choice, result in rows:
        strategy = searchkit.get_strategy(choice.strategy)
        row: list[Any] = [_name(choice)]
        if args.heuristics:
            row.append(heuristic)
        if args.frontiers:
            row.append(choice.frontier or strategy.default_frontier or "-")
        if args.visited:
            row.append(choice.visited)
        if isinstance(result, str):
            lines.append(row + ["skipped"] + ["-"] * 6)
            continue
        s = result.stats
        row += [result.status, output.number(result.cost),
                "-" if result.actions is None else len(result.actions),
                output.count(s.expanded), output.count(s.generated), output.seconds(s.seconds),
                output.size(s.peak_bytes)]
        lines.append(row)
    first_number = headers.index("cost")
    return output.table(headers, lines, right=range(first_number, len(headers)))


def _json(instance: Instance, rows: list[Row]) -> dict[str, Any]:
    """The ``--json`` object of a comparison (documented in docs/cli.md)."""
    return {
        "puzzle": instance.puzzle.name,
        "instance": instance.name,
        "source": instance.source,
        "options": instance.resolved_options(),
        "runs": [_run_json(instance, heuristic, choice, result)
                 for heuristic, choice, result in rows],
    }


def _run_json(instance: Instance, heuristic: str | None, choice: Choice,
              result: Result | str) -> dict[str, Any]:
    """One run of the ``--json`` object; a skipped run has status ``skipped``, the reason, and
    no cost or statistics."""
    skipped = isinstance(result, str)
    return {
        "strategy": choice.strategy if skipped else result.strategy or choice.strategy,
        "heuristic": instance.resolved_options(
            **({} if heuristic is None else {"heuristic": heuristic})).get("heuristic"),
        "frontier": choice.frontier,
        "visited": choice.visited,
        "strategy_options": dict(choice.options),
        "status": "skipped" if skipped else result.status,
        "reason": result if skipped else result.reason,
        "cost": None if skipped else result.cost,
        "length": None if skipped or result.actions is None else len(result.actions),
        "stats": None if skipped else result.stats.as_dict(),
    }
