"""Deadlocks among a few boxes, found once per level by retrograde analysis (rule ``subsets``).

**The abstraction.** Take ``k`` of the boxes and remove all the others: the walls, the goals and
the keeper stay. If a position is solvable, so is each such ``k``-box position: replay the
solution and read every push of a removed box as a plain keeper step (its cell is free now),
and at the end the ``k`` boxes stand on ``k`` distinct goals. So a position with *some* subset
of ``k`` boxes that cannot be solved alone -- the keeper standing where he stands -- is a
deadlock. This is sound for both cost models (it is about solvability only), and it sees what
the local rules miss: boxes that will block each other in a corridor, a goal room filled in
the wrong order, a box the keeper can no longer get behind.

**The table.** For ``k = 2, 3, ...`` (up to ``max_boxes``), every solvable ``k``-box position
is found by one breadth-first search *backwards* from the solved ones: ``k`` boxes on any ``k``
goals, the keeper on any other floor cell, then keeper steps and *pulls* (the keeper steps
away from a box next to him and drags it one cell: a push, reversed). A position never reached
is not solvable. States are ``(box set, keeper cell)``; the table maps each box set (a bit mask
of cells) to the bit mask of the keeper cells from which it is solvable. Cost: O(states x 4)
time; the size of ``k`` grows while the search stays under ``max_states`` states (a table that
would be larger is dropped, with the smaller ones kept), which bounds the time to a few seconds
and the memory to a few tens of MB.

**The test** (:meth:`SubsetTable.alive`), after each push: the pushed box with every other box
(pairs), and with every ``k - 1`` of the ``neighbours`` nearest other boxes (``k`` the largest
table's). Subsets without the pushed box need no new test: in each of them the keeper only
walked (the pushed box's cell is free there), and walking never changes whether an abstract
position is solvable.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#@    #\\n# $$  #\\n#   ..#\\n#######")[0])
>>> table = SubsetTable(board)
>>> sorted(table.tables)
[2]
>>> left, right = board.cell(2, 2), board.cell(2, 3)
>>> table.alive((left,), right, board.cell(1, 3))  # the keeper above the pair: solvable
True
"""

from __future__ import annotations

from itertools import combinations

from .board import Board

__all__ = ["SubsetTable"]


class SubsetTable:
    """The solvable positions of every ``k`` boxes alone, ``2 <= k <= max_boxes`` (see above).

    ``tables[k]`` maps a box set (bit mask of cells) to the mask of keeper cells from which it
    is solvable; ``states[k]`` is how many ``(box set, keeper cell)`` states it holds. Sizes
    beyond the number of goals, or whose search passes ``max_states`` states, are left out.
    """

    def __init__(self, board: Board, max_boxes: int = 4, max_states: int = 500_000,
                 neighbours: int = 6) -> None:
        self.tables: dict[int, dict[int, int]] = {}
        self.states: dict[int, int] = {}
        for k in range(2, min(max_boxes, len(board.goals)) + 1):
            found = _solvable_positions(board, k, max_states)
            if found is None:
                break
            self.tables[k], self.states[k] = found
        self._pairs = self.tables.get(2)
        self._largest = max(self.tables, default=0)
        self._neighbours = neighbours
        width = board.width
        self._row = [cell // width for cell in range(board.size)]
        self._col = [cell % width for cell in range(board.size)]

    def alive(self, others: tuple[int, ...], pushed: int, keeper: int) -> bool:
        """False when some tested subset holding the box on ``pushed`` cannot be solved alone.

        ``others`` are the other boxes' cells, ``keeper`` the keeper's cell (after the push).
        O(len(others) + C(neighbours, k - 1)) dictionary lookups.
        """
        pairs = self._pairs
        if pairs is None:
            return True
        bit = 1 << pushed
        for cell in others:
            if not pairs.get(bit | 1 << cell, 0) >> keeper & 1:
                return False
        k = self._largest
        if k <= 2:
            return True
        near = others
        if len(others) > self._neighbours:
            row, col = self._row, self._col
            r, c = row[pushed], col[pushed]
            near = sorted(others, key=lambda x: abs(row[x] - r) + abs(col[x] - c))
            near = near[:self._neighbours]
        table = self.tables[k]
        for group in combinations(near, k - 1):
            mask = bit
            for cell in group:
                mask |= 1 << cell
            if not table.get(mask, 0) >> keeper & 1:
                return False
        return True


def _solvable_positions(board: Board, k: int, max_states: int) -> tuple[dict[int, int], int] | None:
    """Box set -> keeper mask of every solvable ``k``-box position, and the state count; None
    when there are more than ``max_states`` states.

    Breadth-first backwards from the solved positions: keeper steps, and pulls (keeper on ``c``
    steps to ``c + d`` with a box on ``c - d``, which moves to ``c``).
    """
    is_floor, offsets = board.is_floor, board.offsets
    floor = board.floor
    table: dict[int, int] = {}
    queue: list[tuple[int, int]] = []
    for goals in combinations(board.goals, k):
        boxes = 0
        for goal in goals:
            boxes |= 1 << goal
        keepers = 0
        for cell in floor:
            if not boxes >> cell & 1:
                keepers |= 1 << cell
                queue.append((boxes, cell))
        table[boxes] = keepers
        if len(queue) > max_states:
            return None
    for boxes, keeper in queue:
        for off in offsets:
            step = keeper + off
            if not is_floor[step] or boxes >> step & 1:
                continue
            known = table.get(boxes, 0)
            if not known >> step & 1:
                table[boxes] = known | 1 << step
                queue.append((boxes, step))
            behind = keeper - off
            if boxes >> behind & 1:  # pull the box on `behind` onto `keeper`
                pulled = boxes ^ (1 << behind | 1 << keeper)
                known = table.get(pulled, 0)
                if not known >> step & 1:
                    table[pulled] = known | 1 << step
                    queue.append((pulled, step))
        if len(queue) > max_states:
            return None
    return table, len(queue)
