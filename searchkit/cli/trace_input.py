"""Reading a trace file for ``searchkit view --trace-file``: its chart and its plan record."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from searchkit.errors import SearchkitError, reading
from searchkit.trace import read_trace
from searchkit.visual.chart import SearchChart
from searchkit.visual.record import PlanRecord

from .parsing import UsageError

__all__ = ["TraceFile", "load_trace"]


@dataclass
class TraceFile:
    """What a trace file gives the viewer: the ``chart`` document and the ``record`` of the
    traced search (its instance, from the header, and its plan and outcome)."""

    chart: dict[str, Any]
    record: PlanRecord


def load_trace(path: str) -> TraceFile:
    """Read the trace at ``path`` ('-': standard input); bad input is a one-line UsageError."""
    name = "<stdin>" if path == "-" else path
    try:
        with reading(name):
            if path == "-":
                return _load(sys.stdin, name)
            with open(path, encoding="utf-8") as handle:
                return _load(handle, name)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def _load(lines: Any, name: str) -> TraceFile:
    record = PlanRecord(name)
    kept: list[dict[str, Any]] = []

    def watch(records: Any) -> Any:
        for r in records:
            kind = r["kind"]
            if kind == "trace":
                record.puzzle, record.instance = r.get("puzzle"), r.get("instance")
                record.source, record.strategy = r.get("source"), r.get("strategy") or ""
                record.options = dict(r.get("options") or {})
            elif kind in ("solution", "end"):
                kept.append(r)
            yield r

    chart = SearchChart.of_trace(watch(read_trace(lines, name)))
    for r in kept:
        if r["kind"] == "solution":
            record.moves = [str(move) for move in r.get("actions") or []]
        else:
            record.status, record.reason = r.get("status"), r.get("reason") or ""
            record.stats = dict(r.get("stats") or {})
    if record.status is None:
        raise UsageError(f"{name}: the trace has no 'end' record: it was cut short")
    record.moves = record.moves or []
    title = "Frontier and expansions over time"
    if record.strategy:
        title += f" ({record.strategy})"
    return TraceFile(chart.data(title), record)
