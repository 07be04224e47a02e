"""A new strategy, frontier and visited backend are one module each plus their registration: the
example package of docs/README.md, installed like a third party's, works with no change to any
loop, and the page shows its files verbatim."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.core.test_plugins import pip_install, run_python

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "searchkit-extending"
FILES = ["searchkit_extending/strategy.py", "searchkit_extending/frontier.py",
         "searchkit_extending/backend.py", "searchkit_extending/plugin.py"]


def test_architecture_page_shows_the_example_verbatim():
    page = (ROOT / "docs" / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    for path in FILES:
        assert (EXAMPLE / path).read_text() in blocks, f"{path} is not shown in docs/README.md"


def test_the_three_parts_work_as_a_third_partys(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    pip_install(source, tmp_path / "site")
    done = run_python(
        """
        import json, searchkit
        from searchkit import Frontier, VisitedBackend

        problem = searchkit.get_puzzle("taquin").parse("1 2 3 4 5 6 0 7 8")
        hard = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
        report = {
            "failures": [str(f) for f in searchkit.plugin_failures()],
            "frontier": isinstance(searchkit.get_frontier("random")(), Frontier),
            "backend": isinstance(searchkit.get_visited_backend("sqlite"), VisitedBackend),
            "astar2h": searchkit.search(hard, "astar2h").cost,
            "astar": searchkit.search(hard, "astar").cost,
            "fewest": searchkit.search(problem, "bfs").cost,
            "guarantee": searchkit.get_strategy("astar2h").guarantee,
        }
        for strategy, options in (("bfs", {"frontier": "random"}), ("dfs", {"frontier": "random"}),
                                  ("bfs", {"visited": "sqlite"}),
                                  ("idastar", {"visited": "sqlite"})):
            result = searchkit.search(problem, strategy, **options)
            report[f"{strategy} {options}"] = [result.status,
                                               searchkit.verify(problem, result.actions)]
        sqlite = searchkit.search(problem, "astar", visited="sqlite")
        report["same counts"] = (sqlite.stats.expanded, sqlite.stats.visited) == (
            searchkit.search(problem, "astar").stats.expanded,
            searchkit.search(problem, "astar").stats.visited)
        report["explore"] = searchkit.explore(problem, visited="sqlite", max_depth=3).histogram
        print(json.dumps(report))
        """,
        tmp_path / "site",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert not [f for f in report["failures"] if "extending" in f]
    assert report["frontier"] and report["backend"]
    assert report["astar"] <= report["astar2h"] <= 2 * report["astar"]
    assert report["guarantee"] == "cost at most twice the optimum with an admissible heuristic"
    fewest = report["fewest"]
    assert report["bfs {'frontier': 'random'}"][0] == "solved"  # in random order: any plan
    assert report["dfs {'frontier': 'random'}"][0] == "solved"
    assert report["bfs {'visited': 'sqlite'}"] == ["solved", fewest]
    assert report["idastar {'visited': 'sqlite'}"] == ["solved", fewest]
    assert report["same counts"]
    assert report["explore"][:2] == [1, 2]
