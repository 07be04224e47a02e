"""The viewer in a real headless Chromium: pages written by ``searchkit view`` are driven with
the buttons, the slider and the keyboard, and after every action the board shown is read
back from the DOM and compared with the puzzle's own state after that many actions.

One browser serves every test (the session fixture in conftest.py); set
``SEARCHKIT_SCREENSHOTS=DIR`` to keep the screenshots (docs/images/ holds the ones shown in
docs/visualise.md).
"""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import searchkit
from searchkit.cli import main
from searchkit.visual import Replay, Viewer, render_svg, view_data, viewer_html

from .boards import read_board, text_board
from .pages import ROOM, page_data, random_pushes

CASES = [("rushhour", "hardest"), ("taquin", "tp-3x3"), ("sokoban", "three"),
         ("nstar", "1-1000")]


def canonical(element: ET.Element) -> tuple[Any, ...]:
    """An element as comparable data: tag, attributes, text, children."""
    return (element.tag.split("}")[-1], sorted(element.attrib.items()),
            (element.text or "").strip(), [canonical(child) for child in element])


class Page:
    """The viewer page open in ``driver``."""

    def __init__(self, driver: Any, path: Path) -> None:
        self.driver = driver
        driver.get(path.as_uri())
        self.driver.get_log("browser")  # start with an empty console log

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def click(self, button: str) -> None:
        self.driver.find_element("id", button).click()

    def key(self, key: str, target: str = "body") -> None:
        self.driver.find_element("css selector", target).send_keys(key)

    def board(self) -> ET.Element:
        """The ``<svg>`` shown, as the browser serialises it."""
        return ET.fromstring(self.js(
            "return new XMLSerializer().serializeToString(document.getElementById('board'))"))

    def state(self) -> dict[str, Any]:
        return self.js("""
            const current = document.querySelector('#moves li.current');
            return {step: Number(document.body.dataset.step),
                    slider: Number(document.getElementById('slider').value),
                    cost: document.getElementById('cost').textContent,
                    current: current && current.textContent,
                    playing: document.body.classList.contains('playing')};""")

    def errors(self) -> list[str]:
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE"]

    def screenshot(self, tmp_path: Path, name: str) -> Path:
        path = tmp_path / f"{name}.png"
        assert self.driver.save_screenshot(str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5_000
        keep = os.environ.get("SEARCHKIT_SCREENSHOTS")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            _small_png(path, Path(keep) / path.name)
        return path


def _small_png(source: Path, target: Path) -> None:
    """A copy of a screenshot in 64 colours when Pillow is there (a third of the size)."""
    try:
        from PIL import Image
    except ImportError:
        shutil.copy(source, target)
        return
    with Image.open(source) as image:
        image.convert("RGB").quantize(colors=64).save(target, optimize=True)


def expect(page: Page, name: str, replay: Replay, k: int) -> None:
    """The page shows step ``k``: the board of the puzzle's own state after ``k`` actions."""
    problem, state = replay.problem, replay.states[k]
    shown = page.board()
    assert read_board(name, problem, shown) == text_board(name, problem, state)
    assert [canonical(e) for e in shown] == \
        [canonical(e) for e in ET.fromstring(render_svg(problem, state))]
    last = len(replay.moves)
    facts = page.state()
    assert facts["step"] == facts["slider"] == k
    assert facts["cost"] == f"cost {replay.costs[k]:,} of {replay.costs[last]:,}"
    assert facts["current"] == (f"{k}{replay.moves[k - 1]}" if k else None)


@pytest.mark.parametrize("name, example", CASES)
def test_next_back_slider_keys_and_play_show_the_puzzles_own_states(
        browser, tmp_path, capsys, name, example):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    path = tmp_path / f"{name}.html"
    assert main(["view", name, "--example", example, "--out", str(path)]) == 0
    capsys.readouterr()
    puzzle = searchkit.get_puzzle(name)
    problem = puzzle.parse(puzzle.examples()[example])
    replay = Replay.of_moves(problem, page_data(path.read_text(encoding="utf-8"))["moves"])
    last = len(replay.moves)
    assert last >= 8 and replay.reached_goal

    page = Page(browser, path)
    expect(page, name, replay, 0)
    for k in range(1, 5):  # "next" k times
        page.click("next")
        expect(page, name, replay, k)
    page.click("back")
    expect(page, name, replay, 3)
    page.key(Keys.ARROW_RIGHT * 2, "#slider")  # the slider, by keyboard
    expect(page, name, replay, 5)
    page.js("const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", last - 2)  # dragged
    expect(page, name, replay, last - 2)
    page.key(Keys.ARROW_LEFT)  # the page's own keys
    expect(page, name, replay, last - 3)
    page.click("last")
    expect(page, name, replay, last)
    assert problem.is_goal(replay.states[last])
    page.driver.find_element("css selector", f'#moves li[data-step="{last // 2}"]').click()
    expect(page, name, replay, last // 2)
    page.screenshot(tmp_path, f"viewer-{name}")

    page.key(Keys.HOME)
    expect(page, name, replay, 0)
    Select(page.driver.find_element("id", "speed")).select_by_value("20")
    page.click("play")
    assert page.state()["playing"]
    WebDriverWait(page.driver, 20).until(lambda d: not page.state()["playing"])
    expect(page, name, replay, last)
    assert page.errors() == []


def test_a_500_move_sokoban_plan_plays_to_its_end(browser, tmp_path):
    from selenium.webdriver.common.keys import Keys

    problem = searchkit.get_puzzle("sokoban").parse(ROOM)
    replay = Replay.of_actions(problem, random_pushes(problem, 250))
    path = tmp_path / "long.html"
    path.write_text(viewer_html(view_data(replay)), encoding="utf-8")
    page = Page(browser, path)
    for k in range(1, 4):
        page.key(Keys.ARROW_RIGHT)
        expect(page, "sokoban", replay, k)
    page.js("for (let k = 0; k < 200; k++) document.getElementById('next').click();")
    expect(page, "sokoban", replay, 203)
    page.key(Keys.END)
    expect(page, "sokoban", replay, 250)
    page.click("next")  # at the end, "next" stays there
    expect(page, "sokoban", replay, 250)
    assert page.errors() == []


def test_the_chart_slot_draws_the_series_it_is_given(browser, tmp_path):
    g = searchkit.GraphProblem({"a": {"b": 1}}, start="a", goals={"b"})
    chart = {"title": "Frontier and expansions", "x_label": "expansions",
             "series": [{"name": "frontier", "points": [[0, 1], [10, 40], [20, 25]]},
                        {"name": "visited", "points": [[0, 1], [10, 50], [20, 90]]}],
             "marks": [{"x": 8, "label": "bound 3"}, {"x": 15, "label": "bound 4"}]}
    path = tmp_path / "chart.html"
    Viewer(g, searchkit.search(g, "bfs"), chart=chart).save(str(path))
    page = Page(browser, path)
    drawn = page.js("""const c = document.getElementById('chart');
        return {hidden: c.hidden, title: document.getElementById('chart-title').textContent,
                series: [...c.querySelectorAll('.chart-series')].map(p => p.dataset.name),
                points: [...c.querySelectorAll('.chart-series')].map(
                    p => p.getAttribute('points').split(' ').length),
                marks: c.querySelectorAll('.chart-mark').length};""")
    assert drawn == {"hidden": False, "title": "Frontier and expansions",
                     "series": ["frontier", "visited"], "points": [3, 3], "marks": 2}
    path = tmp_path / "nochart.html"
    Viewer(g, searchkit.search(g, "bfs")).save(str(path))
    page = Page(browser, path)
    assert page.js("return document.getElementById('chart').hidden") is True
    assert page.errors() == []


def notebook_output(browser: Any, tmp_path: Path, name: str, example: str,
                    display: Any) -> tuple[Page, Any, Any]:
    """A page holding what Jupyter shows for ``display(problem, result)`` (its HTML)."""
    puzzle = searchkit.get_puzzle(name)
    problem = puzzle.parse(puzzle.examples()[example])
    result = searchkit.search(problem, "astar")
    path = tmp_path / "output.html"
    path.write_text("<!DOCTYPE html><meta charset='utf-8'><body style='margin:16px'>"
                    + display(problem, result)._repr_html_(), encoding="utf-8")
    return Page(browser, path), problem, result


def test_the_notebook_strip_shows_small_boards(browser, tmp_path):
    from searchkit.visual import strip

    page, _, result = notebook_output(browser, tmp_path, "taquin", "tp-3x3",
                                      lambda p, r: strip(p, r, max_boards=12))
    widths = page.js("return [...document.querySelectorAll('.searchkit-strip svg')]"
                     ".map(s => Math.round(s.getBoundingClientRect().width))")
    assert widths == [120] * 12
    rows = page.js("return document.querySelectorAll('.searchkit-card table tr').length")
    assert rows == len(result.stats.as_dict())
    page.screenshot(tmp_path, "notebook-strip")
    assert page.errors() == []


def test_the_inline_viewer_plays_inside_its_sandboxed_frame(browser, tmp_path):
    page, problem, result = notebook_output(browser, tmp_path, "nstar", "1-42", Viewer)
    page.driver.switch_to.frame(page.driver.find_element("tag name", "iframe"))
    try:
        for _ in range(3):
            page.click("next")
        expect(page, "nstar", Replay.of_result(problem, result), 3)
    finally:
        page.driver.switch_to.default_content()
    assert page.errors() == []
