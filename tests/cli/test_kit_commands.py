"""The plugin author's commands: ``verify`` (saved plans), ``random`` (instances in the puzzle's
format), both through ``searchkit.cli.main`` in-process, and ``new-plugin`` for real (a package
that installs, is listed and passes its own tests as generated -- offline, as CI runs it)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from searchkit import get_puzzle, search
from searchkit.cli import main
from tests.core.test_plugins import pip_install

ENV = dict(os.environ, COLUMNS="100")


@pytest.fixture
def sk(capsys, monkeypatch):
    """``sk(*args, stdin=None)``: run the command line in-process; ``returncode``, ``stdout``,
    ``stderr`` like a finished subprocess."""

    def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> Done:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        monkeypatch.setenv("COLUMNS", "100")
        if cwd is not None:
            monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


class Done:
    def __init__(self, returncode: int, stdout: str, stderr: str) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def real_sk(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def error_line(done: Done) -> str:
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.strip()


# -- verify -------------------------------------------------------------------------------------

def test_verify_prints_the_cost_of_a_legal_plan(sk):
    done = sk("verify", "nstar", "1-42", "x2 x2 +1 x2 x2 +1 x2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "nstar · example 1-42 · plan (given)",
        "status    valid: every step is legal and the plan ends in a goal",
        "cost      7", "length    7"]


def test_verify_names_the_first_illegal_step_and_draws_the_state_before_it(sk):
    done = sk("verify", "nstar", "1-42", "x2 x2 +1 x3 x2")
    assert done.returncode == 1
    assert "status    invalid: step 4: 'x3' is not a legal action here (legal: x2, +1)" \
        in done.stdout
    assert done.stdout.endswith("the state before step 4:\n  5\n")
    short = sk("verify", "nstar", "1-42", "x2 x2")
    assert short.returncode == 1
    assert "invalid: its 2 steps are legal but it does not end in a goal" in short.stdout


def test_verify_reads_solve_json_with_its_cost_model(sk, tmp_path):
    solved = sk("solve", "rushhour", "--example", "td", "--cost", "cells", "--json")
    (tmp_path / "plan.json").write_text(solved.stdout)
    done = sk("verify", "rushhour", "td", str(tmp_path / "plan.json"))
    assert done.returncode == 0 and "cost      21\nlength    9" in done.stdout, done.stdout
    moves = sk("verify", "rushhour", "td", str(tmp_path / "plan.json"), "--cost", "moves")
    assert "cost      9" in moves.stdout
    assert error_line(sk("verify", "nstar", "1-42", str(tmp_path / "plan.json"))) == \
        "searchkit: error: the JSON plan is for puzzle 'rushhour', not 'nstar'"


def test_verify_reads_a_plan_file_and_an_instance_file_in_the_puzzle_notation(sk, tmp_path):
    puzzle = get_puzzle("taquin")
    problem = puzzle.parse("87 135462")
    plan = "".join(search(problem, "astar").actions)  # no separators: "LLDRRD..."
    (tmp_path / "board.txt").write_text("87 135462\n")
    (tmp_path / "plan.txt").write_text(plan + "\n")
    done = sk("verify", "taquin", str(tmp_path / "board.txt"), str(tmp_path / "plan.txt"))
    assert done.returncode == 0 and "cost      24" in done.stdout
    piped = sk("verify", "taquin", str(tmp_path / "board.txt"), "-", stdin=" ".join(plan))
    assert piped.returncode == 0 and "cost      24" in piped.stdout


def test_verify_takes_one_instance_of_a_collection_with_level(sk, tmp_path):
    # as solve does: --level picks the instance (it was an unknown puzzle option for N*)
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n3 9\n")
    done = sk("verify", "nstar", str(pairs), "+1 x2 +1", "--level", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"nstar · {pairs} · level 2 · plan (given)"
    assert "cost      3" in done.stdout
    assert error_line(sk("verify", "nstar", str(pairs), "+1 x2 +1")) == (
        f"searchkit: error: {pairs} holds 2 instances: choose one with --level N (1-2 or a "
        f"name), or run them all with 'searchkit batch nstar {pairs}'")


def test_one_instance_of_a_file_is_read_as_the_puzzle_splits_it(sk, tmp_path):
    """A lone Korf line is its tiles (id and optimum aside), and an error in the instance picked
    with --level names its own line of the file, as batch does."""
    korf = tmp_path / "korf9.txt"
    korf.write_text("9 46 3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0\n")
    done = sk("solve", "taquin", str(korf), "--heuristic", "linear-conflict")
    assert done.returncode == 0 and "cost      46" in done.stdout, done.stdout + done.stderr
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n# a comment\n\n3 x\n")
    assert error_line(sk("solve", "nstar", str(pairs), "--level", "2")) == (
        f"searchkit: error: {pairs}:4: expected an integer, got 'x'")


def test_verify_usage_errors_are_one_line(sk):
    assert error_line(sk("verify", "nstar", "nofile", "x2")) == (
        "searchkit: error: nofile: no such file, and not an example of 'nstar' "
        "(examples: 1-42, 1-100, 1-1000, 3-1000000)")
    assert error_line(sk("verify", "nstar", "-", "-")) == \
        "searchkit: error: INSTANCE and PLAN cannot both come from standard input"
    assert error_line(sk("verify", "nstar", "1-42", "{oops")).startswith(
        "searchkit: error: the plan looks like JSON but is not: ")


# -- random -------------------------------------------------------------------------------------

def test_random_is_reproducible_and_prints_the_puzzles_own_format(sk):
    three = sk("random", "taquin", "--seed", "3", "--count", "3", "--height", "2", "--width", "3")
    one = sk("random", "taquin", "--seed", "3", "--height", "2", "--width", "3")
    assert three.returncode == one.returncode == 0, three.stderr
    boards = three.stdout.rstrip("\n").split("\n\n")
    assert len(boards) == 3 and boards[0] + "\n" == one.stdout
    assert sk("random", "taquin", "--seed", "3", "--count", "3", "--height", "2",
              "--width", "3").stdout == three.stdout
    for text in boards:
        problem = get_puzzle("taquin").parse(text)
        assert (problem.height, problem.width) == (2, 3)
    solved = sk("solve", "taquin", "-", stdin=boards[0])
    assert solved.returncode in (0, 1) and "status    " in solved.stdout
    # boards drawn over rows are no file of three for solve or batch: a note says so
    assert three.stderr == ("searchkit: note: taquin reads these 3 instances printed together "
                            "as one file of fewer: --out DIR writes one file each, for 'solve' "
                            "and 'batch'\n")
    cards = sk("random", "rushhour", "--seed", "3", "--count", "3")
    assert cards.returncode == 0 and cards.stderr == ""  # one-line boards: a file of three
    assert len(list(get_puzzle("rushhour").instances(cards.stdout))) == 3


def test_random_writes_one_file_per_instance(sk, tmp_path):
    done = sk("random", "nstar", "--count", "12", "--seed", "5", "--max-target", "50",
              "--out", str(tmp_path / "inst"))
    assert done.returncode == 0, done.stderr
    files = done.stdout.split()
    assert len(files) == 12 and files[0].endswith("nstar-5-01.txt")
    for name in files:
        start, target = map(int, Path(name).read_text().split())
        assert 1 <= start <= target <= 50
    assert sk("solve", "nstar", files[0]).returncode == 0


def test_random_checks_the_size_options(sk):
    assert error_line(sk("random", "nstar", "--height", "3")) == \
        "searchkit: error: puzzle 'nstar' has no size option --height (valid: --max-target)"
    assert error_line(sk("random", "nstar", "--max-target", "x")) == \
        "searchkit: error: --max-target expects a number, not 'x'"
    assert "taquin: --height (3), --width (3)" in sk("random", "--help").stdout


@pytest.mark.parametrize("args, problem", [
    ("taquin --height 0", "puzzle 'taquin': bad size: height must be a whole number from 2 to "
                          "1,024, not 0"),
    ("taquin --height -2", "puzzle 'taquin': bad size: height must be a whole number from 2 to "
                           "1,024, not -2"),
    ("taquin --width 0", "puzzle 'taquin': bad size: width must be a whole number from 1 to 512, "
                         "not 0"),
    ("taquin --height 40 --width 40", "puzzle 'taquin': bad size: a 40x40 board has 1,600 "
                                      "cells: at most 1,024"),
    ("nstar --max-target 0", "puzzle 'nstar': bad size: max_target must be a whole number from 1 "
                             "to 10**1000 - 1, not 0"),
    ("nstar --count 0", "argument -n/--count: expected a number >= 1, got '0' (see 'searchkit "
                        "random --help')"),
    ("rushhour --size 0", "puzzle 'rushhour': bad size: size must be a whole number from 3 to 16, "
                          "not 0"),
    ("rushhour --size 17", "puzzle 'rushhour': bad size: size must be a whole number from 3 to "
                           "16, not 17"),
    ("rushhour --vehicles -3", "puzzle 'rushhour': bad size: vehicles must be a whole number "
                               "from 0 to 24, not -3"),
    ("sokoban --rows -3", "puzzle 'sokoban': bad size: rows must be a whole number from 1 to 98, "
                          "not -3"),
    ("sokoban --rows 0", "puzzle 'sokoban': bad size: rows must be a whole number from 1 to 98, "
                         "not 0"),
    ("sokoban --cols 99", "puzzle 'sokoban': bad size: cols must be a whole number from 1 to 98, "
                          "not 99"),
    ("sokoban --boxes -2", "puzzle 'sokoban': bad size: boxes must be a whole number from 0 to "
                           "9,604, not -2"),
    ("sokoban --pulls -1", "puzzle 'sokoban': bad size: pulls must be a whole number from 0 to "
                           "1,000,000, not -1"),
    ("sokoban --walls 1", "puzzle 'sokoban': bad size: walls must be a probability from 0 to "
                          "below 1, not 1"),
    ("sokoban --walls nan", "puzzle 'sokoban': bad size: walls must be a probability from 0 to "
                            "below 1, not nan"),
])
def test_random_refuses_sizes_that_make_no_instance(sk, args, problem):
    assert error_line(sk("random", *args.split(), "--seed", "1")) == f"searchkit: error: {problem}"


def test_random_instances_stay_within_their_size(sk):
    done = sk("random", "nstar", "--max-target", "3", "--count", "30", "--seed", "2")
    assert done.returncode == 0, done.stderr
    pairs = [tuple(map(int, text.split())) for text in done.stdout.split("\n\n")]
    assert len(pairs) == 30 and all(1 <= start <= target <= 3 for start, target in pairs)
    tall = sk("random", "taquin", "--height", "2", "--width", "1", "--seed", "1").stdout
    assert get_puzzle("taquin").parse(tall).height == 2
    largest = sk("random", "sokoban", "--rows", "98", "--cols", "98", "--seed", "1").stdout
    assert get_puzzle("sokoban").parse(largest).board.rows == 100  # solve reads it


# -- new-plugin ---------------------------------------------------------------------------------

def test_new_plugin_installs_is_listed_and_passes_its_own_tests(tmp_path):
    done = real_sk("new-plugin", "maze-runner", cwd=tmp_path, env=ENV)
    assert done.returncode == 0, done.stderr
    package = tmp_path / "searchkit-maze-runner"
    assert (package / "searchkit_maze_runner" / "plugin.py").is_file()
    site = tmp_path / "site"
    pip_install(package, site)
    env = dict(ENV, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    listed = real_sk("list", "puzzles", "--json", env=env, cwd=tmp_path)
    assert "maze-runner" in json.loads(listed.stdout)["puzzles"], listed.stdout
    solved = real_sk("solve", "maze-runner", env=env, cwd=tmp_path)
    assert solved.returncode == 0 and "cost      8" in solved.stdout, solved.stdout
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            str(package / "tests")], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert re.search(r"\b12 passed\b", tests.stdout), tests.stdout[-1000:]


@pytest.mark.parametrize(("args", "message"), [
    (["Maze"], "invalid plugin name 'Maze': use 1 to 40 lower-case letters, digits, '-' or '_', "
               "starting with a letter"),
    (["taquin"], "a puzzle named 'taquin' is already installed: choose another name"),
    (["maze", "."], ". already exists and is not an empty folder"),
])
def test_new_plugin_refuses_bad_names_and_existing_folders(sk, tmp_path, args, message):
    (tmp_path / "something").write_text("x")
    assert error_line(sk("new-plugin", *args, cwd=tmp_path)) == f"searchkit: error: {message}"
