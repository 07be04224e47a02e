"""A sequence of SVG pictures stored compactly: a pool of distinct elements and per-step diffs.

Each picture is one ``<svg>`` document. Its top-level children are serialised one by one and
pooled: a child written identically in several pictures (the level's walls, a tile that did
not move) is stored once. A picture is then a list of pool indices, and each picture after
the first is stored as the changes from the one before, ``[length, i, id, i, id, ...]``:
keep the previous list cut (or grown) to ``length`` and set position ``i`` to pool entry
``id``. The first picture is stored the same way, as changes from an empty list.

A 175-push Sokoban plan costs ~10 numbers a step, where the full pictures would be megabytes.
The viewer's JavaScript rebuilds the lists once (:func:`decode` does the same in Python).

>>> svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2"><rect x="{}"/><g/></svg>'
>>> frames = encode([svg.format(0), svg.format(1), svg.format(1)])
>>> frames.attrs, frames.pool
({'width': '2'}, ['<rect x="0" />', '<g />', '<rect x="1" />'])
>>> frames.steps
[[2, 0, 0, 1, 1], [2, 0, 2], [2]]
>>> decode(frames.steps)
[[0, 1], [2, 1], [2, 1]]
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field

from .svg import SVG_NS

__all__ = ["Frames", "encode", "decode", "InvalidSvgError", "parse_svg"]

ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")


class InvalidSvgError(ValueError):
    """A picture that is not one well-formed ``<svg>`` document."""


@dataclass
class Frames:
    """``attrs``: the first picture's ``<svg>`` attributes (``xmlns`` left out), which the
    viewer applies to every step; ``pool``: distinct top-level elements; ``steps``: per
    picture, the changes from the previous one (see the module docstring)."""

    attrs: dict[str, str] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    steps: list[list[int]] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The JSON form embedded in the viewer (``svg`` in docs/visualise.md)."""
        return {"attrs": self.attrs, "pool": self.pool, "steps": self.steps}


def parse_svg(svg: str) -> ET.Element:
    """The ``<svg>`` root of ``svg`` with namespaces stripped from tag names, or
    :class:`InvalidSvgError`."""
    if not isinstance(svg, str):
        raise InvalidSvgError(f"a {type(svg).__name__}, not SVG text")
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as exc:
        raise InvalidSvgError(f"not well-formed XML: {exc}") from None
    if root.tag not in ("svg", f"{{{SVG_NS}}}svg"):
        raise InvalidSvgError(f"the root element is <{root.tag}>, not <svg>")
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith(f"{{{SVG_NS}}}"):
            element.tag = element.tag[len(SVG_NS) + 2:]
    return root


def encode(svgs: Iterable[str]) -> Frames:
    """Pool the top-level elements of the ``<svg>`` documents ``svgs`` and diff them per step."""
    frames = Frames()
    index: dict[str, int] = {}
    previous: list[int] = []
    for number, svg in enumerate(svgs):
        try:
            root = parse_svg(svg)
        except InvalidSvgError as exc:
            raise InvalidSvgError(f"picture {number}: {exc}") from None
        if number == 0:
            frames.attrs = {k: v for k, v in root.attrib.items() if k != "xmlns"}
        current = []
        for child in root:
            child.tail = None
            markup = ET.tostring(child, encoding="unicode")
            if markup not in index:
                index[markup] = len(frames.pool)
                frames.pool.append(markup)
            current.append(index[markup])
        step = [len(current)]
        for i, element in enumerate(current):
            if i >= len(previous) or previous[i] != element:
                step += [i, element]
        frames.steps.append(step)
        previous = current
    return frames


def decode(steps: Iterable[list[int]]) -> list[list[int]]:
    """The pool indices of every picture, from the per-step changes."""
    pictures: list[list[int]] = []
    current: list[int] = []
    for step in steps:
        current = (current + [-1] * step[0])[:step[0]]
        for k in range(1, len(step), 2):
            current[step[k]] = step[k + 1]
        pictures.append(current)
    return pictures
