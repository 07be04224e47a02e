"""Summaries of stored records: one row per configuration, as ``searchkit report`` prints them.

A *configuration* is a strategy with the options that vary in the store (``astar
heuristic=pdb``); options every record shares are left out of its label. Per configuration:
tasks, solved, how many match a known optimum (of those with one), errors, total and median
expansions, total CPU seconds, and the ratio of its expansions and CPU to the best
configuration's, counted on the instances that every configuration solved (so that a
configuration is not rewarded for giving up early). An instance is a label and its text: a label
stored with two texts (a file edited between runs, another file of the same name) is two
instances (see :func:`instance_ids`).

>>> records = [
...     {"puzzle": "p", "instance": "a", "strategy": "bfs", "options": {}, "status": "solved",
...      "known": 3, "matches_known": True, "expanded": 40, "cpu_seconds": 0.4},
...     {"puzzle": "p", "instance": "a", "strategy": "astar", "options": {}, "status": "solved",
...      "known": 3, "matches_known": True, "expanded": 10, "cpu_seconds": 0.1}]
>>> [(row.label, row.solved, row.matched, row.expansion_ratio) for row in summarize(records)]
[('bfs', 1, '1/1', 4.0), ('astar', 1, '1/1', 1.0)]
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Summary", "summarize", "configuration_labels", "several_texts", "instance_ids",
           "format_table"]


def _options(record: Mapping[str, Any]) -> dict[str, Any]:
    options = record.get("options") or {}
    return json.loads(options) if isinstance(options, str) else dict(options)


def configuration_labels(records: list[Mapping[str, Any]]) -> list[str]:
    """The configuration label of each record: its strategy and the options that vary."""
    keys: dict[str, set[str]] = {}
    for record in records:
        for key, value in _options(record).items():
            keys.setdefault(key, set()).add(json.dumps(value, sort_keys=True))
    present = {k for k in keys if all(k in _options(r) for r in records)}
    varying = sorted(k for k, values in keys.items() if len(values) > 1 or k not in present)
    labels = []
    for record in records:
        options = _options(record)
        parts = [f"{k}={options[k]}" for k in varying if k in options]
        labels.append(" ".join([str(record["strategy"])] + parts))
    return labels


def _instance(record: Mapping[str, Any]) -> str:
    return f"{record['puzzle']}/{record['instance']}"


def several_texts(records: Iterable[Mapping[str, Any]]) -> set[str]:
    """The instances (``PUZZLE/LABEL``) that ``records`` hold with more than one digest."""
    digests: dict[str, set[str]] = {}
    for record in records:
        if record.get("digest") is not None:
            digests.setdefault(_instance(record), set()).add(record["digest"])
    return {name for name, texts in digests.items() if len(texts) > 1}


def instance_ids(records: list[Mapping[str, Any]]) -> list[str]:
    """Each record's instance, as the comparisons of configurations match them: ``PUZZLE/LABEL``,
    followed by ``@DIGEST`` when the label has several texts (:func:`several_texts`). A record
    without a digest (stored before records carried one) keeps the bare label: of a label with
    one text, it is taken for that text.

    >>> def run(digest): return {"puzzle": "p", "instance": "a", "digest": digest}
    >>> instance_ids([run(None), run("d1")]), instance_ids([run(None), run("d1"), run("d2")])
    (['p/a', 'p/a'], ['p/a', 'p/a@d1', 'p/a@d2'])
    """
    several = several_texts(records)
    return [_instance(r) + (f"@{r['digest']}" if _instance(r) in several and
                            r.get("digest") is not None else "") for r in records]


@dataclass
class Summary:
    """One configuration's row (see the module docstring)."""

    label: str
    tasks: int = 0
    solved: int = 0
    with_known: int = 0
    matching: int = 0
    errors: int = 0
    expanded: list[int] = field(default_factory=list)
    cpu: float = 0.0
    expansion_ratio: float | None = None
    cpu_ratio: float | None = None

    @property
    def matched(self) -> str:
        """``matching/with known`` (``-`` when no instance has a known optimum)."""
        return f"{self.matching}/{self.with_known}" if self.with_known else "-"

    @property
    def median_expanded(self) -> float:
        """The median expansions of the group's runs (0 for none)."""
        return statistics.median(self.expanded) if self.expanded else 0


def summarize(records: Iterable[Mapping[str, Any]]) -> list[Summary]:
    """One :class:`Summary` per configuration, in order of first appearance."""
    records = list(records)
    labels = configuration_labels(records)
    rows: dict[str, Summary] = {}
    solved_by: dict[str, dict[str, Mapping[str, Any]]] = {}
    for label, instance, record in zip(labels, instance_ids(records), records):
        row = rows.setdefault(label, Summary(label))
        row.tasks += 1
        status = record.get("status")
        row.errors += status == "error"
        if record.get("known") is not None:  # an error matches nothing: it counts against
            row.with_known += 1
            row.matching += record.get("matches_known") is True
        row.cpu += float(record.get("cpu_seconds") or 0)
        if status == "solved":
            row.solved += 1
            row.expanded.append(int(record.get("expanded") or 0))
            solved_by.setdefault(label, {})[instance] = record
    common = set.intersection(*(set(s) for s in solved_by.values())) if solved_by else set()
    if common and len(solved_by) == len(rows):
        totals = {label: (sum(int(s[i].get("expanded") or 0) for i in common),
                          sum(float(s[i].get("cpu_seconds") or 0) for i in common))
                  for label, s in solved_by.items()}
        best_exp = min(t[0] for t in totals.values())
        best_cpu = min(t[1] for t in totals.values())
        for label, (expanded, cpu) in totals.items():
            rows[label].expansion_ratio = round(expanded / best_exp, 2) if best_exp else None
            rows[label].cpu_ratio = round(cpu / best_cpu, 2) if best_cpu else None
    return list(rows.values())


def _seconds(value: float) -> str:
    from ..cli import output

    return f"{value:,.0f} s" if value >= 1000 else output.seconds(value)


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def format_table(rows: list[Summary]) -> str:
    """The summary as an aligned text table."""
    from ..cli import output

    header = ["configuration", "tasks", "solved", "optimal", "errors", "expanded",
              "median exp.", "CPU", "exp. ratio", "CPU ratio"]
    lines = [[row.label, str(row.tasks), str(row.solved), row.matched, str(row.errors),
              output.count(sum(row.expanded)), output.count(round(row.median_expanded)),
              _seconds(row.cpu), _ratio(row.expansion_ratio), _ratio(row.cpu_ratio)]
             for row in rows]
    widths = [max(len(r[i]) for r in [header] + lines) for i in range(len(header))]
    text = [" ".join(c.ljust(w) if i == 0 else c.rjust(w)
                     for i, (c, w) in enumerate(zip(r, widths))) for r in [header] + lines]
    return "\n".join(t.rstrip() for t in text)
