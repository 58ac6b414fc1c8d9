"""`flip7 advise` and `flip7 analyze` on With a Vengeance games (Monte Carlo where the pile holds
Steal, Swap or Discard; targets rated move by move), in English and German."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()
#: An 80-column terminal (the output is wrapped to the terminal; a pipe gets the pipe width).
COLUMNS_80 = {"COLUMNS": "80"}
ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "logs" / "vengeance-4-players.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
#: Ana's first turn of the game (a full pile: Monte Carlo).
TURN = "".join(LINES[:7])
#: Ben's Steal in round 9, before he names the card.
STEAL = "".join(LINES[:265])


def test_advise_a_vengeance_turn_by_monte_carlo_in_both_languages(snapshot: SnapshotAssertion) -> None:
    data = json.loads(runner.invoke(app, ["advise", "-", "--json"], input=TURN).stdout)
    assert data["method"] == "monte-carlo" and data["samples"] == 200
    for option in ("hit", "stay"):
        low, high = data["interval"][option]
        assert low <= data[option] <= high
    assert data["best"] == "hit" and data["hit"] - data["stay"] > 5  # a lone 12: hit
    # the chance to win by 100 playouts an option, with time to spare on a busy machine
    en = runner.invoke(app, ["advise", "-", "--win-samples", "100", "--timeout", "120"], input=TURN, env=COLUMNS_80)
    de = runner.invoke(app, ["advise", "-", "--lang", "de", "--win-samples", "100", "--timeout", "120"], input=TURN, env=COLUMNS_80)
    assert en.exit_code == 0 and de.exit_code == 0
    assert "Monte Carlo, 200 playouts" in en.stdout and "Ausspielungen" in de.stdout
    assert "Chance to win (model flip7-w1):" in en.stdout and "Siegchance (Modell flip7-w1):" in de.stdout
    assert max(len(line) for line in (en.stdout + de.stdout).splitlines()) <= 80
    assert (en.stdout, de.stdout) == snapshot


def test_advise_rates_every_steal_by_the_card_taken() -> None:
    result = runner.invoke(app, ["advise", "-", "--json"], input=STEAL)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["kind"] == "target" and data["card"] == "steal"
    assert data["best_move"] == "Cem:13" and data["best"] == "Cem"
    assert data["moves"]["Ana:10"] < 0  # Ben holds a 10: taking Ana's busts him
    text = runner.invoke(app, ["advise", "-"], input=STEAL, env=COLUMNS_80).stdout
    assert "Cem:13" in text and max(len(line) for line in text.splitlines()) <= 80


def test_analyze_a_vengeance_round_gives_valid_json_with_methods_and_intervals() -> None:
    result = runner.invoke(app, ["analyze", "-", "--json", "--format", "1", "--round", "1"], input="".join(LINES))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    schema = json.loads((ROOT / "docs" / "flip7-analysis-1.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    methods = {d["method"] for d in data["decisions"]}
    assert "monte-carlo" in methods and data["ruleset"] == "vengeance"
    assert all("interval" in d for d in data["decisions"] if d["method"] == "monte-carlo")
    assert all("interval" not in d for d in data["decisions"] if d["method"] != "monte-carlo")


def test_analyze_wraps_a_target_decision_and_never_cuts_its_best_option() -> None:
    # issue 28 item 3: the steal line was cut at 80 columns before the best option (Dana:10)
    path = str(Path(__file__).resolve().parents[2] / "logs" / "vengeance-4-players.jsonl")
    for columns in ("200", "80"):
        result = runner.invoke(app, ["analyze", path, "--round", "2", "--win-samples", "8"], env={"COLUMNS": columns})
        assert result.exit_code == 0, result.output
        assert re.search(r"Dana:10 \d+\.\d\d", result.stdout), columns  # the best option, with its value
        assert max(len(line) for line in result.stdout.splitlines()) <= int(columns)
