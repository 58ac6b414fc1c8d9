"""Proof of the seam: a third ruleset, defined in this file alone, runs through every layer.

*Ladder* is the base game with no action cards and no modifiers, and another number ladder: the
numbers 1 to 10, card ``n`` having ``n`` copies (55 cards). A duplicate busts; seven different
numbers are a Flip 7 (+15) and end the round. It is registered under its own name, ``ladder``, for
each test only (the ``ladder`` fixture takes it out again), and goes through ``check``, the
simulator (library and ``flip7 simulate``), the notation both ways (library and ``flip7
convert``), ``settle`` and ``explain``, the store's ingest and statistics, ``flip7 check``, ``flip7
state``, ``flip7 schema``, ``POST /v1/check``, ``POST /v1/state``, the viewer's JSON (``POST
/v1/replay``), a live table, the table view after every event (its kit has no view: the defaults) and the conformance suite, with no
shared file changed. *Tall Ladder* (numbers 1 to 15) has numbers the base game has not, so the
notation is seen to read a ruleset's own numbers, not the base game's.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.events import Event, TargetEvent, parse_event
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation
from adjudicator.referee import explain, settle
from adjudicator.replay import check_log, replay_log, state_at
from adjudicator.rules.common import take_number
from adjudicator.rulesets import RULESETS, Kit, find_kit, registered
from adjudicator.rulesets.view import DEFAULT_VIEW
from adjudicator.simulate import GameOptions, dump_event, play_game, simulate
from adjudicator.state import ACTIVE, BUSTED, DrawFrame, GameState, Row, Ruleset, ScoreStep, TargetFrame
from adjudicator.store import LogInput, Store
from adjudicator.table import TablePlayer, TableView
from adjudicator.timeline import table_at
from api import Settings, create_app
from cli.main import app
from tests.adjudicator.rulesets.test_conformance import (
    Config,
    Mode,
    TableEveryEvent,
    assert_conserved,
    assert_faces_agree,
    assert_mutations_judged,
    assert_notation_round_trip,
    assert_one_verdict,
    assert_scores,
    assert_valid_game,
    snapshot,
    state_after,
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
        return {n: int(n) * decks for n in sorted(self.numbers, key=int)}

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """A number goes into the row: a duplicate busts, the seventh different one is a Flip 7
        (each reported as its effect while someone listens)."""
        take_number(state, seat, card, index)

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


class TallLadder(Ladder):
    """Ladder up to 15: numbers past the base game's 12, ``n`` copies of ``n`` (120 cards)."""

    cards = numbers = frozenset(str(n) for n in range(1, 16))


@pytest.fixture
def ladder() -> Iterator[Ruleset]:
    """Ladder's kit registered for one test (the registry is put back afterwards)."""
    assert "ladder" not in RULESETS
    with registered(Kit(rules=Ladder())) as rules:
        yield rules
    assert "ladder" not in RULESETS


@pytest.fixture
def tall_ladder() -> Iterator[Ruleset]:
    """Tall Ladder registered under the same name, ``ladder``, for one test."""
    with registered(Kit(rules=TallLadder())) as rules:
        yield rules
    assert "ladder" not in RULESETS


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


def _read(text: str, rules: Ruleset) -> list[Event]:
    """The events of a log as the replay reads them (the game line first, then with ``rules``)."""
    first, *rest = text.splitlines()
    return [parse_event(first), *map(rules.parse, rest)]


def _canonical(text: str, rules: Ruleset) -> str:
    """The log as the library writes it: compact lines, a number card as its name ("10")."""
    return "".join(dump_event(event) + "\n" for event in _read(text, rules))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_notation_writes_and_reads_a_ladder_game(ladder: Ruleset, lang: str) -> None:
    notation = jsonl_to_notation(LOG.splitlines(), lang)
    assert notation.splitlines()[0].endswith("ruleset ladder" if lang == "en" else "regeln ladder")
    parsed = parse_notation(notation)
    assert {entry.kind for entry in parsed.entries} == {"event"}
    # The log's integer cards are number cards: they read back as the same events (a card is its
    # name, "10", as the log format reads an integer card in every ruleset).
    assert [entry.event for entry in parsed.entries] == _read(LOG, ladder)
    assert "".join(line + "\n" for line in notation_to_jsonl(parsed)) == _canonical(LOG, ladder)
    assert_notation_round_trip(_canonical(LOG, ladder))


def test_the_notation_reads_a_ladders_own_cards_only(ladder: Ruleset) -> None:
    setup = "game l; players Ana Ben Cem; dealer Ana; ruleset ladder\nround 1\n"
    for card in ("sc", "freeze", "11"):  # a base-game word and number are no ladder cards
        [error] = parse_notation(setup + f"Ben {card}\n").errors
        assert (error.line, error.column) == (3, 5)
    assert "(flip7, ladder, vengeance)" in parse_notation("game l; players Ana Ben Cem; dealer Ana; ruleset ladders\n").errors[0].message


def test_the_notation_reads_numbers_the_base_game_has_not(tall_ladder: Ruleset) -> None:
    log = LOG.replace('"card": 10}', '"card": 14}').replace('"Ben": 10', '"Ben": 14')
    assert check_log(log).valid
    for lang in ("en", "de"):
        notation = jsonl_to_notation(log.splitlines(), lang)
        assert "Ben 14" in notation.splitlines()
        assert [entry.event for entry in parse_notation(notation).entries] == _read(log, tall_ladder)
    game = Config(LADDER, 3, 4, GameOptions(ruleset="ladder", target=120), ("cautious:0.3", "threshold:40")).play()
    assert {card for e in game.events if e.type == "card" for card in [e.card]} - {str(n) for n in range(13)}  # type: ignore[union-attr]
    assert_notation_round_trip(game.text())


def test_flip7_convert_takes_a_ladder_log_both_ways(ladder: Ruleset, tmp_path: Path) -> None:
    (tmp_path / "game.jsonl").write_text(LOG, encoding="utf-8")
    runner = CliRunner()
    notation = runner.invoke(app, ["convert", str(tmp_path / "game.jsonl"), "--to", "notation", "--lang", "de"])
    assert notation.exit_code == 0, notation.output
    assert notation.output == jsonl_to_notation(LOG.splitlines(), "de")
    (tmp_path / "game.f7").write_text(notation.output, encoding="utf-8")
    back = runner.invoke(app, ["convert", str(tmp_path / "game.f7"), "--to", "jsonl"])
    assert back.exit_code == 0, back.output
    assert back.output == _canonical(LOG, ladder)


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
    # The story is told from the rules' effects: Cem's second 9 busts him.
    right = settle(LOG)["ruling"]
    assert "Cem draws a second 9 and busts: 0 points this round." in right["story"]
    assert [p["why"] for p in right["players"]][2] == "Cem busted on event 7 (line 8) with a second 9"


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


def test_flip7_check_state_and_schema_take_a_ladder(ladder: Ruleset, tmp_path: Path) -> None:
    (tmp_path / "game.jsonl").write_text(LOG, encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(app, ["check", str(tmp_path / "game.jsonl"), "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output)["totals"] == {"Ana": 15, "Ben": 10, "Cem": 0}
    state = runner.invoke(app, ["state", str(tmp_path / "game.jsonl"), "--at", "7"])
    assert state.exit_code == 0, state.output
    assert "Cem     busted  9 9" in state.output and "Draw pile: 51 cards" in state.output
    table = json.loads(runner.invoke(app, ["state", str(tmp_path / "game.jsonl"), "--at", "7", "--json"]).output)
    assert table["ruleset"] == "ladder" and table["effects"] == [{"effect": "busted", "player": "Cem", "card": "9"}]
    schema = json.loads(runner.invoke(app, ["schema"]).output)
    assert "ladder" in schema["$defs"]["GameEvent"]["properties"]["ruleset"]["enum"]


def test_post_v1_state_shows_a_ladder_table(ladder: Ruleset, tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db_path=tmp_path / "api.duckdb"))) as client:
        response = client.post("/v1/state", params={"at": 7}, content=LOG, headers={"Content-Type": "application/x-ndjson"})
        checked = client.post("/v1/check", content=LOG, headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 200, response.text
    table = response.json()
    assert table["ruleset"] == "ladder"
    assert [p["numbers"] for p in table["players"]] == [["8"], ["10"], ["9", "9"]]
    assert table["players"][2]["status"] == "busted"
    assert sum(table["draw_pile"].values()) == 55 - 4
    assert checked.status_code == 200 and checked.json()["totals"] == {"Ana": 15, "Ben": 10, "Cem": 0}


def test_the_viewer_replays_a_ladder_game(ladder: Ruleset, tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db_path=tmp_path / "api.duckdb"))) as client:
        response = client.post("/v1/replay", content=LOG, headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 200, response.text
    replay = response.json()
    assert replay["ruleset"] == "ladder" and replay["card_labels"] == {n: n for n in NUMBERS}
    assert len(replay["tables"]) == len(replay["events"]) == len(ROUND) + 1
    busted = replay["tables"][7]  # after Cem's second 9
    assert busted["players"][2]["status"] == "busted" and busted["players"][2]["score_steps"] == [{"kind": "busted", "total": 0, "cards": [], "amount": 0}]
    assert busted["effects"] == [{"effect": "busted", "player": "Cem", "card": "9"}]
    scored = [e for e in replay["tables"][10]["effects"] if e["effect"] == "scored"]  # after Ana's stay ends the round
    assert [(e["player"], e["score"]) for e in scored] == [("Ana", 15), ("Ben", 10), ("Cem", 0)]


def test_a_live_table_plays_a_ladder_round(ladder: Ruleset, tmp_path: Path) -> None:
    seats = {k: v for k, v in GAME.items() if k != "type"}
    with TestClient(create_app(Settings(db_path=tmp_path / "api.duckdb"))) as client:
        created = client.post("/v1/tables", json=seats)
        assert created.status_code == 201, created.text
        table_id, key = created.json()["id"], {"X-Table-Key": created.json()["key"]}
        for event in ROUND:
            appended = client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
            assert appended.status_code == 200, appended.text
        assert client.post(f"/v1/tables/{table_id}/events", json={"type": "round", "round": 2}, headers=key).status_code == 200
        refused = client.post(f"/v1/tables/{table_id}/events", json={"type": "card", "player": "Cem", "card": "freeze"}, headers=key)
        log = client.get(f"/v1/tables/{table_id}/log").text
        view = client.get(f"/v1/tables/{table_id}").json()
    assert (refused.status_code, refused.json()["code"]) == (422, "bad_event"), refused.text  # no ladder card
    assert check_log(log).totals == {"Ana": 15, "Ben": 10, "Cem": 0}
    assert view["table"]["ruleset"] == "ladder" and view["table"]["round"] == 2


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


def test_the_table_view_is_built_after_every_ladder_event(ladder: Ruleset) -> None:
    for seed in (1, 2):
        game = Config(LADDER, seed, 5, GameOptions(ruleset="ladder", target=80), ("cautious:0.3", "random")).play()
        observer = TableEveryEvent()
        assert replay_log(game.text(), observer=observer).verdict.valid and observer.views == len(game.events)
        for n in sorted({0, len(game.events) // 2, len(game.events) - 1}):
            assert snapshot(state_at(game.text(), n).state) == snapshot(state_after(game.events, n + 1))
