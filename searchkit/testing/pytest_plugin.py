"""searchkit's pytest plugin (entry point ``pytest11``): the conformance battery for any puzzle.

Installed with searchkit, it adds to every pytest run:

* the option ``--searchkit-puzzle NAME`` (repeatable, or comma-separated names): run the battery
  (:class:`~searchkit.testing.ConformanceSuite`) on the installed puzzle ``NAME``. Without other
  paths on the command line only the battery runs; with paths, it runs beside those tests::

      pytest --searchkit-puzzle jugs
      pytest tests/ --searchkit-puzzle jugs,taquin

* the marker ``@pytest.mark.searchkit_puzzle(NAME_OR_PUZZLE, **settings)``, which says which
  puzzle (and which :class:`~searchkit.testing.conformance.Conformance` settings) a test or a
  ``ConformanceSuite`` subclass checks;
* the fixture ``searchkit_puzzle``: the :class:`~searchkit.testing.conformance.Conformance` of the
  marked puzzle, or of each ``--searchkit-puzzle`` name for unmarked tests that ask for it.

The module imports nothing heavy: searchkit's kit (and hypothesis) load only when a test uses them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

__all__ = ["pytest_addoption", "pytest_configure", "pytest_generate_tests", "searchkit_puzzle"]

OPTION = "--searchkit-puzzle"
BATTERY = Path(__file__).with_name("battery.py")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("searchkit", "searchkit conformance battery")
    group.addoption(OPTION, action="append", default=[], metavar="NAME", dest="searchkit_puzzle",
                    help="run searchkit's conformance battery on the installed puzzle NAME "
                         "(repeatable; comma-separated names allowed)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "searchkit_puzzle(puzzle, **settings): the puzzle (installed name or Puzzle "
                   "object) and conformance settings that the searchkit_puzzle fixture provides")
    if _names(config):
        explicit = config.args_source == pytest.Config.ArgsSource.ARGS
        config.args = [*config.args, str(BATTERY)] if explicit else [str(BATTERY)]


def _names(config: pytest.Config) -> list[str]:
    given = config.getoption("searchkit_puzzle", default=None) or []
    return [name.strip() for item in given for name in item.split(",") if name.strip()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "searchkit_puzzle" not in metafunc.fixturenames:
        return
    if metafunc.definition.get_closest_marker("searchkit_puzzle") is not None:
        return
    names = _names(metafunc.config)
    if names:
        metafunc.parametrize("searchkit_puzzle", names, indirect=True, ids=names)


@pytest.fixture
def searchkit_puzzle(request: pytest.FixtureRequest) -> Any:
    """The :class:`~searchkit.testing.conformance.Conformance` of the puzzle under test."""
    from .conformance import Conformance

    marker = request.node.get_closest_marker("searchkit_puzzle")
    if marker is not None:
        return Conformance.of(*marker.args, **marker.kwargs)
    if hasattr(request, "param"):
        return Conformance.of(request.param)
    raise pytest.UsageError(
        "no puzzle to check: mark the test with @pytest.mark.searchkit_puzzle('NAME') or run "
        f"pytest {OPTION} NAME")
