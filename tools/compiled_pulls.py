"""Runs of the compiled backward search, with noise or with features: the measurements of
Sasquatch 44 (noise) and 12 (features) in docs/puzzles/sokoban-unsolved.md.

Usage (from the repository root, in the project's virtual environment with the ``fast`` or
``test`` extra)::

    python tools/compiled_pulls.py COLLECTION LEVELS SECONDS [--noise N] [--runs R]
        [--features off_start,regions]

``COLLECTION`` names a file of ``../shared/data/sokoban/`` (``sasquatch``, ``microban_ii``...),
``LEVELS`` is ``all`` or numbers joined by commas. Each level gets up to ``R`` runs of the
plugin's compiled backward search (:class:`~searchkit_sokoban.compiledpulls.CompiledPulls`,
what ``strategy="compiled-pull"`` runs) of at most ``SECONDS`` of CPU time each, run ``r`` with
``noise=N`` and ``seed=r``, stopping at the first solved; one JSON line per run. ``--features``
makes it the feature-space search on those features (names of ``PULL_FEATURES``; no noise).
Every plan is replayed square by square (:func:`~searchkit_sokoban.lurd.replay_lurd`); the tool
fails if one does not solve. A one-box level runs first, untimed, so that no level's time
includes loading (or, the first time on a machine, compiling) the kernels.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from searchkit_sokoban.board import Board
from searchkit_sokoban.compiledpulls import CompiledPulls
from searchkit_sokoban.levels import split_levels
from searchkit_sokoban.lurd import replay_lurd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection")
    parser.add_argument("levels")
    parser.add_argument("seconds", type=float)
    parser.add_argument("--noise", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--features", type=lambda text: tuple(text.split(",")), default=())
    args = parser.parse_args()
    data = Path(__file__).resolve().parent.parent.parent / "shared/data/sokoban"
    levels = split_levels((data / f"{args.collection}.xsb").read_text())
    CompiledPulls(Board(split_levels("#####\n#@$.#\n#####")[0])).run()  # load the kernels
    wanted = range(1, len(levels) + 1) if args.levels == "all" else map(int, args.levels.split(","))
    for number in wanted:
        raw = levels[number - 1]
        for run in range(args.runs):
            try:
                search = CompiledPulls(Board(raw), features=args.features, noise=args.noise,
                                       seed=run)
            except ValueError as error:
                raise SystemExit(f"compiled_pulls: {error}") from None
            result = search.run(args.seconds, time.process_time)
            stats = result.stats
            info = {"level": number, "run": run, "noise": args.noise,
                    "features": list(args.features), "status": result.status,
                    "expanded": stats.expanded, "stored": stats.visited,
                    "seconds": round(stats.seconds, 2)}
            if result.solved:
                replay = replay_lurd([row for _, row in raw.rows],
                                     search.forward_lurd(result.actions))
                if not replay.solved:
                    raise SystemExit(f"level {raw.name}: the plan does not solve it")
                info.update(pushes=replay.pushes, moves=replay.moves)
            print(json.dumps(info), flush=True)
            if result.solved:
                break


if __name__ == "__main__":
    main()
