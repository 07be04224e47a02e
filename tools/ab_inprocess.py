"""A/B in one process: the core of another revision against this checkout's, interleaved.

Usage (from the repository root, with the project's virtual environment)::

    python tools/ab_inprocess.py REF [--rounds N] [CASE ...]
    python tools/ab_inprocess.py --observer-cost [--rounds N] [CASE ...]

``git archive REF searchkit`` is unpacked into a temporary folder as the package ``searchkit_ab``
(the core imports itself relatively, so the copy runs its own loops), and both packages search
the very same problem objects, built by this checkout's plugins (the copy is told their base
class, :class:`~searchkit.ProblemBase`, so that it skips the same default methods). Each round
times every case once with each package (process CPU time), alternating which goes first, so
the machine's load hits both alike. Per case the table gives the minimum time of each side and
two ratios, B over A (this checkout over ``REF``): of the minima, and the median of the
per-round ratios. The cases are the bench suites the 3% rule of issue 17 names, on the same
instances as ``searchkit bench`` (``8puzzle-astar``: its 23 positions three times, heap
frontier, taquin plugin; ``15puzzle-idastar``: Korf's 10 easiest, linear conflict,
``cycle_check="parent"``), plus smaller ones. The Korf instances are read from
``../shared/data`` (or ``$SEARCHKIT_DATA``).

``--observer-cost`` measures what watching a search costs, for information: A is this checkout's
plain ``search``, B the same search with an observer that does nothing, C the same events
consumed from :func:`searchkit.steps`.
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
        "8puzzle-astar (23 positions x3)": lambda s: [s.search(p, "astar") for p in eight * 3],
        "15puzzle-idastar (10 easiest)":
            lambda s: [s.search(p, "idastar", cycle_check="parent") for p in fifteen],
        "nstar 1000 bfs x20": lambda s: [s.search(nstar, "bfs") for _ in range(20)],
        "rushhour examples bfs": lambda s: [s.search(p, "bfs") for p in cards],
        "8puzzle bibfs x5": lambda s: [s.search(p, "bibfs") for p in eight[:5]],
    }


class Watched:
    """This checkout's ``search`` with a no-op observer (``stepped``: its events consumed from
    :func:`searchkit.steps` instead), standing in for a package in the cases."""

    def __init__(self, stepped: bool) -> None:
        self.stepped = stepped

    def search(self, problem: Any, strategy: str, **options: Any) -> Any:
        if self.stepped:
            *_, last = new.steps(problem, strategy, **options)
            return last.result
        return new.search(problem, strategy, observer=_ignore, **options)


def _ignore(event: Any) -> None:
    """The observer that does nothing."""


def interleave(sides: dict[str, Any], run: Case, rounds: int) -> dict[str, list[float]]:
    """CPU seconds of ``run(package)`` for each side, ``rounds`` times, the order rotating."""
    for package in sides.values():
        run(package)  # warm up: specialised loops compiled, tables built
    times: dict[str, list[float]] = {side: [] for side in sides}
    names = list(sides)
    for r in range(rounds):
        for side in names[r % len(names):] + names[:r % len(names)]:
            started = time.process_time()
            run(sides[side])
            times[side].append(time.process_time() - started)
    return times


def main(argv: list[str]) -> int:
    if not argv or (argv[0].startswith("-") and argv[0] != "--observer-cost"):
        print(__doc__, file=sys.stderr)
        return 2
    ref, rest = argv[0], argv[1:]
    rounds = 7
    if rest[:1] == ["--rounds"]:
        rounds, rest = int(rest[1]), rest[2:]
    sys.setrecursionlimit(30000)
    with tempfile.TemporaryDirectory() as tmp:
        if ref == "--observer-cost":
            sides = {"A": new, "B": Watched(False), "C": Watched(True)}
            print(f"A = search(), B = search(observer=no-op), C = steps() consumed; {rounds} "
                  "rounds, CPU seconds")
            print("| case | A min s | B/A | C/A |")
            print("| --- | ---: | ---: | ---: |")
        else:
            sides = {"A": load_old(ref, Path(tmp)), "B": new}
            print(f"A = {ref} (searchkit_ab), B = this checkout; {rounds} rounds, CPU seconds")
            print("| case | A min s | B min s | B/A (minima) | B/A (median of rounds) |")
            print("| --- | ---: | ---: | ---: | ---: |")
        chosen = cases()
        for name in rest or list(chosen):
            times = interleave(sides, chosen[name], rounds)
            a = min(times["A"])
            if ref == "--observer-cost":
                print(f"| {name} | {a:.3f} | {min(times['B']) / a:.2f} | "
                      f"{min(times['C']) / a:.2f} |", flush=True)
                continue
            b = min(times["B"])
            ratios = [y / x for x, y in zip(times["A"], times["B"])]
            print(f"| {name} | {a:.3f} | {b:.3f} | {b / a:.3f} | {statistics.median(ratios):.3f} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
