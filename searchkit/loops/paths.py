"""Turning what a loop remembers into a :class:`~searchkit.Result`.

Graph-search loops store only ``parent[key] = parent_key`` (no actions, no states), which keeps
them lean. The plan is recovered afterwards by walking the keys back from the goal and replaying
them forward from the initial state: at each step the cheapest successor with the next key is
taken. This costs O(length x branching) once per search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..result import Result
from .context import SearchContext

__all__ = ["ROOT", "key_chain", "replay_keys", "solved", "unsolved"]


class _Root:
    __slots__ = ()

    def __repr__(self) -> str:
        return "ROOT"


ROOT: Any = _Root()  # the parent of the initial state's key


def key_chain(parent: Mapping[Any, Any], goal_key: Any) -> list[Any]:
    """The keys from the root to ``goal_key`` following ``parent`` links."""
    chain = [goal_key]
    k = parent[goal_key]
    while k is not ROOT:
        chain.append(k)
        k = parent[k]
    chain.reverse()
    return chain


def replay_keys(ctx: SearchContext, keys: list[Any]) -> tuple[list[Any], list[Any], float]:
    """Replay a key sequence from the initial state: ``(actions, states, cost)``."""
    key = ctx.key
    state = ctx.problem.initial()
    states, actions, total = [state], [], 0
    for target in keys[1:]:
        best = None
        for action, child, cost in ctx.successors(state):
            if (key(child) if key else child) == target and (best is None or cost < best[2]):
                best = (action, child, cost)
        if best is None:  # pragma: no cover - would mean successors() is not deterministic
            raise RuntimeError("plan reconstruction failed: successors() changed between calls")
        actions.append(best[0])
        states.append(best[1])
        total += best[2]
        state = best[1]
    return actions, states, total


def solved(ctx: SearchContext, keys: list[Any]) -> Result:
    """A ``solved`` result for the path through ``keys``."""
    actions, states, cost = replay_keys(ctx, keys)
    return Result("solved", cost, actions, states, ctx.control.stats, ctx.strategy.name)


def solved_path(ctx: SearchContext, actions: list[Any], states: list[Any], cost: float) -> Result:
    """A ``solved`` result from an explicit path (tree and depth-first loops)."""
    return Result("solved", cost, actions, states, ctx.control.stats, ctx.strategy.name)


def unsolved(ctx: SearchContext, status: str, reason: str) -> Result:
    """A result without a plan: ``no_solution``, ``budget_exhausted`` or ``interrupted``."""
    return Result(status, None, None, None, ctx.control.stats, ctx.strategy.name, reason)  # type: ignore[arg-type]
