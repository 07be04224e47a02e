"""Rich display in Jupyter: a result as a card (status, plan, statistics table), a plan as a
strip of small boards, a state as its picture.

``Result._repr_html_`` calls :func:`result_html` (the card; a result does not know its problem,
so its actions are shown with ``str``). With the problem at hand, :func:`strip` adds the boards
and the puzzle's notation, :func:`draw` shows one state, and :class:`~.viewer.Viewer` embeds
the interactive player.

>>> from searchkit import GraphProblem, search
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"})
>>> result = search(g, "bfs")
>>> "<table" in result._repr_html_(), strip(g, result)._repr_html_().count("<svg")
(True, 3)
"""

from __future__ import annotations

from html import escape
from typing import Any

from .replay import Replay
from .svg import render_svg

__all__ = ["result_html", "stats_table", "strip", "draw", "Drawing", "Strip"]

_STYLE = """<style>
.searchkit-card{font-family:system-ui,sans-serif;font-size:13px;line-height:1.4}
.searchkit-card table{border-collapse:collapse;margin:4px 0}
.searchkit-card th{text-align:left;font-weight:normal;color:#6b7280;padding:1px 14px 1px 0}
.searchkit-card td{text-align:right;font-variant-numeric:tabular-nums;padding:1px 0}
.searchkit-card code{font-size:12px}
.searchkit-strip{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:6px 0}
.searchkit-strip figure{margin:0;width:WIDTHpx;text-align:center}
.searchkit-strip svg{width:100%;height:auto;display:block}
.searchkit-strip figcaption{font-size:11px;color:#374151;font-family:monospace}
.searchkit-strip .gap{align-self:center;color:#6b7280;font-size:12px}
</style>"""


def stats_table(stats: dict[str, Any]) -> str:
    """The statistics as an HTML table, one counter a row (thousands separated)."""
    rows = []
    for name, value in stats.items():
        if name == "seconds":
            shown = f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"
        elif isinstance(value, int) and not isinstance(value, bool):
            shown = f"{value:,}"
        else:
            shown = escape(str(value))
        rows.append(f"<tr><th>{escape(name.replace('_', ' '))}</th><td>{shown}</td></tr>")
    return f"<table>{''.join(rows)}</table>"


def _summary(result: Any, moves: list[str] | None) -> str:
    colour = "#15803d" if result.status == "solved" else "#b91c1c"
    head = f'<b style="color:{colour}">{escape(result.status)}</b>'
    if result.reason:
        head += f" ({escape(result.reason)})"
    if result.strategy:
        head += f" · {escape(result.strategy)}"
    if result.cost is not None:
        head += f" · cost {escape(str(result.cost))}"
    if moves is not None:
        head += f" · {len(moves)} actions"
        plan = " ".join(moves) if len(moves) <= 200 else " ".join(moves[:200]) + " …"
        head += f"<br><code>{escape(plan) or '(empty plan: the start is a goal)'}</code>"
    return head


def result_html(result: Any) -> str:
    """The HTML card of a :class:`~searchkit.Result`: status, cost, plan, statistics."""
    moves = None if result.actions is None else [str(a) for a in result.actions]
    return (f"{_STYLE.replace('WIDTH', '120')}<div class=\"searchkit-card\">"
            f"{_summary(result, moves)}{stats_table(result.stats.as_dict())}</div>")


class Drawing:
    """One state's picture: ``.svg`` is the SVG text, shown as is by Jupyter."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str) -> None:
        """Write the picture to ``path`` as an ``.svg`` file."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.svg)


def draw(problem: Any, state: Any = None) -> Drawing:
    """The picture of ``state`` (default: the start) -- the problem's ``render_svg`` or the
    drawing of its text rendering."""
    return Drawing(render_svg(problem, problem.initial() if state is None else state))


class Strip:
    """A plan as a row of small boards (the start, then the board after each action, captioned
    with the move and the cost so far) above the result's card."""

    def __init__(self, problem: Any, result: Any, max_boards: int = 40, width: int = 120) -> None:
        if isinstance(max_boards, bool) or not isinstance(max_boards, int) or max_boards < 1:
            raise ValueError(f"max_boards must be a whole number, 1 or more, not {max_boards!r}")
        self.problem, self.result = problem, result
        self.replay = Replay.of_result(problem, result)
        self.max_boards, self.width = max_boards, width

    def _repr_html_(self) -> str:
        replay = self.replay
        steps = list(range(len(replay.states)))
        head = (self.max_boards + 1) // 2  # the first boards, then the last ``tail``
        tail = self.max_boards - head
        shown = steps if len(steps) <= self.max_boards else \
            steps[:head] + [-1] + (steps[-tail:] if tail else [])
        figures = []
        for k in shown:
            if k < 0:
                hidden = len(steps) - head - tail
                figures.append(f'<span class="gap">… {hidden} more …</span>')
                continue
            caption = "start" if k == 0 else f"{k}. {replay.moves[k - 1]}"
            figures.append(f"<figure>{render_svg(self.problem, replay.states[k])}"
                           f"<figcaption>{escape(caption)} · {replay.costs[k]:g}</figcaption>"
                           "</figure>")
        result = self.result
        return (f"{_STYLE.replace('WIDTH', str(self.width))}<div class=\"searchkit-card\">"
                f"<div class=\"searchkit-strip\">{''.join(figures)}</div>"
                f"{_summary(result, replay.moves if result.actions is not None else None)}"
                f"{stats_table(result.stats.as_dict())}</div>")


def strip(problem: Any, result: Any, max_boards: int = 40, width: int = 120) -> Strip:
    """The plan of ``result`` as a strip of boards ``width`` pixels wide (at most
    ``max_boards``, 1 or more: the first and last halves, the first one more when it is odd,
    when the plan is longer)."""
    return Strip(problem, result, max_boards, width)
