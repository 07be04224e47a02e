"""Rush Hour as a :class:`~searchkit.Problem` with compact integer states.

A :class:`RushHour` is a :class:`~searchkit_rushhour.layout.BoardLayout` (states are ints, one
bit field per vehicle; occupancy is a double bitboard) with the Problem protocol on top: its
``successors`` are compiled per board over the move tables of :mod:`searchkit_rushhour.moves`,
its heuristics come from :mod:`searchkit_rushhour.heuristics`.

Actions are ``(vehicle, delta)`` tuples printed ``B-1`` / ``A+3`` with the vehicle's label
(:meth:`RushHour.format_action`), generated vehicle by vehicle, backwards then forwards, nearest
first, as in the reference TD.

Cost models: ``moves`` (1 per slide), ``cells`` (cells slid), ``length-cells`` (vehicle length x
cells slid). Every move is reversible at the same cost, which gives ``predecessors``.

>>> from searchkit_rushhour.formats import parse_board
>>> p = RushHour(parse_board("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"))  # 60 moves; one legal move
>>> [p.format_action(a) for a, _, _ in p.successors(p.initial())]
['M-1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from searchkit import IncompatibleError, ProblemBase

from .board import Board, Vehicle
from .formats import is_count
from .heuristics import HEURISTICS, make_heuristic, unsolvable_reason
from .layout import BoardLayout, GroupTables, group_tables
from .moves import Action, MoveTables

__all__ = ["COST_MODELS", "MAX_GOAL_STATES", "Action", "RushHour"]

#: Cost models: name -> cost of sliding a vehicle of length ``length`` by ``cells`` cells.
COST_MODELS: dict[str, Callable[[int, int], int]] = {
    "moves": lambda length, cells: 1,
    "cells": lambda length, cells: cells,
    "length-cells": lambda length, cells: length * cells,
}

#: The most goal placements :meth:`RushHour.goal_states` enumerates (for ``bibfs``).
MAX_GOAL_STATES = 1_000_000


class RushHour(BoardLayout, ProblemBase):
    """A Rush Hour instance: move vehicle 0 to the right edge of its row.

    Parameters
    ----------
    board:
        The validated :class:`~searchkit_rushhour.board.Board`.
    cost:
        ``"moves"``, ``"cells"`` or ``"length-cells"`` (see :data:`COST_MODELS`).
    heuristic:
        ``"zero"``, ``"blockers"`` or ``"blocked-blockers"`` (see
        :mod:`searchkit_rushhour.heuristics`); each is admissible for every cost model.

    States are ints laid out by :class:`~searchkit_rushhour.layout.BoardLayout` (its
    ``positions``, ``encode`` and ``occupancy`` read them); keys are the states themselves.
    ``successors`` is a closure built per board over the move tables; with the ``blockers``
    heuristic the instance also has ``successors_with_heuristic``, which updates the count in
    O(1) per move (the other heuristics are not incremental and do without).

    >>> from searchkit_rushhour.formats import parse_board
    >>> p = RushHour(parse_board("o" * 12 + "AAoBoo" + "oooBoo" + "o" * 12))
    >>> p.positions(p.initial()), [p.format_action(a) for a, _, _ in p.successors(p.initial())]
    ((0, 2), ['A+1', 'B-1', 'B-2', 'B+1', 'B+2'])
    """

    def __init__(self, board: Board, cost: str = "moves", heuristic: str = "blockers") -> None:
        if cost not in COST_MODELS:
            raise ValueError(f"unknown cost model {cost!r} (valid: {', '.join(COST_MODELS)})")
        if heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {heuristic!r} (valid: {', '.join(HEURISTICS)})")
        super().__init__(board)
        self.cost = cost
        self.heuristic_name = heuristic
        self._actions: dict[Action, Action] = {}  # (i, delta) -> the shared action tuple
        self._hash_groups: GroupTables | None = None
        moves = MoveTables(self, COST_MODELS[cost], self.action)
        self.successors = moves.successors()  # type: ignore[method-assign]
        if heuristic == "blockers":  # the one heuristic that updates in O(1) per move
            self.successors_with_heuristic = moves.successors_with_blockers()
        self._heuristic: Callable[[int], float] = self._build_heuristic  # tables on first use
        self._start = self.encode([v.position for v in self.vehicles])

    def action(self, vehicle: int, delta: int) -> Action:
        """The (shared) action object sliding ``vehicle`` by ``delta`` cells."""
        return self._actions.setdefault((vehicle, delta), (vehicle, delta))

    # -- the Problem protocol -----------------------------------------------------------------
    def initial(self) -> int:
        return self._start

    def heuristic(self, state: int) -> float:
        """The chosen heuristic (admissible for the chosen cost model); ``inf`` at a dead end."""
        return self._heuristic(state)

    def _build_heuristic(self, state: int) -> float:
        """Build the heuristic's tables (skipped by searches that never call it), then use it."""
        self._heuristic = make_heuristic(self, self.heuristic_name)
        return self._heuristic(state)

    def is_goal(self, state: int) -> bool:
        return state & self.pos_mask == self.goal_position

    def predecessors(self, state: int) -> Iterator[tuple[Action, int, int]]:
        """Moves are reversible at the same cost: ``(action, previous, cost)`` where ``action``
        leads from ``previous`` back to ``state``."""
        for (vehicle, delta), previous, cost in self.successors(state):
            yield self.action(vehicle, -delta), previous, cost

    def goal_states(self) -> list[int]:
        """Every placement of the vehicles with the target at the exit (connected to the start
        or not), by backtracking over vehicles with occupancy pruning.

        A superset of the goals reachable from the start is what bidirectional search needs:
        goals in other components never meet the forward search. Their number grows with the
        board's freedom (hundreds to tens of thousands on database boards); beyond
        :data:`MAX_GOAL_STATES` the enumeration stops with :class:`~searchkit.IncompatibleError`
        (use ``bfs`` on such boards).
        """
        pm = self.pos_mask
        found: list[int] = []
        order = list(range(1, len(self.vehicles)))
        cells = self.cells

        def place(k: int, state: int, occ: int) -> None:
            if k == len(order):
                found.append(state)
                if len(found) > MAX_GOAL_STATES:
                    raise IncompatibleError(
                        f"this board has more than {MAX_GOAL_STATES:,} goal placements, too many "
                        "for bidirectional search to start from; use bfs")
                return
            i = order[k]
            for p, bits in enumerate(cells[i]):
                if not occ & bits:
                    place(k + 1, state | p << self.shifts[i], occ | bits)

        target_bits = cells[0][self.goal_position]
        if not self.walls_bb & target_bits:
            place(0, self.goal_position & pm, self.walls_bb | target_bits)
        return found

    def key_hash(self, state: int) -> int:
        """The reference TD's hash: sum over cells of ``d(i, j) * 3**(i*M + j)`` with ``d`` = 0
        for an empty cell (or a wall), 1 for a horizontal vehicle, 2 for a vertical one.

        Injective on the states reachable from one start (vehicles keep their lines and order),
        and its residues modulo a power of two depend on every cell (see docs/puzzles/rushhour.md).
        """
        groups = self._hash_groups
        if groups is None:  # built on first use: only visited="hashtable" needs it
            groups = self._hash_groups = group_tables(tuple(
                tuple(self._vehicle_hash(v, p) for p in v.positions(self.size))
                for v in self.vehicles), self.bits, self.shifts, add=True)
        h = 0
        for shift, mask, table in groups:
            h += table[(state >> shift) & mask]
        return h

    def _vehicle_hash(self, v: Vehicle, p: int) -> int:
        d = 1 if v.horizontal else 2
        m = self.size
        return sum(d * 3 ** (r * m + c) for r, c in v.cells(p))

    def unsolvable_reason(self) -> str | None:
        return unsolvable_reason(self)

    def render(self, state: int) -> str:
        return self.board.picture(self.positions(state))

    def render_svg(self, state: int) -> str:
        """The parking lot as SVG (see :mod:`searchkit_rushhour.svg`)."""
        from .svg import render
        return render(self, state)

    def format_action(self, action: Action) -> str:
        vehicle, delta = action
        return f"{self.vehicles[vehicle].label}{delta:+d}"

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``"B-1"``, ``"0+3"``); the inverse of format_action.

        >>> from searchkit_rushhour.formats import parse_board
        >>> p = RushHour(parse_board("o" * 12 + "AAoooo" + "o" * 18))
        >>> p.parse_action("A+4")
        (0, 4)
        """
        for sign in "+-":
            label, _, number = text.strip().rpartition(sign)
            if label and is_count(number):
                for i, v in enumerate(self.vehicles):
                    if v.label == label:
                        return self.action(i, int(sign + number))
        raise ValueError(f"not a move of this board: {text!r} (expected e.g. "
                         f"'{self.vehicles[0].label}+1')")

    def __repr__(self) -> str:
        return (f"RushHour({self.size}x{self.size}, {len(self.vehicles)} vehicles, "
                f"cost={self.cost}, heuristic={self.heuristic_name})")
