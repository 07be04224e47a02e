"""Keeper floods on a bytearray of blocked cells: his region and its smallest cell
(:func:`flood_region`), the smallest cell alone (:func:`flood_root`), and walks round one box,
grown only as far as a question needs (:class:`WalkRound`).

A bytearray marks the blocked cells (walls, boxes: 1); a flood copies it and marks what it
reaches, so one O(size) copy in C replaces a set built cell by cell.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#@ $  #\\n# ## .#\\n#######")[0])
>>> blocked = board.is_floor.translate(WALLS)
>>> flood_root(board, blocked, board.keeper) == board.keeper  # the keeper's cell is smallest
True
>>> box = board.initial_boxes[0]
>>> walks = WalkRound(board, blocked)
>>> walks.linked(box, box - 1, box + 1)  # round the box on the top row: no way
False
"""

from __future__ import annotations

from typing import Any

from .board import Board

__all__ = ["WALLS", "WalkRound", "flood_region", "flood_root"]

#: ``is_floor.translate(WALLS)``: 1 on the walls, 0 on the floor
WALLS = bytes.maketrans(b"\x00\x01", b"\x01\x00")


def flood_region(board: Board, occupied: bytearray, start: int) -> tuple[bytearray, int]:
    """The cells the keeper reaches from ``start`` without entering ``occupied`` cells (walls
    and boxes), marked in a copy of ``occupied``, and the smallest of them. O(floor)."""
    seen = occupied[:]
    seen[start] = 1
    queue = [start]
    neighbours = board.neighbours
    for cell in queue:  # the list grows while we walk it: a breadth-first search
        for nxt in neighbours[cell]:
            if not seen[nxt]:
                seen[nxt] = 1
                queue.append(nxt)
    return seen, min(queue)


def flood_root(board: Board, occupied: bytearray, start: int, smallest: int = -1) -> int:
    """The smallest cell reachable from ``start`` through cells not ``occupied``. O(floor).

    ``smallest``, if given, is a cell known to be no larger than any reachable cell but
    ``start``: reaching it ends the walk.
    """
    seen = occupied[:]
    seen[start] = 1
    queue = [start]
    neighbours = board.neighbours
    for cell in queue:
        for nxt in neighbours[cell]:
            if not seen[nxt]:
                if nxt == smallest:
                    return min(smallest, start)
                seen[nxt] = 1
                queue.append(nxt)
    return min(queue)


class WalkRound:
    """Whether the keeper can walk between two cells while one box stands on a given cell,
    the ``blocked`` cells (walls, the other boxes) fixed.

    Each flood (per box cell and keeper region) grows only until it meets the cell asked
    for, and a later question on the same box cell and region resumes it: near the box the
    answer usually comes after a few steps round it; at worst the region is flooded once.
    """

    def __init__(self, board: Board, blocked: bytearray) -> None:
        self.neighbours = board.neighbours
        self.blocked = blocked
        #: box cell -> its floods: [reached (a copy of ``blocked``, the box marked), queue,
        #: next index to expand]
        self.floods: dict[int, list[list[Any]]] = {}

    def linked(self, box: int, start: int, stand: int) -> bool:
        """Whether the keeper on ``start`` can walk to ``stand``, the box on ``box``."""
        if self.blocked[stand]:
            return False
        regions = self.floods.setdefault(box, [])
        for flood in regions:
            if flood[0][start]:
                break
        else:
            seen = self.blocked[:]
            seen[box] = seen[start] = 1
            flood = [seen, [start], 0]
            regions.append(flood)
        seen, queue, head = flood
        neighbours = self.neighbours
        while not seen[stand] and head < len(queue):
            for nxt in neighbours[queue[head]]:
                if not seen[nxt]:
                    seen[nxt] = 1
                    queue.append(nxt)
            head += 1
        flood[2] = head
        return bool(seen[stand])
