"""The generic search loops and their configurations. Every strategy is run by one of them:

* :class:`BestFirst` -- graph or tree search ordered by a frontier (BFS, DFS, Dijkstra, A*, ...):
  :func:`best_first`, with :mod:`.priority` and :mod:`.tree`;
* :class:`Deepening` -- bounded depth-first search repeated with growing bounds (DLS, IDDFS,
  IDA*): :func:`deepening`, with :mod:`.bounded_dfs`;
* :class:`Bidirectional` -- breadth-first search from both ends (bidirectional BFS):
  :func:`bidirectional`.

A loop is a function ``loop(ctx, run) -> Result``: ``ctx`` is the :class:`SearchContext` (the
problem's :class:`~searchkit.capabilities.Capabilities`, the strategy, its options, the frontier
factory and the visited backend) and ``run`` the :class:`Run` that keeps the counters, checks the
budget, handles Ctrl-C and builds the result. A configuration's ``run(ctx, run)`` calls its loop.
"""

from ..budget import BudgetExhausted
from .best_first import BestFirst, Priority, best_first
from .bidirectional import Bidirectional, bidirectional
from .context import SearchContext
from .deepening import Deepening, deepening
from .run import Run

__all__ = [
    "BestFirst",
    "Priority",
    "Deepening",
    "Bidirectional",
    "best_first",
    "deepening",
    "bidirectional",
    "SearchContext",
    "Run",
    "BudgetExhausted",
]
