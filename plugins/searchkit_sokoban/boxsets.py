"""Box sets as bit masks of cells, and every push or pull of a set from a mask of keeper cells
at once: the bit-parallel moves that the few-boxes tables (:mod:`.subsets`, :mod:`.subsetmoves`)
and the rooms tables (:mod:`.rooms`) are built with, and the search that grows those tables
(:func:`grow_closure`).

A cell ``c`` is bit ``c`` of an int; a step in direction ``off`` (one of :attr:`Board.offsets`)
is a shift by ``off``. Per direction, a few mask operations find every keeper cell from which a
move is possible, then each move costs O(1).

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("######\\n#@$ .#\\n######")[0])
>>> box, keeper = board.initial_boxes[0], board.keeper
>>> free = floor_mask(board) & ~(1 << box)
>>> [(after, at)] = mask_pushes(1 << box, 1 << keeper, free, board.offsets)
>>> after == 1 << box + 1, at == box  # pushed right, the keeper on the box's cell
(True, True)
>>> free = floor_mask(board) & ~after
>>> list(mask_pulls(after, 1 << at, free, board.offsets)) == [(1 << box, keeper)]  # undone
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from searchkit import check_budget

from .board import Board

__all__ = ["floor_mask", "grow_closure", "mask_pulls", "mask_pushes"]


def mask_pulls(boxes: int, keepers: int, free: int, offsets: tuple[int, ...]
               ) -> Iterator[tuple[int, int]]:
    """Every pull from a keeper cell in the mask ``keepers``: ``(box set after, keeper cell
    after)``. The keeper on ``stand`` beside a box steps away to the free cell ``step``, and the
    box follows him onto ``stand``. Per direction, three mask operations find every ``stand``
    (a keeper cell with a box behind it and a free cell ahead), then O(1) per pull."""
    for off in offsets:
        if off > 0:
            stands = boxes << off & keepers & free >> off
        else:
            stands = boxes >> -off & keepers & free << -off
        while stands:
            low = stands & -stands
            stands ^= low
            stand = low.bit_length() - 1
            yield boxes ^ 1 << stand - off | low, stand + off


def mask_pushes(boxes: int, keepers: int, free: int, offsets: tuple[int, ...]
                ) -> Iterator[tuple[int, int]]:
    """Every push from a keeper cell in the mask ``keepers``: ``(box set after, keeper cell
    after)``. The keeper on ``stand`` pushes the box beside him one cell on, onto a free cell,
    and steps onto the box's cell: :func:`mask_pulls` run the other way."""
    for off in offsets:
        if off > 0:
            stands = keepers & boxes >> off & free >> 2 * off
        else:
            stands = keepers & boxes << -off & free << -2 * off
        while stands:
            low = stands & -stands
            stands ^= low
            box = low.bit_length() - 1 + off
            yield boxes ^ 1 << box | 1 << box + off, box


def floor_mask(board: Board) -> int:
    """The bit mask of the board's floor cells."""
    return sum(1 << cell for cell in board.floor)


def grow_closure(found: dict[int, int], pending: dict[int, int], floor: int, board: Board,
                 moves: Callable[[int, int, int, tuple[int, ...]], Iterable[tuple[int, int]]],
                 stop: Callable[[int], bool], inside: int = -1,
                 expired: Callable[[], bool] | None = None) -> tuple[int, bool]:
    """Add to ``found`` (box set -> mask of keeper cells) every position reachable from the
    ``pending`` ones (box set -> keeper cells reached, not yet flooded; emptied as they are
    taken) by keeper steps and ``moves`` (:func:`mask_pulls` or :func:`mask_pushes`) that keep
    every box within the mask ``inside``. Each box set's newly reached cells are flooded
    (bit-parallel, within the ``floor`` cells free of its boxes, since walking is reversible),
    then every move from the flooded region seeds the box set it leads to; a box set is flooded
    again only when new cells reach it. ``stop(work)`` is asked after each flood; every 1,024
    box sets found, :func:`searchkit.check_budget` (a long build runs under the budget of the
    search that needs it) and ``expired``, if given. Returns the work done (flood rounds and
    moves) and whether the growth ended by itself rather than by ``stop`` or ``expired``
    (``found`` is then partial).

    >>> from .levels import split_levels
    >>> board = Board(split_levels("######\\n#@$ .#\\n######")[0])
    >>> goal = 1 << board.goals[0]
    >>> found = {}
    >>> floor = floor_mask(board)
    >>> grow_closure(found, {goal: floor & ~goal}, floor, board, mask_pulls,
    ...              lambda work: False)[1]
    True
    >>> bool(found[1 << board.initial_boxes[0]] >> board.keeper & 1)  # the start: solvable
    True
    """
    width, offsets = board.width, board.offsets
    outside = ~inside
    work = 0
    stack = list(pending)
    while stack:
        boxes = stack.pop()
        known = found.get(boxes, 0)
        region = pending.pop(boxes) & ~known
        if not region:
            continue
        free = floor & ~boxes
        while True:
            work += 1
            grown = (region | region << 1 | region >> 1 | region << width
                     | region >> width) & free
            if grown == region:
                break
            region = grown
        found[boxes] = known | region
        if not len(found) & 1023:
            check_budget()
            if expired is not None and expired():
                return work, False
        if stop(work):
            return work, False
        for moved, step in moves(boxes, region, free, offsets):
            work += 1
            if moved & outside or found.get(moved, 0) >> step & 1:
                continue
            seeds = pending.get(moved)
            if seeds is None:
                stack.append(moved)
                seeds = 0
            pending[moved] = seeds | 1 << step
    return work, True
