"""Solving one level in one call, with a time limit: what a benchmark needs.

:func:`solve_level` parses a level, runs its searches under a :class:`~searchkit.Budget`, checks
the plan by an independent square-by-square replay (:func:`~.lurd.replay_lurd`) and returns a
flat :class:`SolveReport` (moves, pushes, nodes, seconds, and how many states each deadlock rule
pruned).

With ``mode="optimal"`` it is one A* search (plus the exact tie-break on request). With
``mode="any"`` and no ``strategy`` it is a *portfolio* (:data:`~.portfolio.PORTFOLIO`), run one
after the other within the time limit: with Numba installed, the backward search compiled
(:mod:`.compiledpulls`: the fastest, but it meets no other search), then the backward search
(:mod:`.pulls`: greedy on pulls from the solved position; it solves most levels in a fraction of a
second), the compiled one again as a feature-space search (its ``features``), a short second
backward search with macros where its guide stalls, greedy best-first on the
``any`` problem (:mod:`.anyplan`: macro moves, packing-order guidance), greedy again without goal
macros and packing guidance, the feature-space search (:mod:`.features`, after Shoham and
Schaeffer's FESS: a round robin over cells of FESS's four features, with its advisors), then an
exact A* (some small levels that greedy misleads are solved optimally at once). The first forward
member builds the ``rooms`` rule's tables for the later ones; a member may also extend the
``subsets`` tables first (:data:`~.portfolio.TABLE_TUNING`; no default member does). The searches
*meet*: the forward ``any`` searches after the backward one stop at a position it generated (the
plan is their pushes, then that position's pulls undone); in a portfolio that runs a forward search
first, the backward search stops at a position that search generated (its pushes to it, then the
pulls undone). ``strategy="features"`` runs the feature-space search alone, ``strategy="pull"`` the
backward search alone, ``strategy="compiled-pull"`` its compiled twin alone,
``strategy="compiled-features"`` the compiled feature-space search (:mod:`.compiledfeatures`)
alone. Every search on the level shares the tables derived from it (dead squares, the ``subsets``
and ``rooms`` deadlock tables, the packing order, the ``corral`` rule's answers:
:meth:`Board.derived`), so a later search never rebuilds or re-learns what an earlier one found.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from searchkit import PlanError, Progress, Result, get_strategy

from .allowance import Allowance, check_limits
from .anyplan import AnyPlanProblem
from .board import Board
from .compiled import CompiledSearch
from .compiledfeatures import CompiledFeatures
from .compiledpulls import CompiledPulls
from .features import feature_search
from .levels import select_level, split_levels
from .lurd import plan_to_lurd, replay_lurd
from .plugin import SokobanPuzzle
from .portfolio import (
    ANY_TUNING,
    FEATURE_TUNING,
    LANES,
    PORTFOLIO,
    check_plan,
    check_switches,
    check_workers,
)
from .problem import make_problem
from .pulls import PULL_RULES, PullProblem
from .pushes import RULES

__all__ = ["SolveReport", "solve_level"]


@dataclass
class SolveReport:
    """The outcome of :func:`solve_level`.

    ``status`` is the search's (``solved``, ``no_solution``, ``budget_exhausted``...; with a
    tie-break that ran out of time: ``budget_exhausted`` with the push-optimal plan's numbers);
    ``moves`` and ``pushes`` are counted on the replayed plan (``None`` unless solved);
    ``optimal`` says whether the plan is a proven optimum for ``cost`` (never in ``mode="any"``
    unless its exact first search found it); ``strategy`` is the search that found it; ``nodes``
    are expanded states; ``seconds`` is wall-clock time and ``cpu_seconds`` the CPU time of the
    thread that ran it (``time_limit`` bounds the one ``clock`` names); ``duplicates`` and
    ``visited`` add up every search's (positions met again, positions stored), ``max_frontier``
    is the largest frontier of any of them; ``pruned`` maps each
    deadlock rule to the states it cut, plus ``"heuristic"`` for states the heuristic declared
    dead (``inf``), summed over every search run; ``reason`` says why an unsolved level's solve
    stopped (its time limit, expansion or memory budget, Ctrl-C...), empty when solved.
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
    mode: str = "optimal"
    optimal: bool = False
    strategy: str = ""
    reason: str = ""
    duplicates: int = 0
    visited: int = 0
    max_frontier: int = 0

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict[str, Any]:
        """The report as a plain dict (for JSON or CSV)."""
        return asdict(self)


def _count(totals: dict[str, int], problem: Any, result: Result) -> None:
    """Add a search's counters to ``totals``: expansions, generated, duplicate and stored
    states, pruned per rule; and keep the largest frontier."""
    stats = result.stats
    for name, count in (("nodes", stats.expanded), ("generated", stats.generated),
                        ("duplicates", stats.duplicates), ("visited", stats.visited),
                        ("heuristic", stats.pruned), *problem.pruned.items()):
        totals[name] = totals.get(name, 0) + count
    totals["max_frontier"] = max(totals.get("max_frontier", 0), stats.max_frontier)


def _prepare_tables(problem: Any, max_sets: int | None, allowance: Allowance,
                    seconds: float | None) -> float | None:
    """Build the level's shared tables a forward member needs before its search; the seconds
    left of the member's ``seconds`` for the search.

    The ``rooms`` rule's tables (:mod:`.rooms`), if the rule is on and no member built them yet,
    within the time and memory the *solve* has left, not only the member's share: they serve the
    later members too, and their work is capped (one to two seconds here). Then, with
    ``max_sets`` (:data:`~.portfolio.TABLE_TUNING`), the ``subsets`` tables extended to that many
    box sets within half of the member's seconds left."""
    started = allowance.now()

    def rest() -> float | None:
        return None if seconds is None else max(0.0, seconds - (allowance.now() - started))

    if problem.rules["rooms"]:
        problem.generator.room_tables(allowance.expiry())
    if max_sets is not None and problem.rules["subsets"]:
        table = problem.subset_table(allowance.expiry(rest()))  # what a search would build
        left = rest()
        table.extend(max_sets, allowance.expiry(None if left is None else left / 2))
    return rest()


def solve_level(text: str, level: int | str | None = None, *, cost: str = "moves",
                mode: str = "optimal", strategy: str | None = None,
                time_limit: float | None = 60.0, clock: str = "wall", tiebreak: bool = False,
                portfolio: tuple[tuple[Any, ...], ...] = PORTFOLIO, max_nodes: int | None = None,
                max_memory: int | None = None, workers: int = 1,
                progress: Callable[[Progress], None] | None = None, **options: Any
                ) -> SolveReport:
    """Solve one level of the collection ``text`` within ``time_limit`` seconds.

    ``clock="wall"`` counts wall-clock time (a :class:`~searchkit.Budget`'s ``max_seconds``);
    ``clock="cpu"`` counts the CPU time of the thread that runs the solve (its
    ``max_cpu_seconds``), which a busy machine does not shrink: what benchmarks on shared
    machines need.
    ``max_nodes`` caps the expansions of the whole solve, ``max_memory`` in bytes how much the
    process's resident memory may grow during it: each search gets its share of the expansions
    left (as of the time) and the memory left (a portfolio keeps the backward search's positions
    for the later searches to meet), and the solve stops, ``budget_exhausted`` with ``reason``
    saying so, when nothing is left (:class:`~.allowance.Allowance`).

    ``mode="optimal"`` runs ``strategy`` (default ``astar``); ``mode="any"`` runs ``strategy``
    on the ``any`` problem (``"features"``: the feature-space search of :mod:`.features`;
    ``"pull"``: the backward search of :mod:`.pulls`; ``"compiled-pull"``: the same compiled, of
    :mod:`.compiledpulls`; ``"compiled-features"``: the compiled feature-space search of
    :mod:`.compiledfeatures`), or without one the ``portfolio`` (default
    :data:`~.portfolio.PORTFOLIO`, same layout; a member whose strategy is ``"pull"`` is the
    backward search, and the ``any`` members after it meet it; a forward member's tuning may
    also hold :data:`~.portfolio.TABLE_TUNING`). ``options`` are the other ``sokoban`` puzzle
    options (``heuristic``, the rules...) and, for ``mode="any"``, the switches of
    :data:`~.portfolio.ANY_TUNING` and :data:`~.portfolio.FEATURE_TUNING`. With
    ``cost="pushes"`` and ``tiebreak=True`` (optimal mode) a second search
    (:class:`~.problem.TieBreakSokobanProblem`, within what is left of the time limit) replaces
    the plan by one with the fewest moves among push-optimal plans. The counters add up every
    search run. A bad ``strategy`` or portfolio member (an unknown mode, strategy or tuning
    switch, a search of this plugin's in the optimal mode, a compiled one without Numba, a share
    outside (0, 1], a ``subset_sets`` that is not a positive whole number) or a bad limit
    (``time_limit`` not a positive finite number or ``None``:
    :func:`~.allowance.check_limits`) raises ``ValueError`` or
    :class:`~searchkit.UnknownNameError` before any search runs. ``progress``, if given, is
    every search's progress callback (:func:`searchkit.search`'s; with several workers the
    lanes, in their own processes, do not call it). Raises
    :class:`~searchkit.PlanError` if a returned plan fails the independent replay (it never
    should).

    >>> r = solve_level("#######\\n#@ $ .#\\n#######", cost="pushes")
    >>> r.status, r.moves, r.pushes, r.lurd, r.optimal
    ('solved', 3, 2, 'rRR', True)
    >>> solve_level("#######\\n#@ $ .#\\n#######", mode="any").lurd
    'rRR'
    """
    check_workers(workers, mode, strategy)
    check_limits(time_limit, clock, max_nodes, max_memory)
    if workers > 1:
        from .parallel import solve_lanes  # it runs this function in each lane's process

        return solve_lanes(text, level, (portfolio, *LANES[1:workers]), cost=cost,
                           time_limit=time_limit, clock=clock, max_nodes=max_nodes,
                           max_memory=max_memory, **options)
    raw = select_level(split_levels(text), level)
    tuning = {name: options.pop(name) for name in ANY_TUNING if name in options}
    feature_tuning = {name: options.pop(name) for name in FEATURE_TUNING if name in options}
    check_switches({**tuning, **feature_tuning}, mode, strategy)
    options = SokobanPuzzle().resolve_options({"cost": cost, "mode": mode, **options})
    for name in ("level", "cost", "mode"):
        del options[name]
    board = Board(raw)
    wall_start, cpu_start = time.perf_counter(), time.thread_time()
    allowance = Allowance(time_limit, clock, max_nodes, max_memory, progress)
    if mode == "optimal" or strategy is not None:
        plan: list[tuple[Any, ...]] = [(strategy or "astar", mode, strategy or "astar", 1.0, {})]
    else:
        plan = list(portfolio)
    check_plan(plan, members=strategy is None and mode == "any")
    totals: dict[str, int] = {}
    result: Result | None = None
    problem: Any = None  # the search that ran last: backward, forward any, or exact
    puller: PullProblem | None = None
    recorder: AnyPlanProblem | None = None  # a forward search whose positions were recorded
    used = plan_strategy = ""
    # the positions of the forward searches before the backward one, which it meets
    tree: dict[Any, Any] | None = {} if len(plan) > 1 and \
        any(member[2] == "pull" for member in plan) else None
    for name, member_mode, member_strategy, share, member_tuning in plan:
        part = allowance.part(share, totals.get("nodes", 0), first=result is None)
        if part is None:  # the time, the expansions or the memory are spent
            break
        seconds, budget = part
        if member_strategy == "pull":  # the backward search (greedy on the pulls)
            # a second backward search records into the first one's positions: the forward
            # searches after them meet both
            problem = puller = PullProblem(board, meet=tree if recorder is not None else None,
                                           parents=None if puller is None else puller.parents,
                                           subsets=options["subsets"],
                                           tunnels=tuning.get("tunnels", True), **member_tuning)
            result = allowance.run(problem, "greedy", seconds, budget)
        elif member_strategy in ("compiled-pull", "compiled-features"):  # they meet no search
            problem = CompiledPulls(board, **member_tuning) \
                if member_strategy == "compiled-pull" else \
                CompiledFeatures(board, **member_tuning,
                                 **{rule: options[rule] for rule in ("freeze", "subsets",
                                                                     "pi_corral")})
            result = problem.run(seconds, allowance.now, budget.max_expansions,
                                 budget.max_bytes, progress)
        else:
            meet: dict[str, Any] = {}
            if member_mode == "any" and puller is not None:
                meet = {"meet": puller.parents}
            elif member_mode == "any" and tree is not None:
                meet = {"tree": tree}
            member_tuning = dict(member_tuning)
            sets = member_tuning.pop("subset_sets", None)
            problem = make_problem(board, cost, mode=member_mode, **options, **meet,
                                   **({**member_tuning, **tuning} if member_mode == "any"
                                      else {}))
            try:
                seconds = _prepare_tables(problem, sets, allowance, seconds)
            except KeyboardInterrupt:
                result = Result("interrupted", strategy=member_strategy,
                                reason="interrupted (Ctrl-C)")
            else:
                if member_strategy == "features":
                    result = feature_search(problem, seconds, allowance.now,
                                            budget.max_expansions, max_bytes=budget.max_bytes,
                                            progress=progress, **feature_tuning)
                else:
                    result = allowance.run(problem, member_strategy, seconds, budget)
            if "tree" in meet:
                recorder = problem
        used, plan_strategy = name, member_strategy
        _count(totals, problem, result)
        if result.status in ("solved", "no_solution", "interrupted"):
            break
    assert result is not None and problem is not None
    status, reason = result.status, allowance.why(result, totals["nodes"])
    optimal = result.solved and problem.proves_optimal and get_strategy(plan_strategy).optimal
    if tiebreak and cost == "pushes" and mode == "optimal" and result.solved:
        assert result.cost is not None
        second = make_problem(board, "moves", push_limit=int(result.cost), **options)
        part = allowance.part(1.0, totals["nodes"], first=True)
        assert part is not None  # first=True: it runs, on a spent budget to its first check
        tied = allowance.run(second, strategy or "astar", *part)
        _count(totals, second, tied)
        if tied.solved:
            result, problem = tied, second
        else:
            status = tied.status  # push-optimal plan found, tie-break unfinished
            reason = allowance.why(tied, totals["nodes"])
    seconds = time.perf_counter() - wall_start
    cpu_seconds = time.thread_time() - cpu_start
    moves = pushes = None
    lurd = None
    if result.solved and result.actions is not None:
        last = result.states[-1] if result.states else None
        if isinstance(problem, CompiledSearch):
            lurd = problem.forward_lurd(result.actions)
        elif isinstance(problem, PullProblem):
            if recorder is not None and recorder.tree is not None and last is not None and \
                    (last[0], last[1]) in recorder.tree:
                # the backward search met a position of a forward one: its pushes, then pulls
                pushed, keeper = recorder.actions_to((last[0], last[1]))
                lurd = plan_to_lurd(recorder, pushed) + problem.forward_lurd(result.actions, keeper)
                used += " + forward"
            else:
                lurd = problem.forward_lurd(result.actions)
        else:
            lurd = plan_to_lurd(problem, result.actions)
            if puller is not None and last is not None and last.boxes != board.goals:
                # the forward search met a position of the backward search: pulls undone
                lurd += puller.forward_lurd(puller.pulls_to((last[0], last[1])), last.keeper)
                used += " + pull"
        replay = replay_lurd([row for _, row in raw.rows], lurd)
        if not replay.solved:
            raise PlanError(f"the plan for level {raw.name!r} does not solve it on replay")
        moves, pushes = replay.moves, replay.pushes
    nodes, generated = totals.pop("nodes"), totals.pop("generated")
    duplicates, visited = totals.pop("duplicates"), totals.pop("visited")
    max_frontier = totals.pop("max_frontier")
    rules = (*RULES, *PULL_RULES) if mode == "any" else RULES  # the backward search's too
    pruned = {rule: totals.pop(rule, 0) for rule in rules}
    pruned["heuristic"] = totals.pop("heuristic")
    return SolveReport(raw.name, cost, status, moves, pushes, nodes, generated,
                       round(seconds, 3), round(cpu_seconds, 3), pruned, lurd, mode,
                       optimal and status == "solved", used, reason, duplicates, visited,
                       max_frontier)
