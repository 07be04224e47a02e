"""The iterative-deepening loop: depth-limited search, IDDFS and IDA*.

One bounded depth-first search, repeated with growing bounds. The bounded quantity is

* the number of actions (``strategy.unit_depth``: ``dls``, ``iddfs``), or
* ``f = g + h`` (``idastar``), where a child whose heuristic is ``inf`` is a dead end.

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
strategy uses its heuristic: the move straight back is then never built) or
``successors_with_heuristic``, so heuristics are updated incrementally.

The recursive search is the hot loop of IDA*, so it is *specialised*: :mod:`.dfs_template`
holds its one source, and the lines a run does not need (a key function, a cycle check, a
transposition table, ...) are dropped before it is compiled, once per combination.
"""

from __future__ import annotations

import sys
from math import inf
from typing import Any

from ..result import Result
from .context import SearchContext
from .dfs_template import Flags, compile_dfs
from .paths import solved_path, unsolved

__all__ = ["deepening"]


#: Estimated bytes per level of the depth-first recursion (a Python frame plus the list of
#: children the successor function returned); used for ``Stats.peak_bytes``.
FRAME_BYTES = 600


class _Stop(Exception):
    """Raised inside the recursion when the budget is exhausted."""


_NO_PARENT: Any = object()  # the parent key of the start (equal to no key)


def deepening(ctx: SearchContext) -> Result:
    """Run ``ctx.strategy`` as iterative deepening (see the module docstring)."""
    control = ctx.control
    stats = control.stats
    options = ctx.options
    unit = ctx.strategy.unit_depth
    cycle_check = options.get("cycle_check", "path")
    table: Any = None if ctx.backend.is_tree_search else ctx.new_map()
    if "depth" in options:  # dls: one iteration at a fixed depth
        first_bound, last_bound = options["depth"], options["depth"]
    else:
        first_bound, last_bound = None, options.get("max_depth")
    # The move straight back is useless to every cycle check but "none", which promises to
    # prune nothing (the counts of a tree search then include it). The context offers it only
    # to strategies that use the heuristic.
    except_parent = ctx.successors_except_parent if cycle_check != "none" else None

    start = ctx.problem.initial()
    start_key = ctx.key(start) if ctx.key else start
    start_h = 0 if unit else ctx.initial_h(start)
    on_path: set[Any] = {start_key}
    # The plan is collected on the way back up once a goal is found (goal first), so the descent
    # itself pushes nothing but the recursion frame.
    found_states: list[Any] = []
    found_actions: list[Any] = []
    found_cost: list[float] = []
    iterations = start_dead = 0

    def memory(depth: int) -> int:
        """Estimated bytes: the recursion frames, the on-path set and the transposition table."""
        total = depth * FRAME_BYTES + sys.getsizeof(on_path)
        return total if table is None else total + ctx.backend.nbytes(table)

    def sync(bound: float) -> None:
        # ``generated`` is not counted per child but derived from each child's fate: a
        # duplicate, pruned (dead end), cut off (over the bound), a goal, or expanded below its
        # parent (every expansion but the roots of the iterations).
        expanded, duplicates, pruned, cutoffs, goals, deepest = counters()
        stats.expanded, stats.duplicates, stats.pruned = expanded, duplicates, pruned + start_dead
        stats.generated = duplicates + pruned + cutoffs + goals + expanded - iterations
        stats.max_frontier = deepest
        stats.bound = bound
        stats.visited = len(table) if table is not None else 0

    def checkpoint(expanded: int, depth: int, bound: float) -> int:
        """Called by the search every few expansions: raise :class:`_Stop` when the budget is
        exhausted, else return the expansion count of the next check."""
        sync(bound)
        reason = control.check(depth + 1, memory(depth + 1))
        if reason:
            raise _Stop(reason)
        return control.next_check(expanded)

    flags = Flags(key=ctx.key is not None, cycle_check=cycle_check, table=table is not None,
                  unit=unit, except_parent=except_parent is not None)
    dfs, counters, start_iteration = compile_dfs(flags)(
        except_parent or ctx.successors_with_heuristic, ctx.is_goal, ctx.key, on_path,
        found_states, found_actions, found_cost, checkpoint, control.next_check(0))

    bound = first_bound if first_bound is not None else start_h
    old_limit = sys.getrecursionlimit()
    status = reason = None
    try:
        if start_h == inf:
            start_dead = 1  # the start is a dead end; nothing is generated
        elif ctx.is_goal(start):
            return _found(ctx, start, found_states, found_actions, 0, 0, sync, memory(0))
        else:
            while True:
                iterations += 1
                stats.iterations = iterations
                if table is not None:
                    table = ctx.new_map()
                    table[start_key] = 0
                start_iteration(bound, table)
                sys.setrecursionlimit(max(old_limit, int(min(bound, 10**6)) + 200)
                                      if unit else max(old_limit, 20000))
                found = (dfs(start, start_key, None, _NO_PARENT, 0, 0, start_h) if flags.key
                         else dfs(start, None, 0, 0, start_h))
                if found < 0:
                    deepest = counters()[-1]
                    return _found(ctx, start, found_states, found_actions, found_cost[0], bound,
                                  sync, memory(deepest))
                if found == inf:
                    break  # nothing was cut off: the whole space was searched
                if first_bound is not None and first_bound == last_bound:
                    status = "no_solution"
                    reason = f"no solution within depth {first_bound}"
                    break
                if last_bound is not None and found > last_bound:
                    status = "no_solution"
                    reason = f"no solution within depth {last_bound}"
                    break
                bound = found
    except _Stop as stop:
        status, reason = "budget_exhausted", str(stop)
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    finally:
        sys.setrecursionlimit(old_limit)
    sync(bound)
    control.finish(memory(counters()[-1]))
    if status is None:
        return unsolved(ctx, "no_solution", "the reachable state space holds no goal")
    return unsolved(ctx, status, reason)


def _found(ctx: SearchContext, start: Any, states: list[Any], actions: list[Any], cost: float,
           bound: float, sync: Any, nbytes: int) -> Result:
    """The result for a plan collected goal first (``states`` excludes ``start``)."""
    sync(bound)
    ctx.control.finish(nbytes)
    states.append(start)
    states.reverse()
    actions.reverse()
    return solved_path(ctx, actions, states, cost)
