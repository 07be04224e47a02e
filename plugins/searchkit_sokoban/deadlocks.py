"""Deadlock tests run during the search (dead squares are computed by :class:`~.board.Board`).

**Freeze deadlocks.** A box can move along an axis (vertical or horizontal) only if both cells
beside it on that axis are free: the keeper stands on one, the box goes to the other. Call a set
``F`` of boxes *frozen* when every box of ``F`` is blocked on both axes, blocked meaning that
on that axis

* one of the two neighbours is a wall or a box of ``F``, or
* both neighbours are dead squares (moving the box there loses it anyway).

By induction on the moves, no box of a frozen set ever moves in a solution: the first one to move
would need two free neighbours on some axis. So if a frozen set holds a box that is not on a goal,
the position is a deadlock. :func:`freeze_deadlock` computes the largest frozen set among the boxes
connected to the box just pushed (other boxes' freedom does not depend on it) as a greatest fixed
point: start from the whole connected group and drop every box that has a free axis until nothing
changes. This covers two boxes against a wall, 2x2 blocks, and any chain of mutually blocking boxes
(the "general frozen-box test").

**Matching.** :func:`matching_deadlock`: every box must still reach a distinct goal by box-alone
pushes (a bipartite perfect matching on push-distance reachability).
"""

from __future__ import annotations

from math import inf

from .assignment import has_perfect_matching
from .board import Board

__all__ = ["freeze_deadlock", "matching_deadlock"]


def freeze_deadlock(board: Board, has_box: bytearray, pushed: int) -> bool:
    """Whether the box on cell ``pushed`` belongs to a frozen set holding a box off its goal.

    ``has_box[c]`` is 1 when a box stands on cell ``c``. Cost: O(k^2) for the k boxes
    4-connected to ``pushed`` (usually 1 to 4).

    >>> from .levels import split_levels
    >>> b = Board(split_levels("#######\\n#@    #\\n#     #\\n# ..  #\\n#  $$ #\\n#######")[0])
    >>> def on(*cells):
    ...     array = bytearray(b.size)
    ...     for r, c in cells:
    ...         array[b.cell(r, c)] = 1
    ...     return array
    >>> freeze_deadlock(b, on((4, 2), (4, 3)), b.cell(4, 3))  # two boxes along the bottom wall
    True
    >>> freeze_deadlock(b, on((2, 2), (2, 3)), b.cell(2, 3))  # side by side in open floor
    False
    >>> freeze_deadlock(b, on((2, 2), (2, 3), (3, 2), (3, 3)), b.cell(3, 3))  # 2x2, two goals
    True
    """
    floor, dead, is_goal = board.is_floor, board.dead, board.is_goal
    horizontal, vertical = 1, board.width
    # quick exit: the pushed box has a free axis even if all its neighbours stayed put
    free_axis = False
    for off in (horizontal, vertical):
        a, b = pushed - off, pushed + off
        if floor[a] and floor[b] and not has_box[a] and not has_box[b] and \
                not (dead[a] and dead[b]):
            free_axis = True
            break
    if free_axis:
        return False
    group = {pushed}
    stack = [pushed]
    while stack:
        cell = stack.pop()
        for off in (-horizontal, horizontal, -vertical, vertical):
            nxt = cell + off
            if has_box[nxt] and nxt not in group:
                group.add(nxt)
                stack.append(nxt)
    changed = True
    while changed:
        changed = False
        for cell in sorted(group):  # a copy: boxes are dropped from the set inside the loop
            for off in (horizontal, vertical):
                a, b = cell - off, cell + off
                if floor[a] and floor[b] and a not in group and b not in group and \
                        not (dead[a] and dead[b]):
                    group.discard(cell)
                    changed = True
                    break
    return any(not is_goal[cell] for cell in group)


def matching_deadlock(board: Board, cells: tuple[int, ...]) -> bool:
    """Whether the boxes on ``cells`` cannot all reach distinct goals (box-alone pushes).

    O(k * k^2) for k boxes.
    """
    dist = board.push_distance
    adjacent = [[g for g in range(len(dist)) if dist[g][c] != inf] for c in cells]
    return not has_perfect_matching(adjacent, len(dist))
