"""The contracts between the parts are typed Protocols, and the docs show them as they are."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import searchkit
from searchkit import (
    Capabilities,
    Frontier,
    FrontierKind,
    GraphProblem,
    Problem,
    VisitedBackend,
    search,
)
from searchkit.frontiers import PRIORITY_ENTRY_FIELDS, HeapFrontier
from searchkit.loops.run import Run
from searchkit.strategies.base import LoopConfig

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ENTRY = "(" + ", ".join(PRIORITY_ENTRY_FIELDS) + ")"
AS_PUSHED = "(f, -g, seq, state, h, key)"  # the same entry as the graph search fills it


@pytest.mark.parametrize("page,protocols", [
    ("problems.md", [Problem]),
    ("strategies.md", [LoopConfig]),
    ("frontiers.md", [FrontierKind, Frontier]),
    ("visited.md", [VisitedBackend]),
])
def test_docs_show_the_protocols_verbatim(page, protocols):
    text = (DOCS / page).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    for protocol in protocols:
        assert inspect.getsource(protocol) in blocks, f"{page} does not show {protocol.__name__}"


def test_the_plugin_guide_shows_every_hook_verbatim():
    from searchkit import hookspecs

    hooks = sorted((f for name, f in vars(hookspecs).items() if name.startswith("searchkit_")),
                   key=lambda f: f.__code__.co_firstlineno)
    text = (DOCS / "writing-a-plugin.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert "\n\n".join(inspect.getsource(f) for f in hooks) in blocks
    assert len(hooks) == 5  # a new hook is a new line of that block


def test_docs_and_docstrings_state_the_entries_pushed():
    import sys

    package = sys.modules["searchkit.frontiers"]  # the attribute is the function frontiers()
    from searchkit.frontiers import buckets, heap, indexed_heap
    from searchkit.loops import priority

    for where, text in [("docs/frontiers.md", (DOCS / "frontiers.md").read_text()),
                        ("frontiers/__init__.py", package.__doc__),
                        ("heap", heap.HeapFrontier.__doc__),
                        ("indexed_heap", indexed_heap.IndexedHeapFrontier.__doc__),
                        ("buckets", buckets.BucketFrontier.__doc__),
                        ("loops/priority.py", priority.__doc__)]:
        assert ENTRY in text or AS_PUSHED in text, where
        tuples = set(re.findall(r"\((?:priority|f)(?:, [^,)]+){3,}\)", text))  # entry-like
        assert tuples <= {ENTRY, AS_PUSHED}, (where, tuples)  # no other layout anywhere


def test_every_registered_part_satisfies_its_protocol():
    for name, factory in searchkit.frontiers().items():
        assert isinstance(factory(), Frontier), name
        assert isinstance(factory.kind, FrontierKind), name
    for name, backend in searchkit.visited_backends().items():
        assert isinstance(backend, VisitedBackend), name
    for name, strategy in searchkit.strategies().items():
        assert isinstance(strategy.loop, LoopConfig), name  # structural: every member present


class _CheckingHeap(HeapFrontier):
    """A heap that checks each entry against the documented layout as the loops push it."""

    pushed: list = []

    @property
    def push(self):
        push = super().push

        def checked(entry):
            assert len(entry) == len(PRIORITY_ENTRY_FIELDS)
            _priority, _tie, seq, item, _h, key = entry
            type(self).pushed.append((seq, item, key))
            push(entry)

        return checked


@pytest.mark.parametrize("visited", ["dict", "none"])
def test_the_loop_pushes_the_documented_entries(monkeypatch, visited):
    import sys

    monkeypatch.setattr(sys.modules["searchkit.search"], "get_frontier", lambda name: _CheckingHeap)

    class Keyed(GraphProblem):
        def key(self, node):
            return ("key", node)

    graph = Keyed({0: {1: 1, 2: 4}, 1: {2: 1, 4: 5}, 2: {4: 1}}, 0, {4})
    _CheckingHeap.pushed = []
    assert search(graph, "dijkstra", visited=visited).cost == 3
    seqs = [seq for seq, _item, _key in _CheckingHeap.pushed]
    assert seqs == list(range(len(seqs)))  # unique, in push order
    for seq, item, key in _CheckingHeap.pushed:
        if visited == "none":
            assert key == seq  # every tree node is its own key
        else:
            assert key == ("key", item)  # the problem's key, not the state


def test_capabilities_are_resolved_once_for_every_reader():
    class Partial(GraphProblem):
        successors_except_parent = None  # not callable: not offered

    caps = Capabilities.of(Partial({0: {1: 1}}, 0, {1}))
    assert caps.successors_except_parent is None and caps.bidirectional
    assert caps.key_of(5) == 5 and caps.heuristic is not None


def test_run_counts_memory_one_way():
    run = Run("x")
    table = {i: i for i in range(100)}
    frontier = HeapFrontier()
    run.track(frontier=frontier, maps=(table,), backend=searchkit.get_visited_backend("dict"))
    assert run.memory() == frontier.nbytes() + sys_getsizeof(table)
    assert run.finish().peak_bytes == run.memory()


def sys_getsizeof(obj: object) -> int:
    import sys

    return sys.getsizeof(obj)


def test_a_loop_configuration_of_its_own_is_run_and_named_in_errors():
    """A strategy may bring its own loop: whatever has :class:`LoopConfig`'s members is run, and
    the error for a frontier it cannot take names what it keeps instead (``own_frontier``)."""
    from dataclasses import dataclass

    from searchkit import IncompatibleError, Strategy

    @dataclass(frozen=True)
    class FirstChild:
        """Follows the first successor until a goal or a dead end (no frontier)."""

        frontier_kind: None = None
        own_frontier: str = "single path"
        default_frontier: None = None
        default_visited: str = "none"
        allows_tree_search: bool = True
        needs: tuple[str, ...] = ()
        uses_heuristic: bool = False

        def run(self, ctx, run):
            state = ctx.caps.initial()
            actions, states = [], [state]
            while not ctx.caps.is_goal(state):
                moves = list(ctx.successors(state))
                if not moves:
                    return run.no_solution("dead end")
                action, state, _ = moves[0]
                actions.append(action)
                states.append(state)
            return run.solved(actions, states, len(actions))

    assert isinstance(FirstChild(), LoopConfig)

    class Unnamed:  # every member but own_frontier, which search reads for the error below
        frontier_kind = default_frontier = None
        default_visited, allows_tree_search, needs, uses_heuristic = "none", True, (), False
        run = FirstChild.run

    assert not isinstance(Unnamed(), LoopConfig)
    strategy = Strategy("first-child", "follow the first successor", FirstChild())
    g = GraphProblem({0: [(1, 1)], 1: [(2, 1)]}, 0, {2})
    assert search(g, strategy).actions is not None
    with pytest.raises(IncompatibleError, match=r"^strategy 'first-child' keeps its own single "
                                                r"path and takes no frontier$"):
        search(g, strategy, frontier="fifo")


def test_methods_set_on_a_problem_instance_are_its_own():
    """``self.key = ...`` / ``self.heuristic = ...`` in ``__init__`` override ProblemBase's
    defaults as methods would (they were taken for the defaults: the key never called)."""
    from searchkit import ProblemBase

    class Line(ProblemBase):
        def __init__(self, informed: bool) -> None:
            self.key = lambda state: state[0]  # states are lists: unhashable without the key
            if informed:
                self.heuristic = lambda state: 30 - state[0]

        def initial(self):
            return [0]

        def successors(self, state):
            return [(step, [state[0] + step], 1) for step in (1, 2)]

        def is_goal(self, state):
            return state[0] == 30

    plain, informed = search(Line(False), "astar"), search(Line(True), "astar")
    assert plain.cost == informed.cost == 15
    assert informed.stats.expanded < plain.stats.expanded
    assert Capabilities.of(Line(True)).heuristic is not None


@pytest.mark.parametrize("strategy, options", [("bfs", {}), ("astar", {}), ("iddfs", {}),
                                               ("idastar", {"visited": "dict"})])
def test_an_unhashable_start_key_is_a_clear_error_where_keys_are_stored(strategy, options):
    from searchkit import ProblemBase, SearchkitError

    class Lists(ProblemBase):
        def initial(self):
            return [0]

        def successors(self, state):
            return [("+", [state[0] + 1], 1)]

        def is_goal(self, state):
            return state[0] == 4

    with pytest.raises(SearchkitError, match=r"^the start \[0\] is not hashable \(the problem has "
                                             r"no key\(\)\), and this search stores keys: give "):
        search(Lists(), strategy, **options)
    # a tree search stores none: lists will do
    assert search(Lists(), "iddfs", cycle_check="none").cost == 4
    assert search(Lists(), "bfs", visited="none").cost == 4
