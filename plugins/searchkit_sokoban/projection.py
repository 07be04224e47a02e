"""A position projected onto the feature space of :mod:`.features` (after Shoham and Schaeffer's
FESS): four numbers, each computed from the boxes alone with tables built once per level.

* **packing**: how many goals of the packing order (:mod:`.packing`), from its start, hold a
  box -- boxes on goals out of that order do not count.
* **connectivity**: the number of regions of the free floor (floor cells without a box): 1 when
  the keeper can walk everywhere that holds no box. Counted from the parent's region labels
  after a push (:meth:`Projection.regions_after`), a full flood only when a local test cannot
  tell.
* **room connectivity**: the number of *links* between rooms that a box off its goal obstructs.
  A link is a run of one-wide passage cells (walls on both sides, left and right or above and
  below); the rooms are what the links separate. A box in a passage cuts the keeper's way
  through it.
* **out of plan**: boxes in the area that the next goal of the packing order closes off. With
  the first ``p`` goals of the order filled, filling goal ``p + 1`` too (goals taken as walls)
  cuts some floor off from every goal after it; all but one of the boxes there (the one that
  may fill goal ``p + 1``) can then reach no goal left.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#########\\n#..    .#\\n###$###$#\\n#@  * $ #\\n#########")[0])
>>> order = tuple(board.cell(r, c) for r, c in ((3, 4), (1, 7), (1, 2), (1, 1)))
>>> projection = Projection(board, order)
>>> label, regions = projection.labels(board.initial_boxes)
>>> projection.of(board.initial_boxes, regions)  # packing, regions, links cut, out of plan
(1, 4, 3, 1)
"""

from __future__ import annotations

from .board import Board
from .floods import one_run, ring_offsets
from .packing import packed_prefix

__all__ = ["Projection"]


class Projection:
    """The feature tables of ``board`` for the packing ``order`` (see the module docstring)."""

    def __init__(self, board: Board, order: tuple[int, ...]) -> None:
        self.board = board
        self.order = order
        self.neighbours = board.neighbours
        self.floor = board.floor
        self.ring = ring_offsets(board)
        self.template = [-2] * board.size  # -2: wall or outside; -1: a box; else a label
        for cell in board.floor:
            self.template[cell] = 0
        self.link = self._links()
        self.closing = [self._closed_off(filled) for filled in range(len(order))]

    def of(self, boxes: tuple[int, ...], regions: int) -> tuple[int, int, int, int]:
        """The features of ``boxes`` (``regions``: their connectivity, counted by the caller)."""
        has_box = set(boxes)
        packed = packed_prefix(self.order, has_box)
        goal, link = self.board.is_goal, self.link
        cut = len({link[c] for c in boxes if link[c] and not goal[c]})
        out = 0
        if packed < len(self.order):
            closing = self.closing[packed]
            out = max(0, sum(closing[c] for c in boxes) - 1)
        return packed, regions, cut, out

    # -- connectivity -------------------------------------------------------------------------

    def labels(self, boxes: tuple[int, ...]) -> tuple[list[int], int]:
        """Region labels (``-1`` on boxes, ``-2`` off the floor) and the number of regions."""
        label = self.template[:]
        for cell in boxes:
            label[cell] = -1
        neighbours = self.neighbours
        count = 0
        for cell in self.floor:
            if label[cell] != 0:
                continue
            count += 1
            label[cell] = count
            queue = [cell]
            for at in queue:
                for nxt in neighbours[at]:
                    if label[nxt] == 0:
                        label[nxt] = count
                        queue.append(nxt)
        return label, count

    def regions_after(self, label: list[int], count: int, before: tuple[int, ...],
                      after: tuple[int, ...]) -> int:
        """The number of regions after a position changed from box set ``before`` (labelled
        ``label``, ``count`` regions) to ``after``, which differ by the cells that one box
        left and reached (a push, or several pushes of one box in a macro)."""
        gone = set(before).difference(after)
        came = set(after).difference(before)
        if len(gone) != 1 or len(came) != 1:
            return self.labels(after)[1]
        (left,), (reached,) = gone, came
        # first the freed cell joins the regions around it (the reached cell's included) ...
        joined = {label[n] for n in self.neighbours[left] if label[n] > 0}
        count += 1 - len(joined)
        # ... then filling the reached cell removes its region if it was alone, and splits
        # its region only if the free cells of its 8-cell ring are not one run
        ring = [label[reached + o] > 0 or reached + o == left for o in self.ring]
        if not (ring[0] or ring[2] or ring[4] or ring[6]):
            return count - 1
        if one_run(ring):
            return count
        return self.labels(after)[1]

    # -- tables built once --------------------------------------------------------------------

    def _links(self) -> list[int]:
        """``link[c]``: the number (from 1) of the run of passage cells holding ``c``, else 0."""
        board = self.board
        floor, width = board.is_floor, board.width
        passage = {c for c in board.floor
                   if not floor[c - 1] and not floor[c + 1] or
                   not floor[c - width] and not floor[c + width]}
        link = [0] * board.size
        count = 0
        seen: set[int] = set()
        for cell in sorted(passage):
            if cell in seen:
                continue
            run = [cell]
            seen.add(cell)
            for at in run:
                for nxt in self.neighbours[at]:
                    if nxt in passage and nxt not in seen:
                        seen.add(nxt)
                        run.append(nxt)
            ends = {n for at in run for n in self.neighbours[at] if n not in passage}
            if len(ends) < 2:  # a dead end, not a way between two rooms
                continue
            count += 1
            for at in run:
                link[at] = count
        return link

    def _closed_off(self, filled: int) -> bytearray:
        """The floor cells that filling goal ``filled + 1`` of the order (the first ``filled``
        being full) cuts off from every later goal: flags, the filled goals excluded."""
        order = self.order
        walls = set(order[:filled + 1])
        reached = set(order[filled + 1:])
        queue = list(reached)
        for at in queue:
            for nxt in self.neighbours[at]:
                if nxt not in reached and nxt not in walls:
                    reached.add(nxt)
                    queue.append(nxt)
        packed = set(order[:filled])
        closed = bytearray(self.board.size)
        for cell in self.floor:
            if cell not in reached and cell not in packed:
                closed[cell] = 1
        return closed
