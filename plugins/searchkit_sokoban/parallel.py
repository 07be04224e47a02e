"""Solving one level on several cores: the fast mode's *lanes*, run at once.

The portfolio (:data:`~.portfolio.PORTFOLIO`) runs its searches one after the other, each with a
share of the time limit, so on a hard level the searches near its end get little. With
``solve_level(..., mode="any", workers=2)`` the solve runs the first two *lanes* of
:data:`~.portfolio.LANES` at once, each a portfolio of its own in its own process, each with the
whole time limit (of its own process's clock with ``clock="cpu"``): the first lane is the
default portfolio, the second gives the forward searches that the first starts late the time
from the start. This is the parallel portfolio of the strong solvers (Festival runs up to eight
search threads; N. Froleyks, *Using an Algorithm Portfolio to Solve Sokoban*, bachelor thesis,
KIT, 2016), without their exchange of positions: the lanes share nothing but the level.

The first lane to end the solve, with a plan or with a proof that there is none, wins; the
others are interrupted as by Ctrl-C (they stop within a budget check, about 50 ms, and report
what they did). The report gives the winner's plan, replayed by its lane, and its ``strategy``
followed by the lane (``"greedy [lane 2]"``); its counters add up every lane's (expansions,
generated states, pruned per rule, ``cpu_seconds``: the CPU time of every lane's search
thread); ``seconds`` is the wall-clock time of the whole solve. Without a winner the status and
reason are the first lane's (``interrupted`` if any lane was). ``max_nodes`` and
``max_memory`` are split evenly among the lanes (the expansions exactly, the first lanes taking
the remainder; memory: each lane's process may grow by its part, a byte at least). Ctrl-C stops
every lane and returns ``interrupted`` with their counters. A lane that fails (a plan that does
not replay, any exception) raises its error in the caller, after the other lanes are stopped: a
crash is never reported as "no solution".

>>> level = "#######\\n#@ $ .#\\n#######"
>>> report = solve_level(level, cost="pushes", mode="any", workers=2)
>>> report.status, report.lurd, report.strategy.endswith("]")
('solved', 'rRR', True)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from .board import Board
from .compiled import warm
from .levels import select_level, split_levels
from .portfolio import COMPILED, Member, check_plan
from .solve import SolveReport, solve_level

__all__ = ["solve_lanes"]

#: how long a stopped lane may take to report before it is killed, in seconds
STOP_GRACE = 30.0
#: how often a stopped lane that has not reported is sent SIGINT again, in seconds (see
#: :func:`_run_lane`)
RESEND = 0.5


def solve_lanes(text: str, level: int | str | None, lanes: Sequence[Sequence[Member]],
                cost: str = "moves", max_nodes: int | None = None,
                max_memory: int | None = None, **options: Any) -> SolveReport:
    """Solve the level with each of ``lanes`` (portfolios) in its own process, at once (see the
    module docstring). ``cost`` and ``options`` are :func:`~.solve.solve_level`'s (``mode``,
    ``time_limit``, ``clock``, puzzle options); the level and every lane are checked before any
    process starts, so bad input raises here as it would there."""
    raw = select_level(split_levels(text), level)
    Board(raw)  # a bad level raises PuzzleFormatError here, not in every lane
    for lane in lanes:
        check_plan([*lane], members=True)
    if any(member[2] in COMPILED for lane in lanes for member in lane):
        warm()  # once in this process: the forked lanes inherit the kernels
    share = len(lanes)
    options = {**options, "cost": cost, "mode": "any",
               "max_memory": None if max_memory is None else max(1, max_memory // share)}
    started = time.perf_counter()
    # fork where there is one (Python 3.14 makes forkserver the default on Linux): a forked lane
    # starts with SIGINT blocked, as this thread holds it while starting the lane; a forkserver's
    # would not, and could die of a stop sent before its handler is set
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    running: dict[Connection, tuple[int, Any]] = {}
    reports: dict[int, SolveReport | None] = {}
    try:
        for index, lane in enumerate(lanes, 1):
            # the expansions split exactly: the first lanes take the remainder's
            nodes = None if max_nodes is None else \
                max_nodes // share + (index <= max_nodes % share)
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_run_lane, daemon=True,
                                      args=(sender, text, level, tuple(lane),
                                            {**options, "max_nodes": nodes}))
            with _sigint_blocked():  # the lane unblocks it once it can report an interruption
                process.start()
            sender.close()
            running[receiver] = (index, process)
        winner, interrupted = _gather(running, reports)
    finally:
        for _, process in running.values():  # after an error or a lane that would not stop
            process.kill()
            process.join()
    report = _combine(raw.name, cost, reports, winner, interrupted)
    return replace(report, seconds=round(time.perf_counter() - started, 3))


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread (and in a process started meanwhile) while inside."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _run_lane(sender: Connection, text: str, level: int | str | None, lane: tuple[Member, ...],
              options: dict[str, Any]) -> None:
    """A lane's process: solve, send ``("report", SolveReport)``, ``("interrupted", None)``
    or ``("error", exception)``. A SIGINT raises ``KeyboardInterrupt`` only while the solve
    runs (a search reports it as ``interrupted``); one that arrives when this function is
    running its own lines, before the solve or after it returned (the lane finished as the other
    won), is ignored, so that a finished lane's report still gets out. A stopped lane is sent
    SIGINT again every :data:`RESEND` seconds until it reports, and each one raises again: the
    one before may have been lost where Python ignores exceptions (a garbage-collector
    callback). Two within half of that count as one (Ctrl-C from a terminal reaches the lane,
    then the caller passes it on), so that the second does not cut short the report of the
    solve the first one stopped."""
    armed = True
    own = _run_lane.__code__
    raised = -RESEND  # when the handler last raised (monotonic seconds)

    def interrupt(signum: int, frame: Any) -> None:
        nonlocal raised
        now = time.monotonic()
        if armed and frame is not None and frame.f_code is not own and \
                now - raised >= RESEND / 2:
            raised = now
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    message: tuple[str, Any] = ("interrupted", None)
    try:
        try:
            if hasattr(signal, "pthread_sigmask"):  # a SIGINT sent while starting arrives now
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            message = ("report", solve_level(text, level, portfolio=lane, **options))
        finally:
            armed = False  # from here on, nothing raises KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    except Exception as error:  # noqa: BLE001 - sent on, raised in the caller
        message = ("error", error)
    sender.send(message)
    sender.close()


def _gather(running: dict[Connection, tuple[int, Any]],
            reports: dict[int, SolveReport | None]) -> tuple[int | None, bool]:
    """Collect the lanes' reports into ``reports`` (lane -> report, ``None`` if interrupted
    before its solve could report) until every lane has answered; the first lane that ends the
    solve stops the others. Returns (the winning lane or ``None``, whether a lane or the
    caller was interrupted). Raises a lane's error after stopping the others; returns with
    lanes left in ``running`` if they do not report within :data:`STOP_GRACE` of being
    stopped."""
    winner: int | None = None
    interrupted = False
    deadline: float | None = None  # set once the lanes are stopped
    while running:
        try:
            if deadline is not None and time.monotonic() > deadline:
                break
            ready = wait(list(running), None if deadline is None else RESEND)
            if not ready:  # a stop sent while a lane was starting may be lost: send it again
                _stop(running)
            for receiver in cast("list[Connection]", ready):
                index, process = running.pop(receiver)
                message: tuple[str, Any]
                try:
                    message = receiver.recv()
                except EOFError:
                    process.join()
                    message = ("error", RuntimeError(
                        f"lane {index} of the solve died (exit code {process.exitcode})"))
                process.join()
                kind, payload = message
                if kind == "error":
                    _stop(running)
                    raise payload
                report = cast("SolveReport | None", payload)
                reports[index] = report
                if report is None or report.status == "interrupted":
                    interrupted = True
                elif winner is None and report.status in ("solved", "no_solution"):
                    winner = index
                    _stop(running)
                    deadline = time.monotonic() + STOP_GRACE
        except KeyboardInterrupt:  # Ctrl-C here: the lanes got it too, or get it now
            interrupted = True
            _stop(running)
            deadline = deadline or time.monotonic() + STOP_GRACE
    return winner, interrupted


def _stop(running: dict[Connection, tuple[int, Any]]) -> None:
    """Interrupt the lanes still running (SIGINT, as Ctrl-C would)."""
    for _, process in running.values():
        if process.pid is not None and process.exitcode is None:
            try:
                os.kill(process.pid, signal.SIGINT)
            except ProcessLookupError:
                pass


def _combine(name: str, cost: str, reports: dict[int, SolveReport | None],
             winner: int | None, interrupted: bool) -> SolveReport:
    """One report for the solve: the winner's plan (else the first lane's status), every
    lane's counters added up."""
    done = {index: report for index, report in reports.items() if report is not None}
    if winner is not None:
        base = done[winner]
        strategy = f"{base.strategy} [lane {winner}]"
    elif done:
        base = done[min(done)]
        strategy = ""
    else:
        base = SolveReport(name, cost, "interrupted", None, None, 0, 0, 0.0, 0.0,
                           reason="interrupted (Ctrl-C)", mode="any")
        strategy = ""
    status, reason = base.status, base.reason
    if winner is None and interrupted:
        status, reason = "interrupted", "interrupted (Ctrl-C)"
    pruned: dict[str, int] = {}
    for report in done.values():
        for rule, count in report.pruned.items():
            pruned[rule] = pruned.get(rule, 0) + count
    return replace(base, status=status, reason=reason, strategy=strategy, pruned=pruned,
                   nodes=sum(r.nodes for r in done.values()),
                   generated=sum(r.generated for r in done.values()),
                   duplicates=sum(r.duplicates for r in done.values()),
                   visited=sum(r.visited for r in done.values()),
                   max_frontier=max((r.max_frontier for r in done.values()), default=0),
                   cpu_seconds=round(sum(r.cpu_seconds for r in done.values()), 3))
