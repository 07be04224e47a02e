"""The benchmark harness: contenders, measurements, tables.

A *search suite* is a list of instances (each with its known optimal cost, when known) and a list
of :class:`Contender` objects. Each contender is run on every instance with CPU time measured by
:func:`time.process_time`; peak memory is measured in a separate, untimed pass under
:mod:`tracemalloc` (tracing slows Python code down several times, so it never overlaps a timed
run). A contender whose dependency is missing is listed as *unavailable* with the reason; a
contender that runs out of its per-instance CPU limit is recorded as unsolved on that instance.

Ratios compare CPU seconds with the suite's reference contender (the hand-tuned baseline) on the
instances both solved, so a peer that times out on the hard instances is not flattered.

Every suite, search or not, produces a :class:`~searchkit.bench.table.Table` (re-exported here).
"""

from __future__ import annotations

import gc
import signal
import threading
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .table import Table, format_table, unavailable

__all__ = [
    "Instance", "Outcome", "Contender", "Table", "TimeLimit", "run_search_suite", "format_table",
    "cpu_limit", "stop_on_ctrl_c", "unavailable",
]


@dataclass(frozen=True)
class Instance:
    """One problem instance: a name, the data a contender's ``solve`` receives, and its optimum
    (``None`` when unknown; then "all optimal" compares with the reference contender)."""

    name: str
    data: Any
    optimum: float | None = None


@dataclass
class Outcome:
    """What a contender reports for one instance: the cost found (``None`` if unsolved) and the
    number of expansions; ``extra`` holds suite-specific counters (e.g. ``below_f_star``)."""

    cost: float | None
    expanded: int
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Contender:
    """A solver in a suite.

    ``solve(instance_data) -> Outcome`` does the whole job for one instance (setup included,
    unless ``prepare`` is given: ``prepare(data)`` runs untimed first and its result is what
    ``solve`` receives). ``audit(data) -> dict``, when given, replaces ``solve`` in the untimed
    memory pass and returns suite-specific counters that are costly to gather (added to
    ``Outcome.extra``). ``unavailable`` is a reason string when the contender cannot run (a peer
    that is not installed). ``time_limit`` caps the CPU seconds per instance.
    """

    name: str
    solve: Callable[[Any], Outcome]
    unavailable: str | None = None
    reference: bool = False
    time_limit: float | None = None
    prepare: Callable[[Any], Any] | None = None
    audit: Callable[[Any], dict[str, Any]] | None = None
    note: str = ""


class TimeLimit(Exception):
    """Raised inside a contender when its CPU time limit expires."""


class cpu_limit:  # noqa: N801 - used as a context manager, reads like a function
    """Raise :class:`TimeLimit` in the main thread after ``seconds`` of process CPU time.

    Uses ``setitimer(ITIMER_PROF)``; a ``None`` limit or a platform without it means no limit.
    A limit beyond a billion seconds (which ``setitimer`` may not take) is cut to that.
    """

    def __init__(self, seconds: float | None) -> None:
        seconds = min(seconds, 1e9) if seconds else None
        self.seconds = seconds if seconds and hasattr(signal, "setitimer") else None

    def __enter__(self) -> cpu_limit:
        if self.seconds:
            def expire(signum: int, frame: Any) -> None:
                raise TimeLimit()
            self._old = signal.signal(signal.SIGPROF, expire)
            signal.setitimer(signal.ITIMER_PROF, self.seconds)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self._old)


class stop_on_ctrl_c:  # noqa: N801 - used as a context manager, reads like a function
    """Make Ctrl-C stop a benchmark even when a search turns it into a result.

    The search loops catch ``KeyboardInterrupt`` and return an ``interrupted`` result, which a
    suite would score as unsolved before going on to the next instance. Inside this block a
    Ctrl-C is noted as well, and leaving the block raises ``KeyboardInterrupt`` again. It acts
    only where Python's own Ctrl-C handler is in place (the main thread, Ctrl-C not ignored).
    """

    def __enter__(self) -> stop_on_ctrl_c:
        self.hit = False
        self._old = signal.getsignal(signal.SIGINT)
        self._active = self._old is signal.default_int_handler and \
            threading.current_thread() is threading.main_thread()
        if self._active:
            signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum: int, frame: Any) -> None:
        self.hit = True
        raise KeyboardInterrupt

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self._active:
            signal.signal(signal.SIGINT, self._old)
        if self.hit and exc_type is None:
            raise KeyboardInterrupt


@dataclass
class _Tally:
    solved: int = 0
    optimal: bool = True
    expanded: int = 0
    cpu: float = 0.0
    peak: int | None = None
    timeouts: int = 0
    per_instance: dict[str, tuple[float | None, int, float]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


def _timed(contender: Contender, data: Any) -> tuple[Outcome | None, float]:
    arg = contender.prepare(data) if contender.prepare is not None else data
    gc.collect()
    start = time.process_time()
    try:
        with stop_on_ctrl_c(), cpu_limit(contender.time_limit):
            outcome = contender.solve(arg)
    except TimeLimit:
        outcome = None
    return outcome, time.process_time() - start


def _untimed(contender: Contender, data: Any) -> tuple[int, dict[str, Any]]:
    """Peak traced bytes of one run (the audit when there is one) and the audit's counters."""
    arg = contender.prepare(data) if contender.prepare is not None and contender.audit is None \
        else data
    gc.collect()
    extra: dict[str, Any] = {}
    tracemalloc.start()
    try:
        with stop_on_ctrl_c(), \
                cpu_limit(None if contender.time_limit is None else 3 * contender.time_limit):
            if contender.audit is not None:
                extra = contender.audit(arg)
            else:
                contender.solve(arg)
    except TimeLimit:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak, extra


def run_search_suite(
    suite: str,
    title: str,
    instances: Sequence[Instance],
    contenders: Sequence[Contender],
    *,
    repeat: int = 1,
    memory: bool = True,
    memory_instances: int | None = None,
    extra_columns: Sequence[tuple[str, str]] = (),
    notes: Sequence[str] = (),
    log: Callable[[str], None] | None = None,
) -> Table:
    """Run every available contender on every instance and tabulate.

    CPU seconds are the minimum over ``repeat`` runs of each instance, the contenders taking
    turns on each instance. "all optimal" says whether every instance the contender *solved* got
    the instance's optimum (or, when unknown, the reference's cost); the "solved" column says how
    many it solved. Peak memory is measured on the first ``memory_instances`` instances (all by
    default). ``extra_columns`` are ``(column title, Outcome.extra key)`` pairs summed over
    instances.
    """
    reference = next((c for c in contenders if c.reference), None)
    active = [c for c in contenders if not c.unavailable]
    tallies = {c.name: _Tally() for c in active}
    # Instance-major and interleaved: every contender runs on an instance (round after round
    # when repeating) before the next instance, so a change in the machine's load during the
    # suite hits every contender alike instead of skewing the ratios.
    for inst in instances:
        best: dict[str, tuple[float, Outcome] | None] = {  # type: ignore[misc]
            c.name: (float("inf"), None) for c in active}
        for _ in range(max(1, repeat)):
            for contender in active:
                if best[contender.name] is None:
                    continue  # over its time limit on this instance: not retried
                result, cpu = _timed(contender, inst.data)
                if result is None:
                    best[contender.name] = None
                elif cpu < best[contender.name][0]:  # type: ignore[index]
                    best[contender.name] = (cpu, result)
        expected = inst.optimum
        if expected is None and reference is not None and best.get(reference.name):
            expected = best[reference.name][1].cost  # type: ignore[index]
        for contender in active:
            tally = tallies[contender.name]
            entry = best[contender.name]
            outcome = None if entry is None else entry[1]
            if outcome is None or outcome.cost is None:
                tally.timeouts += entry is None
                tally.per_instance[inst.name] = (None, 0, 0.0 if entry is None else entry[0])
                if log:
                    log(f"  {suite}: {contender.name} {inst.name}: not solved")
                continue
            if expected is not None and outcome.cost != expected:
                tally.optimal = False
            tally.solved += 1
            tally.expanded += outcome.expanded
            tally.cpu += entry[0]  # type: ignore[index]
            tally.per_instance[inst.name] = (outcome.cost, outcome.expanded, entry[0])  # type: ignore[index]
            for _col, key in extra_columns:
                if key in outcome.extra:
                    tally.extra[key] = tally.extra.get(key, 0) + outcome.extra[key]
    for contender in active:
        tally = tallies[contender.name]
        if memory or contender.audit is not None:
            peak: int | None = None
            for inst in instances[:memory_instances]:
                if tally.per_instance[inst.name][0] is None:
                    continue  # unsolved in the timed pass: no second try
                inst_peak, extra = _untimed(contender, inst.data)
                peak = max(peak or 0, inst_peak)
                for key, value in extra.items():
                    tally.extra[key] = tally.extra.get(key, 0) + value
            tally.peak = peak
        if log:
            log(f"  {suite}: {contender.name}: {tally.solved}/{len(instances)} solved, "
                f"{tally.cpu:.3f} s CPU")
    ref_tally = tallies.get(reference.name) if reference is not None else None
    columns = ["contender", "solved", "all optimal", "expanded", "CPU s", "exp/CPU s",
               "peak MiB", "CPU ratio"] + [c for c, _ in extra_columns]
    rows: list[list[Any]] = []
    details: list[dict[str, Any]] = []
    for contender in contenders:
        if contender.unavailable:
            rows.append([contender.name, "unavailable"] + [None] * (len(columns) - 2))
            continue
        t = tallies[contender.name]
        ratio = _ratio(t, ref_tally)
        solved = f"{t.solved}/{len(instances)}"
        if t.timeouts:
            solved += f" ({t.timeouts} over {contender.time_limit:g} s)"
        rows.append([
            contender.name + (" (reference)" if contender is reference else ""),
            solved,
            t.optimal if t.solved else None,
            t.expanded,
            round(t.cpu, 4),
            round(t.expanded / t.cpu) if t.cpu > 0 else None,
            None if t.peak is None else round(t.peak / 2**20, 2),
            None if ratio is None else round(ratio, 3),
        ] + [t.extra.get(key) for _c, key in extra_columns])
        details.append({"contender": contender.name, "instances": {
            name: {"cost": c, "expanded": e, "cpu": round(s, 6)}
            for name, (c, e, s) in t.per_instance.items()}})
    table_notes = list(notes)
    table_notes += [f"- {c.name}: {c.note}" for c in contenders if c.note]
    table_notes += [f"- {c.name}: unavailable: {c.unavailable}" for c in contenders
                    if c.unavailable]
    if ref_tally is not None:
        table_notes.append("- CPU ratio: CPU seconds / the reference's CPU seconds on the instances"
                           " both solved (lower is faster).")
    return Table(suite, title, columns, rows, table_notes, details)


def _ratio(t: _Tally, ref: _Tally | None) -> float | None:
    if ref is None:
        return None
    common = [n for n, (c, _e, _s) in t.per_instance.items()
              if c is not None and ref.per_instance.get(n, (None,))[0] is not None]
    mine = sum(t.per_instance[n][2] for n in common)
    theirs = sum(ref.per_instance[n][2] for n in common)
    return mine / theirs if theirs > 0 and common else None
