"""A feature-space search for ``mode="any"``, after Shoham and Schaeffer's FESS.

Greedy best-first search on one scalar guide is brittle on large levels: it dives into one
region of the search space and spends its whole budget there when that region hides a deadlock
no rule detects. FESS (*The FESS Algorithm: A Feature Based Approach to Single-Agent Search*,
Y. Shoham and J. Schaeffer, IEEE CoG 2020) projects every position onto a few *features* and
gives each cell of that feature space its turn, round robin, so that positions which are
different in kind all make progress. The features are FESS's four, computed by
:mod:`.projection`: **packing** (goals filled in the packing order), **connectivity** (regions
of the free floor), **room connectivity** (links between rooms that a box obstructs) and **out
of plan** (boxes in the area that the next goal of the packing order closes off).

Within a cell the next position expanded is the one with the lowest *weight*: the sum over its
path of the weights of its moves, 0 for a move that an *advisor* proposes and 1 for any other.
A *move* is FESS's: one box pushed as far as the plan takes it. The search steps are single
pushes (and macros), so a step that pushes on the box the previous step left is the same move
and weighs nothing more (``box_moves=False`` weighs every step): carrying a box across the
level costs what one push of it costs, and positions that differ by where one box was taken are
explored side by side rather than the nearest first.
From each position expanded the advisors propose at most six moves:

* **packing** (two moves): the macro of :mod:`.advisors`, a box pushed all the way to the next
  goal of the packing order (a child the problem's own pushes do not make), and the child that
  fills the most goals of the order;
* **connectivity**, **room connectivity**, **out of plan**: the child that improves its feature
  the most (fewer regions, fewer links obstructed, fewer boxes out of plan);
* **opener** (``opener=True``; off by default), when the packing advisor finds no route and no
  child fills a goal of the order: the push that takes the box nearest the next goal of the
  order away from it (:func:`~.advisors.opener_move`).

Ties (between advisors' children too) go to the lower guide of :class:`~.anyplan.AnyPlanProblem`
(matching bound plus packing order), then to the newest position. FESS's hotspot and explorer
advisors are not here (docs/puzzles/sokoban.md says what they did when tried). Positions are
deduplicated on the problem's key, every deadlock rule and macro of the problem applies (the
packing macro's end is checked for frozen boxes and by the matching bound), and the search stops
at the first goal (tested when a position is generated). It is complete on a finite level (every
position is eventually expanded) but its plans are not optimal.

>>> from .levels import split_levels
>>> from .board import Board
>>> from .anyplan import AnyPlanProblem
>>> board = Board(split_levels("#######\\n#@ $ .#\\n# $  .#\\n#######")[0])
>>> result = feature_search(AnyPlanProblem(board))
>>> result.status, result.cost
('solved', 5)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from heapq import heappop, heappush
from itertools import chain
from typing import Any

from searchkit import Progress, Result, Stats
from searchkit.loops.memory import resident_growth
from searchkit.result import Status

from .advisors import opener_move, packing_move, walk_distances
from .projection import Projection

__all__ = ["feature_search"]


def feature_search(problem: Any, seconds: float | None = None,
                   clock: Callable[[], float] = time.thread_time,
                   max_expansions: int | None = None, box_moves: bool = True,
                   opener: bool = False, max_bytes: int | None = None,
                   progress: Callable[[Progress], None] | None = None) -> Result:
    """Search ``problem`` (an :class:`~.anyplan.AnyPlanProblem`) by features (module docstring).

    Stops after ``seconds`` of ``clock`` time (``budget_exhausted``; at once if ``seconds`` is
    not positive), after ``max_expansions``, once the process's resident memory has grown by
    more than ``max_bytes`` since the search started, or on Ctrl-C (``interrupted``), with the
    statistics so far; ``no_solution`` when every reachable position was expanded without
    reaching the goal. ``box_moves``: a step that pushes on the box the previous step moved adds
    no weight, ``opener``: the opener advisor proposes a move (the module docstring).
    ``progress``, if given, is called about twice a second, as by :func:`searchkit.search`.
    """
    board = problem.board
    order = problem.order
    projection = Projection(board, order)
    start = problem.initial()
    stats = Stats()
    started = time.perf_counter()
    deadline = None if seconds is None else clock() + seconds
    grown = None if max_bytes is None else resident_growth()
    key_of = problem.key
    offsets = board.offsets
    start_key = key_of(start)
    # key -> (parent key, action, state, pushes so far)
    tree: dict[Any, tuple[Any, Any, Any, int]] = {start_key: (None, None, start, 0)}
    expanded_keys: set[Any] = set()
    cells: dict[tuple[int, ...], list[tuple[int, float, int, Any]]] = {}
    seq = 0
    next_progress = started + _PROGRESS_EVERY

    def finish(status: Status, reason: str = "", key: Any = None) -> Result:
        stats.seconds = time.perf_counter() - started
        stats.visited = len(tree)
        if key is None:
            return Result(status, stats=stats, strategy="features", reason=reason)
        actions, states = [], []
        cost = tree[key][3]
        while key is not None:
            parent, action, state, _ = tree[key]
            states.append(state)
            if action is not None:
                actions.append(action)
            key = parent
        actions.reverse()
        states.reverse()
        return Result("solved", cost, actions, states, stats, "features")

    if seconds is not None and seconds <= 0:  # as Allowance.run: no time, no search
        return finish("budget_exhausted", "no time left")
    unsolvable = problem.unsolvable_reason()  # as searchkit.search: the level's own proof
    if unsolvable:
        return finish("no_solution", unsolvable)
    is_goal = problem.is_goal
    if is_goal(start):
        return finish("solved", key=start_key)
    h0 = problem.heuristic(start)
    if h0 == float("inf"):
        return finish("no_solution", "the start is a deadlock")
    cells[projection.of(start.boxes, projection.labels(start.boxes)[1])] = \
        [(0, h0, 0, start_key)]
    try:
        while cells:
            for cell in list(cells):
                heap = cells[cell]
                while heap and heap[0][3] in expanded_keys:
                    heappop(heap)
                if not heap:
                    del cells[cell]
                    continue
                if max_expansions is not None and stats.expanded >= max_expansions:
                    return finish("budget_exhausted", "expansion limit")
                weight, h, _seq, key = heappop(heap)
                expanded_keys.add(key)
                stats.expanded += 1
                if stats.expanded & 63 == 0:
                    if deadline is not None and clock() > deadline:
                        return finish("budget_exhausted", f"time exhausted ({seconds:g} s)")
                    if grown is not None and max_bytes is not None and grown() > max_bytes:
                        return finish("budget_exhausted",
                                      f"memory budget exhausted ({max_bytes} bytes)")
                    if progress is not None and (now := time.perf_counter()) >= next_progress:
                        next_progress = now + _PROGRESS_EVERY
                        stats.visited = len(tree)
                        progress(Progress(stats, seq - stats.expanded, now - started))
                state, pushes = tree[key][2:]
                boxes = state.boxes
                label, count = projection.labels(boxes)
                features = projection.of(boxes, count)
                children = []
                advisor = packing_move(problem, state)
                moves = problem.successors_with_heuristic(state, h)
                if advisor is not None:
                    moves = chain(moves, (advisor,))
                for action, child, step, child_h in moves:
                    stats.generated += 1
                    child_key = key_of(child)
                    if child_key in tree:
                        stats.duplicates += 1
                        continue
                    if child_h == float("inf"):
                        stats.pruned += 1
                        continue
                    tree[child_key] = (key, action, child, pushes + step)
                    if is_goal(child):
                        return finish("solved", key=child_key)
                    child_boxes = child.boxes
                    regions = projection.regions_after(label, count, boxes, child_boxes)
                    children.append((projection.of(child_boxes, regions), child_h, child_key,
                                     action.box_cells(offsets)))
                advised = _advice(features, children)
                if advisor is not None:
                    advised.add(key_of(advisor[1]))
                # an expanded position is never solved: the order has a next goal to open
                if opener and advisor is None:
                    opened = opener_move(walk_distances(board, order[features[0]]), features,
                                         children)
                    if opened is not None:
                        advised.add(opened)
                action = tree[key][1]
                carried = action.box_cells(offsets)[1] if box_moves and action else -1
                for child_features, child_h, child_key, (moved, _) in children:
                    seq += 1
                    step_weight = child_key not in advised and moved != carried
                    entry = (weight + step_weight, child_h, -seq, child_key)
                    found = cells.get(child_features)
                    if found is None:
                        cells[child_features] = [entry]
                    else:
                        heappush(found, entry)
                stats.max_frontier = max(stats.max_frontier, seq - stats.expanded)
    except KeyboardInterrupt:
        return finish("interrupted", "interrupted (Ctrl-C)")
    return finish("no_solution", "every reachable position was expanded")


#: seconds between two calls of ``progress``
_PROGRESS_EVERY = 0.5
#: per feature, +1 if more is progress, -1 if less is
_PROGRESS = (1, -1, -1, -1)


def _advice(features: tuple[int, ...], children: list[tuple[Any, float, Any, Any]]
            ) -> set[Any]:
    """The keys of the children that the advisors of the features propose: per feature, the
    child that improves it most (ties: the lower guide), if one improves it."""
    advised = set()
    for i, sign in enumerate(_PROGRESS):
        now = features[i] * sign
        best = None
        for child_features, child_h, child_key, _ in children:
            gain = child_features[i] * sign - now
            if gain > 0 and (best is None or (-gain, child_h) < best[0]):
                best = ((-gain, child_h), child_key)
        if best is not None:
            advised.add(best[1])
    return advised


