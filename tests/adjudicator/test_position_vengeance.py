"""A Vengeance ``position`` holds every card that stays in front of a player (issue 28 item 6)."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from adjudicator.replay import check_log
from cli.main import app

GAME = {"type": "game", "id": "v", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "vengeance"}


def _log(rows: dict[str, list[str]], turn: str = "Ben", **game: Any) -> str:
    position = {"type": "position", "round": 2, "dealer": "Ana", "players": {n: {"row": r} for n, r in rows.items()},
                "turn": turn, "totals": {"Ana": 10, "Ben": 20, "Cem": 30}, "discards": []}
    return "".join(json.dumps(line) + "\n" for line in ({**GAME, **game}, position))


#: A modifier, the Lucky 13 beside a 13 and the Unlucky 7: every one stays in a row.
ROWS = {"Ana": ["5", "-4"], "Ben": ["lucky_13", "13", "/2"], "Cem": ["unlucky_7", "3"]}


def test_a_position_holds_modifiers_the_lucky_13_and_the_unlucky_7() -> None:
    verdict = check_log(_log(ROWS))
    assert verdict.valid, verdict.violations


def test_advise_and_settle_take_such_a_position() -> None:
    runner = CliRunner()
    advice = runner.invoke(app, ["advise", "-", "--json"], input=_log(ROWS))
    assert advice.exit_code == 0, advice.output
    assert json.loads(advice.stdout)["player"] == "Ben"
    settled = runner.invoke(app, ["settle", "-"], input=_log(ROWS))
    assert settled.exit_code == 0, settled.output
    assert "Lucky 13 + 13 = 26, ÷2 → 13" in settled.stdout


def test_a_row_that_would_have_busted_is_refused_by_the_rulesets_own_rule() -> None:
    # a 7 beside the Unlucky 7 busts (equal values) in either order; two 13s bust without the Lucky 13
    for row in (["7", "unlucky_7"], ["unlucky_7", "7"], ["13", "13"]):
        [violation] = check_log(_log({**ROWS, "Ana": row}, decks=2)).violations
        assert violation.rule == "log.position" and "would be busted" in violation.message, row
    assert check_log(_log({**ROWS, "Ana": ["lucky_13", "13"]}, turn="Ana", decks=2)).valid
