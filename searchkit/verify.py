"""Checking a plan by replaying it: :func:`verify`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import PlanError, SearchkitError, excerpt, listed
from .search import check_problem

__all__ = ["verify"]

def verify(problem: Any, actions: Iterable[Any]) -> float:
    """Replay ``actions`` from ``problem.initial()`` and return the plan's total cost.

    Every action must be one of the successors of the current state (compared with ``==``; when
    several successors share the action, the cheapest is taken), and the last state must be a goal.
    Independent of any search: it only calls ``initial``, ``successors`` and ``is_goal``.

    Raises
    ------
    PlanError
        Naming the first illegal step (1-based) and the legal actions there (the first
        :data:`LISTED`, and how many more), or saying that the plan does not end in a goal.
    SearchkitError
        For a ``problem`` that is no problem, or ``actions`` that are not iterable.

    >>> from searchkit import GraphProblem, verify
    >>> g = GraphProblem({"a": {"b": 2}, "b": {"c": 3}}, start="a", goals={"c"})
    >>> verify(g, ["b", "c"])
    5
    >>> verify(g, ["c"])
    Traceback (most recent call last):
    ...
    searchkit.errors.PlanError: step 1: action 'c' is not legal in state 'a' (legal: 'b')
    """
    check_problem(problem)
    try:
        plan = iter(actions)
    except TypeError:
        raise SearchkitError(
            f"the plan must be an iterable of actions, not {excerpt(actions)}") from None
    fmt = getattr(problem, "format_action", repr)
    state = problem.initial()
    total: float = 0
    for step, action in enumerate(plan, start=1):
        best = None
        legal = []
        for candidate, child, cost in problem.successors(state):
            legal.append(candidate)
            if candidate == action and (best is None or cost < best[1]):
                best = (child, cost)
        if best is None:
            shown = listed(_show(fmt, a) for a in legal)
            raise PlanError(
                f"step {step}: action {_show(fmt, action)} is not legal in state {_short(state)} "
                f"(legal: {shown})",
                step,
            )
        state, cost = best
        total += cost
    if not problem.is_goal(state):
        raise PlanError(f"the plan ends in state {_short(state)}, which is not a goal")
    return total


def _show(fmt: Any, action: Any) -> str:
    """An action as a message quotes it: in the problem's notation, cut short."""
    return excerpt(fmt(action)) if fmt is not repr else excerpt(action)


def _short(state: Any, limit: int = 60) -> str:
    text = repr(state)
    return text if len(text) <= limit else text[: limit - 3] + "..."
