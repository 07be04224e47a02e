"""The tree search of the best-first loop (``visited="none"``): no duplicate detection.

Each node is ``(state, g, parent_node, action)`` and carries its own path, so the same state
reached by two paths is two nodes. The number of nodes can grow exponentially with the depth even
on a small state space; this is the behaviour the ``none`` backend exists to demonstrate. With a
plain frontier goals are tested on generation, with a priority frontier on expansion (entries
``(f, -g, seq, node, h, seq)``: every node is its own key).
"""

from __future__ import annotations

from math import inf
from typing import Any

from ..events import Expand, Generate
from ..result import Result
from .context import SearchContext
from .run import Run
from .variants import Variant, watched

__all__ = ["tree_search"]


@watched()
def tree_search(flags: Variant, ctx: SearchContext, run: Run) -> Result:
    """Search the tree of paths from the start (see the module docstring)."""
    is_goal, expand = ctx.caps.is_goal, ctx.expand
    order = ctx.strategy.loop.priority
    g_weight, h_weight = order.weights(ctx.options) if order is not None else (1, 0)
    start = ctx.caps.initial()
    start_h = ctx.initial_h(start)
    root = (start, 0, None, None)
    frontier = ctx.frontier_factory()  # type: ignore[misc]
    push, pop = frontier.push, frontier.pop
    seq = expanded = generated = pruned = max_frontier = 0
    f = 0

    def sync(stats: Any) -> None:
        stats.expanded, stats.generated, stats.pruned = expanded, generated, pruned
        stats.max_frontier, stats.bound = max_frontier, f

    run.count(sync)
    # In breadth-first order nearly every expanded node stays alive through its children's
    # parent pointers; in other orders too few may (dead ends, a depth-first path) to count
    # them all, and the process's growth covers them under a memory budget.
    run.track(frontier=frontier, ancestors=getattr(frontier, "layered", False))
    if order is None and is_goal(start):
        return run.solved(*_path(root))
    if start_h == inf:
        pruned = 1
    elif order is not None:
        push((h_weight * start_h, 0, 0, root, start_h, 0))
        seq = 1
    else:
        push(root)
    if flags.observe:
        emit = ctx.observer
    next_check = run.next_check(0)
    while frontier:
        if order is not None:
            f, _tie, _seq, node, h, _key = pop()
            if is_goal(node[0]):
                return run.solved(*_path(node))
        else:
            node, h = pop(), 0
        state, g = node[0], node[1]
        if expanded >= next_check:  # before an expansion: a goal popped next costs none
            next_check = run.checkpoint(len(frontier))
        if flags.observe:  # first: an observer that stops the search leaves it unexpanded
            emit(Expand(state, g, h, _depth(node), f if order is not None else g + h,
                        len(frontier) + 1))
        expanded += 1
        for action, child, cost, child_h in expand(state, h):
            generated += 1
            if child_h == inf:
                pruned += 1
                if flags.observe:
                    emit(Generate(state, action, child, cost, g + cost, child_h, "pruned"))
                continue
            child_g = g + cost
            if flags.observe:
                emit(Generate(state, action, child, cost, child_g, child_h, "new"))
            child_node = (child, child_g, node, action)
            if order is not None:
                push((g_weight * child_g + h_weight * child_h, -child_g, seq, child_node, child_h,
                      seq))
                seq += 1
            elif is_goal(child):
                return run.solved(*_path(child_node))
            else:
                push(child_node)
        if len(frontier) > max_frontier:
            max_frontier = len(frontier)
    return run.no_solution("the search tree holds no goal")


def _depth(node: Any) -> int:
    """The number of actions from the root to ``node``."""
    depth = 0
    while node[2] is not None:
        depth, node = depth + 1, node[2]
    return depth


def _path(node: Any) -> tuple[list[Any], list[Any], float]:
    """``(actions, states, cost)`` from the root to ``node``."""
    cost = node[1]
    actions, states = [], []
    while node is not None:
        states.append(node[0])
        if node[2] is not None:
            actions.append(node[3])
        node = node[2]
    actions.reverse()
    states.reverse()
    return actions, states, cost
