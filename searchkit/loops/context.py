"""What :func:`searchkit.search` hands to a loop: the problem's functions, resolved once.

Resolving optional methods here keeps the loops free of ``hasattr`` tests and lets them skip calls
to default methods altogether: ``key`` is ``None`` when keys are the states themselves, and
``heuristic`` is ``None`` when the problem has no heuristic (or the strategy uses none), and so
is ``successors_except_parent``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..budget import Control
from ..problem import has_own
from ..strategies.base import Strategy
from ..visited import VisitedBackend

__all__ = ["SearchContext"]


@dataclass
class SearchContext:
    """Everything a loop needs to run one strategy on one problem."""

    problem: Any
    strategy: Strategy
    options: dict[str, Any]
    frontier_factory: Callable[[], Any] | None
    backend: VisitedBackend
    control: Control

    def __post_init__(self) -> None:
        p = self.problem
        self.frontier_kind: str | None = self.strategy.frontier_kind
        self.successors: Callable[[Any], Iterable[tuple[Any, Any, float]]] = p.successors
        self.is_goal: Callable[[Any], bool] = p.is_goal
        self.key: Callable[[Any], Any] | None = p.key if has_own(p, "key") else None
        self.heuristic: Callable[[Any], float] | None = (
            p.heuristic if self.strategy.uses_heuristic and has_own(p, "heuristic") else None
        )
        self.key_hash: Callable[[Any], int] | None = getattr(p, "key_hash", None)
        incremental = getattr(p, "successors_with_heuristic", None)
        self.successors_with_heuristic = self._informed_successors(incremental)
        self.successors_except_parent: Callable[[Any, float, Any], Iterable[Any]] | None = (
            getattr(p, "successors_except_parent", None) if self.heuristic is not None else None
        )

    def _informed_successors(self, incremental: Any) -> Callable[[Any, float], Iterable[Any]]:
        """A ``successors_with_heuristic``-shaped function, whatever the problem offers."""
        if self.heuristic is None:
            successors = self.successors

            def zero_heuristic(state: Any, h: float) -> Iterable[Any]:
                for action, child, cost in successors(state):
                    yield action, child, cost, 0

            return zero_heuristic
        if incremental is not None:
            return incremental
        successors, heuristic = self.successors, self.heuristic

        def with_heuristic(state: Any, h: float) -> Iterable[Any]:
            for action, child, cost in successors(state):
                yield action, child, cost, heuristic(child)

        return with_heuristic

    def initial_h(self, state: Any) -> float:
        """The heuristic value of ``state`` (0 when the strategy uses no heuristic)."""
        return 0 if self.heuristic is None else self.heuristic(state)

    def new_map(self) -> Any:
        """An empty visited mapping from the selected backend."""
        assert self.backend.make is not None
        return self.backend.make(self.key_hash)
