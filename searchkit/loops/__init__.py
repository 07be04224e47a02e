"""The generic search loops. Every strategy is run by one of them:

* :func:`best_first` -- graph or tree search ordered by a frontier (BFS, DFS, Dijkstra, A*, ...);
* :func:`deepening` -- bounded depth-first search repeated with growing bounds (DLS, IDDFS, IDA*);
* :func:`bidirectional` -- breadth-first search from both ends (bidirectional BFS).

A loop is a function ``loop(context) -> Result`` taking a
:class:`~searchkit.loops.context.SearchContext`.
"""

from .best_first import best_first
from .bidirectional import bidirectional
from .context import SearchContext
from .deepening import deepening

__all__ = ["best_first", "deepening", "bidirectional", "SearchContext"]
