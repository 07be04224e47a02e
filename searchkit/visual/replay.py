"""A plan replayed on its problem: the states, the moves in the puzzle's notation, and the cost
so far after each step -- what every picture of a plan is drawn from.

A plan comes from a search (:meth:`Replay.of_actions`, or :meth:`Replay.of_result`) or from its
text, the moves as ``format_action`` writes them (:meth:`Replay.of_moves`: a plan saved by
``searchkit solve --json`` or a batch store). Either way it is replayed with the problem's own
``successors``, so what is drawn is what the puzzle says, never what a file claims.

>>> from searchkit import GraphProblem
>>> g = GraphProblem({"a": {"b": 2}, "b": {"c": 3}}, start="a", goals={"c"})
>>> r = Replay.of_moves(g, ["b", "c"])
>>> r.states, r.costs, r.reached_goal
(['a', 'b', 'c'], [0, 2, 5], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from searchkit.errors import PlanError, excerpt, listed

__all__ = ["Replay"]


@dataclass
class Replay:
    """``states[k]`` is the state after ``k`` actions (``states[0]`` the start), ``costs[k]``
    the cost of those ``k`` actions; ``moves[k - 1]`` is action ``k`` in the puzzle's notation.
    """

    problem: Any
    actions: list[Any]
    moves: list[str]
    states: list[Any]
    costs: list[float]

    @property
    def reached_goal(self) -> bool:
        """Whether the last state is a goal."""
        return bool(self.problem.is_goal(self.states[-1]))

    @classmethod
    def of_actions(cls, problem: Any, actions: Sequence[Any]) -> Replay:
        """Replay ``actions`` (compared with ``==``; the cheapest of equal successors is taken).

        Raises :class:`~searchkit.PlanError` naming the first illegal step.
        """
        return cls._replay(problem, actions, lambda action, wanted: action == wanted)

    @classmethod
    def of_moves(cls, problem: Any, moves: Sequence[str]) -> Replay:
        """Replay moves written in the puzzle's notation (``problem.format_action``).

        Raises :class:`~searchkit.PlanError` naming the first move that is no legal action.
        """
        fmt = _formatter(problem)
        return cls._replay(problem, [str(m) for m in moves],
                           lambda action, wanted: fmt(action) == wanted)

    @classmethod
    def of_result(cls, problem: Any, result: Any) -> Replay:
        """The plan of a :class:`~searchkit.Result` (just the start when it has no plan)."""
        return cls.of_actions(problem, result.actions or [])

    @classmethod
    def _replay(cls, problem: Any, plan: Sequence[Any],
                matches: Callable[[Any, Any], bool]) -> Replay:
        fmt = _formatter(problem)
        state = problem.initial()
        replay = cls(problem, [], [], [state], [0])
        for step, wanted in enumerate(plan, start=1):
            best = None
            legal = []
            for action, child, cost in problem.successors(state):
                legal.append(action)
                if matches(action, wanted) and (best is None or cost < best[2]):
                    best = (action, child, cost)
            if best is None:
                shown = listed(excerpt(fmt(a)) for a in legal)
                wanted_text = wanted if isinstance(wanted, str) else fmt(wanted)
                raise PlanError(f"step {step}: {excerpt(wanted_text)} is not a legal move here "
                                f"(legal: {shown})", step)
            action, state, cost = best
            replay.actions.append(action)
            replay.moves.append(fmt(action))
            replay.states.append(state)
            replay.costs.append(replay.costs[-1] + cost)
        return replay


def _formatter(problem: Any) -> Callable[[Any], str]:
    fmt = getattr(problem, "format_action", None)
    return fmt if callable(fmt) else str
