"""How one Rush Hour board's search states are laid out: int states and double-bitboard occupancy.

State encoding
--------------
A state is one ``int``: vehicle ``i``'s position (its column if horizontal, its row if vertical)
sits in bits ``i*B .. i*B+B-1``, where ``B`` is just wide enough for the largest position
(3 bits on a 6x6 board, so 13 vehicles fit in 39 bits). Everything that does not change --
orientation, length, fixed coordinate, walls -- lives on the layout. A move of vehicle ``i`` by
``delta`` cells is the addition ``state + (delta << i*B)``; the target is vehicle 0, so the goal
test is ``state & (2**B - 1) == M - length``.

Occupancy
---------
Occupancy is a *double bitboard*: bit ``r*M + c`` for cell ``(r, c)`` in row-major order and bit
``M*M + c*M + r`` for the same cell in column-major order, so the cells of any row *and* of any
column are ``M`` consecutive bits. It is rebuilt from a few lookups in tables that map the
positions of a group of vehicles (up to 9 bits of the state) to their cells
(:func:`group_tables`): O(vehicles / group size) per state.

:class:`BoardLayout` holds all of it for one board; :class:`~searchkit_rushhour.problem.RushHour`
is a ``BoardLayout`` with the Problem protocol on top, and :mod:`searchkit_rushhour.moves` builds
the move tables from it.

>>> from searchkit_rushhour.formats import parse_board
>>> layout = BoardLayout(parse_board("o" * 12 + "AAoBoo" + "oooBoo" + "o" * 12))
>>> start = layout.encode([0, 2])
>>> layout.positions(start), (layout.occupancy(start) & (1 << 36) - 1).bit_count()  # row-major
((0, 2), 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board, Vehicle

__all__ = ["GROUP_BITS", "BoardLayout", "GroupTables", "group_tables"]

#: Positions of several vehicles -> occupancy, in tables of at most ``2**GROUP_BITS`` entries.
GROUP_BITS = 9

#: ``(state shift, mask, table)`` per group of vehicles (see :func:`group_tables`).
GroupTables = tuple[tuple[int, int, tuple[int, ...]], ...]


def group_tables(per_vehicle: Sequence[Sequence[int]], bits: int, shifts: Sequence[int],
                 add: bool = False) -> GroupTables:
    """Tables mapping the positions of a group of vehicles (a slice of the state) to the OR (or,
    with ``add``, the sum) of ``per_vehicle[i][p]``, vehicle ``i`` at position ``p``: one
    ``(shift, mask, table)`` per group, ``value = table[(state >> shift) & mask]``. Indices
    holding an impossible position are filler, never looked up.

    >>> [(shift, mask, table)] = group_tables([[1, 2], [4, 8, 16]], bits=2, shifts=[0, 2])
    >>> state = 1 | 2 << 2  # vehicle 0 at position 1, vehicle 1 at position 2: 2 | 16
    >>> table[(state >> shift) & mask]
    18
    """
    per_group = max(1, GROUP_BITS // bits)
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
        groups.append((shifts[first], (1 << (bits * len(members))) - 1, tuple(table)))
    return tuple(groups)


class BoardLayout:
    """The int-state layout of ``board`` (see the module docstring).

    Attributes: ``board``, ``size`` (``M``), ``vehicles``, ``bits`` (``B``), ``pos_mask``
    (``2**B - 1``), ``shifts`` (each vehicle's first bit), ``goal_position`` (the target's
    position at the exit), ``walls_bb`` (the walls' occupancy), ``cells[i][p]`` (the occupancy of
    vehicle ``i`` at position ``p``) and ``groups`` (the occupancy tables of :func:`group_tables`).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        m = self.size = board.size
        vehicles = self.vehicles = board.vehicles
        self.bits = max(1, max(m - v.length for v in vehicles).bit_length())
        self.pos_mask = (1 << self.bits) - 1
        self.shifts = tuple(i * self.bits for i in range(len(vehicles)))
        self.goal_position = m - board.target.length
        self.walls_bb = 0
        for r, c in board.walls:
            self.walls_bb |= self.cell_bits(r, c)
        self.cells = tuple(
            tuple(self.vehicle_bits(v, p) for p in v.positions(m)) for v in vehicles)
        self.groups = group_tables(self.cells, self.bits, self.shifts)

    def cell_bits(self, r: int, c: int) -> int:
        """The two occupancy bits of cell ``(r, c)`` (row-major and column-major)."""
        m = self.size
        return (1 << (r * m + c)) | (1 << (m * m + c * m + r))

    def vehicle_bits(self, v: Vehicle, p: int) -> int:
        """The occupancy of vehicle ``v`` at position ``p``."""
        bits = 0
        for r, c in v.cells(p):
            bits |= self.cell_bits(r, c)
        return bits

    def line_shift(self, v: Vehicle) -> int:
        """Where the vehicle's row (or column) starts in the double bitboard."""
        m = self.size
        return v.row * m if v.horizontal else m * m + v.col * m

    def positions(self, state: int) -> tuple[int, ...]:
        """Each vehicle's position in ``state``."""
        pm = self.pos_mask
        return tuple((state >> s) & pm for s in self.shifts)

    def encode(self, positions: Sequence[int]) -> int:
        """The state with the given vehicle positions (inverse of :meth:`positions`)."""
        return sum(p << s for p, s in zip(positions, self.shifts))

    def occupancy(self, state: int) -> int:
        """The double bitboard of ``state`` (walls included); O(vehicles / group size)."""
        occ = self.walls_bb
        for shift, mask, table in self.groups:
            occ |= table[(state >> shift) & mask]
        return occ
