"""The result of a suite: a :class:`Table`, printed as Markdown by :func:`format_table`
(what ``searchkit bench`` writes on stdout) and turned into JSON by :meth:`Table.as_dict`
(``--json``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Table", "format_table", "unavailable"]


@dataclass
class Table:
    """A printable result: ``columns`` (names), ``rows`` (lists of cells), ``notes`` (lines)."""

    suite: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    notes: list[str] = field(default_factory=list)
    details: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (rows as dicts keyed by column)."""
        return {
            "suite": self.suite,
            "title": self.title,
            "rows": [dict(zip(self.columns, row)) for row in self.rows],
            "notes": self.notes,
            "details": self.details,
        }


def unavailable(suite: str, reason: str) -> Table:
    """The table of a suite that cannot run here (data or a dependency missing), saying why.

    >>> print(format_table(unavailable("demo", "data/demo.txt not found")))
    ### demo: unavailable
    <BLANKLINE>
    | contender |
    | --------- |
    <BLANKLINE>
    - data/demo.txt not found
    """
    return Table(suite, f"{suite}: unavailable", ["contender"], [], [f"- {reason}"])


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        if value == 0:
            return "0"
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        if abs(value) >= 0.01:
            return f"{value:.3f}"
        return f"{value:.2g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def format_table(table: Table) -> str:
    """The table as aligned Markdown (numbers right-aligned), then its notes.

    >>> print(format_table(Table("s", "demo", ["who", "n"], [["a", 1234], ["bb", 5]])))
    ### demo
    <BLANKLINE>
    | who |     n |
    | --- | ----: |
    | a   | 1,234 |
    | bb  |     5 |
    """
    cells = [[_cell(v) for v in row] for row in table.rows]
    numeric = [all(isinstance(r[i], (int, float)) or r[i] is None for r in table.rows)
               and bool(table.rows) for i in range(len(table.columns))]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(table.columns)]
    widths = [max(w, 3) for w in widths]

    def line(values: Sequence[str]) -> str:
        parts = [v.rjust(w) if numeric[i] else v.ljust(w)
                 for i, (v, w) in enumerate(zip(values, widths))]
        return "| " + " | ".join(parts) + " |"

    out = [f"### {table.title}", "", line(table.columns)]
    out.append("| " + " | ".join(("-" * (w - 1) + ":") if numeric[i] else "-" * w
                                 for i, w in enumerate(widths)) + " |")
    out.extend(line(r) for r in cells)
    if table.notes:
        out.append("")
        out.extend(table.notes)
    return "\n".join(out)
