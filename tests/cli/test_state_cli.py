"""`flip7 state` as players read it: names (no seat numbers), who deals, Freeze as a freeze, cards
still owed, set-aside cards, piles in deck order, With a Vengeance rows; readable at 80 columns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.adjudicator.helpers import game, log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
runner = CliRunner()


def state(path: Path, at: int, *extra: str) -> str:
    result = runner.invoke(app, ["state", str(path), "--at", str(at), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def table_lines(text: str) -> list[list[str]]:
    """The rows of the table (the lines after the header line ``player status …``), split."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["player", "status"])
    rows = []
    for line in lines[start + 1 :]:
        if not line.split() or ":" in line.split()[0]:
            break
        rows.append(line.split())
    return rows


def test_players_are_named_and_no_seat_is_numbered(tmp_path: Path) -> None:
    text = state(FIXTURES / "base" / "001-spec-example.jsonl", 7)
    header = next(line for line in text.splitlines() if line.startswith("player"))
    assert "seat" not in header.split()
    assert [row[0] for row in table_lines(text)] == ["Ana", "Ben", "Cem"]


def test_the_first_dealer_before_round_1_and_the_next_dealer_between_rounds(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(log(game(dealer="Ben")), encoding="utf-8")
    assert "before round 1: Ben deals first" in state(path, 0)
    assert json.loads(state(path, 0, "--json"))["dealer"] == "Ben"
    rotation = FIXTURES / "base" / "026-dealer-rotation-four-players.jsonl"
    assert "round 1, dealt by Cem" in state(rotation, 5)
    assert "between rounds (1 finished): Dev deals round 2" in " ".join(state(rotation, 9).split())
    assert json.loads(state(rotation, 9, "--json"))["next_dealer"] == "Dev"


def test_freeze_is_shown_as_who_froze_and_not_among_modifiers() -> None:
    text = state(FIXTURES / "base" / "001-spec-example.jsonl", 7)
    ben = next(row for row in table_lines(text) if row[0] == "Ben")
    assert ben[:4] == ["Ben", "frozen", "8", "-"]  # no Freeze among the modifiers
    assert "frozen by Cem's Freeze" in text and "frozen: stopped by a Freeze" in text
    assert json.loads(state(FIXTURES / "base" / "001-spec-example.jsonl", 7, "--json"))["players"][1]["frozen_by"] == "Cem"


def test_cards_still_owed_during_a_flip_three() -> None:
    path = FIXTURES / "base" / "014-set-aside-freeze-then-flip-three.jsonl"
    assert "Still owed: Cem takes 2 cards more for a Flip Three." in state(path, 8)
    assert "Set aside: Cem's Freeze, if used now: Ana, Ben, Cem." in state(path, 8)
    owed = json.loads(state(path, 8, "--json"))["cards_owed"]
    assert owed == [{"player": "Cem", "cards": 2, "reason": "for a Flip Three", "action_card": "flip_three"}]
    assert "Still owed" not in state(path, 10)


def test_the_draw_pile_is_listed_in_deck_order() -> None:
    text = state(FIXTURES / "base" / "001-spec-example.jsonl", 7)
    pile = " ".join(text.split("Draw pile: ")[1].split())
    assert pile.startswith("90 cards: 0×1, 1×1, 2×2, 3×3,")
    assert "12×11, +2×1, +4×1, +6×1, +8×1, +10×1, Freeze×2, Flip Three×3, Second Chance×3" in pile
    data = json.loads(state(FIXTURES / "base" / "001-spec-example.jsonl", 7, "--json"))
    assert list(data["draw_pile"])[:3] == ["0", "1", "2"] and list(data["draw_pile"])[-1] == "second_chance"


def test_vengeance_rows_show_the_special_numbers_and_no_base_game_columns() -> None:
    path = FIXTURES / "vengeance" / "021-zero-stolen-holder-changes.jsonl"
    text = state(path, 9)
    assert "2nd chance" not in text and "frozen" not in text and "Second Chance" not in text
    cem = next(line for line in text.splitlines() if line.startswith("Cem"))
    assert "8, The Zero" in cem and "The Zero: must hit" in cem
    assert "Unlucky 7×1, 8×7" in " ".join(text.split())  # the Unlucky 7 beside the 7s
    data = json.loads(state(path, 9, "--json"))
    assert [p["holds_the_zero"] for p in data["players"]] == [False, False, True]
    assert not {"second_chance", "frozen_by"} & set(data["players"][0])


def test_vengeance_pending_actions_say_what_they_may_do() -> None:
    path = FIXTURES / "vengeance" / "008-flip-four-set-aside-in-order.jsonl"
    during = state(path, 9)
    assert "Still owed: Cem takes 2 cards more for a Flip Four." in during
    assert "Set aside: Cem's -2, if used now: Ana, Ben, Cem." in during
    steal = state(path, 12)
    assert "Legal now: Cem plays Steal on one card of: Ana's 9, -2; Ben's 5" in steal


def test_a_swap_lists_the_rows_once_not_every_pair() -> None:
    path = FIXTURES / "vengeance" / "027-swap-between-two-others.jsonl"
    text = state(path, 6)
    legal = " ".join(text.split("Legal now: ")[1].split("In play")[0].split())
    assert legal == "Ben plays Swap on two cards of different rows, from: Ana's 9; Ben's 5; Cem's 6"


def test_the_vengeance_verdict_legend_has_no_freeze() -> None:
    result = runner.invoke(app, ["check", str(FIXTURES / "vengeance" / "037-brutal-negative-scores.jsonl")])
    assert "✗ busted" in result.stdout and "❄" not in result.stdout and "frozen" not in result.stdout
    base = runner.invoke(app, ["check", str(FIXTURES / "base" / "001-spec-example.jsonl")])
    assert "❄ frozen" in base.stdout


@pytest.mark.parametrize("ruleset", ["flip7", "vengeance"])
def test_every_table_of_a_twelve_player_game_fits_80_columns(ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.simulate.play import GameOptions, play_game

    played = play_game("wide", "threshold:25", random.Random(3), players=12, options=GameOptions(ruleset=ruleset))
    path = tmp_path / "wide.jsonl"
    path.write_text("".join(e.model_dump_json(exclude_none=True) + "\n" for e in played.events))
    monkeypatch.setenv("COLUMNS", "80")
    for at in range(0, len(played.events), 7):
        text = state(path, at)
        assert max(len(line) for line in text.splitlines()) <= 80, (at, text)
        assert len(table_lines(text)) == 12, (at, text)  # one line per player: no cell wraps
