"""N* on the number line: ``n`` as a dot on a base-2 logarithmic axis from 1 to the target.

On a log2 axis the move ``x2`` is always the same step to the right, and ``+1`` a step that
shrinks as ``n`` grows: the picture shows why doubling early pays. One top-level element for
the axis with its start and target marks, one (``<g data-n="N">``) for the current number.

>>> from .problem import NStar
>>> svg = render(NStar(1, 42), 21)
>>> 'data-n="21"' in svg, svg.count("<svg")
(True, 1)
"""

from __future__ import annotations

from math import log2
from typing import Any

from searchkit.visual.svg import SANS, document, tag, text

__all__ = ["render"]

WIDTH, HEIGHT = 640, 120
LEFT, RIGHT, AXIS_Y = 30, 600, 70
MAX_LABELS = 12
CURRENT, TARGET, START, INK = "#1d4ed8", "#d62828", "#6c757d", "#212529"


def render(problem: Any, n: int) -> str:
    """``n`` on the number line of the :class:`~searchkit_nstar.problem.NStar` ``problem``."""
    top = max(2, problem.target, problem.start, n)
    x = _scale(top)
    body = [_axis(problem, top, x), tag("g", [
        tag("line", x1=x(n), y1=AXIS_Y - 22, x2=x(n), y2=AXIS_Y, stroke=CURRENT, stroke_width=2),
        tag("circle", cx=x(n), cy=AXIS_Y, r=7, fill=CURRENT),
        text(f"n = {n}", x(n), AXIS_Y - 28, text_anchor="middle", font_size=15,
             font_weight="bold", fill=CURRENT),
    ], data_n=n)]
    return document(WIDTH, HEIGHT, body, font_family=SANS)


def _scale(top: int) -> Any:
    span = log2(top)
    return lambda v: round(LEFT + (RIGHT - LEFT) * log2(max(v, 1)) / span, 2)


def _axis(problem: Any, top: int, x: Any) -> str:
    """The axis with a tick at every power of 2, and the start and target marks."""
    powers = int(log2(top)) + 1
    every = -(-powers // MAX_LABELS)
    parts = [tag("rect", width=WIDTH, height=HEIGHT, rx=6, fill="#f8f9fa"),
             tag("line", x1=LEFT, y1=AXIS_Y, x2=RIGHT + 10, y2=AXIS_Y, stroke=INK,
                 stroke_width=2)]
    ticks = "".join(f"M{x(2 ** k)} {AXIS_Y - 4}v8" for k in range(powers))
    parts.append(tag("path", d=ticks, stroke=INK, stroke_width=1.5))
    for k in range(0, powers, every):
        label = str(2 ** k) if k < 14 else None
        if label is None:
            parts.append(tag("text", f"2<tspan dy=\"-5\" font-size=\"9\">{k}</tspan>",
                             x=x(2 ** k), y=AXIS_Y + 28, text_anchor="middle", font_size=12,
                             fill=INK))
        else:
            parts.append(text(label, x(2 ** k), AXIS_Y + 28, text_anchor="middle",
                              font_size=12, fill=INK))
    t = x(problem.target)
    parts += [tag("path", d=f"M{t} {AXIS_Y + 30}V{AXIS_Y - 40}h14l-4 5l4 5h-14",
                  stroke=TARGET, stroke_width=2, fill=TARGET),
              text(f"target {problem.target}", t + 14, AXIS_Y - 46, text_anchor="end",
                   font_size=12, font_weight="bold", fill=TARGET)]
    s = x(problem.start)
    parts += [tag("path", d=f"M{s} {AXIS_Y + 5}l-5 9h10z", fill=START),
              text(f"start {problem.start}", s, HEIGHT - 4, text_anchor="middle", font_size=12,
                   fill=START)]
    return tag("g", parts, data_part="axis")
