"""The :class:`Problem` protocol: what a puzzle must tell the search engine.

A problem is a state space given implicitly by five functions. States can be any Python objects;
the engine never looks inside them. Only :meth:`Problem.key` values are stored in visited sets, so
a state may carry bulky data as long as its key is small and hashable.

Required methods: ``initial``, ``successors``, ``is_goal``. The others are optional: a problem
offers them or not, and :class:`ProblemBase` gives the defaults of those that have one
(``heuristic``, ``key``, ``render``, ``format_action``, ``unsolvable_reason``); the engine also
accepts any object with the required methods (structural typing) and assumes the same defaults.

Optional extensions the engine uses when present:

``heuristic(state)``
    A lower bound on the cost to a goal (admissible) for the optimal informed strategies; return
    ``math.inf`` to declare a dead end (the state is pruned). Default 0.
``key(state)``
    The hashable identity used for duplicate detection. Default: the state itself.
``key_hash(key)``
    An integer hash of a key for ``visited="hashtable"`` (default: Python's ``hash``).
``successors_with_heuristic(state, h)``
    Like ``successors`` but yields ``(action, next_state, cost, next_h)``, where ``h`` is the
    heuristic value of ``state``: lets a puzzle update its heuristic incrementally instead of
    recomputing it (IDA* on the 15-puzzle lives by this). Must agree with ``heuristic``.
``successors_except_parent(state, h, parent)``
    Like ``successors_with_heuristic``, but leaves out the successor equal to ``parent`` (the
    state ``state`` was reached from; ``None`` at the start). IDA* and its kin never need that
    move back, and a puzzle that knows its inverse move can skip it before building it. Used by
    the deepening loop when the strategy uses the heuristic, the problem has a ``heuristic`` of
    its own (not :class:`ProblemBase`'s zero) and ``cycle_check`` is not ``none``.
``predecessors(state)`` and ``goal_states()``
    For bidirectional search: ``predecessors`` yields ``(action, previous_state, cost)`` where
    ``action`` leads *from* ``previous_state`` *to* ``state``; ``goal_states`` lists the goals.
``unsolvable_reason()``
    A string when the instance is provably unsolvable without search (e.g. a sliding puzzle of the
    wrong parity), else ``None``. :func:`searchkit.search` then returns ``no_solution`` at once.
``render(state)`` and ``format_action(action)``
    Text pictures of a state and the puzzle's notation for an action (defaults: ``str``).

Attributes the command line reads when present (the engine never does):

``proves_optimal``
    ``False`` when a plan found is not to be called optimal even by an optimal strategy (an
    inadmissible guide, macro moves): ``searchkit solve`` prints ``(not proven optimal)``.
``pruned``
    A mapping from the name of each pruning rule of the problem's own (deadlock tests...) to the
    states it cut so far: ``searchkit solve`` prints them, ``--json`` as ``pruned_by_rule``.

Example, the N* game of the reference documents (n -> 2n or n + 1, from 1 to 42):

>>> from searchkit import ProblemBase, search
>>> class Doubling(ProblemBase):
...     def initial(self): return 1
...     def successors(self, n): return (("x2", 2 * n, 1), ("+1", n + 1, 1))
...     def is_goal(self, n): return n == 42
>>> search(Doubling(), "bfs").actions
['x2', 'x2', '+1', 'x2', 'x2', '+1', 'x2']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Protocol, runtime_checkable

__all__ = ["Problem", "ProblemBase", "has_own", "is_hashable"]


@runtime_checkable
class Problem(Protocol):
    """What :func:`searchkit.search` needs of a puzzle instance (see the module docstring)."""

    def initial(self) -> Any:
        """The start state."""
        ...

    def successors(self, state: Any) -> Iterable[tuple[Any, Any, float]]:
        """The moves from ``state`` as ``(action, next_state, cost)`` with ``cost >= 0``."""
        ...

    def is_goal(self, state: Any) -> bool:
        """Whether ``state`` is a goal."""
        ...


class ProblemBase:
    """A convenience base class with the defaults of :class:`Problem`'s optional methods that
    have one (a zero ``heuristic``, an identity ``key``, ``str`` for ``render`` and
    ``format_action``, no ``unsolvable_reason``); ``key_hash``, ``successors_with_heuristic``,
    ``successors_except_parent``, ``predecessors`` and ``goal_states`` have none: a problem that
    does not define them goes without.

    Subclasses override ``initial``, ``successors`` and ``is_goal``, and whichever optional
    methods they support. The defaults are recognised by the engine and cost nothing in its hot
    loop (an identity ``key`` is never called, for instance).
    """

    def initial(self) -> Any:
        raise NotImplementedError

    def successors(self, state: Any) -> Iterable[tuple[Any, Any, float]]:
        raise NotImplementedError

    def is_goal(self, state: Any) -> bool:
        raise NotImplementedError

    def heuristic(self, state: Any) -> float:
        """Admissible estimate of the remaining cost; the default 0 is always admissible."""
        return 0

    def key(self, state: Any) -> Hashable:
        """Identity of ``state`` for duplicate detection; the default is the state itself."""
        return state

    def render(self, state: Any) -> str:
        """A text picture of ``state``."""
        return str(state)

    def format_action(self, action: Any) -> str:
        """An action in the puzzle's own notation."""
        return str(action)

    def unsolvable_reason(self) -> str | None:
        """Why the instance is provably unsolvable, or ``None`` if that is not known."""
        return None


def has_own(problem: object, name: str) -> bool:
    """Whether ``problem`` defines method ``name`` itself rather than inheriting the default.

    The engine uses this to skip calls to default methods (identity ``key``, zero ``heuristic``).

    >>> class P(ProblemBase):
    ...     def heuristic(self, s): return 1
    >>> has_own(P(), "heuristic"), has_own(P(), "key")
    (True, False)
    >>> q = P()
    >>> q.key = lambda s: s[0]  # on the instance: its own too
    >>> has_own(q, "key")
    True
    """
    if callable(getattr(problem, "__dict__", {}).get(name)):
        return True  # set on the instance (``self.key = ...``): the problem's own
    method = getattr(type(problem), name, None)
    if method is None:
        return callable(getattr(problem, name, None))  # a plain object's (``__getattr__``...)
    return method is not getattr(ProblemBase, name, None)


def is_hashable(value: object) -> bool:
    """Whether ``value`` can be a key of a visited set (``hash(value)`` works).

    >>> is_hashable((1, 2)), is_hashable([1, 2])
    (True, False)
    """
    try:
        hash(value)
    except TypeError:
        return False
    return True
