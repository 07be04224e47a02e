"""Backward search for ``mode="any"``: pull the boxes from the goals back to where they start.

A forward search must find an order that fills the goals without one box blocking the way to
another goal; on levels whose goals are packed tightly (a goal room, a block of goals in the
middle of the board) most orders fail late, and greedy search spends its budget on them.
Backwards the difficulty is reversed: from the solved position the boxes near the goals' way out
leave first, in any order that the walls allow, and the hard part, bringing each box from its
start to the goals, becomes pulling boxes apart into open floor. Other solvers search backwards
too (SokoSolve lists "Forward & Reverse Searching", sokosolve.sourceforge.net/solver.html).

:class:`PullProblem` is the reversed level as a :class:`~searchkit.Problem`:

* a state is :class:`PullState` ``(boxes, region, keeper)`` with key ``(boxes, region)``, like
  the forward pushes model; the search starts from a root whose children are the solved box set
  with the keeper in each region of its free floor (the forward plan may end in any of them);
* a step is one *pull*: the keeper, beside a box, steps away from it onto a free cell and drags
  it along (cost 1: one push forwards);
* the goal is the level's starting boxes with the keeper in the region of his starting cell;
* the heuristic is the minimum-cost matching of boxes to starting cells on box-alone distances
  (the pushes a box needs from a starting cell to its cell): greedy search on it pulls boxes
  towards where they started.

Pruning (sound: no pull sequence that leads to the start is lost): a box is never pulled onto a
cell that no starting box can be pushed to (``pull_dead_squares``), and a position where the
boxes cannot be matched to distinct starting cells is dropped (``pull_bipartite``).

:meth:`PullProblem.forward_plan` turns the pulls found, reversed, into forward
:class:`~.pushes.Action` records (a pull undone is a push), which the forward problems spell
(``format_action``) and which are replayed square by square like any other plan.

>>> from searchkit import search
>>> from .levels import split_levels
>>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
>>> problem = PullProblem(board)
>>> result = search(problem, "greedy")
>>> [problem.format_action(a) for a in result.actions]  # from the root, then two pulls
['', 'rrrL', 'L']
>>> problem.forward_lurd(result.actions)  # undone, forwards: walk right, push twice
'rRR'
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Iterator
from functools import partial
from math import inf
from typing import Any, NamedTuple

from searchkit import ProblemBase

from .assignment import Assignment
from .board import PUSH_CHARS, Board
from .pushes import Action, one_run, spell_walk

__all__ = ["PULL_RULES", "Pull", "PullProblem", "PullState"]

#: The pruning rules of the backward search, as counted in :attr:`PullProblem.pruned`.
PULL_RULES = ("pull_dead_squares", "pull_bipartite")


class PullState(NamedTuple):
    """A position of the backward search: the boxes, the keeper's region (its smallest cell;
    ``-1`` for the root, which stands for every solved position) and his exact cell."""

    boxes: tuple[int, ...]
    region: int
    keeper: int


class Pull(NamedTuple):
    """One pull: the position before it (``boxes``, ``keeper``), the cell beside the box where
    the keeper walks to (``stand``) and the direction he then steps in, dragging the box from
    ``stand - offsets[direction]`` onto ``stand``."""

    boxes: tuple[int, ...]
    keeper: int
    stand: int
    direction: int


_state = partial(tuple.__new__, PullState)
_pull = partial(tuple.__new__, Pull)
_action = partial(tuple.__new__, Action)
#: the opposite of each direction of :attr:`Board.offsets` (up, down, left, right)
_OPPOSITE = (1, 0, 3, 2)


class PullProblem(ProblemBase):
    """The level searched backwards (see the module docstring); step cost: one pull."""

    proves_optimal = False

    def __init__(self, board: Board, meet: Container[Hashable] | None = None) -> None:
        self.board = board
        #: keys ``(boxes, region)`` of positions known to be reachable from the start (a
        #: forward search's: :attr:`.anyplan.AnyPlanProblem.tree`): reaching one is reaching the
        #: goal of this problem, so a child in it gets heuristic 0 (expanded next)
        self.meet = meet
        self.pruned = dict.fromkeys(PULL_RULES, 0)
        self.starts = board.initial_boxes
        #: from_start[i][c]: box-alone pushes from starting cell i to cell c
        self.from_start = [board.box_distances(s, to_cell=False) for s in self.starts]
        self.dead = bytearray(board.size)
        for cell in board.floor:
            if all(d[cell] == inf for d in self.from_start):
                self.dead[cell] = 1
        self._big = (len(board.floor) + 1) * (len(self.starts) + 1)
        self._assignments: dict[tuple[int, ...], Assignment] = {}
        self._start_region = _region(board, set(self.starts), board.keeper)[1]
        self._root = _state((board.goals, -1, -1))
        #: key -> (the parent's key, the pull from it) of every position generated, the root's
        #: ``None``: the positions known to lead to the goal, and how (:meth:`pulls_to`)
        self.parents: dict[Hashable, tuple[Hashable, Pull | None] | None] = {
            (board.goals, -1): None}
        up, down, left, right = board.offsets
        #: the 8 cells around a cell, clockwise from the one above (see :func:`.pushes.one_run`)
        self._ring = (up, up + right, right, down + right, down, down + left, left, up + left)

    # -- the Problem protocol -----------------------------------------------------------------

    def initial(self) -> Any:
        return self._root

    def is_goal(self, state: Any) -> bool:
        return state.boxes == self.starts and state.region == self._start_region or \
            self.meet is not None and (state[0], state[1]) in self.meet

    def key(self, state: Any) -> Hashable:
        return state[0], state[1]

    def heuristic(self, state: Any) -> float:
        found = self._assignment(state.boxes)
        return found.value

    def successors(self, state: Any) -> Iterator[tuple[Any, Any, int]]:
        for action, child, cost, _h in self.successors_with_heuristic(state, 0):
            yield action, child, cost

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        board = self.board
        boxes = state.boxes
        box_set = set(boxes)
        if state.region < 0:  # the root: the solved boxes, the keeper in any free region
            seen: set[int] = set()
            for cell in board.floor:
                if cell not in box_set and cell not in seen:
                    region, root = _region(board, box_set, cell)
                    seen.update(region)
                    self.parents.setdefault((boxes, root), ((boxes, -1), None))
                    yield None, _state((boxes, root, cell)), 0, h
            return
        reach, _root = _region(board, box_set, state.keeper)
        is_floor, offsets, dead = board.is_floor, board.offsets, self.dead
        parent = self._assignment(boxes)
        pruned, parents, meet = self.pruned, self.parents, self.meet
        for i, box in enumerate(boxes):
            for direction, off in enumerate(offsets):
                stand = box + off
                back = stand + off
                if stand not in reach or not is_floor[back] or back in box_set:
                    continue
                if dead[stand]:
                    pruned["pull_dead_squares"] += 1
                    continue
                new_boxes = tuple(sorted(box_set - {box} | {stand}))
                value = self._child_value(new_boxes, parent, i, stand)
                if value == inf:
                    pruned["pull_bipartite"] += 1
                    continue
                region = self._child_region(box_set, reach, state.region, box, stand, back)
                pull = _pull((boxes, state.keeper, stand, direction))
                child_key = new_boxes, region
                parents.setdefault(child_key, ((boxes, state.region), pull))
                if meet is not None and child_key in meet:
                    value = 0  # a goal: expanded (and so goal-tested) next
                yield pull, _state((new_boxes, region, back)), 1, value

    def format_action(self, action: Any) -> str:
        """A pull in LURD as the keeper does it backwards: the walk to ``stand`` (lower case),
        then his step away from the box (upper case: the box comes along)."""
        if action is None:
            return ""
        boxes, keeper, stand, direction = action
        return spell_walk(self.board, boxes, keeper, stand) + PUSH_CHARS[direction]

    # -- the plan forwards --------------------------------------------------------------------

    def pulls_to(self, key: Hashable) -> list[Pull]:
        """The pulls from the solved position to the generated position ``key`` (in
        :attr:`parents`), first pull first."""
        pulls = []
        link = self.parents[key]
        while link is not None:
            key, pull = link
            if pull is not None:
                pulls.append(pull)
            link = self.parents[key]
        pulls.reverse()
        return pulls

    def forward_plan(self, actions: list[Any], keeper: int | None = None) -> list[Action]:
        """The pushes that undo ``actions`` (pulls from the solved position), last pull first:
        forward :class:`~.pushes.Action` records from the position the pulls reached, the
        keeper on ``keeper`` (default: the level's start, the goal of this problem), to the
        goals.

        A pull moved a box from ``b`` onto ``stand``, the keeper onto ``stand + offset``;
        forwards the keeper walks to ``stand + offset`` and pushes the box from ``stand`` back
        to ``b``, ending on ``stand``.
        """
        offsets = self.board.offsets
        plan: list[Action] = []
        keeper = self.board.keeper if keeper is None else keeper
        for pull in reversed(actions):
            if pull is None:
                continue
            boxes, _keeper, stand, direction = pull
            off = offsets[direction]
            box = stand - off
            before = tuple(sorted([c for c in boxes if c != box] + [stand]))
            plan.append(_action((before, keeper, stand + off, _OPPOSITE[direction])))
            keeper = stand
        return plan

    def forward_lurd(self, actions: list[Any], keeper: int | None = None) -> str:
        """The forward plan of ``actions`` (:meth:`forward_plan`) in LURD: for each push the
        keeper's shortest walk to it, then the push."""
        board = self.board
        return "".join(spell_walk(board, a.boxes, a.keeper, a.stand) + PUSH_CHARS[a.direction]
                       for a in self.forward_plan(actions, keeper))

    # -- helpers ------------------------------------------------------------------------------

    def _child_region(self, box_set: set[int], reach: set[int], root: int, box: int,
                      stand: int, back: int) -> int:
        """The keeper's region (smallest cell) after pulling ``box`` onto ``stand``, the keeper
        on ``back``; ``reach`` is his region before (root ``root``), ``box_set`` the boxes.

        Usually the region before, minus ``stand``, plus ``box``'s cell: when every free
        neighbour of the freed cell was in the region and the region's cells around ``stand``
        (with the freed cell) lie in one run of its 8-cell ring (:func:`~.pushes.one_run`), so
        filling ``stand`` splits nothing. Otherwise a flood, O(floor).
        """
        board = self.board
        if stand != root and all(n in reach or n in box_set for n in board.neighbours[box]) \
                and one_run([stand + o in reach or stand + o == box for o in self._ring]):
            return min(root, box)
        box_set.discard(box)
        box_set.add(stand)
        region = _region(board, box_set, back)[1]
        box_set.discard(stand)
        box_set.add(box)
        return region

    def _assignment(self, boxes: tuple[int, ...]) -> Assignment:
        found = self._assignments.get(boxes)
        if found is None:
            rows = [[d[c] for d in self.from_start] for c in boxes]
            found = self._assignments[boxes] = Assignment.solve(rows, self._big)
        return found

    def _child_value(self, boxes: tuple[int, ...], parent: Assignment, index: int,
                     cell: int) -> float:
        """The matching of ``boxes``: the parent's with box ``index`` moved to ``cell``, re-solved
        by one augmenting path (O(n^2)) on a cache miss."""
        found = self._assignments.get(boxes)
        if found is None:
            row = [d[cell] for d in self.from_start]
            found = parent.replace_row(index, row).move_row(index, boxes.index(cell))
            self._assignments[boxes] = found
        return found.value


def _region(board: Board, box_set: set[int], start: int) -> tuple[set[int], int]:
    """The cells the keeper reaches from ``start`` around ``box_set``, and the smallest."""
    seen = {start}
    queue = [start]
    neighbours = board.neighbours
    for cell in queue:
        for nxt in neighbours[cell]:
            if nxt not in seen and nxt not in box_set:
                seen.add(nxt)
                queue.append(nxt)
    return seen, min(queue)

