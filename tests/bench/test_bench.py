"""Smoke tests of the benchmark tool: every suite runs at --quick sizes and its contenders agree
with independent facts (published optima, the full 8-puzzle state count). No timing assertions."""

from __future__ import annotations

import json
import warnings

import pytest

import searchkit
from searchkit.bench import (
    Contender,
    Instance,
    Options,
    Outcome,
    Table,
    format_table,
    main,
    run_search_suite,
)
from searchkit.bench.korf import load_korf100
from searchkit.bench.options import plugin_unavailable
from tests.shared import DATA

QUICK = Options(quick=True, peer_limit=20.0, data=DATA)


def _tables(name: str) -> list[Table]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return searchkit.get("bench_suite", name).run(QUICK)


def _rows(table: Table) -> dict[str, dict[str, object]]:
    return {row["contender"]: row for row in table.as_dict()["rows"]}


def test_list_and_usage_errors(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in searchkit.names("bench_suite"))
    assert main(["no-such-suite"]) == 2
    assert "unknown bench suite 'no-such-suite' (valid: " in capsys.readouterr().err


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


def test_wrong_answer_is_flagged_not_optimal():
    table = run_search_suite("demo", "demo", [Instance("a", 3, 3)],
                             [Contender("off by one", lambda d: Outcome(d + 1, 1))])
    assert _rows(table)["off by one"]["all optimal"] is False


def test_8puzzle_astar_contenders_agree_on_optima_and_f_below_f_star():
    (table,) = _tables("8puzzle-astar")
    rows = [r for r in table.as_dict()["rows"] if r["solved"] != "unavailable"]
    assert len(rows) >= 4  # two baselines and two engine contenders at least
    for row in rows:
        assert row["all optimal"] is True, row
    # expansions with f < f* do not depend on tie-breaking: equal for every correct A*
    assert len({row["f<f*"] for row in rows}) == 1


def test_8puzzle_bfs_reaches_every_position():
    (table,) = _tables("8puzzle-bfs")
    for row in table.as_dict()["rows"]:
        if row["solved"] != "unavailable":
            assert row["all optimal"] is True and row["expanded"] == 181440, row


def test_visited_hash_table_is_compact_for_int_keys():
    (table,) = _tables("visited")
    rows = {(r["container"], r["keys"]): r for r in table.as_dict()["rows"]}
    assert rows[("hashtable (set usage)", "int")]["vs dict"] <= 1 / 3
    assert rows[("dict (set usage)", "int")]["vs dict"] == 1


def test_nstar_tree_search_never_beats_graph_search():
    (table,) = _tables("nstar")
    rows = table.as_dict()["rows"]
    assert [r["moves"] for r in rows[:3]] == [4, 7, 8]  # 1 -> 10, 42, 100 (BFS-provable)
    for r in rows:
        assert r["bfs tree"] >= r["bfs graph"]


@pytest.mark.parametrize("name", ["15puzzle-idastar", "rushhour"])
def test_puzzle_suites_run_or_say_why(name):
    tables = _tables(name)
    for table in tables:
        rows = table.as_dict()["rows"]
        if not rows:  # plugin or data missing: the table says so
            assert table.notes and "unavailable" in table.title
            continue
        for row in rows:
            if row["solved"] != "unavailable":
                solved, total = str(row["solved"]).split()[0].split("/")
                assert solved == total and row["all optimal"] is True, row


def test_15puzzle_nodes_match_the_published_counts():
    if plugin_unavailable("taquin"):
        pytest.skip("taquin plugin not installed")
    (table,) = _tables("15puzzle-idastar")
    if not table.as_dict()["rows"]:
        pytest.skip("Korf data not available")
    easiest = sorted(load_korf100(), key=lambda k: k.nodes_lc)[:3]
    published = sum(k.nodes_lc for k in easiest)  # korf100_nodes.txt, Manhattan + LC
    counts = {r["contender"]: r["nodes+1"] for r in table.as_dict()["rows"]}
    assert len(counts) == 2 and set(counts.values()) == {published}


def test_json_output(tmp_path):
    out = tmp_path / "bench.json"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(["nstar", "--quick", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["machine"]["python"] and data["tables"][0]["suite"] == "nstar"
