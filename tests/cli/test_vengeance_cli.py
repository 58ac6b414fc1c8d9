"""Every command takes With a Vengeance logs: check, state, schema, ingest, games, show, stats,
query, export."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
from typer.testing import CliRunner

from cli.main import app

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "vengeance"
runner = CliRunner()


def test_check_a_valid_and_an_invalid_vengeance_log() -> None:
    ok = runner.invoke(app, ["check", str(FIXTURES / "037-brutal-negative-scores.jsonl"), "--json"])
    assert ok.exit_code == 0, ok.output
    verdict = json.loads(ok.stdout)
    assert verdict["totals"] == {"Ana": 9, "Ben": -10, "Cem": -2}
    bad = runner.invoke(app, ["check", str(FIXTURES / "030-swap-within-one-row-refused.jsonl")])
    assert bad.exit_code == 1
    assert "illegal_target" in bad.stdout and "action.swap" in bad.stdout and "two different rows" in bad.stdout


def test_state_shows_what_a_steal_may_take() -> None:
    result = runner.invoke(app, ["state", str(FIXTURES / "008-flip-four-set-aside-in-order.jsonl"), "--at", "12"])
    assert result.exit_code == 0, result.output
    assert "Cem must choose the row Steal works on, one of: Ana, Ben" in result.stdout
    assert "Cem plays Steal on one card of: Ana's 9, -2; Ben's 5" in result.stdout


def test_schema_has_the_vengeance_target_fields() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert {"target_card", "other", "other_card"} <= set(json.loads(result.stdout)["$defs"]["VengeanceTargetEvent"]["properties"])


def test_store_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "v.duckdb")
    ingest = runner.invoke(app, ["ingest", str(FIXTURES), "--db", db, "--json", "--replace"])
    summary = json.loads(ingest.stdout)
    # every fixture is judged and stored (three reuse another fixture's game id and replace it)
    assert (summary["ingested"], summary["replaced"], summary["unreadable"]) == (len(list(FIXTURES.glob("*.jsonl"))) - 3, 3, 0)
    games = runner.invoke(app, ["games", "--db", db, "--json"])
    assert games.exit_code == 0 and "brutal-negative" in games.stdout
    show = runner.invoke(app, ["show", "brutal-negative", "--db", db])
    assert show.exit_code == 0 and "-10" in show.stdout
    stats = runner.invoke(app, ["stats", "--db", db, "--json", "--only", "by_ruleset", "--only", "special_numbers"])
    assert stats.exit_code == 0, stats.output
    tables = {t["name"]: t for t in json.loads(stats.stdout)}
    assert {r["ruleset"] for r in tables["by_ruleset"]["rows"]} == {"vengeance", "vengeance (brutal)"}
    assert any(r["held"] == "The Zero" for r in tables["special_numbers"]["rows"])
    query = runner.invoke(app, ["query", "SELECT count(*) AS n FROM events WHERE card = 'steal'", "--db", db, "--json"])
    assert query.exit_code == 0 and json.loads(query.stdout)[0]["n"] > 0
    out = tmp_path / "parquet"
    assert runner.invoke(app, ["export", str(out), "--db", db]).exit_code == 0
    assert "flip_four" in pq.read_table(out / "events.parquet").column("card").to_pylist()
