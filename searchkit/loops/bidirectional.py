"""The bidirectional loop: breadth-first search from the start and from the goals at once.

Needs the problem's ``predecessors(state)`` (yielding ``(action, previous_state, cost)``) and
``goal_states()``. Each round expands one whole layer of the side with the smaller frontier; when
a layer produces states already reached from the other side, the meeting state minimising
``depth_forward + depth_backward`` is taken once the layer is complete, which makes the plan
optimal in the number of steps. Where both searches have branching factor b and the solution
depth is d, about 2 b^(d/2) states are stored instead of b^d.
"""

from __future__ import annotations

from typing import Any

from ..errors import IncompatibleError
from ..result import Result
from .context import SearchContext
from .paths import ROOT, key_chain, solved, unsolved

__all__ = ["bidirectional"]


def bidirectional(ctx: SearchContext) -> Result:
    """Run a bidirectional breadth-first search (see the module docstring)."""
    problem = ctx.problem
    predecessors = getattr(problem, "predecessors", None)
    goal_states = getattr(problem, "goal_states", None)
    if predecessors is None or goal_states is None:
        raise IncompatibleError(
            f"strategy {ctx.strategy.name!r} needs a problem with predecessors() and goal_states()"
        )
    control = ctx.control
    stats = control.stats
    key = ctx.key
    start = problem.initial()
    start_key = key(start) if key else start
    # parent maps: forward[k] = key one step closer to the start, backward[k] = one step closer
    # to a goal; depth maps give each key's layer.
    forward, backward = ctx.new_map(), ctx.new_map()
    depth_f, depth_b = ctx.new_map(), ctx.new_map()
    forward[start_key], depth_f[start_key] = ROOT, 0
    layer_f: list[Any] = [start]
    layer_b: list[Any] = []
    for goal in goal_states():
        goal_key = key(goal) if key else goal
        if goal_key not in backward:
            backward[goal_key], depth_b[goal_key] = ROOT, 0
            layer_b.append(goal)
    if start_key in backward:
        stats.visited = len(forward) + len(backward)
        return solved(ctx, [start_key])
    expanded = generated = duplicates = max_frontier = 0
    next_check = control.next_check(0)
    status = reason = None
    try:
        while layer_f and layer_b:
            grow_forward = len(layer_f) <= len(layer_b)
            if grow_forward:
                layer, step, mine, mine_depth = layer_f, ctx.successors, forward, depth_f
                other, other_depth = backward, depth_b
            else:
                layer, step, mine, mine_depth = layer_b, predecessors, backward, depth_b
                other, other_depth = forward, depth_f
            next_layer: list[Any] = []
            best: tuple[float, Any] | None = None
            for state in layer:
                expanded += 1
                state_key = key(state) if key else state
                d = mine_depth[state_key] + 1
                for _action, neighbour, _cost in step(state):
                    generated += 1
                    nkey = key(neighbour) if key else neighbour
                    if nkey in mine:
                        duplicates += 1
                        continue
                    mine[nkey], mine_depth[nkey] = state_key, d
                    next_layer.append(neighbour)
                    if nkey in other:
                        total = d + other_depth[nkey]
                        if best is None or total < best[0]:
                            best = (total, nkey)
                if expanded >= next_check:
                    stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
                    stats.max_frontier, stats.visited = max_frontier, len(forward) + len(backward)
                    reason = control.check(len(next_layer), _nbytes(ctx, forward, backward, depth_f, depth_b))
                    if reason:
                        raise _Budget(reason)
                    next_check = control.next_check(expanded)
            if grow_forward:
                layer_f = next_layer
            else:
                layer_b = next_layer
            max_frontier = max(max_frontier, len(layer_f) + len(layer_b))
            if best is not None:
                meet = best[1]
                chain = key_chain(forward, meet) + key_chain(backward, meet)[::-1][1:]
                _sync(stats, expanded, generated, duplicates, max_frontier, forward, backward)
                stats.bound = best[0]
                control.finish(_nbytes(ctx, forward, backward, depth_f, depth_b))
                return solved(ctx, chain)
    except _Budget as exhausted:
        status, reason = "budget_exhausted", str(exhausted)
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    _sync(stats, expanded, generated, duplicates, max_frontier, forward, backward)
    control.finish(_nbytes(ctx, forward, backward, depth_f, depth_b))
    if status is None:
        return unsolved(ctx, "no_solution", "the start and the goals are not connected")
    return unsolved(ctx, status, reason)


class _Budget(Exception):
    pass


def _sync(stats: Any, expanded: int, generated: int, duplicates: int, max_frontier: int,
          forward: Any, backward: Any) -> None:
    stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
    stats.max_frontier, stats.visited = max_frontier, len(forward) + len(backward)


def _nbytes(ctx: SearchContext, *maps: Any) -> int:
    return sum(ctx.backend.nbytes(m) for m in maps)

