"""Choosing and running a strategy: the ``--strategy``/``--frontier``/``--visited`` flags, the
strategy-option flags (``--depth``, ``--weight``, ``--cycle-check``... one per option of any
registered strategy), the budget flags, :func:`build_under` (the problem built under the budget),
:func:`run_search` and :func:`search_built` (the search of a problem built under its budget).

Names are checked against the registry up front (:func:`check_names`), so a typo is reported with
the list of valid names before anything runs.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import searchkit
from searchkit import Budget, Result
from searchkit.budget import Clock, limit_error
from searchkit.errors import IncompatibleError, ProblemError, SearchkitError
from searchkit.events import End
from searchkit.loops import Run
from searchkit.result import Status
from searchkit.search import check_parts

from .parsing import UsageError, byte_size, comma_list, scalar
from .progress import bound_name, progress_for

__all__ = [
    "Built",
    "Choice",
    "Incompatible",
    "add_strategy_arguments",
    "add_budget_arguments",
    "budget_value",
    "accept_negative_values",
    "budget_from",
    "strategy_options_from",
    "check_names",
    "choice_from",
    "check_choice",
    "build_under",
    "run_search",
    "search_built",
]

# Flags of the commands that a strategy option (from a plugin, say) must not shadow.
_RESERVED = {"strategy", "strategies", "frontier", "frontiers", "visited", "heuristic",
             "heuristics", "cost", "level", "example", "option", "json", "show", "help",
             "max-seconds", "max-expansions", "max-states", "max-memory"}


@dataclass(frozen=True)
class Choice:
    """One run's configuration: strategy name, frontier and visited backend (``None``: default),
    and the strategy options; or the puzzle's own :class:`~searchkit.Solver` (``solver``, whose
    name is then ``strategy``)."""

    strategy: str
    frontier: str | None = None
    visited: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    solver: searchkit.Solver | None = None


class Incompatible(UsageError):
    """A strategy that cannot run on the problem (``bibfs`` without ``predecessors``): a usage
    error for ``solve``, a skipped run for ``compare``."""


def _names(table: dict[str, Any]) -> str:
    return ", ".join(table)


def strategy_option_names() -> dict[str, list[str]]:
    """Each option of the registered strategies -> the strategies that take it."""
    owners: dict[str, list[str]] = {}
    for name, strategy in searchkit.strategies().items():
        for option in strategy.options:
            owners.setdefault(option, []).append(name)
    return owners


def add_strategy_arguments(parser: argparse.ArgumentParser, plural: bool = False) -> None:
    """Add ``--strategy`` (or ``--strategies`` when ``plural``), ``--frontier``, ``--visited``
    and one flag per strategy option."""
    strategies = _names(searchkit.strategies())
    frontiers = _names(searchkit.frontiers())
    backends = _names(searchkit.visited_backends())
    if plural:
        parser.add_argument("-s", "--strategies", metavar="S,S,...", type=comma_list,
                            help=f"strategies to compare ({strategies}); "
                                 "default: the puzzle's default strategy")
        parser.add_argument("--frontiers", metavar="F,F,...", type=comma_list,
                            help=f"frontiers to compare ({frontiers}); "
                                 "each is used with the strategies it suits")
        parser.add_argument("--visited", metavar="V,V,...", type=comma_list,
                            help=f"visited backends to compare ({backends})")
    else:
        parser.add_argument("-s", "--strategy", metavar="S",
                            help=f"search strategy ({strategies}); default: the puzzle's own")
        parser.add_argument("--frontier", metavar="F",
                            help=f"frontier ({frontiers}); default: the strategy's")
        parser.add_argument("--visited", metavar="V",
                            help=f"visited backend ({backends}); default: the strategy's")
    group = parser.add_argument_group("strategy options")
    strategies_table = searchkit.strategies()
    for option, owners in strategy_option_names().items():
        flag = option.replace("_", "-")
        if flag in _RESERVED:
            continue
        spec = strategies_table[owners[0]].options[option]
        try:
            group.add_argument(f"--{flag}", dest=f"strategy_option.{option}", metavar="X",
                               type=scalar, default=argparse.SUPPRESS,
                               help=f"{spec.help} [{', '.join(owners)}]")
        except argparse.ArgumentError:  # the command already has such a flag: keep its own
            continue


SIZE = "a size like 512M or 2G"  # what --max-memory and batch --task-memory expect


def budget_value(name: str, parse: Callable[[str], Any], expected: str = "a number",
                 unset: str = "no limit") -> Callable[[str], Any]:
    """An argparse ``type=`` for the budget limit ``name`` (``max_seconds``...): ``parse`` reads
    the text (else: "expected ``expected``"), :func:`searchkit.budget.limit_error` checks the
    value, as ``Budget(...)`` does; ``unset`` is what leaving the flag out gives."""

    def convert(text: str) -> Any:
        try:
            value = parse(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        problem = limit_error(name, value)
        if problem:
            raise argparse.ArgumentTypeError(f"{problem}, got {text!r} (leave the flag out for "
                                             f"{unset})")
        return value

    convert.__name__ = getattr(parse, "__name__", name)
    return convert


#: Values that look like negative numbers, sizes included ("-1G"): argparse then reads them as
#: a flag's value (and the flag's type rejects them) instead of as an unknown flag.
_NEGATIVE = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*([kmgt]?(i?b)?)$|^-(inf|nan)$", re.I)


def accept_negative_values(parser: argparse.ArgumentParser) -> None:
    """Let ``parser`` read ``--max-memory -1G`` as a (wrong) value, not as a missing one."""
    if hasattr(parser, "_negative_number_matcher"):
        parser._negative_number_matcher = _NEGATIVE


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--max-seconds``, ``--max-cpu-seconds``, ``--max-expansions``, ``--max-states`` and
    ``--max-memory``."""
    group = parser.add_argument_group("budget (exit status 1 when exhausted)")
    group.add_argument("--max-seconds", metavar="N", type=budget_value("max_seconds", float),
                       help="stop after N seconds of wall-clock time (setup included)")
    group.add_argument("--max-cpu-seconds", metavar="N",
                       type=budget_value("max_cpu_seconds", float),
                       help="stop after N seconds of the search's CPU time (setup included; "
                            "other programs' load does not count)")
    group.add_argument("--max-expansions", metavar="N",
                       type=budget_value("max_expansions", int, "a whole number"),
                       help="stop after N expansions (0: test the start only)")
    group.add_argument("--max-states", metavar="N",
                       type=budget_value("max_visited", int, "a whole number"),
                       help="stop once N states are stored in the visited set (a search "
                            "that stores none, --visited none, refuses it)")
    group.add_argument("--max-memory", metavar="SIZE",
                       type=budget_value("max_bytes", byte_size, SIZE),
                       help="stop before the search (or the process's growth) exceeds SIZE "
                            "bytes (e.g. 512M, 2G)")
    accept_negative_values(parser)


def budget_from(args: argparse.Namespace) -> Budget | None:
    """The :class:`~searchkit.Budget` asked for, or ``None`` when no limit was given."""
    limits = {
        "max_seconds": args.max_seconds,
        "max_cpu_seconds": args.max_cpu_seconds,
        "max_expansions": args.max_expansions,
        "max_visited": args.max_states,
        "max_bytes": args.max_memory,
    }
    if all(v is None for v in limits.values()):
        return None
    return Budget(**limits)


def strategy_options_from(args: argparse.Namespace) -> dict[str, Any]:
    """The strategy options given on the command line, by option name."""
    prefix = "strategy_option."
    return {k[len(prefix):]: v for k, v in vars(args).items() if k.startswith(prefix)}


def check_names(strategies: Sequence[str] = (), frontiers: Sequence[str] = (),
                visited: Sequence[str] = ()) -> None:
    """Raise :class:`UsageError` (listing valid names) for any unknown name."""
    try:
        for name in strategies:
            searchkit.get_strategy(name)
        for name in frontiers:
            searchkit.get_frontier(name)
        for name in visited:
            searchkit.get_visited_backend(name)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def choice_from(args: argparse.Namespace, puzzle: Any,
                options: dict[str, Any] | None = None) -> Choice:
    """The run asked for by ``--strategy``/``--frontier``/``--visited`` and the strategy-option
    flags (names checked; the strategy defaults to ``puzzle``'s own). With ``options`` (the
    instance's resolved puzzle options) and none of those flags, the puzzle's own solver
    (:meth:`~searchkit.Puzzle.solver`) when it has one for them."""
    check_names([args.strategy] if args.strategy else [],
                [args.frontier] if args.frontier else [],
                [args.visited] if args.visited else [])
    strategy_options = tuple(strategy_options_from(args).items())
    if options is not None and not (args.strategy or args.frontier or args.visited or
                                    strategy_options):
        solver = puzzle.solver(options)
        if solver is not None:
            return Choice(solver.name, solver=solver)
    return Choice(args.strategy or puzzle.default_strategy, args.frontier, args.visited,
                  strategy_options)


def check_choice(choice: Choice, budget: Budget | None) -> None:
    """Raise :class:`UsageError` for a run that :func:`run_search` would refuse whatever the
    problem (a frontier or visited backend the strategy cannot use, a budget it cannot apply:
    ``--max-states`` on a search that stores no states), before the problem is built (a pattern
    database may take minutes). The puzzle's own solver checks its budget itself.

    >>> check_choice(Choice("iddfs"), Budget(max_visited=10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    searchkit.cli.parsing.UsageError: strategy 'iddfs' takes no states budget (...
    """
    if choice.solver is not None:
        return
    try:
        check_parts(choice.strategy, choice.frontier, choice.visited, budget)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


@dataclass(frozen=True)
class Built:
    """What :func:`build_under` returns: the ``problem``, or ``None`` with the ``stopped``
    result when the budget (or Ctrl-C) stopped the build; ``since``, the clocks when the build
    began, from which the search's budget counts (:func:`run_search`)."""

    problem: Any
    since: Clock
    stopped: Result | None = None


def build_under(build: Callable[[], Any], budget: Budget | None) -> Built:
    """``build()`` (a problem's construction: a pattern database may take minutes) under
    ``budget``, as a search's setup runs: :func:`~searchkit.check_budget` and the time budget's
    timer stop it, and a build that used up the budget unchecked (a CPU time budget has no
    timer) stops as it ends. A stop becomes the ``budget_exhausted`` (or ``interrupted``) result
    of a search that expanded nothing, its reason ending "while building the problem"; any
    other error of ``build()`` passes through.

    >>> built = build_under(lambda: "problem", Budget(max_seconds=5))
    >>> built.problem, built.stopped
    ('problem', None)
    """
    since = Clock.now()
    run = Run(budget=budget, since=since)

    def stopped(status: Status, reason: str) -> Built:
        return Built(None, since, run.ended(status, f"{reason} while building the problem"))

    def body() -> Built:
        problem = build()
        searchkit.check_budget()
        return Built(problem, since)

    return run.guard(body, stopped)


def run_search(problem: Any, choice: Choice, budget: Budget | None, show_progress: bool,
               prefix: str = "", observer: Callable[[Any], Any] | None = None,
               since: Clock | None = None) -> Result:
    """Run one search (or the puzzle's own solver, ``choice.solver``) with a progress line on a
    terminal (and ``observer``, if any, receiving its events: a search's only); a bad
    combination is a UsageError, :class:`Incompatible` when the problem lacks what the strategy
    needs. The time budgets count from ``since`` (:attr:`Built.since`) when given: the search,
    or the solver, gets what the build left of them."""
    bound = "bound" if choice.solver is not None else \
        bound_name(searchkit.get_strategy(choice.strategy))
    line = progress_for(show_progress, bound, prefix)
    try:
        if choice.solver is not None:
            left = budget if budget is None or since is None else budget.left(since)
            return choice.solver(problem, left, line)
        return searchkit.search(problem, choice.strategy, frontier=choice.frontier,
                                visited=choice.visited, budget=budget, progress=line,
                                observer=observer, since=since, **dict(choice.options))
    except IncompatibleError as exc:
        raise Incompatible(str(exc)) from None
    except ProblemError:  # the puzzle's bug, not the user's: an internal error (crash.py)
        raise
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if line is not None:
            line.clear()


def search_built(built: Built, choice: Choice, budget: Budget | None, show_progress: bool,
                 observer: Callable[[Any], Any] | None = None) -> Result:
    """The search of ``built.problem`` (:func:`run_search`) under what its build, made by
    :func:`build_under` under ``budget``, left of it; or the build's stop (``built.stopped``),
    which ``observer``, if any, receives as the ``end`` event alone: a search that never
    started has no other event.

    >>> from searchkit.budget import BudgetExhausted
    >>> def build(): raise BudgetExhausted("time is up")
    >>> events = []
    >>> search_built(build_under(build, None), Choice("bfs"), None, False, events.append).reason
    'time is up while building the problem'
    >>> [event.kind for event in events]
    ['end']
    """
    if built.stopped is None:
        return run_search(built.problem, choice, budget, show_progress, observer=observer,
                          since=built.since)
    if observer is not None:
        observer(End(built.stopped))
    return built.stopped
