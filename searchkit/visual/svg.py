"""Plain SVG pictures of states: small helpers for plugins, the text fallback, and
:func:`render_svg`, which every visual tool calls.

A problem may define ``render_svg(state) -> str``, returning one complete ``<svg>`` document:
plain SVG 1.1 that is valid XML, with no external assets (no images, fonts or style sheets to
fetch), no scripts and no ``id`` attributes (many boards share one page). Problems without it
are drawn by :func:`text_svg` from their text ``render(state)``.

The viewer stores a plan compactly by pooling the *top-level children* of the ``<svg>``
element across all states (see :mod:`searchkit.visual.frames`). So draw the parts that never
change as one top-level element (a ``<g>``), then one top-level element per moving piece, each
written the same way every time it is in the same place: a 500-step plan then costs a few
bytes per step.

>>> print(document(20, 10, [tag("rect", width=20, height=10, fill="#eee")]))
... # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10"><rect
width="20" height="10" fill="#eee"/></svg>
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = ["SVG_NS", "attributes", "tag", "text", "document", "text_svg", "render_svg", "num"]

SVG_NS = "http://www.w3.org/2000/svg"

#: Fonts every system has some version of; no web font is ever fetched.
SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
MONO = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"


def num(value: float) -> str:
    """A coordinate written compactly: integers without a decimal point, others to 2 places.

    >>> num(3), num(2.0), num(1.255), num(-0.5)
    ('3', '2', '1.25', '-0.5')
    """
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def attributes(attrs: dict[str, Any]) -> str:
    """XML attributes from keyword-style names: ``class_`` -> ``class``, ``stroke_width`` ->
    ``stroke-width``, ``data_tile`` -> ``data-tile``; ``None`` values are left out, numbers
    written by :func:`num`, strings escaped.

    >>> attributes({"class_": "tile", "stroke_width": 1.5, "data_tile": "<5>", "fill": None})
    ' class="tile" stroke-width="1.5" data-tile="&lt;5&gt;"'
    """
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        shown = num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
            else str(value)
        parts.append(f" {name}={quoteattr(shown)}")
    return "".join(parts)


def tag(name: str, content: str | Iterable[str] | None = None, **attrs: Any) -> str:
    """One element: ``content`` is markup (a string or strings, already escaped); ``None``
    makes an empty element.

    >>> tag("g", [tag("circle", r=2)], fill="red")
    '<g fill="red"><circle r="2"/></g>'
    """
    if content is None:
        return f"<{name}{attributes(attrs)}/>"
    inner = content if isinstance(content, str) else "".join(content)
    return f"<{name}{attributes(attrs)}>{inner}</{name}>"


def text(content: str, x: float, y: float, **attrs: Any) -> str:
    """A ``<text>`` element holding ``content`` (escaped here).

    >>> text("a<b", 1, 2, font_size=10)
    '<text x="1" y="2" font-size="10">a&lt;b</text>'
    """
    return tag("text", escape(content), x=x, y=y, **attrs)


def document(width: float, height: float, body: Iterable[str], **attrs: Any) -> str:
    """A complete ``<svg>`` document of ``width`` x ``height`` user units (also its default size
    in pixels) holding the elements ``body``."""
    head = attributes({"xmlns": SVG_NS, "viewBox": f"0 0 {num(width)} {num(height)}",
                       "width": width, "height": height, **attrs})
    return f"<svg{head}>{''.join(body)}</svg>"


#: a terminal's colour and style codes (``\x1b[1m``...), which a text rendering may hold
_TERMINAL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
#: characters XML 1.0 does not allow in a document
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def text_svg(picture: str, font_size: float = 14) -> str:
    """The text ``picture`` drawn in a monospace font, one ``<text>`` per line: the fallback
    for problems without ``render_svg``. Spaces are kept (as no-break spaces), a terminal's
    colour codes dropped, and other control characters drawn as ``\ufffd``.

    >>> print(text_svg("ab\\n c", font_size=10))  # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 40" width="28" height="40"><rect
    width="28" height="40" rx="4" fill="#f8fafc"/><g font-family="'DejaVu Sans Mono', Menlo,
    Consolas, 'Liberation Mono', monospace" font-size="10" fill="#0f172a"><text x="8"
    y="18">ab</text><text x="8" y="30">\u00a0c</text></g></svg>
    """
    lines = _TERMINAL.sub("", picture).split("\n") or [""]
    pad, step = font_size * 0.8, font_size * 1.2
    width = 2 * pad + font_size * 0.6 * max(1, max(len(line) for line in lines))
    height = 2 * pad + step * len(lines)
    rows = [text(_NOT_XML.sub("\ufffd", line.replace(" ", "\u00a0")), pad,
                 pad + font_size + i * step) for i, line in enumerate(lines)]
    return document(round(width), round(height), [
        tag("rect", width=round(width), height=round(height), rx=4, fill="#f8fafc"),
        tag("g", rows, font_family=MONO, font_size=font_size, fill="#0f172a"),
    ])


def render_svg(problem: Any, state: Any) -> str:
    """``state`` drawn as SVG: the problem's own ``render_svg`` if it has one, else its text
    ``render`` (or ``str``) through :func:`text_svg`.

    >>> from searchkit import GraphProblem
    >>> render_svg(GraphProblem({"a": {"b": 1}}, "a", {"b"}), "a").startswith("<svg")
    True
    """
    draw = getattr(problem, "render_svg", None)
    if callable(draw):
        return draw(state)
    render = getattr(problem, "render", str)
    return text_svg(render(state))
