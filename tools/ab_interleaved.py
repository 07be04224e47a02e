"""Interleaved A/B, case by case: two long-lived worker processes (one per install of searchkit)
run the same small searches in turn (ABAB..., alternating which goes first), and the medians of
their CPU times are compared.

Usage::

    python tools/ab_interleaved.py A_PYTHON B_PYTHON [ROUNDS]

Finer-grained than ``tools/ab_bench.py`` (whole suites, one process per run): each case is
timed ROUNDS times (default 7) in warm processes, seconds apart, so a noisy machine slows A and
B alike. Run it once with the same interpreter for A and B to see the noise (A/A ratios).
B/A above 1 means B is slower. Run it from outside the checkouts (e.g. ``cd /tmp``) so that each
interpreter imports its own install.
"""

import json
import statistics
import subprocess
import sys

# The worker: builds the problems once, then times each case named on its stdin.
WORKER = r'''
import json, sys, time
import searchkit as sk
sk.strategies()
taquin, nstar = sk.get_puzzle("taquin"), sk.get_puzzle("nstar")
eight = [taquin.build(t) for t in ("87 135462", "867254301\ngoal\n123456780", "8 6 7 2 5 4 3 0 1")]
k79 = taquin.build("0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15")
n42, n_tree = nstar.build("1 42"), nstar.build("1 100000")
by = sk.Budget
cases = {
    "8puzzle astar x3": lambda: [sk.search(p, "astar") for p in eight],
    "8puzzle bfs x3": lambda: [sk.search(p, "bfs") for p in eight],
    "8puzzle explore": lambda: sk.explore(eight[0]),
    "15puzzle idastar korf79": lambda: sk.search(k79, "idastar", cycle_check="parent"),
    "15puzzle bibfs 100k": lambda: sk.search(k79, "bibfs", budget=by(max_expansions=100000)),
    "nstar 42 bfs x200": lambda: [sk.search(n42, "bfs") for _ in range(200)],
    "nstar tree bfs 20k": lambda: sk.search(n_tree, "bfs", visited="none",
                                            budget=by(max_expansions=20000)),
    "8puzzle bfs x3, 10 s budget": lambda: [sk.search(p, "bfs", budget=by(max_seconds=10))
                                            for p in eight],
    "8puzzle bfs x3, 1 GB budget": lambda: [sk.search(p, "bfs", budget=by(max_bytes=10**9))
                                            for p in eight],
}
print(json.dumps(list(cases)), flush=True)
for line in sys.stdin:
    t = time.process_time(); cases[line.strip()](); print(time.process_time() - t, flush=True)
'''



def start(python: str) -> tuple[subprocess.Popen[str], list[str]]:
    """A worker on ``python`` and the names of its cases."""
    worker = subprocess.Popen([python, "-c", WORKER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert worker.stdout is not None
    return worker, json.loads(worker.stdout.readline())


def timed(worker: subprocess.Popen[str], case: str) -> float:
    """The CPU seconds of one run of ``case`` in ``worker``."""
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(case + "\n")
    worker.stdin.flush()
    return float(worker.stdout.readline())


def main() -> None:
    a, names = start(sys.argv[1])
    b, _ = start(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    print("| case | A s (median) | B s (median) | B/A |\n| --- | ---: | ---: | ---: |")
    for case in names:
        times: dict[str, list[float]] = {"a": [], "b": []}
        for r in range(rounds):
            for name, worker in ((("a", a), ("b", b)) if r % 2 == 0 else (("b", b), ("a", a))):
                times[name].append(timed(worker, case))
        ma, mb = statistics.median(times["a"]), statistics.median(times["b"])
        print(f"| {case} | {ma:.4f} | {mb:.4f} | {mb / ma:.3f} |", flush=True)
    for worker in (a, b):
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()


if __name__ == "__main__":
    main()
