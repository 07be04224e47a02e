"""A/B of the Sokoban searches: same behaviour (expansions, plans) and the CPU-time ratio.

Usage (from the repository root, with the project's virtual environment)::

    python tools/ab_sokoban.py A B [--rounds N] [--only MEMBER ...] [--scale F]
                               [--collections NAME ...]

``A`` and ``B`` are git revisions: ``git archive`` unpacks each one's ``searchkit`` and
``plugins`` into a temporary folder, which its workers put first on ``PYTHONPATH``. Every
case -- one member of the ``mode="any"`` portfolio, or the exact A*, on one level, with a fixed
expansion budget -- runs in a fresh process of each side, A and B alternating, the order swapped
each round, so the machine's load hits both alike. A case reports what the search did (status,
expanded and generated positions, pruned per rule, the plan) and its process CPU time
(without building the ``subsets`` table, which a level needs once, whatever its searches). The
tool fails if A and B did anything differently, and prints per member the ratio A / B of the
summed minimum CPU times (above 1: B is faster), and the median per-case ratio.

The cases: 10 Microban levels and 4 hard Sasquatch levels (``../shared/data/sokoban`` or
``$SEARCHKIT_DATA/sokoban``), each searched by greedy on the ``any`` problem (plain too), the
backward search (``pull``), the feature search and the push-optimal A*.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEMBERS = {"greedy": 4000, "plain": 4000, "pull": 10000, "features": 3000, "astar": 4000}
LEVELS = [("microban", str(n)) for n in (60, 78, 83, 93, 97, 105, 107, 131, 144, 150)] + \
    [("sasquatch", str(n)) for n in (5, 10, 12, 19)]


def data_folder() -> Path:
    root = os.environ.get("SEARCHKIT_DATA")
    return Path(root) / "sokoban" if root else \
        Path(__file__).resolve().parents[2] / "shared" / "data" / "sokoban"


def run_case(collection: str, level: str, member: str, scale: str = "1") -> dict:
    """Run one case in this process and describe what it did (the worker's job)."""
    from searchkit import Budget, search
    from searchkit_sokoban.board import Board
    from searchkit_sokoban.features import feature_search
    from searchkit_sokoban.levels import select_level, split_levels
    from searchkit_sokoban.plugin import SokobanPuzzle
    from searchkit_sokoban.problem import make_problem
    from searchkit_sokoban.pulls import PullProblem

    text = (data_folder() / f"{collection}.xsb").read_text()
    board = Board(select_level(split_levels(text), level))
    mode = "optimal" if member == "astar" else "any"
    options = SokobanPuzzle().resolve_options({"cost": "pushes", "mode": mode})
    for name in ("level", "cost", "mode"):
        del options[name]
    limit = round(MEMBERS[member] * float(scale))
    if member == "pull":
        start = time.process_time()
        problem = PullProblem(board)
        result = search(problem, "greedy", budget=Budget(max_expansions=limit))
    else:
        tuning = {"goal_macros": False, "packing_weight": 0} if member == "plain" else {}
        problem = make_problem(board, "pushes", mode=mode, **options, **tuning)
        problem.subset_table()  # built once per level, before the clock starts
        start = time.process_time()
        if member == "features":
            result = feature_search(problem, max_expansions=limit)
        else:
            strategy = "astar" if member == "astar" else "greedy"
            result = search(problem, strategy, budget=Budget(max_expansions=limit))
    cpu = time.process_time() - start
    plan = repr(result.actions)
    return {"cpu": cpu, "code": str(Path(sys.modules["searchkit_sokoban"].__file__).parents[2]),
            "did": {
        "status": result.status, "expanded": result.stats.expanded,
        "generated": result.stats.generated, "cost": result.cost,
        "pruned": dict(problem.pruned), "plan": hashlib.sha1(plan.encode()).hexdigest()}}


def unpack(ref: str, folder: Path) -> Path:
    """The ``searchkit`` and ``plugins`` folders of git revision ``ref``, unpacked in
    ``folder``."""
    folder.mkdir()
    archive = subprocess.run(["git", "archive", ref, "searchkit", "plugins"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def worker(tree: Path, case: tuple[str, ...]) -> dict:
    """Run ``case`` in a fresh process on the code unpacked in ``tree``."""
    env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{tree / 'plugins'}"}
    out = subprocess.run([sys.executable, __file__, "--worker", *case], check=True,
                         capture_output=True, text=True, env=env).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", nargs="?", help="git revision A (the baseline)")
    parser.add_argument("b", nargs="?", help="git revision B")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=MEMBERS, default=list(MEMBERS))
    parser.add_argument("--collections", nargs="*", default=["microban", "sasquatch"],
                        help="the collections whose levels to run (default: both)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every expansion budget by this")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(run_case(*args.worker)))
        return
    cases = [(c, lv, m, str(args.scale)) for m in args.only for c, lv in LEVELS
             if c in args.collections]
    with tempfile.TemporaryDirectory(prefix="ab_sokoban_") as scratch:
        trees = {side: unpack(ref, Path(scratch) / side) for side, ref in (("A", args.a),
                                                                           ("B", args.b))}
        compare(trees, cases, args.only, args.rounds)


def compare(trees: dict[str, Path], cases: list[tuple[str, ...]], members: list[str],
            rounds: int) -> None:
    """Run ``cases`` on both trees, check they agree and print the ratios per member."""
    times: dict[tuple, dict[str, list[float]]] = {case: {"A": [], "B": []} for case in cases}
    differ = []
    for round_ in range(rounds):
        for n, case in enumerate(cases):
            order = "AB" if (round_ + n) % 2 == 0 else "BA"
            done = {side: worker(trees[side], case) for side in order}
            for side in "AB":
                assert done[side]["code"] == str(trees[side]), done[side]["code"]
                times[case][side].append(done[side]["cpu"])
            if round_ == 0:
                same = done["A"]["did"] == done["B"]["did"]
                if not same:
                    differ.append(case)
                did = done["B"]["did"]
                print(f"{'/'.join(case[:3]):24} {did['status']:17} expanded {did['expanded']:6} "
                      f"generated {did['generated']:7}  A {done['A']['cpu']:6.2f} s  "
                      f"B {done['B']['cpu']:6.2f} s  {'same' if same else 'DIFFERENT'}",
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
