"""The analysis as an observer of the replay: decisions kept, refused events left out, marks."""

from __future__ import annotations

import math

from adjudicator.analysis.observe import advise, analyze
from adjudicator.analysis.report import accuracy_of, mark_of

GAME = ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}\n{"type":"round","round":1}\n'
        '{"type":"card","player":"B","card":"12"}\n{"type":"card","player":"C","card":"11"}\n'
        '{"type":"card","player":"A","card":"10"}\n')


def test_marks_and_accuracy_follow_the_thresholds() -> None:
    assert [mark_of(x) for x in (0.0, 0.49, 0.5, 1.5, 3.99, 4.0)] == [None, None, "inaccuracy", "mistake", "mistake", "blunder"]
    assert accuracy_of([]) == 100.0 and accuracy_of([0.0, 0.0]) == 100.0
    assert accuracy_of([3.0]) == round(100 * math.exp(-1), 1)


def test_every_turn_is_a_decision_and_a_refused_event_is_not_kept() -> None:
    log = GAME + '{"type":"stay","player":"B"}\n{"type":"hit","player":"B"}\n'
    result = analyze(log)
    assert [(d.event, d.player, d.choice) for d in result.decisions] == [(5, "B", "stay")]
    assert result.complete is False and result.stopped_by is not None and result.stopped_by.event == 6
    decision = result.decisions[0]
    assert decision.best == "hit" and decision.loss > 4 and decision.mark == "blunder"  # a 12 alone is worth hitting on
    assert result.players[1].decisions == 1 and result.players[1].blunders == 1


def test_advise_at_a_turn_gives_both_values_and_the_bust_chance() -> None:
    advice = advise(GAME)
    assert advice.player == "B" and advice.turn is not None
    assert advice.turn.solved.stay == 12.0 and advice.turn.best == "hit"
    assert abs(advice.turn.bust_chance - 11 / 91) < 1e-12  # eleven 12s left of 91 cards
