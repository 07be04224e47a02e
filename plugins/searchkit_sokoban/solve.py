"""Solving one level in one call, with a time limit: what a benchmark needs.

:func:`solve_level` parses a level, runs one search under a :class:`~searchkit.Budget`, checks
the plan by an independent square-by-square replay (:func:`~.lurd.replay_lurd`) and returns a
flat :class:`SolveReport` (moves, pushes, nodes, seconds, and how many states each deadlock rule
pruned).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

from searchkit import Budget, PlanError, search

from .levels import select_level, split_levels
from .lurd import plan_to_lurd, replay_lurd
from .plugin import SokobanPuzzle
from .problem import make_problem

__all__ = ["SolveReport", "solve_level"]


@dataclass
class SolveReport:
    """The outcome of :func:`solve_level`.

    ``status`` is the search's (``solved``, ``no_solution``, ``budget_exhausted``...; with a
    tie-break that ran out of time: ``budget_exhausted`` with the push-optimal plan's numbers);
    ``moves`` and ``pushes`` are counted on the replayed plan (``None`` unless solved);
    ``nodes`` are expanded states; ``seconds`` is wall-clock time (what ``time_limit`` bounds)
    and ``cpu_seconds`` the process's CPU time (fairer on a busy machine); ``pruned`` maps each
    deadlock rule to the states it cut, plus ``"heuristic"`` for states the heuristic declared
    dead (``inf``).
    """

    level: str
    cost: str
    status: str
    moves: int | None
    pushes: int | None
    nodes: int
    generated: int
    seconds: float
    cpu_seconds: float
    pruned: dict[str, int] = field(default_factory=dict)
    lurd: str | None = None

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict[str, Any]:
        """The report as a plain dict (for JSON or CSV)."""
        return asdict(self)


def solve_level(text: str, level: int | str | None = None, *, cost: str = "moves",
                strategy: str = "astar", time_limit: float | None = 60.0, tiebreak: bool = False,
                **options: Any) -> SolveReport:
    """Solve one level of the collection ``text`` with ``strategy`` within ``time_limit`` s.

    ``options`` are the ``sokoban`` puzzle options (``heuristic``, ``dead_squares``, ``freeze``,
    ``matching``, ``pi_corral``, ``keeper_aware``). With ``cost="pushes"`` and ``tiebreak=True``
    a second search (:class:`~.problem.TieBreakSokobanProblem`, within what is left of the time
    limit) replaces the plan by one with the fewest moves among push-optimal plans; the counters
    then add up both searches. Raises :class:`~searchkit.PlanError` if a returned plan fails the
    independent replay (it never should).

    >>> r = solve_level("#######\\n#@ $ .#\\n#######", cost="pushes")
    >>> r.status, r.moves, r.pushes, r.lurd
    ('solved', 3, 2, 'rRR')
    """
    raw = select_level(split_levels(text), level)
    problem = SokobanPuzzle().parse(text, level=level, cost=cost, **options)
    start, cpu_start = time.perf_counter(), time.process_time()
    result = search(problem, strategy, budget=Budget(max_seconds=time_limit))
    status = result.status
    pruned = dict(problem.pruned)
    pruned["heuristic"] = result.stats.pruned
    nodes, generated = result.stats.expanded, result.stats.generated
    if tiebreak and cost == "pushes" and result.solved:
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
        assert result.cost is not None
        second = make_problem(problem.board, "moves", push_limit=int(result.cost), **options)
        tied = search(second, strategy, budget=Budget(max_seconds=left))
        nodes += tied.stats.expanded
        generated += tied.stats.generated
        for rule, count in second.pruned.items():
            pruned[rule] += count
        pruned["heuristic"] += tied.stats.pruned
        if tied.solved:
            result = tied
        else:
            status = tied.status  # push-optimal plan found, tie-break unfinished
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    moves = pushes = None
    lurd = None
    if result.solved and result.actions is not None:
        lurd = plan_to_lurd(problem, result.actions)
        replay = replay_lurd([row for _, row in raw.rows], lurd)
        if not replay.solved:
            raise PlanError(f"the plan for level {raw.name!r} does not solve it on replay")
        moves, pushes = replay.moves, replay.pushes
    return SolveReport(raw.name, cost, status, moves, pushes, nodes, generated,
                       round(seconds, 3), round(cpu_seconds, 3), pruned, lurd)
