"""Suite ``batch-korf100``: Korf's 100 15-puzzles, IDA* with the 6-6-3 pattern databases,
through ``searchkit batch`` on one process and on a pool of two.

The pattern databases are loaded (or built and cached) once before timing, so neither run pays
for them; each worker then reads them from the disk cache once. Every record must match Korf's
optimum. ``--quick`` takes the 10 instances with the fewest nodes in Korf's table (IDA* with
Manhattan distance). Minutes of CPU in full.

Data: ``taquin/korf100.txt`` and ``taquin/korf100_nodes.txt`` in the bench data folder.
"""

from __future__ import annotations

from typing import Any

from searchkit.bench import Options
from searchkit.experiments import read_collection, sweep
from searchkit.experiments.throughput import compare_backends

from ..plugin import TaquinPuzzle


def run(options: Options) -> Any:
    puzzle = TaquinPuzzle()
    path = options.data_file("taquin", "korf100.txt")
    instances = read_collection(puzzle, path, {"heuristic": "pdb"})
    if options.quick:
        nodes = {}
        for line in options.data_file("taquin", "korf100_nodes.txt").read_text().splitlines():
            fields = line.split()
            nodes[fields[0]] = int(fields[2])
        instances = sorted(instances, key=lambda pair: nodes[pair[1].name])[:10]
    puzzle.parse(instances[0][1].text, heuristic="pdb")  # the databases, before timing
    tasks = sweep("taquin", instances, ["idastar"], options={"heuristic": "pdb"},
                  source=str(path))
    table = compare_backends("batch-korf100", f"batch speed-up: {len(tasks)} of Korf's 15-puzzles,"
                             " IDA* + 6-6-3 pattern databases", tasks,
                             {"jobs=1": {"jobs": 1}, "jobs=2": {"jobs": 2}}, rounds=1,
                             log=options.progress)
    best = {row[0]: row[2] for row in table.rows}
    table.notes.append(f"- jobs=2 over jobs=1: {best['jobs=1'] / best['jobs=2']:.2f}x")
    return table
