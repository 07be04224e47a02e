"""The moves that carry one box somewhere, the other boxes staying put: the pushes that bring
it to a goal (:func:`box_route`, behind the goal macros of :mod:`.anyplan` and the packing
advisor of :mod:`.advisors`) and the pulls that bring it to a starting cell
(:func:`pull_routes`, behind the backward search's macros in :mod:`.pulls`, whose switches
:func:`check_macros` checks), and the pulls through a one-wide passage that must go on
(:func:`tunnel_pull`, the backward search's tunnel pulls).

The search runs over (box cell, keeper cell) pairs: the keeper stands where the box was after
each push, and between two pushes in different directions he must walk round the box
(:class:`~.floods.WalkRound`: floods grown only as far as a question needs). The box never
enters a dead square, a wall or another box.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#.    #\\n# $ @ #\\n#     #\\n#######")[0])
>>> directions, keeper = box_route(board, board.initial_boxes, board.initial_boxes[0],
...                                board.keeper, board.goals[0])
>>> len(directions), keeper == board.cell(1, 2)  # up, then left: the keeper walks round
(2, True)
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from heapq import heappop, heappush
from typing import NamedTuple

from .board import Board
from .floods import WalkRound, keeper_walls

__all__ = ["PullMacro", "box_route", "check_macros", "pull_routes", "tunnel_pull"]


class PullMacro(NamedTuple):
    """Several pulls of one box as one step of the backward search (:mod:`.pulls`): the
    position before them (``boxes``, ``keeper``), the box's cell and the pulls as ``(stand,
    direction)`` steps, as :func:`pull_routes` gives them."""

    boxes: tuple[int, ...]
    keeper: int
    box: int
    steps: tuple[tuple[int, int], ...]

    def pulls(self, offsets: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int, int]]:
        """The single pulls, each as the fields of a :class:`.pulls.Pull`: ``(boxes, keeper,
        stand, direction)`` before it (``offsets``: :attr:`Board.offsets`)."""
        others = list(self.boxes)
        others.remove(self.box)
        boxes, keeper, found = self.boxes, self.keeper, []
        for stand, direction in self.steps:
            found.append((boxes, keeper, stand, direction))
            boxes, keeper = tuple(sorted((*others, stand))), stand + offsets[direction]
        return found


def box_route(board: Board, boxes: tuple[int, ...], box: int, keeper: int, goal: int, *,
              area: bytearray | None = None, distance: list[float] | None = None,
              limit: int | None = None) -> tuple[tuple[int, ...], int] | None:
    """The directions of the pushes that bring the box on ``box`` to ``goal`` (the keeper on
    ``keeper``, the other ``boxes`` fixed) and the keeper's cell after them, or ``None``.

    Without ``distance``, breadth-first: the fewest pushes. With ``distance`` (pushes from each
    cell to ``goal``, e.g. a row of :attr:`Board.push_distance`), best-first on it, ties to
    the fewer pushes, at most ``limit`` pairs expanded. ``area`` (1 on the cells allowed)
    keeps the box inside a part of the floor. A flood of the box's cells alone (the keeper
    anywhere) first rules out a goal the other boxes wall off. O(pairs x floor) at worst.
    """
    offsets, is_floor, dead = board.offsets, board.is_floor, board.dead
    others = set(boxes)
    others.discard(box)
    blocked = keeper_walls(board, others)  # walls and the other boxes
    if not _may_reach(board, blocked, box, goal, area):
        return None
    linked = WalkRound(board, blocked).linked
    previous: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {(box, keeper): None}
    # (priority, pushes, box cell, keeper cell); breadth-first: the priority is the order found
    heap = [(0.0 if distance is None else distance[box], 0, box, keeper)]
    found = expanded = 0
    while heap and (limit is None or expanded < limit):
        _, depth, cell, at = heappop(heap)
        expanded += 1
        if cell == goal:
            directions = []
            step = previous[(cell, at)]
            while step is not None:
                pair, direction = step
                directions.append(direction)
                step = previous[pair]
            directions.reverse()
            return tuple(directions), at
        for direction, off in enumerate(offsets):
            target = cell + off
            if area is not None and not area[target] or not is_floor[target] or \
                    dead[target] or target in others or not linked(cell, at, cell - off):
                continue
            pair = (target, cell)
            if pair not in previous:
                previous[pair] = ((cell, at), direction)
                found += 1
                heappush(heap, (found if distance is None else distance[target], depth + 1,
                                target, cell))
    return None


def _may_reach(board: Board, blocked: bytearray, box: int, goal: int,
               area: bytearray | None) -> bool:
    """Whether the box on ``box`` could reach ``goal`` if the keeper could stand on any free
    cell: each push needs only the cell behind the box free (``blocked``: walls and the other
    boxes). A route of :func:`box_route` is such a path, so ``False`` spares its search of
    (box cell, keeper cell) pairs: most positions where a box cannot reach its goal have it
    boxed in by the others, which a flood of the box's cells alone shows. O(floor)."""
    offsets, dead = board.offsets, board.dead
    seen = blocked[:]
    seen[box] = 1
    queue = [box]
    for cell in queue:
        if cell == goal:
            return True
        for off in offsets:
            target = cell + off
            if not seen[target] and not dead[target] and not blocked[cell - off] and \
                    (area is None or area[target]):
                seen[target] = 1
                queue.append(target)
    return False


def pull_routes(board: Board, blocked: bytearray, box: int, keeper: int, targets: Container[int],
                dead: bytearray, depth: int) -> Iterator[tuple[tuple[tuple[int, int], ...], int]]:
    """The pulls that drag the box on ``box`` onto a cell of ``targets``, the keeper on
    ``keeper`` and the ``blocked`` cells (walls, the other boxes; not ``box``) fixed: for each
    (box cell, keeper cell) pair reached with the box on a target, by 2 to ``depth`` pulls,
    the pulls as ``(stand, direction)`` steps (the keeper walks to ``stand``, beside the box,
    and steps in ``direction``, away from it, dragging it onto ``stand``) and the keeper's
    cell after them. Breadth-first over the pairs, so each route is a shortest one; the box
    never enters a ``dead`` cell. O(pairs x floor) at worst, the keeper's walks checked by
    :class:`~.floods.WalkRound`.

    >>> from .levels import split_levels
    >>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
    >>> walls = keeper_walls(board)  # no other box
    >>> [([board.row_col(stand) for stand, _ in steps], board.row_col(after)) for steps, after
    ...  in pull_routes(board, walls, board.goals[0], board.keeper, {board.cell(1, 3)},
    ...                 bytearray(board.size), depth=4)]  # from the goal, dragged left twice
    [([(1, 4), (1, 3)], (1, 2))]
    """
    offsets = board.offsets
    linked = WalkRound(board, blocked).linked
    # (box cell, keeper cell) -> (the pair before, the pull's direction); the pull's stand is
    # the box cell of the pair it led to
    previous: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {(box, keeper): None}
    queue = [(box, keeper)]
    depths = [0]
    for index, (cell, at) in enumerate(queue):
        steps = depths[index] + 1
        if steps > depth:
            break
        for direction, off in enumerate(offsets):
            stand = cell + off
            back = stand + off
            if blocked[back] or dead[stand] or not linked(cell, at, stand):
                continue
            pair = (stand, back)
            if pair in previous:
                continue
            previous[pair] = ((cell, at), direction)
            queue.append(pair)
            depths.append(steps)
            if steps > 1 and stand in targets:
                route = []
                step, link = pair, previous[pair]
                while link is not None:
                    route.append((step[0], link[1]))
                    step, link = link[0], previous[link[0]]
                route.reverse()
                yield tuple(route), back


def check_macros(macro_depth: int = 0, plateau_macros: bool = False) -> None:
    """Raise ``ValueError`` unless the backward search's macro switches are valid
    (:class:`~.pulls.PullProblem`): ``macro_depth``, the longest macro in pulls, a whole
    number, 0 (no macros) or more; ``plateau_macros`` a bool, true only with macros to offer.

    >>> check_macros(8, plateau_macros=True)
    >>> check_macros(0, plateau_macros=True)
    Traceback (most recent call last):
    ...
    ValueError: plateau_macros needs macros: give macro_depth 2 or more
    """
    if isinstance(macro_depth, bool) or not isinstance(macro_depth, int) or macro_depth < 0:
        raise ValueError(f"macro_depth must be a whole number, 0 (no macros) or more, not "
                         f"{macro_depth!r}")
    if plateau_macros not in (True, False):
        raise ValueError(f"plateau_macros must be True or False, not {plateau_macros!r}")
    if plateau_macros and macro_depth < 2:
        raise ValueError("plateau_macros needs macros: give macro_depth 2 or more")


def tunnel_pull(board: Board, occupied: bytearray, stand: int, direction: int,
                starts: Container[int], dead: bytearray) -> tuple[tuple[int, int], ...] | None:
    """The pulls of one box through a one-wide passage, as :class:`PullMacro` steps, the
    first being the pull onto ``stand`` in ``direction``; ``None`` when there is no second.

    While the box and the keeper ahead of it both stand in a passage along the pull
    (:attr:`.board.Board.passage`), pulling on loses nothing. The keeper's cell is of no use
    but to this box: no other box can be pulled onto it (the keeper would have to step back
    onto this one), and a walk into it can only come back. So whatever a plan does before it
    next moves this box, it can do after one more pull as well; and if it next pulls the box
    back (the keeper come round behind it by another way), it can still, from one cell further
    on. The box is pulled on until the keeper steps out of the passage, the box reaches a
    starting cell (in ``starts``: it may have to stay there), or the next pull would take the
    box onto a ``dead`` cell or the keeper into a wall or a box (``occupied``). O(length).

    >>> from .levels import split_levels
    >>> board = Board(split_levels("#########\\n#  ###  #\\n#@$   . #\\n#  ###  #\\n#########")[0])
    >>> left = 2  # Board.offsets: up, down, left, right
    >>> occupied = bytearray(board.size)
    >>> for cell in range(board.size):
    ...     occupied[cell] = not board.is_floor[cell]
    >>> steps = tunnel_pull(board, occupied, board.cell(2, 5), left, board.initial_boxes,
    ...                     board.dead)  # the pull from the goal, left onto (2, 5)
    >>> [board.row_col(stand) for stand, _ in steps]  # the keeper steps out onto (2, 2)
    [(2, 5), (2, 4), (2, 3)]
    """
    off = board.offsets[direction]
    passage = board.passage[direction]
    steps = [(stand, direction)]
    while passage[stand] and stand not in starts:
        back = stand + off
        if occupied[back + off] or dead[back]:
            break
        stand = back
        steps.append((stand, direction))
    return tuple(steps) if len(steps) > 1 else None
