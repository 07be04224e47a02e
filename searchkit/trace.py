"""Search traces as JSON lines: :class:`TraceWriter` writes them, :func:`read_trace` reads them.

A trace is one JSON object per line (what ``searchkit trace`` writes; docs/observe.md shows
one). The first record is the header, ``{"kind": "trace", "format": "searchkit-trace/1", ...}``
(the command adds ``puzzle``, ``instance`` and ``strategy``). Then come the search's events
(:mod:`searchkit.events`), one record each, with states written as small integer ids: the first
time a state appears, a ``state`` record comes just before the event, holding its ``id``, its
``key`` (JSON when the key is made of numbers and strings, else its ``str``) and its ``text``
(the problem's ``render``). Actions are in the puzzle's notation (``format_action``); an
infinite number (a dead end's ``h``) is ``null``.

==============  ==========================================================================
``state``       ``id``, ``key``, ``text``
``start``       ``state``, ``strategy``
``bound``       ``bound``, ``iteration``
``expand``      ``state``, ``g``, ``h``, ``depth``, ``f``, ``frontier`` (``backward``: if true)
``generate``    ``parent``, ``action``, ``child``, ``cost``, ``g``, ``h``, ``fate`` (``backward``)
``solution``    ``actions``, ``states`` (ids), ``cost``
``end``         ``status``, ``reason``, ``cost``, ``stats``
==============  ==========================================================================

>>> import io
>>> from searchkit import GraphProblem, search
>>> problem, out = GraphProblem({"a": {"b": 1}}, start="a", goals={"b"}), io.StringIO()
>>> result = search(problem, "bfs", observer=TraceWriter(problem, out))
>>> print(out.getvalue().splitlines()[3])
{"kind":"expand","state":0,"g":0,"h":0,"depth":0,"f":0,"frontier":1}
>>> [record["kind"] for record in read_trace(out.getvalue().splitlines(), "t.jsonl")]
['trace', 'state', 'start', 'expand', 'state', 'generate', 'solution', 'end']
"""

from __future__ import annotations

import json
import math
import numbers
from collections.abc import Hashable, Iterable, Iterator
from typing import Any, TextIO

from .budget import BudgetExhausted
from .capabilities import Capabilities
from .errors import SearchkitError, excerpt
from .events import Bound, Event, Expand, Generate, Solution, Start

__all__ = ["FORMAT", "TraceWriter", "TraceError", "read_trace"]

FORMAT = "searchkit-trace/1"


class TraceError(SearchkitError, ValueError):
    """A trace that cannot be read; the message names the file and the line."""


class TraceWriter:
    """An observer that writes each event to ``stream`` as a JSON line (see the module docstring).

    ``problem`` gives the keys (state ids), ``render`` and ``format_action``; ``None`` for a
    search that never started (its problem's build was stopped), whose trace is the header and
    the ``end`` record alone. ``header`` adds fields to the first line. After ``max_events``
    events the search is stopped as by a budget (its ``end`` record, and its ``solution`` if
    any, are still written). :attr:`events` counts the events written.
    """

    def __init__(self, problem: Any | None, stream: TextIO, *, max_events: int | None = None,
                 header: dict[str, Any] | None = None) -> None:
        if problem is None:
            self._key = self._render = self._action = _no_problem
        else:
            self._key = Capabilities.of(problem).key_of
            self._render = getattr(problem, "render", None) or str
            self._action = getattr(problem, "format_action", None) or str
        self._write = stream.write
        self._ids: dict[Hashable, int] = {}
        self.max_events = max_events
        self.events = 0
        self._line({"kind": "trace", "format": FORMAT, **(header or {})})

    def __call__(self, event: Event) -> None:
        if self.max_events is not None and self.events >= self.max_events \
                and event.kind not in ("solution", "end"):
            plural = "s" * (self.max_events != 1)
            raise BudgetExhausted(f"the trace's limit of {self.max_events:,} event{plural} was "
                                  "reached")
        kind = event.kind
        record: dict[str, Any]
        if isinstance(event, Expand):
            record = {"kind": kind, "state": self._id(event.state), "g": event.g,
                      "h": _number(event.h), "depth": event.depth, "f": _number(event.f),
                      "frontier": event.frontier}
        elif isinstance(event, Generate):
            record = {"kind": kind, "parent": self._id(event.parent),
                      "action": self._action(event.action), "child": self._id(event.child),
                      "cost": event.cost, "g": event.g, "h": _number(event.h),
                      "fate": event.fate}
        elif isinstance(event, Bound):
            record = {"kind": kind, "bound": _number(event.bound), "iteration": event.iteration}
        elif isinstance(event, Start):
            record = {"kind": kind, "state": self._id(event.state), "strategy": event.strategy}
        elif isinstance(event, Solution):
            record = {"kind": kind, "actions": [self._action(a) for a in event.actions],
                      "states": [self._id(s) for s in event.states], "cost": event.cost}
        else:
            result = event.result
            record = {"kind": kind, "status": result.status, "reason": result.reason,
                      "cost": _number(result.cost), "stats": result.stats.as_dict()}
        if getattr(event, "backward", False):
            record["backward"] = True
        self._line(record)
        self.events += 1

    def _id(self, state: Any) -> int:
        key = self._key(state)
        known = self._ids.get(key)
        if known is not None:
            return known
        new = self._ids[key] = len(self._ids)
        self._line({"kind": "state", "id": new, "key": _jsonable(key),
                    "text": str(self._render(state))})
        return new

    def _line(self, record: dict[str, Any]) -> None:
        self._write(json.dumps(record, ensure_ascii=False, separators=(",", ":"),
                               default=json_number) + "\n")


def read_trace(lines: Iterable[str], name: str) -> Iterator[dict[str, Any]]:
    """The records of the trace whose lines are ``lines``, read from ``name`` (for messages).

    Raises :class:`TraceError` naming ``name`` and the line for text that is not JSON, a record
    without a ``kind``, a first record that is not a ``searchkit-trace/1`` header, a second
    header or a record after the ``end`` record (two traces in one file), or an ``expand``
    record's ``frontier`` or a ``bound`` record's ``bound`` that is not a number.
    """
    headed = ended = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TraceError(f"{name}:{number}: not JSON: {exc.msg}") from None
        except RecursionError:
            raise TraceError(f"{name}:{number}: not a trace record: nested too deeply") from None
        if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
            raise TraceError(f"{name}:{number}: a trace record is a JSON object with a 'kind'")
        kind = record["kind"]
        if not headed and (kind != "trace" or record.get("format") != FORMAT):
            raise TraceError(f"{name}:{number}: not a searchkit trace (its first record must be "
                             f"the header {{\"kind\": \"trace\", \"format\": \"{FORMAT}\", ...}})")
        if ended or (headed and kind == "trace"):
            what = "a second header" if kind == "trace" else "a record after the end record"
            raise TraceError(f"{name}:{number}: {what}: a file holds one trace")
        for field, allowed in _NUMBERS.get(kind, ()):
            value = record.get(field)
            if not (value is None and allowed) and (isinstance(value, bool) or
                                                    not isinstance(value, (int, float))):
                raise TraceError(f"{name}:{number}: the {kind} record's {field!r} must be a "
                                 f"number, not {excerpt(value)}")
        headed, ended = True, kind == "end"
        yield record
    if not headed:
        raise TraceError(f"{name}: empty: not a searchkit trace")


def json_number(value: Any) -> int | float | None:
    """A number type JSON does not know (NumPy's ``int64``, ``float32``...) as a Python ``int``
    or ``float`` (``None`` for an infinite or NaN one): ``json.dumps``'s ``default``.

    >>> import fractions
    >>> json.dumps([fractions.Fraction(1, 2)], default=json_number)
    '[0.5]'
    """
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return _number(float(value))
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


#: the number fields of records that readers use, by kind: (field, whether null is allowed)
_NUMBERS = {"expand": (("frontier", False),), "bound": (("bound", True),)}


def _no_problem(value: Any) -> Any:
    """What a trace without a problem has for its states and actions: none to write."""
    raise SearchkitError("a trace without a problem writes no states or actions (only the end)")


def _number(value: float | None) -> float | None:
    """``value``, or ``None`` for an infinite or NaN float (JSON has neither)."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _jsonable(key: Any) -> Any:
    """``key`` as JSON when it is made of numbers, strings and tuples of them, else its str."""
    try:
        return _plain(key)
    except TypeError:
        return str(key)


def _plain(key: Any) -> Any:
    if key is None or isinstance(key, (bool, int, str)):
        return key
    if isinstance(key, float):
        return _number(key)
    if isinstance(key, (tuple, list)):
        return [_plain(k) for k in key]
    raise TypeError(f"{type(key).__name__} is not plain JSON")
