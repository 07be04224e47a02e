"""The iterative-deepening loop: depth-limited search, IDDFS and IDA*.

One bounded depth-first search (:mod:`.bounded_dfs`), repeated with growing bounds. The
:class:`Deepening` configuration says what the bound limits:

* the number of actions (``bound="depth"``: ``dls``, ``iddfs``), or
* ``f = g + h`` (``bound="f"``: ``idastar``), where a child whose heuristic is ``inf`` is a dead
  end.

Each iteration raises the bound to the smallest value that exceeded it in the previous one, so
IDA* with an admissible heuristic (consistent or not) and IDDFS return optimal plans. A search
proves there is no solution when an iteration cuts nothing off.

Duplicate pruning is the option ``cycle_check``: ``path`` (default; never revisit a state on the
current path -- this also makes zero-cost cycles harmless), ``parent`` (only forbid going straight
back, the classic choice for the sliding-tile puzzle) or ``none``. With a visited backend other
than ``none`` the loop also keeps a transposition table of the smallest ``g`` at which each key
was reached in the current iteration, and skips a key reached again at no smaller ``g``.

Memory is O(depth) without a transposition table; time is dominated by the last iteration.
Successors come from the problem's ``successors_except_parent`` (when it has one and the
strategy uses its heuristic: the move straight back is then never built) or the context's
``expand``, so heuristics are updated incrementally.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from math import inf
from typing import Any, ClassVar, Literal

from ..errors import SearchkitError
from ..events import Bound
from ..result import Result
from .bounded_dfs import Flags, compiled
from .context import SearchContext
from .run import Run
from .variants import Variant, watched

__all__ = ["Deepening", "deepening"]


#: The recursion limit of a stepped search (:func:`~searchkit.steps`), whose nested generators
#: use the C stack: 20,000 levels were measured safe with an 8 MiB stack, 60,000 were not.
STEPPED_DEPTH = 6000


@dataclass(frozen=True)
class Deepening:
    """A strategy run by the iterative-deepening loop.

    ``bound``: what the bound limits, ``"depth"`` (actions) or ``"f"`` (``g + h``, which makes
    the strategy use the heuristic). ``limit_option``: the option holding the largest bound to
    try (``None``: no limit). ``once``: search once, at that limit, instead of deepening up to it
    (depth-limited search). ``cycle_check_option``: the option choosing the duplicate pruning.
    """

    bound: Literal["depth", "f"] = "f"
    limit_option: str | None = None
    once: bool = False
    cycle_check_option: str = "cycle_check"
    default_visited: str = "none"
    frontier_kind: ClassVar[None] = None
    #: what it keeps instead of a frontier (named in the error for a frontier given)
    own_frontier: ClassVar[str] = "depth-first stack"
    default_frontier: ClassVar[None] = None
    allows_tree_search: ClassVar[bool] = True
    needs: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        if self.bound not in ("depth", "f"):
            raise ValueError(f"bound must be 'depth' or 'f', not {self.bound!r}")
        if self.once and self.limit_option is None:
            raise ValueError("a search done once needs a limit_option")

    @property
    def uses_heuristic(self) -> bool:
        return self.bound == "f"

    def settings(self, options: Mapping[str, Any]) -> tuple[float | None, float | None, str]:
        """``(first_bound, last_bound, cycle_check)`` under the resolved ``options``; a first
        bound of ``None`` starts from the start's own value (0 or its heuristic)."""
        limit = options.get(self.limit_option) if self.limit_option else None
        return (limit if self.once else None), limit, options.get(self.cycle_check_option, "path")

    def run(self, ctx: SearchContext, run: Run) -> Result:
        return deepening(ctx, run)


@watched(delegates=("dfs",))
def deepening(flags: Variant, ctx: SearchContext, run: Run) -> Result:
    """Run ``ctx.strategy`` as iterative deepening (see the module docstring)."""
    config: Deepening = ctx.strategy.loop  # type: ignore[assignment]
    first_bound, last_bound, cycle_check = config.settings(ctx.options)
    unit = config.bound == "depth"
    caps = ctx.caps
    key = caps.key
    table: Any = None if ctx.backend.is_tree_search else ctx.new_map()
    # The move straight back is useless to every cycle check but "none", which promises to
    # prune nothing (the counts of a tree search then include it).
    except_parent = ctx.expand_except_parent if cycle_check != "none" else None

    start = caps.initial()
    # keys are stored by the path check and the table only: a tree search takes any state
    stores = cycle_check == "path" or table is not None
    start_key = ctx.start_key(start) if stores else key(start) if key else start
    start_h = 0 if unit else ctx.initial_h(start)
    on_path: set[Any] = {start_key} if cycle_check == "path" else set()  # read by that alone
    # The plan is collected on the way back up once a goal is found (goal first), so the descent
    # itself pushes nothing but the recursion frame.
    found_states: list[Any] = []
    found_actions: list[Any] = []
    found_cost: list[float] = []
    iterations = start_dead = 0
    # the start's h is checked to be 0 or more (initial_h): each later bound exceeds the one
    # before, so the bounded search's -1 ("found") is never a bound
    bound = first_bound if first_bound is not None else start_h
    dfs_flags = Flags(key=key is not None, cycle_check=cycle_check, table=table is not None,
                      unit=unit, except_parent=except_parent is not None,
                      observe=flags.observe, steps=flags.steps)
    entering = 0  # 1 while a check on entering a state runs: it stops before expanding it

    def checkpoint(depth: int) -> int:
        nonlocal entering
        entering = 1
        next_check = run.checkpoint(depth + 1)
        entering = 0
        return next_check

    dfs, counters, start_iteration = compiled(dfs_flags)(
        dfs_flags, except_parent or ctx.expand, caps.is_goal, key, on_path, found_states,
        found_actions, found_cost, checkpoint, run.next_check(0), ctx.observer)
    if flags.observe:
        emit = ctx.observer

    def sync(stats: Any) -> None:
        # ``generated`` is not counted per child but derived from each child's fate: a
        # duplicate, pruned (dead end), cut off (over the bound), a goal, or expanded below its
        # parent (every expansion but the roots of the iterations), or stopped on entering.
        expanded, duplicates, pruned, cutoffs, goals, deepest = counters()
        stats.expanded, stats.duplicates, stats.pruned = expanded, duplicates, pruned + start_dead
        stats.generated = duplicates + pruned + cutoffs + goals + expanded + entering - \
            iterations
        stats.max_frontier, stats.bound, stats.iterations = deepest, bound, max(iterations, 1)
        stats.visited = len(table) if table is not None else 0

    run.count(sync)
    run.track(sets=(on_path,), recursive=True)
    if start_h == inf:
        start_dead = 1  # the start is a dead end; nothing is generated
        return run.no_solution("the reachable state space holds no goal")
    if caps.is_goal(start):
        return run.solved([], [start], 0)
    old_limit = sys.getrecursionlimit()
    try:
        while True:
            iterations += 1
            if table is not None:
                table = ctx.new_map()
                table[start_key] = 0
                run.track(maps=(table,), backend=ctx.backend, sets=(on_path,), recursive=True)
            if flags.observe:
                emit(Bound(bound, iterations))
            start_iteration(bound, table)
            if flags.steps:  # a stepped search's generators nest on the C stack: a safe depth
                sys.setrecursionlimit(max(old_limit, STEPPED_DEPTH))
            else:
                sys.setrecursionlimit(max(old_limit, int(min(bound, 10**6)) + 200)
                                      if unit else max(old_limit, 20000))
            try:
                found = dfs(start, start_key, start_h)
            except RecursionError as exc:  # not an answer: the plan may exist deeper
                if flags.steps:
                    raise  # step-through's own limit: steps() says so
                raise SearchkitError(
                    f"{ctx.strategy.name} went deeper than Python's recursion limit allows "
                    f"({sys.getrecursionlimit():,} calls): a best-first strategy (astar, "
                    "dijkstra, bfs) keeps no recursion and finds plans of any length") from exc
            if found < 0:
                found_states.append(start)
                found_states.reverse()
                found_actions.reverse()
                return run.solved(found_actions, found_states, found_cost[0])
            if found == inf:
                return run.no_solution("the reachable state space holds no goal")
            if last_bound is not None and (config.once or found > last_bound):
                return run.no_solution(f"no solution within depth {last_bound}")
            bound = found
    finally:
        sys.setrecursionlimit(old_limit)
