"""Suite ``15puzzle-idastar``: IDA* with Manhattan + linear conflict on Korf's 10 easiest
instances (fewest published linear-conflict nodes).

Contenders use the same heuristic and Korf's move order (blank up, left, right, down; never
straight back): the hand-tuned recursive IDA* (reference) and the engine's ``idastar`` with
``cycle_check="parent"`` on the ``taquin`` plugin (whose ``successors_except_parent`` never builds
the move back, like the baseline). Column ``nodes+1`` is the generated children plus the root,
over all iterations: it must equal the published counts of ``korf100_nodes.txt`` (column
``published``), which checks both node for node.

Data: ``taquin/korf100.txt`` and ``taquin/korf100_nodes.txt`` in the bench data folder.
"""

from __future__ import annotations

from typing import Any

from searchkit import search
from searchkit.bench import Contender, Instance, Options, Outcome, Table, run_search_suite

from .baselines.sliding15 import idastar
from .instances import PUZZLE
from .korf import load_korf100

NAME = "15puzzle-idastar"


def taquin_15(tiles: tuple[int, ...], heuristic: str) -> Any:
    """The taquin plugin's problem for Korf's instance ``tiles`` (goal blank-first)."""
    return PUZZLE.parse(" ".join(map(str, tiles)), heuristic=heuristic, goal="blank-first")


def _baseline(data: Any) -> Outcome:
    tiles, _published = data
    length, nodes, expanded, _iterations = idastar(tiles)
    return Outcome(length, expanded, {"nodes": nodes + 1})


def engine(heuristic: str) -> tuple[Any, Any]:
    """``(prepare, solve)`` running the engine's IDA* on the plugin with ``heuristic``."""
    def prepare(data: Any) -> Any:
        return taquin_15(data[0], heuristic)

    def solve(problem: Any) -> Outcome:
        r = search(problem, "idastar", cycle_check="parent")
        return Outcome(r.cost, r.stats.expanded, {"nodes": r.stats.generated + 1})
    return prepare, solve


def run(options: Options) -> Table:
    columns_extra = [("nodes+1", "nodes"), ("published", "published")]
    korf = load_korf100(options)
    easiest = sorted((k for k in korf if k.nodes_lc is not None), key=lambda k: k.nodes_lc)
    chosen = easiest[:3 if options.quick else 10]
    instances = [Instance(f"#{k.id}", (k.tiles, k.nodes_lc), k.optimum) for k in chosen]
    prepare, solve = engine("linear-conflict")
    contenders = [
        Contender("hand-tuned IDA* (MD+LC)", _baseline, reference=True,
                  note="recursive, board + transposed board in one int, memoised line conflicts"),
        Contender("searchkit idastar parent (taquin plugin, linear-conflict)", solve,
                  prepare=prepare),
    ]
    table = run_search_suite(
        NAME, f"{NAME}: Korf's {len(chosen)} easiest instances, IDA* + Manhattan + linear "
              "conflict", instances, contenders, repeat=options.repeat, log=options.log,
        memory=False, extra_columns=columns_extra[:1],
        notes=[f"- published (korf100_nodes.txt, Manhattan + linear conflict): "
               f"{sum(k.nodes_lc or 0 for k in chosen):,} nodes for these instances.",
               "- The engine's recursive search is compiled for the run's options "
               "(searchkit/loops/bounded_dfs.py) and the plugin leaves out the move back to "
               "the parent before building it (successors_except_parent)."])
    return table
