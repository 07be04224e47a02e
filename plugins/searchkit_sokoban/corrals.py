"""Corral deadlocks (rule ``corral``): a small search on the boxes around a sealed area.

A *corral* is a connected set ``K`` of free floor cells the keeper cannot reach; its *barrier*
is the boxes next to it (walls and barrier boxes seal it). Take the barrier boxes and the boxes
next to them, remove every other box, and search that smaller problem from the current
position. Two outcomes end the search early: the keeper reaches a cell of ``K`` (the corral
opens), or every kept box stands on a goal. If neither can happen, the position is a deadlock.

**Soundness.** Replaying a solution of the whole position with the other boxes removed (their
pushes read as keeper steps onto free cells) is a legal sequence of the smaller problem, which
ends with every kept box on a goal. So a smaller problem that can reach neither outcome proves
that the position has no solution. The search is exhaustive within ``max_nodes`` positions;
past that the test answers "alive" (it never guesses). It is sound for both cost models (it is
about solvability only), and the other rules used inside it (dead squares, freeze) are sound in
the smaller problem as well.

**Learnt once per level.** Each answer is stored under the kept boxes, the keeper's region
(its smallest cell) and the corral (its smallest cell), which determine the smaller problem, in a
table shared through :meth:`Board.derived` by every search on the level: the portfolio's later
searches reuse what the earlier ones learnt (the *learnt deadlocks* of Junghanns and
Schaeffer's pattern searches, in their simplest form; YASS and JSoko test corrals the same
way).

>>> from .levels import split_levels
>>> from .board import Board
>>> level = "#######\\n#. @  #\\n#  #$##\\n#  $ .#\\n#######"
>>> board = Board(split_levels(level)[0])
>>> from .pushes import PushGenerator
>>> corrals = CorralDeadlocks(board)
>>> distance = PushGenerator(board, {}, None)._walk(board.initial_boxes, board.keeper)[2]
>>> corrals.dead(board.keeper, distance, 0)
False
"""

from __future__ import annotations

from .board import Board
from .deadlocks import corrals, freeze_deadlock

__all__ = ["CorralDeadlocks"]


class CorralDeadlocks:
    """The ``corral`` rule's test and its table of answers (see the module docstring).

    ``max_nodes`` bounds each small search (positions expanded); ``max_boxes`` skips corrals
    whose kept boxes are more than that.
    """

    def __init__(self, board: Board, max_nodes: int = 150, max_boxes: int = 10) -> None:
        self.board = board
        self.max_nodes = max_nodes
        self.max_boxes = max_boxes
        #: (kept boxes, keeper region, corral) -> dead; shared by every search on the level
        self.table: dict[tuple[tuple[int, ...], int, int], bool]
        self.table = board.derived("corral_deadlocks", dict)

    def dead(self, keeper: int, distance: list[int], region: int,
             found: list[tuple[set[int], set[int]]] | None = None) -> bool:
        """Whether some corral of the position proves it dead.

        ``keeper`` is the keeper's cell, ``distance`` his walk as
        :meth:`~.pushes.PushGenerator.pushes` computes it (``>= 0`` reached, ``-2`` a box,
        ``-1`` anything else); ``region`` is the smallest cell the keeper reaches; ``found`` is
        :func:`~.deadlocks.corrals` of the position, if known. O(floor) to find the corrals,
        plus one small search per corral not seen before.
        """
        board = self.board
        neighbours, is_goal = board.neighbours, board.is_goal
        for area, barrier in corrals(board, distance) if found is None else found:
            kept = set(barrier)
            for box in barrier:  # the boxes that hold the barrier in place too
                for nxt in neighbours[box]:
                    if distance[nxt] == -2:
                        kept.add(nxt)
            if len(kept) > self.max_boxes or all(is_goal[b] for b in kept):
                continue
            key = (tuple(sorted(kept)), region, min(area))
            sealed = self.table.get(key)
            if sealed is None:
                sealed = self.table[key] = self._sealed(key[0], keeper, area)
            if sealed:
                return True
        return False

    def _sealed(self, boxes: tuple[int, ...], keeper: int, area: set[int]) -> bool:
        """Whether ``boxes`` alone, the keeper on ``keeper``, can neither open ``area`` nor all
        reach goals (an exhaustive search of at most :attr:`max_nodes` positions; False when
        the limit is reached first)."""
        board = self.board
        neighbours, offsets = board.neighbours, board.offsets
        is_floor, is_goal, dead = board.is_floor, board.is_goal, board.dead
        has_box = bytearray(board.size)
        visited: set[tuple[tuple[int, ...], int]] = set()
        stack = [(boxes, keeper)]
        nodes = 0
        while stack:
            boxes, keeper = stack.pop()
            for cell in boxes:
                has_box[cell] = 1
            reach = {keeper}
            queue = [keeper]
            opened = False
            for cell in queue:
                for nxt in neighbours[cell]:
                    if not has_box[nxt] and nxt not in reach:
                        if nxt in area:
                            opened = True
                            break
                        reach.add(nxt)
                        queue.append(nxt)
                if opened:
                    break
            if opened:
                return False
            state = (boxes, min(queue))
            if state in visited:
                for cell in boxes:
                    has_box[cell] = 0
                continue
            visited.add(state)
            nodes += 1
            if nodes > self.max_nodes:
                return False
            for i, box in enumerate(boxes):
                for off in offsets:
                    target = box + off
                    if box - off not in reach or not is_floor[target] or has_box[target] or \
                            dead[target]:
                        continue
                    has_box[box], has_box[target] = 0, 1
                    frozen = freeze_deadlock(board, has_box, target)
                    has_box[box], has_box[target] = 1, 0
                    if frozen:
                        continue
                    moved = tuple(sorted((*boxes[:i], target, *boxes[i + 1:])))
                    if all(is_goal[c] for c in moved):
                        return False
                    stack.append((moved, box))
            for cell in boxes:
                has_box[cell] = 0
        return True
