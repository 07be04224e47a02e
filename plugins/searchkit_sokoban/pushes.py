"""Push generation: every legal push of a position, with the deadlock rules applied.

A search step is one *push*: the keeper walks (by a shortest path, among the cells he can reach
without moving a box) to a cell beside a box and pushes it one cell. :class:`PushGenerator`
finds them all with one breadth-first walk from the keeper and yields one :class:`Push` record
per push that no rule cuts. Each rule that cuts a push counts it in :attr:`PushGenerator.pruned`.

The rules, each switchable (see :data:`RULES`): ``dead_squares`` (never push a box onto a dead
square), ``freeze`` (the frozen-box test), ``bipartite`` (every box keeps a distinct reachable
goal), ``subsets`` (every few boxes alone stay solvable; :mod:`.subsets`), ``rooms`` (the
boxes of a room without goals can all get out; :mod:`.rooms`), ``pi_corral``
(when a PI-corral exists, push only into it; :mod:`.deadlocks`; sound for push optima only)
and ``corral`` (a position with a corral that the boxes around it can neither open nor put
on goals is dead; :mod:`.corrals`: tested once per expanded position, before its pushes).

An :class:`Action` is ``(boxes, keeper, stand, direction)``: the boxes and the keeper's cell
*before* the push, the cell he walks to, and the push direction (an index into
:attr:`Board.offsets`). It holds what is needed to spell the walk (:func:`spell_walk`), which
is done only when asked, so the search never builds walk strings. Two actions are equal exactly
when they are the same push from the same position.

Records are :class:`~typing.NamedTuple` classes built with ``tuple.__new__`` in the hot loop
(their generated ``__new__`` is a Python function, three times slower): the same objects, the
same fields, less time per push.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from math import inf
from typing import NamedTuple

from .board import MOVE_CHARS, Board
from .bounds import PushBound
from .corrals import CorralDeadlocks
from .deadlocks import bipartite_deadlock, corrals, freeze_deadlock, pi_corral_pushes
from .floods import flood_root, keeper_walls, one_run, ring_offsets
from .rooms import RoomTables
from .subsets import SubsetTable, level_table

__all__ = ["RULES", "Action", "Push", "PushGenerator", "region_root", "spell_walk"]

#: The deadlock rules, as switched and counted in ``pruned`` (tried per position: ``corral``,
#: then ``pi_corral``; per push: ``dead_squares``, ``freeze``, ``subsets``, ``rooms``,
#: ``bipartite``).
RULES = ("dead_squares", "freeze", "bipartite", "subsets", "rooms", "pi_corral", "corral")


class Action(NamedTuple):
    """One push: the position before it (``boxes``, ``keeper``), where the keeper walks to
    (``stand``) and the push direction (an index into :attr:`Board.offsets`)."""

    boxes: tuple[int, ...]
    keeper: int
    stand: int
    direction: int


class Push(NamedTuple):
    """A legal push and the position after it, as :meth:`PushGenerator.pushes` yields it.

    ``boxes`` and ``keeper`` are the child's (the keeper stands where the pushed box was),
    ``walk`` the length of the keeper's walk to the push; ``region`` the child's keeper region
    (its smallest cell; ``-1`` unless asked for) and ``bound`` the child's push bound (``0``
    unless asked for).
    """

    action: Action
    boxes: tuple[int, ...]
    keeper: int
    walk: int
    region: int
    bound: float


_action = partial(tuple.__new__, Action)
_push = partial(tuple.__new__, Push)

class PushGenerator:
    """The pushes of a position on ``board`` under the rules switched on in ``rules``.

    ``bound`` is the problem's :class:`~.bounds.PushBound`: with the ``matching`` heuristic the
    ``bipartite`` rule reads its finiteness (computed for the child anyway, and keeper-aware,
    so a little stronger than the plain perfect-matching test).
    """

    def __init__(self, board: Board, rules: dict[str, bool], bound: PushBound) -> None:
        self.board = board
        self.rules = rules
        self.bound = bound
        self.pruned = dict.fromkeys(RULES, 0)
        self._blocked = keeper_walls(board)
        self._no_box = bytearray(board.size)
        self._unreached = [-1] * board.size
        self._match_cache: dict[tuple[int, ...], bool] = {}
        self._corral_deadlocks: CorralDeadlocks | None = None
        offsets = board.offsets
        self._pushes = tuple((off, d) for d, off in enumerate(offsets))
        up, down, left, right = offsets
        self._lateral = {up: (left, right), down: (left, right), left: (up, down),
                         right: (up, down)}
        self._ring = ring_offsets(board)  # the 8 cells around a cell (see floods.one_run)

    def subset_table(self, expired: Callable[[], bool] | None = None) -> SubsetTable:
        """The ``subsets`` rule's table (:func:`.subsets.level_table`), built on first use (the
        first search pays for it in its own time; a problem never searched does not; outside a
        search, ``expired`` may stop the build)."""
        return level_table(self.board, expired)

    def room_tables(self, expired: Callable[[], bool] | None = None) -> RoomTables:
        """The ``rooms`` rule's tables (:mod:`.rooms`), built on first use (``expired``, if
        given, may stop the build, keeping the sizes done) and shared through
        :meth:`Board.derived` like the ``subsets`` table."""
        return self.board.derived("rooms", lambda: RoomTables(self.board, expired=expired))

    def corral_deadlocks(self) -> CorralDeadlocks:
        """The ``corral`` rule's test (:mod:`.corrals`); its table of answers is shared by
        every search on the level."""
        found = self._corral_deadlocks
        if found is None:
            found = self._corral_deadlocks = CorralDeadlocks(self.board)
        return found

    def pushes(self, boxes: tuple[int, ...], keeper: int, *, with_region: bool = False,
               with_bound: bool = False) -> Iterator[Push]:
        """Every legal push of the position that no rule cuts, as :class:`Push` records.

        One breadth-first walk from the keeper (O(floor)) gives the walk lengths, then per
        candidate push O(1) plus the deadlock tests of the rules that are on, plus: with
        ``with_region`` the child's keeper region (from the parent's walk by a local test,
        sometimes by one more walk); with ``with_bound`` the child's push bound (computed once
        for both the heuristic and the ``bipartite`` rule).
        """
        board = self.board
        occupied, has_box, distance, parent_region = self._walk(boxes, keeper)
        rules = self.rules
        check_dead, check_freeze, check_bipartite, check_subsets, check_rooms, check_pi_corral, \
            check_corral = (rules[r] for r in RULES)
        pruned, dead = self.pruned, board.dead
        found = corrals(board, distance) if check_corral or check_pi_corral else None
        if check_corral and self.corral_deadlocks().dead(keeper, distance, parent_region, found):
            pruned["corral"] += 1
            return
        subsets_alive = self.subset_table().alive if check_subsets else None
        rooms_alive = self.room_tables().alive if check_rooms else None
        corral = pi_corral_pushes(board, distance, found) if check_pi_corral else None
        bound = self.bound
        bound_is_rule = check_bipartite and bound.is_matching
        with_bound = with_bound or bound_is_rule
        bound_of = bound.child
        parent = bound.parent(boxes, keeper) if with_bound else None
        value: float = 0
        for i, box in enumerate(boxes):
            others = boxes[:i] + boxes[i + 1:]
            for off, direction in self._pushes:
                stand = box - off
                walk = distance[stand]
                if walk < 0:
                    continue
                target = box + off
                if occupied[target]:
                    continue
                if corral is not None and (box, direction) not in corral:
                    pruned["pi_corral"] += 1
                    continue
                if check_dead and dead[target]:
                    pruned["dead_squares"] += 1
                    continue
                if check_freeze:
                    has_box[box], has_box[target] = 0, 1
                    frozen = freeze_deadlock(board, has_box, target)
                    has_box[box], has_box[target] = 1, 0
                    if frozen:
                        pruned["freeze"] += 1
                        continue
                if subsets_alive is not None and not subsets_alive(others, target, box):
                    pruned["subsets"] += 1
                    continue
                if rooms_alive is not None and not rooms_alive(others, target, box):
                    pruned["rooms"] += 1
                    continue
                new_boxes = tuple(sorted((*others, target)))
                if with_bound:
                    value = bound_of(new_boxes, box, parent, i, target)
                if check_bipartite and not (value != inf if bound_is_rule
                                            else self._matchable(new_boxes)):
                    pruned["bipartite"] += 1
                    continue
                region = self._region(occupied, distance, parent_region, box, off) \
                    if with_region else -1
                yield _push((_action((boxes, keeper, stand, direction)), new_boxes, box, walk,
                             region, value))

    def _walk(self, boxes: tuple[int, ...], keeper: int
              ) -> tuple[bytearray, bytearray, list[int], int]:
        """One breadth-first walk from the keeper, O(floor): ``(occupied, has_box, distance,
        region)``. ``occupied`` marks walls and boxes, ``has_box`` boxes; ``distance`` is the
        walk length to each cell (-1: not reached, -2: a box); ``region`` is the smallest
        cell reached."""
        occupied = self._blocked[:]
        has_box = self._no_box[:]
        distance = self._unreached[:]
        for cell in boxes:
            occupied[cell] = 1
            has_box[cell] = 1
            distance[cell] = -2
        distance[keeper] = 0
        queue = [keeper]
        neighbours = self.board.neighbours
        for cell in queue:  # the list grows while we walk it: a breadth-first search
            step = distance[cell] + 1
            for nxt in neighbours[cell]:
                if distance[nxt] == -1:
                    distance[nxt] = step
                    queue.append(nxt)
        return occupied, has_box, distance, min(queue)

    def _region(self, occupied: bytearray, distance: list[int], parent_region: int, box: int,
                off: int) -> int:
        """The keeper's region after pushing the box on ``box`` by ``off`` (its smallest cell).

        Usually the parent's region plus the box's old cell minus the target: when nothing new
        opens beside the old cell and the target either was outside the region or leaves it
        connected (:meth:`_ring_connected`). Otherwise one more walk, O(floor), which stops
        early if nothing new opened and it meets the parent's smallest cell (still the smallest
        of the region then, unless the box's old cell is smaller).
        """
        target = box + off
        side_a, side_b = self._lateral[off]
        closed = (occupied[box + side_a] or distance[box + side_a] >= 0) and \
            (occupied[box + side_b] or distance[box + side_b] >= 0)
        if closed and (distance[target] < 0 or target != parent_region and
                       self._ring_connected(distance, target, box)):
            return min(parent_region, box)
        occupied[box], occupied[target] = 0, 1
        region = flood_root(self.board, occupied, box,
                             parent_region if closed and target != parent_region else -1)
        occupied[box], occupied[target] = 1, 0
        return region

    def _ring_connected(self, distance: list[int], target: int, box: int) -> bool:
        """Whether the region stays connected when ``target`` is filled (a local test).

        The region is the cells with ``distance >= 0`` plus ``box``. True when the region's
        cells among ``target``'s four neighbours are linked by one run of region cells around
        the 8-cell ring of ``target``: every path through ``target`` can then go round it.
        False means "maybe not" (the caller then walks the region).
        """
        return one_run([distance[target + o] >= 0 or target + o == box for o in self._ring])

    def _matchable(self, boxes: tuple[int, ...]) -> bool:
        """The ``bipartite`` rule without the matching bound: can every box still reach a
        distinct goal? A perfect-matching test on box-alone reachability, cached per box set."""
        value = self._match_cache.get(boxes)
        if value is None:
            value = not bipartite_deadlock(self.board, boxes)
            self._match_cache[boxes] = value
        return value


def region_root(board: Board, boxes: tuple[int, ...], keeper: int) -> int:
    """The smallest cell the keeper can reach from ``keeper`` with ``boxes`` fixed. O(floor)."""
    return flood_root(board, keeper_walls(board, boxes), keeper)


def spell_walk(board: Board, boxes: tuple[int, ...], keeper: int, stand: int) -> str:
    """A shortest walk from ``keeper`` to ``stand`` around ``boxes``, in lower-case LURD.

    Breadth-first with ``previous`` links, stopping at ``stand``; raises ``ValueError`` if
    ``stand`` cannot be reached (an action that no search produced). O(floor).
    """
    blocked = keeper_walls(board, boxes)
    previous = {keeper: keeper}
    queue = [keeper]
    offsets = board.offsets
    for cell in queue:
        if cell == stand:
            break
        for off in offsets:
            nxt = cell + off
            if not blocked[nxt] and nxt not in previous:
                previous[nxt] = cell
                queue.append(nxt)
    if stand not in previous:
        raise ValueError(f"cell {stand} is out of the keeper's reach")
    steps = []
    cell = stand
    while cell != keeper:
        back = previous[cell]
        steps.append(MOVE_CHARS[offsets.index(cell - back)])
        cell = back
    return "".join(reversed(steps))
