"""A feature-space search for ``mode="any"``, after Shoham and Schaeffer's FESS.

Greedy best-first search on one scalar guide is brittle on large levels: it dives into one
region of the search space and spends its whole budget there when that region hides a deadlock
no rule detects. FESS (*The FESS Algorithm: A Feature Based Approach to Single-Agent Search*,
Y. Shoham and J. Schaeffer, IEEE CoG 2020) projects every position onto a few *features* and
gives each cell of that feature space its turn, round robin, so that positions which are
different in kind all make progress. We use two of FESS's features:

* **placed**: boxes on goals;
* **connectivity**: the number of separate regions of the free floor (1 when the keeper can
  walk everywhere that holds no box).

Within a cell the next position expanded is the one with the lowest *weight*: the sum over its
path of the weights of its moves, where a move that *improves* a feature (places a box on a goal,
or joins two regions) weighs 0 and any other move 1 -- FESS's advisors, in their simplest form.
Ties go to the lower guide of :class:`~.anyplan.AnyPlanProblem` (matching bound plus packing
order), then to the newest position. Positions are deduplicated on the problem's key, every
deadlock rule and macro of the problem applies, and the search stops at the first goal (tested
when a position is generated). It is complete on a finite level (every position is eventually
expanded) but its plans are not optimal.

The feature of connectivity is counted exactly but cheaply: from the parent's region labels, a
push frees the box's old cell (joining the regions around it) and fills its new cell, which can
split a region only when the free cells around it do not form one run on its 8-cell ring (then
the regions are counted again by a flood).

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
from typing import Any

from searchkit import Result, Stats
from searchkit.result import Status

from .pushes import one_run

__all__ = ["feature_search"]


def feature_search(problem: Any, seconds: float | None = None,
                   clock: Callable[[], float] = time.process_time,
                   max_expansions: int | None = None) -> Result:
    """Search ``problem`` (an :class:`~.anyplan.AnyPlanProblem`) by features (module docstring).

    Stops after ``seconds`` of ``clock`` time (``budget_exhausted``), after ``max_expansions``,
    or on Ctrl-C (``interrupted``), with the statistics so far; ``no_solution`` when every
    reachable position was expanded without reaching the goal.
    """
    board = problem.board
    labels = _Labels(board)
    start = problem.initial()
    stats = Stats()
    started = time.perf_counter()
    deadline = None if seconds is None else clock() + seconds
    key_of = problem.key
    start_key = key_of(start)
    # key -> (parent key, action, state, pushes so far)
    tree: dict[Any, tuple[Any, Any, Any, int]] = {start_key: (None, None, start, 0)}
    expanded_keys: set[Any] = set()
    cells: dict[tuple[int, int], list[tuple[int, float, int, Any]]] = {}
    goals = board.is_goal
    seq = 0

    def placed(boxes: tuple[int, ...]) -> int:
        return sum(goals[c] for c in boxes)

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

    is_goal = problem.is_goal
    if is_goal(start):
        return finish("solved", key=start_key)
    h0 = problem.heuristic(start)
    if h0 == float("inf"):
        return finish("no_solution", "the start is a deadlock")
    cells[(placed(start.boxes), -labels.count(start.boxes))] = [(0, h0, 0, start_key)]
    try:
        while cells:
            for cell in list(cells):
                heap = cells[cell]
                while heap and heap[0][3] in expanded_keys:
                    heappop(heap)
                if not heap:
                    del cells[cell]
                    continue
                weight, h, _seq, key = heappop(heap)
                expanded_keys.add(key)
                stats.expanded += 1
                if stats.expanded & 63 == 0:
                    if deadline is not None and clock() > deadline:
                        return finish("budget_exhausted", f"time exhausted ({seconds:g} s)")
                    if max_expansions is not None and stats.expanded >= max_expansions:
                        return finish("budget_exhausted", "expansion limit")
                state, pushes = tree[key][2:]
                boxes = state.boxes
                on_goal = placed(boxes)
                label, count = labels.label(boxes)
                for action, child, step, child_h in problem.successors_with_heuristic(state, h):
                    stats.generated += 1
                    child_key = key_of(child)
                    if child_key in tree:
                        stats.duplicates += 1
                        continue
                    if child_h == float("inf"):
                        stats.pruned += 1
                        continue
                    tree[child_key] = (key, action, child, pushes + step)
                    child_boxes = child.boxes
                    if is_goal(child):
                        return finish("solved", key=child_key)
                    child_placed = placed(child_boxes)
                    child_regions = labels.after_push(label, count, boxes, child_boxes)
                    improves = child_placed > on_goal or child_regions < count
                    seq += 1
                    entry = (weight + (0 if improves else 1), child_h, -seq, child_key)
                    target = (child_placed, -child_regions)
                    found = cells.get(target)
                    if found is None:
                        cells[target] = [entry]
                    else:
                        heappush(found, entry)
                stats.max_frontier = max(stats.max_frontier, seq - stats.expanded)
    except KeyboardInterrupt:
        return finish("interrupted", "interrupted (Ctrl-C)")
    return finish("no_solution", "every reachable position was expanded")


class _Labels:
    """Regions of the free floor (floor cells without a box), labelled and counted."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.neighbours = board.neighbours
        self.floor = board.floor
        width = board.width
        self.ring = (-width, -width + 1, 1, width + 1, width, width - 1, -1, -width - 1)
        self.template = [-2] * board.size  # -2: wall or outside; -1: a box; else a label
        for cell in board.floor:
            self.template[cell] = 0

    def label(self, boxes: tuple[int, ...]) -> tuple[list[int], int]:
        """Region labels (``-1`` on boxes, ``-2`` off the floor) and the number of regions."""
        label = self.template[:]
        for cell in boxes:
            label[cell] = -1
        neighbours = self.neighbours
        count = 0
        for cell in self.floor:
            if label[cell] != 0:
                continue
            count += 1
            label[cell] = count
            queue = [cell]
            for at in queue:
                for nxt in neighbours[at]:
                    if label[nxt] == 0:
                        label[nxt] = count
                        queue.append(nxt)
        return label, count

    def count(self, boxes: tuple[int, ...]) -> int:
        """The number of regions of the free floor with ``boxes``."""
        return self.label(boxes)[1]

    def after_push(self, label: list[int], count: int, before: tuple[int, ...],
                   after: tuple[int, ...]) -> int:
        """The number of regions after a position changed from box set ``before`` (labelled
        ``label``, ``count`` regions) to ``after``, which differ by the cells that one box
        left and reached (a push, or several pushes of one box in a macro)."""
        gone = set(before).difference(after)
        came = set(after).difference(before)
        if len(gone) != 1 or len(came) != 1:
            return self.count(after)
        (left,), (reached,) = gone, came
        # first the freed cell joins the regions around it ...
        joined = {label[n] for n in self.neighbours[left] if n != reached and label[n] > 0}
        if label[reached] > 0 and reached in self.neighbours[left]:
            joined.add(label[reached])
        count += 1 - len(joined)
        # ... then filling the reached cell removes its region if it was alone, and splits
        # its region only if the free cells of its 8-cell ring are not one run
        ring = [label[reached + o] > 0 or reached + o == left for o in self.ring]
        if not (ring[0] or ring[2] or ring[4] or ring[6]):
            return count - 1
        if one_run(ring):
            return count
        return self.count(after)

