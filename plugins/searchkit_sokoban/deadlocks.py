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

**Bipartite deadlocks.** :func:`bipartite_deadlock`: every box must still reach a distinct goal
by box-alone pushes (a bipartite perfect matching on push-distance reachability).

**PI-corrals** (:func:`pi_corral_pushes`, push-optimal search only). A *corral* is a connected
set ``K`` of free floor cells the keeper cannot reach; its *barrier* is the boxes next to ``K``.
Until some barrier box moves, ``K`` stays sealed (walls and barrier boxes surround it) and no
box can enter it (only a box next to ``K`` could, and those are the barrier). The corral is a
*PI-corral* when

* (I) no barrier box can ever be pushed out of ``K`` before a barrier box moves: for every
  barrier box ``b`` and direction ``d`` with ``b + d`` outside ``K``, ``b + d`` is a wall or a
  barrier box, or the stand cell ``b - d`` is a wall, a barrier box or in ``K``;
* (P) every push of a barrier box into ``K`` can be made now, or not before a barrier box
  moves: its stand cell is reachable, or a wall, a barrier box or in ``K``;
* and some push of a barrier box is needed: ``K`` holds a goal, or a barrier box is off its
  goal.

Then only the pushes of barrier boxes into ``K`` need to be searched, without changing the
push optimum. Proof: take an optimal solution and its first push ``t`` of a barrier box. By (I)
it goes into ``K``, by (P) its stand cell is reachable from the start, and its target (in
``K``) is free from the start. The pushes before ``t`` move other boxes, never into ``K`` or
onto the barrier, so doing push ``t`` first leaves each of them legal (the keeper only gains
room: the barrier cell frees up, the box lands in sealed ``K`` which no earlier walk crossed)
and reaches the same position after them, keeper region included. So some optimal solution
starts with a PI-corral push. (Walks can get longer, so this is not sound for move-optimal
search.)

::

    ########
    #  . * #    K: the three cells right of the lower '$' (walls around it, that '$' on its
    #@     #    left), with a goal. Barrier: that '$', which cannot go up (nobody can stand
    #  $####    below it) or down (wall) and cannot go left before K opens (the keeper would
    #  $ . #    stand in K). So the only push searched here is that '$' to the right; the
    ########    two pushes of the '*' are cut.
"""

from __future__ import annotations

from math import inf

from .assignment import has_perfect_matching
from .board import Board

__all__ = ["bipartite_deadlock", "corrals", "freeze_deadlock", "pi_corral_pushes"]


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


def bipartite_deadlock(board: Board, cells: tuple[int, ...]) -> bool:
    """Whether the boxes on ``cells`` cannot all reach distinct goals (box-alone pushes).

    O(k * k^2) for k boxes.
    """
    dist = board.push_distance
    adjacent = [[g for g in range(len(dist)) if dist[g][c] != inf] for c in cells]
    return not has_perfect_matching(adjacent, len(dist))


def pi_corral_pushes(board: Board, distance: list[int],
                     found: list[tuple[set[int], set[int]]] | None = None
                     ) -> list[tuple[int, int]] | None:
    """The pushes into the PI-corral with the fewest of them, or ``None`` without a PI-corral.

    ``distance`` describes the position as :meth:`~.pushes.PushGenerator.pushes`
    computes it: ``>= 0`` on cells the keeper reaches, ``-2`` on boxes, ``-1`` on every other
    cell (walls and sealed-off floor); ``found`` is :func:`corrals` of it, if known. A push is
    ``(box cell, direction)`` with the direction an index into :attr:`Board.offsets`. An empty
    list means the position is dead (a barrier box must move but none ever can). O(floor) per
    corral.
    """
    best: list[tuple[int, int]] | None = None
    for area, barrier in corrals(board, distance) if found is None else found:
        pushes = _corral_pushes(board, distance, area, barrier)
        if pushes is not None and (best is None or len(pushes) < len(best)):
            best = pushes
    return best


def corrals(board: Board, distance: list[int]) -> list[tuple[set[int], set[int]]]:
    """Every corral of the position as ``(area, barrier)``: a connected set of free floor cells
    the keeper cannot reach, and the boxes next to it. ``distance`` as for
    :func:`pi_corral_pushes`. Corrals come in the order of their smallest cell. O(floor)."""
    found: list[tuple[set[int], set[int]]] = []
    starts = [cell for cell in board.floor if distance[cell] == -1]
    if not starts:
        return found
    seen = bytearray(board.size)
    neighbours = board.neighbours
    for start in starts:
        if seen[start]:
            continue
        seen[start] = 1
        barrier = set()
        queue = [start]
        for cell in queue:
            for nxt in neighbours[cell]:
                mark = distance[nxt]
                if mark == -1:
                    if not seen[nxt]:
                        seen[nxt] = 1
                        queue.append(nxt)
                elif mark == -2:
                    barrier.add(nxt)
        found.append((set(queue), barrier))
    return found


def _corral_pushes(board: Board, distance: list[int], area: set[int],
                   barrier: set[int]) -> list[tuple[int, int]] | None:
    """The pushes into ``area`` if it is a PI-corral with ``barrier`` (module docstring)."""
    is_goal, floor = board.is_goal, board.is_floor
    if all(is_goal[b] for b in barrier) and not any(is_goal[c] for c in area):
        return None  # nothing forces a push into this corral

    def blocked(cell: int) -> bool:  # stays out of the keeper's and boxes' way until t
        return not floor[cell] or cell in barrier or cell in area

    pushes = []
    for box in barrier:
        for direction, off in enumerate(board.offsets):
            target, stand = box + off, box - off
            if target in area:
                if distance[stand] >= 0:
                    pushes.append((box, direction))
                elif not blocked(stand):
                    return None  # (P) fails: the push may become possible later
            elif not (blocked(target) or blocked(stand)):  # target is not in the area here
                return None  # (I) fails: the box may leave the corral
    return pushes
