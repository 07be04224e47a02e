"""Levels drawn from a list of floor cells: what the hypothesis strategies of hand-shaped
levels (rooms joined by passages) share."""

from __future__ import annotations

from collections.abc import Sequence

Cell = tuple[int, int]


def level_text(width: int, floor: Sequence[Cell], boxes: Sequence[Cell], goals: Sequence[Cell],
               keepers: Sequence[Cell]) -> str:
    """The level whose floor is ``floor`` ((row, column) cells, walls everywhere else, ``width``
    columns, one row of wall below the lowest floor row), with a box on each of ``boxes``, a goal
    on each of ``goals``, and the keeper on the first of ``keepers`` that holds no box.

    >>> print(level_text(5, [(1, 1), (1, 2), (1, 3)], [(1, 2)], [(1, 3)], [(1, 2), (1, 1)]))
    #####
    #@$.#
    #####
    """
    grid = [["#"] * width for _ in range(max(r for r, _ in floor) + 2)]
    for r, c in floor:
        grid[r][c] = " "
    for r, c in boxes:
        grid[r][c] = "$"
    for r, c in goals:
        grid[r][c] = "*" if grid[r][c] == "$" else "."
    r, c = next(cell for cell in keepers if grid[cell[0]][cell[1]] in " .")
    grid[r][c] = "+" if grid[r][c] == "." else "@"
    return "\n".join("".join(line) for line in grid)
