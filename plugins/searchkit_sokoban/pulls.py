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

*Tunnel pulls* (``tunnels``, on by default): a pull that leaves the box and the keeper in a
one-wide passage goes on through it as one step (:func:`~.routes.tunnel_pull`, the twin of
the forward tunnel macros); like them, it loses no solution.

*Macros* (``macro_depth``, off by default): beside the single pulls, a child for every way of
dragging one box onto a free starting cell by 2 to ``macro_depth`` pulls, the other boxes
fixed (:func:`~.routes.pull_routes`), as one step of that many pulls (:class:`PullMacro`). The
matching ignores the keeper: a box a few pulls from a starting cell, but with the keeper on
the wrong side, looks no better after the walk round it than before, and greedy search wanders
on that plateau; the macro crosses it in one step. Nothing is lost: every single pull is
still a child. With ``plateau_macros`` the macros are offered only on such a plateau, from a
position none of whose single steps (single pulls and tunnel pulls, above) lowers the guide, so
that they cost nothing where the plain search makes progress.

Pruning (sound: no pull sequence that leads to the start is lost): a box is never pulled onto a
cell that no starting box can be pushed to (``pull_dead_squares``), a pull after which the box
pulled and some other box, alone, could not both be pulled back onto starting cells is not
made (``pull_subsets``, the backward twin of the ``subsets`` table of pairs:
:class:`~.subsets.SubsetTable` with ``backward=True``; on with ``subsets``), and a position
where the boxes cannot be matched to distinct starting cells is dropped (``pull_bipartite``).

:meth:`PullProblem.forward_plan` turns the pulls found, reversed, into forward
:class:`~.pushes.Action` records (a pull undone is a push, :mod:`.pullplans`), which the forward
problems spell (``format_action``) and which are replayed square by square like any other plan.

>>> from searchkit import search
>>> from .levels import split_levels
>>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
>>> problem = PullProblem(board)
>>> result = search(problem, "greedy")
>>> [problem.format_action(a) for a in result.actions]  # the root, then a tunnel pull
['', 'rrrLL']
>>> problem.forward_lurd(result.actions)  # undone, forwards: walk right, push twice
'rRR'
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterator
from functools import partial
from math import inf
from typing import Any, NamedTuple

from searchkit import ProblemBase

from .assignment import Assignment
from .board import PUSH_CHARS, Board
from .floods import flood_region, flood_root, keeper_walls, region_after_pull, ring_offsets
from .pullplans import Pull, forward_lurd, forward_plan, single_pulls
from .pushes import Action, spell_walk
from .routes import PullMacro, check_macros, pull_routes, tunnel_pull
from .subsets import SubsetTable

__all__ = ["PULL_RULES", "Pull", "PullMacro", "PullProblem", "PullState"]

#: The pruning rules of the backward search, as counted in :attr:`PullProblem.pruned`.
PULL_RULES = ("pull_dead_squares", "pull_subsets", "pull_bipartite")


class PullState(NamedTuple):
    """A position of the backward search: the boxes, the keeper's region (its smallest cell;
    ``-1`` for the root, which stands for every solved position) and his exact cell."""

    boxes: tuple[int, ...]
    region: int
    keeper: int


_state = partial(tuple.__new__, PullState)
_pull = partial(tuple.__new__, Pull)


class PullProblem(ProblemBase):
    """The level searched backwards (see the module docstring); step cost: one pull."""

    proves_optimal = False

    def __init__(self, board: Board, meet: Container[Hashable] | None = None, *,
                 macro_depth: int = 0, plateau_macros: bool = False, subsets: bool = True,
                 tunnels: bool = True,
                 parents: dict[Hashable, tuple[Hashable, Any] | None] | None = None) -> None:
        check_macros(macro_depth, plateau_macros)
        self.board = board
        #: whether the ``pull_subsets`` rule is on (see the module docstring)
        self.subsets = subsets
        #: the longest macro, in pulls (0: no macros; see the module docstring)
        self.macro_depth = macro_depth
        #: offer the macros only on plateaus: from positions where no single pull lowers the
        #: guide (see the module docstring)
        self.plateau_macros = plateau_macros
        #: whether tunnel pulls are on (see the module docstring)
        self.tunnels = tunnels
        #: pulls made inside tunnel pulls so far, beyond each one's first
        self.tunnel_pulls = 0
        #: keys ``(boxes, region)`` of positions known to be reachable from the start (a
        #: forward search's: :attr:`.anyplan.AnyPlanProblem.tree`): reaching one is reaching the
        #: goal of this problem, so a child in it gets heuristic 0 (expanded next)
        self.meet = meet
        self.pruned = dict.fromkeys(PULL_RULES, 0)
        self.starts = board.initial_boxes
        self._starts = frozenset(self.starts)
        #: from_start[i][c]: box-alone pushes from starting cell i to cell c
        self.from_start = [board.box_distances(s, to_cell=False) for s in self.starts]
        self.dead = board.unreached(self.from_start)
        self._big = (len(board.floor) + 1) * (len(self.starts) + 1)
        self._assignments: dict[tuple[int, ...], Assignment] = {}
        self._start_region = flood_region(board, self._occupied(self.starts), board.keeper)[1]
        self._root = _state((board.goals, -1, -1))
        #: key -> (the parent's key, the pull or macro from it) of every position generated,
        #: the root's ``None``: the positions known to lead to the goal, and how
        #: (:meth:`pulls_to`); ``parents``, if given, is filled instead (an earlier backward
        #: search's: the forward searches then meet the positions of both)
        self.parents: dict[Hashable, tuple[Hashable, Any] | None] = \
            {} if parents is None else parents
        self.parents.setdefault((board.goals, -1), None)
        self._ring = ring_offsets(board)  # see floods.region_after_pull

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

    def unsolvable_reason(self) -> str | None:
        """A box or goal sealed off from the keeper (:attr:`.Board.unsolvable`): the level
        has no plan, and the matching of boxes to starting cells would not even be square."""
        return self.board.unsolvable

    def successors(self, state: Any) -> Iterator[tuple[Any, Any, int]]:
        # the plateau test compares the children's guide with the state's own
        h = self.heuristic(state) if self.plateau_macros and state.region >= 0 else 0
        for action, child, cost, _h in self.successors_with_heuristic(state, h):
            yield action, child, cost

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        board = self.board
        boxes = state.boxes
        occupied = self._occupied(boxes)
        if state.region < 0:  # the root: the solved boxes, the keeper in any free region
            covered = occupied  # and the regions found so far
            for cell in board.floor:
                if not covered[cell]:
                    covered, root = flood_region(board, covered, cell)
                    self.parents.setdefault((boxes, root), ((boxes, -1), None))
                    yield None, _state((boxes, root, cell)), 0, h
            return
        seen = flood_region(board, occupied, state.keeper)[0]
        offsets, dead = board.offsets, self.dead
        parent = self._assignment(boxes)
        pruned, parents, meet = self.pruned, self.parents, self.meet
        alive = self.subset_table().alive if self.subsets else None
        passage = board.passage if self.tunnels else None
        lowered = False  # whether a single pull lowers the guide
        for i, box in enumerate(boxes):
            others = boxes[:i] + boxes[i + 1:]
            for direction, off in enumerate(offsets):
                stand = box + off
                back = stand + off
                if occupied[stand] or not seen[stand] or occupied[back]:
                    continue
                if dead[stand]:
                    pruned["pull_dead_squares"] += 1
                    continue
                if alive is not None and not alive(others, stand, back):
                    pruned["pull_subsets"] += 1
                    continue
                steps = None
                if passage is not None and passage[direction][stand]:
                    steps = tunnel_pull(board, occupied, stand, direction, self._starts, dead)
                    if steps is not None:
                        stand = steps[-1][0]
                        back = stand + off
                        if alive is not None and not alive(others, stand, back):
                            pruned["pull_subsets"] += 1
                            continue
                new_boxes = tuple(sorted((*others, stand)))
                value = self._child_value(new_boxes, parent, i, stand)
                if value == inf:
                    pruned["pull_bipartite"] += 1
                    continue
                region = region_after_pull(board, occupied, seen, self._ring, state.region,
                                           box, stand, back)
                if steps is None:
                    pull: Any = _pull((boxes, state.keeper, stand, direction))
                else:
                    pull = PullMacro(boxes, state.keeper, box, steps)
                    self.tunnel_pulls += len(steps) - 1
                child_key = new_boxes, region
                parents.setdefault(child_key, ((boxes, state.region), pull))
                if meet is not None and child_key in meet:
                    value = 0  # a goal: expanded (and so goal-tested) next
                lowered = lowered or value < h
                yield pull, _state((new_boxes, region, back)), 1 if steps is None else \
                    len(steps), value
        if self.macro_depth and not (self.plateau_macros and lowered):
            yield from self._macros(state, occupied, parent, alive)

    def format_action(self, action: Any) -> str:
        """A pull in LURD as the keeper does it backwards: the walk to ``stand`` (lower case),
        then his step away from the box (upper case: the box comes along); a macro: its
        pulls, one after the other."""
        if action is None:
            return ""
        if isinstance(action, PullMacro):
            return "".join(map(self.format_action, single_pulls([action], self.board.offsets)))
        boxes, keeper, stand, direction = action
        return spell_walk(self.board, boxes, keeper, stand) + PUSH_CHARS[direction]

    def subset_table(self) -> SubsetTable:
        """The ``pull_subsets`` rule's table of pairs, built on first use and shared by every
        backward search on the level (:meth:`Board.derived`)."""
        board = self.board
        return board.derived("pull_subsets",
                             lambda: SubsetTable(board, max_boxes=2, backward=True))

    # -- the plan forwards --------------------------------------------------------------------

    def pulls_to(self, key: Hashable) -> list[Pull]:
        """The pulls from the solved position to the generated position ``key`` (in
        :attr:`parents`), first pull first."""
        steps = []
        link = self.parents[key]
        while link is not None:
            key, step = link
            steps.append(step)
            link = self.parents[key]
        steps.reverse()
        return single_pulls(steps, self.board.offsets)

    def forward_plan(self, actions: list[Any], keeper: int | None = None) -> list[Action]:
        """The pushes that undo ``actions`` (pulls and macros from the solved position), last
        pull first, the keeper on ``keeper`` (default: the level's start):
        :func:`.pullplans.forward_plan`."""
        return forward_plan(self.board, actions, keeper)

    def forward_lurd(self, actions: list[Any], keeper: int | None = None) -> str:
        """:meth:`forward_plan` in LURD (:func:`.pullplans.forward_lurd`)."""
        return forward_lurd(self.board, actions, keeper)

    # -- helpers ------------------------------------------------------------------------------

    def _macros(self, state: PullState, occupied: bytearray, parent: Assignment,
                alive: Callable[[tuple[int, ...], int, int], bool] | None
                ) -> Iterator[tuple[Any, ...]]:
        """The macro children of ``state`` (``occupied``: its walls and boxes; ``parent``: its
        matching; ``alive``: the ``pull_subsets`` test, ``None`` when off): each box off the
        starting cells that some free starting cell is at most :attr:`macro_depth` box-alone
        pulls from, dragged onto a free starting cell by
        :func:`~.routes.pull_routes`; one child per resulting position, its shortest macro. The
        rules test the macro's end as they test a pull's."""
        boxes = state.boxes
        free = self._starts.difference(boxes)
        depth, dead, meet = self.macro_depth, self.dead, self.meet
        near = [self.from_start[index] for index, cell in enumerate(self.starts)
                if cell in free]
        found = set()
        for index, box in enumerate(boxes):
            if box in self._starts or min(row[box] for row in near) > depth:
                continue
            occupied[box] = 0
            others = boxes[:index] + boxes[index + 1:]
            routes = list(pull_routes(self.board, occupied, box, state.keeper, free, dead,
                                      depth))  # found before ``occupied`` changes below
            for steps, keeper in routes:
                target = steps[-1][0]
                if alive is not None and not alive(others, target, keeper):
                    continue
                new_boxes = tuple(sorted((*others, target)))
                value = self._child_value(new_boxes, parent, index, target)
                if value == inf:
                    continue
                occupied[target] = 1
                region = flood_root(self.board, occupied, keeper)
                occupied[target] = 0
                child_key = new_boxes, region
                if child_key in found:
                    continue
                found.add(child_key)
                macro = PullMacro(boxes, state.keeper, box, steps)
                self.parents.setdefault(child_key, ((boxes, state.region), macro))
                if meet is not None and child_key in meet:
                    value = 0
                yield macro, _state((new_boxes, region, keeper)), len(steps), value
            occupied[box] = 1

    def _occupied(self, boxes: tuple[int, ...]) -> bytearray:
        """1 on the walls and on ``boxes``, 0 on the free floor."""
        return keeper_walls(self.board, boxes)

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

