"""Do the plain loops of this checkout execute the same instructions as another revision's?

Usage (from the repository root, with the project's virtual environment)::

    python tools/loop_bytecode.py REF

A search without an observer runs each loop's *plain* variant (searchkit/loops/variants.py): the
loop specialised with its ``if flags.observe:`` blocks removed. This compares, instruction by
instruction (operations and their arguments; line numbers and local variables' names, which
cost nothing, ignored), the code
of every loop function -- nested functions included -- that a plain search runs here with the
code ``REF`` runs: the best-first loops, the bidirectional loop, the deepening loop and its
bounded depth-first search in every specialised combination. ``REF``'s package is loaded as in
tools/ab_inprocess.py. Differences are printed as a unified diff; the exit status is 0 when
every hot loop (the code that runs per node) is identical.
"""

from __future__ import annotations

import difflib
import dis
import importlib
import itertools
import sys
import tempfile
import types
from pathlib import Path

from ab_inprocess import load_old

from searchkit.loops import bounded_dfs, variants

LOOPS = [("priority", "priority_graph_search"), ("best_first", "plain_graph_search"),
         ("tree", "tree_search"), ("bidirectional", "bidirectional"), ("deepening", "deepening")]


def instructions(code: types.CodeType) -> list[str]:
    """Each instruction as ``OPNAME argument`` (a local variable's name left out), then those of
    the nested functions."""
    out = [f"-- {code.co_name}"]
    for ins in dis.get_instructions(code):
        argument = "<code>" if "code object" in ins.argrepr else ins.argrepr
        out.append(ins.opname if "FAST" in ins.opname else f"{ins.opname} {argument}")
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out += instructions(const)
    return out


def compare(name: str, old: types.CodeType, new: types.CodeType, quiet: bool = False) -> bool:
    """Print how ``new`` differs from ``old`` (``quiet``: only if it does); True if it does not."""
    before, after = instructions(old), instructions(new)
    diff = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
            if not line.startswith(("---", "+++"))]
    if diff or not quiet:
        print(f"{name}: {len(before)} instructions before, {len(after)} now: "
              + ("identical" if not diff else "differences:"))
    for line in diff:
        print("    " + line)
    return not diff


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        load_old(argv[0], Path(tmp))
        hot_identical = True
        for module, function in LOOPS:
            old = getattr(importlib.import_module(f"searchkit_ab.loops.{module}"), function)
            if hasattr(old, "__wrapped__"):  # a watched loop there too: its plain variant
                old_variants = importlib.import_module("searchkit_ab.loops.variants")
                old = old_variants.compile_variant(old.__wrapped__, old_variants.PLAIN)
            new = getattr(importlib.import_module(f"searchkit.loops.{module}"), function)
            plain = variants.compile_variant(new.__wrapped__, variants.PLAIN)
            same = compare(function, old.__code__, plain.__code__)
            # the deepening loop's own code runs once per iteration; its search is build's dfs
            hot_identical &= same or function == "deepening"
        old_dfs = importlib.import_module("searchkit_ab.loops.bounded_dfs")
        combinations = list(itertools.product((False, True), ("path", "parent", "none"),
                                              (False, True), (False, True), (False, True)))
        same = 0
        for key, cycle, table, unit, except_parent in combinations:
            flags = dict(key=key, cycle_check=cycle, table=table, unit=unit,
                         except_parent=except_parent)
            same += compare(f"bounded dfs {flags}",
                            old_dfs.compiled(old_dfs.Flags(**flags)).__code__,
                            bounded_dfs.compiled(bounded_dfs.Flags(**flags)).__code__, True)
        print(f"bounded dfs: {same} of its {len(combinations)} specialised combinations identical")
        hot_identical &= same == len(combinations)
    print("every per-node loop identical" if hot_identical else "SOME PER-NODE LOOP DIFFERS")
    return 0 if hot_identical else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
