"""The conformance battery as a pytest test class: :class:`ConformanceSuite`.

Subclass it in a test module (pytest collects classes whose name starts with ``Test``) and say
which puzzle it checks with the ``searchkit_puzzle`` marker, whose keyword arguments are
:class:`~searchkit.testing.conformance.Conformance` settings::

    import pytest
    from searchkit.testing import ConformanceSuite

    @pytest.mark.searchkit_puzzle("jugs", size={"jugs": 2, "max_capacity": 7})
    class TestJugsConformance(ConformanceSuite):
        '''The searchkit conformance battery on the jugs puzzle.'''

Each test method runs one check through the ``searchkit_puzzle`` fixture (defined by searchkit's
pytest plugin, :mod:`searchkit.testing.pytest_plugin`), which builds the settings from the marker;
a test module can also override that fixture. ``pytest --searchkit-puzzle NAME`` runs this same
class on an installed puzzle without any test file. Each check prints a one-line summary of what
it verified (shown with ``pytest -rP``).
"""

from __future__ import annotations

from collections.abc import Callable

from .conformance import Conformance, checks

__all__ = ["ConformanceSuite"]


def _check(name: str, doc: str) -> Callable[[object, Conformance], None]:
    """A test method running the check ``name`` and printing its summary."""

    def test(self: object, searchkit_puzzle: Conformance) -> None:
        print(checks()[name](searchkit_puzzle))

    test.__doc__ = doc
    return test


class ConformanceSuite:
    """The battery, one test per check (see :mod:`searchkit.testing.conformance`)."""

    test_round_trip = _check(
        "round trip", "Texts parse deterministically, render, and (with format_instance) "
                      "round-trip.")
    test_options = _check(
        "options", "Every option choice parses; build()'s defaults match the options'.")
    test_examples_solve_and_verify = _check(
        "examples", "Every built-in example is solved and its plan replays to its cost.")
    test_random_instances_agree = _check(
        "random agreement", "Optimal strategies agree with an uninformed reference on random "
                            "instances.")
    test_heuristic_admissible = _check(
        "admissible", "h <= h* on every state of small instances, for every option variant.")
    test_heuristic_consistent = _check(
        "consistent", "h(s) <= c + h(s') on every edge of small instances, for every variant.")
    test_incremental = _check(
        "incremental", "successors_with_heuristic and successors_except_parent agree with "
                       "successors and heuristic.")
    test_keys = _check("keys", "States sharing a key are interchangeable.")
    test_format_action = _check(
        "format_action", "Every action prints clearly and written plans read back.")
    test_bad_text = _check(
        "bad text", "Mutated texts are accepted or rejected with PuzzleFormatError only.")
