"""The plugin system: entry-point discovery, a third-party plugin installed from a temporary
directory, the docs' example plugin, and failing plugins that do not break the others."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import searchkit
from searchkit import OptionError, PuzzleFormatError, UnknownNameError

ROOT = Path(__file__).resolve().parents[2]
JUGS = ROOT / "docs" / "examples" / "searchkit-jugs"


def pip_install(source: Path, target: Path) -> None:
    """Install ``source`` into ``target`` the way a user would, but offline."""
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), str(source)],
        check=True, capture_output=True, text=True,
    )


def run_python(code: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, timeout=300)


def test_builtin_puzzles_are_discovered_through_entry_points():
    assert "nstar" in searchkit.puzzles()
    assert searchkit.get_puzzle("nstar").name == "nstar"


def test_unknown_puzzle_lists_the_installed_ones():
    with pytest.raises(UnknownNameError, match=r"unknown puzzle 'chess' \(valid: .*nstar"):
        searchkit.get_puzzle("chess")


def test_builtins_come_through_the_same_hooks():
    manager = searchkit.plugins.registry().manager
    names = {impl.plugin_name for impl in manager.hook.searchkit_strategies.get_hookimpls()}
    assert "searchkit.builtin_plugin" in names
    assert set(searchkit.strategies()) >= {"bfs", "dfs", "dls", "iddfs", "dijkstra", "astar",
                                            "wastar", "greedy", "idastar", "bibfs"}
    assert searchkit.get_strategy("ucs").name == "dijkstra"
    assert set(searchkit.visited_backends()) == {"dict", "hashtable", "none"}


def test_puzzle_options_are_validated():
    nstar = searchkit.get_puzzle("nstar")
    with pytest.raises(OptionError, match=r"unknown option 'cost' for puzzle 'nstar' "
                                          r"\(valid: heuristic, prune\)"):
        nstar.parse("1 42", cost="moves")
    with pytest.raises(OptionError, match=r"invalid value 'exact' for option 'heuristic' "
                                          r"\(valid: log2, zero\)"):
        nstar.parse("1 42", heuristic="exact")
    with pytest.raises(PuzzleFormatError, match="line 2: expected an integer, got 'x'"):
        nstar.parse("1\nx")


def test_third_party_plugin_installed_from_a_temporary_directory(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(JUGS, source)
    target = tmp_path / "site"
    pip_install(source, target)
    assert list(target.glob("searchkit_jugs-*.dist-info"))
    done = run_python(
        """
        import json, searchkit
        jugs = searchkit.get_puzzle("jugs")
        problem = jugs.parse("3 5 -> 4")
        result = searchkit.search(problem, "bfs")
        print(json.dumps({"puzzles": sorted(searchkit.puzzles()), "cost": result.cost,
                          "plan": [problem.format_action(a) for a in result.actions],
                          "failures": [str(f) for f in searchkit.plugin_failures()]}))
        """,
        target,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert "jugs" in report["puzzles"] and "nstar" in report["puzzles"]
    assert report["cost"] == 6
    assert report["plan"][0] in ("fill:0", "fill:1")
    assert not [f for f in report["failures"] if "jugs" in f]


def test_example_plugin_own_tests_pass(tmp_path):
    target = tmp_path / "site"
    pip_install(JUGS, target)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
         str(JUGS / "tests")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\b2 passed\b", done.stdout)


def test_failing_plugins_are_reported_and_the_others_keep_working(tmp_path):
    for name, module_text in {
        "broken_import": "raise ImportError('missing dependency frobnicate')\n",
        "broken_hook": textwrap.dedent(
            """
            import searchkit

            @searchkit.hookimpl
            def searchkit_puzzles():
                raise RuntimeError('cannot build puzzle')
            """
        ),
    }.items():
        package = tmp_path / name
        (package / f"sk_{name}").mkdir(parents=True)
        (package / f"sk_{name}" / "__init__.py").write_text(module_text)
        (package / "pyproject.toml").write_text(textwrap.dedent(
            f"""
            [build-system]
            requires = ["setuptools>=68"]
            build-backend = "setuptools.build_meta"
            [project]
            name = "sk-{name.replace('_', '-')}"
            version = "0.1"
            [project.entry-points.searchkit]
            {name} = "sk_{name}"
            [tool.setuptools]
            packages = ["sk_{name}"]
            """))
        pip_install(package, tmp_path / "site")
    done = run_python(
        """
        import json, warnings, searchkit
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            names = sorted(searchkit.puzzles())
        print(json.dumps({"puzzles": names,
                          "failures": {f.plugin: f.error for f in searchkit.plugin_failures()},
                          "warnings": [str(w.message) for w in caught],
                          "solved": searchkit.search(searchkit.get_puzzle("nstar").parse("1 42"),
                                                     "bfs").cost}))
        """,
        tmp_path / "site",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert "nstar" in report["puzzles"] and report["solved"] == 7
    assert report["failures"]["broken_import"] == "ImportError: missing dependency frobnicate"
    assert report["failures"]["broken_hook"] == "RuntimeError: cannot build puzzle"
    assert any("broken_import" in w for w in report["warnings"])


def test_guide_shows_the_tested_code():
    """Every file of the example plugin appears verbatim in docs/writing-a-plugin.md."""
    guide = (ROOT / "docs" / "writing-a-plugin.md").read_text()
    blocks = re.findall(r"```(?:python|toml)\n(.*?)```", guide, re.S)
    for path in ["pyproject.toml", "searchkit_jugs/problem.py", "searchkit_jugs/plugin.py",
                 "tests/test_jugs.py"]:
        assert (JUGS / path).read_text() in blocks, f"{path} is not shown verbatim in the guide"
