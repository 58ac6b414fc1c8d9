"""Properties of the rules checked on simulated games (hypothesis; more games with ``--slow``).

Simulated games come from a physical shuffled deck and strategies choosing among ``legal_moves``,
so they reach the corners people forget: reshuffles mid-round, Flip Threes inside Flip Threes,
passed Second Chances, Flip 7 during the deal, two decks, both editions and both delayed modes.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ACTIONS, ALL_CARDS, MODIFIERS, NUMBERS
from adjudicator.errors import VIOLATION_CODES, RuleViolation
from adjudicator.events import (
    CardEvent,
    EndEvent,
    Event,
    GameEvent,
    HitEvent,
    RoundEvent,
    ScoreEvent,
    ShuffleEvent,
    StayEvent,
    TargetEvent,
)
from adjudicator.replay import check_log, replay_log, state_at
from adjudicator.rules import apply, check, expecting, is_legal, legal_moves
from adjudicator.rulesets import find_ruleset
from adjudicator.rulesets.base.rules import score_row
from adjudicator.simulate import GameOptions, SimulatedGame, dump_event, play_game
from adjudicator.state import BUSTED, GameState

STRATEGY_POOL = ("threshold:15", "threshold:25", "threshold:40", "cautious:0.15", "cautious:0.3", "random", "random:0.8@smart", "cautious:0.5@random")


@dataclass(frozen=True)
class Config:
    """Everything that determines one simulated game."""

    seed: int
    players: int
    options: GameOptions
    strategies: tuple[str, ...]

    def play(self) -> SimulatedGame:
        return play_game(f"prop-{self.seed}", list(self.strategies), random.Random(self.seed), players=self.players, options=self.options)


def config_for(seed: int) -> Config:
    """A deterministic configuration per seed (for the seed sweeps of ``--slow``)."""
    rng = random.Random(seed)
    decks = 2 if rng.random() < 0.15 else 1
    players = rng.randint(19, 36) if decks == 2 and rng.random() < 0.7 else rng.randint(3, 18)
    options = GameOptions(
        edition=rng.choice(("current", "first")),
        delayed=rng.choice(("in_turn", "assign_first")),
        target=rng.choice((50, 100, 200, 300)),
        rounds=rng.choice((None, None, None, 1, 3)),
        decks=decks,
    )
    strategies = tuple(rng.choice(STRATEGY_POOL) for _ in range(rng.randint(1, 4)))
    return Config(seed, players, options, strategies)


@st.composite
def configs(draw: st.DrawFn, small: bool = False) -> Config:
    """Hypothesis: any player count (3–18, 19–36 with two decks), any options, mixed strategies."""
    decks = draw(st.sampled_from((1, 1, 1, 2)))
    if decks == 1 or small:
        players = draw(st.integers(3, 8 if small else 18))
    else:
        players = draw(st.integers(19, 36))
    options = GameOptions(
        edition=draw(st.sampled_from(("current", "first"))),
        delayed=draw(st.sampled_from(("in_turn", "assign_first"))),
        target=draw(st.sampled_from((30, 100, 200) if small else (50, 100, 200, 300))),
        rounds=draw(st.sampled_from((None, None, 1, 2, 4))),
        decks=decks,
    )
    strategies = tuple(draw(st.lists(st.sampled_from(STRATEGY_POOL), min_size=1, max_size=4)))
    return Config(draw(st.integers(0, 2**32)), players, options, strategies)


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fold(events: list[Event]) -> Iterator[GameState]:
    """Apply events one by one to a fresh state, yielding the state after each (the same object)."""
    state = GameState()
    for index, event in enumerate(events):
        apply(state, event, index)
        yield state


def state_after(events: list[Event], count: int) -> GameState:
    """The state after the first ``count`` events."""
    state = GameState()
    for index, event in enumerate(events[:count]):
        apply(state, event, index)
    return state


# ---------------------------------------------------------------------------------------------
# Every simulated game is valid; finished games have exactly one winner


def plain_game_over(totals: list[int], rounds_played: int, target: int, rounds: int | None) -> bool:
    """The end-of-game rule written out plainly: the condition is met and one player leads alone."""
    if rounds is not None:
        condition = rounds_played >= rounds
    else:
        condition = any(t >= target for t in totals)
    best = max(totals)
    return condition and sum(1 for t in totals if t == best) == 1


def assert_valid_game(config: Config) -> None:
    game = config.play()
    result = replay_log(game.text())
    verdict = result.verdict
    assert verdict.valid, (config, verdict.violations[:1])
    assert verdict.events == len(game.events)
    assert verdict.finished == game.finished
    if verdict.finished:
        best = max(verdict.totals.values())
        assert [p for p, t in verdict.totals.items() if t == best] == [verdict.winner]
    else:
        assert game.stalled, config  # a simulated game only stops early when no card is left anywhere
    # The game ended after the first round that met the end rule, not earlier and not later.
    running = [0] * config.players
    ends = []
    for past in result.state.history:
        running = [t + s for t, s in zip(running, past.scores, strict=False)]
        ends.append(plain_game_over(running, past.round, config.options.target, config.options.rounds))
    assert running == list(verdict.totals.values())
    if verdict.finished:
        assert ends[-1] and not any(ends[:-1])
    else:
        assert not any(ends)


@SETTINGS
@given(configs())
def test_simulated_games_are_valid_and_have_one_winner(config: Config) -> None:
    assert_valid_game(config)


@pytest.mark.parametrize("players", [3, 18, 19, 36])
def test_extreme_table_sizes_are_valid(players: int) -> None:
    options = GameOptions(decks=1 if players <= 18 else 2, target=100)
    assert_valid_game(Config(players, players, options, ("cautious:0.3", "threshold:20", "random")))


@pytest.mark.slow
def test_many_simulated_games_are_valid() -> None:
    for seed in range(1500):
        assert_valid_game(config_for(seed))


# ---------------------------------------------------------------------------------------------
# Card conservation after every event


def card_census(state: GameState) -> Counter[str]:
    """Every card where it lies now: draw pile, discard pile, rows, and in play / set aside."""
    counts: Counter[str] = Counter()
    counts.update(state.draw_pile)
    counts.update(state.discard_pile)
    for row in state.rows:
        counts.update(row.table_cards())
    counts.update(state.in_play())
    return +counts


def assert_conserved(config: Config) -> None:
    """After every event of a simulated game, every card of the ruleset's deck lies somewhere."""
    game = config.play()
    deck = +Counter(find_ruleset(config.options.ruleset).deck(config.options.decks))
    for index, state in enumerate(fold(game.events)):
        census = card_census(state)
        assert census == deck, (config, index, game.events[index], census - deck, deck - census)
        assert state.draw_size == sum(state.draw_pile.values())
        assert all(v >= 0 for v in state.draw_pile.values()) and all(v >= 0 for v in state.discard_pile.values())


@SETTINGS
@given(configs())
def test_cards_are_conserved_after_every_event(config: Config) -> None:
    assert_conserved(config)


@pytest.mark.slow
def test_cards_are_conserved_in_many_games() -> None:
    for seed in range(600):
        assert_conserved(config_for(seed))


# ---------------------------------------------------------------------------------------------
# state_at equals folding the prefix


def snapshot(state: GameState) -> tuple:
    """Everything observable about a state, as plain comparable values."""
    rows = tuple(
        (tuple(r.numbers), tuple(r.modifiers), r.second_chance, tuple(r.freezes), r.status, r.bust_card, r.flip7, r.cards_drawn)
        for r in state.rows
    )
    history = tuple((h.round, h.dealer, h.ended_by, h.flip7_seat, tuple(h.outcomes), tuple(h.scores)) for h in state.history)
    exp = expecting(state)
    return (
        tuple(sorted((c, k) for c, k in state.draw_pile.items() if k)), state.draw_size,
        tuple(sorted((c, k) for c, k in state.discard_pile.items() if k)), rows, state.round, state.dealer,
        state.in_round, tuple(state.totals), history, state.over, state.winner, tuple(state.in_play()),
        (exp.kind, exp.seat, exp.card, exp.eligible, exp.purpose),
    )


@FEW
@given(configs(small=True), st.randoms(use_true_random=False))
def test_state_at_equals_folding_the_prefix(config: Config, rng: random.Random) -> None:
    game = config.play()
    text = game.text()
    events = game.events
    picks = sorted({0, len(events) - 1, *(rng.randrange(len(events)) for _ in range(8))})
    folded = fold(events)
    done = -1
    for n in picks:
        while done < n:
            state = next(folded)
            done += 1
        result = state_at(text, n)  # events 0 … n applied
        assert result.stopped_by is None
        assert result.applied == n + 1
        assert snapshot(result.state) == snapshot(state), (config, n)


# ---------------------------------------------------------------------------------------------
# The two faces of the rules agree: legal_moves and the reducer


def candidate_moves(state: GameState, rng: random.Random, count: int) -> list[Event]:
    """A sample of non-claim events of every kind, legal or not."""
    names = list(state.players) + ["Nobody"]
    cands: list[Event] = [ShuffleEvent(type="shuffle")]
    for n in range(1, len(state.history) + 3):
        cands.append(RoundEvent(type="round", round=n, dealer=rng.choice(names[:-1])))
    for _ in range(count):
        kind = rng.choice(("card", "card", "hit", "stay", "target"))
        player = rng.choice(names)
        if kind == "card":
            cands.append(CardEvent(type="card", player=player, card=rng.choice(ALL_CARDS)))
        elif kind == "hit":
            cands.append(HitEvent(type="hit", player=player))
        elif kind == "stay":
            cands.append(StayEvent(type="stay", player=player))
        else:
            cands.append(TargetEvent(type="target", player=player, card=rng.choice(ACTIONS), target=rng.choice(names)))
    return cands


def assert_faces_agree(
    config: Config, rng: random.Random, samples: int = 12,
    candidates: Callable[[GameState, random.Random, int], list[Event]] | None = None,
    codes: Collection[str] = VIOLATION_CODES,
) -> None:
    """``legal_moves`` and the reducer agree at sampled points of a simulated game: each offered
    move applies, every other ``candidates`` event is refused with one of ``codes``."""
    candidates = candidates or candidate_moves
    game = config.play()
    events = game.events
    picks = sorted(rng.sample(range(1, len(events) + 1), min(samples, len(events))))
    for count in picks:  # after the game event: legal_moves describes a game that has begun
        state = state_after(events, count)
        moves = legal_moves(state)
        offered = set(moves)
        assert len(offered) == len(moves), "legal_moves lists a move twice"
        if not state.over:
            assert moves, (config, count, "the game waits but no move is legal")
        for move in moves:
            trial = copy.deepcopy(state)
            apply(trial, move, count)  # must not raise
        # Also the generic moves everybody could try: (player, hit/stay) and targets of every card.
        for cand in candidates(state, rng, 40):
            if cand in offered:
                check(state, cand)
                continue
            with pytest.raises(RuleViolation) as refused:
                check(state, cand)
            assert refused.value.code in codes
            assert not refused.value.is_claim
        # What the log really did next is among the offered moves (claims aside).
        if count < len(events) and events[count].type not in ("score", "end"):
            assert events[count] in offered


@SETTINGS
@given(configs(small=True), st.randoms(use_true_random=False))
def test_legal_moves_and_the_reducer_agree(config: Config, rng: random.Random) -> None:
    assert_faces_agree(config, rng)


@pytest.mark.slow
def test_legal_moves_and_the_reducer_agree_in_many_games() -> None:
    for seed in range(200):
        assert_faces_agree(config_for(seed), random.Random(seed), samples=25)


# ---------------------------------------------------------------------------------------------
# Mutations: one changed event is either legal at that point or a violation right there


def mutate(events: list[Event], index: int, kind: str, rng: random.Random) -> list[Event] | None:
    """``events`` with event ``index`` changed (card, target or player) or dropped; None if the
    event has no such field or the change would leave it the same."""
    event = events[index]
    if kind == "drop":
        return events[:index] + events[index + 1 :]
    fields = event.model_dump()
    if kind not in fields or event.type == "game":
        return None
    if kind == "card":
        fields["card"] = rng.choice([c for c in ALL_CARDS if c != fields["card"]])
    else:
        game = events[0]
        assert isinstance(game, GameEvent)
        fields[kind] = rng.choice([p for p in game.players if p != fields[kind]])
    return events[:index] + [type(event).model_validate(fields)] + events[index + 1 :]


#: The violation a single illegal change must give (the rest of the event is as the log had it).
EXPECTED_CODE = {
    ("card", "card"): "card_unavailable",
    ("card", "target"): "illegal_target",
    ("target", "target"): "illegal_target",
    ("player", "card"): "wrong_player",
    ("player", "hit"): "wrong_player",
    ("player", "stay"): "wrong_player",
    ("player", "target"): "wrong_player",
}


def is_legal_now(state: GameState, event: Event) -> bool:
    """Legal according to legal_moves (claims, which it leaves out, according to is_legal).

    A mutated event is never the game event (``mutate`` leaves it alone, and dropping an event
    never moves another to the top), so the moves of a game that has begun are all there is."""
    if isinstance(event, (ScoreEvent, EndEvent)):
        return is_legal(state, event)
    assert not isinstance(event, GameEvent), event
    return event in legal_moves(state)


def assert_mutations_judged(config: Config, rng: random.Random, tries: int = 10) -> None:
    game = config.play()
    events = game.events
    for _ in range(tries):
        index = rng.randrange(len(events))
        kind = rng.choice(("card", "target", "player", "drop"))
        mutated = mutate(events, index, kind, rng)
        if mutated is None:
            continue
        verdict = check_log("\n".join(dump_event(e) for e in mutated))
        state = state_after(events, index)  # the prefix is unchanged
        if index < len(mutated) and not is_legal_now(state, mutated[index]):
            assert verdict.violations, (config, index, kind, mutated[index])
            first = verdict.violations[0]
            assert first.event == index, (config, index, kind, mutated[index], first)
            assert first.code == EXPECTED_CODE.get((kind, events[index].type), first.code), (kind, mutated[index], first)
            assert first.code in VIOLATION_CODES
        else:
            assert all(v.event > index for v in verdict.violations), (config, index, kind, verdict.violations[0])


@SETTINGS
@given(configs(small=True), st.randoms(use_true_random=False))
def test_mutated_logs_are_legal_or_refused_at_the_change(config: Config, rng: random.Random) -> None:
    assert_mutations_judged(config, rng)


@pytest.mark.slow
def test_mutated_logs_in_many_games() -> None:
    for seed in range(400):
        assert_mutations_judged(config_for(seed), random.Random(seed), tries=30)


# ---------------------------------------------------------------------------------------------
# Scores


def plain_score(row_cards: list[str], *, flip7: bool) -> int:
    """Round score written out plainly from the cards of a row (numbers and modifiers)."""
    numbers = [int(c) for c in row_cards if c in NUMBERS]
    if len(set(numbers)) != len(numbers):
        return 0  # a duplicate number: busted
    points = sum(numbers)
    for card in row_cards:
        if card == "x2":
            points = points * 2
    for card in row_cards:
        if card.startswith("+"):
            points = points + int(card[1:])
    if flip7:
        points = points + 15
    return points


def assert_scores(config: Config) -> None:
    game = config.play()
    result = replay_log(game.text())
    names = result.state.players
    totals = dict.fromkeys(names, 0)
    for past, summary in zip(result.state.history, result.verdict.rounds, strict=False):
        for seat, row in enumerate(past.rows):
            busted = row.status == BUSTED
            assert busted == (len(set(row.numbers)) != len(row.numbers))
            assert row.flip7 == (past.flip7_seat == seat)
            assert row.flip7 == (len(row.numbers) == 7 and not busted)
            expected = plain_score([*row.numbers, *row.modifiers], flip7=row.flip7)
            assert past.scores[seat] == expected, (config, past.round, names[seat], row)
            assert summary.players[names[seat]].score == expected
            totals[names[seat]] += expected
    assert result.verdict.totals == totals


@SETTINGS
@given(configs())
def test_round_scores_match_a_plain_scoring_function(config: Config) -> None:
    assert_scores(config)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(NUMBERS), max_size=8),
    st.lists(st.sampled_from(MODIFIERS), max_size=4),
    st.booleans(),
)
def test_score_row_matches_the_plain_function(numbers: list[str], modifiers: list[str], flip7: bool) -> None:
    busted = len(set(numbers)) != len(numbers)
    assert score_row(numbers, modifiers, busted=busted, flip7=flip7 and not busted) == plain_score(
        [*numbers, *modifiers], flip7=flip7 and not busted
    )


@pytest.mark.slow
def test_scores_in_many_games() -> None:
    for seed in range(1000):
        assert_scores(config_for(seed))
