"""The Vengeance strategies judge rows as the game scores them: in Brutal mode below 0, and a
modifier on a busted row still costs its holder."""

from __future__ import annotations

from adjudicator.replay import replay_log
from adjudicator.rules import legal_moves
from adjudicator.rulesets.vengeance.simulate import Rater
from adjudicator.simulate.view import PlayerView


def _table(brutal: bool) -> PlayerView:
    """Ben busted on a second 5, Cem drew the -10 and must hand it out; the view is Cem's."""
    mode = ',"brutal":true' if brutal else ""
    lines = [
        '{"type":"game","id":"t","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":"vengeance"' + mode + "}",
        '{"type":"round","round":1}',
        '{"type":"card","player":"Ben","card":"5"}',
        '{"type":"card","player":"Cem","card":"6"}',
        '{"type":"card","player":"Ana","card":"3"}',
        '{"type":"hit","player":"Ben"}',
        '{"type":"card","player":"Ben","card":"5"}',
        '{"type":"hit","player":"Cem"}',
        '{"type":"card","player":"Cem","card":"-10"}',
    ]
    result = replay_log(lines)
    assert result.verdict.valid
    return PlayerView(result.state, 2)


def test_brutal_rows_are_seen_below_zero_and_a_busted_row_still_takes_a_minus() -> None:
    view = _table(brutal=True)
    rater = Rater(view)
    ratings = {m.target: rater.rate(m) for m in legal_moves(view._state) if m.type == "target"}  # type: ignore[attr-defined]
    assert set(ratings) == {"Ana", "Ben", "Cem"}  # Brutal: the busted Ben may take it
    assert ratings["Cem"] == -10  # Cem's own 6 would fall to -4: no floor at 0
    assert ratings["Ben"] == 10  # the busted Ben's 0 falls to -10 (standard scoring would see no change)
    assert ratings["Ana"] == 20  # Ana's 3 falls to -7, and Ana leads: counted double
    assert view.row("Cem").score == 6 and view.row("Ben").score == 0


def test_standard_rows_stop_at_zero() -> None:
    view = _table(brutal=False)
    rater = Rater(view)
    ratings = {m.target: rater.rate(m) for m in legal_moves(view._state) if m.type == "target"}  # type: ignore[attr-defined]
    assert set(ratings) == {"Ana", "Cem"}  # the busted Ben is out of reach
    assert ratings["Cem"] == -6  # the floor at 0: Cem loses their 6, not 10
    assert ratings["Ana"] == 6  # Ana's 3 falls to 0 (not below), counted double for the leader
