"""The big fuzz campaign: thousands of random and mutated inputs through every puzzle's parser.

    python tools/fuzz_parsers.py [--count 10000] [--seed 16] [--puzzles nstar,taquin] [--limit 2]

Inputs come from :mod:`tests.fuzzing` (the generators the fuzz tests use), drawn from a
``random.Random(seed)`` per puzzle, so a run is reproducible. Each input goes through ``levels``
and ``parse`` in this process, under a time limit (an input that takes longer is a *hang*) and an
address-space limit of 4 GiB (a blow-up is then a ``MemoryError``, counted with the crashes).
Prints per puzzle: accepted, rejected cleanly (a one-line ``PuzzleFormatError``), bad messages,
other exceptions, hangs, the slowest input's time; then the slowest input of each puzzle and
every failure, with the index that reproduces it. Exit status 0 when there is no failure, 1
otherwise.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import searchkit  # noqa: E402
from tests.fuzzing import check, fuzz_inputs  # noqa: E402

FAILURES = ("bad message", "crashed", "hang")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs per puzzle")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--puzzles", help="comma-separated names (default: every puzzle)")
    parser.add_argument("--limit", type=float, default=2.0, help="seconds before a hang")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))
    names = args.puzzles.split(",") if args.puzzles else sorted(searchkit.puzzles())
    failures, slow = [], []
    print(f"{'puzzle':10} {'inputs':>7} {'accepted':>9} {'rejected':>9} {'bad msg':>8} "
          f"{'crashed':>8} {'hangs':>6} {'slowest':>8} {'total':>8}")
    for name in names:
        puzzle = searchkit.get_puzzle(name)
        counts: Counter[str] = Counter()
        slowest, slowest_input = 0.0, (0, "")
        start = time.perf_counter()
        for index, text in enumerate(fuzz_inputs(puzzle, random.Random(f"{args.seed}-{name}"),
                                                 args.count)):
            outcome = check(puzzle, text, args.limit)
            counts[outcome.kind] += 1
            if outcome.seconds > slowest:
                slowest, slowest_input = outcome.seconds, (index, text)
            if outcome.kind in FAILURES:
                failures.append((name, index, outcome, text))
        print(f"{name:10} {args.count:7,} {counts['accepted']:9,} {counts['rejected']:9,} "
              f"{counts['bad message']:8,} {counts['crashed']:8,} {counts['hang']:6,} "
              f"{slowest:7.3f}s {time.perf_counter() - start:7.1f}s", flush=True)
        slow.append((name, slowest, *slowest_input))
    for name, seconds, index, text in slow:
        print(f"slowest {name} input: #{index}, {seconds:.3f}s, {len(text):,} characters: "
              f"{text[:60]!r}")
    for name, index, outcome, text in failures:
        print(f"\n{name} input #{index} (seed {args.seed}): {outcome.kind} after "
              f"{outcome.seconds:.2f}s: {outcome.detail}\n  text: {text[:200]!r}"
              f"{f' ... ({len(text):,} characters)' if len(text) > 200 else ''}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
