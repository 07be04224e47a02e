"""The plan viewer: one self-contained HTML file that plays a plan step by step.

:func:`view_data` gathers what the page shows into one JSON document (its shape is documented
in docs/visualise.md); :func:`viewer_html` writes the page: inline CSS, inline JavaScript and
the document in a ``<script type="application/json">`` block -- nothing is fetched, so the file
works from ``file://``, offline, attached to an e-mail.

>>> from searchkit import GraphProblem, search
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"})
>>> page = viewer_html(view_data(Replay.of_result(g, search(g, "bfs")), title="a to c"))
>>> page.startswith("<!DOCTYPE html>"), "<title>a to c</title>" in page
(True, True)
>>> re.findall(r"(?:src|href)=", page)  # nothing to fetch
[]
"""

from __future__ import annotations

import json
import math
import re
from importlib import resources
from typing import Any

from ..trace import json_number
from .frames import encode
from .replay import Replay
from .svg import render_svg

__all__ = ["FORMAT", "view_data", "viewer_html", "Viewer"]

#: The ``format`` field of the viewer's JSON document.
FORMAT = "searchkit-view/1"


def view_data(replay: Replay, *, title: str = "", details: dict[str, Any] | None = None,
              status: str | None = None, reason: str = "",
              stats: dict[str, Any] | None = None,
              chart: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer's JSON document for ``replay``.

    ``details`` are the labelled facts of the header (puzzle, instance, strategy...), ``status``
    and ``reason`` the search's outcome (default: ``solved`` when the plan reaches a goal),
    ``stats`` the search statistics (``Result.stats.as_dict()``), and ``chart`` the optional
    chart of the search over time (``{"title", "x_label", "series": [{"name", "points":
    [[x, y], ...]}], "marks": [{"x", "label"}]}``), drawn below the board when given.
    """
    if status is None:
        status = "solved" if replay.reached_goal else "not solved"
    frames = encode(render_svg(replay.problem, state) for state in replay.states)
    return {
        "format": FORMAT,
        "title": title,
        "details": {**(details or {}), "status": status},
        "status": status,
        "reason": reason,
        "moves": replay.moves,
        "costs": replay.costs,
        "goal": replay.reached_goal,
        "svg": frames.as_dict(),
        "stats": stats or {},
        "chart": chart,
    }


def viewer_html(data: dict[str, Any]) -> str:
    """The self-contained HTML page showing the document ``data`` (see :func:`view_data`)."""
    from searchkit import __version__

    def asset(name: str) -> str:
        return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")

    payload = json.dumps(_finite(data), ensure_ascii=False, separators=(",", ":"),
                         default=json_number)
    payload = payload.replace("</", "<\\/").replace("<!--", "<\\u0021--")
    title = data.get("title") or "searchkit plan"
    fields = {"VERSION": __version__, "TITLE": _escape(title), "STYLE": asset("viewer.css"),
              "SCRIPT": asset("viewer.js"), "DATA": payload}
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: fields[m.group(1)], asset("viewer.html"))


class Viewer:
    """A plan viewer for notebooks and scripts: ``.html`` is the page, :meth:`save` writes it,
    and in Jupyter it shows itself in a frame (its page is self-contained, so a sandboxed
    ``<iframe srcdoc>`` runs it).

    >>> from searchkit import GraphProblem, search
    >>> g = GraphProblem({"a": {"b": 1}}, start="a", goals={"b"})
    >>> Viewer(g, search(g, "bfs")).html.count("<script")
    2
    """

    def __init__(self, problem: Any, result: Any = None, *, title: str = "",
                 actions: Any = None, chart: dict[str, Any] | None = None,
                 height: int = 560) -> None:
        if result is not None and actions is None:
            replay = Replay.of_result(problem, result)
            stats = result.stats.as_dict()
            status, reason = result.status, result.reason
            strategy = result.strategy
        else:
            replay = Replay.of_actions(problem, actions or [])
            stats, status, reason, strategy = None, None, "", ""
        details = {"strategy": strategy} if strategy else {}
        self.data = view_data(replay, title=title or repr(problem), details=details,
                              status=status, reason=reason, stats=stats, chart=chart)
        self.height = height
        self.html = viewer_html(self.data)

    def save(self, path: str) -> None:
        """Write the page to ``path`` (UTF-8)."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.html)

    def _repr_html_(self) -> str:
        return (f'<iframe srcdoc="{_escape(self.html)}" style="width:100%;height:{self.height}px;'
                'border:1px solid #e5e7eb;border-radius:8px" sandbox="allow-scripts"></iframe>')


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _finite(value: Any) -> Any:
    """``value`` with infinite and NaN floats replaced by ``None`` (JSON has neither)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value
