"""Suite ``rushhour``: the 40 original challenge cards and the 2,000-position Fogleman sample.

Contenders: the hand-tuned breadth-first solver (reference), and the engine on the ``rushhour``
plugin with ``bfs`` and ``astar`` with the plugin's default heuristic (the ``hashtable`` visited
set is measured by the ``visited`` suite; on Rush Hour it is about 3x slower than ``dict``).
Every contender must reproduce every published move count. Peak memory is measured on the first
50 instances (tracing all 2,040 would take longer than the suite itself).

Data: ``rushhour/cards.txt`` and ``rushhour/fogleman_sample.txt`` in the bench data folder.
"""

from __future__ import annotations

from typing import Any

from searchkit import search
from searchkit.bench import Contender, Instance, Options, Outcome, Table, run_search_suite

from ..plugin import RushHourPuzzle
from .baseline import bfs

NAME = "rushhour"
PUZZLE = RushHourPuzzle()


def load_instances(options: Options) -> list[Instance]:
    """Cards ``orig-*`` then the sample, as ``Instance(name, board, optimal moves)``."""
    cards = options.data_file("rushhour", "cards.txt").read_text().split("\n")
    sample = options.data_file("rushhour", "fogleman_sample.txt").read_text().split("\n")
    out: list[Instance] = []
    for line in cards:
        f = line.split()
        if f and not line.startswith("#") and f[-1].startswith("orig"):
            out.append(Instance(f[-1], f[1], int(f[0])))
    rows = [line.split() for line in sample if line.strip()]
    if options.quick:  # 5 cards, and the easiest end of the sample (sorted by decreasing moves)
        out, rows = out[:5], rows[-10:]
    return out + [Instance(f"sample-{i}", f[1], int(f[0])) for i, f in enumerate(rows)]


def _engine(strategy: str, visited: str) -> tuple[Any, Any]:
    def prepare(board: str) -> Any:
        return PUZZLE.parse(board)

    def solve(problem: Any) -> Outcome:
        r = search(problem, strategy, visited=visited)
        return Outcome(r.cost, r.stats.expanded)
    return prepare, solve


def _baseline(board: str) -> Outcome:
    moves, expanded = bfs(board)
    return Outcome(moves, expanded)


def run(options: Options) -> Table:
    instances = load_instances(options)
    contenders = [Contender("hand-tuned BFS", _baseline, reference=True,
                            note="int state (3 bits per vehicle), occupancy bitboard rebuilt per "
                                 "expansion, one mask test per slid cell")]
    for strategy, visited in (("bfs", "dict"), ("astar", "dict")):
        prepare, solve = _engine(strategy, visited)
        contenders.append(Contender(f"searchkit {strategy} {visited} (rushhour plugin)", solve,
                                    prepare=prepare))
    cards = sum(1 for i in instances if i.name.startswith("orig"))
    return run_search_suite(
        NAME, f"{NAME}: {cards} cards + {len(instances) - cards} sample positions (moves = "
              "slides)", instances, contenders, repeat=options.repeat, log=options.log,
        memory_instances=50,
        notes=["- A* uses the plugin's default heuristic (admissible for the moves cost model)."])
