"""Conformance checks that search: examples, random agreement, heuristics and keys.

Each ``check_*(conformance) -> summary`` raises ``AssertionError`` on the first failure (see
:mod:`.conformance`).

* **examples** -- every built-in example is solved by the puzzle's default strategy within
  ``example_seconds``, and its plan replays to the reported cost;
* **random agreement** -- hypothesis draws random instances (shrinking to a small failing one)
  and option variants; :func:`~.agreement.assert_optimal_agreement` holds every optimal strategy,
  on every visited backend (and each strategy's default), against an uninformed reference; an
  instance that ``unsolvable_reason`` calls unsolvable is searched exhaustively to confirm it;
* **admissible**, **consistent** -- :func:`~.heuristics.assert_admissible` and
  :func:`~.heuristics.assert_consistent` on the small instances under every option variant;
* **incremental** -- :func:`~.incremental.assert_incremental_agrees` on the same: the
  ``successors_with_heuristic`` and ``successors_except_parent`` that A* and IDA* call agree with
  ``successors`` and ``heuristic``;
* **keys** -- :func:`~.keys.assert_keys_interchangeable` on the same.

>>> from searchkit.testing.conformance import Conformance
>>> print(check_keys(Conformance.of("nstar", instances=1)))
keys: 3 instances, 0 pairs of states sharing a key compared
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import searchkit

from ..budget import Budget
from ..search import search
from ..verify import verify
from .agreement import assert_optimal_agreement
from .conformance import Conformance
from .guarantees import reference_strategy
from .heuristics import assert_admissible, assert_consistent
from .incremental import assert_incremental_agrees
from .keys import assert_keys_interchangeable
from .views import uninformed

__all__ = ["check_examples", "check_random_agreement", "check_admissible", "check_consistent",
           "check_incremental", "check_keys", "state_backends"]


def state_backends() -> tuple[str, ...]:
    """The registered visited backends that store states (all but tree search)."""
    return tuple(name for name, backend in searchkit.visited_backends().items()
                 if not backend.is_tree_search)


def check_examples(c: Conformance) -> str:
    """The built-in examples solve with the default strategy and their plans replay."""
    examples = c.example_texts()
    assert examples, f"puzzle {c.name!r} has no examples(): give at least one built-in instance"
    strategy = c.puzzle.default_strategy
    for name, text in examples.items():
        problem = c.parse(text)
        result = search(problem, strategy, budget=Budget(max_seconds=c.example_seconds))
        assert result.solved, f"example {name!r}: {strategy} ended with {result.status}" + (
            f": {result.reason}" if result.reason else "")
        replayed = verify(problem, result.actions)  # type: ignore[arg-type]
        assert abs(replayed - result.cost) <= 1e-9, \
            f"example {name!r}: {strategy} reported cost {result.cost}, its plan costs {replayed}"
    return f"examples: all {len(examples)} solve with {strategy} and their plans verify"


def check_random_agreement(c: Conformance) -> str:
    """Optimal strategies agree with a reference on random instances."""
    variants = c.variants() or [dict(c.options)]
    visited = (None, *state_backends())
    seen = {"instances": 0, "solved": 0, "unsolvable": 0}

    @given(rng=st.randoms(use_true_random=False), variant=st.sampled_from(variants))
    @settings(max_examples=c.examples, deadline=None, derandomize=True, database=None,
              report_multiple_bugs=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    def agree(rng: random.Random, variant: dict[str, Any]) -> None:
        text = c.random_text(rng)
        shown = ", ".join(f"{k}={v}" for k, v in variant.items()) or "default options"
        note(f"instance ({shown}):\n{text}")
        try:
            problem = c.parse(text, **variant)
            reason = problem.unsolvable_reason() if hasattr(problem, "unsolvable_reason") else None
            if reason:
                _confirm_unsolvable(problem, reason, c.budget)
            agreement = assert_optimal_agreement(problem, c.strategies, visited=visited,
                                                 budget=c.budget)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\non the random instance ({shown}):\n{text}") from None
        seen["instances"] += 1
        seen["solved" if agreement.cost is not None or agreement.steps is not None
             else "unsolvable"] += 1

    agree()
    return f"random agreement: {seen['instances']} random instances ({seen['solved']} solvable), " \
           f"optimal strategies agree on backends {', '.join(visited[1:])} and their defaults"


def _confirm_unsolvable(problem: Any, reason: str, budget: Budget) -> None:
    """An exhaustive uninformed search must agree with ``unsolvable_reason``: it finds no plan
    and ends ``no_solution``, every reachable state expanded within ``budget``."""
    exhaustive = search(uninformed(problem, start=problem.initial()), reference_strategy(),
                        budget=budget)
    assert exhaustive.status != "solved", (
        f"unsolvable_reason() says {reason!r}, but a plan exists: "
        + " ".join(map(getattr(problem, "format_action", str), exhaustive.actions or [])))
    assert exhaustive.status == "no_solution", (
        f"unsolvable_reason() says {reason!r}, and the exhaustive search meant to confirm it "
        f"ended {exhaustive.status} ({exhaustive.reason or 'no reason given'}) after "
        f"{exhaustive.stats.expanded} expansions: give the battery smaller instances (size=) or a "
        "larger budget")


def check_admissible(c: Conformance) -> str:
    """The heuristic never overestimates on the small instances."""
    reports = _each_instance(c, lambda p: assert_admissible(p, max_states=c.max_states,
                                                             samples=10))
    return _summary("admissible", reports)


def check_consistent(c: Conformance) -> str:
    """The heuristic is consistent on the small instances."""
    return _summary("consistent",
                    _each_instance(c, lambda p: assert_consistent(p, max_states=c.max_states)))


def check_incremental(c: Conformance) -> str:
    """Incremental expansions agree with ``successors`` and ``heuristic``."""
    reports = _each_instance(c, lambda p: assert_incremental_agrees(p, max_states=c.max_states))
    functions = sorted({name for r in reports for name in r.functions})
    if not functions:
        return "incremental: no successors_with_heuristic or successors_except_parent to check"
    return f"incremental: {' and '.join(functions)} agree with successors and heuristic on " \
           f"{len(reports)} instances, {sum(r.states for r in reports)} states"


def check_keys(c: Conformance) -> str:
    """States that share a key are interchangeable."""
    reports = _each_instance(c, lambda p: assert_keys_interchangeable(p, max_states=c.max_states))
    return f"keys: {len(reports)} instances, {sum(r.pairs for r in reports)} pairs of states " \
           "sharing a key compared"


def _each_instance(c: Conformance, check: Callable[[Any], Any]) -> list[Any]:
    """``check(problem)`` on every small instance under every option variant; a failure names
    the instance."""
    reports = []
    for label, _variant, problem in c.instances_to_check():
        try:
            reports.append(check(problem))
        except AssertionError as exc:
            raise AssertionError(f"{exc}\ninstance {label}") from None
    return reports


def _summary(what: str, reports: list[Any]) -> str:
    complete = sum(r.complete for r in reports)
    edges = f", {sum(r.edges for r in reports)} edges" if what == "consistent" else ""
    return f"{what}: {len(reports)} instances ({complete} explored completely), " \
           f"{sum(r.states for r in reports)} states{edges}"
