"""searchkit's pytest plugin, run for real in a subprocess as a plugin author would:
``pytest --searchkit-puzzle NAME``, the ``searchkit_puzzle`` marker on a ConformanceSuite
subclass, the fixture, and the errors when a puzzle is missing or unknown."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA",
                           *args], cwd=folder, env=env, capture_output=True, text=True, timeout=600)


def outcomes(output: str) -> dict[str, str]:
    """``test id -> PASSED/FAILED/ERROR`` from pytest's ``-rA`` summary."""
    return {m[1]: m[0] for m in re.findall(r"^(PASSED|FAILED|ERROR|XFAIL) (\S+)", output, re.M)}


def test_one_command_runs_the_battery_and_a_marked_suite_finds_a_wrong_plugin(tmp_path):
    (tmp_path / "test_double.py").write_text(textwrap.dedent("""
        import pytest
        from searchkit.testing import ConformanceSuite
        from tests.testing.eight import DoubleManhattan

        @pytest.mark.searchkit_puzzle(DoubleManhattan(), examples=5, bad_texts=20)
        class TestDoubleManhattan(ConformanceSuite):
            pass

        def test_the_fixture_is_the_named_puzzle(searchkit_puzzle):
            assert searchkit_puzzle.name == "nstar"  # unmarked: parametrized by the option
    """))
    done = pytest_in(tmp_path, ".", "--searchkit-puzzle", "nstar")
    results = outcomes(done.stdout)
    battery = {k: v for k, v in results.items() if "TestConformance::" in k}
    assert len(battery) == 10 and set(battery.values()) == {"PASSED"}, done.stdout[-3000:]
    assert all(k.endswith("[nstar]") for k in battery)
    double = {k.split("::")[-1]: v for k, v in results.items() if "TestDoubleManhattan" in k}
    assert double["test_heuristic_admissible"] == "FAILED", done.stdout[-3000:]
    for name in ("test_round_trip", "test_examples_solve_and_verify", "test_keys",
                 "test_format_action", "test_bad_text"):
        assert double[name] == "PASSED", (name, done.stdout[-3000:])
    assert results["test_double.py::test_the_fixture_is_the_named_puzzle[nstar]"] == "PASSED"
    assert "the heuristic is not admissible: h = " in done.stdout


def test_without_paths_only_the_battery_runs(tmp_path):
    (tmp_path / "test_other.py").write_text("def test_other():\n    assert False\n")
    done = pytest_in(tmp_path, "--searchkit-puzzle", "nstar", "-k", "round_trip or keys")
    assert done.returncode == 0, done.stdout[-3000:]
    ran = outcomes(done.stdout)
    assert sorted(ran) == ["::TestConformance::test_keys[nstar]",
                           "::TestConformance::test_round_trip[nstar]"], done.stdout[-3000:]


def test_a_missing_or_unknown_puzzle_is_a_clear_error(tmp_path):
    (tmp_path / "test_fixture.py").write_text(
        "def test_needs_a_puzzle(searchkit_puzzle):\n    pass\n")
    done = pytest_in(tmp_path, "test_fixture.py")
    assert done.returncode != 0
    assert "no puzzle to check: mark the test with @pytest.mark.searchkit_puzzle('NAME') or run " \
           "pytest --searchkit-puzzle NAME" in done.stdout + done.stderr
    done = pytest_in(tmp_path, "--searchkit-puzzle", "chess", "-k", "round_trip")
    assert done.returncode != 0
    assert "unknown puzzle 'chess' (valid: " in done.stdout


def test_loading_the_plugin_imports_neither_hypothesis_nor_the_kit():
    """pytest loads the plugin in every run of every project where searchkit is installed."""
    code = ("import sys, searchkit.testing.pytest_plugin; "
            "print(sorted(m for m in ('hypothesis', 'searchkit.testing.agreement') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
