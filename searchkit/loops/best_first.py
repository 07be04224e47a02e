"""The best-first loop: one generic graph (or tree) search run by BFS, DFS, Dijkstra, A*,
weighted A* and greedy best-first search.

What varies between those strategies is their :class:`BestFirst` configuration and the parts
chosen at run time:

* the frontier kind -- without a :class:`Priority` rule the strategy takes a *plain* frontier
  (FIFO/LIFO: breadth- or depth-first order, duplicate detection when a state is *generated*,
  goal test on generation; :func:`plain_graph_search` below); with one, a *priority* frontier
  (heap, indexed heap, buckets: ordered by ``f = g_weight * g + h_weight * h`` then by larger
  ``g``, duplicate detection with cost improvement, goal test on *expansion*, which is what makes
  Dijkstra and A* optimal; :mod:`.priority`);
* the visited backend -- a mapping per remembered fact, or ``none`` for a tree search where nodes
  carry their own path (:mod:`.tree`).

Complexity: O(E) frontier operations (O(E log E) time with a heap), O(V) memory, where V and E
are the reachable states and transitions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..events import Expand, Generate
from ..frontiers.protocol import FrontierKind
from ..result import Result
from .context import SearchContext
from .paths import ROOT, key_chain
from .priority import priority_graph_search
from .run import Run
from .tree import tree_search
from .variants import Variant, watched

__all__ = ["BestFirst", "Priority", "best_first", "plain_graph_search"]


@dataclass(frozen=True)
class Priority:
    """The order of a priority search: ``f = g_weight * g + h_weight * h``.

    Ties go to the larger ``g`` (the deeper state), then to the earlier generated entry. An
    option named ``h_weight_option`` (weighted A*'s ``weight``) overrides ``h_weight``.
    """

    g_weight: float = 1
    h_weight: float = 0
    h_weight_option: str | None = None

    @property
    def uses_heuristic(self) -> bool:
        """Whether ``h`` takes part in the order."""
        return self.h_weight != 0 or self.h_weight_option is not None

    def weights(self, options: Mapping[str, Any]) -> tuple[float, float]:
        """``(g_weight, h_weight)`` under the strategy's resolved ``options``."""
        if self.h_weight_option is not None:
            return self.g_weight, options[self.h_weight_option]
        return self.g_weight, self.h_weight


@dataclass(frozen=True)
class BestFirst:
    """A strategy run by the best-first loop.

    ``default_frontier`` is used when :func:`~searchkit.search` is given none; ``priority`` is
    the order of a priority search (``None``: the frontier's own order, FIFO or LIFO).
    """

    default_frontier: str
    priority: Priority | None = None
    default_visited: str = "dict"
    frontier_kind: FrontierKind = field(init=False, repr=False, compare=False)
    """Priority frontiers for a priority rule, plain ones otherwise."""
    own_frontier: ClassVar[None] = None
    allows_tree_search: ClassVar[bool] = True
    needs: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        kind = FrontierKind.PLAIN if self.priority is None else FrontierKind.PRIORITY
        object.__setattr__(self, "frontier_kind", kind)  # derived once: read by every search

    @property
    def uses_heuristic(self) -> bool:
        return self.priority is not None and self.priority.uses_heuristic

    def run(self, ctx: SearchContext, run: Run) -> Result:
        return best_first(ctx, run)


def best_first(ctx: SearchContext, run: Run) -> Result:
    """Run ``ctx.strategy`` as a best-first search (see the module docstring)."""
    if ctx.backend.is_tree_search:
        return tree_search(ctx, run)
    if ctx.strategy.loop.priority is None:
        return plain_graph_search(ctx, run)
    return priority_graph_search(ctx, run)


@watched()
def plain_graph_search(flags: Variant, ctx: SearchContext, run: Run) -> Result:
    """BFS/DFS: mark states when generated, test goals when generated.

    ``generated`` is not counted per child: every child is either a duplicate or a new key, so it
    is ``duplicates + len(parent) - 1``. An observed run also remembers each key's ``(g,
    depth)`` for its events.
    """
    caps = ctx.caps
    successors, is_goal, key = ctx.successors, caps.is_goal, caps.key
    start = caps.initial()
    start_key = ctx.start_key(start)
    parent = ctx.new_map()
    parent[start_key] = ROOT
    frontier = ctx.frontier_factory()  # type: ignore[misc]
    push, pop = frontier.push, frontier.pop
    layered = getattr(frontier, "layered", False)
    depth, level_end = 0, 1
    expanded = duplicates = max_frontier = 0

    def sync(stats: Any) -> None:
        stats.expanded, stats.duplicates = expanded, duplicates
        stats.generated = duplicates + len(parent) - 1
        stats.max_frontier, stats.visited, stats.bound = max_frontier, len(parent), depth

    run.count(sync)
    run.track(frontier=frontier, maps=(parent,), backend=ctx.backend)
    if flags.observe:
        emit, reached = ctx.observer, {start_key: (0, 0)}
    if is_goal(start):
        return run.solved([], [start], 0)
    push(start)
    next_check = run.next_check(0)
    while frontier:
        state = pop()
        state_key = key(state) if key else state
        if flags.observe:  # first: an observer that stops the search leaves it unexpanded
            g, state_depth = reached[state_key]
            emit(Expand(state, g, 0, state_depth, g, len(frontier) + 1))
        expanded += 1
        for action, child, cost in successors(state):
            child_key = key(child) if key else child
            if child_key in parent:
                duplicates += 1
                if flags.observe:
                    emit(Generate(state, action, child, cost, g + cost, 0, "duplicate"))
                continue
            parent[child_key] = state_key
            if flags.observe:
                reached[child_key] = (g + cost, state_depth + 1)
                emit(Generate(state, action, child, cost, g + cost, 0, "new"))
            if is_goal(child):
                depth += 1  # the goal's layer is the bound reported
                return run.solved(*ctx.replay(key_chain(parent, child_key)))
            push(child)
        size = len(frontier)
        if size > max_frontier:
            max_frontier = size
        if layered and expanded == level_end:
            depth += 1
            level_end = expanded + size
        if expanded >= next_check:
            next_check = run.checkpoint(size)
    return run.no_solution("the reachable state space holds no goal")
