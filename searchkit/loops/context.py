"""What :func:`searchkit.search` hands to a loop: :class:`SearchContext`, the parts of one search.

The problem's methods come from its :class:`~searchkit.capabilities.Capabilities`, resolved once;
the context adds what depends on the strategy: whether the heuristic is used, a successor
function that yields ``(action, next_state, cost, next_h)`` whatever the problem offers, the
resolved options, the frontier factory and the visited backend. A loop reads these and nothing
else, so it never tests the problem for a method, and every successor function a loop calls
(``successors``, ``expand``, ``expand_except_parent``) is chosen here, once per run.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..capabilities import Capabilities
from ..errors import ProblemError, excerpt
from ..problem import is_hashable
from ..result import at_least_zero
from ..visited import VisitedBackend
from .paths import replay_keys
from .variants import PLAIN, Variant

if TYPE_CHECKING:
    from ..strategies.base import Strategy

__all__ = ["SearchContext"]

Expand = Callable[[Any, float], Iterable[tuple[Any, Any, float, float]]]


@dataclass
class SearchContext:
    """Everything a loop needs to run one strategy on one problem.

    ``heuristic`` is the problem's heuristic when the strategy uses one and the problem has one,
    else ``None`` (every ``h`` is then 0). ``successors`` is the problem's. ``expand(state, h)``
    yields ``(action, next_state, cost, next_h)``: the problem's ``successors_with_heuristic``
    when it has one and the heuristic is used, else its ``successors`` with ``next_h`` computed
    or 0. ``expand_except_parent`` is the problem's ``successors_except_parent`` when the
    heuristic is used, else ``None``. ``variant`` selects the loop's variant (:mod:`.variants`):
    plain, observed (the loop reports its events to ``observer``) or stepped (it yields them).
    """

    caps: Capabilities
    strategy: Strategy
    options: Mapping[str, Any]
    frontier_factory: Callable[[], Any] | None
    backend: VisitedBackend
    variant: Variant = PLAIN
    observer: Callable[[Any], None] | None = None
    heuristic: Callable[[Any], float] | None = field(init=False)
    successors: Callable[[Any], Iterable[tuple[Any, Any, float]]] = field(init=False)
    expand: Expand = field(init=False)
    expand_except_parent: Callable[[Any, float, Any], Iterable[Any]] | None = field(init=False)

    def __post_init__(self) -> None:
        caps = self.caps
        informed = self.strategy.uses_heuristic and caps.heuristic is not None
        self.heuristic = caps.heuristic if informed else None
        self.successors = caps.successors
        self.expand = self._expand(informed)
        self.expand_except_parent = caps.successors_except_parent if informed else None

    def _expand(self, informed: bool) -> Expand:
        successors, heuristic = self.caps.successors, self.caps.heuristic
        if not informed:
            def zero_heuristic(state: Any, h: float) -> Iterable[Any]:
                for action, child, cost in successors(state):
                    yield action, child, cost, 0

            return zero_heuristic
        if self.caps.successors_with_heuristic is not None:
            return self.caps.successors_with_heuristic
        assert heuristic is not None

        def with_heuristic(state: Any, h: float) -> Iterable[Any]:
            for action, child, cost in successors(state):
                yield action, child, cost, heuristic(child)

        return with_heuristic

    def initial_h(self, state: Any) -> float:
        """The heuristic value of ``state``, the start (0 when the strategy uses no heuristic),
        checked once: a value that is not a number of at least 0 (a negative one, NaN, None) is
        a :class:`~searchkit.errors.ProblemError` before the loop starts, where it would void
        every guarantee (a goal's negative h lets A* and IDA* stop at a costlier plan) or fail
        deep inside."""
        if self.heuristic is None:
            return 0
        h = self.heuristic(state)
        if not at_least_zero(h):
            raise ProblemError(f"the heuristic of the start is {excerpt(h)}: a heuristic is a "
                               "number of at least 0 (math.inf for a dead end)")
        return h

    def start_key(self, start: Any) -> Hashable:
        """The key of ``start``, checked once to be hashable: visited sets and the path check
        store keys, and an unhashable one (a list state without a ``key``) is a
        :class:`~searchkit.errors.ProblemError` that says so, instead of a ``TypeError`` from
        inside a loop."""
        key = self.caps.key_of(start)
        if not is_hashable(key):
            what = (f"the start's key() {excerpt(key)} is not hashable" if self.caps.key else
                    f"the start {excerpt(key)} is not hashable (the problem has no key())")
            raise ProblemError(f"{what}, and this search stores keys: give the problem a key() "
                               "that returns a hashable value (a tuple, a frozenset)")
        return key

    def new_map(self) -> Any:
        """An empty visited mapping from the selected backend."""
        return self.backend.make(self.caps.key_hash)

    def replay(self, keys: list[Hashable]) -> tuple[list[Any], list[Any], float]:
        """The plan through ``keys`` (from the start's): ``(actions, states, cost)``."""
        return replay_keys(self.caps, keys)
