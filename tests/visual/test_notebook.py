"""docs/examples/visualise.ipynb and observe.ipynb: valid notebook JSON whose cells run in
order, each last value displaying itself the way Jupyter would show it (``_repr_html_`` or
``_repr_svg_``, else its ``repr``)."""

from __future__ import annotations

import ast
import json
import xml.etree.ElementTree as ET
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run_notebook(name: str) -> list[tuple[str, str]]:
    """Run the notebook's code cells in order: ``(type, display)`` of each cell's last value."""
    notebook = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
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
        rich = getattr(value, "_repr_html_", None) or getattr(value, "_repr_svg_", None)
        shown.append((type(value).__name__, rich() if rich else repr(value)))
    return shown


def test_the_example_notebook_runs_and_every_cell_displays_something():
    shown = run_notebook("visualise.ipynb")
    kinds = [kind for kind, _ in shown]
    assert kinds == ["Drawing", "Result", "Strip", "Viewer", "Strip"]
    ET.fromstring(shown[0][1])  # the drawing is an SVG document
    assert shown[2][1].count("<svg") == 12 and "more …" in shown[2][1]
    assert shown[3][1].startswith("<iframe srcdoc=")
    assert 'data-box="on-goal"' in shown[4][1]


def test_the_step_through_notebook_runs():
    shown = run_notebook("observe.ipynb")
    assert [kind for kind, _ in shown] == ["Start", "Drawing", "Drawing", "list", "Result",
                                           "tuple", "Viewer"]
    fates = ast.literal_eval(shown[3][1])
    assert fates and all(fate in ("new", "duplicate", "improved") for _move, fate, _f in fates)
    assert "solved" in shown[4][1]
    nodes, edges, plan = ast.literal_eval(shown[5][1])
    assert nodes > plan == 9 and edges >= nodes - 1
    assert shown[6][1].startswith("<iframe srcdoc=") and "bound 8" in shown[6][1]
