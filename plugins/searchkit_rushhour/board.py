"""The Rush Hour board model: vehicles, walls and their validation.

A :class:`Board` is an ``M x M`` parking lot holding :class:`Vehicle` objects (index 0 is the
target car, always horizontal) and walls (fixed 1x1 obstacles). It is the parsed, validated
description of an instance; the search states live in :mod:`searchkit_rushhour.layout`.

Coordinates are ``(row, col)`` from the top-left corner, both 0-based. A vehicle's *position* is
the coordinate that changes when it moves: its column if it is horizontal, its row if vertical.

>>> b = Board(6, [Vehicle(2, 0, 2, True, "A"), Vehicle(0, 2, 3, False, "B")])
>>> b.target.cells()
[(2, 0), (2, 1)]
>>> b.vehicles[1].position, b.vehicles[1].positions(6)
(0, range(0, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from searchkit import PuzzleFormatError
from searchkit.errors import excerpt

__all__ = ["MAX_SIZE", "STANDARD_LENGTHS", "Board", "Vehicle", "check_size"]

#: Vehicle lengths of the physical game: cars (2) and trucks (3).
STANDARD_LENGTHS = (2, 3)
#: The largest board (16 x 16; the game is 6 x 6, its largest variants 8 x 8): the heuristic's
#: tables grow fast with the number of vehicles, which a larger board holds by the hundred.
MAX_SIZE = 16


def check_size(size: int, line: int | None = None) -> None:
    """Raise :class:`~searchkit.PuzzleFormatError` unless ``2 <= size <= MAX_SIZE``."""
    if not 2 <= size <= MAX_SIZE:
        raise PuzzleFormatError(f"the board's side is {excerpt(size, 8)}: it must be 2 to "
                                f"{MAX_SIZE} ({MAX_SIZE}x{MAX_SIZE} at most)", line)


@dataclass(frozen=True)
class Vehicle:
    """One vehicle: top-left cell ``(row, col)``, ``length``, orientation and display ``label``.

    ``line`` is the 1-based line of the text that described it, for error messages (or ``None``).
    """

    row: int
    col: int
    length: int
    horizontal: bool
    label: str
    line: int | None = None

    @property
    def position(self) -> int:
        """The coordinate along the vehicle's axis (column if horizontal, row if vertical)."""
        return self.col if self.horizontal else self.row

    @property
    def fixed(self) -> int:
        """The coordinate across the vehicle's axis (its row if horizontal, column if vertical)."""
        return self.row if self.horizontal else self.col

    def positions(self, size: int) -> range:
        """Every position the vehicle could take on an empty ``size x size`` board."""
        return range(size - self.length + 1)

    def cells(self, position: int | None = None) -> list[tuple[int, int]]:
        """The cells covered at ``position`` (default: the current one), in axis order."""
        p = self.position if position is None else position
        if self.horizontal:
            return [(self.row, p + k) for k in range(self.length)]
        return [(p + k, self.col) for k in range(self.length)]


class Board:
    """A validated ``size x size`` board: ``vehicles`` (index 0 = target) and ``walls``.

    ``glyphs`` are the one-character-per-vehicle names used by :meth:`picture` (default: the
    labels); the reference TD draws its target ``G`` while naming it ``0`` in moves.

    Raises :class:`~searchkit.PuzzleFormatError` (naming the vehicle's line when known) for a
    size outside ``2 .. MAX_SIZE``, a vehicle off the board, overlapping another vehicle or a
    wall, a length outside ``lengths`` (``None`` allows any length from 1 to ``size``), a
    target that is not horizontal, or a board without vehicles.
    """

    def __init__(
        self,
        size: int,
        vehicles: Sequence[Vehicle],
        walls: Iterable[tuple[int, int]] = (),
        *,
        lengths: Sequence[int] | None = STANDARD_LENGTHS,
        glyphs: Sequence[str] | None = None,
    ) -> None:
        check_size(size)
        if not vehicles:
            raise PuzzleFormatError("the board holds no vehicle (the target car is missing)")
        self.size = size
        self.vehicles = tuple(vehicles)
        self.walls = frozenset(walls)
        self.glyphs = tuple(glyphs) if glyphs is not None else tuple(v.label for v in vehicles)
        self._validate(lengths)

    @property
    def target(self) -> Vehicle:
        """The target car (vehicle 0)."""
        return self.vehicles[0]

    def _validate(self, lengths: Sequence[int] | None) -> None:
        m = self.size
        for r, c in self.walls:
            if not (0 <= r < m and 0 <= c < m):
                raise PuzzleFormatError(f"wall at ({excerpt(r, 8)}, {excerpt(c, 8)}) is off the "
                                        f"{m}x{m} board")
        owner: dict[tuple[int, int], str] = {cell: "a wall" for cell in self.walls}
        for v in self.vehicles:
            if lengths is not None and v.length not in lengths:
                allowed = " or ".join(str(n) for n in lengths)
                raise PuzzleFormatError(
                    f"vehicle {v.label!r} has length {excerpt(v.length, 8)}; lengths must be "
                    f"{allowed} (option lengths='any' allows others)", v.line)
            if not 1 <= v.length <= m:
                raise PuzzleFormatError(
                    f"vehicle {v.label!r} has length {excerpt(v.length, 8)}, not between 1 and "
                    f"{m}", v.line)
            for r, c in v.cells():
                if not (0 <= r < m and 0 <= c < m):
                    raise PuzzleFormatError(
                        f"vehicle {v.label!r} at ({excerpt(v.row, 8)}, {excerpt(v.col, 8)}) "
                        f"runs off the {m}x{m} board", v.line)
                if (r, c) in owner:
                    raise PuzzleFormatError(
                        f"vehicle {v.label!r} overlaps {owner[(r, c)]} at ({r}, {c})", v.line)
                owner[(r, c)] = f"vehicle {v.label!r}"
        if not self.target.horizontal:
            raise PuzzleFormatError(
                f"the target car {self.target.label!r} must be horizontal", self.target.line)

    def picture(self, positions: Sequence[int] | None = None) -> str:
        """The board drawn like the reference TD, with the exit on the target's row.

        ``positions`` gives each vehicle's position (default: the board's own).

        >>> print(Board(3, [Vehicle(1, 0, 2, True, "A")], walls=[(0, 2)]).picture())
            0 1 2
          +-------+
        0 | . . x |
        1 | A A . | --> exit
        2 | . . . |
          +-------+
        """
        m = self.size
        width = max(1, max(len(g) for g in self.glyphs))
        grid = [["." for _ in range(m)] for _ in range(m)]
        for r, c in self.walls:
            grid[r][c] = "x"
        for i, v in enumerate(self.vehicles):
            p = v.position if positions is None else positions[i]
            for r, c in v.cells(p):
                grid[r][c] = self.glyphs[i]
        margin = len(str(m - 1))
        head = " " * (margin + 3) + " ".join(str(j).rjust(width) for j in range(m))
        rule = " " * (margin + 1) + "+" + "-" * ((width + 1) * m + 1) + "+"
        lines = [head.rstrip(), rule]
        for r in range(m):
            row = " ".join(cell.rjust(width) for cell in grid[r])
            exit_mark = " --> exit" if r == self.target.row else ""
            lines.append(f"{str(r).rjust(margin)} | {row} |{exit_mark}")
        lines.append(rule)
        return "\n".join(lines)
