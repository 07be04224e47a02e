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
    with pytest.raises(OptionError, match=r"invalid value 'perfect' for option 'heuristic' "
                                          r"\(valid: log2, exact, zero\)"):
        nstar.parse("1 42", heuristic="perfect")
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
    path = os.pathsep.join([str(target), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
         str(JUGS / "tests")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\b13 passed\b", done.stdout)


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


# -- name ownership and misbehaving plugins (installed as dist-info folders on PYTHONPATH) --------

SQUATTER = '''
import searchkit
from searchkit.strategies import Strategy

class Fake:
    name = "taquin"
    description = "not the sliding-tile puzzle"

@searchkit.hookimpl
def searchkit_puzzles():
    return [Fake()]

@searchkit.hookimpl
def searchkit_strategies():
    astar = searchkit.get_strategy("astar")
    return [Strategy(**{**vars(astar), "name": "bfs2", "aliases": ("ucs",)}),
            Strategy(**{**vars(astar), "name": "ucs"}),
            Strategy(**{**vars(astar), "name": "mine", "aliases": ("mine2",)})]
'''


def _site(tmp_path: Path, plugins: dict[str, tuple[str, str]]) -> Path:
    """A folder holding one fake installed distribution per ``entry point -> (module, code)``."""
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    for entry, (module, code) in plugins.items():
        (site / f"{module}.py").write_text(code)
        info = site / f"{module}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[searchkit]\n{entry} = {module}\n")
    return site


REPORT = """
    import json, warnings, searchkit
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        print(json.dumps({
            "taquin": searchkit.get_puzzle("taquin").description,
            "owner": searchkit.plugins.registry().owners["puzzle"]["taquin"],
            "ucs": searchkit.get("strategy", "ucs").name,
            "strategies": searchkit.names("strategy"),
            "failures": [[f.plugin, f.error] for f in searchkit.plugin_failures()]}))
    """


@pytest.mark.parametrize("entry", ["aaa-squatter", "zzz-squatter"])
def test_a_third_party_never_takes_a_builtin_name_whatever_its_order(tmp_path, entry):
    done = run_python(REPORT, _site(tmp_path, {entry: ("sk_squatter", SQUATTER)}))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["taquin"] == searchkit.get_puzzle("taquin").description
    assert report["owner"] == "taquin" and report["ucs"] == "dijkstra"
    assert "mine" in report["strategies"] and "bfs2" not in report["strategies"]
    failures = [error for plugin, error in report["failures"] if plugin == entry]
    assert failures == [
        "strategy alias 'ucs' is already registered by plugin 'searchkit.builtin_plugin'; "
        f"plugin {entry!r} may not register it again",
        "strategy 'ucs' is already registered by plugin 'searchkit.builtin_plugin'; "
        f"plugin {entry!r} may not register it again",
        f"puzzle 'taquin' is already registered by plugin 'taquin'; plugin {entry!r} may not "
        "register it again",
    ]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "site"),
                                                       os.environ.get("PYTHONPATH", "")]))
    listed = subprocess.run([sys.executable, "-m", "searchkit", "list", "--json"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert json.loads(listed.stdout)["failed_plugins"] == {entry: "; ".join(failures)}


def test_two_third_parties_with_one_name_the_first_keeps_it_and_both_are_named(tmp_path):
    code = ("import searchkit\nclass P:\n    name = 'jugs'\n    description = {!r}\n"
            "@searchkit.hookimpl\ndef searchkit_puzzles():\n    return [P()]\n")
    site = _site(tmp_path, {"alpha": ("sk_alpha", code.format("alpha's")),
                            "beta": ("sk_beta", code.format("beta's"))})
    done = run_python("""
        import warnings, searchkit
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            print(searchkit.get_puzzle("jugs").description)
        print(*[str(w.message) for w in caught], sep="\\n")
        """, site)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "alpha's",
        "plugin 'beta' failed: puzzle 'jugs' is already registered by plugin 'alpha'; plugin "
        "'beta' may not register it again"]


@pytest.mark.parametrize("statement, error", [
    ("raise SystemExit(3)", "SystemExit(3) raised while loading"),
    ("raise SystemExit", "SystemExit(None) raised while loading"),
    ("import sys; sys.exit('bye')", "SystemExit('bye') raised while loading"),
    ("raise GeneratorExit('odd')", "GeneratorExit: odd"),
])
def test_a_plugin_exiting_on_import_is_just_a_failing_plugin(tmp_path, statement, error):
    site = _site(tmp_path, {"quitter": ("sk_quitter", statement + "\n")})
    done = run_python(REPORT, site)
    assert done.returncode == 0, done.stderr
    assert dict(json.loads(done.stdout)["failures"]) == {"quitter": error}
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site),
                                                       os.environ.get("PYTHONPATH", "")]))
    solved = subprocess.run([sys.executable, "-m", "searchkit", "solve", "nstar", "-e", "1-42"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert solved.returncode == 0, solved.stderr
    assert "\ncost      7\n" in solved.stdout
    listed = subprocess.run([sys.executable, "-m", "searchkit", "list"], capture_output=True,
                            text=True, env=env, timeout=120)
    assert listed.returncode == 0 and "(not loaded) plugin 'quitter' failed" in listed.stdout


def test_an_entry_point_reusing_a_builtin_plugin_name_is_refused(tmp_path):
    site = _site(tmp_path, {"nstar": ("sk_fake_nstar", "raise AssertionError('never loaded')\n")})
    done = run_python(REPORT, site)
    assert done.returncode == 0, done.stderr
    assert dict(json.loads(done.stdout)["failures"]) == {
        "nstar": "entry point nstar = sk_fake_nstar of sk_fake_nstar 1.0 skipped: a plugin "
                 "called 'nstar' is already registered"}


def test_get_and_names_cover_every_kind():
    assert searchkit.names("strategy")[:2] == list(searchkit.strategies())[:2]
    for kind in searchkit.plugins.KINDS:
        for name in searchkit.names(kind):
            assert searchkit.get(kind, name).name == name
    assert searchkit.get("visited", "dict") is searchkit.get_visited_backend("dict")
    assert searchkit.get("puzzle", "nstar") is searchkit.get_puzzle("nstar")
    with pytest.raises(UnknownNameError, match=r"unknown bench suite 'nope' \(valid: .*visited"):
        searchkit.get("bench_suite", "nope")
    with pytest.raises(UnknownNameError, match=r"unknown kind 'puzzles' \(valid: bench_suite, "):
        searchkit.names("puzzles")


def test_a_hook_exiting_is_just_a_failing_hook(tmp_path):
    code = ("import searchkit, sys\n@searchkit.hookimpl\ndef searchkit_puzzles():\n"
            "    sys.exit(2)\n")
    done = run_python(REPORT, _site(tmp_path, {"exiter": ("sk_exiter", code)}))
    assert done.returncode == 0, done.stderr
    assert dict(json.loads(done.stdout)["failures"]) == {
        "exiter": "SystemExit(2) raised in searchkit_puzzles"}
