"""``searchkit trace`` and the chart options of ``searchkit view`` (``--trace``,
``--trace-file``), run in-process; the chart drawn in a browser is checked in test_browser.py."""

from __future__ import annotations

import json
from pathlib import Path

import searchkit
from searchkit.trace import read_trace

from .pages import page_data
from .test_view_cli import one_error, run


def records_of(text: str) -> list[dict]:
    return list(read_trace(text.splitlines(), "trace"))


def test_trace_writes_the_first_example_to_its_default_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "trace", "nstar", "-s", "bfs")
    first = next(iter(searchkit.get_puzzle("nstar").examples()))
    target = Path(f"nstar-{first}.trace.jsonl")
    assert status == 0 and err == "" and out.startswith(f"wrote {target}: ")
    records = records_of(target.read_text())
    assert records[0]["puzzle"] == "nstar" and records[0]["instance"] == first
    end = records[-1]
    assert end["status"] == "solved" and out.rstrip().endswith(f"cost {end['cost']}")
    assert sum(r["kind"] == "expand" for r in records) == end["stats"]["expanded"]


def test_trace_to_standard_output_with_an_event_limit(capsys):
    status, out, err = run(capsys, "trace", "taquin", "-e", "tp-3x3", "-s", "bfs",
                           "--max-events", "300", "--out", "-")
    records = records_of(out)
    events = [r for r in records[1:] if r["kind"] != "state"]
    assert status == 1 and len(events) == 301 and events[-1]["kind"] == "end"
    assert events[-1]["status"] == "budget_exhausted"
    assert err == ("wrote the trace: 301 events; budget exhausted: the trace's limit of 300 "
                   "events was reached\n")


def test_trace_errors_are_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert one_error(capsys, "trace", "nstar", "--out", str(tmp_path / "no" / "t.jsonl")) \
        .endswith("t.jsonl: No such file or directory")
    for value in ("-1", "0"):  # 0 events: not even the search's start would be written
        assert one_error(capsys, "trace", "nstar", "--max-events", value) == (
            f"argument --max-events: expected a number >= 1, got '{value}' (see 'searchkit "
            "trace --help')")
    assert one_error(capsys, "trace", "nstar", "-s", "astarr").startswith(
        "unknown strategy 'astarr'")
    kept = tmp_path / "kept.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "bfs", "--out", str(kept))[0] == 0
    before = kept.read_text()
    assert one_error(capsys, "trace", "nstar", "-s", "astar", "--weight", "2", "--out",
                     str(kept)).startswith("unknown option 'weight' for strategy 'astar'")
    assert kept.read_text() == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "kept.jsonl"]  # the trace already there is left whole, and nothing else is left
    folder = tmp_path / "folder"
    folder.mkdir()
    assert one_error(capsys, "trace", "nstar", "--out", str(folder)) == f"{folder}: Is a directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "kept.jsonl"]  # no .part


def test_view_trace_charts_a_best_first_search(capsys):
    status, out, _ = run(capsys, "view", "taquin", "-e", "tp-3x3", "-s", "astar", "--trace",
                         "--out", "-")
    data = page_data(out)
    chart, stats = data["chart"], data["stats"]
    assert status == 0 and chart["marks"] == [] and chart["title"].endswith("(astar)")
    expanded, frontier = chart["series"]
    assert expanded["points"][-1] == [stats["generated"], stats["expanded"]]
    assert max(y for _x, y in frontier["points"]) <= stats["max_frontier"]
    xs = [x for x, _y in expanded["points"]]
    assert xs == sorted(xs)


def test_view_trace_file_views_the_traced_plan_and_checks_the_puzzle(capsys, tmp_path):
    trace = tmp_path / "bibfs.jsonl"
    assert run(capsys, "trace", "rushhour", "-e", "hardest", "-s", "bibfs",
               "--out", str(trace))[0] == 0
    status, out, _ = run(capsys, "view", "--trace-file", str(trace), "--out", "-")
    data = page_data(out)
    solution = next(r for r in records_of(trace.read_text()) if r["kind"] == "solution")
    assert status == 0 and data["moves"] == solution["actions"]
    assert data["details"]["strategy"] == "bibfs" and data["chart"]["series"][0]["points"]
    assert one_error(capsys, "view", "nstar", "--trace-file", str(trace)) == (
        f"{trace}: the trace is of puzzle 'rushhour', not 'nstar'")
    assert one_error(capsys, "view", "--trace-file", str(trace), "-s", "bfs") == (
        "--trace-file views a saved plan: the strategy flags apply to a search")
    assert one_error(capsys, "view", "nstar", "--trace", "--trace-file", str(trace)) == (
        "--trace observes a search run here: not with --plan or --trace-file")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(trace.read_text().splitlines(keepends=True)[:-1]))
    assert one_error(capsys, "view", "--trace-file", str(cut)) == (
        f"{cut}: the trace has no 'end' record: it was cut short")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(trace.read_text().splitlines()[0] + "\n" + json.dumps([1]) + "\n")
    assert one_error(capsys, "view", "--trace-file", str(bad)) == (
        f"{bad}:2: a trace record is a JSON object with a 'kind'")


def test_view_trace_file_refuses_a_header_after_a_blank_line_or_fields_of_the_wrong_type(
        capsys, tmp_path):
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "bfs", "--out", str(trace))[0] == 0
    lines = trace.read_text().splitlines()
    headless = tmp_path / "headless.jsonl"
    headless.write_text("\n" + "\n".join(lines[1:]) + "\n")  # the header gone, a blank first
    assert one_error(capsys, "view", "--trace-file", str(headless)).startswith(
        f"{headless}:2: not a searchkit trace (its first record must be the header")
    header = json.loads(lines[0])
    for field, value, wanted in (("options", "abc", "field 'options' holds text that is not"),
                                 ("status", 5, "field 'status' must be a string, not a number")):
        bad = tmp_path / f"{field}.jsonl"
        edited = [json.dumps({**header, field: value}) if field == "options" else lines[0],
                  *lines[1:-1], json.dumps({**json.loads(lines[-1]), field: value})
                  if field == "status" else lines[-1]]
        bad.write_text("\n".join(edited) + "\n")
        assert one_error(capsys, "view", "--trace-file", str(bad)).startswith(f"{bad}: {wanted}")
    solution = next(i for i, line in enumerate(lines) if json.loads(line)["kind"] == "solution")
    bad = tmp_path / "actions.jsonl"
    lines[solution] = json.dumps({**json.loads(lines[solution]), "actions": 7})
    bad.write_text("\n".join(lines) + "\n")
    assert one_error(capsys, "view", "--trace-file", str(bad)).startswith(
        f"{bad}: field 'actions' must be")


def test_view_trace_file_checks_the_plan_against_the_end_record(capsys, tmp_path, monkeypatch):
    """A trace whose solution record is gone, or cut short, is not shown as solved."""
    monkeypatch.chdir(tmp_path)  # where a page would be written
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "bfs", "--out", str(trace))[0] == 0
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    solution = next(i for i, r in enumerate(records) if r["kind"] == "solution")
    assert records[-1]["cost"] == len(records[solution]["actions"]) == 7
    gone = tmp_path / "gone.jsonl"
    gone.write_text("".join(json.dumps(r) + "\n" for i, r in enumerate(records) if i != solution))
    assert one_error(capsys, "view", "--trace-file", str(gone)) == (
        f"{gone}: the record says solved, but its plan (0 steps) does not reach a goal here")
    records[solution]["actions"] = records[solution]["actions"][:-1]
    records[-1]["status"] = "interrupted"  # not claimed solved: the end record's cost still holds
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert one_error(capsys, "view", "--trace-file", str(cut)) == (
        f"{cut}: the plan costs 6 here but the record says 7 (were other puzzle options used?)")


def test_view_trace_file_refuses_two_traces_in_one_file_and_fields_that_are_no_numbers(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where a page would be written
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "idastar", "--out", str(trace))[0] == 0
    lines = trace.read_text().splitlines()
    twice = tmp_path / "twice.jsonl"
    twice.write_text("\n".join(lines + lines) + "\n")
    assert one_error(capsys, "view", "--trace-file", str(twice)) == (
        f"{twice}:{len(lines) + 1}: a second header: a file holds one trace")
    after = tmp_path / "after.jsonl"
    after.write_text("\n".join(lines + lines[1:2]) + "\n")
    assert one_error(capsys, "view", "--trace-file", str(after)) == (
        f"{after}:{len(lines) + 1}: a record after the end record: a file holds one trace")
    kinds = [json.loads(line)["kind"] for line in lines]
    for kind, field in (("bound", "bound"), ("expand", "frontier")):
        at = kinds.index(kind)
        for value in ("x", [1], True):
            bad = tmp_path / f"{kind}.jsonl"
            edited = list(lines)
            edited[at] = json.dumps({**json.loads(lines[at]), field: value})
            bad.write_text("\n".join(edited) + "\n")
            assert one_error(capsys, "view", "--trace-file", str(bad)).startswith(
                f"{bad}:{at + 1}: the {kind} record's '{field}' must be a number, not ")
    deep = tmp_path / "deep.jsonl"
    deep.write_text(lines[0] + "\n" + "[" * 100_000 + "\n")
    assert one_error(capsys, "view", "--trace-file", str(deep)) == (
        f"{deep}:2: not a trace record: nested too deeply")
    deep_plan = tmp_path / "deep.json"
    deep_plan.write_text("[" * 100_000)
    assert one_error(capsys, "view", "--plan", str(deep_plan)) == (
        f"{deep_plan}: not a plan record: nested too deeply")


def test_view_checks_the_traces_puzzle_before_searching(capsys, tmp_path, monkeypatch):
    trace = tmp_path / "n.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "bfs", "--out", str(trace))[0] == 0

    def no_search(_args):
        raise AssertionError("searched before checking the trace's puzzle")

    monkeypatch.setattr("searchkit.cli.view._from_search", no_search)
    assert one_error(capsys, "view", "taquin", "-e", "tp-3x3", "--trace-file", str(trace)) == (
        f"{trace}: the trace is of puzzle 'nstar', not 'taquin'")


def test_one_event_is_said_in_the_singular(capsys, tmp_path):
    status, out, _ = run(capsys, "trace", "nstar", "-s", "bfs", "--max-events", "1",
                         "--out", str(tmp_path / "one.jsonl"))
    assert status == 1 and "the trace's limit of 1 event was reached" in out
    assert " 1 events" not in out


def test_view_trace_file_leaves_out_a_byte_order_mark(capsys, tmp_path):
    """As for the other files read (read_text): some editors write one first, and the trace was
    then 'not JSON at line 1'."""
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-s", "bfs", "--out", str(trace))[0] == 0
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + trace.read_bytes())
    status, out, err = run(capsys, "view", "--trace-file", str(marked), "--out", "-")
    assert (status, err) == (0, "")
    assert page_data(out) == page_data(run(capsys, "view", "--trace-file", str(trace),
                                           "--out", "-")[1])


def test_view_refuses_a_trace_of_another_instance_of_the_puzzle(capsys, tmp_path, monkeypatch):
    """The page played the search of one instance beside the board of another, silently."""
    monkeypatch.chdir(tmp_path)  # where a page would be written
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-e", "1-42", "-s", "bfs", "--out", str(trace))[0] == 0
    wrong = f"{trace}: the trace is of nstar · example 1-42, not nstar · example 1-100"
    assert one_error(capsys, "view", "nstar", "-e", "1-100", "--trace-file", str(trace)) == wrong
    plan = tmp_path / "plan.json"  # a --plan record's instance is checked too
    plan.write_text(run(capsys, "solve", "nstar", "-e", "1-100", "--json")[1])
    assert one_error(capsys, "view", "--plan", str(plan), "--trace-file", str(trace)) == wrong
    copy = tmp_path / "copy.txt"  # the same instance read from elsewhere: its text tells
    copy.write_text(searchkit.get_puzzle("nstar").examples()["1-42"] + "\n")
    for instance in (["-e", "1-42"], [str(copy)], []):  # []: the first example, 1-42
        status, out, err = run(capsys, "view", "nstar", *instance, "--trace-file", str(trace),
                               "--out", "-")
        assert (status, err) == (0, "") and page_data(out)["chart"]["series"][0]["points"]

    def no_search(*_args):
        raise AssertionError("searched before checking the trace's instance")

    monkeypatch.setattr("searchkit.cli.view._from_search", no_search)
    assert one_error(capsys, "view", "nstar", "-e", "1-100", "--trace-file", str(trace)) == wrong


def test_view_refuses_a_trace_of_another_level_or_of_a_file_changed_since(capsys, tmp_path,
                                                                         monkeypatch):
    """The digest tells the level chosen of a collection file, and the text of a file, read
    again for the page: a file changed since it was traced is refused, viewed alone too."""
    monkeypatch.chdir(tmp_path)  # where a page would be written
    # a collection: the instance is the level chosen (Sokoban chooses it itself: its digest
    # is of the whole file's text and the level)
    for puzzle, name, text in (("nstar", "pairs.txt", "1 42\n1 100\n"),
                               ("sokoban", "two.xsb",
                                "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n")):
        levels, trace = tmp_path / name, tmp_path / f"{name}.jsonl"
        levels.write_text(text)
        assert run(capsys, "trace", puzzle, str(levels), "--level", "1", "-s", "bfs",
                   "--out", str(trace))[0] == 0
        assert one_error(capsys, "view", puzzle, str(levels), "--level", "2", "--trace-file",
                         str(trace)) == (f"{trace}: the trace is of {puzzle} · {levels} · level "
                                         f"1, not {puzzle} · {levels} · level 2")
        assert run(capsys, "view", puzzle, str(levels), "--level", "1", "--trace-file",
                   str(trace), "--out", "-")[0] == 0
    one = tmp_path / "one.txt"
    one.write_text("1 42\n")
    trace = tmp_path / "one.jsonl"
    assert run(capsys, "trace", "nstar", str(one), "-s", "bfs", "--out", str(trace))[0] == 0
    one.write_text("1 100\n")
    changed = (f"{trace}: the trace is of another instance than nstar · {one}: its text "
               "differs from the one traced")
    assert one_error(capsys, "view", "nstar", str(one), "--trace-file", str(trace)) == changed
    assert one_error(capsys, "view", "--trace-file", str(trace)) == changed  # its own instance


def test_a_trace_without_the_instances_digest_is_checked_by_the_name_it_records(
        capsys, tmp_path, monkeypatch):
    """A trace written before the header held the digest is still read; the example, file or
    level it names must be the one asked for. A trace that names no instance is not checked."""
    monkeypatch.chdir(tmp_path)  # where a page would be written
    trace = tmp_path / "t.jsonl"
    assert run(capsys, "trace", "nstar", "-e", "1-42", "-s", "bfs", "--out", str(trace))[0] == 0
    lines = trace.read_text().splitlines()
    header = {key: value for key, value in json.loads(lines[0]).items()
              if key not in ("digest", "level")}  # as written before the header held them
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    for args in (["nstar", "-e", "1-42"], ["nstar"], []):
        status, out, err = run(capsys, "view", *args, "--trace-file", str(old), "--out", "-")
        assert (status, err) == (0, "") and page_data(out)["title"] == "nstar · example 1-42"
    assert one_error(capsys, "view", "nstar", "-e", "1-100", "--trace-file", str(old)) == (
        f"{old}: the trace is of nstar · example 1-42, not nstar · example 1-100")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps({**header, "digest": 5}), *lines[1:]]) + "\n")
    assert one_error(capsys, "view", "--trace-file", str(bad)) == (
        f"{bad}: the header's 'digest' must be a string, not 5")
    unnamed = tmp_path / "unnamed.jsonl"  # e.g. written by TraceWriter without a header
    unnamed.write_text("\n".join([json.dumps({"kind": "trace", "format": header["format"]}),
                                  *lines[1:]]) + "\n")
    status, out, err = run(capsys, "view", "nstar", "-e", "1-100", "--trace-file", str(unnamed),
                           "--out", "-")
    assert (status, err) == (0, "") and page_data(out)["chart"]["series"][0]["points"]
