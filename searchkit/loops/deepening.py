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
Successors come from the problem's ``successors_with_heuristic`` when it has one, so heuristics
are updated incrementally.
"""

from __future__ import annotations

import sys
from math import inf
from typing import Any

from ..result import Result
from .context import SearchContext
from .paths import solved_path, unsolved

__all__ = ["deepening"]


class _Stop(Exception):
    """Raised inside the recursion when the budget is exhausted."""


def deepening(ctx: SearchContext) -> Result:
    """Run ``ctx.strategy`` as iterative deepening (see the module docstring)."""
    control = ctx.control
    stats = control.stats
    options = ctx.options
    unit = ctx.strategy.unit_depth
    is_goal, key = ctx.is_goal, ctx.key
    expand = ctx.successors_with_heuristic
    cycle_check = options.get("cycle_check", "path")
    path_check = cycle_check == "path"
    parent_check = cycle_check == "parent"
    table: Any = None if ctx.backend.is_tree_search else ctx.new_map()
    if "depth" in options:  # dls: one iteration at a fixed depth
        first_bound, last_bound = options["depth"], options["depth"]
    else:
        first_bound, last_bound = None, options.get("max_depth")

    start = ctx.problem.initial()
    start_key = key(start) if key else start
    start_h = 0 if unit else ctx.initial_h(start)
    path_states: list[Any] = [start]
    path_actions: list[Any] = []
    path_keys: list[Any] = [start_key]
    on_path: set[Any] = {start_key}
    counters = [0, 0, 0, 0, 0]  # expanded, generated, duplicates, pruned, max depth
    next_check = [control.next_check(0)]

    def sync(bound: float) -> None:
        stats.expanded, stats.generated, stats.duplicates, stats.pruned = counters[:4]
        stats.max_frontier = counters[4]
        stats.bound = bound
        stats.visited = len(table) if table is not None else 0

    def dfs(state: Any, state_key: Any, g: float, depth: float, h: float, bound: float) -> float:
        """Search below ``state``; return -1 when a goal was found (the path is on the stacks),
        else the smallest bounded value that exceeded ``bound``."""
        counters[0] += 1
        if counters[0] >= next_check[0]:
            sync(bound)
            reason = control.check(len(path_states), 0 if table is None else ctx.backend.nbytes(table))
            if reason:
                raise _Stop(reason)
            next_check[0] = control.next_check(counters[0])
        exceeded = inf
        grand_key = path_keys[-2] if parent_check and len(path_keys) > 1 else None
        for action, child, cost, child_h in expand(state, h):
            counters[1] += 1
            if child_h == inf:
                counters[3] += 1
                continue
            child_g = g + cost
            child_depth = depth + 1
            # Duplicates are pruned before the bound test, so that a cycle never counts as a
            # cut-off: an exhausted finite space then ends with "no solution" instead of looping.
            child_key = key(child) if key else child
            if path_check:
                if child_key in on_path:
                    counters[2] += 1
                    continue
            elif parent_check and child_key == grand_key:
                counters[2] += 1
                continue
            measure = child_depth if unit else child_g
            if table is not None:
                seen = table.get(child_key)
                if seen is not None and seen <= measure:
                    counters[2] += 1
                    continue
            value = child_depth if unit else child_g + child_h
            if value > bound:
                if value < exceeded:
                    exceeded = value
                continue
            if table is not None:
                table[child_key] = measure
            path_states.append(child)
            path_actions.append((action, cost))
            path_keys.append(child_key)
            if path_check:
                on_path.add(child_key)
            if len(path_states) > counters[4]:
                counters[4] = len(path_states)
            if is_goal(child):
                return -1
            found = dfs(child, child_key, child_g, child_depth, child_h, bound)
            if found < 0:
                return -1
            if found < exceeded:
                exceeded = found
            path_states.pop()
            path_actions.pop()
            path_keys.pop()
            if path_check:
                on_path.discard(child_key)
        return exceeded

    bound = first_bound if first_bound is not None else start_h
    iterations = 0
    old_limit = sys.getrecursionlimit()
    status = reason = None
    try:
        if start_h == inf:
            counters[3] = 1
        elif is_goal(start):
            return _found(ctx, path_states, path_actions, 0, sync)
        else:
            while True:
                iterations += 1
                stats.iterations = iterations
                if table is not None:
                    table = ctx.new_map()
                    table[start_key] = 0
                sys.setrecursionlimit(max(old_limit, int(min(bound, 10**6)) + 200)
                                      if unit else max(old_limit, 20000))
                found = dfs(start, start_key, 0, 0, start_h, bound)
                if found < 0:
                    return _found(ctx, path_states, path_actions, bound, sync)
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
    control.finish()
    if status is None:
        return unsolved(ctx, "no_solution", "the reachable state space holds no goal")
    return unsolved(ctx, status, reason)


def _found(ctx: SearchContext, states: list[Any], steps: list[tuple[Any, float]], bound: float,
           sync: Any) -> Result:
    sync(bound)
    ctx.control.finish()
    cost = sum(c for _, c in steps)
    return solved_path(ctx, [a for a, _ in steps], list(states), cost)
