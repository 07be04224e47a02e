"""Rush Hour as a :class:`~searchkit.Problem` with compact integer states.

State encoding
--------------
A state is one ``int``: vehicle ``i``'s position (its column if horizontal, its row if vertical)
sits in bits ``i*B .. i*B+B-1``, where ``B`` is just wide enough for the largest position
(3 bits on a 6x6 board, so 13 vehicles fit in 39 bits). Everything that does not change --
orientation, length, fixed coordinate, walls -- lives on the problem. A move of vehicle ``i`` by
``delta`` cells is the addition ``state + (delta << i*B)``; the target is vehicle 0, so the goal
test is ``state & (2**B - 1) == M - length``.

Move generation
---------------
Occupancy is a *double bitboard*: bit ``r*M + c`` for cell ``(r, c)`` in row-major order and bit
``M*M + c*M + r`` for the same cell in column-major order, so the cells of any row *and* of any
column are ``M`` consecutive bits. It is rebuilt per expansion from a few lookups in tables that
map the positions of a group of vehicles (up to 9 bits of the state) to their cells. For each
vehicle and position, a table (a list of ``2**M`` slots up to 10x10, a dict above) maps the
occupancy of its row (or column) to the tuple of its legal moves -- computed on first use, once
per distinct line. Expanding a state therefore costs O(groups + vehicles + successors) Python
operations.

Moves are generated vehicle by vehicle (index order), backwards then forwards, nearest first,
as in the reference TD. Actions are ``(vehicle, delta)`` tuples printed ``B-1`` / ``A+3`` with the
vehicle's label (:meth:`RushHour.format_action`).

Cost models: ``moves`` (1 per slide), ``cells`` (cells slid), ``length-cells`` (vehicle length x
cells slid). Every move is reversible at the same cost, which gives ``predecessors``.

>>> from searchkit_rushhour.formats import parse_board
>>> p = RushHour(parse_board("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"))  # 60 moves; one legal move
>>> [p.format_action(a) for a, _, _ in p.successors(p.initial())]
['M-1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from searchkit import IncompatibleError, ProblemBase

from .board import Board
from .heuristics import HEURISTICS, make_heuristic, unsolvable_reason

__all__ = ["COST_MODELS", "MAX_GOAL_STATES", "Action", "RushHour"]

#: Cost models: name -> cost of sliding a vehicle of length ``length`` by ``cells`` cells.
COST_MODELS: dict[str, Callable[[int, int], int]] = {
    "moves": lambda length, cells: 1,
    "cells": lambda length, cells: cells,
    "length-cells": lambda length, cells: length * cells,
}

Action = tuple[int, int]  # (vehicle index, signed number of cells)

#: The most goal placements :meth:`RushHour.goal_states` enumerates (for ``bibfs``).
MAX_GOAL_STATES = 1_000_000

_GROUP_BITS = 9  # positions of several vehicles -> occupancy, in tables of at most 2**9 entries


_LIST_LINES = 10  # boards up to 10x10 index moves by line occupancy in lists of 2**M slots


class _SparseLines(dict):
    """Line occupancy -> moves for boards above 10x10 (``None`` until computed), where lists of
    ``2**M`` slots per vehicle and position would be too large."""

    __slots__ = ()

    def __missing__(self, line: int) -> None:
        return None


class RushHour(ProblemBase):
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

    States are ints (see the module docstring); keys are the states themselves.
    ``successors`` is a closure built per board over the precomputed tables; with the
    ``blockers`` heuristic the instance also has ``successors_with_heuristic``, which updates
    the count in O(1) per move (the other heuristics are not incremental and do without).
    """

    def __init__(self, board: Board, cost: str = "moves", heuristic: str = "blockers") -> None:
        if cost not in COST_MODELS:
            raise ValueError(f"unknown cost model {cost!r} (valid: {', '.join(COST_MODELS)})")
        if heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {heuristic!r} (valid: {', '.join(HEURISTICS)})")
        self.board = board
        self.cost = cost
        self.heuristic_name = heuristic
        m = self.size = board.size
        vehicles = self.vehicles = board.vehicles
        self.bits = max(1, max(m - v.length for v in vehicles).bit_length())
        self.pos_mask = (1 << self.bits) - 1
        self.shifts = tuple(i * self.bits for i in range(len(vehicles)))
        self.goal_position = m - board.target.length
        self.walls_bb = 0
        for r, c in board.walls:
            self.walls_bb |= self.cell_bits(r, c)
        # cells[i][p]: double-bitboard of vehicle i at position p
        self.cells = tuple(
            tuple(self._vehicle_bits(v, p) for p in v.positions(m)) for v in vehicles)
        self._groups = self._group_tables(self.cells)
        self._actions = {}  # (i, delta) -> the shared action tuple
        self._step = COST_MODELS[cost]
        # per vehicle: index, state shift, line shift, move tables per position (line occupancy
        # -> moves, filled on first use by _fill), and the largest target position for which the
        # vehicle is in front of the target (-1: never, if horizontal)
        self._moves = tuple(
            (i, self.shifts[i], self._line_shift(v),
             tuple([None] * (1 << m) if m <= _LIST_LINES else _SparseLines()
                   for _ in v.positions(m)),
             -1 if v.horizontal else v.col - board.target.length)
            for i, v in enumerate(vehicles))
        self._hash_groups: tuple[tuple[int, int, tuple[int, ...]], ...] | None = None
        self.successors = self._compile_successors()  # type: ignore[method-assign]
        if heuristic == "blockers":  # the one heuristic that updates in O(1) per move
            self.successors_with_heuristic = self._compile_blocker_updates()
        self._heuristic: Callable[[int], float] = self._build_heuristic  # tables on first use
        self._start = sum(v.position << s for v, s in zip(vehicles, self.shifts))

    # -- geometry -----------------------------------------------------------------------------
    def cell_bits(self, r: int, c: int) -> int:
        """The two occupancy bits of cell ``(r, c)`` (row-major and column-major)."""
        m = self.size
        return (1 << (r * m + c)) | (1 << (m * m + c * m + r))

    def _vehicle_bits(self, v: Any, p: int) -> int:
        bits = 0
        for r, c in v.cells(p):
            bits |= self.cell_bits(r, c)
        return bits

    def _line_shift(self, v: Any) -> int:
        """Where the vehicle's row (or column) starts in the double bitboard."""
        m = self.size
        return v.row * m if v.horizontal else m * m + v.col * m

    def _vehicle_hash(self, v: Any, p: int) -> int:
        d = 1 if v.horizontal else 2
        m = self.size
        return sum(d * 3 ** (r * m + c) for r, c in v.cells(p))

    def _group_tables(self, per_vehicle: tuple[tuple[int, ...], ...],
                      add: bool = False) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Tables mapping the positions of a group of vehicles (a slice of the state) to the OR
        (or sum) of ``per_vehicle[i][p]``: ``(shift, mask, table)`` per group. Indices holding
        an impossible position are filler, never looked up."""
        bits = self.bits
        per_group = max(1, _GROUP_BITS // bits)
        groups = []
        for first in range(0, len(per_vehicle), per_group):
            table = [0]
            members = per_vehicle[first:first + per_group]
            for k, values in enumerate(members):
                grown = [0] * (1 << ((k + 1) * bits))
                for p, value in enumerate(values):
                    start = p << (k * bits)
                    grown[start:start + len(table)] = (
                        [x + value for x in table] if add else [x | value for x in table])
                table = grown
            groups.append((self.shifts[first], (1 << (bits * len(members))) - 1, tuple(table)))
        return tuple(groups)

    def _fill(self, i: int, p: int, line: int) -> tuple[tuple[Action, int, int, int], ...]:
        """The moves of vehicle ``i`` from position ``p`` when its row (or column) has occupancy
        ``line``, stored in its table: ``(action, state_delta, cost, crossing_delta)``, where
        ``crossing_delta`` is the change (-1, 0, 1) in whether the vehicle crosses the target's
        row (always 0 for horizontal vehicles). Backwards then forwards, nearest first."""
        v = self.vehicles[i]
        row = self.board.target.row
        found = []
        q = p - 1
        while q >= 0 and not line >> q & 1:  # backwards: the new head cell must be free
            found.append(q)
            q -= 1
        q = p + 1
        while q <= self.size - v.length and not line >> (q + v.length - 1) & 1:  # new tail cell
            found.append(q)
            q += 1

        def crosses(x: int) -> int:
            return int(not v.horizontal and x <= row < x + v.length)

        moves = tuple((self.action(i, q - p), (q - p) << self.shifts[i],
                       self._step(v.length, abs(q - p)), crosses(q) - crosses(p)) for q in found)
        self._moves[i][3][p][line] = moves
        return moves

    def action(self, vehicle: int, delta: int) -> Action:
        """The (shared) action object sliding ``vehicle`` by ``delta`` cells."""
        return self._actions.setdefault((vehicle, delta), (vehicle, delta))

    # -- state access -------------------------------------------------------------------------
    def positions(self, state: int) -> tuple[int, ...]:
        """Each vehicle's position in ``state``.

        >>> from searchkit_rushhour.formats import parse_board
        >>> p = RushHour(parse_board("o" * 12 + "AAoBoo" + "oooBoo" + "o" * 12))
        >>> p.positions(p.initial())
        (0, 2)
        """
        pm = self.pos_mask
        return tuple((state >> s) & pm for s in self.shifts)

    def encode(self, positions: tuple[int, ...] | list[int]) -> int:
        """The state with the given vehicle positions (inverse of :meth:`positions`)."""
        return sum(p << s for p, s in zip(positions, self.shifts))

    def occupancy(self, state: int) -> int:
        """The double bitboard of ``state`` (walls included); O(vehicles / group size)."""
        occ = self.walls_bb
        for shift, mask, table in self._groups:
            occ |= table[(state >> shift) & mask]
        return occ

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

    def _compile_successors(self) -> Callable[[int], list[tuple[Action, int, int]]]:
        walls, groups, vehicles, fill = self.walls_bb, self._groups, self._moves, self._fill
        pm, full = self.pos_mask, (1 << self.size) - 1

        def successors(state: int) -> list[tuple[Action, int, int]]:
            """``(action, next_state, cost)`` for every legal move, in the TD's order."""
            occ = walls
            for shift, mask, table in groups:
                occ |= table[(state >> shift) & mask]
            out = []
            append = out.append
            for i, shift, line_shift, tables, _front in vehicles:
                p = (state >> shift) & pm
                line = (occ >> line_shift) & full
                moves = tables[p][line]
                if moves is None:
                    moves = fill(i, p, line)
                for action, delta, cost, _ in moves:
                    append((action, state + delta, cost))
            return out

        return successors

    def _compile_blocker_updates(self) -> Callable[[int, float], list[tuple[Any, ...]]]:
        walls, groups, vehicles, fill = self.walls_bb, self._groups, self._moves, self._fill
        pm, full = self.pos_mask, (1 << self.size) - 1

        def successors_with_heuristic(state: int, h: float) -> list[tuple[Any, ...]]:
            """Successors with the ``blockers`` value of each child, updated in O(1): only a
            vertical vehicle in front of the target entering or leaving its row changes the
            count (the target itself only moves through free cells)."""
            occ = walls
            for shift, mask, table in groups:
                occ |= table[(state >> shift) & mask]
            target = state & pm
            out = []
            append = out.append
            for i, shift, line_shift, tables, front in vehicles:
                p = (state >> shift) & pm
                line = (occ >> line_shift) & full
                moves = tables[p][line]
                if moves is None:
                    moves = fill(i, p, line)
                if target <= front:
                    for action, delta, cost, crossing in moves:
                        append((action, state + delta, cost, h + crossing))
                else:
                    for action, delta, cost, _ in moves:
                        append((action, state + delta, cost, h))
            return out

        return successors_with_heuristic

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
            groups = self._hash_groups = self._group_tables(tuple(
                tuple(self._vehicle_hash(v, p) for p in v.positions(self.size))
                for v in self.vehicles), add=True)
        h = 0
        for shift, mask, table in groups:
            h += table[(state >> shift) & mask]
        return h

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
            if label and number.isdigit():
                for i, v in enumerate(self.vehicles):
                    if v.label == label:
                        return self.action(i, int(sign + number))
        raise ValueError(f"not a move of this board: {text!r} (expected e.g. "
                         f"'{self.vehicles[0].label}+1')")

    def __repr__(self) -> str:
        return (f"RushHour({self.size}x{self.size}, {len(self.vehicles)} vehicles, "
                f"cost={self.cost}, heuristic={self.heuristic_name})")
