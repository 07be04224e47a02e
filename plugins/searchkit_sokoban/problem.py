"""Sokoban as a :class:`~searchkit.Problem` on push-level states.

A search step is one *push*: the keeper walks (by a shortest path, among the cells he can reach
without moving a box) to a cell beside a box and pushes it one cell. Any plan decomposes into such
walk-then-push steps, and replacing each walk by a shortest one never costs more, so searching
pushes is exact for both cost models:

``cost="moves"``
    A push step costs ``walk length + 1``. The state is ``(boxes, keeper)`` -- the keeper's *exact*
    cell, because the cost of the next walk depends on it (two keeper cells of one region are
    different states here). After a push the keeper stands where the box was.
``cost="pushes"``
    Every push costs 1. The state is ``(boxes, region, keeper)`` and its key is
    ``(boxes, region)``, where ``region`` is the smallest cell the keeper can reach: all keeper
    cells of one region are one node, since any of them can walk to any other for free. The exact
    cell is kept in the state (not in the key) only to spell out the walks of the plan. The
    search cost stays the exact integer number of pushes (no ``pushes + epsilon * moves``, which
    would blur integer optima); every walk is a shortest one, but among push-optimal plans the
    one found is not necessarily the one with fewest moves. The exact tie-break is a second
    search, :class:`TieBreakSokobanProblem` (fewest moves with at most the optimal number of
    pushes), which :func:`~searchkit_sokoban.solve.solve_level` runs with ``tiebreak=True``.

``boxes`` is a sorted tuple of cell numbers (see :mod:`~searchkit_sokoban.board`). An action is
``(boxes, keeper, stand, direction)``: the boxes and the keeper's cell *before* the push, the
cell he walks to, and the push direction (an index into :attr:`Board.offsets`). It holds what is
needed to spell the walk, which is done only when asked (:meth:`SokobanProblem.format_action`
gives the LURD text: the walk in lower case, the push in upper case), so the search never builds
walk strings. Two actions are equal exactly when they are the same push from the same position.

Deadlock rules (each switchable; dead states are not generated, and counted in :attr:`pruned`):
``dead_squares`` (never push a box onto a dead square), ``freeze`` (the frozen-box test),
``matching`` (every box keeps a distinct reachable goal), ``subsets`` (every few boxes alone
stay solvable; see :mod:`.subsets`) and, for ``cost="pushes"`` only, ``pi_corral`` (when a
PI-corral exists, push only into it; see :mod:`.deadlocks`). Heuristics:
``zero``, ``simple`` (sum over boxes of the push distance to the nearest goal) and ``matching``
(minimum-cost perfect matching of boxes to goals on push distances). All three are admissible and
consistent for both cost models: a push moves one box one cell, which changes a box-alone push
distance by at most 1, and costs at least 1.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import inf
from typing import Any

from searchkit import ProblemBase

from .assignment import Assignment
from .board import MOVE_CHARS, PUSH_CHARS, Board
from .deadlocks import freeze_deadlock, matching_deadlock, pi_corral_pushes
from .subsets import SubsetMoveBound, SubsetTable

__all__ = [
    "HEURISTICS",
    "RULES",
    "PushSokobanProblem",
    "SokobanProblem",
    "TieBreakSokobanProblem",
    "make_problem",
]

HEURISTICS = ("matching", "simple", "zero")
RULES = ("dead_squares", "freeze", "matching", "subsets", "pi_corral")

Action = tuple[tuple[int, ...], int, int, int]  # boxes, keeper, stand, direction


class SokobanProblem(ProblemBase):
    """Move-optimal Sokoban: states ``(boxes, keeper)``, step cost = walk + 1.

    >>> from searchkit import search
    >>> from .levels import split_levels
    >>> board = Board(split_levels("####\\n#. #\\n#$ #\\n# @#\\n####")[0])
    >>> result = search(SokobanProblem(board), "astar")
    >>> result.cost, "".join(SokobanProblem(board).format_action(a) for a in result.actions)
    (2, 'lU')
    """

    cost_model = "moves"
    #: PI-corral pruning keeps push optima, not move optima: only the pushes model uses it
    corrals_are_sound = False

    def __init__(self, board: Board, heuristic: str = "matching", dead_squares: bool = True,
                 freeze: bool = True, matching: bool = True, subsets: bool = True,
                 pi_corral: bool = True, keeper_aware: bool = True,
                 subset_bound: bool = True) -> None:
        if heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {heuristic!r}")
        self.board = board
        self.heuristic_name = heuristic
        self.rules = {"dead_squares": dead_squares, "freeze": freeze, "matching": matching,
                      "subsets": subsets, "pi_corral": pi_corral and self.corrals_are_sound}
        #: cost=moves: also bound by what a few boxes alone need (:class:`SubsetMoveBound`)
        self.subset_bound = subset_bound and heuristic != "zero"
        self.pruned = dict.fromkeys(RULES, 0)
        self.keeper_aware = keeper_aware
        self._blocked = bytearray(1 - f for f in board.is_floor)
        self._no_box = bytearray(board.size)
        self._unreached = [-1] * board.size
        self._h_cache: dict[Any, float] = {}
        self._assignments: dict[Any, Assignment] = {}
        distances = board.keeper_distance if keeper_aware else board.push_distance
        finite = [x for d in distances for x in d if x != inf]
        #: stands for a missing edge in the assignments: more than any matching of finite edges
        self._big = (max(finite, default=0) + 1) * (len(board.goals) + 1)
        self._match_cache: dict[tuple[int, ...], bool] = {}
        offsets = board.offsets
        self._pushes = tuple((off, d) for d, off in enumerate(offsets))
        up, down, left, right = offsets
        self._lateral = {up: (left, right), down: (left, right), left: (up, down),
                         right: (up, down)}
        # the 8 cells around a cell, clockwise from the one above (even indices: orthogonal)
        self._ring = (up, up + right, right, down + right, down, down + left, left, up + left)

    # -- the Problem protocol -----------------------------------------------------------------

    def initial(self) -> Any:
        return (self.board.initial_boxes, self.board.keeper)

    def is_goal(self, state: Any) -> bool:
        return state[0] == self.board.goals

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        for action, boxes, keeper, walk, _root, _bound in self._push_steps(
                state[0], state[-1], False, False):
            yield action, (boxes, keeper), walk + 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        """:meth:`successors` with each child's :meth:`heuristic` value."""
        h_of = self._moves_h
        for action, boxes, keeper, walk, _root, bound in self._push_steps(
                state[0], state[-1], False, True):
            yield action, (boxes, keeper), walk + 1, h_of(boxes, keeper, bound)

    def heuristic(self, state: Any) -> float:
        boxes, keeper = state[0], state[-1]
        return self._moves_h(boxes, keeper, self._h(boxes, keeper))

    def unsolvable_reason(self) -> str | None:
        board = self.board
        if board.unsolvable:
            return board.unsolvable
        for cell in board.initial_boxes:
            if board.dead[cell]:
                r, c = board.row_col(cell)
                return (f"the box at line {board.lines[r]} column {c + 1} can never reach a goal "
                        "(dead square)")
        return None

    def render(self, state: Any) -> str:
        """The position in XSB characters."""
        return self.board_picture(state[0], state[-1])

    def render_svg(self, state: Any) -> str:
        """The position as SVG (see :mod:`searchkit_sokoban.svg`)."""
        from .svg import render
        return render(self.board, state[0], state[-1])

    def format_action(self, action: Action) -> str:
        """The action in LURD notation: the walk in lower case, then the push in upper case.

        The walk is a shortest one (its length is what the action costs), spelled by a
        breadth-first walk from the keeper's cell with the boxes in place. O(floor).
        """
        boxes, keeper, stand, direction = action
        return self._spell_walk(boxes, keeper, stand) + PUSH_CHARS[direction]

    # -- the push generator -------------------------------------------------------------------

    def _push_steps(self, boxes: tuple[int, ...], keeper: int, with_root: bool,
                    with_bound: bool) -> Iterator[tuple[Any, ...]]:
        """Every legal, non-pruned push: ``(action, boxes, keeper, walk, root, bound)``.

        ``boxes`` and ``keeper`` are the child's, ``walk`` the length of the keeper's walk to
        the push. One breadth-first walk from the keeper (O(floor)) gives the walk lengths,
        then per candidate push O(1) plus the deadlock tests of the rules that are on, plus:
        ``root`` (``with_root``; else ``-1``) the new keeper region's smallest cell, sometimes
        by one more walk; ``bound`` (``with_bound``; else ``0``) the child's push bound
        :meth:`_h`, computed once for both the heuristic and the matching rule.
        """
        board = self.board
        occupied = self._blocked[:]  # walls and boxes
        has_box = self._no_box[:]
        distance = self._unreached[:]  # walk length; -1: not reached yet, -2: a box
        for cell in boxes:
            occupied[cell] = 1
            has_box[cell] = 1
            distance[cell] = -2
        distance[keeper] = 0
        queue = [keeper]
        neighbours = board.neighbours
        for cell in queue:  # the list grows while we walk it: a breadth-first search
            step = distance[cell] + 1
            for nxt in neighbours[cell]:
                if distance[nxt] == -1:
                    distance[nxt] = step
                    queue.append(nxt)
        parent_root = min(queue)
        lateral = self._lateral
        check_dead, check_freeze, check_matching, check_subsets, check_corral = (
            self.rules[r] for r in RULES)
        subsets_alive = self.subset_table().alive if check_subsets else None
        pruned, dead = self.pruned, board.dead
        corral = pi_corral_pushes(board, distance) if check_corral else None
        bound_is_rule = check_matching and self.heuristic_name == "matching"
        with_bound = with_bound or bound_is_rule
        bound_of = self._child_h
        parent = self._assignment(boxes, keeper) if with_bound and \
            self.heuristic_name == "matching" else None
        bound: float = 0
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
                new_boxes = tuple(sorted((*others, target)))
                if with_bound:
                    bound = bound_of(new_boxes, box, parent, i, target)
                if check_matching and not (bound != inf if bound_is_rule
                                           else self._matchable(new_boxes)):
                    pruned["matching"] += 1
                    continue
                root = -1
                if with_root:
                    side_a, side_b = lateral[off]
                    if (occupied[box + side_a] or distance[box + side_a] >= 0) and \
                            (occupied[box + side_b] or distance[box + side_b] >= 0) and \
                            (distance[target] < 0 or target != parent_root and
                             self._ring_connected(distance, target, box)):
                        # the new region is the old one plus the box's old cell minus the
                        # target: nothing new opens beside the old cell, and the target either
                        # was outside the region or leaves it connected
                        root = min(parent_root, box)
                    else:
                        occupied[box], occupied[target] = 0, 1
                        root = self._region_root(occupied, box)
                        occupied[box], occupied[target] = 1, 0
                yield (boxes, keeper, stand, direction), new_boxes, box, walk, root, bound

    def subset_table(self) -> SubsetTable:
        """The ``subsets`` rule's table (:mod:`.subsets`), built on first use (the first search
        pays for it in its own time; a problem never searched does not) and shared through
        :meth:`Board.derived`."""
        return self.board.derived("subsets", lambda: SubsetTable(self.board))

    def _ring_connected(self, distance: list[int], target: int, box: int) -> bool:
        """Whether the region stays connected when ``target`` is filled (a local test).

        The region is the cells with ``distance >= 0`` plus ``box``. True when the region's
        cells among ``target``'s four neighbours are linked by one run of region cells around
        the 8-cell ring of ``target``: every path through ``target`` can then go round it.
        False means "maybe not" (the caller then walks the region).
        """
        inside = [distance[target + o] >= 0 or target + o == box for o in self._ring]
        if all(inside):
            return True
        start = inside.index(False)
        run = None
        current = 0
        for k in range(1, 9):
            i = (start + k) % 8
            if not inside[i]:
                current += 1
            elif i % 2 == 0:  # an orthogonal neighbour: it must be in the first run met
                if run is None:
                    run = current
                elif run != current:
                    return False
        return True

    def _spell_walk(self, boxes: tuple[int, ...], keeper: int, stand: int) -> str:
        """A shortest walk from ``keeper`` to ``stand`` around ``boxes``, in lower-case LURD.

        Breadth-first with ``previous`` links, stopping at ``stand``; raises ``ValueError`` if
        ``stand`` cannot be reached (an action that no search produced).
        """
        occupied = self._blocked[:]
        for cell in boxes:
            occupied[cell] = 1
        previous = {keeper: keeper}
        queue = [keeper]
        offsets = self.board.offsets
        for cell in queue:
            if cell == stand:
                break
            for off in offsets:
                nxt = cell + off
                if not occupied[nxt] and nxt not in previous:
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

    def _region_root(self, occupied: bytearray, start: int) -> int:
        """The smallest cell reachable from ``start`` through cells not ``occupied``. O(floor)."""
        seen = occupied[:]
        seen[start] = 1
        queue = [start]
        neighbours = self.board.neighbours
        for cell in queue:
            for nxt in neighbours[cell]:
                if not seen[nxt]:
                    seen[nxt] = 1
                    queue.append(nxt)
        return min(queue)

    def region_root(self, boxes: tuple[int, ...], keeper: int) -> int:
        """The smallest cell the keeper can reach from ``keeper`` with ``boxes`` fixed. O(floor)."""
        occupied = self._blocked[:]
        for cell in boxes:
            occupied[cell] = 1
        return self._region_root(occupied, keeper)

    # -- heuristics and the matching rule (cached) ----------------------------------------------

    def _moves_h(self, boxes: tuple[int, ...], keeper: int, bound: float) -> float:
        """The moves bound: the push bound ``bound`` (:meth:`_h` of the position) plus the
        keeper's walk to the nearest push he can make, or, with :attr:`subset_bound`, the most
        moves some few boxes need alone (:class:`SubsetMoveBound`) if that is more.

        Before his next push the keeper walks at least to a square beside a box that he can
        push onto a free, live square; no push bound counts these steps. Consistent: that walk
        is part of the cost of every push leaving the position; the maximum of consistent
        bounds is consistent. The ``zero`` heuristic adds neither. The walk is O(1) when the
        keeper stands beside such a box (the usual case: after a push he stands behind the box
        he pushed), else a breadth-first walk that stops at the first such square.
        """
        value = bound
        if self.heuristic_name == "zero" or value == inf or boxes == self.board.goals:
            return value
        board = self.board
        is_floor, dead = board.is_floor, board.dead
        for off in board.offsets:
            nxt = keeper + off
            if nxt in boxes:
                beyond = nxt + off
                if is_floor[beyond] and not dead[beyond] and beyond not in boxes:
                    break
        else:
            value += self._walk_to_push(boxes, keeper)
        if self.subset_bound:
            alone = self.move_bound().bound(boxes, keeper)
            if alone > value:
                return alone
        return value

    def move_bound(self) -> SubsetMoveBound:
        """The table of :attr:`subset_bound`, built and shared like :meth:`subset_table`."""
        return self.board.derived("move_bound", self._build_move_bound)

    def _build_move_bound(self) -> SubsetMoveBound:
        sizes = None  # which sizes fit: the subsets table knows, if there is one
        if self.rules["subsets"] or self.board.has_derived("subsets"):
            sizes = {k: len(table) for k, table in self.subset_table().tables.items()}
        return SubsetMoveBound(self.board, sizes=sizes)

    def _walk_to_push(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The keeper's walk to the nearest square from which he can push a box onto a free,
        live square (``inf`` when there is none). Breadth-first, O(floor)."""
        board = self.board
        is_floor, dead, neighbours, offsets = board.is_floor, board.dead, board.neighbours, \
            board.offsets
        box_set = set(boxes)
        seen = {keeper}
        layer = [keeper]
        distance = 0
        while layer:
            for cell in layer:
                for off in offsets:
                    nxt = cell + off
                    if nxt in box_set:
                        beyond = nxt + off
                        if is_floor[beyond] and not dead[beyond] and beyond not in box_set:
                            return distance
            distance += 1
            following = []
            for cell in layer:
                for nxt in neighbours[cell]:
                    if nxt not in seen and nxt not in box_set:
                        seen.add(nxt)
                        following.append(nxt)
            layer = following
        return inf  # no push is possible any more: a dead end

    def _h(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The heuristic of ``boxes`` with the keeper on ``keeper`` (see the module docstring).

        Cached per box set and, with keeper-aware distances, the keeper's side of every box
        (the only keeper data it depends on).
        """
        key = self._h_key(boxes, keeper)
        value = self._h_cache.get(key)
        if value is None:
            if self.heuristic_name == "matching":
                value = self._assignment(boxes, keeper).value
            else:
                value = self._compute_h(self._rows(boxes, keeper))
            self._h_cache[key] = value
        return value

    def _child_h(self, boxes: tuple[int, ...], keeper: int, parent: Assignment | None,
                 index: int, cell: int) -> float:
        """:meth:`_h` of a child: the parent's box ``index`` moved to ``cell``, the keeper on
        ``keeper``.

        With the ``matching`` heuristic and the parent's assignment ``parent``, a cache miss
        re-solves only the moved box's row, in O(n^2): the other boxes' rows are the parent's,
        because the keeper walked to the push without crossing their cells, so he is on the
        same side of each of them as before.
        """
        key = self._h_key(boxes, keeper)
        value = self._h_cache.get(key)
        if value is None:
            if parent is None:
                return self._h(boxes, keeper)
            row = self._rows((cell,), keeper)[0]
            child = parent.replace_row(index, row).move_row(index, boxes.index(cell))
            self._assignments[key] = child
            value = self._h_cache[key] = child.value
        return value

    def _assignment(self, boxes: tuple[int, ...], keeper: int) -> Assignment:
        """The optimal box-to-goal assignment of the position, solved in full on a cache miss."""
        key = self._h_key(boxes, keeper)
        found = self._assignments.get(key)
        if found is None:
            found = self._assignments[key] = Assignment.solve(self._rows(boxes, keeper),
                                                              self._big)
        return found

    def _h_key(self, boxes: tuple[int, ...], keeper: int) -> Any:
        """What the push bound depends on: the boxes, and the keeper's side of each of them."""
        if self.keeper_aware:
            side = self.board.side
            return boxes, tuple([side[c][keeper] for c in boxes])
        return boxes

    def _rows(self, boxes: tuple[int, ...], keeper: int) -> list[list[float]]:
        """The push distance from each box to each goal (one row per box; keeper-aware or not)."""
        if self.keeper_aware:
            side = self.board.side
            return [[d[4 * c + side[c][keeper]] for d in self.board.keeper_distance]
                    for c in boxes]
        return [[d[c] for d in self.board.push_distance] for c in boxes]

    def _compute_h(self, rows: list[list[float]]) -> float:
        """The ``zero`` or ``simple`` bound of a distance matrix (rows: boxes)."""
        if self.heuristic_name == "zero":
            return 0
        return sum(min(row, default=inf) for row in rows)

    def _matchable(self, boxes: tuple[int, ...]) -> bool:
        """The matching rule: can every box still reach a distinct goal?

        A perfect-matching test on box-alone reachability, cached per box set. (With the
        ``matching`` heuristic, :meth:`_push_steps` uses the heuristic's finiteness instead:
        computed for the child anyway, and with keeper-aware distances a little stronger.)
        """
        value = self._match_cache.get(boxes)
        if value is None:
            value = not matching_deadlock(self.board, boxes)
            self._match_cache[boxes] = value
        return value

    # -- pictures ---------------------------------------------------------------------------------

    def board_picture(self, boxes: tuple[int, ...], keeper: int) -> str:
        """The level drawn in XSB characters with ``boxes`` and the keeper on ``keeper``."""
        board = self.board
        goals = set(board.goals)
        box_set = set(boxes)
        lines = []
        for r in range(board.rows):
            row = []
            for c in range(board.row_lengths[r]):
                cell = board.cell(r, c)
                if cell in board.static_walls:
                    row.append("#")
                elif cell in board.scenery:
                    row.append("*")
                elif cell == keeper:
                    row.append("+" if cell in goals else "@")
                elif cell in box_set:
                    row.append("*" if cell in goals else "$")
                else:
                    row.append("." if cell in goals else " ")
            lines.append("".join(row).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board.name!r}, cost={self.cost_model!r})"


class PushSokobanProblem(SokobanProblem):
    """Push-optimal Sokoban: states ``(boxes, region, keeper)``, key ``(boxes, region)``, cost 1.

    >>> from searchkit import search
    >>> from .levels import split_levels
    >>> text = "######\\n#    #\\n# #@ #\\n# $* #\\n# .* #\\n#    #\\n######"
    >>> board = Board(split_levels(text)[0])
    >>> search(PushSokobanProblem(board), "astar").cost
    3
    """

    cost_model = "pushes"
    corrals_are_sound = True

    def initial(self) -> Any:
        boxes, keeper = self.board.initial_boxes, self.board.keeper
        return (boxes, self.region_root(boxes, keeper), keeper)

    def key(self, state: Any) -> Hashable:
        return state[0], state[1]

    def heuristic(self, state: Any) -> float:
        return self._h(state[0], state[2])  # pushes only: walking is free here

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        for action, boxes, keeper, _walk, root, _bound in self._push_steps(
                state[0], state[2], True, False):
            yield action, (boxes, root, keeper), 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        for action, boxes, keeper, _walk, root, bound in self._push_steps(
                state[0], state[2], True, True):
            yield action, (boxes, root, keeper), 1, bound


class TieBreakSokobanProblem(SokobanProblem):
    """Fewest moves among the plans with at most ``push_limit`` pushes.

    Given the push optimum ``P`` (from a :class:`PushSokobanProblem` search), this problem's
    optimum is the fewest moves of a push-optimal plan: the exact tie-break of ``cost="pushes"``.
    States are ``(boxes, pushes so far, keeper)``; a child is not generated when its pushes plus
    the keeper-aware matching bound on the pushes still needed exceed ``push_limit``. Step cost
    is walk + 1 as for ``cost="moves"``.
    """

    cost_model = "moves"

    def __init__(self, board: Board, push_limit: int, **options: Any) -> None:
        super().__init__(board, **options)
        self.push_limit = push_limit
        self._bound = SokobanProblem(board, heuristic="matching", keeper_aware=True)

    def initial(self) -> Any:
        return (self.board.initial_boxes, 0, self.board.keeper)

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        limit, bound, pushes = self.push_limit, self._bound._h, state[1] + 1
        for action, boxes, keeper, walk, _root, _bound in self._push_steps(
                state[0], state[2], False, False):
            if pushes + bound(boxes, keeper) <= limit:
                yield action, (boxes, pushes, keeper), walk + 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        h_of = self.heuristic
        for action, child, cost in self.successors(state):
            yield action, child, cost, h_of(child)


def make_problem(board: Board, cost: str = "moves", push_limit: int | None = None,
                 **options: Any) -> SokobanProblem:
    """The problem for ``board`` under cost model ``cost`` (``moves`` or ``pushes``).

    With ``push_limit`` (and ``cost="moves"``): fewest moves among plans with at most that many
    pushes (:class:`TieBreakSokobanProblem`).
    """
    if push_limit is not None:
        if cost != "moves":
            raise ValueError("push_limit bounds a moves search: use cost='moves'")
        return TieBreakSokobanProblem(board, push_limit, **options)
    if cost == "moves":
        return SokobanProblem(board, **options)
    if cost == "pushes":
        return PushSokobanProblem(board, **options)
    raise ValueError(f"unknown cost model {cost!r}")
