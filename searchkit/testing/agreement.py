"""Optimality across strategies: :func:`assert_optimal_agreement`, which never passes silently.

Each run's plan is replayed with :func:`~searchkit.verify`, and every verified plan is a fact: the
optimum cost is at most its cost, the fewest steps at most its length. Every strategy that
promises an optimum (read from its flags, see :mod:`.guarantees`) must reach the best such fact.
So results are compared across families wherever the costs allow it: when every plan's cost equals
its length (or the problem declares ``unit_costs = True``), fewest steps and cheapest cost are the
same number, and BFS, IDDFS, bibfs, Dijkstra, A* and IDA* must all agree on it. An uninformed
reference (Dijkstra's algorithm on a view without the heuristic or the key) runs too unless
``reference=False``; when nothing at all can be compared, the assertion fails and says why.

The issue-14 example: unit costs, 0->1->2->3->8->4 (5 steps) and 0->5->4 (2 steps); ``h(5) = 50``
is inadmissible, so A* returns the long way -- and the kit says so:

>>> from searchkit import GraphProblem
>>> edges = {0: {1: 1, 5: 1}, 1: {2: 1}, 2: {3: 1}, 3: {8: 1}, 8: {4: 1}, 5: {4: 1}}
>>> p = GraphProblem(edges, start=0, goals={4}, heuristic={5: 50})
>>> assert_optimal_agreement(p, ["bfs", "astar"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: astar promises the minimum cost but returned 5, while dijkstra (reference, ...
...
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..budget import Budget
from ..errors import IncompatibleError, PlanError
from ..result import Result
from ..search import search
from ..verify import verify
from .guarantees import default_visited, optimal_strategies, promise_of, reference_strategy
from .views import uninformed

__all__ = ["assert_optimal_agreement", "Agreement"]

RunKey = tuple[str, "str | None"]


@dataclass
class _Run:
    label: str
    promise: str | None  # "cost", "steps" or None
    needs_admissible: bool
    result: Result
    plan_cost: float = math.nan
    is_reference: bool = False


@dataclass
class Agreement(Mapping[RunKey, Result]):
    """What :func:`assert_optimal_agreement` ran and established.

    A mapping ``(strategy, visited) -> Result`` of the runs asked for; ``reference`` is the
    uninformed reference's result (or ``None``), ``cost`` and ``steps`` the agreed optimum
    (``None`` when unsolvable or not established), ``unit_costs`` whether steps and costs were
    compared as one measure, ``comparisons`` one line per check made, ``skipped`` the default
    strategies that do not apply to this problem (e.g. ``bibfs`` without ``predecessors``).
    """

    results: dict[RunKey, Result]
    reference: Result | None = None
    cost: float | None = None
    steps: int | None = None
    unit_costs: bool = False
    comparisons: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def __getitem__(self, key: RunKey) -> Result:
        return self.results[key]

    def __iter__(self) -> Iterator[RunKey]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)


def assert_optimal_agreement(
    problem: Any,
    strategies: Sequence[str] | None = None,
    *,
    expected_cost: float | None = None,
    expected_steps: int | None = None,
    visited: Iterable[str | None] = (None,),
    budget: Budget | None = None,
    reference: bool = True,
    unit_costs: bool | None = None,
    rel_tol: float = 1e-9,
) -> Agreement:
    """Run ``strategies`` on ``problem`` and check every promise they make; never pass silently.

    ``strategies`` defaults to every registered optimal strategy that applies to the problem.
    Each runs once per backend in ``visited`` (``None`` = the strategy's default, skipped when that
    default is listed too), each with ``budget``. Then:

    * every run is ``solved`` or every run is ``no_solution`` (a budget running out fails: give
      budgets that suffice);
    * every plan replays with :func:`~searchkit.verify` to the cost the search reported;
    * every cost-optimal run returns the cheapest cost of all verified plans, every step-optimal
      run the fewest steps; with unit costs (every plan's cost equals its length, or
      ``unit_costs=True``, or a problem attribute ``unit_costs = True``) those are one number;
    * the optimum equals ``expected_cost`` / ``expected_steps`` when given.

    ``reference=True`` adds Dijkstra's algorithm on :func:`~searchkit.testing.views.uninformed`
    (the heuristic ignored, hashable states told apart by themselves rather than by ``key``;
    ``unsolvable_reason`` still trusted). The assertion fails when the
    runs leave nothing to compare (e.g. one strategy and ``reference=False``). Returns an
    :class:`Agreement`; raises ``AssertionError`` with a message naming the runs that disagree.
    """
    names = list(strategies) if strategies is not None else list(optimal_strategies())
    agreement = Agreement({})
    runs: list[_Run] = []
    visited = list(visited)
    for name in names:
        promise = promise_of(name)
        default = default_visited(name)
        for backend in visited:
            if backend is None and default in visited:
                continue  # the same run as the explicit backend
            try:
                result = search(problem, name, visited=backend, budget=budget)
            except IncompatibleError:
                if strategies is not None:
                    raise
                agreement.skipped.append(name)
                break
            agreement.results[(name, backend)] = result
            label = name if backend is None else f"{name} (visited={backend})"
            runs.append(_Run(label, promise.optimal_in, promise.needs_admissible, result))
    if reference:
        ref_name = reference_strategy()
        agreement.reference = search(uninformed(problem, raw_states=True), ref_name,
                                     budget=budget)
        runs.append(_Run(f"{ref_name} (reference, heuristic ignored)", "cost", False,
                         agreement.reference, is_reference=True))
    if not runs:
        raise AssertionError("nothing to compare: no strategy was run")
    _check_statuses(runs)
    _replay(problem, runs, rel_tol)
    declared = unit_costs if unit_costs is not None else getattr(problem, "unit_costs", None)
    _compare(problem, runs, agreement, declared is True, expected_cost, expected_steps, rel_tol)
    return agreement


def _check_statuses(runs: list[_Run]) -> None:
    for run in runs:
        if run.result.status not in ("solved", "no_solution"):
            raise AssertionError(f"{run.label} ended with {run.result.status}: {run.result.reason}"
                                 " (give a budget that suffices, or a smaller instance)")
    statuses = {run.result.status for run in runs}
    if len(statuses) > 1:
        table = "\n".join(f"  {run.label}: {run.result.status}"
                          + (f" ({run.result.reason})" if run.result.reason else "")
                          for run in runs)
        raise AssertionError(f"strategies disagree on whether the instance is solvable:\n{table}")


def _replay(problem: Any, runs: list[_Run], rel_tol: float) -> None:
    for run in runs:
        if not run.result.solved:
            continue
        try:
            run.plan_cost = verify(problem, run.result.actions)  # type: ignore[arg-type]
        except PlanError as exc:
            raise AssertionError(f"{run.label} returned a plan that does not replay: {exc}") \
                from None
        if not math.isclose(run.plan_cost, run.result.cost, rel_tol=rel_tol, abs_tol=1e-9):
            raise AssertionError(f"{run.label} reported cost {run.result.cost} but its plan costs "
                                 f"{run.plan_cost}: {_plan(problem, run.result)}")


def _compare(problem: Any, runs: list[_Run], agreement: Agreement, declared_unit: bool,
             expected_cost: float | None, expected_steps: int | None, rel_tol: float) -> None:
    solved = [run for run in runs if run.result.solved]
    comparisons = agreement.comparisons
    if not solved:
        if len(runs) < 2:
            raise AssertionError(f"nothing to compare: {runs[0].label} alone found no solution "
                                 "(keep the reference or give more strategies)")
        comparisons.append(f"no solution: {', '.join(run.label for run in runs)}")
        if expected_cost is not None or expected_steps is not None:
            expected = expected_cost if expected_cost is not None else expected_steps
            raise AssertionError(f"no strategy found a solution, but the optimum was expected to "
                                 f"be {expected}")
        return
    if declared_unit:
        for run in solved:
            if run.plan_cost != len(run.result.actions or ()):
                raise AssertionError(
                    f"the problem declares unit costs, but {run.label}'s plan costs "
                    f"{run.plan_cost} over {len(run.result.actions or ())} steps")
    unit = declared_unit or all(run.plan_cost == len(run.result.actions or ()) for run in solved)
    agreement.unit_costs = unit
    # on ties, name the reference: the most trusted witness
    cheapest = min(solved, key=lambda run: (run.plan_cost, not run.is_reference))
    shortest = min(solved, key=lambda run: (len(run.result.actions or ()), not run.is_reference))
    groups = {"cost": [run for run in runs if run.promise == "cost"],
              "steps": [run for run in runs if run.promise == "steps"]}
    if unit:
        groups = {"cost": groups["cost"] + groups["steps"], "steps": []}
    for measure, group in groups.items():
        best = cheapest if measure == "cost" else shortest
        wrong = [run for run in group if not math.isclose(
            _measure(run, measure), _measure(best, measure), rel_tol=rel_tol, abs_tol=1e-9)]
        if wrong:
            raise AssertionError(_disagreement(problem, wrong, best, measure, unit))
        if len(group) > 1:
            what = "steps and cost (unit costs)" if unit else measure
            comparisons.append(f"{what}: {', '.join(run.label for run in group)} agree on "
                               f"{_measure(best, measure):g}")
    agreement.cost = cheapest.plan_cost if groups["cost"] else None
    agreement.steps = len(shortest.result.actions or ()) if groups["steps"] or unit else None
    _check_expected(agreement, expected_cost, expected_steps, rel_tol)
    if not comparisons:
        raise AssertionError(f"nothing to compare: {_why_nothing(runs, cheapest)} -- keep "
                             "the reference (reference=True), add a strategy with the same "
                             "promise, or give expected_cost / expected_steps")


def _why_nothing(runs: list[_Run], cheapest: _Run) -> str:
    promised = [run for run in runs if run.promise]
    others = [run.label for run in runs if not run.promise]
    if len(promised) < 2:
        only = promised[0].label if promised else "no run"
        return f"only {only} promises an optimum" + (
            f" ({', '.join(others)} promise nothing)" if others else "")
    by_cost = ", ".join(run.label for run in promised if run.promise == "cost")
    by_steps = ", ".join(run.label for run in promised if run.promise == "steps")
    return (f"{by_cost} promise the minimum cost and {by_steps} the fewest steps, and the costs "
            f"are not unit ({cheapest.label}'s plan costs {cheapest.plan_cost:g} over "
            f"{len(cheapest.result.actions or ())} steps)")


def _check_expected(agreement: Agreement, expected_cost: float | None,
                    expected_steps: int | None, rel_tol: float) -> None:
    for name, expected, found in (("cost", expected_cost, agreement.cost),
                                  ("fewest steps", expected_steps, agreement.steps)):
        if expected is None:
            continue
        if found is None:
            raise AssertionError(f"expected {name} {expected:g}, but no strategy run promises "
                                 f"an optimal {name}")
        if not math.isclose(found, expected, rel_tol=rel_tol, abs_tol=1e-9):
            raise AssertionError(f"the optimal {name} is {found:g}, not the expected {expected:g}")
        agreement.comparisons.append(f"{name}: {found:g} as expected")


def _measure(run: _Run, measure: str) -> float:
    return run.plan_cost if measure == "cost" else len(run.result.actions or ())


def _disagreement(problem: Any, wrong: list[_Run], best: _Run, measure: str, unit: bool) -> str:
    """The message naming every run in ``wrong`` that missed ``best``'s value of ``measure``."""
    promised = "the minimum cost" if wrong[0].promise == "cost" else "the fewest steps"
    values = [f"{_measure(run, measure):g}" for run in wrong]
    returned = values[0] if len(set(values)) == 1 else f"{', '.join(values)} respectively"
    labels = ", ".join(run.label for run in wrong)
    verb = "promises" if len(wrong) == 1 else "promise"
    found = "a plan costing" if measure == "cost" else "a plan of"
    suffix = "" if measure == "cost" else " steps"
    lines = [f"{labels} {verb} {promised} but returned {returned}, while {best.label} found "
             f"{found} {_measure(best, measure):g}{suffix}: {_plan(problem, best.result)}"]
    lines += [f"  {run.label}'s plan: {_plan(problem, run.result)}" for run in wrong]
    if unit and any(run.promise != best.promise for run in wrong):
        lines.append("  (every plan's cost equals its length: unit costs, so fewest steps and "
                     "minimum cost are the same number)")
    informed = [run.label for run in wrong if run.needs_admissible]
    if informed:
        lines.append(f"  {', '.join(informed)} rel{'ies' if len(informed) == 1 else 'y'} on an "
                     "admissible heuristic: check it with "
                     "searchkit.testing.assert_admissible(problem)")
    return "\n".join(lines)


def _plan(problem: Any, result: Result, limit: int = 12) -> str:
    fmt = getattr(problem, "format_action", str)
    actions = [fmt(a) for a in (result.actions or [])]
    shown = " ".join(actions[:limit]) + (f" ... ({len(actions)} steps)" if len(actions) > limit
                                         else "")
    return shown or "(empty: the start is a goal)"
