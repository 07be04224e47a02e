"""Text and JSON formatting shared by the commands: numbers, sizes, tables, bars, plans.

Every function here is pure (strings in, strings out) so the commands stay short and the
formatting is tested by doctests.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "count",
    "size",
    "seconds",
    "number",
    "rate",
    "table",
    "bars",
    "wrap_words",
    "to_json",
    "terminal_width",
]


def count(n: int | float) -> str:
    """An integer with thousands separators.

    >>> count(1234567), count(0)
    ('1,234,567', '0')
    """
    return f"{int(n):,}"


def size(nbytes: float) -> str:
    """A byte count with a binary unit, three significant digits.

    >>> size(0), size(900), size(1536), size(45_100_000), size(3 * 2**30)
    ('0 B', '900 B', '1.50 KiB', '43.0 MiB', '3.00 GiB')
    """
    value = float(nbytes)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            break
        value /= 1024
    if unit == "B":
        return f"{int(value)} B"
    if value >= 100:
        return f"{value:.0f} {unit}"
    return f"{value:.1f} {unit}" if value >= 10 else f"{value:.2f} {unit}"


def seconds(s: float) -> str:
    """A duration with three significant digits, in µs, ms or s.

    >>> seconds(0.0000808), seconds(0.0123), seconds(1.5), seconds(75.25)
    ('80.8 µs', '12.3 ms', '1.50 s', '75.2 s')
    """
    if s < 0.001:
        return f"{s * 1e6:.3g} µs"
    if s < 1:
        return f"{s * 1000:.3g} ms"
    return f"{s:.3g} s" if s >= 10 else f"{s:.2f} s"


def rate(per_second: float) -> str:
    """A rate with k/M suffixes.

    >>> rate(950), rate(12_345), rate(2_500_000)
    ('950', '12.3k', '2.50M')
    """
    if per_second < 1000:
        return f"{per_second:.0f}"
    if per_second < 1_000_000:
        return f"{per_second / 1000:.3g}k"
    return f"{per_second / 1_000_000:.3g}M" if per_second >= 1e7 else f"{per_second / 1e6:.2f}M"


def number(value: Any) -> str:
    """A cost or bound: integers without a decimal point, ``-`` for ``None``.

    >>> number(7), number(7.0), number(2.5), number(None), number(math.inf)
    ('7', '7', '2.5', '-', 'inf')
    """
    if value is None:
        return "-"
    if isinstance(value, float):
        if math.isinf(value):
            return "inf"
        if value.is_integer():
            return str(int(value))
        return f"{value:.6g}"
    return str(value)


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], right: Iterable[int] = ()) -> str:
    """A plain-text table; columns whose index is in ``right`` are right-aligned.

    >>> print(table(["name", "n"], [["a", 1], ["bb", 22]], right=[1]))
    name   n
    ----  --
    a      1
    bb    22
    """
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    align = set(right)

    def line(row: Sequence[str]) -> str:
        parts = [c.rjust(w) if i in align else c.ljust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(row) for row in cells[1:]])


def bars(values: Sequence[int], width: int = 40, log: bool = False) -> list[str]:
    """One horizontal bar per value, the largest ``width`` characters long.

    Eighth-block characters give sub-character resolution; a non-zero value always shows at least
    a sliver. With ``log`` the lengths follow ``log(1 + value)``.

    >>> bars([1, 4, 8], width=8)
    ['█', '████', '████████']
    >>> bars([0, 1, 1000], width=4)
    ['', '▏', '████']
    """
    scale = (lambda v: math.log1p(v)) if log else float
    top = max((scale(v) for v in values), default=0) or 1
    blocks = " ▏▎▍▌▋▊▉"
    out = []
    for v in values:
        eighths = round(scale(v) / top * width * 8)
        if v > 0 and eighths == 0:
            eighths = 1
        full, part = divmod(eighths, 8)
        out.append("█" * full + (blocks[part] if part else ""))
    return out


def wrap_words(words: Sequence[str], width: int, indent: str = "", sep: str = " ") -> str:
    """``words`` joined by ``sep`` and wrapped at ``width``, later lines indented by ``indent``.

    The first line is meant to follow a label as long as ``indent`` (``"plan      "``), so every
    line holds at most ``width - len(indent)`` characters. A word is never split.

    >>> print("> " + wrap_words(["up", "down", "left", "right"], 12, "  "))
    > up down
      left right
    >>> print(wrap_words(["expanded 27", "generated 40"], 20, "", " · "))
    expanded 27 ·
    generated 40
    """
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current}{sep}{word}" if current else word
        limit = width - len(indent)
        if current and len(candidate) > limit:
            lines.append(current + sep.rstrip())
            current = word
        else:
            current = candidate
    lines.append(current)
    return ("\n" + indent).join(lines)


def terminal_width(default: int = 100) -> int:
    """The terminal's width (``COLUMNS`` when set), or ``default`` when not a terminal."""
    return shutil.get_terminal_size((default, 24)).columns


def _plain(value: Any) -> Any:
    """``value`` with non-finite floats as ``None`` and unknown objects as strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def to_json(obj: Any) -> str:
    """Strict JSON (infinities become ``null``; other objects their ``str``), keys in order.

    >>> to_json({"cost": 3.0, "bound": math.inf, "actions": ("x2", "+1")})
    '{"cost": 3.0, "bound": null, "actions": ["x2", "+1"]}'
    """
    return json.dumps(_plain(obj), allow_nan=False, ensure_ascii=False)
