"""Seeing states and plans: SVG pictures, Jupyter display and the self-contained HTML viewer.

* :func:`render_svg` draws a state with the problem's ``render_svg`` (or its text rendering);
  :mod:`searchkit.visual.svg` has the helpers plugins draw with.
* :func:`draw`, :func:`strip`: a state, or a plan as a strip of small boards, in Jupyter.
* :class:`Viewer` (and :func:`view_data` + :func:`viewer_html`): the HTML page that plays a
  plan, as ``searchkit view`` writes it.

See docs/visualise.md.

>>> from searchkit import GraphProblem, search
>>> g = GraphProblem({"a": {"b": 1}}, start="a", goals={"b"})
>>> Viewer(g, search(g, "bfs")).data["moves"]
['b']
"""

from .frames import Frames, InvalidSvgError
from .notebook import Drawing, Strip, draw, result_html, strip
from .replay import Replay
from .svg import render_svg, text_svg
from .viewer import FORMAT, Viewer, view_data, viewer_html

__all__ = [
    "render_svg", "text_svg", "draw", "strip", "result_html", "Drawing", "Strip", "Viewer",
    "view_data", "viewer_html", "Replay", "Frames", "InvalidSvgError", "FORMAT",
]
