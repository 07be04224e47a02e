"""The events of an observed search: what :func:`~searchkit.search` passes to an ``observer``
and what :func:`~searchkit.steps` yields, the same for every loop.

Each event is a small dataclass with a ``kind`` class attribute:

=============  ==================================================================================
``start``      :class:`Start` -- the search begins at ``state``
``bound``      :class:`Bound` -- a deepening search (DLS, IDDFS, IDA*) starts an iteration
``expand``     :class:`Expand` -- a state is expanded (one per ``Stats.expanded``)
``generate``   :class:`Generate` -- a child of the expanded state is looked at, and its ``fate``
``solution``   :class:`Solution` -- the plan found (only when the search is solved)
``end``        :class:`End` -- the search is over: its :class:`~searchkit.Result`
=============  ==================================================================================

A search emits ``start``, then ``bound`` (deepening searches only, before each iteration),
``expand`` and ``generate`` events as it goes (the ``generate`` events of a state follow its
``expand`` event; in a depth-first search the events of a child's subtree come between its
parent's ``generate`` events), ``solution`` when it found a plan, and ``end`` last, whatever the
ending (a budget or Ctrl-C too). There is one ``expand`` event per ``stats.expanded`` and one
``generate`` event per ``stats.generated``.

The events hold the states themselves (not copies): an observer that keeps them keeps the states
alive. Treat events as read-only.

>>> from searchkit import GraphProblem, search
>>> events = []
>>> result = search(GraphProblem({"a": {"b": 1}}, start="a", goals={"b"}), "astar",
...                 observer=events.append)
>>> [e.kind for e in events]
['start', 'expand', 'generate', 'solution', 'end']
>>> events[2]
Generate(parent='a', action='b', child='b', cost=1, g=1, h=0, fate='new', backward=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Union

if TYPE_CHECKING:
    from .result import Result

__all__ = ["Event", "Fate", "Start", "Bound", "Expand", "Generate", "Solution", "End", "KINDS"]

Fate = Literal["new", "improved", "reopened", "duplicate", "pruned", "cutoff"]
"""What became of a generated child:

* ``new`` -- reached for the first time (in a tree search or a deepening search without a
  transposition table: not a duplicate of a state on the current path);
* ``improved`` -- reached before and still waiting on the frontier, now by a cheaper path;
* ``reopened`` -- already expanded, now reached by a cheaper path: it goes back on the
  frontier (A* with an inconsistent heuristic);
* ``duplicate`` -- reached before at no larger cost (or already on the current path): skipped;
* ``pruned`` -- a dead end (its heuristic is ``inf``): skipped;
* ``cutoff`` -- over the bound of a deepening search's iteration (DLS, IDDFS, IDA*).
"""


@dataclass(slots=True)
class Start:
    """The search begins: ``state`` is the initial state, ``strategy`` the strategy's name."""

    kind: ClassVar[str] = "start"
    state: Any
    strategy: str


@dataclass(slots=True)
class Bound:
    """A deepening search starts its ``iteration`` (1, 2, ...) with this ``bound`` on the depth
    (DLS, IDDFS) or on ``f = g + h`` (IDA*)."""

    kind: ClassVar[str] = "bound"
    bound: float
    iteration: int


@dataclass(slots=True)
class Expand:
    """``state`` is expanded.

    ``g`` is the cost of the path to it, ``h`` its heuristic value (0 when the strategy uses
    none), ``depth`` the number of actions on that path. ``f`` is the value the search orders
    or bounds states by: the priority ``g_weight * g + h_weight * h`` of a priority search
    (``g + h`` for A*, ``g`` for Dijkstra), the bounded value of a deepening search (``g + h``
    for IDA*, the depth for DLS and IDDFS), else ``g + h``. ``frontier`` is the size of what
    the search keeps to expand later: the frontier's length in a best-first search, the
    current path's length in a depth-first one, both layers in bidirectional search.
    ``backward`` is true for the goal side of a bidirectional search (``g`` and ``depth`` are
    then counted from the goals).
    """

    kind: ClassVar[str] = "expand"
    state: Any
    g: float
    h: float
    depth: int
    f: float
    frontier: int
    backward: bool = False


@dataclass(slots=True)
class Generate:
    """A child of the state being expanded (``parent``) is looked at.

    ``action`` and ``cost`` are those of the successor function, ``g`` is the child's path
    cost through ``parent`` and ``h`` its heuristic value (0 when the strategy uses none),
    ``fate`` what became of it (:data:`Fate`). On the goal side of a bidirectional search
    (``backward``), ``child`` is a predecessor of ``parent``.
    """

    kind: ClassVar[str] = "generate"
    parent: Any
    action: Any
    child: Any
    cost: float
    g: float
    h: float
    fate: Fate
    backward: bool = False


@dataclass(slots=True)
class Solution:
    """The plan found: its ``actions``, the ``states`` from the start to the goal, its
    ``cost``."""

    kind: ClassVar[str] = "solution"
    actions: list[Any]
    states: list[Any]
    cost: float


@dataclass(slots=True)
class End:
    """The search is over; ``result`` is what :func:`~searchkit.search` returns."""

    kind: ClassVar[str] = "end"
    result: Result


Event = Union[Start, Bound, Expand, Generate, Solution, End]
"""Any event of an observed search."""

KINDS = ("start", "bound", "expand", "generate", "solution", "end")
"""The ``kind`` of every event type."""
