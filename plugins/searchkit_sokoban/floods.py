"""Keeper floods on a bytearray of blocked cells: his region and its smallest cell
(:func:`flood_region`), the smallest cell alone (:func:`flood_root`), his region after a pull
(:func:`region_after_pull`, often without a flood: :func:`one_run`), and walks round one box,
grown only as far as a question needs (:class:`WalkRound`).

A bytearray marks the blocked cells (walls, boxes: 1); a flood copies it and marks what it
reaches, so one O(size) copy in C replaces a set built cell by cell.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#@ $  #\\n# ## .#\\n#######")[0])
>>> blocked = keeper_walls(board)
>>> flood_root(board, blocked, board.keeper) == board.keeper  # the keeper's cell is smallest
True
>>> box = board.initial_boxes[0]
>>> walks = WalkRound(board, blocked)
>>> walks.linked(box, box - 1, box + 1)  # round the box on the top row: no way
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .board import Board

__all__ = ["WALLS", "WalkRound", "flood_region", "flood_root", "keeper_walls"]

#: ``is_floor.translate(WALLS)``: 1 on the walls, 0 on the floor
WALLS = bytes.maketrans(b"\x00\x01", b"\x01\x00")


def keeper_walls(board: Board, boxes: Iterable[int] = ()) -> bytearray:
    """1 on the walls and on ``boxes``, 0 on the free floor: the cells the keeper cannot
    enter, as :func:`flood_region` and :func:`flood_root` take them. O(size)."""
    blocked = board.is_floor.translate(WALLS)
    for cell in boxes:
        blocked[cell] = 1
    return blocked


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


def ring_offsets(board: Board) -> tuple[int, ...]:
    """The offsets of the 8 cells around a cell, clockwise from the one above (the ring of
    :func:`one_run`)."""
    up, down, left, right = board.offsets
    return (up, up + right, right, down + right, down, down + left, left, up + left)


def one_run(ring: list[bool]) -> bool:
    """Whether the free orthogonal cells of an 8-cell ring (``ring[i]``: cell ``i`` is free,
    clockwise from the one above, even indices orthogonal) lie in one run of free cells around
    it: then every path through the centre can go round it, and filling the centre splits
    nothing.

    >>> one_run([True, True, True, False, False, False, False, False])  # above and right
    True
    >>> one_run([True, False, False, False, True, False, False, False])  # above and below
    False
    """
    if all(ring):
        return True
    start = ring.index(False)
    run = None
    current = 0
    for k in range(1, 9):
        i = (start + k) % 8
        if not ring[i]:
            current += 1
        elif i % 2 == 0:  # an orthogonal neighbour: it must be in the first run met
            if run is None:
                run = current
            elif run != current:
                return False
    return True


def region_after_pull(board: Board, occupied: bytearray, seen: bytearray, ring: tuple[int, ...],
                      root: int, box: int, stand: int, back: int) -> int:
    """The keeper's region (smallest cell) after ``box`` was pulled onto ``stand``, by one pull
    or several along a passage, the keeper on ``back``. ``occupied`` marks walls and boxes
    before the pull, ``seen`` the same plus the keeper's region before (root ``root``);
    ``ring``: :func:`ring_offsets`.

    Usually the region before, minus ``stand``, plus ``box``'s cell: when every free
    neighbour of the freed cell was in the region and the region's cells around ``stand``
    (with the freed cell) lie in one run of its 8-cell ring (:func:`one_run`), so filling
    ``stand`` splits nothing. Otherwise a flood from ``back``, O(floor), which stops early
    when nothing new opened, ``box`` is larger than ``root`` and it meets ``root``: the
    smallest cell then (the region lies in the one before, plus ``box``).
    """
    closed = stand != root and all(seen[n] for n in board.neighbours[box])
    if closed and one_run([seen[cell] and not occupied[cell] or cell == box
                           for cell in [stand + o for o in ring]]):
        return min(root, box)
    occupied[box], occupied[stand] = 0, 1
    region = flood_root(board, occupied, back, root if closed and box > root else -1)
    occupied[box], occupied[stand] = 1, 0
    return region
