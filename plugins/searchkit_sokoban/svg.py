"""A Sokoban position as SVG: walls, floor and goals, the boxes (a box on a goal in another
colour) and the keeper.

One top-level element for the level (walls, floor, goals and the boxes sealed off from the
keeper: scenery on goals, or boxes off goals in a level that cannot be solved), then one element
per box (``<rect data-box="on-goal|off-goal">`` at its cell) and the keeper (``<circle
data-keeper="">``): a push changes two or three elements.

>>> from .board import Board
>>> from .levels import split_levels
>>> b = Board(split_levels("#####\\n#@$.#\\n#####")[0])
>>> svg = render(b, b.initial_boxes, b.keeper)
>>> svg.count("data-box="), svg.count("data-keeper=")
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from searchkit.visual.svg import document, tag

__all__ = ["render"]

CELL = 32  # side of a cell, in SVG units

WALL, WALL_EDGE, FLOOR, GOAL = "#7f5539", "#5e3c22", "#ede0d4", "#e63946"
BOX, BOX_EDGE, BOX_HOME, BOX_HOME_EDGE = "#dda15e", "#99582a", "#52b788", "#2d6a4f"
KEEPER, KEEPER_EDGE = "#1d4ed8", "#1e3a8a"


def render(board: Any, boxes: Iterable[int], keeper: int) -> str:
    """The level of the :class:`~searchkit_sokoban.board.Board` ``board`` with ``boxes`` (cell
    numbers) and the keeper on ``keeper``."""
    width, height = board.cols * CELL, board.rows * CELL
    body = [_level(board)]
    for cell in sorted(boxes):
        body.append(_box(board, cell))
    x, y = _corner(board, keeper)
    body.append(tag("circle", cx=x + CELL / 2, cy=y + CELL / 2, r=CELL * 0.32, fill=KEEPER,
                    stroke=KEEPER_EDGE, stroke_width=2, data_keeper=""))
    return document(width, height, body)


def _corner(board: Any, cell: int) -> tuple[int, int]:
    r, c = board.row_col(cell)
    return c * CELL, r * CELL


def _box(board: Any, cell: int) -> str:
    x, y = _corner(board, cell)
    home = bool(board.is_goal[cell]) or cell in board.scenery
    return tag("rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, rx=4,
               fill=BOX_HOME if home else BOX, stroke=BOX_HOME_EDGE if home else BOX_EDGE,
               stroke_width=3, data_box="on-goal" if home else "off-goal")


def _level(board: Any) -> str:
    """Everything that never moves: walls, reachable floor, goals, and the sealed-off boxes."""
    sealed_boxes = board.scenery | board.stray_boxes
    sealed_goals = board.scenery | board.stray_goals
    walls, floor, goals = [], [], []
    for r in range(board.rows):
        wall_row, floor_row = [], []
        for c in range(board.row_lengths[r]):
            cell = board.cell(r, c)
            if cell in board.static_walls:
                wall_row.append(c)
            elif board.is_floor[cell] or cell in sealed_boxes or cell in sealed_goals:
                floor_row.append(c)
            if board.is_goal[cell] or cell in sealed_goals:
                x, y = c * CELL + CELL // 2, r * CELL + CELL // 2
                goals.append(f"M{x} {y - 7}l7 7l-7 7l-7 -7z")
        walls += _runs(wall_row, r)
        floor += _runs(floor_row, r)
    parts = [tag("path", d="".join(floor), fill=FLOOR),
             tag("path", d="".join(walls), fill=WALL, stroke=WALL_EDGE, stroke_width=1.5)]
    if goals:
        parts.append(tag("path", d="".join(goals), fill=GOAL))
    parts += [_box(board, cell) for cell in sorted(sealed_boxes)]
    return tag("g", parts, data_part="level")


def _runs(columns: list[int], row: int) -> list[str]:
    """Path rectangles covering the cells ``columns`` (ascending) of ``row``, one per run of
    adjacent cells; a wall's outline is drawn per run.

    >>> _runs([0, 1, 2, 5], 1)
    ['M0 32h96v32h-96z', 'M160 32h32v32h-32z']
    """
    paths = []
    start = 0
    for i in range(1, len(columns) + 1):
        if i == len(columns) or columns[i] != columns[i - 1] + 1:
            width = (i - start) * CELL
            paths.append(f"M{columns[start] * CELL} {row * CELL}h{width}v{CELL}h-{width}z")
            start = i
    return paths
