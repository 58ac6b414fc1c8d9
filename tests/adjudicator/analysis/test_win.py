"""The chance to win (model flip7-w1): the future-round combination, the round playouts, and a whole
game valued by W (errors, luck and the identity that adds them up to the result)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from adjudicator.analysis.montecarlo import table_copy
from adjudicator.analysis.observe import analyze2, decision_at
from adjudicator.analysis.report2 import analysis2_schema
from adjudicator.analysis.win import (
    MODEL,
    Future,
    WinModel,
    _RoundPlayout,
    fast_copy,
    move_accuracy,
    player_accuracy,
    round_scores,
    settled,
    turn_moves,
    win_mark,
)
from adjudicator.analysis.winreport import clinches
from adjudicator.replay import replay_log
from adjudicator.simulate.play import simulate
from adjudicator.simulate.strategies import parse_strategy

ROOT = Path(__file__).resolve().parents[3]
GAME = (ROOT / "logs" / "3-players.jsonl").read_text(encoding="utf-8")


def _iid_game(p: list[float], totals: list[int], target: int, rng: random.Random) -> int | None:
    """One game of the future model by brute force: independent round scores until a total reaches
    the target; the winner's seat, or None on a tie at the top (the model splits it)."""
    scores = list(range(len(p)))
    totals = list(totals)
    while max(totals) < target:
        totals = [t + s for t, s in zip(totals, rng.choices(scores, p, k=len(totals)), strict=True)]
    top = max(totals)
    tied = [i for i, t in enumerate(totals) if t == top]
    return tied[0] if len(tied) == 1 else None


def test_the_future_model_matches_a_brute_force_of_its_own_assumptions() -> None:
    p = list(round_scores("flip7", 3))
    future = Future(p, 200)
    rng = random.Random(5)
    for totals in ([150, 120, 100], [0, 0, 0], [190, 60, 180]):
        chances = future.chances(totals)
        assert abs(sum(chances) - 1.0) < 1e-9
        games = 6000
        wins = [0.0, 0.0, 0.0]
        for _ in range(games):
            winner = _iid_game(p, totals, 200, rng)
            if winner is None:  # a tie at the top: split, as the model does (rare)
                wins = [w + 1 / 3 for w in wins]
            else:
                wins[winner] += 1
        for seat in range(3):
            assert abs(chances[seat] - wins[seat] / games) < 0.025, (totals, chances, wins)


def test_equal_totals_are_even_and_more_points_win_more_often() -> None:
    future = Future(list(round_scores("flip7", 4)), 200)
    even = future.chances([50, 50, 50, 50])
    assert max(even) - min(even) < 1e-9
    ahead = future.chances([120, 100, 100, 100])
    assert ahead[0] > 0.25 > ahead[1]


def test_a_game_over_goes_to_the_highest_total_and_a_shared_top_is_split() -> None:
    assert settled([205, 210, 30], 200) == [0.0, 1.0, 0.0]
    assert settled([205, 205, 30], 200) == [0.5, 0.5, 0.0]
    assert settled([199, 10, 30], 200) is None


def test_the_fast_copy_plays_out_exactly_as_a_deep_copy() -> None:
    state = replay_log(GAME.splitlines()[:30]).state
    assert state.in_round
    strategy = parse_strategy("cautious:0.25")
    for i in range(20):
        keys = {(card, j): random.Random(f"{i}:{card}:{j}").random() for card, n in state.draw_pile.items() for j in range(n)}
        one = _RoundPlayout(fast_copy(state), random.Random(i), strategy, keys).finish()
        two = _RoundPlayout(table_copy(state), random.Random(i), strategy, keys).finish()
        assert one == two
    assert state.draw_pile == replay_log(GAME.splitlines()[:30]).state.draw_pile  # the original is untouched


def test_the_same_position_gives_the_same_chances() -> None:
    state = replay_log(GAME.splitlines()[:30]).state
    one = WinModel(state, seed="s", samples=30).position(state)
    two = WinModel(state, seed="s", samples=30).position(state)
    assert one == two and abs(sum(one) - 1.0) < 1e-9


def test_behind_at_the_end_the_game_says_hit_where_round_points_say_stay() -> None:
    result = analyze2(GAME, round_no=9, win_samples=60)
    ben = next(d for d in result.decisions if d.event == 196)
    assert ben.best == "stay"  # by round value, staying on 56 is better
    assert ben.win is not None and ben.win.best == "hit" and ben.win.options["stay"] == 0.0
    assert ben.disagree and ben.win.mark is None  # he hit: no error by the chance to win
    assert result.model is not None and result.model.name == MODEL


def test_whole_games_add_up_luck_errors_and_others_to_the_result() -> None:
    for game in simulate(1, 3, seed=4, strategies="threshold:20,cautious:0.25,threshold:35", claims="none"):
        result = analyze2("\n".join(game.lines()), win_samples=8, budget=300)
        assert result.complete and result.cards
        winner = game.winner
        for p in result.players:
            w = p.win
            assert w is not None
            assert w.result == (100.0 if p.player == winner else 0.0)
            assert abs(w.start + w.luck - w.errors + w.others + w.gap - w.result) < 0.06, p
        # a card's luck for its receiver is the change it made to their W
        assert any(abs(c.luck[c.player]) > 0 for c in result.cards)


def test_a_clinching_stay_is_never_marked() -> None:
    lines = GAME.splitlines()
    for cut in range(len(lines) - 1, 0, -1):  # the last decision of the game: the winner's last stay
        state = replay_log(lines[:cut]).state
        exp = decision_at(state)
        if exp is not None and exp.seat is not None and exp.kind == "turn" and json.loads(lines[cut]).get("type") == "stay":
            break
    seat = exp.seat
    assert exp is not None and seat is not None
    if clinches(state, seat, "stay"):
        result = analyze2(GAME, round_no=state.round, win_samples=12)
        decision = next(d for d in result.decisions if d.event == cut)
        assert decision.win is not None and decision.win.clinch and decision.win.mark is None
    else:  # the fixture's last stay does not clinch: build one that does
        state.totals[seat] = 300
        assert clinches(state, seat, "stay")
    assert not clinches(state, seat, "hit")


def test_marks_and_accuracy_follow_lichess() -> None:
    assert win_mark(4.9) is None and win_mark(5.0) == "inaccuracy" and win_mark(10.0) == "mistake" and win_mark(15.0) == "blunder"
    assert move_accuracy(0.0) == pytest.approx(99.9999, abs=1e-3)
    assert move_accuracy(10.0) == pytest.approx(103.1668 * 2.718281828 ** (-0.4354) - 3.1669, abs=1e-3)
    assert player_accuracy([]) == 100.0
    assert player_accuracy([0.0, 30.0]) < (move_accuracy(0.0) + move_accuracy(30.0)) / 2  # one blunder weighs


def test_the_analysis_follows_its_published_schema() -> None:
    published = json.loads((ROOT / "docs" / "flip7-analysis-2.schema.json").read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(analysis2_schema()))
    result = analyze2(GAME, round_no=1, win_samples=8).to_dict()
    jsonschema.validate(result, published)
    assert result["format"] == "flip7-analysis/2" and result["model"]["name"] == MODEL
    assert all("win" in d for d in result["decisions"]) and result["cards"] and result["curve"]


def test_hit_and_stay_are_the_options_of_a_turn() -> None:
    state = replay_log(GAME.splitlines()[:30]).state
    exp = decision_at(state)
    if exp is not None and exp.seat is not None:
        assert "hit" in turn_moves(state, exp.seat)


def test_brutal_plays_the_later_rounds_out_with_the_engine() -> None:
    """Brutal round scores can be negative: the table cannot stand for the later rounds, whole-game
    playouts do; the round's changes still add up."""
    brutal = (ROOT / "logs" / "vengeance-brutal.jsonl").read_text(encoding="utf-8")
    state = replay_log(brutal.splitlines()[:12]).state
    model = WinModel(state, seed="b", samples=4)
    assert model.chances.whole
    result = analyze2(brutal, round_no=1, win_samples=4, budget=300)
    assert result.model is not None and result.ruleset == "vengeance"
    for p in result.players:
        w = p.win
        assert w is not None
        assert abs(w.start + w.luck - w.errors + w.others + w.gap - w.result) < 0.06, p


def test_no_playouts_asked_for_gives_no_chance_to_win() -> None:
    result = analyze2(GAME, round_no=1, win_samples=0, budget=300)
    assert result.model is None and result.unmodelled == "not-asked"
    assert all(d.win is None for d in result.decisions) and result.decisions
