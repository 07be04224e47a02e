"""The benchmark tool of the core: the harness, the command, data lookup, progress, the
``visited`` suite, and a third-party plugin contributing a suite through the hook. The plugins'
own suites are tested next to their plugins (``tests/plugins/*/test_bench.py``). No timing
assertions."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

import searchkit
from searchkit.bench import (
    Contender,
    Instance,
    MissingData,
    Options,
    Outcome,
    cpu_limit,
    format_table,
    main,
    run_search_suite,
)

QUICK = Options(quick=True)


def _rows(table):
    return {row["contender"]: row for row in table.as_dict()["rows"]}


def test_list_and_usage_errors(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in searchkit.names("bench_suite"))
    assert main(["no-such-suite"]) == 2
    assert "unknown bench suite 'no-such-suite' (valid: " in capsys.readouterr().err


@pytest.mark.parametrize("limit", ["inf", "1e400", "nan", "0", "-5"])
def test_peer_limit_is_a_positive_finite_number(capsys, limit):
    assert main(["visited", "--quick", f"--peer-limit={limit}"]) == 2
    assert capsys.readouterr() == ("", "searchkit: error: --peer-limit must be a positive, finite "
                                       "number of seconds\n")


def test_a_cpu_limit_too_long_for_the_timer_is_cut_not_an_overflow():
    with cpu_limit(1e12) as limit:                 # setitimer overflows past ~9e9 s on Linux
        assert limit.seconds == 1e9
    assert cpu_limit(0.5).seconds == 0.5 and cpu_limit(None).seconds is None


def test_unavailable_contender_is_shown_not_run():
    calls = []

    def solve(data):
        calls.append(data)
        return Outcome(data, 1)

    table = run_search_suite(
        "demo", "demo", [Instance("a", 3, 3), Instance("b", 5, 5)],
        [Contender("ok", solve, reference=True), Contender("missing", solve, unavailable="nope")])
    rows = _rows(table)
    assert rows["ok (reference)"]["solved"] == "2/2" and rows["ok (reference)"]["all optimal"]
    assert rows["missing"]["solved"] == "unavailable"
    assert any("missing: unavailable: nope" in n for n in table.notes)
    assert "| missing" in format_table(table)
    assert calls.count(3) >= 1 and len(calls) <= 4  # the unavailable one never ran


def test_wrong_answer_is_flagged_not_optimal():
    table = run_search_suite("demo", "demo", [Instance("a", 3, 3)],
                             [Contender("off by one", lambda d: Outcome(d + 1, 1))])
    assert _rows(table)["off by one"]["all optimal"] is False


def test_ctrl_c_stops_a_suite_even_when_a_search_turns_it_into_a_result():
    # a real SIGINT to this process, during the first instance, inside a real search
    import signal

    from searchkit import Budget, search
    from tests.core.test_api import Counter  # an endless line of states

    ran = []

    def solve(data):
        ran.append(data)
        result = search(Counter(), "bfs", budget=Budget(max_expansions=3_000_000),  # not endless
                        progress=lambda _: os.kill(os.getpid(), signal.SIGINT))
        assert result.status == "interrupted"  # the search kept the Ctrl-C to itself
        return Outcome(None, result.stats.expanded)

    with pytest.raises(KeyboardInterrupt):
        run_search_suite("demo", "demo", [Instance("a", 1), Instance("b", 2)],
                         [Contender("searcher", solve, reference=True)])
    assert ran == [1]  # the second instance never started
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_visited_hash_table_is_compact_for_int_keys():
    (table,) = searchkit.get("bench_suite", "visited").run(QUICK)
    rows = {(r["container"], r["keys"]): r for r in table.as_dict()["rows"]}
    assert rows[("hashtable (set usage)", "int")]["vs dict"] <= 1 / 3
    assert rows[("dict (set usage)", "int")]["vs dict"] == 1


def test_json_output(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["visited", "--quick", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["machine"]["python"] and data["tables"][0]["suite"] == "visited"
    assert data["command"] == f"searchkit bench visited --quick --json {out}"
    assert capsys.readouterr().out.startswith("<!-- searchkit bench visited --quick --json ")


def test_data_folder_comes_from_the_option_the_environment_or_the_current_directory(
        monkeypatch, tmp_path):
    monkeypatch.delenv("SEARCHKIT_DATA", raising=False)
    monkeypatch.chdir(tmp_path)
    assert Options().data == tmp_path.parent / "shared" / "data"
    monkeypatch.setenv("SEARCHKIT_DATA", str(tmp_path))
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "f.txt").write_text("x")
    assert Options().data_file("p", "f.txt") == tmp_path / "p" / "f.txt"
    try:
        Options().data_file("p", "missing.txt")
    except MissingData as exc:
        assert str(exc) == (f"{tmp_path / 'p' / 'missing.txt'} not found (give the data folder "
                            "with --data DIR or $SEARCHKIT_DATA)")
    else:
        raise AssertionError("no MissingData")


ROOT = Path(__file__).resolve().parents[2]


def _guide_example() -> dict[str, str]:
    """The example suite of docs/benchmarks.md, "Adding a suite": file name -> code."""
    guide = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n# (searchkit_ladders/\S+)[^\n]*\n(.*?)```", guide, re.S)
    assert [name for name, _code in blocks] == ["searchkit_ladders/bench.py",
                                                "searchkit_ladders/plugin.py"]
    return dict(blocks)


SQUATTER = """
import searchkit
from searchkit.bench import BenchSuite

@searchkit.hookimpl
def searchkit_bench_suites():
    return [BenchSuite("visited", "a third party taking a built-in name", __name__)]
"""


def _third_party(tmp_path: Path) -> dict[str, str]:
    """An environment with the guide's ``ladders`` plugin installed, and ``aaa-squatter`` which
    sorts first and tries to take the built-in suite name ``visited``; data in tmp_path/data."""
    site = tmp_path / "site"
    (site / "searchkit_ladders").mkdir(parents=True)
    (site / "searchkit_ladders" / "__init__.py").write_text("")
    for name, code in _guide_example().items():
        (site / name).write_text(code)
    (site / "sk_squatter.py").write_text(SQUATTER)
    for dist, entry in (("searchkit_ladders", "ladders = searchkit_ladders.plugin"),
                        ("sk_squatter", "aaa-squatter = sk_squatter")):
        info = site / f"{dist}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[searchkit]\n{entry}\n")
    data = tmp_path / "data" / "ladders"
    data.mkdir(parents=True)
    (data / "targets.txt").write_text("10\n42\n1000\n")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH",
                                                                                  "")]))


def _sk(*args, env, cwd=None):
    return subprocess.run([sys.executable, "-m", "searchkit", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


def test_the_guides_third_party_suite_runs_and_cannot_take_a_built_in_name(tmp_path):
    env = _third_party(tmp_path)
    listed = _sk("bench", "--list", env=env)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].startswith("visited ") and "HashTable" in lines[0]
    assert any(line.startswith("ladders ") for line in lines)
    assert "a third party" not in listed.stdout
    failures = _sk("list", "--json", env=env)
    assert json.loads(failures.stdout)["failed_plugins"] == {"aaa-squatter": (
        "bench suite 'visited' is already registered by plugin 'searchkit.builtin_plugin'; "
        "plugin 'aaa-squatter' may not register it again")}
    done = _sk("bench", "ladders", "--data", str(tmp_path / "data"), env=env)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert rows[2].startswith("| hand-written BFS (reference) | 3/3    |         yes |")
    assert rows[3].startswith("| searchkit bfs                | 3/3    |         yes |")
    assert done.stderr == ""  # not a terminal: no progress lines
    missing = _sk("bench", "ladders", env=env, cwd=tmp_path)  # ../shared/data from tmp_path
    assert missing.returncode == 0, missing.stderr
    assert "### ladders: unavailable" in missing.stdout
    expected = tmp_path.parent / "shared" / "data" / "ladders" / "targets.txt"
    assert f"{expected} not found" in missing.stdout


def test_progress_goes_to_a_terminal_only(tmp_path):
    env = _third_party(tmp_path)
    args = [sys.executable, "-m", "searchkit", "bench", "ladders", "--data",
            str(tmp_path / "data")]
    primary, secondary = pty.openpty()
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=secondary, env=env) as proc:
        os.close(secondary)
        out = proc.stdout.read().decode()
        proc.wait(timeout=120)
    shown = b""
    try:
        while chunk := os.read(primary, 4096):
            shown += chunk
    except OSError:  # the terminal is closed once the child has exited
        pass
    os.close(primary)
    assert proc.returncode == 0
    assert "suite ladders ..." in shown.decode()
    assert "ladders: searchkit bfs: 3/3 solved" in shown.decode()
    assert "suite ladders" not in out and "| searchkit bfs " in out
