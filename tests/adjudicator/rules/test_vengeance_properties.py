"""The property tests of the rules, run for With a Vengeance and its Brutal mode: every simulated
game is valid, cards are conserved after every event, ``state_at`` equals a fresh fold,
``legal_moves`` and the reducer agree, one mutated event is legal or refused right there, and the
scores equal a plain re-write of the scoring rule."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("adjudicator.rules.engine", reason="needs the shared rules engine")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.events import CardEvent, Event, GameEvent, HitEvent, StayEvent
from adjudicator.replay import check_log, replay_log, state_at
from adjudicator.rules import expecting, legal_moves
from adjudicator.rulesets.vengeance.rules import ACTIONS, CARD_SET, MODIFIERS, VengeanceTargetEvent
from adjudicator.simulate import GameOptions, dump_event
from adjudicator.state import BUSTED, GameState
from tests.adjudicator.test_properties import Config, assert_conserved, assert_faces_agree, state_after

#: Violation codes a Vengeance game can produce (the contract's and ``must_hit``).
CODES = {"bad_event", "unknown_player", "out_of_order", "wrong_player", "stay_without_card", "illegal_target",
         "card_unavailable", "must_hit"}
STRATEGIES = ("threshold:15", "threshold:25", "cautious:0.2", "cautious:0.35", "random", "random:0.7@smart")
ALL_CARDS = sorted(CARD_SET)


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """Vengeance games: 3–8 players (one deck) or 19–22 (two decks), standard or Brutal."""
    decks = draw(st.sampled_from((1, 1, 1, 1, 2)))
    players = draw(st.integers(3, 8)) if decks == 1 else draw(st.integers(19, 20))
    options = GameOptions(
        ruleset="vengeance", brutal=draw(st.booleans()), decks=decks,
        target=draw(st.sampled_from((40, 100, 200))), rounds=draw(st.sampled_from((None, None, 1, 3))),
    )
    strategies = tuple(draw(st.lists(st.sampled_from(STRATEGIES), min_size=1, max_size=3)))
    return Config(draw(st.integers(0, 2**32)), players, options, strategies)


FEW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(configs())
def test_games_are_valid_and_cards_conserved(config: Config) -> None:
    game = config.play()
    verdict = check_log(game.text())
    assert verdict.valid, (config, verdict.violations[:1])
    assert verdict.finished == game.finished or game.stalled
    assert_conserved(config)


def snapshot(state: GameState) -> tuple:
    """Everything observable about a Vengeance state, as plain values."""
    rows = tuple((tuple(r.numbers), tuple(r.modifiers), r.status, r.bust_card, r.flip7, r.bonus) for r in state.rows)  # type: ignore[attr-defined]
    exp = expecting(state)
    return (
        tuple(sorted((c, k) for c, k in state.draw_pile.items() if k)),
        tuple(sorted((c, k) for c, k in state.discard_pile.items() if k)), rows, state.round, state.in_round,
        tuple(state.totals), tuple((h.round, tuple(h.scores)) for h in state.history), tuple(state.in_play()),
        (exp.kind, exp.seat, exp.card, exp.eligible, exp.purpose),
    )


@FEW
@given(configs(), st.randoms(use_true_random=False))
def test_state_at_equals_a_fresh_fold(config: Config, rng: random.Random) -> None:
    game = config.play()
    text = game.text()
    picks = sorted({0, len(game.events) - 1, *(rng.randrange(len(game.events)) for _ in range(6))})
    for n in picks:
        result = state_at(text, n)
        assert result.stopped_by is None
        assert snapshot(result.state) == snapshot(state_after(game.events, n + 1)), (config, n)


def candidates(state: GameState, rng: random.Random, count: int) -> list[Event]:
    """Events of every kind, legal or not (Vengeance cards and target fields)."""
    names = [*state.players, "Nobody"]
    out: list[Event] = []
    for _ in range(count):
        kind = rng.choice(("card", "hit", "stay", "target"))
        player = rng.choice(names)
        if kind == "card":
            out.append(CardEvent.model_construct(type="card", player=player, card=rng.choice(ALL_CARDS)))
        elif kind == "hit":
            out.append(HitEvent(type="hit", player=player))
        elif kind == "stay":
            out.append(StayEvent(type="stay", player=player))
        else:
            card = rng.choice((*ACTIONS, *MODIFIERS))
            extra = {}
            if card in ("steal", "discard", "swap"):
                extra["target_card"] = rng.choice(ALL_CARDS)
            if card == "swap":
                extra.update(other=rng.choice(names), other_card=rng.choice(ALL_CARDS))
            out.append(VengeanceTargetEvent.model_construct(type="target", player=player, card=card, target=rng.choice(names), **extra))
    return out


@FEW
@given(configs(), st.randoms(use_true_random=False))
def test_legal_moves_and_the_reducer_agree(config: Config, rng: random.Random) -> None:
    assert_faces_agree(config, rng, samples=8, candidates=candidates, codes=CODES)


@FEW
@given(configs(), st.randoms(use_true_random=False))
def test_a_mutated_event_is_legal_or_refused_right_there(config: Config, rng: random.Random) -> None:
    game = config.play()
    events = game.events
    game_event = events[0]
    assert isinstance(game_event, GameEvent)
    for _ in range(8):
        index = rng.randrange(1, len(events))
        event = events[index]
        if event.type in ("score", "end", "round", "shuffle"):
            continue
        fields = dict(event.__dict__)
        field = rng.choice([f for f in ("player", "card", "target", "target_card", "other_card") if fields.get(f) is not None])
        pool = ALL_CARDS if "card" in field else game_event.players
        fields[field] = rng.choice([x for x in pool if x != fields[field]])
        mutated = type(event).model_construct(**fields)
        verdict = check_log("\n".join(dump_event(e) for e in [*events[:index], mutated, *events[index + 1:]]))
        state = state_after(events, index)
        if mutated in set(legal_moves(state)):
            assert all(v.event > index for v in verdict.violations), (config, index, mutated)
        else:
            assert verdict.violations and verdict.violations[0].event == index, (config, index, mutated, verdict.violations[:1])
            assert verdict.violations[0].code in CODES


def plain_score(numbers: list[str], modifiers: list[str], *, busted: bool, flip7: bool, brutal: bool, bonus: int) -> int:
    """The Vengeance scoring rule written out plainly."""
    values = [7 if n == "unlucky_7" else 13 if n == "lucky_13" else int(n) for n in numbers]
    if busted and not brutal:
        return 0
    points = 0 if busted or ("0" in numbers and not flip7) else sum(values)
    for _ in range(modifiers.count("/2")):
        points = points // 2
    points -= sum(-int(m) for m in modifiers if m != "/2")
    if brutal:
        return points + bonus
    return max(points, 0) + (15 if flip7 else 0)


def duplicate(numbers: list[str]) -> bool:
    """True when the row holds a number more often than allowed (a 13 twice only with the Lucky 13)."""
    values = Counter(7 if n == "unlucky_7" else 13 if n == "lucky_13" else int(n) for n in numbers)
    limit = {13: 2 if "lucky_13" in numbers else 1}
    return any(k > limit.get(v, 1) for v, k in values.items())


@FEW
@given(configs())
def test_scores_equal_a_plain_rewrite(config: Config) -> None:
    game = config.play()
    result = replay_log(game.text())
    brutal = config.options.brutal
    for past, summary in zip(result.state.history, result.verdict.rounds, strict=False):
        for seat, row in enumerate(past.rows):
            busted = row.status == BUSTED
            assert busted == duplicate(row.numbers), (config, past.round, row)
            assert row.flip7 == (past.flip7_seat == seat) == (len(row.numbers) == 7 and not busted)
            expected = plain_score(row.numbers, row.modifiers, busted=busted, flip7=row.flip7, brutal=brutal, bonus=row.bonus)  # type: ignore[attr-defined]
            assert past.scores[seat] == expected == summary.players[result.state.players[seat]].score
            if not brutal:
                assert expected >= 0
