"""The order in which to fill the goals (a *packing order*), found backwards from the solution.

In the solved position every goal holds a box. Going backwards, a box leaves its goal by a
*pull*: the keeper, standing beside it on a free cell with a free cell behind him, steps back and
drags it along. The retrograde search empties the goals one at a time, always taking a box that
can be pulled off its goal with the other goal boxes still in place, and, among those, the one
nearest the goals' way out (fewest steps through free cells to a square that is not a goal).
Emptying from the outside in means filling from the inside out: the packing order is the
reverse of the emptying order. It is the idea of Junghanns and Schaeffer's goal-room macros
(Rolling Stone) and of the "packing" feature of Shoham's FESS: in a goal room, the deepest goals
first, so that no box blocks the way to a goal still empty.

The search only *prefers* this order (:mod:`.anyplan` counts how far a position has followed
it); it never forbids another, so no plan is lost. Goals that no pull can empty while their
neighbours are full come first, in cell order.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("########\\n#@$$...#\\n#  $   #\\n########")[0])
>>> [board.row_col(g) for g in packing_order(board)]  # the dead-end goal first
[(1, 6), (1, 5), (1, 4)]
"""

from __future__ import annotations

from .board import Board

__all__ = ["packed_prefix", "packing_order"]


def packing_order(board: Board) -> tuple[int, ...]:
    """The goals in the order to fill them (see the module docstring). O(goals^2 x floor)."""
    is_floor, neighbours, offsets = board.is_floor, board.neighbours, board.offsets
    goal_set = set(board.goals)
    filled = set(board.goals)
    emptied: list[int] = []
    outside = [c for c in board.floor if c not in goal_set]
    while filled:
        # where the keeper can be (from any non-goal square, around the goal boxes), and how
        # far each free square is from a non-goal square
        depth = {c: 0 for c in outside}
        queue = list(outside)
        for cell in queue:
            for nxt in neighbours[cell]:
                if nxt not in depth and nxt not in filled:
                    depth[nxt] = depth[cell] + 1
                    queue.append(nxt)
        best = None
        for goal in sorted(filled):
            for off in offsets:
                stand, back = goal + off, goal + 2 * off
                if stand in depth and is_floor[back] and back not in filled and \
                        (best is None or depth[stand] < best[0]):
                    best = (depth[stand], goal)
        if best is None:
            break
        filled.discard(best[1])
        emptied.append(best[1])
    return tuple(sorted(filled)) + tuple(reversed(emptied))


def packed_prefix(order: tuple[int, ...], has_box: set[int] | frozenset[int]) -> int:
    """How many goals of ``order``, from its start, hold a box (``has_box``: the box cells).

    >>> packed_prefix((5, 6, 7), {5, 7})
    1
    """
    count = 0
    for goal in order:
        if goal not in has_box:
            break
        count += 1
    return count
