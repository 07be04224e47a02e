"""Exit statuses a script can rely on (issue 16): a crash in plugin code is 70 with one line
naming the plugin and the function (the traceback only with --debug or SEARCHKIT_DEBUG=1),
never 1 ("no solution"); a closed output pipe is 141 and silent; bad input is 2 and one line for
every puzzle; compare skips a strategy the puzzle cannot run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tests.plugin_site import install_plugin

BUGGY_PLUGIN = '''
"""A puzzle whose code has bugs where the text asks for them."""
import searchkit
from searchkit import ProblemBase, Puzzle


def spell(step):
    return f"+{step}" if step != 3 else str(1 / 0)


class Steps(ProblemBase):
    def __init__(self, target, bug):
        self.target, self.bug = target, bug

    def initial(self):
        return 0

    def successors(self, n):
        if self.bug == "successors" and n == 1:
            raise KeyError(n)
        for step in (1, 3):
            if n + step <= self.target:
                yield (step, n + step) if self.bug == "shape" and n == 1 else (step, n + step, 1)

    def heuristic(self, n):
        return -1 if self.bug == "heuristic" else 0

    def is_goal(self, n):
        return n == self.target

    def format_action(self, step):
        return spell(step)


class BuggyPuzzle(Puzzle):
    name = "buggy"
    description = "steps of 1 and 3, with bugs on demand"

    def build(self, text):
        target, bug = text.split()
        if bug == "parse":
            return [][int(target)]
        return Steps(int(target), bug)

    def examples(self):
        return {"format": "6 format", "successors": "6 successors", "parse": "6 parse",
                "shape": "6 shape", "heuristic": "6 heuristic"}


@searchkit.hookimpl
def searchkit_puzzles():
    return [BuggyPuzzle()]
'''


@pytest.fixture(scope="module")
def buggy_env(tmp_path_factory) -> dict[str, str]:
    """An environment whose PYTHONPATH holds the ``buggy`` plugin."""
    quiet = {k: v for k, v in os.environ.items() if k != "SEARCHKIT_DEBUG"}
    return install_plugin(tmp_path_factory.mktemp("site"), "buggy", BUGGY_PLUGIN, base=quiet)


def sk(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.mark.parametrize("example, function, error, where", [
    ("format", "Steps.format_action()", "ZeroDivisionError: division by zero",
     "sk_buggy_plugin.py:8"),
    ("successors", "Steps.successors()", "KeyError: 1", "sk_buggy_plugin.py:20"),
    ("parse", "BuggyPuzzle.build()", "IndexError: list index out of range",
     "sk_buggy_plugin.py:42"),
])
def test_a_crash_in_plugin_code_is_exit_70_and_one_line(buggy_env, example, function, error,
                                                        where):
    done = sk("solve", "buggy", "-e", example, "-s", "bfs", env=buggy_env)
    assert done.returncode == 70, (done.returncode, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    expected = (f"searchkit: internal error in plugin 'buggy': {function} raised {error} "
                f"(DIR/{where}) (--debug or SEARCHKIT_DEBUG=1 shows the traceback)\n")
    assert re.sub(r"\(site\d*/", "(DIR/", done.stderr) == expected


@pytest.mark.parametrize("example, strategy, what", [
    ("shape", "bfs", "successors(1) yielded (1, 2): a move is (action, next_state, cost)"),
    ("heuristic", "astar", "the heuristic of the start is -1: a heuristic is a number of at "
                           "least 0 (math.inf for a dead end)"),
])
def test_a_problem_that_breaks_the_contract_is_an_internal_error_of_its_plugin(
        buggy_env, example, strategy, what):
    done = sk("solve", "buggy", "-e", example, "-s", strategy, env=buggy_env)
    assert done.returncode == 70, (done.returncode, done.stderr)
    assert done.stderr == (f"searchkit: internal error in plugin 'buggy': {what} (--debug or "
                           "SEARCHKIT_DEBUG=1 shows the traceback)\n")


def test_debug_shows_the_traceback(buggy_env):
    for args, env in ((("--debug",), buggy_env), ((), dict(buggy_env, SEARCHKIT_DEBUG="1"))):
        done = sk("solve", "buggy", "-e", "format", *args, env=env)
        assert done.returncode == 70
        lines = done.stderr.splitlines()
        assert lines[0] == "Traceback (most recent call last):"
        assert 'line 8, in spell' in done.stderr
        assert lines[-1].startswith("searchkit: internal error in plugin 'buggy': "
                                    "Steps.format_action() raised ZeroDivisionError")
    done = sk("--debug", "solve", "buggy", "-e", "format", "--json", env=buggy_env)
    assert done.returncode == 70 and "Traceback" in done.stderr  # --debug anywhere on the line


@pytest.mark.parametrize("args", [
    ["compare", "nstar", "-e", "1-1000", "-s", "bfs,astar"],
    ["solve", "nstar", "-e", "1-1000"],
    ["bench", "--list"],
])
def test_a_closed_output_pipe_is_141_and_silent(args):
    proc = subprocess.Popen([sys.executable, "-m", "searchkit", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # like `| head -1` that has already exited: the first write fails
    stderr = proc.stderr.read()
    assert proc.wait(timeout=300) == 141
    assert stderr == ""


@pytest.mark.parametrize("puzzle, text, line, message", [
    ("sokoban", "#####\n#@$.#\n#####\n99999999999#\n", 4, "run-length count 99999999999 is too "
     "large: a row has at most 100 cells"),
    ("rushhour", '{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "H"}],\n'
     ' "murs": null}', None, "'murs' must be a list of [row, col] pairs, not None"),
    ("taquin", "87 13546²", 1, "unexpected character '²' in a 3x3 board"),
    ("nstar", "# target\n1 " + "9" * 5000, 2, "numbers have at most 1,000 digits, this one has "
     "5,000"),
])
def test_bad_input_is_exit_2_one_line_naming_file_and_line(tmp_path, puzzle, text, line,
                                                           message):
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    done = sk("solve", puzzle, str(path))
    assert done.returncode == 2 and done.stdout == ""
    where = f"{path}:{line}" if line is not None else f"{path}"
    assert done.stderr == f"searchkit: error: {where}: {message}\n"


def test_compare_skips_a_strategy_the_puzzle_cannot_run():
    done = sk("compare", "sokoban", "-e", "corridor", "-s", "astar,bibfs")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[3:5]]
    assert rows[0][:3] == ["astar", "solved", "3"]
    assert rows[1] == ["bibfs", "skipped", "-", "-", "-", "-", "-", "-"]
    assert ("bibfs: skipped: strategy 'bibfs' needs a problem with predecessors() and "
            "goal_states()") in done.stdout
    runs = json.loads(sk("compare", "sokoban", "-e", "corridor", "-s", "astar,bibfs",
                         "--json").stdout)["runs"]
    assert [(r["strategy"], r["status"], r["stats"] is None) for r in runs] == [
        ("astar", "solved", False), ("bibfs", "skipped", True)]
    alone = sk("compare", "sokoban", "-e", "corridor", "-s", "bibfs")
    assert alone.returncode == 2 and alone.stderr == (
        "searchkit: error: strategy 'bibfs' needs a problem with predecessors() and "
        "goal_states()\n")
