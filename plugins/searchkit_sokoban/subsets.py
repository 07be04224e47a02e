"""A few boxes alone: deadlocks (rule ``subsets``) and a moves bound, from per-level tables.

**The abstraction.** Take ``k`` of the boxes and remove all the others: the walls, the goals and
the keeper stay. If a position is solvable, so is each such ``k``-box position: replay the
solution and read every push of a removed box as a plain keeper step (its cell is free now),
and at the end the ``k`` boxes stand on ``k`` distinct goals. So a position with *some* subset
of ``k`` boxes that cannot be solved alone -- the keeper standing where he stands -- is a
deadlock. This is sound for both cost models (it is about solvability only), and it sees what
the local rules miss: boxes that will block each other in a corridor, a goal room filled in
the wrong order, a box the keeper can no longer get behind.

**The table.** For ``k = 2, 3, ...`` (up to ``max_boxes``), every solvable ``k``-box position
is found by one search *backwards* from the solved ones: ``k`` boxes on any ``k`` goals, the
keeper on any other floor cell, then keeper steps and *pulls* (the keeper steps away from a box
next to him and drags it one cell: a push, reversed). A position never reached is not
solvable. The table maps each box set (a bit mask of cells) to the bit mask of the keeper
cells from which it is solvable. Keeper steps are reversible, so the search works a keeper
region at a time: a box set's newly reached cells are flooded with shifts and masks, then every
pull from the flooded region is tried. Cost: O(box sets x (region diameter + 4k)) big-integer
operations, each box set being flooded again only when new cells reach it. Sizes grow while
the table stays under ``max_sets`` box sets (a search that passes it is dropped, the smaller
tables are kept; a size that would not fit if the table grew by the last ratio is not tried,
and for triples, the ratio of the pairs to single boxes, slowed as binomial growth slows),
which bounds the time to a few seconds and the memory to a few tens of MB. A long search on a
level no quick search solved may ask for more: :meth:`SubsetTable.extend` adds the sizes a
larger cap fits, keeping those built.

**The test** (:meth:`SubsetTable.alive`), after each push: the pushed box with every other box
(pairs), and with every ``k - 1`` of the ``neighbours`` nearest other boxes (``k`` the largest
table's). Subsets without the pushed box need no new test: in each of them the keeper only
walked (the pushed box's cell is free there), and walking never changes whether an abstract
position is solvable.

**Backwards** (``backward=True``, the ``pull_subsets`` rule of :mod:`.pulls`): the same
abstraction for the level searched backwards, from the goals to where the boxes start. There a
position leads to the goal when its boxes can be *pulled* onto their starting cells, the keeper
ending in his starting region; ``k`` boxes alone then can be pulled onto ``k`` of the starting
cells, the keeper ending on his starting cell (read forwards: the level's plan, the other boxes
removed). The twin table holds those ``k``-box positions, found *forwards* by keeper steps and
pushes from ``k`` boxes on any ``k`` starting cells, the keeper on his: a position never
reached cannot be pulled back. The test is the same, after each pull.

**The moves bound** (:class:`~.subsetmoves.SubsetMoveBound`, for ``cost="moves"``): the same
abstraction measured in moves.

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

from collections.abc import Callable, Sequence
from itertools import combinations

from .board import Board
from .boxsets import floor_mask, grow_closure, mask_pulls, mask_pushes

__all__ = ["SubsetTable", "level_table"]


class SubsetTable:
    """The solvable positions of every ``k`` boxes alone, ``2 <= k <= max_boxes`` (see above);
    with ``backward`` the positions from which ``k`` boxes alone can be pulled onto ``k``
    starting cells (the backward search's twin, see above).

    ``tables[k]`` maps a box set (bit mask of cells) to the mask of keeper cells from which it
    is solvable; ``states[k]`` is how many ``(box set, keeper cell)`` positions it holds. Sizes
    beyond the number of goals, or with more than ``max_sets`` solvable box sets, are left out.
    :meth:`alive` remembers up to ``max_answers`` answers of its largest-size test.
    """

    def __init__(self, board: Board, max_boxes: int = 5, max_sets: int = 100_000,
                 neighbours: int = 6, max_answers: int = 100_000, backward: bool = False,
                 expired: Callable[[], bool] | None = None) -> None:
        self.tables: dict[int, dict[int, int]] = {}
        self.states: dict[int, int] = {}
        self._board = board
        self._sizes = range(2, min(max_boxes, len(board.goals)) + 1)
        self._backward = backward
        self._pairs: dict[int, int] | None = None
        self._largest = 0
        self._neighbours = neighbours
        #: ``pushed * size + keeper`` -> the cells whose box makes an unsolvable pair with the
        #: box on ``pushed``, the keeper on ``keeper`` (at most 4 x floor entries: he stands
        #: beside the box he pushed)
        self._bad_partners: dict[int, frozenset[int]] = {}
        #: ``(mask of the pushed box's nearest others, pushed * size + keeper)`` -> whether
        #: every tested subset of the largest size is solvable (a position's children and its
        #: neighbours' test the same ones again); emptied when it holds ``max_answers``
        self._answers: dict[tuple[int, int], bool] = {}
        self._max_answers = max_answers
        self.extend(max_sets, expired)

    def extend(self, max_sets: int, expired: Callable[[], bool] | None = None) -> bool:
        """Add the larger sizes that fit within ``max_sets`` box sets (a larger cap than the
        table was built with; the constructor builds it this way from nothing), by the same
        rules; True if a size was added. The sizes the table has are kept, not rebuilt.
        ``expired``, when given, is asked every 1,024 box sets: a size whose search it stops is
        dropped like one that passes the cap. The answers :meth:`alive` remembers are forgotten
        when the largest size changes.

        >>> from .levels import split_levels
        >>> board = Board(split_levels("#######\\n#@ $ .#\\n# $  .#\\n#######")[0])
        >>> table = SubsetTable(board, max_sets=1)  # too small even for the pairs
        >>> sorted(table.tables), table.extend(1_000), sorted(table.tables)
        ([], True, [2])
        """
        board, backward, tables = self._board, self._backward, self.tables
        for k in self._sizes:
            if k in tables:
                continue
            if k == 3 and _triples_would_not_fit(board, len(tables[2]), max_sets, backward):
                break
            if k >= 4:  # growing by the last ratio, would this size fit? If not, do not try
                last, before = len(tables[k - 1]), len(tables[k - 2])
                if last * last > max_sets * before:
                    break
            found = _solvable_positions(board, k, max_sets, backward, expired)
            if found is None:
                break
            tables[k] = found
            self.states[k] = sum(mask.bit_count() for mask in found.values())
        largest_before = self._largest
        self._pairs = tables.get(2)
        self._largest = max(tables, default=0)
        if self._largest == largest_before:
            return False
        self._answers = {}
        return True

    @property
    def neighbours(self) -> int:
        """How many of the pushed box's nearest other boxes :meth:`alive` draws the subsets of
        the largest size from."""
        return self._neighbours

    def alive(self, others: tuple[int, ...], pushed: int, keeper: int) -> bool:
        """False when some tested subset holding the box on ``pushed`` cannot be solved alone.

        ``others`` are the other boxes' cells, ``keeper`` the keeper's cell (after the push;
        with ``backward``: ``pushed`` is the box just pulled, ``keeper`` his cell after it).
        The pairs: one set intersection with the cells that make an unsolvable pair with the
        pushed box (found once per pushed cell and keeper cell, O(floor)); the larger subsets:
        O(len(others) + C(neighbours, k - 1)) dictionary lookups.
        """
        pairs = self._pairs
        if pairs is None:
            return True
        board = self._board
        key = pushed * board.size + keeper
        bad = self._bad_partners.get(key)
        if bad is None:
            bad = self._bad_partners[key] = frozenset(
                cell for cell in board.floor
                if cell != pushed and not pairs.get(1 << pushed | 1 << cell, 0) >> keeper & 1)
        if not bad.isdisjoint(others):
            return False
        bit = 1 << pushed
        k = self._largest
        if k <= 2:
            return True
        near: Sequence[int] = others
        if len(others) > self._neighbours:
            near = sorted(others, key=board.manhattan(pushed).__getitem__)[:self._neighbours]
        bits = [1 << cell for cell in near]
        left_out = len(bits) - (k - 1)  # each subset: all of ``near`` but ``left_out`` cells
        if left_out < 0:
            return True
        near_mask = sum(bits)
        answers = self._answers
        answer = answers.get((near_mask, key))
        if answer is None:
            everything = bit + near_mask
            get = self.tables[k].get
            answer = True
            for group in combinations(bits, left_out):
                if not get(everything - sum(group), 0) >> keeper & 1:
                    answer = False
                    break
            if len(answers) >= self._max_answers:
                answers.clear()
            answers[near_mask, key] = answer
        return answer


def level_table(board: Board, expired: Callable[[], bool] | None = None) -> SubsetTable:
    """The level's ``subsets`` table, built on first use (``expired``, if given, may stop the
    build like the cap, see :meth:`SubsetTable.extend`) and shared by every search and bound on
    the level (:meth:`~.board.Board.derived`)."""
    return board.derived("subsets", lambda: SubsetTable(board, expired=expired))


def _triples_would_not_fit(board: Board, pairs: int, max_sets: int, backward: bool) -> bool:
    """Whether the pairs predict more than ``max_sets`` box sets of three, by 10 % or more.

    With ``n`` cells, ``C(n, 3) / C(n, 2)`` is 2/3 of ``C(n, 2) / C(n, 1)``: the prediction is
    the pairs grown by their ratio to the cells one box alone can be on, times 2/3. Measured on
    every level of Microban I-IV and Sasquatch whose triples fit: at most 0.66 of the pairs'
    ratio, and within 4 % of the prediction near the cap; the levels whose triples did not fit
    were predicted 17 % over it or more. O(floor) floods.
    """
    singles = len(_solvable_positions(board, 1, max_sets, backward) or ())
    return 2 * pairs * pairs > 3 * 1.1 * max_sets * singles


def _solvable_positions(board: Board, k: int, max_sets: int, backward: bool = False,
                        expired: Callable[[], bool] | None = None) -> dict[int, int] | None:
    """Box set -> keeper mask of every solvable ``k``-box position; None when more than
    ``max_sets`` box sets are solvable, or when ``expired`` (asked every 1,024 box sets) says
    to stop.

    The positions that reach a solved one: :func:`~.boxsets.grow_closure` by pulls from every
    ``k`` goals with the keeper anywhere free. With ``backward``, the positions that the start
    reaches (the twin table of the backward search): by pushes from every ``k`` of the boxes'
    starting cells, the keeper on his.
    """
    floor = floor_mask(board)
    moves = mask_pushes if backward else mask_pulls
    table: dict[int, int] = {}
    pending: dict[int, int] = {}  # box set -> keeper cells reached but not yet flooded
    for cells in combinations(board.initial_boxes if backward else board.goals, k):
        boxes = sum(1 << cell for cell in cells)
        pending[boxes] = 1 << board.keeper if backward else floor & ~boxes

    _, complete = grow_closure(table, pending, floor, board, moves,
                               lambda work: len(table) > max_sets, expired=expired)
    return table if complete else None
