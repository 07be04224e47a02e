"""The bidirectional loop: breadth-first search from the start and from the goals at once.

Needs the problem's ``predecessors(state)`` (yielding ``(action, previous_state, cost)``) and
``goal_states()``; :func:`~searchkit.search` checks both (:attr:`Bidirectional.needs`) before the
loop starts. Each round expands one whole layer of the side with the smaller frontier; when a
layer produces states already reached from the other side, the meeting state minimising
``depth_forward + depth_backward`` is taken once the layer is complete, which makes the plan
optimal in the number of steps. Where both searches have branching factor b and the solution
depth is d, about 2 b^(d/2) states are stored instead of b^d.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..events import Expand, Generate
from ..result import Result
from .context import SearchContext
from .paths import ROOT, key_chain
from .run import Run
from .variants import Variant, watched

__all__ = ["Bidirectional", "bidirectional"]


@dataclass(frozen=True)
class Bidirectional:
    """A strategy run by the bidirectional loop (it takes no frontier and needs a visited
    backend that stores states)."""

    default_visited: str = "dict"
    frontier_kind: ClassVar[None] = None
    #: what it keeps instead of a frontier (named in the error for a frontier given)
    own_frontier: ClassVar[str] = "breadth-first layers, one per side"
    default_frontier: ClassVar[None] = None
    allows_tree_search: ClassVar[bool] = False
    needs: ClassVar[tuple[str, ...]] = ("predecessors", "goal_states")
    uses_heuristic: ClassVar[bool] = False

    def run(self, ctx: SearchContext, run: Run) -> Result:
        return bidirectional(ctx, run)


@watched()
def bidirectional(flags: Variant, ctx: SearchContext, run: Run) -> Result:
    """Run a bidirectional breadth-first search (see the module docstring); events count
    ``g`` and ``depth`` in steps from the side's own roots."""
    caps = ctx.caps
    predecessors, goal_states = caps.predecessors, caps.goal_states
    assert predecessors is not None and goal_states is not None  # checked by search()
    key = caps.key
    start = caps.initial()
    start_key = ctx.start_key(start)
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
    expanded = generated = duplicates = max_frontier = 0
    meeting = 0

    def sync(stats: Any) -> None:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.max_frontier, stats.visited = max_frontier, len(forward) + len(backward)
        stats.bound = meeting

    run.count(sync)
    layers = [layer_f, layer_b]  # the lists of states held, for the memory estimate
    run.track(maps=(forward, backward, depth_f, depth_b), backend=ctx.backend,
              lists=lambda: layers)
    if start_key in backward:
        return run.solved([], [start], 0)
    if flags.observe:
        emit = ctx.observer
    next_check = run.next_check(0)
    while layer_f and layer_b:
        grow_forward = len(layer_f) <= len(layer_b)
        if grow_forward:
            layer, step, mine, mine_depth = layer_f, ctx.successors, forward, depth_f
            other, other_depth = backward, depth_b
        else:
            layer, step, mine, mine_depth = layer_b, predecessors, backward, depth_b
            other, other_depth = forward, depth_f
        next_layer: list[Any] = []
        layers[:] = layer_f, layer_b, next_layer
        best: tuple[float, Any] | None = None
        for state in layer:
            if expanded >= next_check:  # before an expansion: a layer done meets at no cost
                next_check = run.checkpoint(len(next_layer))
            state_key = key(state) if key else state
            d = mine_depth[state_key] + 1
            if flags.observe:  # first: an observer that stops the search leaves it unexpanded
                emit(Expand(state, d - 1, 0, d - 1, d - 1,
                            len(layer_f) + len(layer_b) + len(next_layer), not grow_forward))
            expanded += 1
            for action, neighbour, cost in step(state):
                generated += 1
                nkey = key(neighbour) if key else neighbour
                if nkey in mine:
                    duplicates += 1
                    if flags.observe:
                        emit(Generate(state, action, neighbour, cost, d, 0, "duplicate",
                                      not grow_forward))
                    continue
                if flags.observe:
                    emit(Generate(state, action, neighbour, cost, d, 0, "new", not grow_forward))
                mine[nkey], mine_depth[nkey] = state_key, d
                next_layer.append(neighbour)
                if nkey in other:
                    total = d + other_depth[nkey]
                    if best is None or total < best[0]:
                        best = (total, nkey)
        if grow_forward:
            layer_f = next_layer
        else:
            layer_b = next_layer
        max_frontier = max(max_frontier, len(layer_f) + len(layer_b))
        if best is not None:
            meeting, meet = best
            chain = key_chain(forward, meet) + key_chain(backward, meet)[::-1][1:]
            return run.solved(*ctx.replay(chain))
    return run.no_solution("the start and the goals are not connected")
