"""Suite ``batch-overhead``: what ``searchkit.batch`` costs per task on 10,000 tiny N* instances.

A plain loop parses and solves each instance (A*) in this process; ``searchkit.batch`` runs the
same tasks in this process (``jobs=1``) and on a pool of two (``jobs=2``, tasks sent in chunks),
writing an SQLite store. The overhead per task is the difference of wall times divided by the
number of tasks (the issue's target: at most 2 ms). Instances are random ``START TARGET`` pairs
(seed 1, targets up to 200). ``--quick`` runs 2,000 instances once.
"""

from __future__ import annotations

import random
from typing import Any

from searchkit import PuzzleInstance
from searchkit.bench import Options
from searchkit.experiments import sweep
from searchkit.experiments.throughput import per_task_overhead


def run(options: Options) -> Any:
    rng = random.Random(1)
    count = 2_000 if options.quick else 10_000
    pairs = []
    for n in range(1, count + 1):
        start = rng.randint(1, 20)
        text = f"{start} {rng.randint(start, 200)}"
        pairs.append((f"random:{n}", PuzzleInstance(str(n), text)))
    tasks = sweep("nstar", pairs, ["astar"])
    return per_task_overhead(tasks, [1, 2], rounds=1 if options.quick else 2,
                             suite="batch-overhead",
                             title=f"batch overhead per task: {count:,} N* instances, A*")
