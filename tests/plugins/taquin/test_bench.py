"""The taquin plugin's benchmark suites at --quick sizes: their contenders agree with independent
facts (known optima, the 181,440 positions of the 8-puzzle, Korf's published node counts). No
timing assertions."""

from __future__ import annotations

from searchkit_taquin.bench.korf import load_korf100

import searchkit
from searchkit.bench import Options, Table
from tests.shared import DATA, needs_data

QUICK = Options(quick=True, peer_limit=20.0, data=DATA)


def _tables(name: str) -> list[Table]:
    return searchkit.get("bench_suite", name).run(QUICK)


def _available(table: Table) -> list[dict[str, object]]:
    return [r for r in table.as_dict()["rows"] if r["solved"] != "unavailable"]


def test_8puzzle_astar_contenders_agree_on_optima_and_f_below_f_star():
    (table,) = _tables("8puzzle-astar")
    rows = _available(table)
    assert len(rows) >= 6  # two baselines, the engine on two problems with two frontiers
    for row in rows:
        assert row["all optimal"] is True, row
    # expansions with f < f* do not depend on tie-breaking: equal for every correct A*
    assert len({row["f<f*"] for row in rows}) == 1


def test_8puzzle_bfs_reaches_every_position():
    (table,) = _tables("8puzzle-bfs")
    rows = _available(table)
    assert len(rows) == 4
    for row in rows:
        assert row["all optimal"] is True and row["expanded"] == 181440, row


@needs_data
def test_15puzzle_nodes_match_the_published_counts():
    (table,) = _tables("15puzzle-idastar")
    easiest = sorted(load_korf100(DATA), key=lambda k: k.nodes_lc)[:3]
    published = sum(k.nodes_lc for k in easiest)  # korf100_nodes.txt, Manhattan + LC
    rows = table.as_dict()["rows"]
    assert {r["contender"]: r["nodes+1"] for r in rows} == {
        "hand-tuned IDA* (MD+LC) (reference)": published,
        "searchkit idastar parent (taquin plugin, linear-conflict)": published}
    assert all(r["solved"] == "3/3" and r["all optimal"] is True for r in rows)
