"""The store commands end to end: ingest, stats, query, games, show, export, and their errors."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.store import Store
from adjudicator.store.encode import to_json
from cli.main import app

GAMES = Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def ingest_into(path: Path, *logs: Path) -> Path:
    """The store file ``path``, made by `flip7 ingest` of ``logs`` (which must exit 0)."""
    result = CliRunner().invoke(app, ["ingest", *map(str, logs), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


def copy_for_test(template: Path, tmp_path: Path) -> Path:
    """A copy of the store file ``template`` in ``tmp_path``, for one test (which may change it)."""
    path = tmp_path / template.name
    shutil.copyfile(template, path)
    return path


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of the fixture games, ingested once per module by `flip7 ingest`."""
    return ingest_into(tmp_path_factory.mktemp("ingested") / "cli.duckdb", GAMES)


@pytest.fixture
def db(tmp_path: Path, ingested: Path) -> Path:
    """A copy of the ingested store for one test (which may change it)."""
    return copy_for_test(ingested, tmp_path)


def test_ingest_summary_and_idempotence(tmp_path: Path, runner: CliRunner) -> None:
    path = tmp_path / "s.duckdb"
    first = runner.invoke(app, ["ingest", str(GAMES), "--db", str(path)])
    assert first.exit_code == 0
    assert "ingested 4, unchanged 0, replaced 0, refused 0, invalid 3 (69 events stored)" in first.stdout
    second = runner.invoke(app, ["ingest", str(GAMES), "--db", str(path), "--json"])
    assert second.exit_code == 0
    assert json.loads(second.stdout) == {
        "ingested": 0, "unchanged": 4, "replaced": 0, "refused": 0, "invalid": 0, "unreadable": 0, "failed": 0,
        "events": 0, "problems": [],
    }


def test_refused_and_replaced(tmp_path: Path, db: Path, runner: CliRunner) -> None:
    other = tmp_path / "other.jsonl"
    other.write_bytes((GAMES / "fx2_flip7.jsonl").read_bytes().replace(b'"rounds":1', b'"rounds":3'))
    refused = runner.invoke(app, ["ingest", str(other), "--db", str(db)])
    assert refused.exit_code == 1
    assert "refused:" in refused.stderr and "fx-2" in refused.stderr and "--replace" in refused.stderr
    replaced = runner.invoke(app, ["ingest", str(other), "--db", str(db), "--replace"])
    assert replaced.exit_code == 0 and "replaced 1" in replaced.stdout


def test_unreadable_file_is_reported_and_others_stored(tmp_path: Path, runner: CliRunner) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\xff\xfe not utf-8\n")
    path = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["ingest", str(bad), str(GAMES / "fx2_flip7.jsonl"), str(tmp_path / "missing.jsonl"), "--db", str(path)])
    assert result.exit_code == 1
    assert "ingested 1" in result.stdout and "unreadable 2" in result.stdout
    assert "bad.jsonl" in result.stderr and "missing.jsonl" in result.stderr
    assert "Traceback" not in result.output


def test_ingest_from_stdin_and_env_var(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLIP7_DB", str(tmp_path / "env.duckdb"))
    result = runner.invoke(app, ["ingest", "-"], input=(GAMES / "fx1_freeze.jsonl").read_bytes())
    assert result.exit_code == 0 and "ingested 1" in result.stdout
    games = runner.invoke(app, ["games", "--json"])
    assert [g["id"] for g in json.loads(games.stdout)] == ["fx-1"]
    assert json.loads(games.stdout)[0]["source"] == "-"


def test_default_store_is_in_the_current_folder(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLIP7_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["ingest", str(GAMES / "fx2_flip7.jsonl")]).exit_code == 0
    assert (tmp_path / "flip7.duckdb").is_file()


def test_games_filters(db: Path, runner: CliRunner) -> None:
    invalid = json.loads(runner.invoke(app, ["games", "--db", str(db), "--invalid", "--json"]).stdout)
    assert [g["id"] for g in invalid] == ["fx-1", "fx-3", "unnamed-c3a4f6e74f5ee29f"]
    ana = json.loads(runner.invoke(app, ["games", "--db", str(db), "--player", "Ana", "--json"]).stdout)
    assert [g["id"] for g in ana] == ["fx-1", "fx-2"]
    table = runner.invoke(app, ["games", "--db", str(db)])
    assert table.exit_code == 0 and "fx-3" in table.stdout and "4 games" in table.stdout


@pytest.mark.parametrize(("game", "file"), [("fx-2", "fx2_flip7.jsonl"), ("fx-3", "fx3_illegal.jsonl"), ("fx-1", "fx1_freeze.jsonl")])
def test_show_prints_what_check_prints(db: Path, runner: CliRunner, game: str, file: str) -> None:
    shown = runner.invoke(app, ["show", game, "--db", str(db)])
    checked = runner.invoke(app, ["check", str(GAMES / file)])
    assert shown.stdout == checked.stdout and shown.exit_code == checked.exit_code
    shown_json = runner.invoke(app, ["show", game, "--db", str(db), "--json"])
    checked_json = runner.invoke(app, ["check", str(GAMES / file), "--json"])
    assert json.loads(shown_json.stdout) == json.loads(checked_json.stdout)


def test_show_unknown_game(db: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", "nope", "--db", str(db)])
    assert result.exit_code == 2 and "no stored game has the id 'nope'" in result.stderr


def test_stats(db: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["stats", "--db", str(db), "--json"])
    assert result.exit_code == 0
    tables = {t["name"]: t for t in json.loads(result.stdout)}
    assert tables["overview"]["rows"] == [{"games": 4, "valid": 1, "invalid": 3, "complete": 2, "finished": 2, "rounds": 4, "events": 69}]
    assert tables["flip7_rate"]["rows"][0]["flip7s"] == 1
    assert all(t["explanation"] for t in tables.values())
    ana = json.loads(runner.invoke(app, ["stats", "--db", str(db), "--json", "--player", "Ana", "--only", "players"]).stdout)
    assert [t["name"] for t in ana] == ["players"] and ana[0]["rows"][0]["player"] == "Ana"
    every = runner.invoke(app, ["stats", "--db", str(db), "--all"])
    assert every.exit_code == 0 and "Win rate by seat" in every.stdout and "Busts by numbers in the row" in every.stdout
    short = runner.invoke(app, ["stats", "--db", str(db)])
    assert short.exit_code == 0 and "(overview)" in short.stdout and "Win rate by seat" not in short.stdout
    assert "--only NAME[,NAME...]" in short.stdout
    listed = json.loads(runner.invoke(app, ["stats", "--db", str(db), "--json", "--only", "players, flip7_rate", "--only", "overview"]).stdout)
    assert [t["name"] for t in listed] == ["overview", "players", "flip7_rate"] or {t["name"] for t in listed} == {"overview", "players", "flip7_rate"}
    future = json.loads(runner.invoke(app, ["stats", "--db", str(db), "--json", "--since", "2999-01-01", "--only", "overview"]).stdout)
    assert future[0]["rows"][0]["games"] == 0
    recent = json.loads(runner.invoke(app, ["stats", "--db", str(db), "--json", "--since", "1d", "--only", "overview"]).stdout)
    assert recent[0]["rows"][0]["games"] == 4


@pytest.mark.parametrize("args", [["--since", "last tuesday"], ["--only", "nope"]])
def test_stats_bad_options(db: Path, runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, ["stats", "--db", str(db), *args])
    assert result.exit_code == 2 and "error:" in result.stderr and "Traceback" not in result.output


def test_query_outputs(db: Path, runner: CliRunner) -> None:
    sql = "SELECT id, players, valid FROM games WHERE named ORDER BY id"
    as_json = runner.invoke(app, ["query", sql, "--db", str(db), "--json"])
    assert json.loads(as_json.stdout)[0] == {"id": "fx-1", "players": ["Ana", "Ben", "Cem"], "valid": False}
    as_csv = runner.invoke(app, ["query", sql, "--db", str(db), "--csv"])
    assert as_csv.stdout.splitlines()[:2] == ["id,players,valid", 'fx-1,"[""Ana"", ""Ben"", ""Cem""]",False']
    table = runner.invoke(app, ["query", sql, "--db", str(db)])
    assert table.exit_code == 0 and "fx-2" in table.stdout
    cut = runner.invoke(app, ["query", "SELECT * FROM range(50)", "--db", str(db), "--max-rows", "5", "--json"])
    assert len(json.loads(cut.stdout)) == 5 and "first 5 rows" in cut.stderr


def _strict_json(text: str) -> object:
    """``json.loads`` that refuses the non-JSON constants ``NaN`` and ``Infinity``."""

    def refuse(name: str) -> object:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_query_json_is_valid_and_encoded_as_the_api_does(db: Path, runner: CliRunner) -> None:
    """NaN, DECIMAL and BLOB: valid JSON, the same values as ``to_json`` (what ``POST /v1/query`` sends)."""
    sql = (
        "SELECT 'NaN'::DOUBLE AS nan, '-inf'::DOUBLE AS neg, 1.50::DECIMAL(5, 2) AS dec, 12::DECIMAL(5, 0) AS whole, "
        "'\\xFF\\x00'::BLOB AS raw, 'abc'::BLOB AS text"
    )
    result = runner.invoke(app, ["query", sql, "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    rows = _strict_json(result.stdout)
    store = Store.open(db, read_only=True)
    try:
        direct = store.query(sql)
    finally:
        store.close()
    expected = [dict(zip(direct.columns, to_json(list(row)), strict=True)) for row in direct.rows]
    assert rows == expected
    assert rows == [{"nan": "NaN", "neg": "-Infinity", "dec": 1.5, "whole": 12, "raw": "base64:/wA=", "text": "abc"}]
    as_csv = runner.invoke(app, ["query", sql, "--db", str(db), "--csv"])
    assert as_csv.stdout.splitlines() == ["nan,neg,dec,whole,raw,text", "NaN,-Infinity,1.5,12,base64:/wA=,abc"]


@pytest.mark.parametrize(
    "sql",
    ["DELETE FROM games", "SELECT * FROM read_csv('/etc/passwd')", "INSTALL httpfs", "SET threads = 1", "COPY games TO 'x.csv'", "SELECT nope"],
)
def test_query_errors_are_one_line(db: Path, runner: CliRunner, sql: str) -> None:
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    result = runner.invoke(app, ["query", sql, "--db", str(db)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and len(result.stderr.strip().splitlines()) == 1
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_export(tmp_path: Path, db: Path, runner: CliRunner) -> None:
    out = tmp_path / "parquet"
    result = runner.invoke(app, ["export", str(out), "--db", str(db)])
    assert result.exit_code == 0
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted(f"{t}.parquet" for t in ("meta", "games", "logs", "game_players", "events", "rounds", "player_rounds", "hits", "targets", "wipes", "violations", "analyses", "decisions", "live_tables", "live_events", "players", "player_seats", "player_aliases", "rating_changes", "ratings"))
    games = pq.read_table(out / "games.parquet")
    assert games.num_rows == 4 and games.column("id").to_pylist()[:3] == ["fx-1", "fx-2", "fx-3"]
    assert pq.read_table(out / "events.parquet").num_rows == 69
    assert pq.read_table(out / "logs.parquet").column("content").to_pylist()[1] == (GAMES / "fx2_flip7.jsonl").read_bytes()


def test_missing_store_for_read_commands(tmp_path: Path, runner: CliRunner) -> None:
    for command in (["stats"], ["games"], ["show", "x"], ["query", "SELECT 1"], ["export", str(tmp_path / "o")]):
        result = runner.invoke(app, [*command, "--db", str(tmp_path / "none.duckdb")])
        assert result.exit_code == 2 and "no store at" in result.stderr
    assert not (tmp_path / "none.duckdb").exists()


def test_foreign_file_is_left_alone(tmp_path: Path, runner: CliRunner) -> None:
    foreign = tmp_path / "notes.duckdb"
    foreign.write_text("shopping list\n")
    result = runner.invoke(app, ["ingest", str(GAMES), "--db", str(foreign)])
    assert result.exit_code == 2 and "not a readable flip7 store" in result.stderr
    assert foreign.read_text() == "shopping list\n"


def test_second_ingest_process_gets_database_in_use(tmp_path: Path, db: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(
            """
            import sys
            from adjudicator.store import Store
            s = Store.open(sys.argv[1]); print("ready", flush=True); sys.stdin.readline(); s.close()
            """
        ), str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        before = hashlib.sha256(db.read_bytes()).hexdigest()
        second = subprocess.run(
            [sys.executable, "-m", "cli.main", "ingest", str(GAMES), "--db", str(db), "--wait", "0.5"],
            capture_output=True, text=True, timeout=120,
        )
        assert second.returncode == 2
        assert f"(process {holder.pid})" in second.stderr and "--wait" in second.stderr
        assert "database is in use" in second.stderr and "Traceback" not in second.stderr
        assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    finally:
        holder.communicate("\n", timeout=30)


def test_ctrl_c_mid_ingest_keeps_whole_games_only(tmp_path: Path) -> None:
    import signal
    import time

    from tests.adjudicator.helpers import simulated_logs

    base = simulated_logs(["base"] * 20, seed=21)
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(600):
        (folder / f"c{i:04}.jsonl").write_text(base[i % 20].replace('"base"', f'"c{i:04}"'))
    db = tmp_path / "c.duckdb"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "ingest", str(folder), "--db", str(db), "--batch-size", "25", "--jobs", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # Interrupt once the ingest is under way (it announces itself when it holds the store), not
    # at a fixed time: under load a fixed delay may fall before Python has even started.
    from adjudicator.store.holder import read_holder

    deadline = time.monotonic() + 120
    while read_holder(db) is None and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode in (130, 0), err
    if proc.returncode == 130:
        assert "interrupted:" in err and "Traceback" not in err
    from adjudicator.store import Store

    with Store.open(db, read_only=True) as store:
        stored = store.query("SELECT count(*) FROM games").rows[0][0]
        half = store.query(
            "SELECT count(*) FROM games g WHERE n_events <> (SELECT count(*) FROM events e WHERE e.game = g.id)"
        ).rows
        assert half == [(0,)]
    assert stored % 25 == 0 or stored == 600  # whole batches only
    again = subprocess.run(
        [sys.executable, "-m", "cli.main", "ingest", str(folder), "--db", str(db), "--json"], capture_output=True, text=True, timeout=300
    )
    summary = json.loads(again.stdout)
    assert (summary["unchanged"], summary["ingested"]) == (stored, 600 - stored)


def test_file_names_that_are_not_utf8_print_on_a_strict_terminal(tmp_path: Path) -> None:
    """Regression (issue 14): a file name with a byte that is not UTF-8 crashed `--json` output on a
    terminal that encodes strictly; it is shown with the byte escaped."""
    folder = Path(os.fsdecode(os.fsencode(tmp_path) + b"/d\xfe"))
    folder.mkdir()
    (folder / "a.jsonl").write_text('{"type":"game"}\n')
    missing = os.fsdecode(os.fsencode(tmp_path) + b"/gone\xff.jsonl")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    flip7 = [sys.executable, "-m", "cli.main"]
    check = subprocess.run([*flip7, "check", "--json", str(folder / "a.jsonl"), missing], capture_output=True, env=env)
    assert check.returncode == 2, check.stderr
    out = json.loads(check.stdout)
    assert out[1]["file"].endswith("gone\\xff.jsonl") and out[0]["valid"] is False
    db = tmp_path / "s.duckdb"
    ingest = subprocess.run([*flip7, "ingest", "--json", "--db", str(db), str(folder), missing], capture_output=True, env=env)
    assert ingest.returncode == 1, ingest.stderr
    problems = json.loads(ingest.stdout)["problems"]
    assert [p["file"].endswith("gone\\xff.jsonl") for p in problems] == [True] and "\\xff" in problems[0]["message"]


@pytest.mark.parametrize("columns", ["80", "200"])
def test_games_never_cut_an_id(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    path = tmp_path / "ids.duckdb"
    long_id = "league-2026-autumn-table-seven-final-game"
    log = tmp_path / "long.jsonl"
    log.write_text((GAMES / "fx2_flip7.jsonl").read_text().replace('"fx-2"', f'"{long_id}"'))
    assert runner.invoke(app, ["ingest", str(GAMES), str(log), "--db", str(path)]).exit_code == 0
    monkeypatch.setenv("COLUMNS", columns)
    result = runner.invoke(app, ["games", "--db", str(path)])
    assert result.exit_code == 0
    assert long_id in result.stdout and "unnamed-c3a4f6e74f5ee29f" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= int(columns)


def test_show_suggests_near_ids(db: Path, runner: CliRunner) -> None:
    typo = runner.invoke(app, ["show", "FX-1", "--db", str(db)])
    assert typo.exit_code == 2 and "did you mean 'fx-1'?" in typo.stderr
    short = runner.invoke(app, ["show", "fx", "--db", str(db)])
    assert "'fx-1' or 'fx-2' or 'fx-3'" in short.stderr
    far = runner.invoke(app, ["show", "zzz", "--db", str(db)])
    assert far.exit_code == 2 and "did you mean" not in far.stderr and "flip7 games" in far.stderr


# ------------------------------------------------------------------ the ruleset (issue 21 item 7)


@pytest.fixture(scope="module")
def mixed_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of one game of each ruleset: the base game, Vengeance and Brutal (made once per module)."""
    logs = Path(__file__).resolve().parents[2] / "logs"
    files = [logs / name for name in ("3-players.jsonl", "vengeance-4-players.jsonl", "vengeance-brutal.jsonl")]
    return ingest_into(tmp_path_factory.mktemp("mixed") / "mixed.duckdb", *files)


@pytest.fixture
def mixed_db(tmp_path: Path, mixed_template: Path) -> Path:
    """A copy of the store of one game of each ruleset, for one test."""
    return copy_for_test(mixed_template, tmp_path)


def _lines_fit(text: str, width: int = 80) -> None:
    """Every line of ``text`` fits ``width`` columns and nothing is cut to an ellipsis."""
    too_wide = [line for line in text.splitlines() if len(line) > width]
    assert too_wide == []
    assert "…" not in text


def test_stats_all_fits_80_columns_with_whole_headers_and_cells(mixed_db: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion) -> None:
    # issue 21 item 9: headers were cut to stubs (self_r…), cards to flip_t…, "vengeance (brutal)" wrapped
    monkeypatch.setenv("COLUMNS", "80")
    every = runner.invoke(app, ["stats", "--db", str(mixed_db), "--all"])
    assert every.exit_code == 0
    _lines_fit(every.stdout)
    columns = {c for t in json.loads(runner.invoke(app, ["stats", "--db", str(mixed_db), "--json"]).stdout) for c in t["columns"]}
    assert all(f" {c} " in every.stdout for c in columns)  # every header whole
    assert "flip_three" in every.stdout and "(brutal)  " not in every.stdout.replace("vengeance (brutal)", "")
    by_ruleset = runner.invoke(app, ["stats", "--db", str(mixed_db), "--only", "by_ruleset"])
    assert by_ruleset.stdout.count("vengeance (brutal)") == 2  # one row in each of the two tables
    assert by_ruleset.stdout == snapshot


def test_stats_as_csv(mixed_db: Path, runner: CliRunner) -> None:
    # issue 21 item 11: `stats --csv`
    tables = {t["name"]: t for t in json.loads(runner.invoke(app, ["stats", "--db", str(mixed_db), "--json"]).stdout)}
    one = runner.invoke(app, ["stats", "--db", str(mixed_db), "--only", "by_ruleset", "--csv"])
    assert one.exit_code == 0
    rows = list(csv.reader(io.StringIO(one.stdout)))
    assert rows[0] == tables["by_ruleset"]["columns"]
    assert [r[0] for r in rows[1:]] == ["flip7", "vengeance", "vengeance (brutal)"]
    several = runner.invoke(app, ["stats", "--db", str(mixed_db), "--only", "overview,players", "--csv"])
    blocks = several.stdout.split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == ["# overview", "# players"]
    assert blocks[0].splitlines()[1] == ",".join(tables["overview"]["columns"])
    overview = runner.invoke(app, ["stats", "--db", str(mixed_db), "--csv"])
    assert overview.stdout.splitlines()[0] == ",".join(tables["overview"]["columns"])  # the overview alone, no hint
    both = runner.invoke(app, ["stats", "--db", str(mixed_db), "--csv", "--json"])
    assert both.exit_code == 2 and "choose one of --json and --csv" in both.stderr


@pytest.mark.parametrize("command", [["games"], ["query", "SELECT 1"], ["stats"]])
@pytest.mark.parametrize("content", ["duckdb", "text"])
def test_a_db_that_is_no_store_is_named_and_left_untouched(tmp_path: Path, runner: CliRunner, command: list[str], content: str) -> None:
    # issue 21 item 11: "Catalog Error" from games/query on a DuckDB file of something else
    path = tmp_path / "other.duckdb"
    if content == "duckdb":
        import duckdb

        with duckdb.connect(str(path)) as connection:
            connection.execute("CREATE TABLE t (x INTEGER)")
    else:
        path.write_text("a shopping list\n")
    before = path.read_bytes()
    result = runner.invoke(app, [*command, "--db", str(path)])
    assert result.exit_code == 2
    assert str(path) in result.stderr and "not a" in result.stderr and "flip7 store" in result.stderr
    assert "Catalog Error" not in result.output and "Traceback" not in result.output
    assert path.read_bytes() == before


def test_games_show_and_filter_the_ruleset(mixed_db: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    listed = json.loads(runner.invoke(app, ["games", "--db", str(mixed_db), "--json"]).stdout)
    assert sorted(g["ruleset"] for g in listed) == ["flip7", "vengeance", "vengeance (brutal)"]
    both = json.loads(runner.invoke(app, ["games", "--db", str(mixed_db), "--ruleset", "vengeance", "--json"]).stdout)
    assert sorted(g["ruleset"] for g in both) == ["vengeance", "vengeance (brutal)"]
    brutal = json.loads(runner.invoke(app, ["games", "--db", str(mixed_db), "--ruleset", "vengeance (brutal)", "--json"]).stdout)
    assert [g["ruleset"] for g in brutal] == ["vengeance (brutal)"]
    for columns in ("80", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        table = runner.invoke(app, ["games", "--db", str(mixed_db)]).stdout
        assert "vengeance (brutal)" in table  # whole, on one line
        assert max(len(line) for line in table.splitlines()) <= int(columns)
    typo = runner.invoke(app, ["games", "--db", str(mixed_db), "--ruleset", "vengance"])
    assert typo.exit_code == 2 and "no ruleset is called 'vengance'" in typo.output


def test_stats_filter_by_ruleset(mixed_db: Path, runner: CliRunner) -> None:
    def games(*args: str) -> int:
        result = runner.invoke(app, ["stats", "--db", str(mixed_db), "--json", "--only", "overview", *args])
        assert result.exit_code == 0, result.output
        return int(json.loads(result.stdout)[0]["rows"][0]["games"])

    assert (games(), games("--ruleset", "flip7"), games("--ruleset", "vengeance"), games("--ruleset", "vengeance (brutal)")) == (3, 1, 2, 1)


def test_check_and_show_name_the_ruleset(mixed_db: Path, runner: CliRunner) -> None:
    logs = Path(__file__).resolve().parents[2] / "logs"
    checked = runner.invoke(app, ["check", str(logs / "vengeance-brutal.jsonl")])
    assert checked.stdout.splitlines()[0].split()[1:3] == ["vengeance", "(brutal)"]
    game_id = json.loads((logs / "vengeance-brutal.jsonl").read_text().splitlines()[0])["id"]
    shown = runner.invoke(app, ["show", game_id, "--db", str(mixed_db)])
    assert "vengeance (brutal)" in shown.stdout.splitlines()[0]


def test_delete_removes_stored_games_and_names_a_missing_one(db: Path, runner: CliRunner) -> None:
    # issue 21 item 11: the API had DELETE /v1/games/{id}, the command line nothing
    result = runner.invoke(app, ["delete", "fx-1", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "deleted fx-1" in result.stdout
    ids = [g["id"] for g in json.loads(runner.invoke(app, ["games", "--db", str(db), "--json"]).stdout)]
    assert "fx-1" not in ids and "fx-2" in ids
    again = runner.invoke(app, ["delete", "fx-1", "fx-2", "--db", str(db)])
    assert again.exit_code == 1
    assert "no stored game has the id 'fx-1'" in again.output and "deleted fx-2" in again.stdout


def test_ingest_of_an_empty_folder_says_so(tmp_path: Path, runner: CliRunner) -> None:
    # issue 21 item 11: an empty folder was silently ignored
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["ingest", str(tmp_path / "empty"), "--db", str(tmp_path / "s.duckdb")])
    assert result.exit_code == 2
    assert "is a folder with no *.jsonl log files in it" in result.output
    assert not (tmp_path / "s.duckdb").exists()


def test_a_player_given_in_the_wrong_case_gets_a_hint(db: Path, runner: CliRunner) -> None:
    # issue 21 item 11: --player ana listed nothing, with no word why
    for command in (["games"], ["stats"]):
        result = runner.invoke(app, [*command, "--db", str(db), "--player", "ana"])
        assert result.exit_code == 0, result.output
        assert "no stored game seats 'ana'" in result.stderr and "did you mean 'Ana'?" in result.stderr
    exact = runner.invoke(app, ["games", "--db", str(db), "--player", "Ana"])
    assert "no stored game seats" not in exact.stderr

@pytest.mark.parametrize(("since", "games"), [("9999-12-31T23:59:59-23:59", 0), ("0001-01-01T00:00:00+01:00", 4), ("9" * 4301 + "d", 4)])
def test_stats_since_at_the_calendars_ends(db: Path, runner: CliRunner, since: str, games: int) -> None:
    """Issue 23, item 4: these were an OverflowError / ValueError traceback."""
    result = runner.invoke(app, ["stats", "--db", str(db), "--json", "--since", since, "--only", "overview"])
    assert result.exit_code == 0 and result.exception is None
    assert json.loads(result.stdout)[0]["rows"][0]["games"] == games


def test_ingest_caps_the_memory_of_its_store_only(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """``flip7 ingest`` opens its store with ``WRITER_LIMITS`` (DuckDB's cache of written blocks grows
    with the store otherwise, and its checkpoints merge stored row groups); the other commands open
    theirs as before."""
    from adjudicator.store import ingest as ingest_module

    settings = "SELECT current_setting('memory_limit'), current_setting('threads')::VARCHAR, current_setting('max_vacuum_tasks')::VARCHAR"
    seen: dict[str, tuple[str, str, str]] = {}
    real = ingest_module.Ingestor.run

    def run(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen["ingest"] = self._con.execute(settings).fetchone()
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ingest_module.Ingestor, "run", run)
    path = tmp_path / "s.duckdb"
    assert runner.invoke(app, ["ingest", str(GAMES), "--db", str(path)]).exit_code == 0
    memory, threads, vacuum = seen["ingest"]
    assert threads == "1" and vacuum == "0"
    assert memory.endswith("MiB") and float(memory.split()[0]) <= 48
    with Store.open(path, read_only=True) as store:
        assert store.query("SELECT current_setting('threads')").rows == [(os.cpu_count() or 1,)]
        assert store.query("SELECT current_setting('max_vacuum_tasks')").rows != [(0,)]  # merges as DuckDB does


def test_ingest_into_a_store_that_outgrows_the_cap_completes(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second ``flip7 ingest`` whose statements run out of memory under its cap (2 MB here, as a
    store of 15,000 games did at 48 MB) raises the cap and ends as if nothing happened."""
    from adjudicator.store import ingest as ingest_module

    path = tmp_path / "s.duckdb"
    first = runner.invoke(app, ["ingest", str(GAMES / "fx1_freeze.jsonl"), str(GAMES / "fx2_flip7.jsonl"), "--db", str(path)])
    assert first.exit_code == 0, first.output
    raised: list[bool] = []
    real = ingest_module.raise_memory_limit
    monkeypatch.setattr(ingest_module, "raise_memory_limit", lambda con: raised.append(real(con)) or raised[-1])
    monkeypatch.setattr("cli.store.WRITER_LIMITS", {**ingest_module.WRITER_LIMITS, "memory_limit": "2MB"})
    second = runner.invoke(app, ["ingest", str(GAMES), "--db", str(path), "--json"])
    assert second.exit_code == 0, second.output
    assert raised and all(raised)
    counts = json.loads(second.stdout)
    assert (counts["ingested"], counts["unchanged"], counts["failed"], counts["problems"]) == (2, 2, 0, [])
    with Store.open(path, read_only=True) as store:
        assert store.query("SELECT count(*), count(DISTINCT id) FROM games").rows == [(4, 4)]


def test_a_wide_query_is_one_block_per_row_at_80_columns_never_ellipses(db: Path, runner: CliRunner) -> None:
    # issue 28 item 4: "select * from games" at 80 columns showed "…" in every cell
    sql = "SELECT * FROM games ORDER BY id LIMIT 3"
    rows = json.loads(runner.invoke(app, ["query", sql, "--db", str(db), "--json"]).stdout)
    result = runner.invoke(app, ["query", sql, "--db", str(db)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout and max(len(line) for line in result.stdout.splitlines()) <= 80
    assert result.stdout.count("-- row ") == 3
    for row in rows:
        assert row["id"] in result.stdout and row["content_hash"] in result.stdout
    narrow = runner.invoke(app, ["query", "SELECT id, valid FROM games ORDER BY id", "--db", str(db)], env={"COLUMNS": "80"})
    assert "┃ id" in narrow.stdout and "-- row" not in narrow.stdout  # a table that fits stays a table


def test_query_and_games_into_a_file_are_plain_text_with_whole_headers(db: Path, runner: CliRunner) -> None:
    # issue 28 item 4: `flip7 games > file` wrote headers like "pl… va…"
    games = runner.invoke(app, ["games", "--db", str(db)])  # the runner's output is no terminal
    header = games.stdout.splitlines()[0].split()
    assert header[:4] == ["id", "ruleset", "valid", "finished"] and header[-1] == "players"
    assert "…" not in games.stdout and "┃" not in games.stdout and "│" not in games.stdout
    assert any(line.startswith("fx-1 ") and line.endswith("Ana, Ben, Cem") for line in games.stdout.splitlines())
    query = runner.invoke(app, ["query", "SELECT * FROM games ORDER BY id", "--db", str(db)])
    lines = query.stdout.splitlines()
    assert lines[0].split()[:3] == ["id", "named", "source"] and "│" not in query.stdout and "…" not in query.stdout
    assert len(lines) == 1 + len(json.loads(runner.invoke(app, ["games", "--db", str(db), "--json"]).stdout))
