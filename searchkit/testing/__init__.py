"""searchkit's testing kit: property tests that cannot be fooled (needs ``pytest`` and
``hypothesis``, the ``test`` extra).

For any problem:

* :func:`assert_optimal_agreement` -- runs the optimal strategies (and an uninformed reference),
  replays every plan, and holds every promise against every verified plan; never a silent pass;
* :func:`assert_admissible`, :func:`assert_consistent` -- the heuristic against exact remaining
  costs, and along every edge, over a bounded exploration;
* :func:`assert_keys_interchangeable` -- states sharing a key must be interchangeable;
* :func:`assert_incremental_agrees` -- ``successors_with_heuristic`` and
  ``successors_except_parent``, which A* and IDA* call, agree with ``successors`` and
  ``heuristic``.

For any puzzle plugin, the conformance battery (:mod:`.conformance`): round trip, examples,
random instances across strategies and backends, heuristics, keys, action notation, bad text --
as a pytest class (:class:`ConformanceSuite`, with the ``searchkit_puzzle`` marker and fixture)
or one command, ``pytest --searchkit-puzzle NAME`` (the ``pytest11`` plugin
:mod:`.pytest_plugin`).

Generators and oracles: :func:`graphs`, :func:`puzzle_instances`, :func:`bad_texts`,
:func:`brute_force_cost`, :func:`brute_force_steps`; :func:`optimal_strategies` (also
:data:`OPTIMAL_STRATEGIES`) and :func:`promise_of` read the strategies' guarantees from their flags.

Example (a property test of a plugin)::

    from hypothesis import given, settings
    from searchkit import get_puzzle
    from searchkit.testing import assert_optimal_agreement, puzzle_instances

    @given(puzzle_instances("nstar", max_target=300))
    @settings(max_examples=25, deadline=None)
    def test_nstar_strategies_agree(text):
        assert_optimal_agreement(get_puzzle("nstar").parse(text), ["bfs", "astar", "idastar"])

Names are imported on first use, so that loading the pytest plugin (which pytest does in every
run) costs nothing until a test asks for the kit.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .agreement import Agreement, assert_optimal_agreement
    from .conformance import Conformance
    from .generators import bad_texts, graphs, puzzle_instances
    from .guarantees import Promise, optimal_strategies, promise_of
    from .heuristics import HeuristicReport, assert_admissible, assert_consistent
    from .incremental import IncrementalReport, assert_incremental_agrees
    from .keys import KeyReport, assert_keys_interchangeable
    from .oracles import brute_force_cost, brute_force_steps
    from .space import StateGraph, explore_graph
    from .suite import ConformanceSuite
    from .views import uninformed

_EXPORTS = {
    "assert_optimal_agreement": "agreement", "Agreement": "agreement",
    "assert_admissible": "heuristics", "assert_consistent": "heuristics",
    "HeuristicReport": "heuristics",
    "assert_keys_interchangeable": "keys", "KeyReport": "keys",
    "assert_incremental_agrees": "incremental", "IncrementalReport": "incremental",
    "graphs": "generators", "puzzle_instances": "generators", "bad_texts": "generators",
    "brute_force_cost": "oracles", "brute_force_steps": "oracles",
    "optimal_strategies": "guarantees", "promise_of": "guarantees", "Promise": "guarantees",
    "explore_graph": "space", "StateGraph": "space",
    "uninformed": "views",
    "Conformance": "conformance",
    "ConformanceSuite": "suite",
}

__all__ = [
    "OPTIMAL_STRATEGIES", "Agreement", "Conformance", "ConformanceSuite", "HeuristicReport",
    "IncrementalReport", "KeyReport", "Promise", "StateGraph", "assert_admissible",
    "assert_consistent", "assert_incremental_agrees", "assert_keys_interchangeable",
    "assert_optimal_agreement", "bad_texts", "brute_force_cost",
    "brute_force_steps", "explore_graph", "graphs", "optimal_strategies", "promise_of",
    "puzzle_instances", "uninformed",
]


def __getattr__(name: str) -> Any:
    if name == "OPTIMAL_STRATEGIES":  # derived from the registered strategies' flags
        return importlib.import_module(f"{__name__}.guarantees").optimal_strategies()
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
