"""A view of a problem that an oracle may trust: the state space without the heuristic.

The kit's references (the uninformed optimal search of :func:`assert_optimal_agreement`, the
exact remaining costs of :func:`assert_admissible`) must not depend on what they check.
:func:`uninformed` keeps only ``initial``, ``successors``, ``is_goal`` and the identity of states
(``key``, ``key_hash``), plus ``render``/``format_action`` for messages: no ``heuristic``, no
incremental successor variants. Given ``start``, the view starts there instead, and drops
``unsolvable_reason`` (a claim about the original start). With ``raw_states=True`` it also drops
``key`` when the start state is hashable, so that the states themselves are told apart: a key
that wrongly merges states then cannot mislead the reference too.

>>> from searchkit import GraphProblem, search
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"}, heuristic={"b": 99})
>>> view = uninformed(g, start="b")
>>> hasattr(view, "heuristic"), search(view, "dijkstra").actions
(False, ['c'])
"""

from __future__ import annotations

from typing import Any

from ..problem import has_own, is_hashable

__all__ = ["uninformed"]

_MISSING = object()


class _Uninformed:
    """The state space of ``problem`` with nothing that could carry a wrong estimate."""

    def __init__(self, problem: Any, start: Any, raw_states: bool) -> None:
        self._problem = problem
        self._start = start
        self.successors = problem.successors
        self.is_goal = problem.is_goal
        identities: tuple[str, ...] = ("key", "key_hash")
        if raw_states and is_hashable(self.initial()):
            identities = ()
        elif not has_own(problem, "key"):
            identities = ("key_hash",)
        for name in (*identities, "render", "format_action"):
            method = getattr(problem, name, None)
            if method is not None:
                setattr(self, name, method)
        if start is _MISSING and getattr(problem, "unsolvable_reason", None) is not None:
            self.unsolvable_reason = problem.unsolvable_reason

    def initial(self) -> Any:
        return self._problem.initial() if self._start is _MISSING else self._start

    def __repr__(self) -> str:
        return f"uninformed({self._problem!r})"


def uninformed(problem: Any, start: Any = _MISSING, *, raw_states: bool = False) -> Any:
    """``problem`` without its heuristic (starting at ``start`` when given; telling states apart
    by themselves rather than by ``key`` with ``raw_states``, when they are hashable)."""
    return _Uninformed(problem, start, raw_states)
