"""specialise's cache of compiled copies (``__pycache__/*.specialised``): reused by a later
process, compiled again when the source changes or the file is damaged, never in the way when
it cannot be written."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
import time

import pytest

from searchkit.loops.specialise import specialise
from searchkit.loops.variants import STEPPED, Stepping, Variant

MODULE = """\
def pick(flags, x):
    if flags.observe:
        return {observed!r} + x
    return {plain!r} + x
"""


@pytest.fixture
def module(tmp_path, monkeypatch):
    """A module of our own, ``cached_loop``, whose source the test rewrites."""
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "cached_loop.py"

    def write(observed: str, plain: str):
        path.write_text(MODULE.format(observed=observed, plain=plain))
        time.sleep(0.01)  # a distinct modification time, whatever the file system's resolution
        sys.modules.pop("cached_loop", None)
        return importlib.import_module("cached_loop")

    yield path, write
    sys.modules.pop("cached_loop", None)


def cached(path):
    return sorted((path.parent / "__pycache__").glob("cached_loop.pick.*.specialised"))


def test_a_copy_is_cached_and_a_later_process_loads_it(module):
    path, write = module
    pick = write("observed ", "plain ").pick
    assert specialise(pick, Variant(observe=False))(None, "x") == "plain x"
    assert specialise(pick, Variant(observe=True))(None, "x") == "observed x"
    files = cached(path)
    assert len(files) == 2
    before = [f.stat().st_mtime_ns for f in files]
    script = textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(path.parent)!r})
        import cached_loop
        from searchkit.loops import specialise as s
        s._specialised_tree = None  # compiling would fail: the copy must come from the cache
        from searchkit.loops.variants import Variant
        print(s.specialise(cached_loop.pick, Variant(observe=True))(None, "y"))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout == "observed y\n"
    assert [f.stat().st_mtime_ns for f in cached(path)] == before


def test_a_changed_source_or_a_damaged_file_is_compiled_again(module):
    path, write = module
    assert specialise(write("old ", "plain ").pick, Variant(observe=True))(None, "x") == "old x"
    pick = write("newer ", "plain ").pick  # another size: Python's own .pyc sees it too
    assert specialise(pick, Variant(observe=True))(None, "x") == "newer x"
    (damaged,) = cached(path)  # one file per function and flags, rewritten in place
    damaged.write_bytes(b"not marshal data")
    assert specialise(pick, Variant(observe=True))(None, "x") == "newer x"
    assert damaged.read_bytes() != b"not marshal data"


def test_a_folder_that_cannot_be_written_is_no_error(module):
    path, write = module
    (path.parent / "__pycache__").write_text("a file where the folder would go")
    pick = write("observed ", "plain ").pick
    assert specialise(pick, Variant(observe=True))(None, "x") == "observed x"


def test_the_stepped_copy_is_cached_by_its_delegates_too(module):
    path, write = module
    pick = write("observed ", "plain ").pick
    specialise(pick, STEPPED, [Stepping(["a"])])
    specialise(pick, STEPPED, [Stepping(["b"])])
    specialise(pick, STEPPED, [Stepping(["b"])])
    assert len(cached(path)) == 2
