"""Faults in a batch: plugin exceptions, memory, dying and killed workers, Ctrl-C, a killed run
resumed -- each ends as records with clear errors, and no task is lost or run twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, wait
from pathlib import Path

import pytest

import searchkit
from searchkit import PuzzleInstance
from searchkit.experiments import read_records, sweep
from searchkit.experiments.local import PoolBackend
from searchkit.experiments.schedule import WorkerLost, drive
from tests.signals import default_ctrl_c

from . import crashy

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def crashy_puzzle():
    crashy.register()
    yield
    crashy.unregister()


def _tasks(texts, strategies=("bfs",), puzzle="crashy"):
    return sweep(puzzle, [(t, PuzzleInstance(t, t)) for t in texts], list(strategies))


@pytest.mark.parametrize("jobs", [1, 2])
def test_plugin_exception_and_memory_become_error_records(crashy_puzzle, jobs):
    texts = ["ok 5", "boom", "ok 6", "hog", "ok 7"]
    records = {r["instance"]: r for r in searchkit.batch(_tasks(texts), jobs=jobs,
                                                         task_memory=400 * 2**20)}
    assert set(records) == set(texts)
    assert [records[f"ok {n}"]["cost"] for n in (5, 6, 7)] == [5, 6, 7]
    assert records["boom"]["status"] == "error"
    assert records["boom"]["error"].startswith("ZeroDivisionError: the plugin divided by zero "
                                               "(at crashy.py:")
    assert records["hog"]["status"] == "error"
    assert records["hog"]["error"] == ("MemoryError: the task needed more than its memory "
                                       "limit (0.39 GiB)")


def test_a_task_that_kills_its_worker_is_an_error_and_the_rest_complete(crashy_puzzle):
    texts = [f"ok {n}" for n in range(2, 12)] + ["die"] + [f"ok {n}" for n in range(12, 20)]
    records = list(searchkit.batch(_tasks(texts), jobs=2))
    assert sorted(r["instance"] for r in records) == sorted(texts)   # each exactly once
    by_name = {r["instance"]: r for r in records}
    assert by_name["die"]["status"] == "error"
    assert by_name["die"]["error"].startswith("the worker died while running this task alone")
    assert all(by_name[t]["status"] == "solved" for t in texts if t != "die")


def test_a_pool_broken_since_the_last_wait_refuses_the_next_chunk_until_replaced(crashy_puzzle):
    # the race behind a once-flaky batch: a worker dies, the pool marks itself broken at once,
    # and the scheduler hands it the next chunk before a running chunk has reported the death
    backend = PoolBackend(2, None)
    try:
        dying = backend.submit(_tasks(["die"]))
        wait([dying])  # done: the pool knows its worker died; nobody has asked the future yet
        assert not backend.broken
        with pytest.raises(WorkerLost, match="the chunk was not started"):
            backend.submit(_tasks(["ok 3"]))
        assert backend.broken  # the scheduler's cue to collect, then recover()
        backend.recover()
        records, _seconds = backend.result(backend.submit(_tasks(["ok 3"])))
        assert [(r["instance"], r["cost"]) for r in records] == [("ok 3", 3)]
    finally:
        backend.close()


class _BreaksOnce:
    """A backend of two workers that run each chunk at once and whose pool breaks, once, while
    the scheduler hands out the second chunk: that chunk is refused, not started, as a process
    pool does when a worker died since the last wait."""

    slots, serial_retry, chunk_seconds = 2, True, 0.1

    def __init__(self):
        self.broken = False
        self.submitted: list[str] = []  # every task handed to a worker, in order
        self.refused = 0

    def submit(self, chunk):
        if self.refused == 0 and len(self.submitted) == 1:
            self.refused, self.broken = 1, True
            raise WorkerLost("a worker of the pool died: the chunk was not started")
        assert not self.broken, "a chunk handed to a broken pool"
        self.submitted += [task.instance for task in chunk]
        future = Future()
        future.set_result(([{"instance": t.instance, "status": "solved"} for t in chunk], 0.01))
        return future

    def wait(self, futures):
        return set(futures)

    def result(self, future):
        return future.result()

    def recover(self):
        self.broken = False

    def stop(self):
        pass


def test_a_chunk_refused_by_a_broken_pool_runs_after_recovery_and_no_task_is_lost_or_twice(
        crashy_puzzle):
    names = [f"ok {n}" for n in range(2, 9)]
    backend = _BreaksOnce()
    records = [r for chunk in drive(backend, _tasks(names)) for r in chunk]
    assert backend.refused == 1
    assert sorted(r["instance"] for r in records) == sorted(names)  # each exactly once
    assert all(r["status"] == "solved" for r in records)  # none reported as a dead worker's
    assert sorted(backend.submitted) == sorted(names)  # the refused chunk was not counted run


def test_a_worker_killed_mid_task_loses_nothing(crashy_puzzle, tmp_path):
    marker = tmp_path / "slow.pid"
    texts = [f"ok {n}" for n in range(2, 8)] + [f"slow {marker}"] + [f"ok {n}" for n in
                                                                     range(8, 14)]

    def kill_when_started():
        for _ in range(300):
            if marker.exists() and marker.read_text():
                os.kill(int(marker.read_text()), signal.SIGKILL)
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_when_started)
    killer.start()
    records = list(searchkit.batch(_tasks(texts), jobs=2))
    killer.join()
    assert sorted(r["instance"] for r in records) == sorted(texts)   # none lost, none twice
    assert all(r["status"] == "solved" for r in records)           # rerun on a new worker
    slow = next(r for r in records if r["instance"].startswith("slow"))
    assert slow["worker"].split(":")[1] != marker.read_text()


def _cli(*args, **kwargs):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "searchkit", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_ctrl_c, **kwargs)


def _wait_for_records(store, count, process, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if store.exists():
            try:
                if len(list(read_records(store))) >= count:
                    return
            except Exception:  # the database is being created
                pass
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} records after {timeout} s")


def _slow_pairs(path, count):
    # targets of ~80k with the zero heuristic and no pruning: ~0.1-0.3 s of BFS each
    path.write_text("".join(f"1 {80_000 + n}\n" for n in range(count)))


@pytest.mark.parametrize("suffix", [".sqlite", ".jsonl"])
def test_resume_after_a_killed_run_runs_every_task_once(tmp_path, suffix):
    pairs, store = tmp_path / "pairs.txt", tmp_path / f"runs{suffix}"
    _slow_pairs(pairs, 30)
    args = ["batch", "nstar", str(pairs), "-s", "bfs", "-o", "prune=false", "-o",
            "heuristic=zero", "--jobs", "2", "--out", str(store)]
    run = _cli(*args)
    try:
        _wait_for_records(store, 4, run)
    finally:
        run.kill()                                     # kill -9: no summary, no cleanup
        run.communicate()
    stored = len(list(read_records(store)))
    assert 4 <= stored < 30
    again = _cli(*args, "--resume")
    _, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert f"resuming {store}: {stored} of 30 tasks already stored" in err
    records = list(read_records(store))
    assert sorted(r["instance"] for r in records) == sorted(f"pairs.txt:{n}"
                                                            for n in range(1, 31))
    assert all(r["status"] == "solved" for r in records)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_what_is_stored_prints_the_summary_and_exits_130(tmp_path, jobs):
    pairs, store = tmp_path / "pairs.txt", tmp_path / "runs.sqlite"
    _slow_pairs(pairs, 40)
    run = _cli("batch", "nstar", str(pairs), "-s", "bfs", "-o", "prune=false", "-o",
               "heuristic=zero", "--jobs", jobs, "--out", str(store))
    try:
        _wait_for_records(store, 3, run)
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 130, err
    stored = list(read_records(store))
    assert 3 <= len(stored) < 40
    assert f"{len(stored)} of 40 tasks run (interrupted), 0 failed; records in {store}" in out
    assert out.splitlines()[0].startswith("configuration")
    assert "Traceback" not in err


def test_a_sweep_builds_each_problem_once(crashy_puzzle, tmp_path, monkeypatch):
    log = tmp_path / "builds.log"
    build = crashy.CrashyPuzzle.build

    def logged(self, text, **options):
        with open(log, "a") as handle:
            handle.write(f"{text}\n")
        return build(self, text, **options)

    monkeypatch.setattr(crashy.CrashyPuzzle, "build", logged)   # inherited by forked workers
    texts = [f"ok {n}" for n in range(3, 9)]
    records = list(searchkit.batch(_tasks(texts, ["bfs", "dfs", "dijkstra", "iddfs"]), jobs=2))
    assert len(records) == 24 and all(r["status"] == "solved" for r in records)
    assert sorted(log.read_text().splitlines()) == sorted(texts)   # one build per instance


def test_a_chunk_with_task_memory_leaves_no_limit_behind():
    """Dask's chunks bring their limit along: it was kept for the worker's later runs (a batch
    without --task-memory then failed at the first one's limit) and set on the whole process."""
    import resource

    from searchkit.experiments import worker

    before, limit = resource.getrlimit(resource.RLIMIT_AS), worker._LIMIT[0]
    records, _seconds = worker.run_chunk(_tasks(["1 42"], puzzle="nstar"), task_memory=2**30)
    assert records[0]["cost"] == 7
    assert resource.getrlimit(resource.RLIMIT_AS) == before and worker._LIMIT[0] == limit
