"""Rush Hour move generation: per-line move tables and the compiled successor functions.

For each vehicle and position, a table (a list of ``2**M`` slots up to 10x10, a dict above) maps
the occupancy of its row (or column) to the tuple of its legal moves -- computed on first use,
once per distinct line (:meth:`MoveTables.fill`). A successor function rebuilds the occupancy of
a state from the layout's group tables, then reads one table entry per vehicle: expanding a state
costs O(groups + vehicles + successors) Python operations.

Moves are generated vehicle by vehicle (index order), backwards then forwards, nearest first,
as in the reference TD. A move is stored as ``(action, state_delta, cost, crossing_delta)``: the
child is ``state + state_delta`` (see :mod:`searchkit_rushhour.layout`), and ``crossing_delta``
(-1, 0 or 1) is the change in whether the vehicle crosses the target's row, which updates the
``blockers`` heuristic in O(1) (:meth:`MoveTables.successors_with_blockers`).

>>> from searchkit_rushhour.formats import parse_board
>>> from searchkit_rushhour.layout import BoardLayout
>>> layout = BoardLayout(parse_board("o" * 12 + "AAoooo" + "o" * 18))
>>> successors = MoveTables(layout, lambda length, cells: 1, lambda i, d: (i, d)).successors()
>>> [(action, layout.positions(child)) for action, child, _cost in successors(layout.encode([0]))]
[((0, 1), (1,)), ((0, 2), (2,)), ((0, 3), (3,)), ((0, 4), (4,))]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .layout import BoardLayout

__all__ = ["LIST_LINES", "Action", "MoveTables"]

Action = tuple[int, int]  # (vehicle index, signed number of cells)

#: Boards up to this side index moves by line occupancy in lists of ``2**M`` slots; larger ones
#: in dicts of the lines met (a list per vehicle and position would be too large).
LIST_LINES = 10


class _SparseLines(dict):  # type: ignore[type-arg]
    """Line occupancy -> moves for boards above :data:`LIST_LINES` (``None`` until computed)."""

    __slots__ = ()

    def __missing__(self, line: int) -> None:
        return None


class MoveTables:
    """The move tables of ``layout``'s board.

    ``step(length, cells)`` is the cost of sliding a vehicle of ``length`` by ``cells`` cells (a
    cost model); ``action(vehicle, delta)`` makes the action object of a move (the problem shares
    one object per move).

    ``vehicles`` holds, per vehicle: its index, its state shift, its line shift, its move tables
    per position (line occupancy -> moves, ``None`` until :meth:`fill` computes them) and the
    largest target position for which the vehicle is in front of the target (-1: never, if
    horizontal).
    """

    def __init__(self, layout: BoardLayout, step: Callable[[int, int], int],
                 action: Callable[[int, int], Action]) -> None:
        self.layout, self.step, self.action = layout, step, action
        m, target = layout.size, layout.board.target
        self.vehicles = tuple(
            (i, layout.shifts[i], layout.line_shift(v),
             tuple([None] * (1 << m) if m <= LIST_LINES else _SparseLines()
                   for _ in v.positions(m)),
             -1 if v.horizontal else v.col - target.length)
            for i, v in enumerate(layout.vehicles))

    def fill(self, i: int, p: int, line: int) -> tuple[tuple[Action, int, int, int], ...]:
        """The moves of vehicle ``i`` from position ``p`` when its row (or column) has occupancy
        ``line``, stored in its table: ``(action, state_delta, cost, crossing_delta)``, where
        ``crossing_delta`` is the change (-1, 0, 1) in whether the vehicle crosses the target's
        row (always 0 for horizontal vehicles). Backwards then forwards, nearest first."""
        layout = self.layout
        v = layout.vehicles[i]
        row = layout.board.target.row
        found = []
        q = p - 1
        while q >= 0 and not line >> q & 1:  # backwards: the new head cell must be free
            found.append(q)
            q -= 1
        q = p + 1
        while q <= layout.size - v.length and not line >> (q + v.length - 1) & 1:  # new tail cell
            found.append(q)
            q += 1

        def crosses(x: int) -> int:
            return int(not v.horizontal and x <= row < x + v.length)

        moves = tuple((self.action(i, q - p), (q - p) << layout.shifts[i],
                       self.step(v.length, abs(q - p)), crosses(q) - crosses(p)) for q in found)
        self.vehicles[i][3][p][line] = moves
        return moves

    def successors(self) -> Callable[[int], list[tuple[Action, int, int]]]:
        """The board's ``successors(state)`` function."""
        layout = self.layout
        walls, groups, vehicles, fill = layout.walls_bb, layout.groups, self.vehicles, self.fill
        pm, full = layout.pos_mask, (1 << layout.size) - 1

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

    def successors_with_blockers(self) -> Callable[[int, float], list[tuple[Any, ...]]]:
        """The board's ``successors_with_heuristic(state, h)`` for the ``blockers`` heuristic.

        Kept apart from :meth:`successors` (one loop each, no test per move of which is wanted):
        these are the two hottest functions of a Rush Hour search.
        """
        layout = self.layout
        walls, groups, vehicles, fill = layout.walls_bb, layout.groups, self.vehicles, self.fill
        pm, full = layout.pos_mask, (1 << layout.size) - 1

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
