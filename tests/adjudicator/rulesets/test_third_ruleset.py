"""Proof of the seam: a third ruleset, defined in this file alone, runs through every layer.

*Ladder* is the base game with no action cards and no modifiers, and another number ladder: the
numbers 1 to 10, card ``n`` having ``n`` copies (55 cards). A duplicate busts; seven different
numbers are a Flip 7 (+15) and end the round. It is registered under its own name, ``ladder``, for
each test only (the ``ladder`` fixture takes it out again), and goes through ``check``, the
simulator (library and ``flip7 simulate``), the notation, ``settle`` and ``explain``, the store's
ingest and statistics, the table view (its kit has no view: the defaults), ``POST /v1/state`` and
the conformance suite, with no shared file changed.

A layer that cannot take a new ruleset yet is marked ``xfail(strict=True)`` with the reason.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.events import TargetEvent
from adjudicator.notation import jsonl_to_notation, parse_notation
from adjudicator.referee import explain, settle
from adjudicator.replay import check_log
from adjudicator.rules import end_round
from adjudicator.rulesets import RULESETS, Kit, find_kit, registered
from adjudicator.rulesets.view import DEFAULT_VIEW
from adjudicator.simulate import GameOptions, play_game, simulate
from adjudicator.state import ACTIVE, BUSTED, DrawFrame, GameState, Row, Ruleset, ScoreStep, TargetFrame
from adjudicator.store import LogInput, Store
from adjudicator.table import TablePlayer, TableView
from adjudicator.timeline import table_at
from api import Settings, create_app
from cli.main import app
from tests.adjudicator.rulesets.test_conformance import (
    Config,
    Mode,
    assert_conserved,
    assert_faces_agree,
    assert_mutations_judged,
    assert_notation_round_trip,
    assert_one_verdict,
    assert_scores,
    assert_valid_game,
)
from tests.adjudicator.store.conftest import assert_store_whole

with warnings.catch_warnings():  # as in tests/api/conftest.py
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

NUMBERS = tuple(str(n) for n in range(1, 11))
FLIP7_BONUS = 15


class Ladder(Ruleset):
    """Numbers 1–10, ``n`` copies of ``n``; nothing else."""

    name = "ladder"
    cards = frozenset(NUMBERS)
    numbers = frozenset(NUMBERS)
    players_per_deck = 8

    def deck(self, decks: int) -> dict[str, int]:
        """``n`` copies of each number ``n`` per deck."""
        return {n: int(n) * decks for n in NUMBERS}

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """A number goes into the row: a duplicate busts, the seventh different one is a Flip 7."""
        row = state.rows[seat]
        row.numbers.append(card)
        if row.numbers.count(card) > 1:
            row.status, row.status_event, row.bust_card = BUSTED, index, card
        elif len(row.numbers) == 7:
            row.flip7 = True
            end_round(state, "flip7", seat)

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        """Never asked: no Ladder card waits for a target."""
        raise AssertionError("Ladder has no card with a target")

    def score_steps(self, state: GameState, row: Row) -> list[ScoreStep]:
        """0 when busted; else the numbers added up, and 15 more for a Flip 7."""
        if row.status == BUSTED:
            return [ScoreStep("busted", 0)]
        total = sum(map(int, row.numbers))
        steps = [ScoreStep("numbers", total, tuple(row.numbers))]
        if row.flip7:
            steps.append(ScoreStep("flip7", total + FLIP7_BONUS, amount=FLIP7_BONUS))
        return steps

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        """``flip7``, ``stayed``, ``busted``, or (still active) ``in`` after a Flip 7, ``playing`` before."""
        outcomes = [
            "flip7" if r.flip7 else ("in" if ended_by == "flip7" else "playing") if r.status == ACTIVE else r.status
            for r in state.rows
        ]
        return outcomes, [self.score_steps(state, r)[-1].total for r in state.rows]


@pytest.fixture
def ladder() -> Iterator[Ruleset]:
    """Ladder's kit registered for one test (the registry is put back afterwards)."""
    assert "ladder" not in RULESETS
    with registered(Kit(rules=Ladder())) as rules:
        yield rules
    assert "ladder" not in RULESETS


#: The notation's gap: it reads the game line's `ruleset ladder` now, but prints a ladder number card
#: that reads back as the string "10" where the log has the number 10.
NAMED_IN_THE_NOTATION = pytest.mark.xfail(
    strict=True,
    reason="the notation reads a new ruleset's number cards back as strings ('10'), not as the log's numbers",
)

GAME = {"type": "game", "id": "ladder-1", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "ladder", "target": 20}
#: Ben is dealt 10, Cem 9 and Ana 8; Ben stays, Cem busts on a second 9, Ana hits a 7 and stays.
ROUND = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": 10},
    {"type": "card", "player": "Cem", "card": 9},
    {"type": "card", "player": "Ana", "card": 8},
    {"type": "stay", "player": "Ben"},
    {"type": "hit", "player": "Cem"},
    {"type": "card", "player": "Cem", "card": 9},
    {"type": "hit", "player": "Ana"},
    {"type": "card", "player": "Ana", "card": 7},
    {"type": "stay", "player": "Ana"},
    {"type": "score", "round": 1, "scores": {"Ana": 15, "Ben": 10, "Cem": 0}},
]
LOG = "".join(json.dumps(e) + "\n" for e in [GAME, *ROUND])


def test_the_fixture_leaves_the_registry_as_it_was() -> None:
    assert "ladder" not in RULESETS
    assert check_log(LOG).violations[0].code == "bad_event"  # without it, no such ruleset


def test_check_judges_a_ladder_log(ladder: Ruleset) -> None:
    verdict = check_log(LOG)
    assert verdict.valid, verdict.violations[:1]
    assert verdict.totals == {"Ana": 15, "Ben": 10, "Cem": 0}
    assert verdict.rounds[0].players["Cem"].outcome == "busted"
    # A card of the base game is an unknown card in this game.
    freeze = check_log(LOG.replace('"card": 7}', '"card": "freeze"}'))
    assert (freeze.violations[0].code, freeze.violations[0].rule) == ("bad_event", "log.card")
    assert check_log(LOG.replace('"card": 7}', '"card": 12}')).violations[0].code == "bad_event"


def test_the_simulator_plays_ladder_games(ladder: Ruleset) -> None:
    games = simulate(3, 4, seed=5, options=GameOptions(ruleset="ladder", target=60))
    for game in games:
        verdict = check_log(game.text())
        assert verdict.valid and verdict.finished
        assert set(card for e in game.events if e.type == "card" for card in [e.card]) <= set(NUMBERS)  # type: ignore[union-attr]


def test_flip7_simulate_writes_ladder_games(ladder: Ruleset, tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = CliRunner().invoke(app, ["simulate", "--ruleset", "ladder", "--games", "2", "--players", "3", "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for path in out.iterdir():
        assert check_log(path.read_text(encoding="utf-8")).valid


@NAMED_IN_THE_NOTATION
def test_the_notation_writes_and_reads_a_ladder_game(ladder: Ruleset) -> None:
    notation = jsonl_to_notation(LOG.splitlines())
    assert "ladder" in notation.splitlines()[0]
    assert [entry.kind for entry in parse_notation(notation).entries] == ["event"] * len(notation.splitlines())
    assert_notation_round_trip(LOG)


def test_settle_and_explain_rule_on_a_ladder_game(ladder: Ruleset) -> None:
    wrong = LOG.replace('"Ana": 15', '"Ana": 16')
    ruling = settle(wrong)
    [violation] = ruling["ruling"]["violations"]
    assert violation["code"] == "score_mismatch"
    assert "Ana: 8 + 7 = 15" in violation["facts"]
    german = settle(wrong, "de")["ruling"]["violations"][0]
    assert german["code"] == "score_mismatch" and "Ana hat 15, nicht 16" in german["message"]
    told = explain(LOG)
    assert told["totals"] == {"Ana": 15, "Ben": 10, "Cem": 0}
    assert_one_verdict(wrong)


def test_the_store_ingests_ladder_games_and_counts_them(ladder: Ruleset, tmp_path: Path) -> None:
    games = [play_game(f"ladder-{seed}", "cautious:0.3", random.Random(seed), players=4, options=GameOptions(ruleset="ladder", target=50)) for seed in range(3)]
    with Store.open(tmp_path / "store.duckdb") as store:
        summary = store.ingest_many([LogInput.from_bytes(g.game_id, g.text().encode()) for g in games])
        assert summary.ingested == 3, summary.problems
        assert assert_store_whole(store) == 3
        assert store.query("SELECT count(*) FROM games WHERE options->>'ruleset' = 'ladder'").rows == [(3,)]
        stats = {s.statistic.name: s for s in store.stats()}
        assert stats, "no statistic ran"
        busts = store.query("SELECT count(*) FROM player_rounds WHERE outcome = 'busted'").rows[0][0]
        assert busts == sum(1 for g in games for r in check_log(g.text()).rounds for p in r.players.values() if p.outcome == "busted")


def test_post_v1_state_shows_a_ladder_table(ladder: Ruleset, tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db_path=tmp_path / "api.duckdb"))) as client:
        response = client.post("/v1/state", params={"at": 7}, content=LOG, headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 200, response.text
    table = response.json()
    assert table["ruleset"] == "ladder"
    assert [p["numbers"] for p in table["players"]] == [["8"], ["10"], ["9", "9"]]
    assert table["players"][2]["status"] == "busted"
    assert sum(table["draw_pile"].values()) == 55 - 4


def test_the_ladder_table_view_is_the_default_views(ladder: Ruleset) -> None:
    """A kit without a view of its own: shared rows only, piles in deck order, cards as named."""
    assert find_kit("ladder").view is DEFAULT_VIEW
    table = table_at(LOG, 7)
    assert {type(p) for p in table.players} == {TablePlayer}
    assert [p.notes for p in table.players] == [[], [], []] and table.pending == []
    assert list(table.draw_pile or {}) == list(NUMBERS) and table.card_labels == {"8": "8", "10": "10", "9": "9"}
    assert table.ruleset_mode is None and TableView.model_validate(table.to_dict()) == table
    assert set(DEFAULT_VIEW.status_legend()) == {"stayed", "busted", "flip7"}


def _ladder_score(row: Row, options: GameOptions) -> int:
    return 0 if row.status == BUSTED else sum(map(int, row.numbers)) + 15 * row.flip7


LADDER = Mode(
    "ladder", "ladder", lambda pick: {}, _ladder_score, lambda numbers: len(set(numbers)) != len(numbers), NUMBERS, (),
)


@pytest.mark.parametrize("seed", [1, 2])
def test_ladder_passes_the_conformance_properties(ladder: Ruleset, seed: int) -> None:
    for players, decks in ((3, 1), (8, 1), (9, 2)):
        config = Config(LADDER, seed, players, GameOptions(ruleset="ladder", decks=decks, target=80), ("cautious:0.3", "threshold:20", "random"))
        assert_valid_game(config)
        assert_conserved(config)
        assert_scores(config)
        assert_faces_agree(config, random.Random(seed), samples=6)
        assert_mutations_judged(config, random.Random(seed), tries=6)
        assert_one_verdict(config.play().text())


def test_ladder_games_go_to_the_notation_and_back(ladder: Ruleset) -> None:
    for seed in (1, 2):
        game = Config(LADDER, seed, 4, GameOptions(ruleset="ladder", target=80), ("cautious:0.3", "random")).play()
        assert_notation_round_trip(game.text())
