"""The graph a search explored: :func:`search_graph` builds it from the search's events.

Nodes are the states the search reached, edges the successor calls it made (parent -> child,
with the action, the cost and what became of the child). It is meant for small searches -- a
lecture example, a failing test -- drawn with Graphviz (:meth:`SearchGraph.to_dot`) or analysed
with networkx (:meth:`SearchGraph.to_networkx`, the optional extra ``searchkit[graph]``).

>>> from searchkit import GraphProblem, search
>>> roads = GraphProblem({"a": {"b": 4, "c": 1}, "c": {"b": 1}}, start="a", goals={"b"})
>>> events = []
>>> result = search(roads, "dijkstra", observer=events.append)
>>> graph = search_graph(events)
>>> sorted(graph.nodes), graph.edges["c", "b"]["fate"], graph.nodes["c"]["expanded"]
(['a', 'b', 'c'], 'improved', 2)
>>> graph.plan
['a', 'c', 'b']
>>> print(graph.to_dot().splitlines()[6])
  "c" [label="c\\ng=1 h=0 #2", style=filled, fillcolor="#fde68a"];
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import SearchkitError

__all__ = ["SearchGraph", "search_graph"]

#: How a child's fate draws its edge in :meth:`SearchGraph.to_dot`.
EDGE_STYLES = {
    "new": "solid", "improved": "bold", "reopened": "bold", "duplicate": "dashed",
    "pruned": "dotted", "cutoff": "dotted",
}


@dataclass
class SearchGraph:
    """The explored graph (see the module docstring).

    ``nodes`` maps a node id (the state's key, or a trace's state id) to its attributes:
    ``label`` (its text), ``g``, ``h`` and ``depth`` (the smallest ``g`` it was reached with,
    and the ``h`` and depth on that path), ``expanded`` (the number of its first expansion,
    1 for the first state expanded; ``None`` if never expanded), ``expansions`` (how many
    times), ``start``. ``edges`` maps ``(parent, child)`` to ``action``, ``cost``, ``fate``
    (the first) and ``count`` (how many times the search generated it); on the goal side of a
    bidirectional search (``backward``) the edge still points from the state to its
    successor. ``plan`` lists the node ids of the solution, if one was found.
    """

    nodes: dict[Hashable, dict[str, Any]] = field(default_factory=dict)
    edges: dict[tuple[Hashable, Hashable], dict[str, Any]] = field(default_factory=dict)
    plan: list[Hashable] = field(default_factory=list)

    def to_networkx(self) -> Any:
        """A ``networkx.DiGraph`` with the same nodes, edges and attributes (``plan`` as the
        graph attribute ``plan`` and the node attribute ``on_plan``)."""
        try:
            import networkx as nx
        except ImportError as exc:
            raise SearchkitError("to_networkx needs networkx: pip install 'searchkit[graph]' "
                                 f"({exc})") from None
        graph = nx.DiGraph(plan=list(self.plan))
        on_plan = set(self.plan)
        for node, attributes in self.nodes.items():
            graph.add_node(node, **attributes, on_plan=node in on_plan)
        for (parent, child), attributes in self.edges.items():
            graph.add_edge(parent, child, **attributes)
        return graph

    def to_dot(self, name: str = "search") -> str:
        """The graph in Graphviz's DOT language: expanded states shaded (in the order of their
        first expansion, ``#n``), the plan's states in gold, edges labelled with their actions
        and drawn by fate (``new`` solid, ``improved``/``reopened`` bold, ``duplicate``
        dashed, ``pruned``/``cutoff`` dotted)."""
        on_plan = set(self.plan)
        lines = [f"digraph {_quote(name)} {{", "  rankdir=TB;",
                 '  node [shape=box, fontname="monospace", fontsize=10];',
                 "  edge [fontsize=9];"]
        for node, a in self.nodes.items():
            text = a["label"] + f"\ng={_short(a['g'])} h={_short(a['h'])}"
            if a["expanded"] is not None:
                text += f" #{a['expanded']}"
            colour = "#fde68a" if node in on_plan else "#bfdbfe" if a["expanded"] else "#ffffff"
            lines.append(f"  {_quote(node)} [label={_quote(text)}, style=filled, "
                         f'fillcolor="{colour}"];')
        for (parent, child), a in self.edges.items():
            lines.append(f"  {_quote(parent)} -> {_quote(child)} [label={_quote(a['action'])}, "
                         f"style={EDGE_STYLES.get(a['fate'], 'solid')}];")
        lines.append("}")
        return "\n".join(lines) + "\n"


def search_graph(events: Iterable[Any], *, key: Callable[[Any], Hashable] | None = None,
                 label: Callable[[Any], str] = str, max_nodes: int = 10_000) -> SearchGraph:
    """The graph explored by the search whose ``events`` are given.

    ``events`` are the events of an observed search (:mod:`searchkit.events`), or the records
    of a trace file (:func:`searchkit.trace.read_trace`), whose states are ids labelled by their
    ``state`` records. For events, a node is ``key(state)`` (``problem.key`` for states that are
    not hashable or not unique; default: the state itself) labelled ``label(state)`` (e.g.
    ``problem.render``; default ``str``). Raises :class:`~searchkit.SearchkitError` past
    ``max_nodes`` nodes: the graph is meant for small searches.
    """
    graph = SearchGraph()
    nodes, edges = graph.nodes, graph.edges
    texts: dict[Any, str] = {}  # a trace's state records: id -> text
    expansions = 0

    def node(state: Any) -> Hashable:
        if from_trace:
            ident: Hashable = state
            text = texts.get(state, str(state))
        else:
            ident = key(state) if key is not None else state
            text = None
        if ident not in nodes:
            if len(nodes) >= max_nodes:
                raise SearchkitError(f"the search reached more than {max_nodes:,} states: too "
                                     "many for a graph (raise max_nodes to draw it anyway)")
            nodes[ident] = {"label": text if text is not None else label(state), "g": None,
                            "h": None, "depth": None, "expanded": None, "expansions": 0,
                            "start": False}
        return ident

    def reached(ident: Hashable, g: Any, h: Any, depth: Any) -> None:
        a = nodes[ident]
        if a["g"] is None or (g is not None and g < a["g"]):
            a["g"], a["h"], a["depth"] = g, h, depth

    from_trace = False
    for event in events:
        from_trace = isinstance(event, dict)
        get = event.get if from_trace else lambda name, e=event: getattr(e, name)
        kind = get("kind")
        if kind == "state":
            texts[get("id")] = get("text")
        elif kind == "start":
            start = node(get("state"))
            nodes[start]["start"] = True
            reached(start, 0, None, 0)
        elif kind == "expand":
            ident = node(get("state"))
            expansions += 1
            a = nodes[ident]
            reached(ident, get("g"), get("h"), get("depth"))
            a["h"] = get("h")
            a["expansions"] += 1
            if a["expanded"] is None:
                a["expanded"] = expansions
        elif kind == "generate":
            parent, child = node(get("parent")), node(get("child"))
            if get("backward"):  # g counts from the goals there
                pass
            elif get("fate") not in ("duplicate", "pruned", "cutoff"):
                depth = nodes[parent]["depth"]
                reached(child, get("g"), get("h"), None if depth is None else depth + 1)
            elif nodes[child]["h"] is None:
                nodes[child]["h"] = get("h")
            pair = (child, parent) if get("backward") else (parent, child)
            edge = edges.get(pair)
            if edge is None:
                edges[pair] = {"action": str(get("action")), "cost": get("cost"),
                               "fate": get("fate"), "count": 1}
            else:
                edge["count"] += 1
        elif kind == "solution":
            graph.plan = [node(state) for state in get("states")]
    return graph


def _quote(value: Any) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{text}"'


def _short(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
