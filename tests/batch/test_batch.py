"""searchkit.batch and `searchkit batch`: records, known optima on real files, the three stores,
resume, the per-worker setup and its shared disk cache."""

from __future__ import annotations

import csv
import hashlib
import json
import sqlite3

import pytest

import searchkit
from searchkit import PuzzleInstance
from searchkit.cli import main
from searchkit.experiments import FIELDS, open_store, read_collection, read_records, sweep
from tests.shared import needs_data


def _tasks(puzzle, path, strategies, limit=None, **options):
    found = read_collection(searchkit.get_puzzle(puzzle), path, options)[:limit]
    return sweep(puzzle, found, strategies, options=options, source=str(path))


@needs_data
def test_known_optima_matched_on_real_files_on_two_processes(shared_data):
    tasks = (_tasks("rushhour", shared_data / "rushhour/cards.txt", ["bfs"])
             + _tasks("rushhour", shared_data / "rushhour/cards.txt", ["astar"])[::4]
             + _tasks("rushhour", shared_data / "rushhour/fogleman_sample.txt", ["bfs"])[::40]
             + [t for t in _tasks("taquin", shared_data / "taquin/korf100.txt", ["idastar"])
                if t.instance in ("korf100.txt:9", "korf100.txt:79")])
    records = list(searchkit.batch(tasks, jobs=2))
    assert len(records) == len(tasks) == 80 + 20 + 50 + 2
    assert all(tuple(r) == FIELDS for r in records)
    assert all(r["status"] == "solved" and r["matches_known"] is True for r in records), \
        [r for r in records if not r["matches_known"]][:3]
    assert len({r["worker"] for r in records}) == 2       # both workers took tasks
    korf = {r["instance"]: r["cost"] for r in records if r["puzzle"] == "taquin"}
    assert korf == {"korf100.txt:9": 46, "korf100.txt:79": 42}   # Korf (1985), Table 1


@needs_data
def test_microban_with_a_table_of_optima_both_cost_models(shared_data, tmp_path):
    out = tmp_path / "micro.sqlite"
    args = ["batch", "sokoban", str(shared_data / "sokoban/microban.xsb"), "-o", "level=2",
            "--known", str(shared_data / "sokoban/microban_optimal.csv"), "-o",
            "cost=moves,pushes", "--jobs", "1", "--out", str(out), "--plans"]
    assert main(args) == 0
    records = {r["options"]["cost"]: r for r in read_records(out)}
    assert (records["moves"]["known"], records["pushes"]["known"]) == (16, 3)
    assert all(r["matches_known"] for r in records.values())
    assert len("".join(records["moves"]["plan"])) == 16          # LURD: one letter a move


def test_records_in_process_sweep_and_plans():
    pairs = [("a", PuzzleInstance("a", "1 42", known=7)), ("b", PuzzleInstance("b", "1 100"))]
    tasks = sweep("nstar", pairs, ["bfs", "greedy"], {"heuristic": ["log2", "zero"]})
    records = list(searchkit.batch(tasks, jobs=1))
    assert len(records) == 8
    a_bfs = [r for r in records if r["instance"] == "a" and r["strategy"] == "bfs"]
    assert [r["options"] for r in a_bfs] == [{"heuristic": "log2", "prune": True},
                                             {"heuristic": "zero", "prune": True}]
    assert all(r["cost"] == 7 and r["matches_known"] is True for r in a_bfs)
    assert all(r["known"] is None and r["matches_known"] is None
               for r in records if r["instance"] == "b")
    assert all(r["plan"] is None and r["expanded"] > 0 and r["cpu_seconds"] >= 0
               for r in records)


def test_budget_and_bad_names_before_running():
    pairs = [("big", PuzzleInstance("big", "1 1000000"))]
    budget = searchkit.Budget(max_expansions=100)
    [record] = searchkit.batch(sweep("nstar", pairs, ["bfs"], budget=budget), jobs=1)
    assert (record["status"], record["expanded"]) == ("budget_exhausted", 100)
    assert record["options"]["max_expansions"] == 100        # part of the task's identity
    with pytest.raises(searchkit.UnknownNameError):
        list(searchkit.batch(sweep("nstar", pairs, ["bestest"]), jobs=1))
    with pytest.raises(searchkit.OptionError):
        list(searchkit.batch(sweep("nstar", pairs, ["bfs"], options={"colour": 1}), jobs=1))
    with pytest.raises(searchkit.IncompatibleError, match="frontier 'heap' cannot be used"):
        list(searchkit.batch(sweep("nstar", pairs, ["bfs"], frontier="heap"), jobs=1))
    states = searchkit.Budget(max_visited=100)  # iddfs stores no states to count
    with pytest.raises(searchkit.IncompatibleError, match="^strategy 'iddfs' takes no states "):
        list(searchkit.batch(sweep("nstar", pairs, ["bfs", "iddfs"], budget=states), jobs=1))
    with pytest.raises(searchkit.OptionError, match="^grid key 'heurisitc' is no option of "):
        sweep("nstar", pairs, ["bfs", "astar"], {"heurisitc": ["log2", "zero"]})  # a typo
    with pytest.raises(searchkit.OptionError, match="^strategy option 'weight' is no option "):
        sweep("nstar", pairs, ["bfs"], strategy_options={"weight": 2})


def test_a_file_given_twice_runs_once_and_a_fresh_store_is_not_resumed(tmp_path, capsys):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n1 43\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", "nstar", str(lines), str(lines), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "resuming" not in captured.err and "2 of 2 tasks run" in captured.out
    assert len(out.read_text().splitlines()) == 2


# a collection of three instances, the second one bad: its file line and the parser's error
BAD_LINE = {
    "nstar": ("1 42\n3 4 5\n2 9\n", 2, "expected 'START TARGET': too many numbers"),
    "taquin": ("87 135462\n87 135468\n1 0 2 3\n", 2, "duplicate tile 8"),
    "rushhour": ("8 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo\n"
                 "5 BBoooCDooEoCDAAEoCDooEooFoooGGFoHH\n1 oooAAoooo\n", 2,
                 "expected a board of M*M characters (e.g. 36 for 6x6), got 34"),
    "sokoban": ("; 1\n#####\n#@$.#\n#####\n\n; 2\n#####\n#@$Z.#\n#####\n\n"
                "; 3\n######\n#@$ .#\n######\n", 8, "unknown character 'Z' in column 4"),
}


@pytest.mark.parametrize("puzzle", sorted(BAD_LINE))
def test_a_bad_instance_of_a_collection_is_an_error_record_and_the_others_run(
        tmp_path, capsys, puzzle):
    """docs/batch.md, "Faults": a format error is the record of its task, the batch goes on;
    `solve --level N` reads a good instance of that file, and names the bad one's line."""
    text, line, problem = BAD_LINE[puzzle]
    path = tmp_path / "c.txt"
    path.write_text(text)
    out = tmp_path / "r.jsonl"
    assert main(["batch", puzzle, str(path), "--jobs", "1", "--json", "--out", str(out)]) == 1
    capsys.readouterr()
    records = [json.loads(row) for row in out.read_text().splitlines()]
    assert [(r["status"], r["error"]) for r in records] == [
        ("solved", None), ("error", f"{path}:{line}: {problem}"), ("solved", None)]
    for level in ("1", "3"):
        assert main(["solve", puzzle, str(path), "--level", level]) == 0
    capsys.readouterr()
    assert main(["solve", puzzle, str(path), "--level", "2"]) == 2
    assert capsys.readouterr().err == f"searchkit: error: {path}:{line}: {problem}\n"


@pytest.mark.parametrize("puzzle", sorted(BAD_LINE))
@pytest.mark.parametrize("text, problem", [("", "no instance found (the file is empty)"),
                                           ("\n  \n", "no instance found (the file is empty)"),
                                           ("# a note\n", "no instance found")])
def test_a_file_of_no_instance_is_a_usage_error_naming_it(tmp_path, capsys, puzzle, text,
                                                          problem):
    """docs/batch.md, "Collections": no task runs and no store is made."""
    path = tmp_path / "empty.txt"
    path.write_text(text.replace("#", ";") if puzzle == "sokoban" else text)
    out = tmp_path / "r.jsonl"
    assert main(["batch", puzzle, str(path), "--jobs", "1", "--out", str(out)]) == 2
    assert capsys.readouterr() == ("", f"searchkit: error: {path}: {problem}\n")
    assert not out.exists()


def test_known_column_without_known_is_a_usage_error(tmp_path, capsys):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n")
    assert main(["batch", "nstar", str(lines), "--known-column", "moves",
                 "--out", str(tmp_path / "r.jsonl")]) == 2
    assert capsys.readouterr().err == (
        "searchkit: error: --known-column names a column of --known FILE: give both\n")
    assert not (tmp_path / "r.jsonl").exists()


@pytest.mark.parametrize("size, problem", [
    ("inf", "expected a size like 512M or 2G"), ("1e400", "expected a size like 512M or 2G"),
    ("0", "must be a whole number of bytes, 1 or more")])
def test_task_memory_is_a_finite_size(tmp_path, capsys, size, problem):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 42\n")
    assert main(["batch", "nstar", str(lines), "--task-memory", size, "--jobs", "1",
                 "--out", str(tmp_path / "r.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"searchkit: error: argument --task-memory: {problem}, got '{size}'")
    assert err.count("\n") == 1 and not (tmp_path / "r.jsonl").exists()


@pytest.mark.parametrize("suffix", [".sqlite", ".jsonl", ".csv"])
def test_stores_round_trip_and_resume_skips_stored_tasks(tmp_path, suffix):
    lines = tmp_path / "pairs.txt"
    lines.write_text("".join(f"1 {n}\n" for n in range(20, 32)))
    out = tmp_path / f"runs{suffix}"
    base = ["batch", "nstar", str(lines), "-s", "bfs,astar", "--out", str(out), "--jobs", "1"]
    assert main(base + ["--plans"]) == 0
    first = list(read_records(out))
    assert len(first) == 24 and {r["status"] for r in first} == {"solved"}
    assert all(r["plan"] and len(r["plan"]) == r["length"] == r["cost"] for r in first)
    assert main(base) == 2                                   # an existing store needs --resume
    lines.write_text("".join(f"1 {n}\n" for n in range(20, 36)))
    assert main(base + ["--resume"]) == 0                    # 4 new instances x 2 strategies
    records = list(read_records(out))
    assert len(records) == 32
    assert len({(r["instance"], r["strategy"]) for r in records}) == 32
    assert records[:24] == first
    if suffix == ".sqlite":                                  # the columns other tools read
        with sqlite3.connect(out) as db:
            columns = [row[1] for row in db.execute("PRAGMA table_info(results)")]
            plan = db.execute("SELECT plan FROM results LIMIT 1").fetchone()[0]
        assert tuple(columns) == FIELDS and json.loads(plan) == first[0]["plan"]


def _digest(text):
    """The record's ``digest`` of an instance's text, as docs/batch.md defines it."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("suffix", [".sqlite", ".jsonl", ".csv"])
def test_resume_runs_again_an_instance_whose_text_is_not_the_stored_one(tmp_path, capsys,
                                                                      suffix):
    """Only the label was compared: another file of the same name, or the file edited since,
    'resumed as done' and kept the other text's result."""
    first, other = tmp_path / "pairs.txt", tmp_path / "other" / "pairs.txt"
    other.parent.mkdir()
    first.write_text("1 42\n1 43\n")
    other.write_text("1 42\n1 44\n")                     # line 2 is another instance
    out = tmp_path / f"runs{suffix}"

    def resume(path):
        assert main(["batch", "nstar", str(path), "-s", "bfs", "--jobs", "1", "--out", str(out),
                     "--resume"]) == 0
        return capsys.readouterr().err

    resume(first)
    assert resume(other) == f"resuming {out}: 1 of 2 tasks already stored\n"
    first.write_text("1 99\n1 43\n")                     # line 1 edited
    assert resume(first) == f"resuming {out}: 1 of 2 tasks already stored\n"
    runs = [(r["instance"], r["digest"], r["cost"]) for r in read_records(out)]
    assert runs == [(f"pairs.txt:{n}", _digest(text), cost) for n, text, cost in [
        (1, "1 42", 7), (2, "1 43", 8), (2, "1 44", 7), (1, "1 99", 9)]]


_BEFORE_DIGEST = tuple(name for name in FIELDS if name != "digest")


def _old_store(path, records):
    """``records`` in a store as searchkit wrote it before records carried a digest."""
    def cell(record, name):
        value = record.get(name)
        return json.dumps(value) if name in ("options", "plan") and value is not None else value

    rows = [[cell(r, name) for name in _BEFORE_DIGEST] for r in records]
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(dict(zip(_BEFORE_DIGEST, row))) + "\n"
                                for row in rows))
    elif path.suffix == ".csv":
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(_BEFORE_DIGEST)
            writer.writerows([["" if v is None else v for v in row] for row in rows])
    else:
        with sqlite3.connect(path) as db:
            db.execute(f"CREATE TABLE results ({', '.join(_BEFORE_DIGEST)})")
            db.executemany(f"INSERT INTO results VALUES ({', '.join('?' * len(_BEFORE_DIGEST))})",
                           rows)
        db.close()


@pytest.mark.parametrize("suffix", [".sqlite", ".jsonl", ".csv"])
def test_a_store_from_before_digests_reads_and_resumes_by_label_and_says_so(tmp_path, capsys,
                                                                           suffix):
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n1 43\n")
    tasks = _tasks("nstar", pairs, ["bfs"])
    out = tmp_path / f"old{suffix}"
    _old_store(out, list(searchkit.batch(tasks, jobs=1)))
    assert main(["report", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: 2 records · puzzle nstar\n")
    pairs.write_text("1 42\n1 99\n1 44\n")                # line 2 edited, line 3 new
    assert main(["batch", "nstar", str(pairs), "-s", "bfs", "--jobs", "1", "--out", str(out),
                 "--resume"]) == 0
    assert capsys.readouterr().err == (
        f"resuming {out}: 2 of 3 tasks already stored (2 of them by label alone: their records "
        "predate the digest of the instance's text, so a file edited since is not noticed; "
        "choose another --out to run them again)\n")
    records = list(read_records(out))
    assert [(r["instance"], r["digest"]) for r in records] == [
        ("pairs.txt:1", None), ("pairs.txt:2", None), ("pairs.txt:3", _digest("1 44"))]
    assert main(["report", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: 3 records · puzzle nstar\n")


def _columns(path):
    """The fields of a store: the SQLite table's columns, the CSV header, the last JSON
    record's keys."""
    if path.suffix == ".sqlite":
        with sqlite3.connect(path) as db:
            columns = tuple(row[1] for row in db.execute("PRAGMA table_info(results)"))
        db.close()
        return columns
    lines = path.read_text().splitlines()
    return tuple(json.loads(lines[-1])) if path.suffix == ".jsonl" else tuple(lines[0].split(","))


@pytest.mark.parametrize("suffix", [".sqlite", ".jsonl", ".csv"])
def test_a_run_refused_for_want_of_resume_leaves_an_old_store_as_it_was(tmp_path, capsys,
                                                                        suffix):
    """Opening the store upgraded it (the digest column added, the CSV header rewritten, an
    SQLite file put in WAL mode, a half-written last line cut) before the run was refused."""
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n1 43\n")
    out = tmp_path / f"old{suffix}"
    _old_store(out, list(searchkit.batch(_tasks("nstar", pairs, ["bfs"]), jobs=1)))
    if suffix != ".sqlite":
        with open(out, "a") as handle:
            handle.write('{"puzzle": "nstar", "inst' if suffix == ".jsonl" else "nstar,pairs")
    before = out.read_bytes()
    pairs.write_text("1 42\n1 43\n1 44\n")
    run = ["batch", "nstar", str(pairs), "-s", "bfs", "--jobs", "1", "--out", str(out)]
    assert main(run) == 2
    assert capsys.readouterr().err == (f"searchkit: error: {out} already holds 2 tasks: add "
                                       "--resume to continue it (stored tasks are skipped), or "
                                       "choose another --out\n")
    assert out.read_bytes() == before
    assert main(run + ["--resume"]) == 0                  # accepted: upgraded, then written
    assert _columns(out) == FIELDS
    assert [(r["instance"], r["digest"]) for r in read_records(out)] == [
        ("pairs.txt:1", None), ("pairs.txt:2", None), ("pairs.txt:3", _digest("1 44"))]


def test_a_refused_run_leaves_a_sqlite_store_and_its_journal_as_they_were(tmp_path, capsys):
    """A run still writing (or killed) leaves records in the write-ahead log: the refused run
    reads them, and neither checkpoints them into the file nor touches the log."""
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n")
    out = tmp_path / "r.sqlite"
    run = ["batch", "nstar", str(pairs), "-s", "bfs", "--jobs", "1", "--out", str(out)]
    with open_store(out) as store:
        store.add({"puzzle": "nstar", "instance": "a", "strategy": "bfs", "options": {}})
        wal = out.with_name("r.sqlite-wal")
        before = out.read_bytes(), wal.read_bytes()
        assert wal.stat().st_size > 0
        assert main(run) == 2
        assert "already holds 1 tasks" in capsys.readouterr().err
        assert (out.read_bytes(), wal.read_bytes()) == before
    assert main(run + ["--resume"]) == 0
    assert [r["instance"] for r in read_records(out)] == ["a", "pairs.txt"]
    capsys.readouterr()


def test_report_tells_apart_two_texts_under_one_label(tmp_path, capsys):
    """Records were matched across configurations by label: BFS on an edited file's text was
    compared with A* on the text before the edit (a 400x ratio instead of 4x)."""
    def run(strategy, digest, expanded):
        return {"puzzle": "nstar", "instance": "pairs.txt:1", "strategy": strategy,
                "options": {}, "status": "solved", "expanded": expanded, "cpu_seconds": 0.1,
                "digest": digest}

    out = tmp_path / "runs.jsonl"
    with open_store(out) as store:
        store.add_many([run("bfs", "d1", 40), run("astar", "d1", 10), run("bfs", "d2", 4000)])
    assert main(["report", str(out)]) == 0
    text = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in text[2:4]}
    assert rows["bfs"][1] == "2" and rows["bfs"][-2] == "4.00x"
    assert text[4] == ("nstar/pairs.txt:1: stored with more than one text (a file edited "
                       "between runs, or another file of the same name); each text counts as an "
                       "instance of its own")


@pytest.mark.parametrize("name", ["r%41.sqlite", "r#1.sqlite", "r?x.sqlite"])
def test_a_sqlite_store_is_read_under_its_own_name(tmp_path, name):
    """The read-only URI took '%41' for 'A', '#' for a fragment and '?' for the query: another
    file's records were read, or a stray file made."""
    with open_store(tmp_path / "rA.sqlite") as store:
        store.add({"puzzle": "nstar", "instance": "other", "strategy": "bfs", "options": {}})
    with open_store(tmp_path / name) as store:
        store.add({"puzzle": "nstar", "instance": "mine", "strategy": "bfs", "options": {}})
    assert [r["instance"] for r in read_records(tmp_path / name)] == ["mine"]
    files = {p.name.removesuffix("-wal").removesuffix("-shm") for p in tmp_path.iterdir()}
    assert files == {"rA.sqlite", name}  # no stray 'r' made by a URI cut at '#' or '?'



def test_a_sqlite_store_locked_by_another_program_is_waited_for_then_a_clear_error(
        tmp_path, monkeypatch):
    import sqlite3

    from searchkit.experiments import store as stores

    monkeypatch.setattr(stores, "_LOCK_WAIT", 0.2)
    path = tmp_path / "r.sqlite"
    with open_store(path) as store:
        store.prepare()                   # as a run does before its first task
        other = sqlite3.connect(path)
        other.execute("BEGIN IMMEDIATE")  # a database browser's open write transaction
        with pytest.raises(searchkit.SearchkitError,
                           match=f"^{path}: cannot store the records: database is locked$"):
            store.add({"puzzle": "nstar", "instance": "a", "strategy": "bfs", "options": {}})
        other.rollback()
        store.add({"puzzle": "nstar", "instance": "a", "strategy": "bfs", "options": {}})
        other.close()
    assert [r["instance"] for r in read_records(path)] == ["a"]


@pytest.mark.parametrize(("name", "content"), [("data.csv", "a,b\n1,2"), ("data.csv", "a,b\n"),
                                               ("data.jsonl", '{"x": 1}')])
def test_a_file_of_another_program_is_not_taken_for_a_store(tmp_path, capsys, name, content):
    """Its last line was cut as half-written and records appended under its header: the file
    was damaged and the run said nothing."""
    path = tmp_path / name
    path.write_text(content)
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n")
    assert main(["batch", "nstar", str(pairs), "-s", "bfs", "--out", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"searchkit: error: {path}: not a results store")
    assert path.read_text() == content


def test_half_written_last_line_is_ignored(tmp_path):
    path = tmp_path / "runs.jsonl"
    with open_store(path) as store:
        store.add({"puzzle": "nstar", "instance": "a", "strategy": "bfs", "options": {}})
    with open(path, "a") as handle:
        handle.write('{"puzzle": "nstar", "inst')            # a run killed mid-write
    assert [r["instance"] for r in read_records(path)] == ["a"]
    with open_store(path) as store:
        store.add({"puzzle": "nstar", "instance": "b", "strategy": "bfs", "options": {}})
    assert [r["instance"] for r in read_records(path)] == ["a", "b"]


def test_report_prints_summary_and_draws_plots(tmp_path, capsys):
    lines = tmp_path / "pairs.txt"
    lines.write_text("".join(f"1 {n}\n" for n in range(100, 140)))
    out = tmp_path / "runs.sqlite"
    assert main(["batch", "nstar", str(lines), "-s", "bfs,astar", "--out", str(out),
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["report", str(out), "--plot", str(tmp_path / "plot.png")]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == f"{out}: 80 records · puzzle nstar"
    assert text[1].split()[:5] == ["configuration", "tasks", "solved", "optimal", "errors"]
    rows = {line.split()[0]: line.split() for line in text[2:4]}
    assert rows["bfs"][1:3] == ["40", "40"] and rows["astar"][1:3] == ["40", "40"]
    assert rows["astar"][-2] == "1.00x"                       # A* expands fewer states
    assert float(rows["bfs"][-2].rstrip("x")) > 1
    assert (tmp_path / "plot.png").read_bytes()[:4] == b"\x89PNG"
    for name, suffix in (("plotx", "'(none)'"), ("plot.txt", "'txt'")):  # before any table
        assert main(["report", str(out), "--plot", str(tmp_path / name)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err == (
            f"searchkit: error: cannot plot to '{tmp_path / name}': unknown format {suffix} "
            "(valid: png, svg, pdf)\n")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("plot")) == ["plot.png"]


def test_a_task_that_errored_counts_against_the_optimal_column():
    from searchkit.experiments.report import summarize

    records = [{"puzzle": "p", "instance": i, "strategy": "bfs", "options": {}, "known": 4,
                "status": status, "matches_known": status == "solved"}
               for i, status in (("a", "solved"), ("b", "error"))]
    assert [row.matched for row in summarize(records)] == ["1/2"]


def _bad_store(path, content):
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)


_CSV_HEADER = ",".join(FIELDS).encode() + b"\n"


@pytest.mark.parametrize("name, content, problem", [
    ("d.jsonl", None, "Is a directory"),
    ("latin1.jsonl", b'{"instance": "caf\xe9"}\n', "not a UTF-8 text file"),
    ("list.jsonl", b"[1]\n", "1: not a JSON record: [1] is not an object"),
    ("cost.csv", _CSV_HEADER + b"nstar,a,bfs,,solved,abc" + b"," * 11 + b"\n",
     "2: cost is 'abc', not a finite number"),
    ("nameless.jsonl", b'{"instance": "a", "strategy": "bfs"}\n',
     "1: the record has no 'puzzle'"),
    ("options.jsonl", b'{"puzzle": "p", "instance": "a", "strategy": "bfs", "options": 3}\n',
     "1: options is 3, not a JSON object"),
    ("digest.jsonl", b'{"puzzle": "p", "instance": "a", "strategy": "bfs", "digest": 5}\n',
     "1: digest is 5, not text"),
])
def test_report_names_the_file_and_line_of_a_bad_store(tmp_path, capsys, name, content, problem):
    path = tmp_path / name
    _bad_store(path, content)
    assert main(["report", str(path)]) == 2
    captured = capsys.readouterr()
    separator = "" if problem[0].isdigit() else " "
    assert captured.err == f"searchkit: error: {path}:{separator}{problem}\n"
    assert captured.out == ""


def test_setup_is_built_once_per_machine_under_a_lock(tmp_path, monkeypatch):
    """Two workers, a cold cache: each pattern database is built and saved once."""
    import searchkit_taquin.pdbcache as taquin_pdb

    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(taquin_pdb, "_MEMORY", {})
    log = tmp_path / "saves.log"
    real_save = taquin_pdb.save_table

    def logged_save(path, meta, payload):
        with open(log, "a") as handle:
            handle.write(f"{path.name}\n")
        real_save(path, meta, payload)

    monkeypatch.setattr(taquin_pdb, "save_table", logged_save)   # inherited by forked workers
    boards = ["87 135462", "12345678 ", "8 6754321", "7 2451836", "123 45678", "1 4726358"]
    pairs = [(b, PuzzleInstance(b, b)) for b in boards]
    tasks = sweep("taquin", pairs, ["astar", "idastar"], options={"heuristic": "pdb",
                                                                  "goal": "blank-last"})
    records = list(searchkit.batch(tasks, jobs=2))
    assert [r["error"] for r in records] == [None] * 12
    saved = log.read_text().splitlines()
    assert len(saved) == 2 and len(set(saved)) == 2          # the 4-4 split of the 3x3 board
    by_board = {}
    for r in records:
        by_board.setdefault(r["instance"], set()).add(r["cost"])
    assert all(len(costs) == 1 for costs in by_board.values())  # A* and IDA* agree


def test_cli_sweeps_strategy_options_only_where_they_apply(tmp_path, capsys):
    lines = tmp_path / "pairs.txt"
    lines.write_text("1 300\n2 301\n")
    out = tmp_path / "runs.jsonl"
    assert main(["batch", "nstar", str(lines), "-s", "wastar,astar", "-o", "weight=1.5,3",
                 "--heuristics", "log2,zero", "--jobs", "1", "--out", str(out)]) == 0
    records = list(read_records(out))
    assert len(records) == 2 * (2 * 2 + 2)        # wastar x 2 weights x 2 heuristics, astar x 2
    weights = sorted({r["options"].get("weight") for r in records if r["strategy"] == "wastar"})
    assert weights == [1.5, 3] and all("weight" not in r["options"]
                                       for r in records if r["strategy"] == "astar")
    assert all(r["cost"] <= 3 * min(o["cost"] for o in records if o["instance"] == r["instance"])
               for r in records)                  # weighted A* stays within its weight
    assert main(["batch", "nstar", str(lines), "-o", "colour=red", "--out",
                 str(tmp_path / "x.jsonl")]) == 2
    assert "unknown option 'colour'" in capsys.readouterr().err


def test_overhead_suite_measures_the_batch_against_a_plain_loop():
    import searchkit_nstar.bench.batch as suite

    from searchkit.bench import Options

    table = suite.run(Options(quick=True))
    assert [row[0] for row in table.rows] == ["plain loop", "batch jobs=1", "batch jobs=2"]
    assert all(row[1] == 2000 and row[2] > 0 for row in table.rows)
    assert table.rows[0][3] is None and all(isinstance(r[3], float) for r in table.rows[1:])
    assert table.notes[0].startswith("- load average ")
