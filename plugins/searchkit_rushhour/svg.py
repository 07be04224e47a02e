"""The Rush Hour parking lot as SVG: the target car red, the other vehicles in a palette, walls
as dark crossed squares, and the exit as a gap in the right-hand side of the target's row.

One top-level element for the lot (grid, walls, exit), then one ``<g data-vehicle="LABEL">``
per vehicle in vehicle order, each holding a ``<rect>`` covering the vehicle's cells: a move
changes exactly one element of the picture.

>>> from .formats import parse_board
>>> from .problem import RushHour
>>> p = RushHour(parse_board("o" * 12 + "AAoBoo" + "oooBoo" + "o" * 12))
>>> svg = render(p, p.initial())
>>> svg.count("data-vehicle="), 'data-vehicle="A"' in svg
(2, True)
"""

from __future__ import annotations

from typing import Any

from searchkit.visual.svg import SANS, document, tag, text

__all__ = ["render", "TARGET_COLOUR"]

CELL = 56    # side of a cell, in SVG units
PAD = 12     # the lot's border
EXIT = 22    # room for the exit arrow on the right
INSET = 4    # a vehicle's margin inside its cells

TARGET_COLOUR = "#d62828"
PALETTE = ("#3a86ff", "#f77f00", "#2a9d8f", "#8338ec", "#fcbf49", "#6a994e", "#ff70a6",
           "#4cc9f0", "#b5838d", "#90be6d", "#577590", "#e9c46a")
LOT, LINES, FRAME, WALL = "#e9ecef", "#ced4da", "#343a40", "#495057"


def render(problem: Any, state: int) -> str:
    """The lot in ``state`` for the :class:`~searchkit_rushhour.problem.RushHour` ``problem``."""
    board = problem.board
    m = board.size
    side = m * CELL
    width, height = 2 * PAD + side + EXIT, 2 * PAD + side
    body = [_lot(board, side, width, height)]
    positions = problem.positions(state)
    for i, (vehicle, position) in enumerate(zip(board.vehicles, positions, strict=True)):
        (r, c), length = vehicle.cells(position)[0], vehicle.length
        w = (length if vehicle.horizontal else 1) * CELL - 2 * INSET
        h = (1 if vehicle.horizontal else length) * CELL - 2 * INSET
        x, y = PAD + c * CELL + INSET, PAD + r * CELL + INSET
        colour = TARGET_COLOUR if i == 0 else PALETTE[(i - 1) % len(PALETTE)]
        body.append(tag("g", [
            tag("rect", x=x, y=y, width=w, height=h, rx=10, fill=colour, stroke="#00000040",
                stroke_width=2),
            text(board.glyphs[i], x + w / 2, y + h / 2 + 7, text_anchor="middle",
                 font_size=20, fill="#ffffff"),  # as the text drawing names it ('G', not '0')
        ], data_vehicle=vehicle.label))
    return document(width, height, body, font_family=SANS, font_weight="bold")


def _lot(board: Any, side: float, width: float, height: float) -> str:
    """The static part: frame, grid lines, walls and the exit on the target's row."""
    m = board.size
    parts = [tag("rect", width=width - EXIT, height=height, rx=8, fill=FRAME),
             tag("rect", x=PAD, y=PAD, width=side, height=side, fill=LOT)]
    lines = [f"M{PAD + k * CELL} {PAD}v{side}M{PAD} {PAD + k * CELL}h{side}" for k in range(1, m)]
    if lines:
        parts.append(tag("path", d="".join(lines), stroke=LINES, stroke_width=1, fill="none"))
    for r, c in sorted(board.walls):
        x, y = PAD + c * CELL, PAD + r * CELL
        parts.append(tag("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=4,
                         fill=WALL))
        parts.append(tag("path", d=f"M{x + 14} {y + 14}L{x + CELL - 14} {y + CELL - 14}"
                                   f"M{x + CELL - 14} {y + 14}L{x + 14} {y + CELL - 14}",
                         stroke="#adb5bd", stroke_width=4, stroke_linecap="round"))
    row_y = PAD + board.target.row * CELL
    parts.append(tag("rect", x=PAD + side, y=row_y + 6, width=PAD, height=CELL - 12, fill=LOT))
    mid = row_y + CELL / 2
    parts.append(tag("path", d=f"M{width - EXIT + 4} {mid - 9}l10 9l-10 9",
                     stroke=TARGET_COLOUR, stroke_width=4, fill="none",
                     stroke_linecap="round", stroke_linejoin="round"))
    return tag("g", parts, data_part="lot")
