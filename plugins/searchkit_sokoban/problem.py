"""Sokoban as a :class:`~searchkit.Problem` on push-level states.

A search step is one *push* (:mod:`.pushes`): the keeper walks by a shortest path to a cell
beside a box and pushes it one cell. Any plan decomposes into such walk-then-push steps, and
replacing each walk by a shortest one never costs more, so searching pushes is exact for both
cost models:

``cost="moves"`` (:class:`SokobanProblem`)
    A push step costs ``walk length + 1``. The state is a :class:`MoveState` ``(boxes,
    keeper)`` -- the keeper's *exact* cell, because the cost of the next walk depends on it.
    After a push the keeper stands where the box was.
``cost="pushes"`` (:class:`PushSokobanProblem`)
    Every push costs 1. The state is a :class:`PushState` ``(boxes, region, keeper)`` and its
    key is ``(boxes, region)``, where ``region`` is the smallest cell the keeper can reach: all
    keeper cells of one region are one node, since any of them can walk to any other for free.
    The exact cell is kept in the state (not in the key) only to spell out the walks of the
    plan. The search cost stays the exact integer number of pushes; every walk is a shortest
    one, but among push-optimal plans the one found is not necessarily the one with fewest
    moves. The exact tie-break is a second search, :class:`TieBreakSokobanProblem`, which
    :func:`~searchkit_sokoban.solve.solve_level` runs with ``tiebreak=True``.

``boxes`` is a sorted tuple of cell numbers (see :mod:`~searchkit_sokoban.board`). Actions are
:class:`~.pushes.Action` records; :meth:`SokobanProblem.format_action` spells one in LURD (the
walk in lower case, the push in upper case). The deadlock rules are those of :mod:`.pushes`,
the heuristics those of :mod:`.bounds`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import Any, NamedTuple

from searchkit import ProblemBase

from .board import PUSH_CHARS, Board
from .bounds import HEURISTICS, MoveBound, PushBound
from .pushes import RULES, Action, PushGenerator, region_root, spell_walk
from .subsets import SubsetTable

__all__ = [
    "HEURISTICS",
    "MODES",
    "RULES",
    "MoveState",
    "PushSokobanProblem",
    "PushState",
    "SokobanProblem",
    "TieBreakSokobanProblem",
    "TieBreakState",
    "make_problem",
]


#: What a plan must be: ``optimal`` (proven, the default) or ``any`` (:mod:`.anyplan`).
MODES = ("optimal", "any")


class MoveState(NamedTuple):
    """A position of the moves model: the boxes and the keeper's exact cell."""

    boxes: tuple[int, ...]
    keeper: int


class PushState(NamedTuple):
    """A position of the pushes model: the boxes, the keeper's region (its smallest cell, part
    of the key) and his exact cell (kept only to spell the walks)."""

    boxes: tuple[int, ...]
    region: int
    keeper: int


class TieBreakState(NamedTuple):
    """A position of the tie-break search: the boxes, the pushes made so far, the keeper."""

    boxes: tuple[int, ...]
    pushes: int
    keeper: int


_move_state = partial(tuple.__new__, MoveState)
_push_state = partial(tuple.__new__, PushState)
_tie_state = partial(tuple.__new__, TieBreakState)


def rule_switches(options: dict[str, Any]) -> dict[str, bool]:
    """The rules' on/off switches taken out of ``options`` (all on by default).

    ``matching`` is the old name of ``bipartite`` (it also named a heuristic): still accepted,
    with a :class:`DeprecationWarning`.
    """
    if "matching" in options:
        old = options.pop("matching")
        if old is not None:
            warnings.warn("the rule 'matching' is now called 'bipartite'", DeprecationWarning,
                          stacklevel=3)
            options["bipartite"] = old
    return {rule: bool(options.pop(rule, True)) for rule in RULES}


class SokobanProblem(ProblemBase):
    """Move-optimal Sokoban: states :class:`MoveState`, step cost = walk + 1.

    Options: ``heuristic`` (:data:`HEURISTICS`), ``keeper_aware`` (push distances respect the
    keeper's side of a box), ``subset_bound`` (the moves bound also takes what a few boxes need
    alone), and the rules of :data:`RULES` as booleans (on by default but ``rooms`` and
    ``corral``; ``pi_corral`` is kept for push optima only, so the pushes model alone uses it).

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
    #: whether a plan this problem's A* finds is a proven optimum (see :mod:`.anyplan`)
    proves_optimal = True
    #: the ``corral`` rule's default: off (on a sample of unsolved levels it cut few positions
    #: and cost a fifth of the node rate; it is sound for every mode: ``corral=True``)
    corral_default = False
    #: the ``rooms`` rule's default: off in the exact mode, where it is not measured (it is
    #: sound for every mode: ``rooms=True``); on in ``mode="any"`` (:mod:`.anyplan`)
    rooms_default = False

    def __init__(self, board: Board, heuristic: str = "matching", keeper_aware: bool = True,
                 subset_bound: bool = True, **rules: bool | None) -> None:
        rules = dict(rules)
        if rules.get("corral") is None:
            rules["corral"] = self.corral_default
        if rules.get("rooms") is None:
            rules["rooms"] = self.rooms_default
        switches = rule_switches(rules)
        unknown = set(rules) - {*RULES, "matching"}
        if unknown:
            raise TypeError(f"unknown rule {min(unknown)!r} (valid: {', '.join(RULES)})")
        switches["pi_corral"] = switches["pi_corral"] and self.corrals_are_sound
        self.board = board
        #: the push bound (the ``heuristic`` option) and the moves bound built on it
        self.push_bound = PushBound(board, heuristic, keeper_aware)
        self.move_bound = MoveBound(self.push_bound, few_boxes=subset_bound,
                                    subsets=switches["subsets"])
        self.generator = PushGenerator(board, switches, self.push_bound)

    @property
    def rules(self) -> dict[str, bool]:
        """Which deadlock rules are on (see :data:`RULES`)."""
        return self.generator.rules

    @property
    def pruned(self) -> dict[str, int]:
        """How many pushes each rule cut so far."""
        return self.generator.pruned

    # -- the Problem protocol -----------------------------------------------------------------

    def initial(self) -> Any:
        return _move_state((self.board.initial_boxes, self.board.keeper))

    def is_goal(self, state: Any) -> bool:
        return state.boxes == self.board.goals

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        for action, boxes, keeper, walk, _region, _bound in self.generator.pushes(
                state.boxes, state.keeper):
            yield action, _move_state((boxes, keeper)), walk + 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        """:meth:`successors` with each child's :meth:`heuristic` value."""
        bound = self.move_bound.with_push_bound
        for action, boxes, keeper, walk, _region, value in self.generator.pushes(
                state.boxes, state.keeper, with_bound=True):
            yield action, _move_state((boxes, keeper)), walk + 1, bound(boxes, keeper, value)

    def heuristic(self, state: Any) -> float:
        return self.move_bound.value(state.boxes, state.keeper)

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
        return self.board_picture(state.boxes, state.keeper)

    def render_svg(self, state: Any) -> str:
        """The position as SVG (see :mod:`searchkit_sokoban.svg`)."""
        from .svg import render

        return render(self.board, state.boxes, state.keeper)

    def format_action(self, action: Action) -> str:
        """The action in LURD notation: the walk in lower case, then the push in upper case.

        The walk is a shortest one (its length is what the action costs), spelled by a
        breadth-first walk from the keeper's cell with the boxes in place. O(floor).
        """
        boxes, keeper, stand, direction = action
        return spell_walk(self.board, boxes, keeper, stand) + PUSH_CHARS[direction]

    # -- tables and helpers ---------------------------------------------------------------------

    def subset_table(self, expired: Callable[[], bool] | None = None) -> SubsetTable:
        """The ``subsets`` rule's table (see :meth:`PushGenerator.subset_table`)."""
        return self.generator.subset_table(expired)

    def region_root(self, boxes: tuple[int, ...], keeper: int) -> int:
        """The smallest cell the keeper can reach from ``keeper`` with ``boxes`` fixed. O(floor)."""
        return region_root(self.board, boxes, keeper)

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
                elif cell in board.stray_boxes:  # sealed off: drawn, never moved
                    row.append("$")
                elif cell in board.stray_goals:
                    row.append(".")
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
    """Push-optimal Sokoban: states :class:`PushState`, key ``(boxes, region)``, cost 1.

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
        return _push_state((boxes, region_root(self.board, boxes, keeper), keeper))

    def key(self, state: Any) -> Hashable:
        return state[0], state[1]

    def heuristic(self, state: Any) -> float:
        return self.push_bound.value(state.boxes, state.keeper)  # walking is free here

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        for action, boxes, keeper, _walk, region, _bound in self.generator.pushes(
                state.boxes, state.keeper, with_region=True):
            yield action, _push_state((boxes, region, keeper)), 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        for action, boxes, keeper, _walk, region, bound in self.generator.pushes(
                state.boxes, state.keeper, with_region=True, with_bound=True):
            yield action, _push_state((boxes, region, keeper)), 1, bound


class TieBreakSokobanProblem(SokobanProblem):
    """Fewest moves among the plans with at most ``push_limit`` pushes.

    Given the push optimum ``P`` (from a :class:`PushSokobanProblem` search), this problem's
    optimum is the fewest moves of a push-optimal plan: the exact tie-break of ``cost="pushes"``.
    States are :class:`TieBreakState` ``(boxes, pushes so far, keeper)``; a child is not
    generated when its pushes plus the keeper-aware matching bound on the pushes still needed
    exceed ``push_limit``. Step cost is walk + 1 as for ``cost="moves"``.
    """

    cost_model = "moves"

    def __init__(self, board: Board, push_limit: int, **options: Any) -> None:
        super().__init__(board, **options)
        self.push_limit = push_limit
        self._pushes_left = PushBound(board, "matching", keeper_aware=True)

    def initial(self) -> Any:
        return _tie_state((self.board.initial_boxes, 0, self.board.keeper))

    def successors(self, state: Any) -> Iterator[tuple[Action, Any, int]]:
        limit, left, pushes = self.push_limit, self._pushes_left.value, state.pushes + 1
        for action, boxes, keeper, walk, _region, _bound in self.generator.pushes(
                state.boxes, state.keeper):
            if pushes + left(boxes, keeper) <= limit:
                yield action, _tie_state((boxes, pushes, keeper)), walk + 1

    def successors_with_heuristic(self, state: Any, h: float) -> Iterator[tuple[Any, ...]]:
        h_of = self.heuristic
        for action, child, cost in self.successors(state):
            yield action, child, cost, h_of(child)


def make_problem(board: Board, cost: str = "moves", push_limit: int | None = None,
                 mode: str = "optimal", **options: Any) -> SokobanProblem:
    """The problem for ``board`` under cost model ``cost`` (``moves`` or ``pushes``).

    With ``push_limit`` (and ``cost="moves"``): fewest moves among plans with at most that many
    pushes (:class:`TieBreakSokobanProblem`). With ``mode="any"``: some plan, fast
    (:class:`~.anyplan.AnyPlanProblem`).
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (valid: {', '.join(MODES)})")
    if mode == "any":
        if push_limit is not None:
            raise ValueError("push_limit asks for an optimum: use mode='optimal'")
        from .anyplan import AnyPlanProblem  # it builds on the classes of this module

        return AnyPlanProblem(board, cost=cost, **options)
    if push_limit is not None:
        if cost != "moves":
            raise ValueError("push_limit bounds a moves search: use cost='moves'")
        return TieBreakSokobanProblem(board, push_limit, **options)
    if cost == "moves":
        return SokobanProblem(board, **options)
    if cost == "pushes":
        return PushSokobanProblem(board, **options)
    raise ValueError(f"unknown cost model {cost!r}")
