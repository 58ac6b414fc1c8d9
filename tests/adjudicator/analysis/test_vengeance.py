"""With a Vengeance's card model: brute force on small piles (to 1e-9), Brutal scores, Monte
Carlo's interval against the exact value, and the analysis of a whole Vengeance game."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from adjudicator.analysis.evaluate import solve, turn_value
from adjudicator.analysis.models import Unmodelled
from adjudicator.analysis.observe import analyze
from adjudicator.replay import replay_log
from adjudicator.rulesets.vengeance import analysis
from adjudicator.rulesets.vengeance.rules import FLIP_FOUR, JUST_ONE_MORE, UNLUCKY_7, busts, deck_counts, is_modifier, row_points

ROOT = Path(__file__).resolve().parents[3]
SEVEN = 7


def brute(numbers: tuple[str, ...], modifiers: tuple[str, ...], pile: tuple[str, ...], *, alone: bool, keep: bool,
          brutal: bool) -> float:
    """Optimal play by enumerating every draw order, one physical card at a time, with no memo, the
    rules' own ``busts`` and ``row_points``, and the model's reading of the action cards."""

    def score(nums: tuple[str, ...], mods: tuple[str, ...], *, bust: bool = False, flip7: bool = False) -> float:
        return float(row_points(nums, mods, busted=bust, flip7=flip7, brutal=brutal) + (15 if flip7 and brutal else 0))

    def go(nums: tuple[str, ...], mods: tuple[str, ...], pile: tuple[str, ...], owed: int, aside: tuple[str, ...], stopped: bool) -> float:
        if owed and not pile:
            owed = 0
        if owed == 0 and aside:
            first, rest = aside[0], aside[1:]
            if is_modifier(first):
                return go(nums, (*mods, first), pile, 0, rest, stopped)
            taken = go(nums, mods, pile, -1 if first == JUST_ONE_MORE else 4, rest, stopped)
            return taken if alone else max(taken, go(nums, mods, pile, 0, rest, stopped))
        if owed == 0 and stopped:
            return score(nums, mods)
        has_card = bool(nums or mods)
        if owed == 0 and not pile:
            return score(nums, mods) if has_card else 0.0
        outcomes = []
        for i, card in enumerate(pile):
            rest = pile[:i] + pile[i + 1:]
            left = 0 if owed == -1 else max(owed - 1, 0)
            jom = owed == -1
            if is_modifier(card) and not keep:
                got = go(nums, mods, rest, left, aside, stopped or jom)
            elif is_modifier(card) or card in (JUST_ONE_MORE, FLIP_FOUR):
                if jom:
                    got = go(nums, mods, rest, 0, (card, *aside), True)
                elif owed:
                    got = go(nums, mods, rest, left, (*aside, card), stopped)
                else:
                    got = go(nums, mods, rest, 0, (card,), stopped)
            elif card == UNLUCKY_7:
                got = go((card,), (), rest, left, aside, stopped or jom)
            elif busts(nums, card):
                got = score((*nums, card), mods, bust=True)
            elif len(nums) + 1 >= SEVEN:
                got = score((*nums, card), mods, flip7=True)
            else:
                got = go((*nums, card), mods, rest, left, aside, stopped or jom)
            outcomes.append(got)
        hit = sum(outcomes) / len(outcomes)
        may_stay = owed == 0 and has_card and "0" not in nums
        return max(score(nums, mods), hit) if may_stay else hit

    return go(numbers, modifiers, pile, 0, (), False)


NUMBERS = ["0", "1", "2", "3", "7", "unlucky_7", "13", "lucky_13"]
CARDS = st.sampled_from([*NUMBERS, "2", "13", "/2", "-2", "-4", JUST_ONE_MORE, FLIP_FOUR])


@settings(max_examples=150, deadline=None)
@given(
    row=st.lists(st.sampled_from(["0", "1", "2", "3", "7", "13", "lucky_13", "unlucky_7", "5", "6"]), max_size=4, unique=True),
    modifiers=st.lists(st.sampled_from(["/2", "-2", "-6"]), max_size=2, unique=True),
    pile=st.lists(CARDS, min_size=1, max_size=6),
    alone=st.booleans(),
    keep=st.booleans(),
    brutal=st.booleans(),
)
def test_the_exact_model_matches_brute_force_on_small_piles(
    row: list[str], modifiers: list[str], pile: list[str], alone: bool, keep: bool, brutal: bool,
) -> None:
    if "unlucky_7" in row and "7" in row or any(busts([c for c in row if c != card], card) for card in row if row.count(card) == 1 and card != "unlucky_7"):
        return  # not a row the rules could reach
    counts: dict[str, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    model, start = analysis.solo_start(row, modifiers, counts, alone=alone, keep_modifiers=keep or alone, brutal=brutal)
    got = solve(model, start, budget=2_000_000)
    assert got.method == "exact"
    want = brute(tuple(row), tuple(modifiers), tuple(pile), alone=alone, keep=keep or alone, brutal=brutal)
    assert abs(got.best - want) < 1e-9


def test_the_special_numbers_and_brutal_scores_follow_the_rules() -> None:
    # The Zero: no staying, and the row scores 0 unless Flip 7
    model, start = analysis.solo_start(["0", "5"], [], {"9": 1}, alone=False, keep_modifiers=False, brutal=False)
    assert model.stay(start) is None
    # the Lucky 13 holds one other 13 without busting: a sure 26
    model, start = analysis.solo_start(["lucky_13"], [], {"13": 1}, alone=False, keep_modifiers=False, brutal=False)
    assert solve(model, start).hit == 26.0
    # the Unlucky 7 wipes the row and its -10, and never busts
    model, start = analysis.solo_start(["7", "12"], ["-10"], {UNLUCKY_7: 1}, alone=False, keep_modifiers=False, brutal=True)
    assert model.stay(start) == 9.0 and solve(model, start).hit == 7.0
    # Brutal: a bust still costs the -N cards
    model, start = analysis.solo_start(["7"], ["-4"], {"7": 1}, alone=False, keep_modifiers=False, brutal=True)
    assert solve(model, start).hit == -4.0


def test_a_pile_with_steal_swap_or_discard_is_not_modelled_exactly() -> None:
    with pytest.raises(Unmodelled):
        analysis.solo_start(["5"], [], {"9": 3, "steal": 1}, alone=False, keep_modifiers=False, brutal=False)
    model, start = analysis.solo_start(["5"], [], {"9": 3, "steal": 1}, alone=False, keep_modifiers=False, brutal=False, approximate=True)
    assert model.size == 3


def _state_at(lines: list[str], cut: int):  # noqa: ANN202 - a GameState
    return replay_log(lines[:cut]).state


def test_monte_carlo_covers_the_exact_value_where_both_apply() -> None:
    """A Vengeance position whose pile holds no Steal, Swap or Discard: the exact value lies within
    the Monte Carlo interval of both options, on every seed tried."""
    game = {"type": "game", "id": "mc", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "vengeance"}
    rows = {"Ana": ["9"], "Ben": ["12", "4"], "Cem": ["11"]}
    pile = Counter({"5": 2, "8": 2, "12": 1, "0": 1, "-4": 1, "7": 1, "13": 1, "flip_four": 1})
    seen = deck_counts()
    for card in [*pile.elements(), *(c for row in rows.values() for c in row)]:
        seen[card] -= 1
    position = {"type": "position", "round": 1, "dealer": "Ana", "totals": {"Ana": 0, "Ben": 0, "Cem": 0}, "turn": "Ben",
                "players": {"Ana": {"row": rows["Ana"], "out": "stayed"}, "Ben": {"row": rows["Ben"]}, "Cem": {"row": rows["Cem"], "out": "stayed"}},
                "discards": [card for card, n in seen.items() for _ in range(n)]}
    lines = [json.dumps(game), json.dumps(position)]
    state = replay_log(lines).state
    model, start = analysis.start_of(state, 1)
    exact = solve(model, start, budget=400_000)
    assert exact.method == "exact"
    covered = 0
    for seed in range(3):
        state.game = state.game.model_copy(update={"id": f"mc{seed}"})
        sampled = turn_value(_MonteCarloOnly(), state, 1, samples=400).solved
        assert sampled.method == "monte-carlo" and sampled.intervals is not None
        low, high = sampled.intervals["hit"]
        covered += low <= exact.hit <= high
        assert sampled.intervals["stay"][0] <= exact.stay <= sampled.intervals["stay"][1]  # type: ignore[operator]
    assert covered >= 2  # a 95% interval may miss now and then, not mostly


class _MonteCarloOnly:
    """Vengeance's model, made to sample every position."""

    def start_of(self, state, seat):  # noqa: ANN001, ANN201
        raise Unmodelled("sample")

    hit_now = staticmethod(analysis.hit_now)
    choose_target = staticmethod(analysis.choose_target)
    given = staticmethod(analysis.given)


def test_a_vengeance_game_is_analysed(snapshot: SnapshotAssertion) -> None:
    text = (ROOT / "logs" / "vengeance-brutal.jsonl").read_text(encoding="utf-8")
    result = analyze(text, round_no=1)
    assert result.ruleset == "vengeance" and result.decisions
    methods = {d.method for d in result.decisions}
    assert "monte-carlo" in methods
    for d in result.decisions:
        if d.method == "monte-carlo":
            assert d.samples and d.interval and set(d.interval) == set(d.options)
    assert result.to_dict() == snapshot
