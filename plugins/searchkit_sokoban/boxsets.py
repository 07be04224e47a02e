"""Box sets as bit masks of cells, and every push or pull of a set from a mask of keeper cells
at once: the bit-parallel moves that the few-boxes tables (:mod:`.subsets`, :mod:`.subsetmoves`)
are built with.

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

from collections.abc import Iterator

from .board import Board

__all__ = ["floor_mask", "mask_pulls", "mask_pushes"]


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
