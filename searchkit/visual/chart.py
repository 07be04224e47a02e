"""The viewer's chart of a search over time, from its events: :class:`SearchChart`.

The chart (the ``chart`` slot of the viewer's document, docs/visualise.md) has the nodes
generated so far on the x axis -- the search's own clock -- and two series: ``expanded``, the
states expanded so far, and ``frontier``, the size of what the search keeps to expand later
(the frontier of a best-first search, the current path of a depth-first one, both layers of a
bidirectional one; see :class:`~searchkit.events.Expand`). A deepening search (DLS, IDDFS,
IDA*) gets one labelled mark per iteration, where its new bound starts, so the chart reads per
iteration. At most about ``max_points`` points per series are kept, evenly spaced over the
search however long it runs.

A :class:`SearchChart` is an observer (``search(..., observer=chart)``) or is fed the records
of a trace file (:meth:`SearchChart.of_trace`).

>>> from searchkit import GraphProblem, search
>>> line = GraphProblem({i: {i + 1: 1} for i in range(4)}, start=0, goals={4})
>>> chart = SearchChart()
>>> result = search(line, "iddfs", observer=chart)
>>> chart.data()["marks"][:2], chart.data()["series"][0]["points"][-1]
([{'x': 0, 'label': 'bound 0'}, {'x': 1, 'label': 'bound 1'}], [14, 14])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["SearchChart"]


class SearchChart:
    """Collects the chart of one search (see the module docstring)."""

    def __init__(self, max_points: int = 400) -> None:
        self.max_points = max_points
        self.expanded = self.generated = 0
        self._stride = 1
        self._frontier = 0
        self._expanded_points: list[list[float]] = []
        self._frontier_points: list[list[float]] = []
        self.marks: list[dict[str, Any]] = []

    @classmethod
    def of_trace(cls, records: Iterable[dict[str, Any]], max_points: int = 400) -> SearchChart:
        """The chart of the search whose trace records (:func:`searchkit.trace.read_trace`)
        are given."""
        chart = cls(max_points)
        for record in records:
            kind = record.get("kind")
            if kind == "expand":
                chart.expand(record.get("frontier") or 0)
            elif kind == "generate":
                chart.generated += 1
            elif kind == "bound":
                chart.bound(record.get("bound"))
        return chart

    def __call__(self, event: Any) -> None:
        kind = event.kind
        if kind == "generate":
            self.generated += 1
        elif kind == "expand":
            self.expand(event.frontier)
        elif kind == "bound":
            self.bound(event.bound)

    def expand(self, frontier: int) -> None:
        """One more expansion, with the frontier at ``frontier``."""
        self.expanded += 1
        self._frontier = frontier
        if self.expanded % self._stride == 0:
            self._point()
            if len(self._expanded_points) > self.max_points:
                self._stride *= 2
                del self._expanded_points[1::2], self._frontier_points[1::2]

    def bound(self, bound: float | None) -> None:
        """A new iteration starts with ``bound`` (``None``: infinite)."""
        label = "bound ∞" if bound is None else f"bound {bound:g}"
        self.marks.append({"x": self.generated, "label": label})

    def data(self, title: str = "Frontier and expansions over time") -> dict[str, Any]:
        """The viewer's ``chart`` document, its series ending at the search's totals."""
        expanded, frontier = list(self._expanded_points), list(self._frontier_points)
        if self.expanded and expanded[-1] != [self.generated, self.expanded]:
            expanded.append([self.generated, self.expanded])
            frontier.append([self.generated, self._frontier])
        return {"title": title, "x_label": "nodes generated",
                "series": [{"name": "expanded", "points": expanded},
                           {"name": "frontier", "points": frontier}],
                "marks": list(self.marks)}

    def _point(self) -> None:
        self._expanded_points.append([self.generated, self.expanded])
        self._frontier_points.append([self.generated, self._frontier])
