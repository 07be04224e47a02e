"""The plots of ``searchkit report --plot FILE``: a cactus plot and expansions per instance.

Left, the **cactus plot** solver papers use: for each configuration, its solved instances sorted
by CPU time, plotted as (number solved, CPU seconds of the slowest so far) -- the curve further
right and lower is better (CPU rather than wall time: other work on a shared machine does not
move it). Right, **expansions per instance**: one point per solved task, instances in
the order of the best configuration's expansions, log scale. matplotlib (the extra ``plot``) is
imported only here, with the non-interactive Agg backend; the format follows the file's
extension (``.png``, ``.svg``, ``.pdf``).

>>> import tempfile, pathlib
>>> records = [{"puzzle": "p", "instance": str(i), "strategy": s, "options": {},
...             "status": "solved", "cpu_seconds": 0.01 * i * k, "expanded": 10 * i * k}
...            for i in range(1, 6) for s, k in (("bfs", 3), ("astar", 1))]
>>> path = pathlib.Path(tempfile.mkdtemp()) / "plot.png"
>>> plot(records, path)                                        # doctest: +SKIP
>>> path.stat().st_size > 10_000                               # doctest: +SKIP
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import SearchkitError
from .report import configuration_labels, instance_ids

__all__ = ["plot"]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise SearchkitError("plots need matplotlib: pip install 'searchkit[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot(records: Iterable[Mapping[str, Any]], path: str | os.PathLike[str],
         title: str | None = None) -> None:
    """Draw the cactus plot and the expansions per instance of ``records`` into ``path``."""
    records = [r for r in records]
    labels = configuration_labels(records)
    solved: dict[str, dict[str, Mapping[str, Any]]] = {}
    for label, instance, record in zip(labels, instance_ids(records), records):
        solved.setdefault(label, {})
        if record.get("status") == "solved":
            solved[label][instance] = record
    if not any(solved.values()):
        raise SearchkitError("nothing to plot: no task in the store was solved")
    plt = _pyplot()
    figure, (cactus, per_instance) = plt.subplots(1, 2, figsize=(12, 4.8))
    for label, runs in solved.items():
        times = sorted(max(float(r.get("cpu_seconds") or 0), 1e-6) for r in runs.values())
        cactus.step(range(1, len(times) + 1), times, where="post", label=label)
    cactus.set(xlabel="instances solved", ylabel="CPU seconds per instance", yscale="log",
               title="cactus plot: instances solved within a time")
    best = min(solved, key=lambda label: (-len(solved[label]),
                                          sum(int(r.get("expanded") or 0)
                                              for r in solved[label].values())))
    order = sorted(solved[best], key=lambda i: int(solved[best][i].get("expanded") or 0))
    order += sorted({i for runs in solved.values() for i in runs} - set(order))
    position = {instance: n for n, instance in enumerate(order, 1)}
    for label, runs in solved.items():
        xs = [position[i] for i in runs]
        ys = [max(int(r.get("expanded") or 0), 1) for r in runs.values()]
        per_instance.scatter(xs, ys, s=9, label=label)
    per_instance.set(xlabel=f"instance (by expansions of {best})", ylabel="expansions",
                     yscale="log", title="expansions per instance")
    for axes in (cactus, per_instance):
        axes.grid(True, which="major", alpha=0.3)
        axes.legend(fontsize="small")
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as exc:
        raise SearchkitError(f"{path}: cannot save the plot: {exc}") from None
    finally:
        plt.close(figure)
