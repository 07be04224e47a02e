"""The priority graph search of the best-first loop: Dijkstra, A*, weighted A*, greedy.

States come out of the frontier by ``f = g_weight * g + h_weight * h``, then larger ``g``, then
insertion order; goals are tested on *expansion*. The loop keeps the best known ``g`` of every key
and re-inserts a state whenever a strictly cheaper path to it is found, even after it was
expanded ("reopening"): A* therefore stays optimal with an admissible but inconsistent heuristic;
with a consistent one nothing is ever reopened. States whose heuristic is ``inf`` are dead ends
and are pruned.

Entries are ``(f, -g, seq, state, h, key)`` (:data:`~searchkit.frontiers.protocol.PriorityEntry`):
``h`` travels with the state so that incremental heuristics get their parent's value, and the key
so that it is computed once per state and an indexed frontier can deduplicate on it.
"""

from __future__ import annotations

from math import inf
from typing import Any

from ..events import Expand, Generate
from ..result import Result
from .context import SearchContext
from .paths import ROOT, key_chain
from .run import Run
from .variants import Variant, watched

__all__ = ["priority_graph_search"]


@watched()
def priority_graph_search(flags: Variant, ctx: SearchContext, run: Run) -> Result:
    """Expand by priority, test goals on expansion (see the module docstring).

    Hot-loop design (every line runs once per node or per child): the insertion counter ``seq``
    is a local int, and ``generated`` is not counted per child but derived as pushes + duplicates
    + pruned children; ``f`` is ``g + h`` without multiplications when both weights are 1 (A*);
    expanded keys are added to ``closed`` without a membership test, ``reopened`` being
    ``expanded - len(closed)``; a child's ``h == inf`` test comes after the duplicate test (a key
    already stored has a finite ``h``, as the heuristic is a function of the state), so it runs
    only for new or improved children. An observed run also remembers each key's depth.
    """
    caps = ctx.caps
    is_goal, key, expand = caps.is_goal, caps.key, ctx.expand
    g_weight, h_weight = ctx.strategy.loop.priority.weights(ctx.options)
    unweighted = g_weight == 1 and h_weight == 1
    start = caps.initial()
    start_key = ctx.start_key(start)
    start_h = ctx.initial_h(start)
    parent, best_g = ctx.new_map(), ctx.new_map()
    parent[start_key] = ROOT
    best_g[start_key] = 0
    closed: set[Any] | None = set() if ctx.heuristic is not None else None
    close = closed.add if closed is not None else None
    frontier = ctx.frontier_factory()  # type: ignore[misc]
    push, pop = frontier.push, frontier.pop
    seq = 0  # entries pushed so far, the start included
    expanded = duplicates = pruned = max_frontier = 0
    f = 0
    if start_h == inf:
        pruned = 1
    else:
        push((h_weight * start_h, 0, 0, start, start_h, start_key))
        seq = 1
    uncounted = seq + pruned  # the start's push or pruning is no generated child

    def sync(stats: Any) -> None:
        stats.expanded, stats.duplicates, stats.pruned = expanded, duplicates, pruned
        stats.generated = seq + duplicates + pruned - uncounted
        stats.reopened = expanded - len(closed) if closed is not None else 0
        stats.max_frontier, stats.visited, stats.bound = max_frontier, len(best_g), f

    run.count(sync)
    run.track(frontier=frontier, maps=(parent, best_g), backend=ctx.backend,
              sets=() if closed is None else (closed,))
    if flags.observe:
        emit, depth_of = ctx.observer, {start_key: 0}
    next_check = run.next_check(0)
    while frontier:
        f, tie, _seq, state, h, state_key = pop()
        g = -tie
        if g > best_g[state_key]:
            continue  # stale entry: a cheaper path to this state was found after the push
        if is_goal(state):
            return run.solved(*ctx.replay(key_chain(parent, state_key)))
        if expanded >= next_check:  # before an expansion: a goal popped next costs none
            next_check = run.checkpoint(len(frontier))
        if flags.observe:  # first: an observer that stops the search leaves it unexpanded
            depth = depth_of[state_key]
            emit(Expand(state, g, h, depth, f, len(frontier) + 1))
        expanded += 1
        if close is not None:
            close(state_key)
        for action, child, cost, child_h in expand(state, h):
            child_g = g + cost
            child_key = key(child) if key else child
            old = best_g.get(child_key)
            if old is not None and old <= child_g:
                duplicates += 1
                if flags.observe:
                    emit(Generate(state, action, child, cost, child_g, child_h, "duplicate"))
                continue
            if child_h == inf:
                pruned += 1
                if flags.observe:
                    emit(Generate(state, action, child, cost, child_g, child_h, "pruned"))
                continue
            if flags.observe:
                depth_of[child_key] = depth + 1
                emit(Generate(state, action, child, cost, child_g, child_h,
                              "new" if old is None else
                              "reopened" if closed is not None and child_key in closed else
                              "improved"))
            best_g[child_key] = child_g
            parent[child_key] = state_key
            push((child_g + child_h if unweighted else g_weight * child_g + h_weight * child_h,
                  -child_g, seq, child, child_h, child_key))
            seq += 1
        size = len(frontier)
        if size > max_frontier:
            max_frontier = size
    return run.no_solution("the reachable state space holds no goal")
