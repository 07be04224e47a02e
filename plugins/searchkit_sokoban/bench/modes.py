"""Suites ``sokoban-any``, ``sokoban-any-ablation``, ``sokoban-sasquatch-ablation`` and one per
public collection (``sokoban-microban2``, ``-microban3``, ``-microban4``, ``-sasquatch``): how
many levels each mode solves within a CPU-time limit per level.

Every level runs through :func:`~searchkit_sokoban.solve.solve_level` with ``clock="cpu"``
(the solving thread's CPU time, which other jobs on a shared machine do not eat) and its plan is
replayed square by square. ``mode="optimal"`` is push-optimal A*; ``mode="any"`` is the
portfolio of :data:`~searchkit_sokoban.portfolio.PORTFOLIO`.

* ``sokoban-any``: Microban's 155 levels in ``mode="any"``, 10 s each (the target: all 155),
  with one worker and, on a machine with two cores or more, with two (``workers=2``: each lane
  has 10 s of its own process's CPU time; the report adds both lanes' time up).
* ``sokoban-<collection>``: both modes at 60 s a level; the 10 s column counts the levels whose
  CPU time was at most 10 s, and in ``mode="any"`` re-runs the others with a 10 s limit (the
  portfolio shares its time out in proportion to the limit, so a 60 s run is not a 10 s run
  continued). Run two collections at once on a 2-core machine: one process each.
* ``sokoban-any-ablation``: Microban 101-155 in ``mode="any"`` at 10 s, one technique switched
  off at a time (tunnel macros and pulls, goal macros, packing-order guidance, PI-corrals, the
  ``subsets`` table, the ``rooms`` tables, the feature-space search, the backward search, the
  backward macros on plateaus), the ``corral`` rule switched on, and instead of the portfolio
  greedy alone, the feature-space search alone (also weighing every push rather than box
  moves, and with the opener advisor) or the backward search alone (also with its macros,
  everywhere or on plateaus only), and with Numba the compiled backward search alone (and the
  portfolio without it), the compiled feature-space search alone (also without its packing
  advisor) and the compiled backward feature-space search alone (and the portfolio without
  it): :data:`ABLATION`.
  ``sokoban-sasquatch-ablation``: the same on Sasquatch's 50 levels, a harder collection (28 of
  them unsolved at 10 s; about 80 minutes of CPU).

``--quick``: the first 3 levels at 2 s. Data: ``sokoban/<collection>.xsb``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from searchkit.bench import Options, Table

from ..compiled import available
from ..plugin import SokobanPuzzle
from ..portfolio import PORTFOLIO
from ..solve import SolveReport, solve_level

__all__ = ["COLLECTIONS", "run_ablation", "run_any", "run_collection"]

#: Suite suffix -> (data file, title).
COLLECTIONS = {
    "microban2": ("microban_ii.xsb", "Microban II"),
    "microban3": ("microban_iii.xsb", "Microban III"),
    "microban4": ("microban_iv.xsb", "Microban IV"),
    "sasquatch": ("sasquatch.xsb", "Sasquatch"),
}


def _columns(*limits: float) -> list[str]:
    return ["mode", "levels", *(f"solved <= {limit:g} s" for limit in limits), "CPU s (solved)",
            "pushes (solved)", "not solved"]


def _solve_all(options: Options, text: str, numbers: Iterable[int], limit: float,
               **settings: Any) -> list[SolveReport]:
    reports = []
    for number in numbers:
        report = solve_level(text, number, cost="pushes", time_limit=limit, clock="cpu",
                             **settings)
        if report.status == "interrupted":  # Ctrl-C, which the search turned into a result
            raise KeyboardInterrupt
        options.progress(f"  level {number}: {report.status} in {report.cpu_seconds:.1f} s "
                         f"CPU ({report.strategy})")
        reports.append(report)
    return reports


def _in_time(report: SolveReport, limit: float, workers: int = 1) -> bool:
    """Solved within ``limit`` seconds of CPU: the solve's own, or with several workers each
    lane's (their budgets stop them there; the report adds the lanes' times up)."""
    return report.solved and (workers > 1 or report.cpu_seconds <= limit)


def _unsolved(reports: list[SolveReport], limit: float, workers: int = 1) -> str:
    names = [r.level.split()[0] for r in reports if not _in_time(r, limit, workers)]
    return ", ".join(names) if names else "-"


def _details(reports: list[SolveReport], **extra: Any) -> list[dict[str, Any]]:
    return [{**extra, **{k: v for k, v in r.as_dict().items() if k != "lurd"}}
            for r in reports]


def run_any(options: Options) -> Table:
    """``sokoban-any``: Microban in ``mode="any"``, 10 s of CPU a level, one worker, then two
    on a machine with two cores or more."""
    text = options.data_file("sokoban", "microban.xsb").read_text()
    count = 3 if options.quick else len(SokobanPuzzle().levels(text))
    limit = 2.0 if options.quick else 10.0
    rows, details = [], []
    for workers in (1, 2) if (os.cpu_count() or 1) >= 2 else (1,):
        reports = _solve_all(options, text, range(1, count + 1), limit, mode="any",
                             workers=workers)
        solved = [r for r in reports if _in_time(r, limit, workers)]
        rows.append(["any" if workers == 1 else f"any, {workers} workers", len(reports),
                     len(solved), round(sum(r.cpu_seconds for r in solved), 2),
                     sum(r.pushes or 0 for r in solved), _unsolved(reports, limit, workers)])
        details += _details(reports, mode="any", workers=workers)
    return Table("sokoban-any", f"sokoban-any: Microban, {count} levels, mode=any, "
                 f"{limit:g} s of CPU a level", _columns(limit), rows,
                 ["- every plan replayed square by square; none is claimed optimal.",
                  ("- 2 workers: the two lanes at once, each with the limit of its own CPU "
                   "time; the CPU column adds both lanes up.")], details)


def run_collection(options: Options, suffix: str) -> Table:
    """``sokoban-<suffix>``: one collection, both modes, 60 s a level (10 s column too)."""
    filename, title = COLLECTIONS[suffix]
    text = options.data_file("sokoban", filename).read_text()
    count = 3 if options.quick else len(SokobanPuzzle().levels(text))
    limit, short = (2.0, 1.0) if options.quick else (60.0, 10.0)
    rows, details = [], []
    for mode in ("any", "optimal"):
        reports = _solve_all(options, text, range(1, count + 1), limit, mode=mode)
        fast = {r.level for r in reports if r.solved and r.cpu_seconds <= short}
        if mode == "any":  # the portfolio's shares depend on the limit: re-run at the short one
            again = [n for n, r in enumerate(reports, start=1) if r.level not in fast]
            for r in _solve_all(options, text, again, short, mode=mode):
                if r.solved and r.cpu_seconds <= short:
                    fast.add(r.level)
        solved = [r for r in reports if r.solved]
        rows.append([mode, len(reports), len(fast), len(solved),
                     round(sum(r.cpu_seconds for r in solved), 2),
                     sum(r.pushes or 0 for r in solved), _unsolved(reports, limit)])
        details += _details(reports, mode=mode)
    return Table(f"sokoban-{suffix}", f"sokoban-{suffix}: {title}, {count} levels, cost=pushes, "
                 f"{short:g} s and {limit:g} s of CPU a level", _columns(short, limit), rows,
                 [("- mode=optimal: push-optimal A*; mode=any: the portfolio of solve_level ("
                  + "; ".join(name for name, *_ in PORTFOLIO) + "), plans not claimed optimal."),
                  "- every plan replayed square by square."], details)


#: ``sokoban-any-ablation``: a name and what to switch off (the compiled searches' rows only
#: with Numba installed).
ABLATION: tuple[tuple[str, dict[str, Any]], ...] = (
    ("everything on", {}),
    ("no tunnel macros or pulls", {"tunnels": False}),
    ("no goal macros", {"goal_macros": False}),
    ("no packing-order guidance", {"packing_weight": 0}),
    ("no PI-corrals", {"pi_corral": False}),
    ("no subsets table", {"subsets": False}),
    ("no rooms tables", {"rooms": False}),
    ("no feature-space search", {"portfolio": tuple(m for m in PORTFOLIO
                                                    if m[2] != "features")}),
    ("no backward search", {"portfolio": tuple(m for m in PORTFOLIO
                                               if m[2] not in ("pull", "compiled-pull"))}),
    *((("no compiled backward search", {"portfolio": tuple(m for m in PORTFOLIO
                                                          if m[2] != "compiled-pull")}),
       ("no compiled backward feature-space search",
        {"portfolio": tuple(m for m in PORTFOLIO if m[2] != "compiled-pull" or
                            "features" not in m[4])}))
      if available() else ()),
    ("no backward macros on plateaus", {"portfolio": tuple(m for m in PORTFOLIO
                                                           if "macro_depth" not in m[4])}),
    ("corral rule on", {"corral": True}),
    ("greedy alone (no portfolio)", {"strategy": "greedy"}),
    ("feature-space search alone", {"strategy": "features"}),
    ("the same, weighing pushes, not box moves", {"strategy": "features", "box_moves": False}),
    ("the same, with the opener advisor", {"strategy": "features", "opener": True}),
    ("backward search alone", {"strategy": "pull"}),
    ("the same, with its macros", {"portfolio": (("pull, macros", "any", "pull", 1.0,
                                                   {"macro_depth": 8}),)}),
    ("the same, with its macros on plateaus only",
     {"portfolio": (("pull, plateau macros", "any", "pull", 1.0,
                     {"macro_depth": 8, "plateau_macros": True}),)}),
    *((("compiled backward search alone", {"strategy": "compiled-pull"}),
       ("compiled feature-space search alone", {"strategy": "compiled-features"}),
       ("the same, without its packing advisor",
        {"portfolio": (("compiled features, no advisor", "any", "compiled-features", 1.0,
                        {"advisor": False}),)}),
       ("compiled backward feature-space search alone",
        {"portfolio": (("compiled pull, features", "any", "compiled-pull", 1.0,
                        {"features": ("off_start", "regions")}),)})
       ) if available() else ()),
)


def run_ablation(options: Options, suite: str, file: str, title: str, numbers: range) -> Table:
    """The ablation suite ``suite``: ``mode="any"`` on levels ``numbers`` of the collection
    ``file`` of the data folder (called ``title``), one change at a time; ``--quick``: their
    first 3 levels, 2 s each."""
    text = options.data_file("sokoban", file).read_text()
    numbers = numbers[:3] if options.quick else numbers
    limit = 2.0 if options.quick else 10.0
    rows, details = [], []
    for name, change in ABLATION:
        options.progress(f" {name}")
        reports = _solve_all(options, text, numbers, limit, mode="any", **change)
        solved = [r for r in reports if r.solved]
        rows.append([name, len(solved), round(sum(r.cpu_seconds for r in reports), 2),
                     sum(r.nodes for r in reports), sum(r.pushes or 0 for r in solved),
                     _unsolved(reports, limit)])
        details += _details(reports, configuration=name)
    return Table(suite, f"{suite}: {title} {numbers[0]}-{numbers[-1]}, mode=any, {limit:g} s "
                 "of CPU a level, one change at a time",
                 ["configuration", "solved", "CPU s (all)", "expanded (all)", "pushes (solved)",
                  "not solved"], rows,
                 ["- CPU and expansions include the unsolved levels' full limit."], details)
