"""The best-first loop: one generic graph (or tree) search run by BFS, DFS, Dijkstra, A*,
weighted A* and greedy best-first search.

What varies between those strategies is data held by the :class:`~searchkit.strategies.Strategy`
and the parts chosen at run time:

* the frontier family -- ``plain`` (FIFO/LIFO: breadth- or depth-first order, duplicate detection
  when a state is *generated*, goal test on generation) or ``priority`` (heap, indexed heap,
  buckets: ordered by ``f = g_weight * g + h_weight * h`` then by larger ``g``, duplicate
  detection with cost improvement, goal test on *expansion*, which is what makes Dijkstra and A*
  optimal);
* the visited backend -- a mapping per remembered fact (``parent`` and, for priority search,
  ``best_g``), or ``none`` for a tree search where nodes carry their own path.

Priority search keeps the best known ``g`` of every key and re-inserts a state whenever a strictly
cheaper path to it is found, even after it was expanded ("reopening"). A* therefore stays optimal
with an admissible but inconsistent heuristic; with a consistent one nothing is ever reopened.
States whose heuristic is ``inf`` are dead ends and are pruned.

Complexity: O(E) frontier operations (O(E log E) time with a heap), O(V) memory, where V and E
are the reachable states and transitions.
"""

from __future__ import annotations

import sys
from itertools import count
from math import inf
from typing import Any

from ..result import Result
from .context import SearchContext
from .paths import ROOT, key_chain, solved, solved_path, unsolved

__all__ = ["best_first"]


def best_first(ctx: SearchContext) -> Result:
    """Run ``ctx.strategy`` as a best-first search (see the module docstring)."""
    if ctx.backend.is_tree_search:
        return _tree_search(ctx)
    if ctx.frontier_kind == "plain":
        return _plain_graph_search(ctx)
    return _priority_graph_search(ctx)


def _plain_graph_search(ctx: SearchContext) -> Result:
    """BFS/DFS: mark states when generated, test goals when generated.

    ``generated`` is not counted per child: every child is either a duplicate or a new key, so it
    is ``duplicates + len(parent) - 1``.
    """
    control = ctx.control
    stats = control.stats
    successors, is_goal, key = ctx.successors, ctx.is_goal, ctx.key
    start = ctx.problem.initial()
    start_key = key(start) if key else start
    parent = ctx.new_map()
    parent[start_key] = ROOT
    if is_goal(start):
        stats.visited = 1
        return solved(ctx, [start_key])
    frontier = ctx.frontier_factory()
    push, pop = frontier.push, frontier.pop
    push(start)
    layered = getattr(frontier, "layered", False)
    depth, level_end = 0, 1
    expanded = duplicates = max_frontier = 0
    next_check = control.next_check(0)
    status = reason = None
    try:
        while frontier:
            state = pop()
            expanded += 1
            state_key = key(state) if key else state
            for _action, child, _cost in successors(state):
                child_key = key(child) if key else child
                if child_key in parent:
                    duplicates += 1
                    continue
                parent[child_key] = state_key
                if is_goal(child):
                    stats.bound = depth + 1
                    return _finish_keys(ctx, parent, child_key, expanded,
                                        duplicates + len(parent) - 1, duplicates, max_frontier,
                                        frontier)
                push(child)
            size = len(frontier)
            if size > max_frontier:
                max_frontier = size
            if layered and expanded == level_end:
                depth += 1
                level_end = expanded + size
            if expanded >= next_check:
                stats.expanded, stats.duplicates = expanded, duplicates
                stats.generated = duplicates + len(parent) - 1
                stats.max_frontier, stats.visited, stats.bound = max_frontier, len(parent), depth
                reason = control.check(size, _nbytes(ctx, frontier, parent))
                if reason:
                    status = "budget_exhausted"
                    break
                next_check = control.next_check(expanded)
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    stats.expanded, stats.duplicates = expanded, duplicates
    stats.generated = duplicates + len(parent) - 1
    stats.max_frontier, stats.visited, stats.bound = max_frontier, len(parent), depth
    control.finish(_nbytes(ctx, frontier, parent))
    if status is None:
        return unsolved(ctx, "no_solution", "the reachable state space holds no goal")
    return unsolved(ctx, status, reason)


def _priority_graph_search(ctx: SearchContext) -> Result:
    """Dijkstra, A*, weighted A*, greedy: expand by priority, test goals on expansion.

    Hot-loop design (every line runs once per node or per child): the insertion counter ``seq``
    is a local int, and ``generated`` is not counted per child but derived as pushes + duplicates
    + pruned children; ``f`` is ``g + h`` without multiplications when both weights are 1 (A*);
    expanded keys are added to ``closed`` without a membership test, ``reopened`` being
    ``expanded - len(closed)``; a child's ``h == inf`` test comes after the duplicate test (a key
    already stored has a finite ``h``, as the heuristic is a function of the state), so it runs
    only for new or improved children.
    """
    control = ctx.control
    stats = control.stats
    is_goal, key = ctx.is_goal, ctx.key
    expand = ctx.successors_with_heuristic
    g_weight, h_weight = ctx.strategy.weights(ctx.options)
    unweighted = g_weight == 1 and h_weight == 1
    start = ctx.problem.initial()
    start_key = key(start) if key else start
    start_h = ctx.initial_h(start)
    parent, best_g = ctx.new_map(), ctx.new_map()
    parent[start_key] = ROOT
    best_g[start_key] = 0
    closed: set[Any] | None = set() if ctx.heuristic is not None else None
    close = closed.add if closed is not None else None
    frontier = ctx.frontier_factory()
    push, pop = frontier.push, frontier.pop
    seq = 0  # entries pushed so far, the start included
    expanded = duplicates = pruned = max_frontier = 0
    f = 0
    if start_h == inf:
        pruned = 1
    else:
        push((g_weight * 0 + h_weight * start_h, 0, 0, start, start_h))
        seq = 1
    uncounted = seq + pruned  # the start's push or pruning is no generated child
    next_check = control.next_check(0)
    status = reason = None
    try:
        while frontier:
            f, tie, _seq, state, h = pop()
            g = -tie
            state_key = key(state) if key else state
            if g > best_g[state_key]:
                continue  # stale entry: a cheaper path to this state was found after the push
            if is_goal(state):
                stats.bound = f
                return _finish_keys(ctx, parent, state_key, expanded,
                                    seq + duplicates + pruned - uncounted, duplicates,
                                    max_frontier, frontier,
                                    expanded - len(closed) if closed is not None else 0, pruned)
            expanded += 1
            if close is not None:
                close(state_key)
            for _action, child, cost, child_h in expand(state, h):
                child_g = g + cost
                child_key = key(child) if key else child
                old = best_g.get(child_key)
                if old is not None and old <= child_g:
                    duplicates += 1
                    continue
                if child_h == inf:
                    pruned += 1
                    continue
                best_g[child_key] = child_g
                parent[child_key] = state_key
                push((child_g + child_h if unweighted else g_weight * child_g + h_weight * child_h,
                      -child_g, seq, child, child_h))
                seq += 1
            size = len(frontier)
            if size > max_frontier:
                max_frontier = size
            if expanded >= next_check:
                stats.expanded, stats.duplicates = expanded, duplicates
                stats.generated = seq + duplicates + pruned - uncounted
                stats.reopened = expanded - len(closed) if closed is not None else 0
                stats.pruned, stats.max_frontier = pruned, max_frontier
                stats.visited, stats.bound = len(best_g), f
                reason = control.check(size, _nbytes(ctx, frontier, parent, best_g, closed))
                if reason:
                    status = "budget_exhausted"
                    break
                next_check = control.next_check(expanded)
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    stats.expanded, stats.duplicates = expanded, duplicates
    stats.generated = seq + duplicates + pruned - uncounted
    stats.reopened = expanded - len(closed) if closed is not None else 0
    stats.pruned, stats.max_frontier = pruned, max_frontier
    stats.visited, stats.bound = len(best_g), f
    control.finish(_nbytes(ctx, frontier, parent, best_g, closed))
    if status is None:
        return unsolved(ctx, "no_solution", "the reachable state space holds no goal")
    return unsolved(ctx, status, reason)


def _tree_search(ctx: SearchContext) -> Result:
    """Any frontier, no duplicate detection: each node is ``(state, g, parent_node, action)``.

    The number of nodes can grow exponentially with the depth even on a small state space;
    this is the behaviour the ``visited="none"`` backend exists to demonstrate.
    """
    control = ctx.control
    stats = control.stats
    is_goal = ctx.is_goal
    expand = ctx.successors_with_heuristic
    g_weight, h_weight = ctx.strategy.weights(ctx.options)
    priority = ctx.frontier_kind == "priority"
    start = ctx.problem.initial()
    start_h = ctx.initial_h(start)
    root = (start, 0, None, None)
    if not priority and is_goal(start):
        return _tree_solution(ctx, root)
    frontier = ctx.frontier_factory()
    push, pop = frontier.push, frontier.pop
    seq = count()
    expanded = generated = pruned = max_frontier = 0
    f = 0
    if start_h == inf:
        pruned = 1
    elif priority:
        push((h_weight * start_h, 0, next(seq), root, start_h))
    else:
        push(root)
    next_check = control.next_check(0)
    status = reason = None
    try:
        while frontier:
            if priority:
                f, _tie, _seq, node, h = pop()
                if is_goal(node[0]):
                    stats.bound = f
                    return _tree_solution(ctx, node, expanded, generated, pruned, max_frontier)
            else:
                node, h = pop(), 0
            state, g = node[0], node[1]
            expanded += 1
            for action, child, cost, child_h in expand(state, h):
                generated += 1
                if child_h == inf:
                    pruned += 1
                    continue
                child_g = g + cost
                child_node = (child, child_g, node, action)
                if priority:
                    push((g_weight * child_g + h_weight * child_h, -child_g, next(seq), child_node,
                          child_h))
                elif is_goal(child):
                    return _tree_solution(ctx, child_node, expanded, generated, pruned,
                                          max_frontier)
                else:
                    push(child_node)
            size = len(frontier)
            if size > max_frontier:
                max_frontier = size
            if expanded >= next_check:
                stats.expanded, stats.generated, stats.pruned = expanded, generated, pruned
                stats.max_frontier = max_frontier
                reason = control.check(size, frontier.nbytes())
                if reason:
                    status = "budget_exhausted"
                    break
                next_check = control.next_check(expanded)
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    stats.expanded, stats.generated, stats.pruned = expanded, generated, pruned
    stats.max_frontier, stats.bound = max_frontier, f
    control.finish(frontier.nbytes())
    if status is None:
        return unsolved(ctx, "no_solution", "the search tree holds no goal")
    return unsolved(ctx, status, reason)


def _tree_solution(ctx: SearchContext, node: Any, expanded: int = 0, generated: int = 0,
                   pruned: int = 0, max_frontier: int = 0) -> Result:
    stats = ctx.control.stats
    stats.expanded, stats.generated, stats.pruned = expanded, generated, pruned
    stats.max_frontier = max_frontier
    ctx.control.finish()
    g = node[1]
    actions, states = [], []
    while node is not None:
        states.append(node[0])
        if node[2] is not None:
            actions.append(node[3])
        node = node[2]
    actions.reverse()
    states.reverse()
    return solved_path(ctx, actions, states, g)


def _finish_keys(ctx: SearchContext, parent: Any, goal_key: Any, expanded: int, generated: int,
                 duplicates: int, max_frontier: int, frontier: Any, reopened: int = 0,
                 pruned: int = 0) -> Result:
    stats = ctx.control.stats
    stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
    stats.reopened, stats.pruned, stats.max_frontier = reopened, pruned, max_frontier
    stats.visited = len(parent)
    ctx.control.finish(_nbytes(ctx, frontier, parent))
    return solved(ctx, key_chain(parent, goal_key))


def _nbytes(ctx: SearchContext, frontier: Any, *maps: Any) -> int:
    """Estimated bytes of the frontier and the visited structures (``None`` entries skipped)."""
    total = frontier.nbytes()
    for m in maps:
        if m is not None:
            total += sys.getsizeof(m) if isinstance(m, set) else ctx.backend.nbytes(m)
    return total
