"""SVG pictures: valid XML for every state along a plan of every built-in example, nothing to
fetch, and each puzzle's picture showing what its text rendering shows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import searchkit
from searchkit import GraphProblem
from searchkit.visual import Replay, render_svg, text_svg

from .boards import read_board, text_board

NS = "{http://www.w3.org/2000/svg}"
BUILT_IN = ["nstar", "rushhour", "sokoban", "taquin"]


def examples():
    return [pytest.param(puzzle, text, id=f"{name}-{example}")
            for name in BUILT_IN for puzzle in [searchkit.get_puzzle(name)]
            for example, text in puzzle.examples().items()]


def plan_states(problem, max_expansions=20_000):
    """The states along a plan (the start alone when none is found quickly)."""
    result = searchkit.search(problem, "astar",
                              budget=searchkit.Budget(max_expansions=max_expansions))
    return Replay.of_result(problem, result).states


def check_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == f"{NS}svg"
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox"))
    for element in root.iter():
        assert element.tag.startswith(NS), element.tag  # plain SVG, nothing foreign
        assert element.tag not in (f"{NS}script", f"{NS}image", f"{NS}foreignObject")
        assert "id" not in element.attrib  # many boards share one page
        for name, value in element.attrib.items():
            assert "href" not in name and "url(" not in value, (name, value)
    return root


@pytest.mark.parametrize("puzzle, text", examples())
def test_every_state_of_every_example_is_valid_svg(puzzle, text):
    problem = puzzle.parse(text)
    for state in plan_states(problem):
        check_svg(problem.render_svg(state))


def test_the_fallback_draws_the_text_rendering():
    g = GraphProblem({"a&b": {"<c>": 1}}, start="a&b", goals={"<c>"})
    root = check_svg(render_svg(g, "a&b"))
    assert [t.text for t in root.iter(f"{NS}text")] == ["a&b"]
    lines = [t.text for t in check_svg(text_svg("#  #\n $ .")).iter(f"{NS}text")]
    assert lines == ["#\u00a0\u00a0#", "\u00a0$\u00a0."]  # spaces kept
    coloured = text_svg("\x1b[1;31mX\x1b[0m .\n\x07bell")  # a terminal's codes, a control
    assert [t.text for t in check_svg(coloured).iter(f"{NS}text")] == ["X\u00a0.", "\ufffdbell"]


def test_a_problem_without_render_is_drawn_with_str():
    class Bare:
        def initial(self): return (1, 2)
        def successors(self, s): return []
        def is_goal(self, s): return True
    root = check_svg(render_svg(Bare(), (1, 2)))
    assert [t.text for t in root.iter(f"{NS}text")] == ["(1,\u00a02)"]


@pytest.mark.parametrize("name, example", [
    ("taquin", "hardest-3x3"), ("taquin", "tp-3x3"), ("rushhour", "td"),
    ("rushhour", "hardest"), ("sokoban", "two-boxes"), ("sokoban", "three"),
    ("sokoban", "turn"), ("nstar", "1-100")])
def test_the_picture_shows_what_the_text_says(name, example):
    puzzle = searchkit.get_puzzle(name)
    problem = puzzle.parse(puzzle.examples()[example])
    states = plan_states(problem)
    assert problem.is_goal(states[-1])
    for state in states:
        root = check_svg(problem.render_svg(state))
        assert read_board(name, problem, root) == text_board(name, problem, state)


def test_taquin_shades_exactly_the_tiles_at_home():
    from searchkit_taquin.svg import TILE, TILE_HOME
    problem = searchkit.get_puzzle("taquin").parse("87 135462")

    def homes(state):
        fills = [r.get("fill") for r in ET.fromstring(problem.render_svg(state)).iter(f"{NS}rect")]
        return fills.count(TILE_HOME), fills.count(TILE)

    assert homes(problem.goal_states()[0]) == (8, 0)
    tokens = problem.tokens(problem.initial())
    goal = problem.tokens(problem.goal_states()[0])
    at_home = sum(t == g != "_" for t, g in zip(tokens, goal, strict=True))
    assert homes(problem.initial()) == (at_home, 8 - at_home)


def test_rushhour_walls_are_drawn():
    puzzle = searchkit.get_puzzle("rushhour")
    problem = puzzle.parse(puzzle.examples()["hardest"])
    assert problem.board.walls
    level = ET.fromstring(problem.render_svg(problem.initial()))[0]
    assert level.get("data-part") == "lot"
    wall_rects = [r for r in level.iter(f"{NS}rect") if r.get("fill") == "#495057"]
    assert len(wall_rects) == len(problem.board.walls)


def test_sokoban_box_on_goal_looks_different():
    from searchkit_sokoban import svg
    problem = searchkit.get_puzzle("sokoban").parse("#####\n#@$*.#\n######")
    rects = [r for r in ET.fromstring(problem.render_svg(problem.initial())).iter(f"{NS}rect")
             if r.get("data-box")]
    assert {r.get("data-box"): r.get("fill") for r in rects} == {
        "off-goal": svg.BOX, "on-goal": svg.BOX_HOME}


def test_nstar_marks_the_number_on_a_log_axis():
    problem = searchkit.get_puzzle("nstar").parse("1 1000")
    xs = {}
    for n in (1, 2, 4, 500, 1000):
        root = check_svg(problem.render_svg(n))
        current = root.find(f"{NS}g[@data-n]")
        assert current.get("data-n") == str(n)
        assert f"n = {n}" in "".join(current.itertext())
        xs[n] = float(current.find(f"{NS}circle").get("cx"))
    assert xs[1] < xs[2] < xs[4] < xs[500] < xs[1000]
    assert xs[4] - xs[2] == pytest.approx(xs[2] - xs[1], abs=0.02)  # x2 is one fixed step
    assert xs[1000] - xs[500] == pytest.approx(xs[2] - xs[1], abs=0.02)


def test_sokoban_draws_what_is_sealed_off_from_the_keeper():
    """A box on a goal, a box off goals and an empty goal walled off from the keeper: the level
    cannot be solved, but the picture still shows all three, as the text does."""
    from searchkit_sokoban import svg
    text = "###########\n#@$.#*#$#.#\n###########"
    problem = searchkit.get_puzzle("sokoban").parse(text)
    assert problem.board.unsolvable
    root = check_svg(problem.render_svg(problem.initial()))
    assert read_board("sokoban", problem, root) == text.splitlines()
    goal_marks = [p.get("d").count("z") for p in root.iter(f"{NS}path")
                  if p.get("fill") == svg.GOAL]
    assert goal_marks == [3]
    floor = next(p.get("d") for p in root.iter(f"{NS}path") if p.get("fill") == svg.FLOOR)
    assert f"M{7 * svg.CELL} {svg.CELL}h" in floor  # the sealed box stands on drawn floor


def test_rushhour_labels_the_vehicles_as_the_text_drawing_does():
    """The TD's JSON numbers its vehicles from 0: the target is drawn 'G' in text, and so in
    the picture."""
    puzzle = searchkit.get_puzzle("rushhour")
    problem = puzzle.parse(puzzle.examples()["td"])
    labels = [t.text for t in ET.fromstring(problem.render_svg(problem.initial())).iter(
        f"{NS}text")]
    assert labels == list(problem.board.glyphs) and labels[0] == "G"
    assert "2 | G G" in problem.render(problem.initial())
