"""Typed effects: what each applied event did, reported by the engine and the rulesets to a
replay's observer (``adjudicator.effects``), and nothing at all without one."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.effects import Effect, Moved, Placed, PutOut, RoundEnded, Saved, Scored, Stayed, Wiped
from adjudicator.errors import Flip7Error
from adjudicator.events import Event
from adjudicator.notation import notation_to_jsonl, parse_notation
from adjudicator.replay import check_log, replay_log
from adjudicator.state import GameState

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted([*ROOT.glob("logs/*.jsonl"), *ROOT.glob("fixtures/base/*.jsonl"), *ROOT.glob("fixtures/vengeance/*.jsonl")])


class Listener:
    """Keeps every applied event's effects, by event index."""

    def __init__(self) -> None:
        self.effects: dict[int, list[Effect]] = {}

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Nothing to note before."""

    def after(self, state: GameState, event: Event, index: int) -> None:
        """The effects of ``event``."""
        assert state.effects is not None
        self.effects[index] = list(state.effects)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: object) -> None:
        """Nothing to note."""


def _listen(text: str | bytes) -> tuple[Listener, GameState]:
    listener = Listener()
    state = replay_log(text, observer=listener).state
    return listener, state


def _jsonl(notation: str) -> str:
    return "\n".join(notation_to_jsonl(parse_notation(notation)))


def test_without_an_observer_nothing_is_reported() -> None:
    result = replay_log((ROOT / "logs" / "3-players.jsonl").read_text())
    assert result.state.effects is None


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_round_ends_once_with_scores_whose_steps_add_up(path: Path) -> None:
    try:
        listener, state = _listen(path.read_bytes())
    except Flip7Error:
        return
    ended = [e for effects in listener.effects.values() for e in effects if isinstance(e, RoundEnded)]
    assert [e.round for e in ended] == [r.round for r in state.history]
    for effects in listener.effects.values():
        scored = [e for e in effects if isinstance(e, Scored)]
        if scored:
            result = next(r for r in state.history if r.round == next(e for e in effects if isinstance(e, RoundEnded)).round)
            assert [s.score for s in scored] == result.scores
            assert [s.steps[-1].total for s in scored] == result.scores


def test_an_unlucky_7_stolen_is_moved_then_wipes_the_stealers_row(snapshot) -> None:
    text = (ROOT / "fixtures" / "disputes" / "32-vengeance-unlucky-7-by-steal.txt").read_text()
    listener, _ = _listen(_jsonl(text))
    steal = listener.effects[12]
    assert steal == [Moved("unlucky_7", 1, 0, "steal", 0), Wiped(0, "unlucky_7", ("5", "8"))]
    assert steal == snapshot


def test_a_swap_moves_both_cards_and_the_unlucky_7_wipes_where_it_lands(snapshot) -> None:
    text = (ROOT / "fixtures" / "disputes" / "36-vengeance-unlucky-7-swapped-into-own-row.txt").read_text()
    listener, _ = _listen(_jsonl(text))
    swap = listener.effects[14]
    assert Moved("unlucky_7", 1, 0, "swap", 0) in swap and Moved("8", 0, 1, "swap", 0) in swap
    assert Wiped(0, "unlucky_7", ("5", "-2")) in swap and Placed(1, "8") in swap
    assert swap == snapshot


def test_a_second_chance_save_names_its_cover_card(snapshot) -> None:
    path = ROOT / "fixtures" / "base" / "008-second-chance-saves-on-hit.jsonl"
    listener, _ = _listen(path.read_bytes())
    saves = [e for effects in listener.effects.values() for e in effects if isinstance(e, Saved)]
    assert saves and all(s.cover == "second_chance" for s in saves)
    assert saves == snapshot


def test_a_freeze_puts_its_target_out_and_a_stay_is_reported(snapshot) -> None:
    text = "game f; players Ana Ben Cem; dealer Cem\nround 1\nAna 5; Ben freeze>Cem\nAna stay\n"
    jsonl = _jsonl(text)
    assert check_log(jsonl).valid
    listener, _ = _listen(jsonl)
    everything = [e for effects in listener.effects.values() for e in effects]
    assert PutOut(2, "frozen", "freeze", 1) in everything
    assert Stayed(0) in everything
    assert everything == snapshot
