"""docs/examples/visualise.ipynb: valid notebook JSON whose cells run in order, each last
value displaying itself the way Jupyter would show it (``_repr_html_`` or ``_repr_svg_``)."""

from __future__ import annotations

import ast
import json
import xml.etree.ElementTree as ET
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "examples" / "visualise.ipynb"


def test_the_example_notebook_runs_and_every_cell_displays_something():
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert notebook["nbformat"] == 4
    cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert all(cell["outputs"] == [] for cell in cells)  # shipped without outputs: small
    namespace: dict = {}
    shown = []
    for cell in cells:
        tree = ast.parse("".join(cell["source"]))
        *body, last = tree.body
        assert isinstance(last, ast.Expr), "each cell ends with a value to display"
        exec(compile(ast.Module(body, []), "<cell>", "exec"), namespace)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        rich = getattr(value, "_repr_html_", None) or value._repr_svg_
        shown.append((type(value).__name__, rich()))
    kinds = [kind for kind, _ in shown]
    assert kinds == ["Drawing", "Result", "Strip", "Viewer", "Strip"]
    ET.fromstring(shown[0][1])  # the drawing is an SVG document
    assert shown[2][1].count("<svg") == 12 and "more …" in shown[2][1]
    assert shown[3][1].startswith("<iframe srcdoc=")
    assert 'data-box="on-goal"' in shown[4][1]
