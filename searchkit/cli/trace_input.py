"""Reading a trace file for ``searchkit view --trace-file``: its chart and its plan record."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from searchkit.errors import SearchkitError, excerpt, open_text, read_stdin, reading
from searchkit.trace import read_trace
from searchkit.visual.chart import SearchChart
from searchkit.visual.record import PlanRecord, record_from

from .parsing import UsageError

__all__ = ["TraceFile", "load_trace"]


@dataclass
class TraceFile:
    """What a trace file gives the viewer: the ``chart`` document and the ``record`` of the
    traced search (its instance, from the header, and its plan and outcome); from the header
    too, the instance's ``digest`` (:attr:`searchkit.cli.instance.Instance.digest`; ``None`` in
    a trace written before the header held it) and the ``level`` chosen of a collection."""

    chart: dict[str, Any]
    record: PlanRecord
    digest: str | None = None
    level: Any = None


def load_trace(path: str) -> TraceFile:
    """Read the trace at ``path`` ('-': standard input); bad input is a one-line UsageError."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            with reading(name):
                return _load(io.StringIO(read_stdin()), name)
        with open_text(path) as handle:  # a byte-order mark left out, as read_text does
            return _load(handle, name)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def _load(lines: Any, name: str) -> TraceFile:
    fields: dict[str, Any] = {}  # what the header, solution and end records say of the run
    header: dict[str, Any] = {}

    def watch(records: Any) -> Any:
        for r in records:
            kind = r["kind"]
            if kind == "trace":
                header.update(r)
                fields.update({key: r.get(key) for key in
                               ("puzzle", "instance", "source", "strategy", "options")})
            elif kind == "solution":
                actions = r.get("actions")
                fields["actions"] = [str(move) for move in actions] \
                    if isinstance(actions, list) else actions
            elif kind == "end":
                fields.update({key: r.get(key) for key in ("status", "reason", "cost", "stats")})
            yield r

    chart = SearchChart.of_trace(watch(read_trace(lines, name)))
    record = record_from(fields, name)  # a field of the wrong type: a one-line error
    if record.status is None:
        raise UsageError(f"{name}: the trace has no 'end' record: it was cut short")
    record.moves = record.moves or []
    digest = header.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise UsageError(f"{name}: the header's 'digest' must be a string, not {excerpt(digest)}")
    title = "Frontier and expansions over time"
    if record.strategy:
        title += f" ({record.strategy})"
    # the level chosen; in a trace written before the header held it, a level option's
    level = header.get("level", record.options.get("level"))
    return TraceFile(chart.data(title), record, digest, level)
