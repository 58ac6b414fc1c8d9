"""The fold's seams: observers see every applied event, walk() folds parsed events, and the
simulator's view of the moves leaves chance events out."""

from __future__ import annotations

from adjudicator.events import Event, parse_event
from adjudicator.replay import replay_log, walk
from adjudicator.rules import legal_moves
from adjudicator.state import GameState
from tests.adjudicator.helpers import card, game, hit, log, rnd, stay


class Spy:
    """Notes what the replay tells it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, str, bool]] = []

    def before(self, state: GameState, event: Event, index: int) -> None:
        self.calls.append(("before", index, event.type, state.in_round))

    def after(self, state: GameState, event: Event, index: int) -> None:
        self.calls.append(("after", index, event.type, state.in_round))

    def judged(self, state: GameState, index: int, applied: int, stopped_by: object) -> None:
        self.lines_judged = index + 1


def test_an_observer_sees_each_event_before_and_after_it_is_applied() -> None:
    spy = Spy()
    # event 3 is refused (Ana is not owed a card): the observer sees it before, never after
    replay_log(log(game(), rnd(1), card("Ben", "5"), card("Ana", "6")), observer=spy)
    assert spy.calls == [
        ("before", 0, "game", False), ("after", 0, "game", False),
        ("before", 1, "round", False), ("after", 1, "round", True),
        ("before", 2, "card", True), ("after", 2, "card", True),
        ("before", 3, "card", True),
    ]
    assert spy.lines_judged == 4  # every event line, the refused one included


def test_walk_yields_the_state_before_each_event() -> None:
    text = log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), stay("Ben"))
    events = [parse_event(line) for line in text.splitlines()]
    seen = [(index, event.type, len(state.rows[1].numbers) if state.rows else None) for index, event, state in walk(events)]
    assert seen == [(0, "game", None), (1, "round", 0), (2, "card", 0), (3, "card", 1), (4, "card", 1), (5, "stay", 1)]


def test_legal_moves_without_chance_are_the_players_decisions() -> None:
    state = replay_log(log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), hit("Ben"))).state
    assert [m.type for m in legal_moves(state, chance=False)] == []  # a card is owed: chance only
    assert {m.type for m in legal_moves(state)} == {"card"}
    state = replay_log(log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"))).state
    assert [(m.type, m.player) for m in legal_moves(state, chance=False)] == [("hit", "Ben"), ("stay", "Ben")]  # type: ignore[union-attr]
