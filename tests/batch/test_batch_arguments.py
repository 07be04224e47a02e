"""searchkit.batch refuses bad arguments in one line before any task runs."""

from __future__ import annotations

import re

import pytest

import searchkit
from searchkit import OptionError, PuzzleInstance
from searchkit.experiments import sweep


def _tasks():
    return sweep("nstar", [("a", PuzzleInstance("a", "1 42"))], ["bfs"])


@pytest.mark.parametrize(("options", "message"), [
    ({"jobs": "2"}, "jobs must be a whole number of worker processes, not '2'"),
    ({"jobs": 1.5}, "jobs must be a whole number of worker processes, not 1.5"),
    ({"jobs": True}, "jobs must be a whole number of worker processes, not True"),
    ({"jobs": 0}, "jobs must be at least 1, not 0"),
    ({"dask_local": "2"}, "dask_local must be a whole number of worker processes, not '2'"),
    ({"task_memory": -1}, "task_memory must be a whole number of bytes, 1 or more, not -1 "
                          "(leave it out for each worker's share of the machine's memory)"),
    ({"task_memory": "x"}, "task_memory must be a whole number of bytes, 1 or more, not 'x' "
                           "(leave it out for each worker's share of the machine's memory)"),
])
def test_bad_batch_options_are_one_line_before_anything_runs(options, message, tmp_path):
    store = tmp_path / "r.sqlite"
    with pytest.raises(OptionError, match=f"^{re.escape(message)}$"):
        list(searchkit.batch(_tasks(), store=store, **options))
    assert not store.exists()


@pytest.mark.parametrize(("tasks", "message"), [
    (5, "tasks must be an iterable of Task objects, not 5"),
    (["bfs"], "tasks must be Task objects (see searchkit.experiments.sweep), not 'bfs' "
                "(task 2)"),
])
def test_tasks_that_are_not_tasks(tasks, message):
    with pytest.raises(OptionError, match=f"^{re.escape(message)}$"):
        list(searchkit.batch(tasks if tasks == 5 else _tasks() + tasks, jobs=1))


def test_a_whole_task_memory_runs():
    records = list(searchkit.batch(_tasks(), jobs=1, task_memory=2 * 10**9))
    assert [r["cost"] for r in records] == [7]
