"""A/B benchmark: two installs of searchkit run the same suites in turn, and the ratios compared.

Usage::

    python tools/ab_bench.py A_PYTHON B_PYTHON [--rounds N] [--] SUITE ... [--quick]

``A_PYTHON`` and ``B_PYTHON`` are the interpreters of two virtual environments (e.g. one with the
commit before a change installed, one with the commit after). Each round runs ``searchkit bench
SUITES --json FILE`` (the console script beside each interpreter) once with each, alternating
which goes first (ABBA...), so a noisy shared machine slows both alike. For every engine row the
table prints the median over the rounds of the row's ``CPU ratio`` (CPU seconds over the suite's
hand-tuned reference, measured in the same process: the machine's speed cancels out) for A and
for B, and B/A: 1.00 means no change, above 1 means B is slower. Rows without a CPU ratio (the
``visited`` suite) compare their operations per second instead (A/B there, so that above 1
again means B is slower).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def run_once(python: str, suites: list[str]) -> dict[tuple[str, str, str], float]:
    """One bench run: ``{(suite, row, metric): value}`` for every comparable number."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        command = str(Path(python).with_name("searchkit"))  # the venv's console script
        subprocess.run([command, "bench", *suites, "--json", str(out)],
                       check=True, stdout=subprocess.DEVNULL)
        data = json.loads(out.read_text())
    values: dict[tuple[str, str, str], float] = {}
    for table in data["tables"]:
        for row in table["rows"]:
            name = str(row.get("contender") or row.get("container") or row.get("target"))
            if row.get("keys"):
                name += f" [{row['keys']}]"
            for metric in ("CPU ratio", "inserts/s", "lookups/s"):
                value = row.get(metric)
                if isinstance(value, (int, float)) and value and "(reference)" not in name:
                    values[(table["suite"], name, metric)] = float(value)
    return values


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    a, b, rest = argv[0], argv[1], argv[2:]
    rounds = 3
    if rest[:1] == ["--rounds"]:
        rounds, rest = int(rest[1]), rest[2:]
    suites = [s for s in rest if s != "--"]
    samples: dict[str, list[dict[tuple[str, str, str], float]]] = {"A": [], "B": []}
    for i in range(rounds):
        order = [("A", a), ("B", b)] if i % 2 == 0 else [("B", b), ("A", a)]
        for side, python in order:
            print(f"round {i + 1}/{rounds}: {side}", file=sys.stderr)
            samples[side].append(run_once(python, suites))
    print("| suite | row | metric | A (median) | B (median) | B/A slowdown |")
    print("| --- | --- | --- | ---: | ---: | ---: |")
    for key in samples["A"][0]:
        if not all(key in s for side in samples.values() for s in side):
            continue
        med_a = statistics.median(s[key] for s in samples["A"])
        med_b = statistics.median(s[key] for s in samples["B"])
        slowdown = med_b / med_a if key[2] == "CPU ratio" else med_a / med_b
        print(f"| {key[0]} | {key[1]} | {key[2]} | {med_a:.3f} | {med_b:.3f} | {slowdown:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
