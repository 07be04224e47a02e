"""The live progress line (only on a terminal, never with --json or when piped) and Ctrl-C
(exit 130 after printing the statistics so far). A pseudo-terminal stands in for the user's."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.signals import default_ctrl_c

pty = pytest.importorskip("pty")

# N* from 1 to 10^11 with Dijkstra: millions of states, far more than a few seconds' worth.
LONG = "1 100000000000\n"
ERASE = b"\r\x1b[K"


@pytest.fixture
def long_instance(tmp_path) -> str:
    path = tmp_path / "long.txt"
    path.write_text(LONG, encoding="utf-8")
    return str(path)


class Terminal:
    """A pseudo-terminal whose output a background thread collects into :attr:`data`."""

    def __init__(self) -> None:
        self.master, self.slave = pty.openpty()
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO once every slave end is closed
                return
            if not chunk:
                return
            self.data += chunk

    def wait_for(self, needle: bytes, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while needle not in self.data and time.monotonic() < deadline:
            time.sleep(0.05)
        return needle in self.data

    def close(self) -> bytes:
        self.thread.join(timeout=5)
        os.close(self.master)
        return self.data


def start_on_pty(*args: str) -> tuple[subprocess.Popen[str], Terminal]:
    """Run ``python -m searchkit ARGS`` with stderr on a pseudo-terminal."""
    term = Terminal()
    proc = subprocess.Popen([sys.executable, "-m", "searchkit", *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=term.slave, text=True,
                            env=dict(os.environ, COLUMNS="200", TERM="xterm"),
                            preexec_fn=default_ctrl_c)
    os.close(term.slave)
    return proc, term


def interrupt(proc: subprocess.Popen[str], term: Terminal) -> tuple[str, bytes]:
    """Send Ctrl-C once the progress line shows; return stdout and what the terminal showed."""
    try:
        assert term.wait_for(b"states/s", timeout=60)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
        shown = term.close()
    return out, shown


def test_progress_line_then_ctrl_c_prints_stats_and_exits_130(long_instance):
    proc, term = start_on_pty("solve", "nstar", long_instance, "-s", "dijkstra",
                              "--max-seconds", "120")
    out, shown = interrupt(proc, term)
    assert proc.returncode == 130
    assert "status    interrupted" in out
    assert "stats     expanded " in out
    line = shown.split(ERASE)[1].decode()
    assert line.startswith("expanded ") and " · frontier " in line and " · g " in line
    assert "states/s" in line and line.endswith("iB")  # ... · elapsed · memory
    assert shown.endswith(ERASE)  # the line is erased before the results


def test_ctrl_c_in_compare_prints_the_table_so_far(long_instance):
    proc, term = start_on_pty("compare", "nstar", long_instance, "-s", "bfs,dijkstra",
                              "--max-seconds", "120")
    out, shown = interrupt(proc, term)
    assert proc.returncode == 130
    assert shown.split(ERASE)[1].startswith(b"bfs: expanded ")
    row, note = out.splitlines()[3:]  # one row, and why it did not solve under the table
    assert row.split()[:2] == ["bfs", "interrupted"]
    assert note == "bfs: interrupted by the user"


def test_no_progress_with_json_even_on_a_terminal(long_instance):
    proc, term = start_on_pty("solve", "nstar", long_instance, "-s", "dijkstra",
                              "--max-seconds", "1.5", "--json")
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        shown = term.close()
    assert proc.returncode == 1
    assert json.loads(out)["status"] == "budget_exhausted"
    assert shown == b""


def test_no_progress_when_stderr_is_piped():
    done = subprocess.run([sys.executable, "-m", "searchkit", "solve", "nstar", "-", "-s",
                           "dijkstra", "--max-seconds", "1.5"], input=LONG, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert "status    budget_exhausted: time budget exhausted (1.5 s)" in done.stdout
    assert done.stderr == ""


def test_no_progress_on_a_terminal_that_cannot_erase(long_instance):
    term = Terminal()
    proc = subprocess.Popen([sys.executable, "-m", "searchkit", "solve", "nstar", long_instance,
                             "-s", "dijkstra", "--max-seconds", "1.5"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=term.slave, text=True,
                            env=dict(os.environ, TERM="dumb"))
    os.close(term.slave)
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        shown = term.close()
    assert proc.returncode == 1 and "budget_exhausted" in out
    assert shown == b""


def test_ctrl_c_in_stats_prints_what_was_explored(long_instance):
    proc, term = start_on_pty("stats", "nstar", long_instance, "--max-states", "0",
                              "--max-seconds", "120")
    out, shown = interrupt(proc, term)
    assert proc.returncode == 130
    assert shown.split(ERASE)[1].startswith(b"expanded ")
    assert "(incomplete: interrupted by the user)" in out
    assert re.search(r"^distance +states$", out, re.M)
