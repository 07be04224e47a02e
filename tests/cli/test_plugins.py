"""The command line with puzzles other than N*: a throw-away plugin installed into a temporary
directory (multi-level files, cost models, -o options, format errors), and the real plugins
(rushhour, taquin, sokoban) when they are installed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

import searchkit
from tests.plugin_site import install_plugin

COUNTER_PLUGIN = '''
"""A throw-away puzzle: count from START to TARGET with +1 (cost 1) and +3 (cost 1 or 4)."""
import searchkit
from searchkit import OptionError, ProblemBase, Puzzle, PuzzleFormatError, PuzzleOption


class Counter(ProblemBase):
    def __init__(self, start, target, plus3_cost, heuristic):
        self.start, self.target, self.plus3_cost, self.h = start, target, plus3_cost, heuristic

    def initial(self):
        return self.start

    def successors(self, n):
        for step, cost in ((1, 1), (3, self.plus3_cost)):
            if n + step <= self.target:
                yield step, n + step, cost

    def is_goal(self, n):
        return n == self.target

    def heuristic(self, n):
        return -(-(self.target - n) // 3) if self.h == "thirds" else 0

    def format_action(self, step):
        return f"+{step}"

    def render(self, n):
        return f"[{n}]"


def _levels(text):
    levels, title = [], None
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith(";"):
            title = line[1:].strip()
            continue
        fields = line.split()
        if len(fields) != 2 or not all(f.isdigit() for f in fields):
            raise PuzzleFormatError(f"expected 'START TARGET', got {line!r}", lineno)
        levels.append((title or str(len(levels) + 1), int(fields[0]), int(fields[1])))
        title = None
    if not levels:
        raise PuzzleFormatError("no level found")
    return levels


class CounterPuzzle(Puzzle):
    name = "counter"
    description = "count from START to TARGET with +1 and +3"
    formats = ("'; TITLE' then 'START TARGET', one pair per level",)
    default_strategy = "dijkstra"
    options = {
        "cost": PuzzleOption("moves", "cost model", choices=("moves", "weighted"),
                             choice_help={"moves": "every move costs 1",
                                          "weighted": "+3 costs 4"}),
        "heuristic": PuzzleOption("thirds", "heuristic", choices=("thirds", "zero")),
        "level": PuzzleOption("1", "level number or title", convert=str),
    }

    def build(self, text, cost, heuristic, level):
        levels = _levels(text)
        for number, (title, start, target) in enumerate(levels, 1):
            if level in (str(number), title):
                return Counter(start, target, 1 if cost == "moves" else 4, heuristic)
        raise OptionError(f"no level {level!r} (levels: {', '.join(t for t, _, _ in levels)})")

    def levels(self, text):
        return [title for title, _, _ in _levels(text)]

    def examples(self):
        return {"small": "; small\\n0 10\\n", "two": "; a\\n0 7\\n; b\\n2 20\\n"}


@searchkit.hookimpl
def searchkit_puzzles():
    return [CounterPuzzle()]
'''


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory) -> dict[str, str]:
    """An environment whose PYTHONPATH holds the ``counter`` plugin, and a ``broken`` entry
    point whose module does not exist."""
    return install_plugin(tmp_path_factory.mktemp("site"), "counter", COUNTER_PLUGIN,
                          {"counter": "sk_counter_plugin", "broken": "sk_no_such_module"},
                          base=dict(os.environ, COLUMNS="100"))


def sk(*args: str, env: dict[str, str] | None = None,
       stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=300)


def counter_optimum(start: int, target: int, plus3: int) -> int:
    """Cheapest cost by dynamic programming over the integers (independent of the engine)."""
    best = {start: 0}
    for n in range(start + 1, target + 1):
        best[n] = min(best[n - 1] + 1, best[n - 3] + plus3 if n - 3 >= start else 10**9)
    return best[target]


def test_plugin_puzzle_is_listed_with_its_options(plugin_env):
    done = sk("list", "puzzles", "--json", env=plugin_env)
    assert done.returncode == 0, done.stderr
    counter = json.loads(done.stdout)["puzzles"]["counter"]
    assert counter["options"]["cost"]["choices"] == ["moves", "weighted"]
    assert counter["examples"] == ["small", "two"]
    text = sk("list", "puzzles", env=plugin_env).stdout
    assert "counter: count from START to TARGET with +1 and +3" in text
    assert "weighted: +3 costs 4" in text


def test_a_broken_plugin_is_reported_but_does_not_disturb(plugin_env):
    listed = sk("list", "puzzles", env=plugin_env)
    assert listed.returncode == 0 and listed.stderr == ""
    assert ("(not loaded) plugin 'broken' failed: ModuleNotFoundError: "
            "No module named 'sk_no_such_module'") in listed.stdout
    data = json.loads(sk("list", "--json", env=plugin_env).stdout)
    assert "sk_no_such_module" in data["failed_plugins"]["broken"]
    solved = sk("solve", "counter", env=plugin_env)
    assert solved.returncode == 0 and solved.stderr == ""  # no warning noise
    done = sk("solve", "broken", env=plugin_env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("searchkit: error: unknown puzzle 'broken' (valid: ")
    assert done.stderr.rstrip().endswith("; plugin 'broken' failed: ModuleNotFoundError: "
                                         "No module named 'sk_no_such_module'")


@pytest.mark.parametrize("cost, plus3", [("moves", 1), ("weighted", 4)])
def test_levels_and_cost_models(plugin_env, tmp_path, cost, plus3):
    path = tmp_path / "levels.txt"
    path.write_text("; warm-up\n0 5\n; long one\n3 31\n", encoding="utf-8")
    for level, (start, target) in [("1", (0, 5)), ("long one", (3, 31)), ("2", (3, 31))]:
        done = sk("solve", "counter", str(path), "--level", level, "--cost", cost, "--json",
                  env=plugin_env)
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["cost"] == counter_optimum(start, target, plus3)
        assert out["options"] == {"cost": cost, "heuristic": "thirds", "level": level}
        steps = [int(a) for a in out["actions"]]  # "+1" / "+3" in the puzzle's notation
        assert start + sum(steps) == target and len(steps) == out["length"]


def test_unknown_level_is_one_line(plugin_env, tmp_path):
    path = tmp_path / "levels.txt"
    path.write_text("; a\n0 5\n; b\n1 2\n", encoding="utf-8")
    done = sk("solve", "counter", str(path), "--level", "c", env=plugin_env)
    assert done.returncode == 2
    assert done.stderr == "searchkit: error: no level 'c' (levels: a, b)\n"


def test_format_error_names_file_and_line(plugin_env, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("; a\n0 5\n\n1 2 3\n", encoding="utf-8")
    done = sk("solve", "counter", str(path), env=plugin_env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"searchkit: error: {path}:4: expected 'START TARGET', got '1 2 3'\n"
    done = sk("solve", "counter", "-", env=plugin_env, stdin="\n\nnope\n")
    assert done.stderr == "searchkit: error: <stdin>:3: expected 'START TARGET', got 'nope'\n"


def test_generic_option_and_compare_over_heuristics(plugin_env):
    done = sk("compare", "counter", "-e", "two", "-o", "level=b", "-o", "cost=weighted",
              "-s", "dijkstra,astar,bfs", "--heuristics", "zero,thirds", "--json", env=plugin_env)
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)["runs"]
    assert [(r["strategy"], r["heuristic"]) for r in runs] == [
        ("dijkstra", "zero"), ("astar", "zero"), ("bfs", "zero"),
        ("dijkstra", "thirds"), ("astar", "thirds"), ("bfs", "thirds")]
    optimum = counter_optimum(2, 20, 4)
    for r in runs:
        if r["strategy"] == "bfs":  # fewest moves, not cheapest: 18 = 6 x (+3) costs 24
            assert r["length"] == 6 and r["cost"] == 24
        else:
            assert r["cost"] == optimum
    astar = {r["heuristic"]: r["stats"]["expanded"] for r in runs if r["strategy"] == "astar"}
    assert astar["thirds"] <= astar["zero"]


def test_option_given_twice_and_bad_choice(plugin_env):
    done = sk("solve", "counter", "--cost", "moves", "-o", "cost=weighted", env=plugin_env)
    assert done.returncode == 2
    assert done.stderr == ("searchkit: error: puzzle option 'cost' given twice "
                           "(--cost and -o cost=...)\n")
    done = sk("solve", "counter", "--cost", "free", env=plugin_env)
    assert done.stderr == ("searchkit: error: invalid value 'free' for option 'cost' "
                           "(valid: moves, weighted)\n")


def test_an_option_value_is_taken_as_given(plugin_env):
    """-o KEY=VALUE drops the spaces around KEY, not those of VALUE: ' weighted' is no choice,
    and the error shows why."""
    done = sk("solve", "counter", "-o", " cost =weighted", "--json", env=plugin_env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["options"]["cost"] == "weighted"
    done = sk("solve", "counter", "-o", "cost= weighted", env=plugin_env)
    assert done.returncode == 2
    assert done.stderr == ("searchkit: error: invalid value ' weighted' for option 'cost' "
                           "(valid: moves, weighted)\n")


def test_show_all_draws_every_state(plugin_env):
    done = sk("solve", "counter", "-e", "small", "--show", "all", env=plugin_env)
    assert done.returncode == 0, done.stderr
    assert "start:\n  [0]" in done.stdout
    # 0 -> 10 takes 4 moves (three +3 and one +1, in some order), the last one reaching [10]
    assert re.search(r"step 4: \+[13]\n  \[10\]\n", done.stdout)
    assert done.stdout.count("step ") == 4


def test_demo_includes_the_plugin(plugin_env):
    done = sk("demo", "--puzzles", "counter,nstar", env=plugin_env)
    assert done.returncode == 0, done.stderr
    assert "counter: count from START to TARGET" in done.stdout
    assert done.stdout.count("verified") == 4


# -- the real puzzle plugins, when installed -------------------------------------------------

REAL = ["rushhour", "taquin", "sokoban"]


def _installed(name: str) -> bool:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return name in searchkit.puzzles()


@pytest.mark.parametrize("name", REAL)
def test_real_plugin_first_example_agrees_across_strategies(name):
    if not _installed(name):
        pytest.skip(f"the {name} plugin is not installed")
    puzzle = searchkit.get_puzzle(name)
    first = sk("solve", name, "--json", "--max-seconds", "60")
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    assert out["puzzle"] == name and out["instance"] == next(iter(puzzle.examples()))
    assert out["status"] == "solved" and len(out["actions"]) == out["length"]
    assert all(isinstance(a, str) for a in out["actions"])
    # a second optimal strategy must find the same cost (Dijkstra: no heuristic involved)
    if searchkit.get_strategy(out["strategy"]).optimal:
        other = sk("solve", name, "-s", "dijkstra", "--json", "--max-seconds", "60")
        if other.returncode == 0:
            assert json.loads(other.stdout)["cost"] == out["cost"]


@pytest.mark.parametrize("name", REAL)
def test_real_plugin_bad_file_is_one_line(name, tmp_path):
    if not _installed(name):
        pytest.skip(f"the {name} plugin is not installed")
    path = tmp_path / "garbage.txt"
    path.write_text(textwrap.dedent("""\
        this is not
        a puzzle ~~ at all %%
        """), encoding="utf-8")
    done = sk("solve", name, str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"searchkit: error: {path}")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_the_taquin_goal_keeps_its_leading_blank():
    """The reference TP's target ' 12345678' starts with its blank, a space: -o passes it as
    given, the same goal as '_12345678'."""
    if not _installed("taquin"):
        pytest.skip("the taquin plugin is not installed")
    for spelled in ("goal= 12345678", "goal=_12345678"):
        done = sk("solve", "taquin", "-e", "tp-3x3", "-o", spelled, "--json")
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["options"]["goal"] == spelled.partition("=")[2]
        assert out["cost"] == 24  # the TP's answer for '87 135462'


def test_stats_on_the_8_puzzle_matches_known_facts():
    """The 8-puzzle has 9!/2 = 181,440 reachable positions and a diameter of 31 moves."""
    if not _installed("taquin"):
        pytest.skip("the taquin plugin is not installed")
    done = sk("stats", "taquin", "-e", "tp-3x3", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "complete"
    assert out["count"] == 181_440 and sum(out["histogram"]) == 181_440
    assert out["max_distance"] <= 31  # 31 from the two hardest positions, less from others


SOKOBAN_COLLECTION = """\
; a collection of two one-box corridors
Title: long walk
#######
#@$  .#
#######

Title: short
######
#@ $.#
######
"""


@pytest.mark.parametrize("level, cost, expected", [
    ("1", "moves", 3), ("1", "pushes", 3),         # push three times
    ("short", "moves", 2), ("2", "pushes", 1),     # one step, then one push
])
def test_sokoban_levels_by_number_and_title(tmp_path, level, cost, expected):
    if not _installed("sokoban"):
        pytest.skip("the sokoban plugin is not installed")
    path = tmp_path / "corridors.xsb"
    path.write_text(SOKOBAN_COLLECTION, encoding="utf-8")
    done = sk("solve", "sokoban", str(path), "--level", level, "--cost", cost, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["cost"] == expected and str(out["options"]["level"]) == level
