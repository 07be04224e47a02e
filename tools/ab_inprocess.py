"""A/B in one process: the core of another revision against this checkout's, interleaved.

Usage (from the repository root, with the project's virtual environment)::

    python tools/ab_inprocess.py REF [--rounds N] [CASE ...]

``git archive REF searchkit`` is unpacked into a temporary folder as the package ``searchkit_ab``
(the core imports itself relatively, so the copy runs its own loops), and both packages search
the very same problem objects, built by this checkout's plugins (the copy is told their base
class, :class:`~searchkit.ProblemBase`, so that it skips the same default methods). Each round times every case once
with each package (process CPU time), alternating which goes first, so the machine's load hits
both alike. Per case the table gives the minimum time of each side and two ratios, B over A
(this checkout over ``REF``): of the minima, and the median of the per-round ratios. The cases
are the bench suites the 3% rule of issue 17 names, on the same instances as ``searchkit
bench`` (``8puzzle-astar``: its 23 positions, heap frontier, taquin plugin; ``15puzzle-idastar``:
Korf's 10 easiest, linear conflict, ``cycle_check="parent"``), plus smaller ones. The Korf
instances are read from ``../shared/data`` (or ``$SEARCHKIT_DATA``).
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import searchkit as new

Case = Callable[[Any], object]


def load_old(ref: str, folder: Path) -> Any:
    """The ``searchkit`` package of git revision ``ref``, imported as ``searchkit_ab``."""
    archive = folder / "old.tar"
    with open(archive, "wb") as handle:
        subprocess.run(["git", "archive", ref, "searchkit"], check=True, stdout=handle)
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "unpacked", filter="data")
    (folder / "unpacked" / "searchkit").rename(folder / "searchkit_ab")
    sys.path.insert(0, str(folder))
    old = importlib.import_module("searchkit_ab")
    # The plugins' problems derive from this checkout's ProblemBase: the copy must recognise its
    # defaults as such (has_own), or it calls an inherited identity key on every node.
    importlib.import_module("searchkit_ab.problem").ProblemBase = new.ProblemBase
    return old


def cases() -> dict[str, Case]:
    from searchkit_taquin.bench.instances import astar_instances, taquin_problem
    from searchkit_taquin.bench.korf import load_korf100
    from searchkit_taquin.bench.puzzle15_idastar import taquin_15

    eight = [taquin_problem(start, goal) for _n, start, goal, _c in astar_instances(quick=False)]
    data = Path(os.environ.get("SEARCHKIT_DATA", "../shared/data"))
    korf = sorted((k for k in load_korf100(data) if k.nodes_lc), key=lambda k: k.nodes_lc)
    fifteen = [taquin_15(k.tiles, "linear-conflict") for k in korf[:10]]
    nstar = new.get_puzzle("nstar").parse("1 1000")
    rushhour = new.get_puzzle("rushhour")
    cards = [rushhour.parse(text) for text in list(rushhour.examples().values())[:3]]
    return {
        "8puzzle-astar (23 positions)": lambda s: [s.search(p, "astar") for p in eight],
        "15puzzle-idastar (10 easiest)":
            lambda s: [s.search(p, "idastar", cycle_check="parent") for p in fifteen],
        "nstar 1000 bfs x20": lambda s: [s.search(nstar, "bfs") for _ in range(20)],
        "rushhour examples bfs": lambda s: [s.search(p, "bfs") for p in cards],
        "8puzzle bibfs x5": lambda s: [s.search(p, "bibfs") for p in eight[:5]],
    }


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    ref, rest = argv[0], argv[1:]
    rounds = 7
    if rest[:1] == ["--rounds"]:
        rounds, rest = int(rest[1]), rest[2:]
    sys.setrecursionlimit(30000)
    with tempfile.TemporaryDirectory() as tmp:
        old = load_old(ref, Path(tmp))
        chosen = cases()
        names = rest or list(chosen)
        print(f"A = {ref} (searchkit_ab), B = this checkout; {rounds} rounds, CPU seconds")
        print("| case | A min s | B min s | B/A (minima) | B/A (median of rounds) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name in names:
            run = chosen[name]
            run(old), run(new)  # warm up: specialised loops compiled, tables built
            times: dict[str, list[float]] = {"A": [], "B": []}
            for r in range(rounds):
                order = [("A", old), ("B", new)] if r % 2 == 0 else [("B", new), ("A", old)]
                for side, package in order:
                    started = time.process_time()
                    run(package)
                    times[side].append(time.process_time() - started)
            ratios = [b / a for a, b in zip(times["A"], times["B"])]
            a, b = min(times["A"]), min(times["B"])
            print(f"| {name} | {a:.3f} | {b:.3f} | {b / a:.3f} | {statistics.median(ratios):.3f} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
