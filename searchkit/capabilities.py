"""What a problem can do, resolved once: :class:`Capabilities`.

A :class:`~searchkit.Problem` has three required methods and several optional ones (see
:mod:`searchkit.problem`). Every part of the engine that needs one of them -- the loops,
:func:`~searchkit.search`'s checks, :func:`~searchkit.explore` -- reads it from one
:class:`Capabilities` object built by :meth:`Capabilities.of` before anything runs, instead of
asking the problem with ``getattr`` or ``hasattr`` itself. An optional method is ``None`` when the
problem does not offer it, and so is a method the problem only inherits from
:class:`~searchkit.ProblemBase`'s defaults (an identity ``key``, a zero ``heuristic``): the loops
then skip the call altogether.

>>> from searchkit import GraphProblem
>>> caps = Capabilities.of(GraphProblem({"a": {"b": 1}}, start="a", goals={"b"}))
>>> caps.key is None, caps.unsolvable_reason is None, caps.successors_except_parent is None
(True, True, True)
>>> caps.bidirectional
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple

from .errors import SearchkitError
from .problem import has_own

__all__ = ["Capabilities"]

REQUIRED = ("initial", "successors", "is_goal")


class Capabilities(NamedTuple):
    """A problem's methods, the optional ones ``None`` when the problem does not offer them.

    Built by :meth:`of` (an immutable tuple: cheap to build once per search); see
    :mod:`searchkit.problem` for what each method means.
    """

    problem: Any
    initial: Callable[[], Any]
    successors: Callable[[Any], Iterable[tuple[Any, Any, float]]]
    is_goal: Callable[[Any], bool]
    heuristic: Callable[[Any], float] | None
    key: Callable[[Any], Hashable] | None
    key_hash: Callable[[Hashable], int] | None
    successors_with_heuristic: Callable[[Any, float], Iterable[tuple[Any, ...]]] | None
    successors_except_parent: Callable[[Any, float, Any], Iterable[tuple[Any, ...]]] | None
    predecessors: Callable[[Any], Iterable[tuple[Any, Any, float]]] | None
    goal_states: Callable[[], Iterable[Any]] | None
    unsolvable_reason: Callable[[], str | None] | None

    @classmethod
    def of(cls, problem: Any) -> Capabilities:
        """Resolve ``problem``'s methods; :class:`~searchkit.SearchkitError` names any required
        method it lacks, or says that ``problem`` is a class rather than an instance of one.

        >>> Capabilities.of(object())
        Traceback (most recent call last):
        ...
        searchkit.errors.SearchkitError: object is not a Problem: missing initial(), \
successors(), is_goal()
        >>> from searchkit import GraphProblem
        >>> Capabilities.of(GraphProblem)
        Traceback (most recent call last):
        ...
        searchkit.errors.SearchkitError: GraphProblem is a class, not a problem: pass an \
instance, GraphProblem(...)
        """
        if isinstance(problem, type):  # its methods are there, unbound: a TypeError later
            name = problem.__name__
            raise SearchkitError(f"{name} is a class, not a problem: pass an instance, "
                                 f"{name}(...)")
        initial = getattr(problem, "initial", None)
        successors = getattr(problem, "successors", None)
        is_goal = getattr(problem, "is_goal", None)
        if not (callable(initial) and callable(successors) and callable(is_goal)):
            missing = [name for name in REQUIRED if not callable(getattr(problem, name, None))]
            raise SearchkitError(
                f"{type(problem).__name__} is not a Problem: missing "
                + ", ".join(f"{name}()" for name in missing)
            )
        return cls(
            problem,
            initial,
            successors,
            is_goal,
            problem.heuristic if has_own(problem, "heuristic") else None,
            problem.key if has_own(problem, "key") else None,
            getattr(problem, "key_hash", None),
            getattr(problem, "successors_with_heuristic", None),
            getattr(problem, "successors_except_parent", None),
            getattr(problem, "predecessors", None),
            getattr(problem, "goal_states", None),
            problem.unsolvable_reason if has_own(problem, "unsolvable_reason") else None,
        )

    @property
    def bidirectional(self) -> bool:
        """Whether the problem can be searched backwards (``predecessors`` and ``goal_states``)."""
        return self.predecessors is not None and self.goal_states is not None

    def key_of(self, state: Any) -> Hashable:
        """The key of ``state`` (the state itself when the problem has no ``key``)."""
        return state if self.key is None else self.key(state)
