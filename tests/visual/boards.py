"""Reading a board back out of its SVG picture, to compare with the puzzle's own text.

:func:`read_board` rebuilds a text grid from what the picture shows (tile labels by position,
vehicle rectangles, box and keeper cells, the marked number); :func:`text_board` takes the
same grid from the puzzle's own ``render`` (or ``tokens``), code that knows nothing of SVG.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

NS = "{http://www.w3.org/2000/svg}"


def read_board(name: str, problem: Any, root: ET.Element) -> list[str]:
    """The board that the ``<svg>`` element ``root`` shows, as text rows."""
    return READERS[name](problem, root)


def text_board(name: str, problem: Any, state: Any) -> list[str]:
    """The board of ``state`` as text rows, from the puzzle's own text rendering."""
    if name == "taquin":
        return problem.tokens(state)
    if name == "rushhour":
        return [line.split("|")[1].replace(" ", "") for line in
                problem.render(state).splitlines()[2:-1]]
    return problem.render(state).splitlines()


def _taquin(problem: Any, root: ET.Element) -> list[str]:
    from searchkit_taquin import svg
    shown = ["_"] * (problem.height * problem.width)
    for tile in root.iter(f"{NS}g"):
        rect, label = tile.find(f"{NS}rect"), tile.find(f"{NS}text").text
        assert tile.get("data-tile") == label
        col = int(float(rect.get("x")) - svg.PAD) // svg.CELL
        row = int(float(rect.get("y")) - svg.PAD) // svg.CELL
        shown[row * problem.width + col] = label
    return shown


def _rushhour(problem: Any, root: ET.Element) -> list[str]:
    from searchkit_rushhour import svg
    board = problem.board
    m = board.size
    shown = [["." for _ in range(m)] for _ in range(m)]
    for r, c in board.walls:
        shown[r][c] = "x"
    cars = [g for g in root.iter(f"{NS}g") if g.get("data-vehicle")]
    assert len(cars) == len(board.vehicles)
    for i, car in enumerate(cars):
        rect = car.find(f"{NS}rect")
        assert (rect.get("fill") == svg.TARGET_COLOUR) == (i == 0)  # the target car is red
        x0 = round((float(rect.get("x")) - svg.PAD) / svg.CELL)
        y0 = round((float(rect.get("y")) - svg.PAD) / svg.CELL)
        for r in range(y0, y0 + round(float(rect.get("height")) / svg.CELL)):
            for c in range(x0, x0 + round(float(rect.get("width")) / svg.CELL)):
                shown[r][c] = board.glyphs[i]
    return ["".join(row) for row in shown]


def _sokoban(problem: Any, root: ET.Element) -> list[str]:
    """The XSB picture: the level's static part from the text of the start, boxes and keeper
    from the SVG."""
    from searchkit_sokoban import svg
    start = problem.render(problem.initial())
    grid = [list(line.replace("$", " ").replace("@", " ").replace("*", ".").replace("+", "."))
            for line in start.splitlines()]
    for rect in root.iter(f"{NS}rect"):
        if rect.get("data-box") and rect.get("fill") in (svg.BOX, svg.BOX_HOME):
            r, c = int(rect.get("y")) // svg.CELL, int(rect.get("x")) // svg.CELL
            on_goal = grid[r][c] == "."
            assert rect.get("fill") == (svg.BOX_HOME if on_goal else svg.BOX)  # distinct
            grid[r][c] = "*" if on_goal else "$"
    keepers = [c for c in root.iter(f"{NS}circle") if c.get("data-keeper") is not None]
    assert len(keepers) == 1
    r = int(float(keepers[0].get("cy"))) // svg.CELL
    c = int(float(keepers[0].get("cx"))) // svg.CELL
    grid[r][c] = "+" if grid[r][c] == "." else "@"
    return ["".join(row).rstrip() for row in grid]


def _nstar(problem: Any, root: ET.Element) -> list[str]:
    marks = [g for g in root.iter(f"{NS}g") if g.get("data-n")]
    assert len(marks) == 1
    assert f"n = {marks[0].get('data-n')}" in "".join(marks[0].itertext())
    return [marks[0].get("data-n")]


READERS = {"taquin": _taquin, "rushhour": _rushhour, "sokoban": _sokoban, "nstar": _nstar}
