"""The fast mode's portfolio as the puzzle's own solver: what ``searchkit solve sokoban -o
mode=any`` runs when no strategy is named (:meth:`~.plugin.SokobanPuzzle.solver`).

A single search strategy on the ``mode="any"`` problem is far weaker than the portfolio of
:func:`~.solve.solve_level` (the backward search, greedy searches that meet it, the
feature-space search, a short exact A*): the command line gets the portfolio too. Its plan,
found and replayed by :func:`~.solve.solve_level` in LURD, comes back as the problem's own
actions (:func:`lurd_pushes`: one :class:`~.anyplan.Macro` per push, the walk before it
included, as the exact mode prints its plans), so that ``searchkit solve`` prints and draws it
like a search's, and ``searchkit verify`` and the viewer replay it.

>>> from searchkit import Budget
>>> from .levels import split_levels
>>> from .plugin import SokobanPuzzle
>>> puzzle = SokobanPuzzle()
>>> problem = puzzle.parse("#######\\n#@ $ .#\\n#######", mode="any")
>>> solver = puzzle.solver(puzzle.resolve_options({"mode": "any"}))
>>> result = solver(problem, Budget(max_seconds=10), None)
>>> result.status, result.cost, [problem.format_action(a) for a in result.actions]
('solved', 3, ['rR', 'R'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from searchkit import Budget, Progress, Result, SearchkitError, Stats
from searchkit.loops.memory import resident_growth
from searchkit.result import Status

from .anyplan import Macro
from .board import PUSH_CHARS, Board
from .plugin import SokobanPuzzle
from .problem import PushState
from .pushes import region_root
from .solve import solve_level

__all__ = ["DEFAULT_SECONDS", "PortfolioSolver", "lurd_pushes"]

#: The time limit of a solve given no time budget (seconds of wall-clock time): the portfolio
#: shares the time left between its searches, so it needs one.
DEFAULT_SECONDS = 60.0


class PortfolioSolver:
    """:func:`~.solve.solve_level`'s fast-mode portfolio on a problem that
    :class:`~.plugin.SokobanPuzzle` parsed with ``options`` (resolved; ``mode`` is ``any``).

    The budget maps onto the solve's: ``max_seconds`` (wall-clock) or ``max_cpu_seconds`` (the
    solving thread's CPU time) is its time limit, :data:`DEFAULT_SECONDS` of wall-clock time
    when neither is given; ``max_expansions`` and ``max_bytes`` cap the whole solve.
    ``max_visited`` and both time limits at once are refused (:class:`~searchkit.SearchkitError`:
    the searches keep separate sets of positions, and their time shares follow one clock).
    The result's statistics add up the searches' (``max_frontier``: the largest of them);
    ``peak_bytes`` is how much the process's resident memory grew during the solve. What each
    deadlock rule cut in those searches, the backward search's included, is added to
    ``problem.pruned`` (the counters ``searchkit solve`` prints).
    """

    name = "portfolio"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = {name: value for name, value in options.items()
                        if name not in ("level", "mode", "cost")}
        self.cost = options["cost"]

    def __call__(self, problem: Any, budget: Budget | None,
                 progress: Callable[[Progress], None] | None) -> Result:
        budget = budget or Budget()
        if budget.max_visited is not None:
            raise SearchkitError("the sokoban portfolio takes no --max-states (its searches "
                                 "keep separate sets of positions): use --max-memory, or name "
                                 "a strategy")
        if budget.max_seconds is not None and budget.max_cpu_seconds is not None:
            raise SearchkitError("the sokoban portfolio takes one time limit, --max-seconds or "
                                 "--max-cpu-seconds, not both (its searches share it)")
        clock = "cpu" if budget.max_cpu_seconds is not None else "wall"
        seconds = budget.max_cpu_seconds if clock == "cpu" else budget.max_seconds
        text = SokobanPuzzle().format_instance(problem)
        grown = resident_growth()
        report = solve_level(text, cost=self.cost, mode="any",
                             time_limit=DEFAULT_SECONDS if seconds is None else seconds,
                             clock=clock, max_nodes=budget.max_expansions,
                             max_memory=budget.max_bytes, progress=progress, **self.options)
        stats = Stats(expanded=report.nodes, generated=report.generated,
                      duplicates=report.duplicates, pruned=report.pruned["heuristic"],
                      max_frontier=report.max_frontier, visited=report.visited,
                      seconds=report.seconds, peak_bytes=grown())
        counters = problem.pruned
        for rule, count in report.pruned.items():
            if rule != "heuristic":  # the states the guide declared dead: stats.pruned
                counters[rule] = counters.get(rule, 0) + count
        strategy = f"{self.name}: {report.strategy}"
        status = cast(Status, report.status)  # a search's status: the last search's
        if report.lurd is None:
            return Result(status, stats=stats, strategy=strategy, reason=report.reason)
        actions, states = lurd_pushes(problem.board, problem.initial(), report.lurd)
        if self.cost == "moves":
            cost = sum(len(problem.format_action(action)) for action in actions)
        else:
            cost = sum(len(action.directions) for action in actions)
        return Result(status, cost, actions, states, stats, strategy, report.reason)


def lurd_pushes(board: Board, start: PushState, lurd: str
                ) -> tuple[list[Macro], list[PushState]]:
    """The pushes of ``lurd`` from ``start`` as one-push macros, each the walk to the push (the
    shortest, as every Sokoban problem's ``format_action`` spells it) and the push, and the
    positions from ``start`` after each: the exact mode's steps, which ``searchkit verify`` and
    the viewer replay word by word. ``lurd`` must be a valid plan (a :func:`~.lurd.replay_lurd`
    checked one): a step into a wall or a box is not checked.

    >>> from .levels import split_levels
    >>> from .anyplan import AnyPlanProblem
    >>> problem = AnyPlanProblem(Board(split_levels("#######\\n#@ $ .#\\n#######")[0]))
    >>> actions, states = lurd_pushes(problem.board, problem.initial(), "rRR")
    >>> [problem.format_action(a) for a in actions], states[-1].boxes == problem.board.goals
    (['rR', 'R'], True)
    """
    offsets = board.offsets
    boxes, keeper = list(start.boxes), start.keeper
    actions: list[Macro] = []
    states = [start]
    pushed_from = keeper  # the keeper's cell after the last push (at first: the start)
    for letter in lurd:
        direction = PUSH_CHARS.index(letter.upper())
        step = keeper + offsets[direction]
        if letter.isupper():
            actions.append(Macro(tuple(sorted(boxes)), pushed_from, keeper, (direction,)))
            boxes[boxes.index(step)] = step + offsets[direction]
            ordered = tuple(sorted(boxes))
            states.append(PushState(ordered, region_root(board, ordered, step), step))
            pushed_from = step
        keeper = step
    return actions, states
