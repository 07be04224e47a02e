"""The sliding-tile board as SVG: numbered tiles on a tray, tiles in their goal cell shaded.

One top-level element for the tray, then one ``<g data-tile="LABEL">`` per tile in tile order
(its ``<rect>`` at the tile's cell), so a move changes exactly one element of the picture.

>>> from .board import goal_board, parse_board
>>> from .problem import Taquin
>>> b = parse_board("12 345678")
>>> p = Taquin(b, goal_board(b, "blank-first"))
>>> svg = render(p, p.initial())
>>> svg.count("data-tile="), 'data-tile="1"' in svg
(8, True)
"""

from __future__ import annotations

from typing import Any

from searchkit.visual.svg import SANS, document, tag, text

__all__ = ["render"]

CELL = 60   # side of a cell, in SVG units
GAP = 3     # space between two tiles
PAD = 8     # tray border

TILE, TILE_HOME, INK = "#f4b942", "#7cc47f", "#3b2f12"


def render(problem: Any, state: int) -> str:
    """The board of ``state`` for the :class:`~searchkit_taquin.problem.Taquin` ``problem``."""
    h, w = problem.height, problem.width
    width, height = 2 * PAD + w * CELL, 2 * PAD + h * CELL
    labels = problem.board.labels
    cells = problem.decode(state)
    cell_of = {t: c for c, t in enumerate(cells) if t}
    size = max(len(label) for label in labels[1:])
    font = CELL * (0.45 if size <= 2 else 0.9 / size)
    body = [tag("rect", width=width, height=height, rx=10, fill="#5b4a32")]
    for t in range(1, h * w):
        r, c = divmod(cell_of[t], w)
        x, y = PAD + c * CELL + GAP / 2, PAD + r * CELL + GAP / 2
        home = problem.goal_cell[t] == cell_of[t]
        body.append(tag("g", [
            tag("rect", x=x, y=y, width=CELL - GAP, height=CELL - GAP, rx=8,
                fill=TILE_HOME if home else TILE),
            text(labels[t], x + (CELL - GAP) / 2, y + (CELL - GAP) / 2 + font * 0.35,
                 text_anchor="middle", font_size=round(font, 1), fill=INK),
        ], data_tile=labels[t]))
    return document(width, height, body, font_family=SANS, font_weight="bold")
