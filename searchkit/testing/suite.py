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

from .conformance import Conformance, checks

__all__ = ["ConformanceSuite"]


class ConformanceSuite:
    """The battery, one test per check (see :mod:`searchkit.testing.conformance`)."""

    def _run(self, name: str, conformance: Conformance) -> None:
        print(checks()[name](conformance))

    def test_round_trip(self, searchkit_puzzle: Conformance) -> None:
        """Texts parse deterministically, render, and (with format_instance) round-trip."""
        self._run("round trip", searchkit_puzzle)

    def test_options(self, searchkit_puzzle: Conformance) -> None:
        """Every option choice parses; build()'s defaults match the options'."""
        self._run("options", searchkit_puzzle)

    def test_examples_solve_and_verify(self, searchkit_puzzle: Conformance) -> None:
        """Every built-in example is solved and its plan replays to its cost."""
        self._run("examples", searchkit_puzzle)

    def test_random_instances_agree(self, searchkit_puzzle: Conformance) -> None:
        """Optimal strategies agree with an uninformed reference on random instances."""
        self._run("random agreement", searchkit_puzzle)

    def test_heuristic_admissible(self, searchkit_puzzle: Conformance) -> None:
        """h <= h* on every state of small instances, for every option variant."""
        self._run("admissible", searchkit_puzzle)

    def test_heuristic_consistent(self, searchkit_puzzle: Conformance) -> None:
        """h(s) <= c + h(s') on every edge of small instances, for every option variant."""
        self._run("consistent", searchkit_puzzle)

    def test_keys(self, searchkit_puzzle: Conformance) -> None:
        """States sharing a key are interchangeable."""
        self._run("keys", searchkit_puzzle)

    def test_format_action(self, searchkit_puzzle: Conformance) -> None:
        """Every action prints clearly and written plans read back."""
        self._run("format_action", searchkit_puzzle)

    def test_bad_text(self, searchkit_puzzle: Conformance) -> None:
        """Mutated texts are accepted or rejected with the puzzle's PuzzleFormatError only."""
        self._run("bad text", searchkit_puzzle)
