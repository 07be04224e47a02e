"""A saved plan: what ``searchkit view --plan FILE`` reads.

A *plan record* is one JSON object. ``searchkit solve --json`` writes one; a row of a batch
results store is one too (its ``options``, ``plan`` and ``stats`` columns hold JSON text, which
is accepted in place of the values). Fields:

``puzzle``
    The puzzle's name (may be given on the command line instead).
``instance``, ``source``
    The instance: an example's name (``source`` ``"example"``) or a file's path (``"file"``;
    a relative path is looked up from the current folder, then from the record's folder).
    Without ``source``, an example of that name is taken if there is one, else the file.
``options``
    The puzzle options the plan was found with (an object, or its JSON text).
``actions`` (or ``plan``)
    The moves in the puzzle's notation, as ``format_action`` writes them (a list of strings, or
    its JSON text); ``null`` or missing when there is no plan.
``strategy``, ``status``, ``reason``, ``cost``, ``stats``
    Optional facts of the run, shown by the viewer; a ``cost`` that differs from the replayed
    plan's cost is an error (the plan was found under other options).

>>> r = parse_record('{"puzzle": "nstar", "instance": "1-42", "plan": "[\\\\"x2\\\\"]"}', "p.json")
>>> r.puzzle, r.moves, r.options
('nstar', ['x2'], {})
>>> parse_record('[1]', "p.json")
Traceback (most recent call last):
...
searchkit.visual.record.RecordError: p.json: a plan record is a JSON object, not a list
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from searchkit.errors import SearchkitError

__all__ = ["PlanRecord", "RecordError", "parse_record", "record_from"]


class RecordError(SearchkitError, ValueError):
    """A plan record that cannot be used; the message names the file and the field."""


@dataclass
class PlanRecord:
    """A parsed plan record (see the module docstring); ``name`` is where it was read from."""

    name: str
    puzzle: str | None = None
    instance: str | None = None
    source: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] | None = None
    strategy: str = ""
    status: str | None = None
    reason: str = ""
    cost: float | None = None
    stats: dict[str, Any] = field(default_factory=dict)


def parse_record(text: str, name: str) -> PlanRecord:
    """The plan record in the JSON ``text`` read from ``name``, or :class:`RecordError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name}:{exc.lineno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise RecordError(f"{name}: not a plan record: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(f"{name}: a plan record is a JSON object, not "
                          f"{_json_type(data)}")
    return record_from(data, name)


def record_from(data: dict[str, Any], name: str) -> PlanRecord:
    """The plan record of the fields ``data`` (a record's JSON object, or what a trace's header,
    solution and end records say) read from ``name``; a field of the wrong type is a
    :class:`RecordError` naming it.

    >>> record_from({"puzzle": "nstar", "status": 5}, "t.jsonl")
    Traceback (most recent call last):
    ...
    searchkit.visual.record.RecordError: t.jsonl: field 'status' must be a string, not a number
    """
    record = PlanRecord(name)
    for key in ("puzzle", "instance", "source", "strategy", "status", "reason"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise RecordError(f"{name}: field {key!r} must be a string, not {_json_type(value)}")
        if value is not None:
            setattr(record, key, value)
    if record.source not in (None, "file", "example", "stdin"):
        raise RecordError(f"{name}: field 'source' must be 'file', 'example' or 'stdin', "
                          f"not {record.source!r}")
    record.options = _field(data, name, "options", dict) or {}
    record.stats = _field(data, name, "stats", dict) or {}
    key = "actions" if "actions" in data else "plan"
    moves = _field(data, name, key, list)
    if moves is not None:
        if not all(isinstance(m, str) for m in moves):
            raise RecordError(f"{name}: field {key!r} must list the moves as strings")
        record.moves = moves
    cost = data.get("cost")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, (int, float))):
        raise RecordError(f"{name}: field 'cost' must be a number, not {_json_type(cost)}")
    record.cost = cost
    return record


def _field(data: dict[str, Any], name: str, key: str, kind: type) -> Any:
    """Field ``key`` of type ``kind`` (given as such or as JSON text), or ``None``."""
    value = data.get(key)
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{name}: field {key!r} holds text that is not JSON: "
                              f"{exc.msg}") from None
    if value is not None and not isinstance(value, kind):
        raise RecordError(f"{name}: field {key!r} must be {_json_type(kind())}, not "
                          f"{_json_type(value)}")
    return value


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), "a number")
