"""``searchkit solve``: solve one instance and print the plan in the puzzle's notation."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from typing import Any

from searchkit import Result, Stats

from . import output
from .instance import Instance, add_instance_arguments, load_instance, show_value
from .running import (
    Choice,
    add_budget_arguments,
    add_strategy_arguments,
    budget_from,
    build_under,
    check_choice,
    choice_from,
    search_built,
)

__all__ = [
    "add_parser", "run", "exit_status", "stats_line", "stats_parts", "result_json", "report",
    "pruned_by_rule",
]

EXAMPLES = """\
examples:
  searchkit solve nstar                           # the first built-in example, default strategy
  searchkit solve nstar --example 1-1000 -s bfs   # a named example, breadth-first
  echo "3 1000" | searchkit solve nstar -         # an instance on standard input
  searchkit solve nstar puzzle.txt -s wastar --weight 2 --show all
  searchkit solve nstar -s idastar --cycle-check parent --max-seconds 10
  searchkit solve nstar --json | jq .cost

exit status: 0 solved, 1 no solution or budget exhausted, 2 usage or input error,
70 internal error (--debug shows the traceback), 130 interrupted (Ctrl-C; the statistics so far
are printed first).
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``solve`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "solve", help="solve one instance and print the plan",
        description="Solve one puzzle instance and print the status, cost, plan (in the "
                    "puzzle's notation) and search statistics.",
        epilog=EXAMPLES + epilog,
    )
    add_instance_arguments(parser)
    add_strategy_arguments(parser)
    parser.add_argument("--show", choices=("none", "final", "all"), default="none",
                        help="draw no board, the final one, or the board after every step "
                             "(default: none)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of text (see docs/cli.md)")
    add_budget_arguments(parser)
    parser.set_defaults(handler=run)


def exit_status(status: str) -> int:
    """0 for ``solved``, 130 for ``interrupted``, 1 for anything else."""
    return {"solved": 0, "interrupted": 130}.get(status, 1)


def run(args: argparse.Namespace) -> int:
    """Solve the instance, print the report (or JSON) and return the exit status. The budget
    covers building the problem too (:func:`~.running.build_under`): a build it stops is
    reported as the search's result."""
    instance = load_instance(args)
    choice = choice_from(args, instance.puzzle, instance.resolved_options())
    budget = budget_from(args)
    check_choice(choice, budget)
    built = build_under(instance.problem, budget)
    problem = built.problem
    result = search_built(built, choice, budget, show_progress=not args.json)
    if args.json:
        print(output.to_json(result_json(instance, problem, choice, result)))
    else:
        print(report(instance, problem, choice, result, args.show))
    return exit_status(result.status)


def result_json(instance: Instance, problem: Any, choice: Choice, result: Result) -> dict[str, Any]:
    """The ``--json`` object of one solve (documented in docs/cli.md); actions are strings in
    the puzzle's notation. ``problem`` is ``None`` when the budget stopped its build."""
    actions = None if result.actions is None else [problem.format_action(a) for a in result.actions]
    return {
        "puzzle": instance.puzzle.name,
        "instance": instance.name,
        "source": instance.source,
        "strategy": result.strategy or choice.strategy,
        "options": instance.resolved_options(),
        "strategy_options": dict(choice.options),
        "frontier": choice.frontier,
        "visited": choice.visited,
        "status": result.status,
        "reason": result.reason,
        "cost": result.cost,
        "length": None if actions is None else len(actions),
        "actions": actions,
        "stats": result.stats.as_dict(),
        "pruned_by_rule": pruned_by_rule(problem),
    }


def pruned_by_rule(problem: Any) -> dict[str, int] | None:
    """The states each of the problem's own pruning rules cut (its ``pruned`` mapping, see
    :mod:`searchkit.problem`), or ``None`` when it has none."""
    pruned = getattr(problem, "pruned", None)
    if not isinstance(pruned, Mapping):
        return None
    return {str(rule): int(count) for rule, count in pruned.items()}


def stats_line(stats: Stats) -> str:
    """The statistics of a search on one line (see :func:`stats_parts`).

    >>> stats_line(Stats(expanded=27, generated=40, duplicates=12, max_frontier=9, visited=28,
    ...                  seconds=0.0012, peak_bytes=5000))
    'expanded 27 · generated 40 · duplicates 12 · max frontier 9 · visited 28 · 1.2 ms · 4.88 KiB'
    """
    return " · ".join(stats_parts(stats))


def stats_parts(stats: Stats) -> list[str]:
    """The statistics of a search as short labelled items (zero optional counters left out)."""
    parts = [f"expanded {output.count(stats.expanded)}",
             f"generated {output.count(stats.generated)}",
             f"duplicates {output.count(stats.duplicates)}"]
    if stats.reopened:
        parts.append(f"reopened {output.count(stats.reopened)}")
    if stats.pruned:
        parts.append(f"pruned {output.count(stats.pruned)}")
    parts.append(f"max frontier {output.count(stats.max_frontier)}")
    parts.append(f"visited {output.count(stats.visited)}")
    if stats.iterations > 1:
        parts.append(f"iterations {stats.iterations}")
    parts += [output.seconds(stats.seconds), output.size(stats.peak_bytes)]
    return parts


def report(instance: Instance, problem: Any, choice: Choice, result: Result, show: str) -> str:
    """The text output of ``searchkit solve`` (``problem``: ``None`` when the budget stopped
    its build)."""
    width = output.terminal_width()
    settings = [f"{k}={show_value(v)}" for k, v in instance.resolved_options().items()
                if k != "level" and v is not None]
    settings += [f"{k}={show_value(v)}" for k, v in choice.options]
    settings += [f"{k}={v}" for k, v in (("frontier", choice.frontier),
                                         ("visited", choice.visited)) if v]
    lines = [f"{instance.describe()} · {result.strategy or choice.strategy}"]
    if settings:
        lines.append("options   " + output.wrap_words(settings, width - 1, " " * 10, ", "))
    lines.append(f"status    {result.status}" + (f": {result.reason}" if result.reason else ""))
    if result.actions is not None:
        proven = "" if getattr(problem, "proves_optimal", True) else " (not proven optimal)"
        lines.append(f"cost      {output.number(result.cost)}{proven}")
        lines.append(f"length    {len(result.actions)}")
        words = [problem.format_action(a) for a in result.actions]
        words = words or ["(empty: the start is a goal)"]
        lines.append("plan      " + output.wrap_words(words, width - 1, " " * 10))
    lines.append("stats     " + output.wrap_words(stats_parts(result.stats), width - 1, " " * 10,
                                                  " · "))
    rules = [f"{rule} {output.count(count)}"
             for rule, count in (pruned_by_rule(problem) or {}).items() if count]
    if rules:
        lines.append("pruned    " + output.wrap_words(rules, width - 1, " " * 10, " · "))
    if result.states and show == "final":
        lines += ["", "final state:", _indent(problem.render(result.states[-1]))]
    elif result.states and show == "all":
        lines += ["", "start:", _indent(problem.render(result.states[0]))]
        steps = zip(result.actions or [], result.states[1:], strict=True)
        for step, (action, state) in enumerate(steps, 1):
            lines += ["", f"step {step}: {problem.format_action(action)}",
                      _indent(problem.render(state))]
    return "\n".join(lines)


def _indent(text: str) -> str:
    return textwrap.indent(text, "  ", lambda line: True)
