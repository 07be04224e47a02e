"""A/B of the Sokoban searches: same behaviour (expansions, plans) and the CPU-time ratio.

Usage (from the repository root, with the project's virtual environment)::

    python tools/ab_sokoban.py A B [--rounds N] [--only MEMBER ...] [--scale F]
                               [--collections NAME ...] [--tables]

``A`` and ``B`` are git revisions: ``git archive`` unpacks each one's Sokoban plugin into a
temporary folder under another package name (``sokoban_a``, ``sokoban_b``; the plugin imports
itself relatively), and both run in this process on this checkout's core, alternating case by
case, the order swapped each round, so that the machine's load hits both alike (separate
processes on a shared machine differ by tens of percent; interleaved in one they agree within a
few). Every case -- one member of the ``mode="any"`` portfolio, or the exact A*, on one level,
with a fixed expansion budget -- reports what the search did (status, expanded and generated
positions, pruned per rule, the plan) and its CPU time, without building the ``subsets`` table
(once per level, whatever its searches: ``--tables`` times its building apart and compares the
tables built). The tool fails if A and B did anything differently, and prints per member the
ratio A / B of the summed minimum CPU times (above 1: B is faster), and the median of the
per-case ratios.

The cases: 10 Microban levels and 4 hard Sasquatch levels (``../shared/data/sokoban`` or
``$SEARCHKIT_DATA/sokoban``), each searched by greedy on the ``any`` problem (plain too), the
backward search (``pull``), the feature search and the push-optimal A*.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from searchkit import Budget, search

MEMBERS = {"greedy": 4000, "plain": 4000, "pull": 10000, "features": 3000, "astar": 4000}
LEVELS = [("microban", str(n)) for n in (60, 78, 83, 93, 97, 105, 107, 131, 144, 150)] + \
    [("sasquatch", str(n)) for n in (5, 10, 12, 19)]


def data_folder() -> Path:
    root = os.environ.get("SEARCHKIT_DATA")
    return Path(root) / "sokoban" if root else \
        Path(__file__).resolve().parents[2] / "shared" / "data" / "sokoban"


def load(ref: str, folder: Path, name: str) -> ModuleType:
    """The Sokoban plugin of git revision ``ref``, imported as the package ``name``."""
    archive = subprocess.run(["git", "archive", ref, "plugins/searchkit_sokoban"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    (folder / "plugins" / "searchkit_sokoban").rename(folder / name)
    return importlib.import_module(name)


def run_case(plugin: str, collection: str, level: str, member: str, scale: float
             ) -> tuple[float, dict[str, Any]]:
    """Run one case with the plugin package ``plugin``: its CPU time and what it did."""
    def module(name: str) -> Any:
        return importlib.import_module(f"{plugin}.{name}")

    text = (data_folder() / f"{collection}.xsb").read_text()
    levels = module("levels")
    board = module("board").Board(levels.select_level(levels.split_levels(text), level))
    mode = "optimal" if member == "astar" else "any"
    options = module("plugin").SokobanPuzzle().resolve_options({"cost": "pushes", "mode": mode})
    for name in ("level", "cost", "mode"):
        del options[name]
    limit = round(MEMBERS[member] * scale)
    gc.collect()
    if member == "pull":
        start = time.process_time()
        problem = module("pulls").PullProblem(board)
        result = search(problem, "greedy", budget=Budget(max_expansions=limit))
    else:
        tuning = {"goal_macros": False, "packing_weight": 0} if member == "plain" else {}
        problem = module("problem").make_problem(board, "pushes", mode=mode, **options, **tuning)
        problem.subset_table()  # built once per level, before the clock starts
        start = time.process_time()
        if member == "features":
            result = module("features").feature_search(problem, max_expansions=limit)
        else:
            strategy = "astar" if member == "astar" else "greedy"
            result = search(problem, strategy, budget=Budget(max_expansions=limit))
    cpu = time.process_time() - start
    plan = hashlib.sha1(repr(result.actions).encode()).hexdigest()
    return cpu, {"status": result.status, "expanded": result.stats.expanded,
                 "generated": result.stats.generated, "cost": result.cost,
                 "pruned": dict(problem.pruned), "plan": plan}


def build_tables(plugin: str, collection: str, level: str) -> tuple[float, Any]:
    """Build the ``subsets`` table of a level with the plugin package ``plugin``: the CPU
    time and the tables (box set -> keeper mask, per size)."""
    levels = importlib.import_module(f"{plugin}.levels")
    text = (data_folder() / f"{collection}.xsb").read_text()
    board = importlib.import_module(f"{plugin}.board").Board(
        levels.select_level(levels.split_levels(text), level))
    gc.collect()
    start = time.process_time()
    table = importlib.import_module(f"{plugin}.subsets").SubsetTable(board)
    return time.process_time() - start, table.tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", help="git revision A (the baseline)")
    parser.add_argument("b", help="git revision B")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", choices=MEMBERS, default=list(MEMBERS))
    parser.add_argument("--collections", nargs="*", default=["microban", "sasquatch"],
                        help="the collections whose levels to run (default: both)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every expansion budget by this")
    parser.add_argument("--tables", action="store_true",
                        help="time the building of the subsets tables instead")
    args = parser.parse_args()
    members = ["tables"] if args.tables else args.only
    cases = [(c, lv, m) for m in members for c, lv in LEVELS if c in args.collections]
    with tempfile.TemporaryDirectory(prefix="ab_sokoban_") as scratch:
        sys.path.insert(0, scratch)
        plugins = {side: load(ref, Path(scratch), f"sokoban_{side.lower()}").__name__
                   for side, ref in (("A", args.a), ("B", args.b))}
        compare(plugins, cases, members, args.rounds, args.scale)


def _comparable(outcome: Any) -> Any:
    """A case's outcome without the rules that cut nothing: a rule new on one side (the other
    side's code does not know it) is no difference when it never fired."""
    if not isinstance(outcome, dict) or "pruned" not in outcome:
        return outcome
    return {**outcome, "pruned": {rule: n for rule, n in outcome["pruned"].items() if n}}


def compare(plugins: dict[str, str], cases: list[tuple[str, str, str]], members: list[str],
            rounds: int, scale: float) -> None:
    """Run ``cases`` with both plugins, check they agree and print the ratios per member."""
    times: dict[tuple[str, ...], dict[str, list[float]]] = {
        case: {"A": [], "B": []} for case in cases}
    differ = []
    for round_ in range(rounds):
        for n, case in enumerate(cases):
            order = "AB" if (round_ + n) % 2 == 0 else "BA"
            done = {side: build_tables(plugins[side], *case[:2]) if case[2] == "tables"
                    else run_case(plugins[side], *case, scale) for side in order}
            for side in "AB":
                times[case][side].append(done[side][0])
            if round_ == 0:
                same = _comparable(done["A"][1]) == _comparable(done["B"][1])
                if not same:
                    differ.append(case)
                did = done["B"][1]
                what = f"{sum(map(len, did.values()))} box sets" if case[2] == "tables" else \
                    f"{did['status']:17} expanded {did['expanded']:6} generated " \
                    f"{did['generated']:7}"
                print(f"{'/'.join(case):24} {what}  {'same' if same else 'DIFFERENT'}",
                      flush=True)
    print(f"\n{'member':10} {'A (s)':>8} {'B (s)':>8} {'A/B':>6} {'median':>7}")
    for member in members:
        rows = [times[case] for case in cases if case[2] == member]
        a = sum(min(row["A"]) for row in rows)
        b = sum(min(row["B"]) for row in rows)
        median = statistics.median(min(row["A"]) / min(row["B"]) for row in rows)
        print(f"{member:10} {a:8.2f} {b:8.2f} {a / b:6.2f} {median:7.2f}")
    if differ:
        sys.exit(f"behaviour differs on {len(differ)} case(s): {differ}")
    print("behaviour identical on every case")


if __name__ == "__main__":
    main()
