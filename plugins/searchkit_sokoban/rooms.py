"""Rooms without goals: the boxes of a room that can no longer all get out (rule ``rooms``).

**Rooms.** A floor cell whose removal cuts the floor in two (an *articulation* cell: a doorway,
a cell of a one-wide corridor) splits off a part of the floor; a part that holds no goal, with
that cell unless it is a goal, is a *room* here. Every box in a room must leave it before the
level is solved, and every way out passes through the doorway.

**The abstraction.** Take the boxes in a room ``X``, remove every other box, and let a box
vanish once it is pushed out of ``X``. If a position is solvable, so is this one: replay the
plan, reading each push of a removed box, or of a box that has left ``X``, as a keeper step (its
cell is free now); at the end every box has left ``X``, which holds no goal. So boxes of a room
that, alone, cannot all be pushed out of it -- the keeper standing where he stands -- are a
deadlock. This is sound for both cost models (it is about solvability only). The ``subsets``
tables ask more of each set (its boxes must reach goals) but cover the whole floor, so they stop
at 3 to 5 boxes; a room's table covers its own cells only and often holds every box the room
can hold: it sees boxes that block each other's way out of a storeroom (Microban 153: six boxes
in two corridors joined by one-cell gaps, where the ``subsets`` tables need quadruples).

**The tables.** Per room, one search *backwards* from the empty room, the keeper anywhere: a
box *enters* through a way out (the push that took it out, reversed) and boxes are *pulled*
within the room (:func:`~.boxsets.mask_pulls`), one size after the other (a size is complete
before the next starts). A position never reached cannot be emptied. Rooms are taken smallest
first; a room that only adds corridor cells (articulation cells) to one already kept is skipped,
so is one that starts with more than ``MAX_BOXES`` boxes, and a larger room's table replaces
those of the rooms inside it that stop at a size no larger. Sizes grow while the work of every
table together (flood rounds, pulls and ways in tried: a measure of time that does not depend
on the machine) stays under ``max_work``: a size that passes it is dropped (the smaller ones
are kept), and one predicted to take the total past twice the cap (growing by the last ratio)
is not tried.

**The test** (:meth:`RoomTables.alive`), after each push onto a cell of a room: the room's boxes
(the pushed one and the others in it) when they are no more than the table's largest size ``k``;
more than ``k`` when the search found no position of ``k + 1`` boxes (the room cannot be
emptied of more); else every ``k`` of them that hold the pushed box and ``k - 1`` of its six
nearest in the room. A push that ends outside a room needs no test of it: the room's boxes
stood still and only the keeper moved, or one of them left it, which only makes its test
easier.

>>> from .levels import split_levels
>>> from .board import Board
>>> level = "\\n".join(["#########",
...                     "#@  #  .#",
...                     "# $ $  .#",
...                     "#   #   #",
...                     "#########"])
>>> tables = RoomTables(Board(split_levels(level)[0]))
>>> [len(cells) for cells, *_ in tables.rooms]  # the left room: its way out is (2, 3)
[9]
>>> board = tables.board
>>> tables.alive((), board.cell(2, 3), board.cell(2, 2))  # pushed on, it leaves
True
>>> tables.alive((board.cell(2, 3),), board.cell(2, 2), board.cell(2, 1))  # blocked
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from .board import Board
from .boxsets import floor_mask, grow_closure, mask_pulls

__all__ = ["RoomTables", "articulation_cells", "goal_free_rooms"]

#: the work (flood rounds, pulls and ways in tried) the tables of a level may take: one to two
#: seconds of CPU here (Microban 153's tables take 1.5 million, 1.1 to 1.7 s)
MAX_WORK = 2_000_000
#: a room that starts with more boxes than this is left out: its table would not reach them
#: within the cap (Microban 153's room starts with 6 and its table goes to 8 within 1.5 million;
#: Sasquatch 3's two rooms start with 10 and stop at 5 and 3, for 1.8 million)
MAX_BOXES = 8
#: the nearest other boxes of a room tested with the pushed one when the room holds more boxes
#: than its table's largest size
NEIGHBOURS = 6


class RoomTables:
    """The rooms of a level and, per room, every position of its boxes alone from which they
    can all be pushed out (see the module docstring).

    ``rooms`` lists ``(cells, table, k, full)``: the room's cells (a frozenset), its table (box
    set as a bit mask of cells -> bit mask of the keeper cells from which the room can be
    emptied), its largest complete size ``k``, and whether no larger size can be emptied at all.
    ``work`` is what building them took (flood rounds, pulls and ways in tried; the rooms after
    it reached ``max_work`` are not tried, and it counts the work of a size dropped for passing
    the cap); ``expired``, if given, is asked every 1,024 box sets and stops the build, keeping
    the sizes done.
    """

    def __init__(self, board: Board, max_work: int = MAX_WORK,
                 expired: Callable[[], bool] | None = None) -> None:
        self.board = board
        corridor = articulation_cells(board)
        kept: list[tuple[frozenset[int], dict[int, int], int, bool]] = []
        self.work = 0
        for cells in goal_free_rooms(board):
            if any(inner < cells and cells - inner <= corridor for inner, *_ in kept) or \
                    len(cells.intersection(board.initial_boxes)) > MAX_BOXES:
                continue
            if self.work >= max_work or expired is not None and expired():
                break  # (past the cap, a room could not complete even its size 1)
            table, k, full, work = _emptiable_positions(board, cells, max_work - self.work,
                                                        expired)
            self.work += work
            if k == 0:
                continue
            kept = [room for room in kept if not (room[0] < cells and room[2] <= k)]
            kept.append((cells, table, k, full))
        self.rooms = kept
        #: cell -> the (room mask, table, k, full) of the rooms holding it
        self._of: list[tuple[tuple[int, dict[int, int], int, bool], ...]] = [()] * board.size
        for cells, table, k, full in kept:
            mask = sum(1 << cell for cell in cells)
            for cell in cells:
                self._of[cell] += ((mask, table, k, full),)

    def alive(self, others: tuple[int, ...], pushed: int, keeper: int) -> bool:
        """False when the boxes of a room holding ``pushed`` (the box just pushed; ``others``
        the other boxes, ``keeper`` the keeper's cell after the push) cannot all get out.
        O(len(others)) per room holding ``pushed``, plus O(C(6, k - 1)) lookups when the room
        holds more boxes than its table's largest size ``k``."""
        for mask, table, k, full in self._of[pushed]:
            inside = [cell for cell in others if mask >> cell & 1]
            bit = 1 << pushed
            if len(inside) < k:
                if not table.get(bit + sum(1 << cell for cell in inside), 0) >> keeper & 1:
                    return False
                continue
            if full:
                return False
            if len(inside) > NEIGHBOURS:
                inside.sort(key=self.board.manhattan(pushed).__getitem__)
                del inside[NEIGHBOURS:]
            for group in combinations(inside, k - 1):
                if not table.get(bit + sum(1 << cell for cell in group), 0) >> keeper & 1:
                    return False
        return True


def articulation_cells(board: Board) -> frozenset[int]:
    """The floor cells whose removal disconnects the floor (Tarjan's low-link, iterative).
    O(floor)."""
    neighbours = board.neighbours
    root = board.floor[0]
    order = {root: 0}
    low = {root: 0}
    cut: set[int] = set()
    root_children = 0
    stack: list[tuple[int, int, Iterator[int]]] = [(root, -1, iter(neighbours[root]))]
    while stack:
        cell, parent, rest = stack[-1]
        for nxt in rest:
            if nxt == parent:
                continue
            if nxt in order:
                low[cell] = min(low[cell], order[nxt])
            else:
                order[nxt] = low[nxt] = len(order)
                stack.append((nxt, cell, iter(neighbours[nxt])))
                root_children += cell == root
                break
        else:
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[cell])
                if parent != root and low[cell] >= order[parent]:
                    cut.add(parent)
    if root_children > 1:
        cut.add(root)
    return frozenset(cut)


def goal_free_rooms(board: Board) -> list[frozenset[int]]:
    """Every part of the floor cut off by one articulation cell that holds no goal, with that
    cell unless it is a goal, smallest first (see the module docstring). O(cuts x floor)."""
    goals = set(board.goals)
    neighbours = board.neighbours
    found: set[frozenset[int]] = set()
    for door in articulation_cells(board):
        seen = {door}
        for start in neighbours[door]:
            if start in seen:
                continue
            part = [start]
            seen.add(start)
            for cell in part:  # the list grows while we walk it: a breadth-first search
                for nxt in neighbours[cell]:
                    if nxt not in seen:
                        seen.add(nxt)
                        part.append(nxt)
            if goals.isdisjoint(part):
                found.add(frozenset(part if door in goals else (*part, door)))
    return sorted(found, key=lambda cells: (len(cells), sorted(cells)))


def _emptiable_positions(board: Board, cells: frozenset[int], max_work: int,
                         expired: Callable[[], bool] | None = None
                         ) -> tuple[dict[int, int], int, bool, int]:
    """Box set -> keeper mask of every position of boxes in ``cells`` alone from which they
    can all be pushed out of ``cells``; the largest size done (module docstring; 0 when size 1
    does not fit: the empty set is always there, the keeper anywhere); whether the search found
    no position of the next size (none can be emptied); the work done (flood rounds, pulls and
    ways in tried), a size dropped for passing ``max_work`` included. ``expired``, if given, is
    asked every 1,024 box sets: it stops the search like the cap."""
    offsets = board.offsets
    floor = floor_mask(board)
    room = sum(1 << cell for cell in cells)
    # the ways out: the keeper on ``cell - off`` pushes the box on ``cell`` out, onto a floor
    # cell ``cell + off`` outside the room; undone, the keeper on ``cell`` steps back to
    # ``cell - off`` and the box appears on ``cell``
    exits = [(cell, off) for cell in sorted(cells) for off in offsets
             if floor >> cell + off & 1 and not room >> cell + off & 1
             and floor >> cell - off & 1]
    table = {0: floor}
    size_now: dict[int, int] = {0: floor}
    done = 0  # the work of the sizes kept
    costs = [1]  # the work of each size
    while True:
        # the next size's work, grown by the last ratio (costs[-1] / costs[-2], the empty
        # set's work counted as 1), would take the total past twice the cap: not tried
        if len(costs) >= 2 and \
                done * costs[-2] + costs[-1] * costs[-1] > 2 * max_work * costs[-2]:
            return table, len(costs) - 1, False, done
        work = 0
        pending: dict[int, int] = {}
        for boxes, region in size_now.items():
            free = floor & ~boxes
            work += len(exits)
            for cell, off in exits:
                if region >> cell & 1 and free >> cell - off & 1 and not boxes >> cell & 1:
                    entered = boxes | 1 << cell
                    pending[entered] = pending.get(entered, 0) | 1 << cell - off
        if not pending:
            return table, len(costs) - 1, True, done + work
        found: dict[int, int] = {}
        # no pull out of the room: no box stands outside it; stop once this size's work passes
        # what the cap leaves
        spent, complete = grow_closure(found, pending, floor, board, mask_pulls,
                                       (max_work - done - work).__lt__, inside=room,
                                       expired=expired)
        work += spent
        if not complete:
            return table, len(costs) - 1, False, done + work
        table.update(found)
        size_now = found
        done += work
        costs.append(work)

