"""The viewer's data without a browser: frames pooled and diffed, replays, page size on long
plans, the embedded document, plan records, and Jupyter display."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import searchkit
from searchkit import GraphProblem, PlanError
from searchkit.visual import Replay, Viewer, draw, render_svg, strip, view_data, viewer_html
from searchkit.visual.frames import InvalidSvgError, decode, encode
from searchkit.visual.record import RecordError, parse_record

from .pages import ROOM, page_data, random_pushes

elements = st.sampled_from(['<rect x="1"/>', '<rect x="2"/>', "<g><circle r='3'/></g>",
                            '<text x="0">a &amp; b</text>', "<path d='M0 0h1'/>"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(elements, max_size=6), min_size=1, max_size=8))
def test_frames_decode_to_the_pictures_they_encode(pictures):
    svgs = [f'<svg xmlns="http://www.w3.org/2000/svg" width="5">{"".join(p)}</svg>'
            for p in pictures]
    frames = encode(svgs)
    assert frames.attrs == {"width": "5"}
    assert len(frames.pool) == len(set(frames.pool))
    for svg, ids in zip(svgs, decode(frames.steps), strict=True):
        body = "".join(frames.pool[i] for i in ids)
        rebuilt = f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>'
        assert [ET.tostring(e) for e in ET.fromstring(rebuilt)] == \
            [ET.tostring(e) for e in ET.fromstring(svg)]


def test_a_bad_picture_is_named():
    with pytest.raises(InvalidSvgError, match="picture 1: not well-formed"):
        encode(['<svg xmlns="http://www.w3.org/2000/svg"/>', "<svg><rect></svg>"])
    with pytest.raises(InvalidSvgError, match="picture 0: the root element is <html>"):
        encode(["<html/>"])


def test_replay_follows_the_puzzles_own_moves():
    puzzle = searchkit.get_puzzle("nstar")
    problem = puzzle.parse("1 42")
    replay = Replay.of_moves(problem, ["x2", "x2", "+1", "x2", "x2", "+1", "x2"])
    assert replay.states == [1, 2, 4, 5, 10, 20, 21, 42]
    assert replay.costs == list(range(8)) and replay.reached_goal
    with pytest.raises(PlanError, match=r"step 2: '\+2' is not a legal move here "
                                        r"\(legal: 'x2', '\+1'\)"):
        Replay.of_moves(problem, ["x2", "+2"])


def test_an_unsolved_result_replays_to_its_start():
    problem = searchkit.get_puzzle("nstar").parse("1 1000")
    result = searchkit.search(problem, "bfs", budget=searchkit.Budget(max_expansions=3))
    assert result.status == "budget_exhausted"
    data = view_data(Replay.of_result(problem, result), status=result.status)
    assert data["moves"] == [] and data["costs"] == [0] and data["status"] == "budget_exhausted"
    assert len(data["svg"]["steps"]) == 1


def test_the_embedded_document_survives_any_text():
    nasty = "</script><!-- & \u00e9"
    g = GraphProblem({"a": {nasty: 1}}, start="a", goals={nasty})
    page = Viewer(g, searchkit.search(g, "bfs"), title=nasty).html
    assert page.count("</script>") == 2  # the data block's and the code's own
    data = page_data(page)
    assert data["moves"] == [nasty] and data["title"] == nasty
    assert data["format"] == "searchkit-view/1" and data["chart"] is None


def test_a_60_move_rush_hour_plan_makes_a_small_page():
    puzzle = searchkit.get_puzzle("rushhour")
    problem = puzzle.parse(puzzle.examples()["hardest"])
    result = searchkit.search(problem, "astar")
    assert result.cost == 60
    page = Viewer(problem, result).html
    full = sum(len(render_svg(problem, s)) for s in result.states)
    assert len(page) < 40_000 and full > 200_000  # the 61 pictures alone would be 200 kB
    data = page_data(page)
    assert len(data["svg"]["pool"]) <= 1 + 13 * 6  # the lot, and each vehicle per position
    assert all(len(step) <= 5 for step in data["svg"]["steps"][1:])  # one vehicle per move


def test_a_500_move_sokoban_plan_makes_a_small_page():
    problem = searchkit.get_puzzle("sokoban").parse(ROOM)
    plan = random_pushes(problem, 250)
    replay = Replay.of_actions(problem, plan)
    assert len(plan) == 250 and replay.costs[-1] >= 500  # 250 pushes, 500+ moves with walks
    page = viewer_html(view_data(replay))
    full = sum(len(render_svg(problem, s)) for s in replay.states)
    assert len(page) < 40_000 and full > 400_000  # a tenth of the pictures' own size
    pictures = decode(page_data(page)["svg"]["steps"])
    assert [len(p) for p in pictures] == [1 + 6 + 1] * 251  # level, six boxes, keeper


def test_plan_records_are_checked_field_by_field():
    with pytest.raises(RecordError, match=r"^p.json:1: not JSON"):
        parse_record("{", "p.json")
    with pytest.raises(RecordError, match="field 'actions' must list the moves as strings"):
        parse_record('{"actions": [1, 2]}', "p.json")
    with pytest.raises(RecordError, match="field 'options' must be an object, not a list"):
        parse_record('{"options": "[1]"}', "p.json")
    with pytest.raises(RecordError, match="field 'plan' holds text that is not JSON"):
        parse_record('{"plan": "x2 +1"}', "p.json")
    with pytest.raises(RecordError, match="field 'cost' must be a number, not a string"):
        parse_record('{"cost": "7"}', "p.json")
    with pytest.raises(RecordError, match="field 'source' must be 'file', 'example' or"):
        parse_record('{"source": "web"}', "p.json")
    row = parse_record('{"puzzle": "nstar", "instance": "1-42", "options": "{\\"prune\\": true}",'
                       ' "plan": "[\\"x2\\"]", "stats": "{\\"expanded\\": 3}", "cost": 1}', "row")
    assert (row.options, row.moves, row.stats, row.cost) == ({"prune": True}, ["x2"],
                                                              {"expanded": 3}, 1)


def test_result_card_strip_and_drawing_for_jupyter():
    puzzle = searchkit.get_puzzle("taquin")
    problem = puzzle.parse(puzzle.examples()["tp-3x3"])
    result = searchkit.search(problem, "astar")
    card = result._repr_html_()
    assert "solved" in card and "<table>" in card and f"{result.stats.expanded:,}" in card
    html = strip(problem, result)._repr_html_()
    assert html.count("<svg") == len(result.states)  # 25 boards: start and 24 moves
    assert html.count("<figcaption>") == 25 and "24. " in html
    ET.fromstring(f"<div>{html.replace('<br>', '<br/>')}</div>")  # well-formed, so it nests
    short = strip(problem, result, max_boards=10)._repr_html_()
    assert short.count("<svg") == 10 and "… 15 more …" in short
    for boards, captions in ((1, ["start"]), (3, ["start", "1. ", "24. "])):  # at most that many
        fewer = strip(problem, result, max_boards=boards)._repr_html_()
        assert fewer.count("<svg") == boards and f"… {25 - boards} more …" in fewer
        assert all(caption in fewer for caption in captions)
    with pytest.raises(ValueError, match="max_boards must be a whole number, 1 or more, not 0"):
        strip(problem, result, max_boards=0)
    assert draw(problem)._repr_svg_() == problem.render_svg(problem.initial())
    frame = Viewer(problem, result)._repr_html_()
    assert frame.startswith("<iframe srcdoc=") and "<script" not in frame  # escaped inside
