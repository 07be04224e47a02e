"""``mode="any"``: find some plan fast, not a proven optimum.

:class:`AnyPlanProblem` searches the same push-level positions as the pushes model
(:class:`~.problem.PushState`, key ``(boxes, region)``; a step costs its pushes, plus the walk
with ``cost="moves"``) with every deadlock rule of
:mod:`.pushes` (PI-corrals included: they keep a solution whenever one exists), plus:

**Tunnel macros.** A box pushed into a one-wide tunnel, the keeper behind it in the tunnel too
(walls on both sides of both), can only go on: the keeper cannot get round it, and going back
undoes the push. So the push goes on until the box leaves the tunnel, lands on a goal, or meets
something: one search step, as in Junghanns and Schaeffer's Rolling Stone. This loses no
solution (a box stopped in the tunnel blocks it; pushing on is what any plan does next with it)
and it keeps push optima; it is used only here all the same.

**Guidance, not admissible.** The heuristic is the matching bound (pushes still needed, at
least) plus ``packing_weight`` for every goal not yet filled in the packing order
(:mod:`.packing`): greedy best-first or weighted A* on it rush towards positions that fill the
goals in an order that does not block the others. Plans are found fast and are often long;
they are replayed and verified like any other, and never reported as optimal
(:attr:`AnyPlanProblem.proves_optimal` is False).

Actions are :class:`Macro` records: the position before, the keeper's stand cell, and the
directions of the box's successive pushes.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Iterator
from functools import partial
from math import inf
from typing import Any, NamedTuple

from .board import PUSH_CHARS, Board
from .deadlocks import freeze_deadlock
from .packing import packed_prefix, packing_order
from .problem import PushSokobanProblem, PushState
from .pushes import region_root, spell_walk
from .routes import box_route

__all__ = ["AnyPlanProblem", "Macro"]


class Macro(NamedTuple):
    """The pushes of one box in one search step: the position before (``boxes``,
    ``keeper``), the cell the keeper walks to (``stand``) and the directions of the box's
    successive pushes (between two pushes the keeper walks round the box if he must)."""

    boxes: tuple[int, ...]
    keeper: int
    stand: int
    directions: tuple[int, ...]

    def box_cells(self, offsets: tuple[int, ...]) -> tuple[int, int]:
        """The cell of the box pushed, before and after (``offsets``: the board's).

        >>> Macro((12,), 10, 11, (3, 3)).box_cells((-9, 9, -1, 1))  # pushed right twice
        (12, 14)
        """
        before = self.stand + offsets[self.directions[0]]
        return before, before + sum(offsets[d] for d in self.directions)


_macro = partial(tuple.__new__, Macro)
_push_state = partial(tuple.__new__, PushState)


class AnyPlanProblem(PushSokobanProblem):
    """The ``mode="any"`` problem (see the module docstring); step cost: pushes.

    >>> from searchkit import search
    >>> from .levels import split_levels
    >>> board = Board(split_levels("#########\\n#@$    .#\\n#########")[0])
    >>> result = search(AnyPlanProblem(board), "greedy")
    >>> result.cost, len(result.actions)  # one tunnel macro of five pushes
    (5, 1)
    """

    proves_optimal = False
    #: the ``rooms`` rule (:mod:`.rooms`) is on unless switched off: boxes of a storeroom
    #: that block each other's way out are a deadlock the ``subsets`` tables see only with
    #: larger sets than they can hold (Microban 153)
    rooms_default = True

    def __init__(self, board: Board, cost: str = "pushes", packing_weight: float = 2.0,
                 tunnels: bool = True, goal_macros: bool = True,
                 meet: Container[Hashable] | None = None,
                 tree: dict[Hashable, Any] | None = None, **options: Any) -> None:
        if cost not in ("moves", "pushes"):
            raise ValueError(f"unknown cost model {cost!r}")
        super().__init__(board, **options)
        #: keys ``(boxes, region)`` of positions known to lead to the goal (those a backward
        #: search reached: :attr:`.pulls.PullProblem.parents`): reaching one is reaching the goal,
        #: so a child in it gets guide 0 (expanded next, its goal test passes at once)
        self.meet = meet
        #: if given, every position generated is recorded in it, ``key -> (parent key, action,
        #: keeper cell)`` (the start's: ``None``), so that a backward search can meet this one
        #: (:meth:`actions_to`)
        self.tree = tree
        if tree is not None:
            start = self.initial()
            tree.setdefault(self.key(start), None)
        self.cost_model = cost
        self.packing_weight = packing_weight
        self.tunnels = tunnels
        self.order = board.derived("packing_order", lambda: packing_order(board))
        # tunnel[d][c]: a box on c pushed in direction d (keeper on c - d) must go on
        self._tunnel = [board.passage[d ^ 1] for d in range(4)]  # d ^ 1: the opposite way
        self.goal_macros = goal_macros
        #: where goal macros move boxes: the goals and the cells next to them
        area = set(board.goals)
        for goal in board.goals:
            area.update(board.neighbours[goal])
        self._goal_area = bytearray(board.size)
        for cell in area:
            self._goal_area[cell] = 1
        #: pushes made inside tunnel and goal macros so far (beyond each one's first push)
        self.macro_pushes = {"tunnel": 0, "goal": 0}

    # -- the Problem protocol -----------------------------------------------------------------

    def heuristic(self, state: Any) -> float:
        return self._guide(state.boxes, self.push_bound.value(state.boxes, state.keeper))

    def is_goal(self, state: Any) -> bool:
        return state.boxes == self.board.goals or \
            self.meet is not None and (state[0], state[1]) in self.meet

    def successors(self, state: Any) -> Iterator[tuple[Macro, Any, int]]:
        for action, child, cost, _h in self.successors_with_heuristic(state, 0):
            yield action, child, cost

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        children = self._children(state) if self.tree is None else self._recorded(state)
        return children if self.meet is None else self._meeting(children)

    def _meeting(self, children: Iterator[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
        """``children``, those in :attr:`meet` with guide 0: they are goals, and the loops
        test goals when they expand a position, so a meeting position waits for no other."""
        meet = self.meet
        assert meet is not None
        for child in children:
            child_state = child[1]
            if (child_state[0], child_state[1]) in meet:
                yield child[0], child_state, child[2], 0
            else:
                yield child

    def _recorded(self, state: Any) -> Iterator[tuple[Any, ...]]:
        """:meth:`_children`, each recorded in :attr:`tree`."""
        record, parent = self.record, (state[0], state[1])
        for child in self._children(state):
            record(parent, child)
            yield child

    def record(self, parent: Hashable, child: tuple[Any, ...]) -> None:
        """Record ``child`` (``(action, state, ...)``: a step from the position whose key is
        ``parent``) in :attr:`tree`, unless it is there already (the first path is kept)."""
        tree = self.tree
        assert tree is not None
        state = child[1]
        tree.setdefault((state[0], state[1]), (parent, child[0], state.keeper))

    def actions_to(self, key: Hashable) -> tuple[list[Any], int]:
        """The actions from the start to the recorded position ``key`` (see :attr:`tree`) and
        the keeper's cell there.

        Each action starts from the keeper's cell where the previous one left him: a key may
        have been expanded with the keeper elsewhere in his region than on the path recorded.
        """
        tree = self.tree
        assert tree is not None
        chain = []
        link = tree[key]
        while link is not None:
            chain.append(link)
            link = tree[link[0]]
        actions = []
        keeper = self.board.keeper
        for _parent, action, after in reversed(chain):
            actions.append(action._replace(keeper=keeper))
            keeper = after
        return actions, keeper

    def _children(self, state: Any) -> Iterator[tuple[Any, ...]]:
        """The children of ``state`` with their cost and guide (see
        :meth:`successors_with_heuristic`)."""
        board = self.board
        guide = self._guide
        tunnel = self._tunnel if self.tunnels else None
        walking = self.cost_model == "moves"
        for action, boxes, keeper, walk, region, bound in self.generator.pushes(
                state.boxes, state.keeper, with_region=True, with_bound=True):
            direction = action.direction
            directions: tuple[int, ...] = (direction,)
            if tunnel is not None and tunnel[direction][keeper + board.offsets[direction]]:
                extended = self._through_tunnel(boxes, keeper, direction)
                if extended is None:
                    continue
                boxes, keeper, count = extended
                if count:
                    directions = (direction,) * (count + 1)
                    region = region_root(board, boxes, keeper)
                    bound = self.push_bound.value(boxes, keeper)
                    if bound == inf:
                        continue
            yield (_macro((action.boxes, action.keeper, action.stand, directions)),
                   _push_state((boxes, region, keeper)),
                   len(directions) + walk if walking else len(directions), guide(boxes, bound))
            box = keeper + board.offsets[directions[-1]]
            if self.goal_macros and self._goal_area[box] and not board.is_goal[box]:
                macro = self._goal_macro(action, boxes, box, keeper, directions)
                if macro is not None:
                    yield macro

    def _goal_macro(self, action: Any, boxes: tuple[int, ...], box: int, keeper: int,
                    directions: tuple[int, ...]) -> tuple[Any, ...] | None:
        """The goal macro after a push that brought a box (now on ``box``) next to the goals:
        the same box pushed on to the next goal of the packing order, if it can get there
        through the goal area, as one more child (the plain push stays a child too)."""
        goal = self.next_goal(boxes)
        if goal < 0:
            return None
        found = box_route(self.board, boxes, box, keeper, goal, area=self._goal_area)
        if found is None:
            return None
        more, keeper = found
        child = self.carry_child(
            _macro((action.boxes, action.keeper, action.stand, directions + more)), goal, keeper)
        if child is not None:
            self.macro_pushes["goal"] += len(more)
        return child

    def carry_child(self, macro: Macro, end: int, keeper: int
                    ) -> tuple[Macro, Any, int, float] | None:
        """``(macro, child, cost, guide)`` for a macro that carries its box to ``end``
        (a goal macro, the packing advisor's move) and leaves the keeper on ``keeper``; ``None``
        when that position is dead (the box frozen off a goal, or no matching of boxes to
        goals)."""
        board = self.board
        box = macro.box_cells(board.offsets)[0]
        boxes = tuple(sorted((*(b for b in macro.boxes if b != box), end)))
        has_box = bytearray(board.size)
        for cell in boxes:
            has_box[cell] = 1
        if freeze_deadlock(board, has_box, end):
            return None
        bound = self.push_bound.value(boxes, keeper)
        if bound == inf:
            return None
        cost = len(self.format_action(macro)) if self.cost_model == "moves" else \
            len(macro.directions)
        return (macro, _push_state((boxes, region_root(board, boxes, keeper), keeper)), cost,
                self._guide(boxes, bound))

    def format_action(self, action: Any) -> str:
        """The macro in LURD: a walk, a push, and for each further push the walk round the box
        (if the direction changes) and the push."""
        boxes, keeper, stand, directions = action
        if isinstance(directions, int):  # a one-push Action
            directions = (directions,)
        board = self.board
        offsets = board.offsets
        box = stand + offsets[directions[0]]
        others = tuple(b for b in boxes if b != box)
        letters = [spell_walk(board, boxes, keeper, stand)]
        at = stand
        for direction in directions:
            off = offsets[direction]
            behind = box - off
            if at != behind:
                letters.append(spell_walk(board, (*others, box), at, behind))
            letters.append(PUSH_CHARS[direction])
            at, box = box, box + off
        return "".join(letters)

    # -- helpers ------------------------------------------------------------------------------

    def _guide(self, boxes: tuple[int, ...], bound: float) -> float:
        """The guidance: ``bound`` plus :attr:`packing_weight` per goal not filled in order."""
        if bound == inf:
            return inf
        order = self.order
        return bound + self.packing_weight * (len(order) - packed_prefix(order, set(boxes)))

    def _through_tunnel(self, boxes: tuple[int, ...], keeper: int, direction: int
                        ) -> tuple[tuple[int, ...], int, int] | None:
        """Push the box just pushed (on ``keeper + offset``) on along its tunnel.

        Returns the boxes, the keeper's cell and the number of extra pushes (the box stops
        before a dead square, a wall or a box), or ``None`` when it would end frozen off a goal
        (the position is dead).
        """
        board = self.board
        off = board.offsets[direction]
        box = keeper + off
        box_set = set(boxes)
        is_floor, dead, is_goal = board.is_floor, board.dead, board.is_goal
        tunnel = self._tunnel[direction]
        count = 0
        while tunnel[box] and not is_goal[box]:
            target = box + off
            if not is_floor[target] or target in box_set or dead[target]:
                break
            box_set.discard(box)
            box_set.add(target)
            keeper, box = box, target
            count += 1
        if not count:
            return boxes, keeper, 0
        has_box = bytearray(board.size)
        for cell in box_set:
            has_box[cell] = 1
        if freeze_deadlock(board, has_box, box):
            self.pruned["freeze"] += 1
            return None
        self.macro_pushes["tunnel"] += count
        return tuple(sorted(box_set)), keeper, count

    def next_goal(self, boxes: tuple[int, ...]) -> int:
        """The first goal of the packing order without a box (-1 when all are filled)."""
        order = self.order
        filled = packed_prefix(order, set(boxes))
        return order[filled] if filled < len(order) else -1
