"""``searchkit view``: write one self-contained HTML page that plays a plan.

The plan comes from a search run here (same instance, strategy and budget flags as ``solve``;
like ``solve``, the puzzle's own solver when it has one and no strategy is named, unless
``--trace`` asks for one search's events) or from a saved plan record (``--plan FILE``: the
output of ``solve --json``, or a batch store's row; see :mod:`searchkit.visual.record`),
replayed on the puzzle so the page shows what the puzzle says.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from searchkit import Result
from searchkit.errors import SearchkitError, read_text
from searchkit.visual import InvalidSvgError, Replay, view_data, viewer_html
from searchkit.visual.chart import SearchChart
from searchkit.visual.record import PlanRecord, parse_record

from . import output
from .instance import (
    Instance,
    add_instance_arguments,
    find_puzzle,
    instance_label,
    load_instance,
    stdin_text,
)
from .parsing import UsageError
from .running import (
    add_budget_arguments,
    add_strategy_arguments,
    budget_from,
    build_under,
    check_choice,
    choice_from,
    search_built,
    strategy_options_from,
)
from .solve import exit_status
from .trace_input import TraceFile, load_trace

__all__ = ["add_parser", "run", "default_out"]

EXAMPLES = """\
examples:
  searchkit view rushhour                          # the first example, written to rushhour-td.html
  searchkit view rushhour --example hardest --out hardest.html
  searchkit view sokoban level.xsb --level 3 --strategy astar
  searchkit solve taquin -e korf-79 -s idastar --heuristic pdb --json > plan.json
  searchkit view --plan plan.json                  # view a plan solved earlier: plan.html
  searchkit view nstar --plan - --out - < plan.json > page.html

exit status: 0 page written (for a search: solved), 1 no solution or budget exhausted (the page
shows the start), 2 usage or input error, 130 interrupted (Ctrl-C).
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``view`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "view", help="write an HTML page that plays a plan",
        description="Solve one instance (or read a saved plan with --plan) and write one "
                    "self-contained HTML page that plays the plan: play, pause, step, a "
                    "slider, the moves in the puzzle's notation, the cost so far and the "
                    "search statistics. The page needs no network and opens from file://.",
        epilog=EXAMPLES + epilog,
    )
    add_instance_arguments(parser, puzzle_required=False)
    parser.add_argument("--plan", metavar="FILE",
                        help="view the plan saved in FILE instead of searching: the output of "
                             "'solve --json' or a record of the same shape ('-': standard "
                             "input); the instance comes from the record unless given")
    parser.add_argument("--out", metavar="FILE",
                        help="the page to write ('-': standard output; default: PUZZLE-"
                             "INSTANCE.html, or the plan file's name with .html)")
    parser.add_argument("--trace", action="store_true",
                        help="observe the search and chart its frontier and expansions over "
                             "time (for IDA*/IDDFS: per iteration)")
    parser.add_argument("--trace-file", metavar="FILE",
                        help="chart the search traced in FILE by 'searchkit trace'; alone, "
                             "view that search's plan too")
    add_strategy_arguments(parser)
    add_budget_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the page and return the exit status. For a search, the budget covers building
    the problem (:func:`~.running.build_under`); a build it stops leaves no board to draw:
    no page is written, and one line says why (exit status as for the search's stop)."""
    traced = load_trace(args.trace_file) if args.trace_file is not None else None
    if args.trace and (traced is not None or args.plan is not None):
        raise UsageError("--trace observes a search run here: not with --plan or --trace-file")
    if traced is not None and args.puzzle is not None:  # before its instance is read
        _check_trace_puzzle(args.trace_file, traced, args.puzzle)
    record = _saved_plan(args, traced)
    instance = load_instance(args) if record is None else _record_instance(args, record)
    if traced is not None:  # before a search is run for it; a --plan record's puzzle too
        _check_trace_puzzle(args.trace_file, traced, instance.puzzle.name)
        _check_trace_instance(args.trace_file, traced, instance,
                              own=record is traced.record and args.example is None)
    if record is None:
        searched = _from_search(args, instance)
        if isinstance(searched, Result):
            return _no_page(searched, args.out)
        data, status = searched
    else:
        data, status = _from_record(record, instance)
    if traced is not None:
        data["chart"] = traced.chart
    page = viewer_html(data)
    target = args.out or default_out(args.plan or args.trace_file, instance)
    if target == "-":
        sys.stdout.write(page)
        return status
    try:
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(page)
    except OSError as exc:
        raise UsageError(f"{target}: {exc.strerror or exc}") from None
    print(f"wrote {target}: {_outcome(data)}, {output.size(len(page.encode()))}")
    return status


def _outcome(data: dict[str, Any]) -> str:
    """What the page shows, for the line that names it: ``solved, 7 steps, cost 7``, or the
    status and its reason when no plan reaches a goal (the page then shows the start or the
    steps it replays)."""
    steps = len(data["moves"])
    shown = f"{steps} step{'s' * (steps != 1)}"
    if data["status"] == "solved":
        return f"solved, {shown}, cost {output.number(data['costs'][-1])}"
    reason = f": {data['reason']}" if data.get("reason") else ""
    return f"{data['status']}{reason}, {shown} shown"



def _saved_plan(args: argparse.Namespace, traced: TraceFile | None) -> PlanRecord | None:
    """The saved plan to view: the ``--plan`` record, else the trace's alone; ``None`` for a
    search of the PUZZLE given."""
    if args.plan is not None:
        record = _read_record(args.plan, args.file == "-")
    elif traced is not None and args.puzzle is None:
        record = traced.record
    elif args.puzzle is None:
        raise UsageError("give a PUZZLE to solve, or a saved plan with --plan FILE or "
                         "--trace-file FILE (see 'searchkit view --help')")
    else:
        return None
    if args.strategy or args.frontier or args.visited or strategy_options_from(args):
        flag = "--plan" if args.plan is not None else "--trace-file"
        raise UsageError(f"{flag} views a saved plan: the strategy flags apply to a search")
    return record


def _check_trace_puzzle(path: str, traced: TraceFile, puzzle: str) -> None:
    """A trace charts a search of its own puzzle: refuse one of another."""
    if traced.record.puzzle not in (None, puzzle):
        raise UsageError(f"{path}: the trace is of puzzle {traced.record.puzzle!r}, not "
                         f"{puzzle!r}")


def _check_trace_instance(path: str, traced: TraceFile, instance: Instance, own: bool) -> None:
    """A trace charts a search of its own instance: refuse one of another (of the puzzle).

    A trace whose header holds the instance's digest is told by it: by the text, wherever it
    was read from. One written before the header held it is told by the name, source and level
    it records, unless ``instance`` is the one that the trace names (``own``); one that names
    no instance (a header of the Python API's) is taken as of ``instance``, as a trace that
    names no puzzle is taken as of its puzzle.
    """
    record = traced.record
    if traced.digest is not None:
        same = traced.digest == instance.digest
    elif record.instance is None or own:
        return
    else:
        same = (record.source, record.instance, record.options.get("level")) == (
            instance.source, instance.name, instance.resolved_options().get("level"))
    if same:
        return
    ours = instance.describe()
    theirs = None if record.instance is None else \
        f"{instance.puzzle.name} · {instance_label(record.instance, record.source, traced.level)}"
    if theirs is None or theirs == ours:
        raise UsageError(f"{path}: the trace is of another instance than {ours}: its text "
                         "differs from the one traced")
    raise UsageError(f"{path}: the trace is of {theirs}, not {ours}")


def _from_search(args: argparse.Namespace,
                 instance: Instance) -> tuple[dict[str, Any], int] | Result:
    """Solve ``instance``, named on the command line; the page shows the plan or the start.
    The build's stop instead, when the budget stopped it: there is no start to show."""
    # --trace charts one search's events: the puzzle's own solver (as solve runs it) otherwise
    choice = choice_from(args, instance.puzzle,
                         None if args.trace else instance.resolved_options())
    budget = budget_from(args)
    check_choice(choice, budget)
    built = build_under(instance.problem, budget)
    chart = SearchChart() if args.trace else None
    result = search_built(built, choice, budget, show_progress=True, observer=chart)
    if built.stopped is not None:
        return result
    problem = built.problem
    strategy = result.strategy or choice.strategy

    def replay() -> Replay:
        if choice.solver is None:
            return Replay.of_result(problem, result)
        # a solver's steps need not be its problem's successors: replay them in the notation
        moves = [problem.format_action(action) for action in result.actions or []]
        return Replay.of_moves(instance.replay_problem(), moves)

    data = _page(problem, instance.label, replay,
                 title=instance.describe(), details=_details(instance, strategy),
                 status=result.status, reason=result.reason, stats=result.stats.as_dict(),
                 chart=chart.data(f"Frontier and expansions over time ({strategy})")
                 if chart is not None else None)
    return data, exit_status(result.status)


def _no_page(stop: Result, out: str | None) -> int:
    """Say that the build's ``stop`` left no page to write (on stderr when the page was to go
    to standard output, ``out`` ``-``); the exit status, as for a search stopped so."""
    print(f"wrote no page: {stop.status}: {stop.reason}",
          file=sys.stderr if out == "-" else sys.stdout)
    return exit_status(stop.status)


def _from_record(record: PlanRecord, instance: Instance) -> tuple[dict[str, Any], int]:
    """Replay the plan of a saved ``record`` (``--plan``, or a trace's) on its ``instance``."""
    problem = instance.replay_problem()
    data = _page(problem, record.name, lambda: Replay.of_moves(problem, record.moves or []),
                 title=instance.describe(), details=_details(instance, record.strategy),
                 status=record.status, reason=record.reason, stats=record.stats)
    if record.status == "solved" and not data["goal"]:
        steps = len(data["moves"])
        raise UsageError(f"{record.name}: the record says solved, but its plan ({steps} "
                         f"step{'s' * (steps != 1)}) does not reach a goal here")
    if record.cost is not None and record.moves is not None and record.cost != data["costs"][-1]:
        raise UsageError(f"{record.name}: the plan costs {output.number(data['costs'][-1])} "
                         f"here but the record says {output.number(record.cost)} (were other "
                         "puzzle options used?)")
    return data, 0


def _page(problem: Any, label: str, replay: Callable[[], Replay], **fields: Any) -> dict[str, Any]:
    """The page's document for ``replay()``; an illegal move or a picture that is no SVG
    becomes a one-line error naming ``label``."""
    try:
        return view_data(replay(), **fields)
    except SearchkitError as exc:
        raise UsageError(f"{label}: {exc}") from None
    except InvalidSvgError as exc:
        raise UsageError(f"{label}: render_svg of {problem!r} drew no SVG: {exc}") from None


def _details(instance: Instance, strategy: str) -> dict[str, Any]:
    options = instance.resolved_options()
    return {"strategy": strategy, "heuristic": options.get("heuristic"),
            "cost model": options.get("cost")}


def _read_record(path: str, stdin_taken: bool) -> PlanRecord:
    if path == "-":
        if stdin_taken:
            raise UsageError("the plan and the instance cannot both come from standard input")
        return _parse(stdin_text(), "<stdin>")
    try:
        text = read_text(path)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    return _parse(text, path)


def _parse(text: str, name: str) -> PlanRecord:
    try:
        return parse_record(text, name)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def _record_instance(args: argparse.Namespace, record: PlanRecord) -> Instance:
    """The instance of the record, with what the command line gives taking precedence."""
    puzzle = args.puzzle or record.puzzle
    if puzzle is None:
        raise UsageError(f"{record.name}: the record names no puzzle: give PUZZLE")
    if args.puzzle and record.puzzle and args.puzzle != record.puzzle:
        raise UsageError(f"{record.name}: the plan is for puzzle {record.puzzle!r}, "
                         f"not {args.puzzle!r}")
    named = argparse.Namespace(**vars(args))
    named.puzzle = puzzle
    if args.file is None and args.example is None:
        named.file, named.example = _record_source(args, record)
    instance = load_instance(named)
    given = dict(instance.options)
    defaults = {k: spec.default for k, spec in instance.puzzle.options.items()}
    saved = {k: v for k, v in record.options.items() if k not in given and defaults.get(k) != v}
    instance.options = {**saved, **given}
    try:
        instance.resolved_options()
    except UsageError as exc:
        raise UsageError(f"{record.name}: {exc}") from None
    return instance


def _record_source(args: argparse.Namespace, record: PlanRecord) -> tuple[str | None, str | None]:
    """``(file, example)`` for the record's instance."""
    name, source = record.instance, record.source
    if name is None:
        raise UsageError(f"{record.name}: the record names no instance: give FILE or --example")
    if source == "stdin" or name == "-":
        raise UsageError(f"{record.name}: the instance was read from standard input: "
                         "give it as FILE or --example")
    examples = find_puzzle(args.puzzle or record.puzzle).examples()
    if source == "example" or (source is None and name in examples):
        return None, name
    if os.path.exists(name) or os.path.isabs(name) or record.name == "<stdin>":
        return name, None
    beside = os.path.join(os.path.dirname(record.name), name)
    return (beside if os.path.exists(beside) else name), None


def default_out(plan: str | None, instance: Instance, suffix: str = ".html") -> str:
    """``plan.json`` -> ``plan.html``; else ``PUZZLE-INSTANCE[-LEVEL].html`` in this folder
    (with ``suffix`` instead of ``.html``)."""
    if plan is not None and plan != "-":
        return os.path.splitext(os.path.basename(plan))[0] + suffix
    name = instance.name if instance.source == "example" else \
        os.path.splitext(os.path.basename(instance.name))[0]
    if instance.source == "stdin":
        name = "stdin"
    parts = [instance.puzzle.name, name]
    if instance.options.get("level") is not None:
        parts.append(str(instance.options["level"]))
    return re.sub(r"[^\w.-]+", "-", "-".join(parts)) + suffix
