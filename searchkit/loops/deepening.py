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
    on_path: set[Any] = {start_key}
    # The plan is collected on the way back up once a goal is found (goal first), so the descent
    # itself pushes nothing but the recursion frame.
    found_states: list[Any] = []
    found_actions: list[Any] = []
    found_cost: list[float] = []
    # ``generated`` is not counted per child but derived from each child's fate: a duplicate,
    # pruned (dead end), cut off (over the bound), a goal, or expanded below its parent (every
    # expansion but the roots of the iterations).
    expanded = duplicates = pruned = cutoffs = goals = deepest = iterations = start_dead = 0
    next_check = control.next_check(0)

    def memory(depth: int) -> int:
        """Estimated bytes: the recursion frames, the on-path set and the transposition table."""
        total = depth * FRAME_BYTES + sys.getsizeof(on_path)
        return total if table is None else total + ctx.backend.nbytes(table)

    def sync(bound: float) -> None:
        generated = duplicates + pruned - start_dead + cutoffs + goals + expanded - iterations
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.pruned, stats.max_frontier = pruned, deepest
        stats.bound = bound
        stats.visited = len(table) if table is not None else 0

    def dfs(state: Any, state_key: Any, parent_key: Any, g: float, depth: int, h: float,
            bound: float) -> float:
        """Search below ``state`` (reached from ``parent_key``); return -1 when a goal was found
        (its path is then in ``found_states``/``found_actions``, goal first), else the smallest
        bounded value that exceeded ``bound``."""
        nonlocal expanded, duplicates, pruned, cutoffs, goals, deepest, next_check
        expanded += 1
        if expanded >= next_check:
            sync(bound)
            reason = control.check(depth + 1, memory(depth + 1))
            if reason:
                raise _Stop(reason)
            next_check = control.next_check(expanded)
        exceeded = inf
        child_depth = depth + 1
        for action, child, cost, child_h in expand(state, h):
            # Duplicates are pruned before the bound test, so that a cycle never counts as a
            # cut-off: an exhausted finite space then ends with "no solution" instead of looping.
            # A dead end (h = inf) is caught by the bound test (its f is inf): every key on the
            # path, in the table or equal to the parent has a finite h, so testing duplicates first
            # changes no count, and the costly int/float comparison with inf runs only for the
            # children cut off.
            child_key = key(child) if key else child
            if path_check:
                if child_key in on_path:
                    duplicates += 1
                    continue
            elif parent_check and child_key == parent_key:
                duplicates += 1
                continue
            child_g = g + cost
            if unit:
                if child_h == inf:
                    pruned += 1
                    continue
                value = measure = child_depth
            else:
                value, measure = child_g + child_h, child_g
            if table is not None:
                seen = table.get(child_key)
                if seen is not None and seen <= measure:
                    duplicates += 1
                    continue
            if value > bound:
                if child_h == inf:
                    pruned += 1
                else:
                    cutoffs += 1
                    if value < exceeded:
                        exceeded = value
                continue
            if table is not None:
                table[child_key] = measure
            if child_depth >= deepest:
                deepest = child_depth + 1  # the length of the path, the start included
            if is_goal(child):
                goals = 1
                found_states.append(child)
                found_actions.append(action)
                found_cost.append(child_g)  # g adds the costs in plan order, like a sum would
                return -1
            if path_check:
                on_path.add(child_key)
            found = dfs(child, child_key, state_key, child_g, child_depth, child_h, bound)
            if found < 0:
                found_states.append(child)
                found_actions.append(action)
                return -1
            if path_check:
                on_path.discard(child_key)
            if found < exceeded:
                exceeded = found
        return exceeded

    bound = first_bound if first_bound is not None else start_h
    old_limit = sys.getrecursionlimit()
    status = reason = None
    try:
        if start_h == inf:
            pruned = start_dead = 1  # the start is a dead end; nothing is generated
        elif is_goal(start):
            return _found(ctx, start, found_states, found_actions, 0, 0, sync, memory(0))
        else:
            while True:
                iterations += 1
                stats.iterations = iterations
                if table is not None:
                    table = ctx.new_map()
                    table[start_key] = 0
                sys.setrecursionlimit(max(old_limit, int(min(bound, 10**6)) + 200)
                                      if unit else max(old_limit, 20000))
                found = dfs(start, start_key, _NO_PARENT, 0, 0, start_h, bound)
                if found < 0:
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
    control.finish(memory(deepest))
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
