"""Batch runs, viewers, the testing kit, benchmarks and the command line sit *around* search: no
module of the search path imports them, at its top or inside a function (docs/README.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import searchkit

CORE = Path(searchkit.__file__).resolve().parent
SEARCH_PATH = ["search.py", "explore.py", "capabilities.py", "problem.py", "budget.py",
               "loops", "strategies", "frontiers", "visited"]
AROUND = {"experiments", "visual", "testing", "bench", "cli", "scaffold"}


def _imported_packages(source: str, package: tuple[str, ...]) -> list[tuple[int, str]]:
    """``(line, first package below searchkit)`` of every import of a searchkit module in
    ``source``, a module of ``package`` (``("searchkit", "loops")`` for ``loops/run.py``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            names = [module] if node.module else [module + [alias.name] for alias in node.names]
        else:
            continue
        found += [(node.lineno, name[1]) for name in names
                  if len(name) > 1 and name[0] == "searchkit"]
    return found


def test_the_search_path_imports_nothing_that_sits_around_it():
    files = [p for entry in SEARCH_PATH for p in
             (sorted((CORE / entry).rglob("*.py")) if (CORE / entry).is_dir() else [CORE / entry])]
    assert len(files) > 20
    offences = [f"{path.relative_to(CORE.parent)}:{line} imports searchkit.{package}"
                for path in files
                for line, package in _imported_packages(
                    path.read_text(encoding="utf-8"), path.parent.relative_to(CORE.parent).parts)
                if package in AROUND]
    assert offences == []


def test_the_check_sees_relative_absolute_and_function_level_imports():
    source = ("from ..visual import svg\nimport searchkit.bench.table\nfrom . import run\n"
              "import json\n\ndef f():\n    from searchkit.cli import main\n")
    assert _imported_packages(source, ("searchkit", "loops")) == [
        (1, "visual"), (2, "bench"), (3, "loops"), (7, "cli")]
