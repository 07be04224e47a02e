"""Suite ``15puzzle-korf100`` (long): all of Korf's 100 instances with the engine's IDA* and the
``taquin`` plugin's best heuristic (additive pattern databases), node counts and CPU time per
instance; the pattern databases are built (or loaded from the cache) before timing, and that time
is reported separately. ``--quick`` solves the 3 easiest.
"""

from __future__ import annotations

import time
from typing import Any

from searchkit.bench import Contender, Instance, Options, Table, run_search_suite

from .korf import load_korf100
from .puzzle15_idastar import engine, taquin_15

NAME = "15puzzle-korf100"


def run(options: Options) -> Table:
    korf = load_korf100(options)
    chosen = sorted(korf, key=lambda k: k.nodes_lc or 0)[:3] if options.quick else korf
    t0 = time.process_time()
    taquin_15(chosen[0].tiles, "pdb")  # builds or loads the databases once
    build = time.process_time() - t0
    prepare, solve = engine("pdb")
    contenders = [Contender("searchkit idastar parent (taquin plugin, pdb)", solve,
                            prepare=prepare)]
    instances = [Instance(f"#{k.id}", (k.tiles, None), k.optimum) for k in chosen]
    table = run_search_suite(
        NAME, f"{NAME}: {len(chosen)} Korf instances, IDA* + pattern databases", instances,
        contenders, repeat=1, log=options.log, memory=False,
        extra_columns=[("nodes+1", "nodes")],
        notes=[f"- pattern databases built or loaded in {build:.1f} s CPU before the runs.",
               "- No hand-tuned contender here: the reference suite for the loop's speed is "
               "15puzzle-idastar."])
    per = table.details[0]["instances"] if table.details else {}
    slowest: list[Any] = sorted(per.items(), key=lambda kv: -kv[1]["cpu"])[:3]
    table.notes.append("- slowest: " + ", ".join(f"{n} {v['cpu']:.1f} s" for n, v in slowest))
    return table
