"""Batches on real Dask clusters: a LocalCluster of worker processes, and a `dask scheduler` with
two `dask worker` processes on 127.0.0.1 driven by `searchkit batch --scheduler`."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import searchkit
from searchkit import PuzzleInstance
from searchkit.cli import main
from searchkit.experiments import read_collection, read_records, sweep
from searchkit.experiments.cluster import DaskBackend
from tests.shared import needs_data

ROOT = Path(__file__).resolve().parents[2]


@needs_data
def test_local_cluster_of_processes_matches_known_optima(shared_data):
    cards = read_collection(searchkit.get_puzzle("rushhour"), shared_data / "rushhour/cards.txt")
    tasks = sweep("rushhour", cards[:30], ["bfs"])
    records = list(searchkit.batch(tasks, dask_local=2))
    assert sorted(r["instance"] for r in records) == sorted(t.instance for t in tasks)
    assert all(r["status"] == "solved" and r["matches_known"] for r in records)
    pids = {int(r["worker"].split(":")[1]) for r in records}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2     # run in the worker processes


def test_task_memory_on_dask_is_each_tasks_memory_budget():
    """An address-space limit would bind the Dask worker's own threads (it hung the batch): a
    task that outgrows --task-memory stops budget_exhausted, the others run, nothing hangs."""
    hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # Korf's #1 (57 moves): BFS fills memory
    instances = [("big", PuzzleInstance("big", hard)),
                 ("small", PuzzleInstance("small", "87 135462"))]
    tasks = sweep("taquin", instances, ["bfs"], budget=searchkit.Budget(max_seconds=60))
    started = time.perf_counter()
    records = {r["instance"]: r for r in searchkit.batch(tasks, dask_local=1,
                                                         task_memory=60 * 2**20)}
    assert time.perf_counter() - started < 60
    assert records["small"]["status"] == "solved" and records["small"]["cost"] == 24
    assert records["big"]["status"] == "budget_exhausted" and records["big"]["error"] is None
    options = records["big"]["options"]  # the task's own budget, as stored and resumed
    assert options["max_seconds"] == 60 and "max_bytes" not in options


def test_a_local_clusters_processes_leave_ctrl_c_to_the_batch():
    """A terminal's Ctrl-C reaches the whole process group: the workers printed their
    KeyboardInterrupt tracebacks under the batch's summary. They ignore SIGINT now (read from
    the kernel), and the batch, which still takes Ctrl-C, stops them."""
    from searchkit.experiments.cluster import DaskBackend

    def ignores_sigint(pid):
        mask = next(line.split()[1] for line in Path(f"/proc/{pid}/status").read_text()
                    .splitlines() if line.startswith("SigIgn:"))
        return bool(int(mask, 16) & 1 << (signal.SIGINT - 1))

    backend = DaskBackend(local_workers=1)
    try:
        pids = backend.client.run(os.getpid).values()
        assert pids and all(ignores_sigint(pid) for pid in pids)
        assert not ignores_sigint(os.getpid())
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        backend.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(args, log):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=log, stderr=log,
                            env=env, start_new_session=True)


def _stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@needs_data
def test_batch_on_a_dask_scheduler_and_two_workers_end_to_end(shared_data, tmp_path, capsys):
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    processes = []
    with open(tmp_path / "dask.log", "w") as log:
        try:
            processes.append(_start(["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                     "--no-dashboard"], log))
            for _ in range(2):
                processes.append(_start(["worker", address, "--nthreads", "1", "--host",
                                         "127.0.0.1", "--no-dashboard"], log))
            from distributed import Client

            with Client(address, timeout=60) as client:
                client.wait_for_workers(2, timeout=60)
            out = tmp_path / "cards.jsonl"
            status = main(["batch", "rushhour", str(shared_data / "rushhour/cards.txt"),
                           "--instances", "1-40", "-s", "bfs,astar", "--scheduler", address,
                           "--out", str(out)])
            assert status == 0, capsys.readouterr()
            records = list(read_records(out))
            assert len(records) == 80
            assert all(r["status"] == "solved" and r["matches_known"] for r in records)
            workers = {r["worker"] for r in records}
            assert len(workers) == 2                          # both dask workers ran tasks
            assert not any(w.endswith(f":{os.getpid()}") for w in workers)
        finally:
            for process in reversed(processes):
                _stop(process)
    assert all(p.poll() is not None for p in processes)


def test_a_scheduler_lost_mid_run_is_one_line_and_the_stored_records_stay(tmp_path):
    """Killed while tasks run: the client's cancelled futures were an internal error (exit 70,
    with the client's tracebacks)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    big = tmp_path / "big.txt"
    big.write_text("".join(f"1 {10**12 + i}\n" for i in range(8)))  # each runs its 3 s
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT":
           "3s"}
    with open(tmp_path / "dask.log", "w") as log:
        scheduler = _start(["scheduler", "--host", "127.0.0.1", "--port", str(port),
                            "--no-dashboard"], log)
        worker = _start(["worker", address, "--nthreads", "1", "--host", "127.0.0.1",
                         "--no-dashboard"], log)
        try:
            from distributed import Client

            with Client(address, timeout=60) as client:
                client.wait_for_workers(1, timeout=60)
            batch = subprocess.Popen([sys.executable, "-m", "searchkit", "batch", "nstar",
                                      str(big), "-s", "bfs", "--max-seconds", "3",
                                      "--scheduler", address, "--out", str(out)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env)
            deadline = time.monotonic() + 60
            while not (out.exists() and out.read_text().count("\n")) and \
                    time.monotonic() < deadline:
                time.sleep(0.2)
            _stop(scheduler)
            _out, err = batch.communicate(timeout=120)
        finally:
            _stop(worker)
            _stop(scheduler)
    assert batch.returncode == 2, err
    assert err.count("\n") == 1 and err.startswith(f"searchkit: error: lost the Dask scheduler "
                                                   f"{address} (")
    assert err.rstrip().endswith("the records stored so far are kept, and --resume runs the rest")
    assert 1 <= len(list(read_records(out))) < 8


def test_unreachable_scheduler_is_a_one_line_error(tmp_path, capsys):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n1 43\n")
    import dask

    start = time.monotonic()
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        status = main(["batch", "nstar", str(lines), "--scheduler",
                       f"tcp://127.0.0.1:{_free_port()}", "--out", str(tmp_path / "r.sqlite")])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and err[0].startswith("searchkit: error: cannot reach "
                                                               "the Dask scheduler tcp://")
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("address", ["nonsense", ""])
def test_a_scheduler_address_dask_cannot_read_is_a_one_line_error(tmp_path, capsys, address):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n")
    status = main(["batch", "nstar", str(lines), "--scheduler", address,
                   "--out", str(tmp_path / "r.sqlite")])
    assert status == 2 and capsys.readouterr().err == (
        f"searchkit: error: bad Dask scheduler address {address!r}: missing port number in "
        f"address {address!r} (e.g. tcp://127.0.0.1:8786)\n")


@pytest.mark.parametrize("address", ["nonsense", "", "tcp://h", "foo://h:1"])
def test_a_bad_address_is_refused_before_dask_tries_it(monkeypatch, address):
    """In a process that had run other clients, distributed's Client('') once raised an
    AssertionError (an exit-70 internal error) instead of its ValueError: the address is read
    before any Client exists."""
    import distributed

    def client_raising_what_it_once_raised(*args, **kwargs):
        raise AssertionError

    monkeypatch.setattr(distributed, "Client", client_raising_what_it_once_raised)
    with pytest.raises(searchkit.SearchkitError,
                       match=f"^bad Dask scheduler address {address!r}: .+ \\(e.g. tcp://"):
        DaskBackend(scheduler=address)
    with pytest.raises(AssertionError):                   # a readable address does reach Client
        DaskBackend(scheduler="tcp://127.0.0.1:8786")


@pytest.mark.parametrize("flags", [["--scheduler", "tcp://x:1", "--dask-local", "2"],
                                   ["--dask-local", "2", "--jobs", "2"]])
def test_conflicting_backends_are_usage_errors(tmp_path, capsys, flags):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n")
    assert main(["batch", "nstar", str(lines), *flags]) == 2
    assert capsys.readouterr().err.startswith("searchkit: error: ")


@pytest.mark.parametrize("flags", [["--dask-local", "0", "-j", "3"], ["--dask-local", "0"],
                                   ["--dask-local", "-2"]])
def test_a_local_cluster_needs_one_worker_or_more(tmp_path, capsys, flags):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", "nstar", str(lines), *flags, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"searchkit: error: argument --dask-local: expected a number >= 1, got "
                   f"'{flags[1]}' (see 'searchkit batch --help')\n")
    assert not out.exists()                                   # nothing ran
    assert main(["batch", "nstar", str(lines), "--dask-local", "2", "-j", "0"]) == 2
    assert capsys.readouterr().err.startswith("searchkit: error: --jobs is for this machine's "
                                              "process pool")
    tasks = sweep("nstar", [("a", searchkit.PuzzleInstance("a", "1 42"))], ["bfs"])
    with pytest.raises(searchkit.OptionError, match="^dask_local must be at least 1, not 0$"):
        list(searchkit.batch(tasks, dask_local=0))
