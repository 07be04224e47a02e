"""The conformance battery: every built-in plugin passes it, and deliberately wrong plugins are
each caught by the check meant for them (and a correct twin of theirs passes every check)."""

from __future__ import annotations

import pytest

from searchkit.testing import ConformanceSuite
from searchkit.testing.conformance import Conformance, checks, run_checks
from tests.testing.eight import (
    CornerManhattan,
    DoubleManhattan,
    EightPuzzle,
    IndexErrorParser,
    MergingKey,
    SignSlip,
)

BUILTINS = ("nstar", "rushhour", "sokoban", "taquin")
# Sokoban's mode=any guides its search by an inadmissible heuristic on purpose (plans found fast,
# never claimed optimal: tests/plugins/sokoban/test_anyplan.py checks them); the battery's
# admissibility and agreement checks are about the optimal mode.
SETTINGS = {"sokoban": {"options": {"mode": "optimal"}}}


@pytest.fixture(params=BUILTINS)
def searchkit_puzzle(request: pytest.FixtureRequest) -> Conformance:
    return Conformance.of(request.param, **SETTINGS.get(request.param, {}))


class TestBuiltinConformance(ConformanceSuite):
    """The whole battery on each built-in puzzle, as a third-party plugin would run it."""


def test_a_correct_plugin_passes_every_check():
    summaries = run_checks(EightPuzzle(), instances=2)
    assert len(summaries) == len(checks()) == 10
    assert summaries[0].startswith("round trip: 4 texts parse, render and re-parse")


@pytest.mark.parametrize(("puzzle", "check", "message"), [
    (DoubleManhattan(), "admissible", "the heuristic is not admissible: h = 12 > 8"),
    (CornerManhattan(), "consistent", "the heuristic is not consistent"),
    (MergingKey(), "keys", "two states share the key"),
    (SignSlip(), "incremental", "successors_with_heuristic gives a child the heuristic"),
    (IndexErrorParser(), "bad text", "parse raised IndexError"),
], ids=["2x-manhattan", "inconsistent", "merging-key", "sign-slip", "indexerror-parser"])
def test_each_wrong_plugin_is_caught_by_its_check(puzzle, check, message):
    conformance = Conformance.of(puzzle)
    with pytest.raises(AssertionError, match=message) as caught:
        checks()[check](conformance)
    assert "instance" in str(caught.value) or "text" in str(caught.value)


def test_the_inconsistent_heuristic_is_caught_by_the_consistency_check_only():
    conformance = Conformance.of(CornerManhattan(), instances=2)
    failing = []
    for name, check in checks().items():
        try:
            check(conformance)
        except AssertionError:
            failing.append(name)
    assert failing == ["consistent"]


def test_a_merging_key_also_fails_the_agreement_against_the_raw_state_reference():
    with pytest.raises(AssertionError, match=r"disagree on whether the instance is solvable"
                                             r"(.|\n)*reference, heuristic ignored\): solved"):
        checks()["random agreement"](Conformance.of(MergingKey(), examples=3))


def test_settings_are_checked():
    with pytest.raises(TypeError, match=r"unknown conformance setting 'sizes' \(valid: size, "):
        Conformance.of("nstar", sizes={})
    assert Conformance.of("nstar", size={"max_target": 50}).size == {"max_target": 50}
    variants = Conformance.of("rushhour", options={"lengths": "any"}).variants()
    assert len(variants) == 9 and all(v["lengths"] == "any" for v in variants)


def test_every_name_the_kit_exports_resolves():
    import searchkit.testing as kit

    for name in kit.__all__:
        assert getattr(kit, name) is not None, name
    assert sorted(dir(kit)) == sorted(kit.__all__)


def test_a_wrong_incremental_heuristic_is_caught_though_heuristic_itself_is_right():
    """The admissibility and consistency checks call heuristic(), which is right here; A* and
    IDA* call successors_with_heuristic, which is not, and only this check looks at it."""
    conformance = Conformance.of(SignSlip(), instances=2)
    for name in ("admissible", "consistent", "keys"):
        checks()[name](conformance)
    with pytest.raises(AssertionError, match="but heuristic\\(\\) says"):
        checks()["incremental"](conformance)


def test_an_unsolvable_claim_is_confirmed_only_by_a_search_that_finishes():
    from searchkit import Budget
    from searchkit.testing.search_checks import _confirm_unsolvable

    solvable = EightPuzzle().parse("867\n254\n3_1")  # far from the goal: beyond 50 expansions
    with pytest.raises(AssertionError, match=r"says 'odd parity', and the exhaustive search "
                                             r"meant to confirm it ended budget_exhausted"):
        _confirm_unsolvable(solvable, "odd parity", Budget(max_expansions=50))
    unsolvable = EightPuzzle().parse("213\n456\n78_")  # two tiles swapped: odd permutation
    _confirm_unsolvable(unsolvable, "odd parity", Budget(max_expansions=200_000))
