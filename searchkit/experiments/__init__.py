"""Batch experiments: many searches over collections, on every core or on a Dask cluster.

The pieces, one module each:

* :mod:`~searchkit.experiments.collection` -- files into named instances, tables of known optima;
* :mod:`~searchkit.experiments.tasks` -- :class:`Task`, :func:`sweep`, the record fields;
* :mod:`~searchkit.experiments.worker` -- what a worker does with a task;
* :mod:`~searchkit.experiments.schedule` -- chunks, completion order, dead workers;
* :mod:`~searchkit.experiments.local` and :mod:`~searchkit.experiments.cluster` -- the process
  pool and Dask backends;
* :mod:`~searchkit.experiments.store` -- SQLite, JSON lines, CSV, and
  :mod:`~searchkit.experiments.records` -- reading any of them back;
* :mod:`~searchkit.experiments.api` -- :func:`batch`, the entry point (``searchkit.batch``);
* :mod:`~searchkit.experiments.report` and :mod:`~searchkit.experiments.plots` -- summaries and
  the plots of ``searchkit report``; :mod:`~searchkit.experiments.progress` -- the progress bar
  of ``searchkit batch``;
* :mod:`~searchkit.experiments.throughput` -- measuring batches (the ``batch-*`` bench suites).

The package is named ``experiments`` because ``searchkit.batch`` is the function. Nothing here
imports Dask or matplotlib until it is used.

>>> import searchkit
>>> from searchkit.experiments import sweep
>>> tasks = sweep("taquin", [("tp", searchkit.PuzzleInstance("tp", "87 135462"))], ["astar"])
>>> [(r["status"], r["cost"]) for r in searchkit.batch(tasks, jobs=1)]
[('solved', 24)]
"""

from typing import Any

from .api import batch, check_tasks, pending
from .tasks import FIELDS, Task, sweep

_LAZY = {"read_collection": "collection", "load_known": "collection", "open_store": "store",
         "read_records": "records"}


def __getattr__(name: str) -> Any:  # csv and sqlite3 are imported only when used
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["batch", "check_tasks", "pending", "Task", "sweep", "FIELDS", "read_collection",
           "load_known", "open_store", "read_records"]
