"""The ``searchkit`` command line, run for real in a subprocess (``python -m searchkit``):
exit codes, JSON fields, tables and the exact one-line errors for bad input.

Expected answers come from facts independent of the engine: a plain breadth-first search over
the integers written here for N*, and simple arithmetic.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from collections import deque
from pathlib import Path

import pytest

import searchkit

ENV = dict(os.environ, COLUMNS="100")
COMMANDS = ["list", "solve", "compare", "stats", "demo"]


def sk(*args: str, stdin: str | None = None, cwd: Path | None = None,
       env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, env=env or ENV, timeout=300)


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    """The single error line of a failed run (exit 2, nothing on stdout, no traceback)."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.rstrip("\n")


def nstar_distances(start: int, target: int) -> dict[int, int]:
    """Moves from ``start`` to every n <= target with n -> 2n, n -> n+1 (plain BFS)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        for m in (2 * n, n + 1):
            if m <= target and m not in dist:
                dist[m] = dist[n] + 1
                queue.append(m)
    return dist


def installed_puzzles() -> list[str]:
    return sorted(searchkit.puzzles())


with warnings.catch_warnings():  # a plugin being written may fail to load: the CLI reports it
    warnings.simplefilter("ignore")
    searchkit.plugins.registry()


# -- help, entry points ----------------------------------------------------------------------

def test_help_everywhere_with_examples():
    top = sk("--help")
    assert top.returncode == 0
    for command in COMMANDS + ["bench"]:
        assert command in top.stdout
    assert "examples:" in top.stdout and "searchkit demo" in top.stdout
    for command in COMMANDS:
        done = sk(command, "--help")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"usage: searchkit {command}")
        assert "examples:" in done.stdout and f"searchkit {command}" in done.stdout.split(
            "examples:")[1]


def test_solve_help_lists_valid_values():
    text = sk("solve", "--help").stdout
    for name in list(searchkit.strategies()) + list(searchkit.frontiers()):
        assert name in text
    assert "--depth" in text and "--weight" in text and "--cycle-check" in text
    assert "log2: ceil(log2(target / n))" in text  # nstar's heuristic choices and their help


def test_console_script_matches_python_m():
    script = Path(sys.executable).parent / "searchkit"  # the script of this environment
    if not script.exists():
        pytest.skip("the searchkit console script is not installed")
    via_script = subprocess.run([str(script), "solve", "nstar", "--json"], capture_output=True,
                                text=True, env=ENV, timeout=120)
    via_module = sk("solve", "nstar", "--json")
    assert via_script.returncode == via_module.returncode == 0
    strip = lambda out: {k: v for k, v in json.loads(out).items() if k != "stats"}  # noqa: E731
    assert strip(via_script.stdout) == strip(via_module.stdout)


def test_version_and_missing_command():
    done = sk("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"searchkit {searchkit.__version__}"
    bare = sk()
    assert bare.returncode == 2 and "usage: searchkit" in bare.stderr
    err = one_error(sk("sovle"))
    assert err.startswith("searchkit: error: argument COMMAND: invalid choice: 'sovle'")


# -- list ------------------------------------------------------------------------------------

def test_list_text_and_json():
    done = sk("list")
    assert done.returncode == 0
    for header in ("PUZZLES", "STRATEGIES", "FRONTIERS", "VISITED BACKENDS"):
        assert header in done.stdout
    assert "guarantee: optimal in cost with an admissible heuristic" in done.stdout
    data = json.loads(sk("list", "--json").stdout)
    assert sorted(data["puzzles"]) == installed_puzzles()
    assert data["puzzles"]["nstar"]["options"]["heuristic"]["choices"] == ["log2", "exact", "zero"]
    assert data["strategies"]["astar"]["optimal"] is True
    assert data["strategies"]["bfs"]["step_optimal"] is True
    assert set(data["frontiers"]) == set(searchkit.frontiers())
    assert set(data["visited"]) == set(searchkit.visited_backends())
    only = json.loads(sk("list", "strategies", "--json").stdout)
    assert list(only) == ["strategies"]


# -- solve -----------------------------------------------------------------------------------

def test_solve_default_example_text():
    done = sk("solve", "nstar")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "nstar · example 1-42 · astar"
    assert lines[1] == "options   heuristic=log2, prune=true"
    assert lines[2] == "status    solved"
    assert lines[3] == f"cost      {nstar_distances(1, 42)[42]}"
    assert lines[5] == "plan      x2 x2 +1 x2 x2 +1 x2"
    assert lines[6].startswith("stats     expanded ")


@pytest.mark.parametrize("strategy", ["astar", "bfs", "dijkstra", "idastar", "iddfs", "bibfs"])
def test_solve_json_fields_and_optimal_cost(strategy):
    done = sk("solve", "nstar", "--example", "1-1000", "--strategy", strategy, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) >= {"puzzle", "instance", "strategy", "options", "status", "cost", "length",
                        "actions", "stats"}
    assert (out["puzzle"], out["instance"], out["strategy"]) == ("nstar", "1-1000", strategy)
    assert out["options"] == {"heuristic": "log2", "prune": True}
    assert out["status"] == "solved"
    assert out["cost"] == out["length"] == nstar_distances(1, 1000)[1000]
    n = 1
    for action in out["actions"]:  # replay the plan by hand
        n = 2 * n if action == "x2" else n + 1
    assert n == 1000
    assert set(out["stats"]) == set(searchkit.Stats().as_dict())
    assert out["stats"]["expanded"] > 0


def test_solve_file_and_stdin(tmp_path):
    path = tmp_path / "inst.txt"
    path.write_text("# from 3\n3 77\n", encoding="utf-8")
    from_file = json.loads(sk("solve", "nstar", str(path), "--json").stdout)
    from_stdin = json.loads(sk("solve", "nstar", "-", "--json", stdin="3 77\n").stdout)
    assert from_file["instance"] == str(path) and from_file["source"] == "file"
    assert from_stdin["instance"] == "-" and from_stdin["source"] == "stdin"
    assert from_file["cost"] == from_stdin["cost"] == nstar_distances(3, 77)[77]


def test_a_byte_order_mark_at_the_start_of_a_file_is_left_out(tmp_path):
    """Some editors write one: the Rush Hour JSON board was then read as a one-row grid."""
    from searchkit_rushhour.plugin import REFERENCE_EXAMPLE

    path = tmp_path / "td.json"
    path.write_bytes(b"\xef\xbb\xbf" + REFERENCE_EXAMPLE.encode())
    done = sk("solve", "rushhour", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cost"] == 9  # the TD's example: 9 moves


def test_solve_show_final_and_all():
    final = sk("solve", "nstar", "-e", "1-100", "--show", "final")
    assert final.stdout.endswith("final state:\n  100\n")
    every = sk("solve", "nstar", "--show", "all", "-s", "bfs")
    assert "start:\n  1\n" in every.stdout
    assert every.stdout.count("\nstep ") == 7 and every.stdout.endswith("step 7: x2\n  42\n")


def test_strategy_options_are_passed_through():
    wastar = json.loads(sk("solve", "nstar", "-e", "1-1000", "-s", "wastar", "--weight", "3",
                           "--json").stdout)
    assert wastar["strategy_options"] == {"weight": 3}
    assert wastar["cost"] <= 3 * nstar_distances(1, 1000)[1000]
    ida = json.loads(sk("solve", "nstar", "-s", "idastar", "--cycle-check", "parent",
                        "--json").stdout)
    assert ida["strategy_options"] == {"cycle_check": "parent"} and ida["cost"] == 7


def test_no_solution_and_budget_exit_1():
    shallow = sk("solve", "nstar", "-s", "dls", "--depth", "3", "--json")
    assert shallow.returncode == 1
    out = json.loads(shallow.stdout)
    assert out["status"] == "no_solution" and out["cost"] is None and out["actions"] is None
    unsolvable = sk("solve", "nstar", "-", stdin="50 7")  # moves only increase n
    assert unsolvable.returncode == 1 and "status    no_solution: the start 50" in unsolvable.stdout
    budget = sk("solve", "nstar", "-e", "3-1000000", "-s", "bfs", "--max-expansions", "100",
                "--json")
    assert budget.returncode == 1
    out = json.loads(budget.stdout)
    assert out["status"] == "budget_exhausted" and out["stats"]["expanded"] == 100


def test_solve_frontier_and_visited_choices_agree():
    costs = set()
    for frontier in ("heap", "indexed-heap", "buckets"):
        for visited in ("dict", "hashtable"):
            out = json.loads(sk("solve", "nstar", "-e", "1-100", "--frontier", frontier,
                                "--visited", visited, "--json").stdout)
            assert (out["frontier"], out["visited"]) == (frontier, visited)
            costs.add(out["cost"])
    assert costs == {nstar_distances(1, 100)[100]}


# -- one-line errors -------------------------------------------------------------------------

def test_error_missing_file(tmp_path):
    missing = tmp_path / "nope.txt"
    assert one_error(sk("solve", "nstar", str(missing))) == (
        f"searchkit: error: {missing}: No such file or directory")


@pytest.mark.parametrize("command", ["solve nstar FILE", "verify nstar FILE x2",
                                     "view --plan FILE --out -", "view --trace-file FILE",
                                     "batch nstar FILE", "batch nstar x --known FILE"])
def test_error_unreadable_text_file_in_every_command(tmp_path, command):
    latin1, folder = tmp_path / "latin1.txt", tmp_path / "folder.txt"
    latin1.write_bytes(b"1 42 # caf\xe9\n")
    folder.mkdir()
    for path, problem in ((latin1, "not a UTF-8 text file"), (folder, "Is a directory")):
        args = [str(path) if word == "FILE" else word for word in command.split()]
        assert one_error(sk(*args, cwd=tmp_path)) == f"searchkit: error: {path}: {problem}"


@pytest.mark.parametrize("command", ["solve nstar -", "compare nstar -", "stats nstar -",
                                     "trace nstar - --out t.jsonl", "verify nstar - x2",
                                     "verify nstar 1-42 -", "view --plan - --out -",
                                     "view --trace-file -"])
@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_error_standard_input_that_is_not_utf8_in_every_command(tmp_path, command, locale):
    """Under a C locale Python reads such bytes from stdin as surrogates: they must still be
    refused as a file's are, not parsed (or crash when written out again)."""
    done = subprocess.run([sys.executable, "-m", "searchkit", *command.split()], cwd=tmp_path,
                          input=b"1 42 # caf\xe9\n", capture_output=True, timeout=300,
                          env={**ENV, "LC_ALL": locale, "PYTHONIOENCODING": ""})
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"searchkit: error: <stdin>: not a UTF-8 text file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["solve nstar -s bfs FILE", "solve nstar --max-seconds 9 FILE",
                                     "compare nstar -s bfs,astar FILE", "stats nstar --log FILE",
                                     "view nstar --out - FILE"])
def test_the_file_may_come_after_the_options(tmp_path, command):
    path = tmp_path / "in.txt"
    path.write_text("3 77\n", encoding="utf-8")
    done = sk(*[str(path) if word == "FILE" else word for word in command.split()])
    assert done.returncode == 0, done.stderr
    assert f"nstar · {path}" in (done.stdout + done.stderr)


def test_error_bad_format_names_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1\nforty-two\n", encoding="utf-8")
    assert one_error(sk("solve", "nstar", str(path))) == (
        f"searchkit: error: {path}:2: expected an integer, got 'forty-two'")
    assert one_error(sk("solve", "nstar", "-", stdin="1 2 3\n")) == (
        "searchkit: error: <stdin>:1: expected 'START TARGET': too many numbers")
    assert one_error(sk("stats", "nstar", str(path))).startswith(f"searchkit: error: {path}:2:")


def test_error_unknown_puzzle():
    valid = ", ".join(installed_puzzles())
    for command in ("solve", "compare", "stats"):
        assert one_error(sk(command, "tetris")) == (
            f"searchkit: error: unknown puzzle 'tetris' (valid: {valid})")


def test_error_unknown_strategy_frontier_visited():
    reg = searchkit.plugins.registry()
    strategies = ", ".join(sorted(list(reg.tables["strategy"]) + list(reg.aliases)))
    assert one_error(sk("solve", "nstar", "-s", "bsf")) == (
        f"searchkit: error: unknown strategy 'bsf' (valid: {strategies})")
    assert one_error(sk("compare", "nstar", "-s", "bfs,bsf")) == (
        f"searchkit: error: unknown strategy 'bsf' (valid: {strategies})")
    frontiers = ", ".join(sorted(searchkit.frontiers()))
    assert one_error(sk("solve", "nstar", "--frontier", "stack")) == (
        f"searchkit: error: unknown frontier 'stack' (valid: {frontiers})")
    assert one_error(sk("solve", "nstar", "--visited", "set")) == (
        "searchkit: error: unknown visited backend 'set' (valid: dict, hashtable, none)")
    assert one_error(sk("solve", "nstar", "-s", "bfs", "--frontier", "heap")) == (
        "searchkit: error: frontier 'heap' cannot be used with strategy 'bfs' (valid: fifo, lifo)")
    assert one_error(sk("stats", "nstar", "--visited", "none")) == (
        "searchkit: error: visited backend 'none' stores no distances (use dict or hashtable)")


def test_error_unknown_or_bad_option():
    assert one_error(sk("solve", "nstar", "-o", "colour=red")) == (
        "searchkit: error: unknown option 'colour' for puzzle 'nstar' (valid: heuristic, prune)")
    assert one_error(sk("solve", "nstar", "--heuristic", "manhattan")) == (
        "searchkit: error: invalid value 'manhattan' for option 'heuristic' "
        "(valid: log2, exact, zero)")
    assert one_error(sk("solve", "nstar", "--cost", "cells")) == (
        "searchkit: error: unknown option 'cost' for puzzle 'nstar' (valid: heuristic, prune)")
    assert one_error(sk("solve", "nstar", "--level", "2")) == (
        "searchkit: error: example 1-42: unknown instance '2' (valid: 1..1)")
    assert one_error(sk("solve", "nstar", "-", "--level", "third", stdin="1 42\n3 9\n")) == (
        "searchkit: error: <stdin>: unknown instance 'third' (valid: 1..2)")  # as for '3'
    # a puzzle that picks its level itself (Sokoban's 'level' option) names the file as well
    assert one_error(sk("solve", "sokoban", "--level", "2")) == (
        "searchkit: error: example corridor: unknown level 2 (valid: 1..1)")
    assert one_error(sk("solve", "nstar", "--weight", "2")) == (
        "searchkit: error: unknown option 'weight' for strategy 'astar' (valid: none)")
    assert one_error(sk("solve", "nstar", "-s", "dls")) == (
        "searchkit: error: strategy 'dls' needs the option depth (a non-negative integer)")
    assert one_error(sk("solve", "nstar", "-e", "1-7")) == (
        "searchkit: error: unknown example '1-7' for puzzle 'nstar' "
        "(valid: 1-42, 1-100, 1-1000, 3-1000000)")
    assert one_error(sk("solve", "nstar", "--show", "some")) == (
        "searchkit: error: argument --show: invalid choice: 'some' (choose from 'none', "
        "'final', 'all') (see 'searchkit solve --help')")
    assert one_error(sk("solve", "nstar", "-o", "prune")) == (
        "searchkit: error: argument -o/--option: expected KEY=VALUE, got 'prune' "
        "(see 'searchkit solve --help')")
    assert one_error(sk("solve", "nstar", "x.txt", "-e", "1-42")) == (
        "searchkit: error: give either FILE or --example, not both")


# -- compare ---------------------------------------------------------------------------------

def test_compare_table():
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs,dijkstra,astar,idastar")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "nstar · example 1-1000"
    assert lines[1].split() == ["strategy", "status", "cost", "length", "expanded", "generated",
                                "time", "memory"]
    rows = {line.split()[0]: line.split() for line in lines[3:]}
    assert list(rows) == ["bfs", "dijkstra", "astar", "idastar"]
    best = str(nstar_distances(1, 1000)[1000])
    assert all(row[1] == "solved" and row[2] == best == row[3] for row in rows.values())


def test_compare_json_over_frontiers_and_visited():
    done = sk("compare", "nstar", "-e", "1-100", "-s", "bfs,astar", "--frontiers",
              "heap,buckets", "--visited", "dict,hashtable", "--json")
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)["runs"]
    combos = [(r["strategy"], r["frontier"], r["visited"]) for r in runs]
    assert combos == [("bfs", None, "dict"), ("bfs", None, "hashtable"),
                      ("astar", "heap", "dict"), ("astar", "heap", "hashtable"),
                      ("astar", "buckets", "dict"), ("astar", "buckets", "hashtable")]
    assert {r["cost"] for r in runs} == {nstar_distances(1, 100)[100]}


def test_compare_options_go_where_they_fit_and_exit_1_when_one_fails():
    done = sk("compare", "nstar", "-s", "dls,wastar", "--depth", "5", "--weight", "2", "--json")
    assert done.returncode == 1  # dls finds nothing within 5 moves (7 are needed)
    runs = {r["strategy"]: r for r in json.loads(done.stdout)["runs"]}
    assert runs["dls"]["strategy_options"] == {"depth": 5}
    assert runs["dls"]["status"] == "no_solution"
    assert runs["wastar"]["strategy_options"] == {"weight": 2}
    assert one_error(sk("compare", "nstar", "-s", "bfs,astar", "--weight", "2")) == (
        "searchkit: error: option --weight is taken by none of bfs, astar (only by wastar)")
    assert one_error(sk("compare", "nstar", "-s", "bfs", "--frontiers", "buckets")) == (
        "searchkit: error: frontier 'buckets' (priority) suits none of bfs")
    assert one_error(sk("compare", "nstar", "--heuristics", "log2,perfect")) == (
        "searchkit: error: invalid value 'perfect' for option 'heuristic' "
        "(valid: log2, exact, zero)")


# -- stats -----------------------------------------------------------------------------------

def test_stats_json_matches_an_independent_bfs():
    done = sk("stats", "nstar", "-e", "1-1000", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    dist = nstar_distances(1, 1000)
    histogram = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        histogram[d] += 1
    assert out["status"] == "complete"
    assert out["count"] == len(dist) == 1000
    assert out["histogram"] == histogram
    assert out["max_distance"] == len(histogram) - 1
    assert out["mean_distance"] == pytest.approx(sum(dist.values()) / len(dist))


def test_stats_text_histogram_and_budget():
    done = sk("stats", "nstar", "-e", "1-100")
    assert done.returncode == 0
    assert "states         100 (complete)" in done.stdout
    bars = [line for line in done.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert len(bars) == max(nstar_distances(1, 100).values()) + 1
    assert "█" in done.stdout
    capped = sk("stats", "nstar", "-e", "3-1000000", "--max-states", "1000", "--json")
    assert capped.returncode == 1
    assert json.loads(capped.stdout)["status"] == "budget_exhausted"
    deep = json.loads(sk("stats", "nstar", "-e", "1-1000", "--max-depth", "5", "--json").stdout)
    assert deep["status"] == "depth_limit" and deep["max_distance"] == 5


def test_stats_plot(tmp_path):
    pytest.importorskip("matplotlib")
    for name in ("d.png", "d.svg"):
        target = tmp_path / name
        done = sk("stats", "nstar", "-e", "1-100", "--plot", str(target))
        assert done.returncode == 0, done.stderr
        assert f"plot written to {target}" in done.stdout
        head = target.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if name.endswith("png") else b"<svg" in head


def test_stats_plot_errors(tmp_path):
    assert one_error(sk("stats", "nstar", "--plot", str(tmp_path / "d.gif"))) == (
        f"searchkit: error: cannot plot to '{tmp_path / 'd.gif'}': unknown format 'gif' "
        "(valid: png, svg, pdf)")
    code = ("import sys; sys.modules['matplotlib'] = None; from searchkit.cli import main; "
            f"sys.exit(main(['stats', 'nstar', '--plot', {str(tmp_path / 'd.png')!r}]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV,
                          timeout=120)
    assert one_error(done) == ("searchkit: error: --plot needs matplotlib, which is not "
                               "installed (pip install 'searchkit[plot]')")


# -- demo and bench --------------------------------------------------------------------------

def test_demo_solves_every_installed_puzzle():
    done = sk("demo")
    assert done.returncode == 0, done.stdout + done.stderr
    for name in installed_puzzles():
        assert f"\n{name}: " in done.stdout
    assert "INVALID" not in done.stdout and "COSTS DIFFER" not in done.stdout
    assert done.stdout.count("verified") >= len(installed_puzzles())


def test_bench_is_an_ordinary_command():
    done = sk("bench", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: searchkit bench") and "--data DIR" in done.stdout
    assert "bench" in sk("--help").stdout
    error = one_error(sk("bench", "--quick", "no-such-suite"))
    assert error.startswith("searchkit: error: unknown bench suite 'no-such-suite' (valid: ")
    assert "visited" in error
    assert one_error(sk("bench", "--repeat", "0")) == \
        "searchkit: error: --repeat must be at least 1"
    assert one_error(sk("bench", "--peer-limit", "nan")) == \
        "searchkit: error: --peer-limit must be a positive, finite number of seconds"
    assert one_error(sk("bench", "visited", "--json", "/no/such/dir/out.json")) == \
        "searchkit: error: cannot write /no/such/dir/out.json: No such file or directory"
