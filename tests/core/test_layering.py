"""The core never names a plugin: no module of ``searchkit/`` imports a plugin package or names
one of the installed plugins' puzzles or bench suites in its code, and the whole core imports
and runs with every plugin package made unimportable."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import searchkit

CORE = Path(searchkit.__file__).resolve().parent


def _plugin_packages() -> set[str]:
    return {ep.value.split(":")[0].split(".")[0] for ep in entry_points(group="searchkit")}


def _plugin_names() -> set[str]:
    """What the entry-point plugins registered (not the built-in plugin)."""
    reg = searchkit.plugins.registry()
    return {name for kind in ("puzzle", "bench_suite")
            for name, owner in reg.owners[kind].items() if owner != searchkit.plugins.BUILTIN}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes (prose may mention a plugin as an example)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def test_no_core_module_imports_or_names_a_plugin():
    packages, names = _plugin_packages(), _plugin_names()
    assert {"searchkit_nstar", "searchkit_taquin"} <= packages and "taquin" in names
    offences = []
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            where = f"{path.relative_to(CORE.parent)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Import):
                offences += [f"{where} imports {a.name}" for a in node.names
                             if a.name.split(".")[0] in packages]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module.split(".")[0] in packages:
                    offences.append(f"{where} imports from {node.module}")
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs):
                if node.value in names or node.value.split(".")[0] in packages:
                    offences.append(f"{where} names {node.value!r}")
    assert not offences, "\n".join(offences)


def test_the_core_works_without_any_plugin():
    code = textwrap.dedent(f"""
        import importlib, pkgutil, sys, warnings
        for name in {sorted(_plugin_packages())!r}:
            sys.modules[name] = None            # every plugin package is unimportable
        import searchkit
        for info in pkgutil.walk_packages(searchkit.__path__, "searchkit."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            print(searchkit.names("puzzle"), searchkit.names("bench_suite"))
        """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[] ['visited']"
