"""A/B timing of two git revisions of searchkit on timed cases, alternating, as ratios.

    python tools/ab_cases.py REV_A REV_B CASES.py [--rounds N] [-k WORDS ...]

Each revision (anything ``git archive`` takes: a branch, a commit, ``HEAD``; or ``.`` for the
working tree as it is) is extracted to a temporary directory. Then ``CASES.py`` runs ``N`` times
for each, alternating A, B, A, B..., in a fresh interpreter whose ``PYTHONPATH`` puts that
revision's ``searchkit`` and ``plugins`` first. The script prints one JSON object per line,
``{"case": NAME, "seconds": CPU_SECONDS}``; for each case this prints the best time of A and of
B and the ratio B/A (below 1: B is faster). ``-k WORDS`` is handed to the script, which runs only
the cases whose names contain one of them. Machines are noisy: trust ratios of the same run,
not absolute seconds, and re-run when a ratio is near the threshold that matters.

For the ``searchkit bench`` suites between two installed environments, see ``ab_bench.py``;
this script is for measurements that are not a suite (an operation of one component, a search
with particular settings), written as a small cases script such as ``ab_visited.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def extract(rev: str, into: Path) -> Path:
    """The source tree of ``rev`` under ``into`` (``.``: the working tree itself)."""
    if rev == ".":
        return ROOT
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def run_cases(tree: Path, script: Path, selection: list[str]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(tree / "plugins")]))
    out = subprocess.run([sys.executable, str(script), *selection], env=env, check=True,
                         capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout
    times = {}
    for line in out.splitlines():
        record = json.loads(line)
        times[record["case"]] = float(record["seconds"])
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", metavar="REV_A")
    parser.add_argument("b", metavar="REV_B")
    parser.add_argument("cases", metavar="CASES.py", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("-k", dest="selection", action="append", default=[], metavar="WORDS",
                        help="run only the cases whose names contain WORDS (repeatable)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"A": extract(args.a, Path(tmp) / "a"), "B": extract(args.b, Path(tmp) / "b")}
        best: dict[str, dict[str, float]] = {"A": {}, "B": {}}
        for round_ in range(args.rounds):
            for side in ("A", "B"):
                for case, seconds in run_cases(trees[side], args.cases.resolve(),
                                                   args.selection).items():
                    best[side][case] = min(seconds, best[side].get(case, float("inf")))
            print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    print(f"A = {args.a}, B = {args.b}, best of {args.rounds} alternating rounds (CPU seconds)")
    print(f"{'case':48} {'A':>9} {'B':>9} {'B/A':>6}")
    for case in best["A"]:
        a, b = best["A"][case], best["B"].get(case)
        ratio = f"{b / a:6.3f}" if b is not None and a > 0 else "     -"
        print(f"{case:48} {a:9.4f} {'-' if b is None else f'{b:9.4f}'} {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
