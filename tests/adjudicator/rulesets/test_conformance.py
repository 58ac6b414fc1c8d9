"""The conformance suite: one set of properties, run for every registered ruleset and mode.

Simulated games come from a physical shuffled deck and strategies choosing among ``legal_moves``,
so they reach the corners people forget: reshuffles mid-round, actions inside actions, passed
cards, Flip 7 during the deal, two decks, every option. For each ruleset and mode in ``MODES``:

- every simulated game replays valid and ends after the first round that meets the end rule,
  with one winner;
- every card of the deck lies in exactly one place after every event;
- ``state_at`` equals folding the prefix;
- ``legal_moves`` and the reducer agree, and one changed event is legal there or refused right there;
- round scores equal a plain rewrite of the scoring rule, and the score steps end at that score;
- ``check``, ``settle`` and ``explain`` give the same verdict, and the notation goes there and back;
- the store ingests the games whole and every statistic runs on them;
- the table view is built (and reads back) after every event.

Only the first section names a ruleset: a new ruleset adds its ``Mode`` there (a test fails while a
registered ruleset has none). Hypothesis runs a small fixed budget; ``--slow`` sweeps many seeds.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

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
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation, replay_notation
from adjudicator.referee import explain, settle
from adjudicator.replay import check_log, replay_log, state_at
from adjudicator.rules import apply, check, expecting, is_legal, legal_moves
from adjudicator.rulesets import RULESETS, find_ruleset
from adjudicator.simulate import GameOptions, SimulatedGame, dump_event, play_game
from adjudicator.simulate.play import game_event, open_game
from adjudicator.state import ACTIVE, BUSTED, GameState, Row
from adjudicator.store import LogInput, Store
from adjudicator.table import TableView, describe_table
from tests.adjudicator.store.conftest import assert_store_whole
from tests.conftest import examples

T = TypeVar("T")
Pick = Callable[[Sequence[Any]], Any]

# =============================================================================================
# The rulesets and modes the suite runs for (the only section that names a ruleset or a card)


@dataclass(frozen=True)
class Mode:
    """One ruleset in one mode: how its games are drawn and how it scores, written out plainly.

    ``options`` draws the ruleset's own game options with ``pick`` (one choice among a sequence);
    ``plain_score`` is the round score of a finished row (its status and Flip 7 already known);
    ``busts`` says whether a row's numbers are a bust; ``numbers`` / ``modifiers`` are the cards a
    random row for the score-steps test is made of; ``codes`` the violation codes it may give.
    """

    id: str
    ruleset: str
    options: Callable[[Pick], dict[str, Any]]
    plain_score: Callable[[Row, GameOptions], int]
    busts: Callable[[Sequence[str]], bool]
    numbers: tuple[str, ...]
    modifiers: tuple[str, ...]
    codes: frozenset[str] = frozenset(VIOLATION_CODES)


def _flip7_score(row: Row, options: GameOptions) -> int:
    """Flip 7: numbers added up, each x2 doubles, each +N adds, a Flip 7 adds 15; a bust is 0."""
    if row.status == BUSTED:
        return 0
    points = sum(int(n) for n in row.numbers) * 2 ** row.modifiers.count("x2")
    return points + sum(int(m) for m in row.modifiers if m != "x2") + 15 * row.flip7


def _vengeance_value(card: str) -> int:
    return {"unlucky_7": 7, "lucky_13": 13}.get(card) or int(card)


def _vengeance_score(row: Row, options: GameOptions) -> int:
    """With a Vengeance: The Zero without a Flip 7 makes the numbers 0, every ÷2 before the minus
    modifiers; standard: a bust is 0, the floor is 0, a Flip 7 adds 15; Brutal: a bust keeps its
    modifiers, no floor, the Flip 7 bonus given to the row (+15 or -15) is added."""
    busted = row.status == BUSTED
    if busted and not options.brutal:
        return 0
    points = 0 if busted or ("0" in row.numbers and not row.flip7) else sum(map(_vengeance_value, row.numbers))
    for _ in range(row.modifiers.count("/2")):
        points //= 2
    points += sum(int(m) for m in row.modifiers if m != "/2")
    if options.brutal:
        return points + getattr(row, "bonus", 0)
    return max(points, 0) + 15 * row.flip7


def _vengeance_busts(numbers: Sequence[str]) -> bool:
    """A number more often than once (a 13 twice only with the Lucky 13)."""
    values = Counter(map(_vengeance_value, numbers))
    limit = {13: 2 if "lucky_13" in numbers else 1}
    return any(k > limit.get(v, 1) for v, k in values.items())


_VENGEANCE_NUMBERS = (*(str(n) for n in range(14)), "unlucky_7", "lucky_13")
_VENGEANCE_MODIFIERS = ("/2", "-2", "-4", "-6", "-8", "-10")

MODES: tuple[Mode, ...] = (
    Mode(
        "flip7", "flip7",
        lambda pick: {"edition": pick(("current", "first")), "delayed": pick(("in_turn", "assign_first"))},
        _flip7_score, lambda numbers: len(set(numbers)) != len(numbers),
        tuple(str(n) for n in range(13)), ("x2", "+2", "+4", "+6", "+8", "+10"),
    ),
    Mode(
        "vengeance", "vengeance", lambda pick: {"brutal": False}, _vengeance_score, _vengeance_busts,
        _VENGEANCE_NUMBERS, _VENGEANCE_MODIFIERS, frozenset({*VIOLATION_CODES, "must_hit"}),
    ),
    Mode(
        "vengeance-brutal", "vengeance", lambda pick: {"brutal": True}, _vengeance_score, _vengeance_busts,
        _VENGEANCE_NUMBERS, _VENGEANCE_MODIFIERS, frozenset({*VIOLATION_CODES, "must_hit"}),
    ),
)

# =============================================================================================
# Drawing games (shared by every mode)

STRATEGY_POOL = (
    "threshold:15", "threshold:25", "threshold:40", "cautious:0.15", "cautious:0.3", "random",
    "random:0.8@smart", "cautious:0.5@random",
)
IDS = [mode.id for mode in MODES]
each_mode = pytest.mark.parametrize("mode", MODES, ids=IDS)


@dataclass(frozen=True)
class Config:
    """Everything that determines one simulated game."""

    mode: Mode = field(repr=False)
    seed: int
    players: int
    options: GameOptions
    strategies: tuple[str, ...]

    def play(self) -> SimulatedGame:
        """The game these settings give (always the same one)."""
        return play_game(
            f"conf-{self.mode.id}-{self.seed}", list(self.strategies), random.Random(self.seed),
            players=self.players, options=self.options,
        )


def _config(mode: Mode, pick: Pick, integers: Callable[[int, int], int], small: bool) -> Config:
    rules = find_ruleset(mode.ruleset)
    per_deck = rules.players_per_deck
    decks = pick((1, 1, 1, 1, 2))
    if decks == 1:
        players = integers(rules.min_players, min(per_deck, 8) if small else per_deck)
    else:
        players = integers(per_deck + 1, per_deck + 2 if small else 2 * per_deck)
    options = GameOptions(
        ruleset=mode.ruleset, decks=decks,
        target=pick((30, 100, 200) if small else (50, 100, 200, 300)),
        rounds=pick((None, None, 1, 2, 4)),
        **mode.options(pick),
    )
    strategies = tuple(pick(STRATEGY_POOL) for _ in range(integers(1, 4)))
    return Config(mode, integers(0, 2**32), players, options, strategies)


@st.composite
def configs(draw: st.DrawFn, mode: Mode, small: bool = True) -> Config:
    """Hypothesis: a game of ``mode`` with any options, any seat count, mixed strategies."""
    return _config(mode, lambda seq: draw(st.sampled_from(seq)), lambda a, b: draw(st.integers(a, b)), small)


def config_for(mode: Mode, seed: int) -> Config:
    """A deterministic configuration per seed (the seed sweeps of ``--slow``)."""
    rng = random.Random(seed)
    return _config(mode, rng.choice, rng.randint, small=False)


@cache
def sample_games(mode_id: str) -> tuple[SimulatedGame, ...]:
    """A few fixed games of a mode (for the slower layers: store, table view)."""
    mode = next(m for m in MODES if m.id == mode_id)
    return tuple(config_for(mode, seed).play() for seed in (1, 2, 3))


#: A small fixed budget, no shrinking (a failure names its ``Config``, which replays it exactly);
#: a third of it in the default run while working (``tests.conftest.examples``), all of it in CI's.
SETTINGS = settings(max_examples=examples(12, 4), deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=(Phase.explicit, Phase.reuse, Phase.generate))
FEW = settings(SETTINGS, max_examples=examples(6, 2))


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


def test_every_registered_ruleset_has_a_mode() -> None:
    assert {mode.ruleset for mode in MODES} == set(RULESETS)


# =============================================================================================
# Every simulated game is valid; finished games have exactly one winner


def plain_game_over(totals: list[int], rounds_played: int, target: int, rounds: int | None) -> bool:
    """The end-of-game rule written out plainly: the condition is met and one player leads alone."""
    condition = rounds_played >= rounds if rounds is not None else any(t >= target for t in totals)
    best = max(totals)
    return condition and sum(1 for t in totals if t == best) == 1


def assert_valid_game(config: Config) -> None:
    """The game replays valid, its totals add up, and it ended exactly when the end rule says."""
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
    running = [0] * config.players
    ends = []
    for past in result.state.history:
        running = [t + s for t, s in zip(running, past.scores, strict=True)]
        ends.append(plain_game_over(running, past.round, config.options.target, config.options.rounds))
    assert running == list(verdict.totals.values())
    if verdict.finished:
        assert ends[-1] and not any(ends[:-1])
    else:
        assert not any(ends)


@each_mode
@SETTINGS
@given(data=st.data())
def test_simulated_games_are_valid_and_have_one_winner(mode: Mode, data: st.DataObject) -> None:
    assert_valid_game(data.draw(configs(mode, small=False)))


@each_mode
@pytest.mark.parametrize("size", ["fewest", "one_deck_full", "two_decks", "two_decks_full"])
def test_extreme_table_sizes_are_valid(mode: Mode, size: str) -> None:
    rules = find_ruleset(mode.ruleset)
    per_deck = rules.players_per_deck
    players = {"fewest": rules.min_players, "one_deck_full": per_deck, "two_decks": per_deck + 1, "two_decks_full": 2 * per_deck}[size]
    options = GameOptions(ruleset=mode.ruleset, decks=1 if players <= per_deck else 2, target=100, **mode.options(lambda seq: seq[0]))
    assert_valid_game(Config(mode, players, players, options, ("cautious:0.3", "threshold:20", "random")))


@pytest.mark.slow
@each_mode
def test_many_simulated_games_are_valid(mode: Mode) -> None:
    for seed in range(1500):
        assert_valid_game(config_for(mode, seed))


# =============================================================================================
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
    """After every event, every card of the ruleset's deck lies in exactly one place."""
    game = config.play()
    deck = +Counter(find_ruleset(config.options.ruleset).deck(config.options.decks))
    for index, state in enumerate(fold(game.events)):
        census = card_census(state)
        assert census == deck, (config, index, game.events[index], census - deck, deck - census)
        assert state.draw_size == sum(state.draw_pile.values())
        assert all(v >= 0 for v in state.draw_pile.values()) and all(v >= 0 for v in state.discard_pile.values())


@each_mode
@SETTINGS
@given(data=st.data())
def test_cards_are_conserved_after_every_event(mode: Mode, data: st.DataObject) -> None:
    assert_conserved(data.draw(configs(mode)))


@pytest.mark.slow
@each_mode
def test_cards_are_conserved_in_many_games(mode: Mode) -> None:
    for seed in range(600):
        assert_conserved(config_for(mode, seed))


# =============================================================================================
# state_at equals folding the prefix


def _plain(value: Any) -> Any:
    """A row (dataclass or model) or anything in it as plain comparable values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple((f.name, _plain(getattr(value, f.name))) for f in dataclasses.fields(value))
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump())
    if isinstance(value, dict):
        return tuple(sorted((k, _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


def snapshot(state: GameState) -> tuple:
    """Everything observable about a state (every field of every row), as plain values."""
    history = tuple((h.round, h.dealer, h.ended_by, h.flip7_seat, tuple(h.outcomes), tuple(h.scores), _plain(h.rows)) for h in state.history)
    exp = expecting(state)
    return (
        tuple(sorted((c, k) for c, k in state.draw_pile.items() if k)), state.draw_size,
        tuple(sorted((c, k) for c, k in state.discard_pile.items() if k)), _plain(state.rows), state.round,
        state.dealer, state.in_round, tuple(state.totals), history, state.over, state.winner, tuple(state.in_play()),
        (exp.kind, exp.seat, exp.card, exp.eligible, exp.purpose),
    )


@each_mode
@FEW
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_state_at_equals_folding_the_prefix(mode: Mode, data: st.DataObject, rng: random.Random) -> None:
    config = data.draw(configs(mode))
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


# =============================================================================================
# The two faces of the rules agree: legal_moves and the reducer


def _extra_target_fields(state: GameState) -> list[str]:
    """The fields the game's ``target`` events have beyond the shared ones (e.g. ``target_card``)."""
    return [f for f in state.rules.target_event.model_fields if f not in TargetEvent.model_fields]


def candidate_moves(state: GameState, rng: random.Random, count: int) -> list[Event]:
    """A sample of non-claim events of every kind with the game's cards and fields, legal or not."""
    rules = state.rules
    names = [*state.players, "Nobody"]
    cards = sorted(rules.cards)
    target_cards = sorted(rules.target_cards or rules.cards)
    extra = _extra_target_fields(state)
    cands: list[Event] = [ShuffleEvent(type="shuffle")]
    for n in range(1, len(state.history) + 3):
        cands.append(RoundEvent(type="round", round=n, dealer=rng.choice(names[:-1])))
    for _ in range(count):
        kind = rng.choice(("card", "card", "hit", "stay", "target"))
        player = rng.choice(names)
        if kind == "card":
            cands.append(CardEvent.model_construct(type="card", player=player, card=rng.choice(cards)))
        elif kind == "hit":
            cands.append(HitEvent(type="hit", player=player))
        elif kind == "stay":
            cands.append(StayEvent(type="stay", player=player))
        else:
            fields = {f: rng.choice(cards if "card" in f else names) for f in extra if rng.random() < 0.5}
            line = {"type": "target", "player": player, "card": rng.choice(target_cards), "target": rng.choice(names), **fields}
            try:  # as a log line is read: a field the card does not have is refused there (bad_event)
                cands.append(rules.parse(json.dumps(line)))
            except RuleViolation as refused:
                assert refused.code == "bad_event"
    return cands


def assert_faces_agree(config: Config, rng: random.Random, samples: int = 10, codes: Collection[str] = VIOLATION_CODES) -> None:
    """``legal_moves`` and the reducer agree at sampled points of a game: each offered move applies,
    every other candidate is refused with one of ``codes``; what the log did next was offered."""
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
            apply(copy.deepcopy(state), move, count)  # must not raise
        for cand in candidate_moves(state, rng, 40):
            if cand in offered:
                check(state, cand)
                continue
            with pytest.raises(RuleViolation) as refused:
                check(state, cand)
            assert refused.value.code in codes, (config, count, cand, refused.value)
            assert not refused.value.is_claim
        if count < len(events) and events[count].type not in ("score", "end"):
            assert events[count] in offered


@each_mode
@SETTINGS
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_legal_moves_and_the_reducer_agree(mode: Mode, data: st.DataObject, rng: random.Random) -> None:
    assert_faces_agree(data.draw(configs(mode)), rng, codes=mode.codes)


@pytest.mark.slow
@each_mode
def test_legal_moves_and_the_reducer_agree_in_many_games(mode: Mode) -> None:
    for seed in range(200):
        assert_faces_agree(config_for(mode, seed), random.Random(seed), samples=25, codes=mode.codes)


# =============================================================================================
# Mutations: one changed event is either legal at that point or a violation right there


def mutate(events: list[Event], index: int, kind: str, rng: random.Random, rules_cards: Sequence[str]) -> list[Event] | None:
    """``events`` with event ``index`` dropped or one field (a card or a name) changed; None if the
    event has no such field (or is the game event)."""
    if kind == "drop":
        return events[:index] + events[index + 1 :]
    event = events[index]
    fields = dict(event.__dict__)
    if event.type == "game" or fields.get(kind) is None:
        return None
    game = events[0]
    assert isinstance(game, GameEvent)
    pool = rules_cards if "card" in kind else game.players
    fields[kind] = rng.choice([x for x in pool if x != fields[kind]])
    return [*events[:index], type(event).model_construct(**fields), *events[index + 1 :]]


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
    """Legal according to legal_moves (claims, which it leaves out, according to is_legal)."""
    if isinstance(event, (ScoreEvent, EndEvent)):
        return is_legal(state, event)
    assert not isinstance(event, GameEvent), event
    return event in legal_moves(state)


def assert_mutations_judged(config: Config, rng: random.Random, tries: int = 10, codes: Collection[str] = VIOLATION_CODES) -> None:
    """Each mutated log is judged at the change: refused there (with the expected code) or legal."""
    game = config.play()
    events = game.events
    state = state_after(events, 1)
    cards = sorted(state.rules.cards)
    extra = _extra_target_fields(state)
    kinds = ("card", "target", "player", "drop", *extra)
    for _ in range(tries):
        index = rng.randrange(len(events))
        kind = rng.choice(kinds)
        mutated = mutate(events, index, kind, rng, cards)
        if mutated is None:
            continue
        verdict = check_log("\n".join(dump_event(e) for e in mutated))
        state = state_after(events, index)  # the prefix is unchanged
        if index < len(mutated) and not is_legal_now(state, mutated[index]):
            assert verdict.violations, (config, index, kind, mutated[index])
            first = verdict.violations[0]
            assert first.event == index, (config, index, kind, mutated[index], first)
            expected = {EXPECTED_CODE.get((kind, events[index].type), first.code)}
            if kind == "card" and extra:  # the new card may take other target fields than the old one
                expected.add("bad_event")
            assert first.code in expected, (kind, mutated[index], first)
            assert first.code in codes
        else:
            assert all(v.event > index for v in verdict.violations), (config, index, kind, verdict.violations[0])


@each_mode
@SETTINGS
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_mutated_logs_are_legal_or_refused_at_the_change(mode: Mode, data: st.DataObject, rng: random.Random) -> None:
    assert_mutations_judged(data.draw(configs(mode)), rng, codes=mode.codes)


@pytest.mark.slow
@each_mode
def test_mutated_logs_in_many_games(mode: Mode) -> None:
    for seed in range(400):
        assert_mutations_judged(config_for(mode, seed), random.Random(seed), tries=30, codes=mode.codes)


# =============================================================================================
# Scores


def assert_scores(config: Config) -> None:
    """Every round score equals the plain rewrite; busts and Flip 7s are where the plain rules say."""
    mode = config.mode
    game = config.play()
    result = replay_log(game.text())
    names = result.state.players
    totals = dict.fromkeys(names, 0)
    for past, summary in zip(result.state.history, result.verdict.rounds, strict=False):
        for seat, row in enumerate(past.rows):
            busted = row.status == BUSTED
            assert busted == mode.busts(row.numbers), (config, past.round, names[seat], row)
            assert row.flip7 == (past.flip7_seat == seat) == (len(row.numbers) == 7 and not busted)
            expected = mode.plain_score(row, config.options)
            assert past.scores[seat] == expected, (config, past.round, names[seat], row)
            assert summary.players[names[seat]].score == expected
            totals[names[seat]] += expected
    assert result.verdict.totals == totals


@each_mode
@SETTINGS
@given(data=st.data())
def test_round_scores_match_a_plain_scoring_function(mode: Mode, data: st.DataObject) -> None:
    assert_scores(data.draw(configs(mode, small=False)))


@pytest.mark.slow
@each_mode
def test_scores_in_many_games(mode: Mode) -> None:
    for seed in range(1000):
        assert_scores(config_for(mode, seed))


@each_mode
@settings(max_examples=examples(150, 40), deadline=None)
@given(data=st.data())
def test_score_steps_end_at_the_plain_score(mode: Mode, data: st.DataObject) -> None:
    # Any row at all (more modifiers than a game deals, a Flip 7 of any length): the score steps,
    # the ruleset's one account of its scoring, end at the plain score, and the score now is theirs.
    options = GameOptions(ruleset=mode.ruleset, **mode.options(lambda seq: data.draw(st.sampled_from(seq))))
    state = GameState()
    open_game(state, game_event("steps", ["Ana", "Ben", "Cem"], "Ana", options))
    row = state.rules.new_row()
    row.numbers.extend(data.draw(st.lists(st.sampled_from(mode.numbers), max_size=8)))
    row.modifiers.extend(data.draw(st.lists(st.sampled_from(mode.modifiers), max_size=4)))
    row.status = BUSTED if mode.busts(row.numbers) else ACTIVE
    row.flip7 = data.draw(st.booleans()) and row.status != BUSTED
    assert state.rules.score_steps(state, row)[-1].total == state.rules.score_now(state, row) == mode.plain_score(row, options)


# =============================================================================================
# check = settle = explain; the notation there and back


def _without_lines(verdict: dict[str, Any]) -> dict[str, Any]:
    return {**verdict, "violations": [{k: v for k, v in violation.items() if k != "line"} for violation in verdict["violations"]]}


def assert_one_verdict(text: str) -> None:
    """``check``, ``settle`` and ``explain`` judge the log alike."""
    verdict = check_log(text).to_dict()
    assert settle(text)["verdict"] == verdict
    told = explain(text)
    assert told["totals"] == verdict["totals"]
    told_violations = [(e["violation"]["event"], e["violation"]["code"]) for e in told["events"] if "violation" in e]
    assert told_violations == [(v["event"], v["code"]) for v in verdict["violations"]]


def assert_notation_round_trip(text: str) -> None:
    """The log printed as notation reads back as the same events (every one a statement, none a
    raw JSON line), back to JSON Lines with the same verdict, and is judged alike as notation."""
    lines = text.splitlines()
    verdict = _without_lines(check_log(text).to_dict())
    notation = jsonl_to_notation(lines)
    parsed = parse_notation(notation)
    kinds = Counter(entry.kind for entry in parsed.entries)
    assert kinds["raw"] == kinds["error"] == 0, [e.text for e in parsed.entries if e.kind != "event"][:3]
    assert [dump_event(e.event) for e in parsed.entries if e.kind == "event" and e.event is not None] == lines
    back = notation_to_jsonl(parsed)
    assert _without_lines(check_log(back).to_dict()) == verdict
    assert _without_lines(replay_notation(parsed)[0].verdict.to_dict()) == verdict
    assert _without_lines(settle(notation)["verdict"]) == verdict


def _mutated_text(game: SimulatedGame, rng: random.Random) -> str:
    """The game's log with one event dropped (most often an illegal log)."""
    lines = game.lines()
    index = rng.randrange(1, len(lines))
    return "\n".join([*lines[:index], *lines[index + 1 :]]) + "\n"


@each_mode
@FEW
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_check_settle_and_explain_agree(mode: Mode, data: st.DataObject, rng: random.Random) -> None:
    game = data.draw(configs(mode)).play()
    assert_one_verdict(game.text())
    assert_one_verdict(_mutated_text(game, rng))


@each_mode
@FEW
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_the_notation_goes_there_and_back(mode: Mode, data: st.DataObject, rng: random.Random) -> None:
    game = data.draw(configs(mode)).play()
    assert_notation_round_trip(game.text())
    assert_notation_round_trip(_mutated_text(game, rng))


# =============================================================================================
# The store and its statistics; the table view after every event


@each_mode
def test_the_store_ingests_the_games_whole_and_every_statistic_runs(mode: Mode, tmp_path: Path) -> None:
    games = sample_games(mode.id)
    broken = _mutated_text(games[0], random.Random(7)).replace(games[0].game_id, "broken")
    with Store.open(tmp_path / "store.duckdb") as store:
        summary = store.ingest_many([LogInput.from_bytes(g.game_id, g.text().encode()) for g in games] + [LogInput.from_bytes("broken", broken.encode())])
        assert summary.ingested == len(games) + 1, summary.problems
        assert assert_store_whole(store) == len(games) + 1
        for game in games:
            verdict = check_log(game.text())
            stored = store.query(f"SELECT player, sum(score) FROM player_rounds WHERE game = '{game.game_id}' GROUP BY player").rows
            assert dict(stored) == verdict.totals
            assert store.query(f"SELECT count(*) FROM rounds WHERE game = '{game.game_id}'").rows == [(len(verdict.rounds),)]
            assert store.options(game.game_id)["ruleset"] == mode.ruleset  # type: ignore[index]
        for stat in store.stats():
            json.dumps(stat.as_dict(), default=str)  # every statistic runs and gives plain data


class TableEveryEvent:
    """A replay observer that builds the table view after every event and checks it."""

    def __init__(self) -> None:
        self.views = 0

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Nothing to do before an event."""

    def after(self, state: GameState, event: Event, index: int) -> None:
        """The table after event ``index``: plain JSON that reads back, agreeing with the state."""
        view = describe_table(state, index + 1, None)
        data = json.loads(json.dumps(view.to_dict()))
        assert TableView.model_validate(data).to_dict() == data
        assert [p["name"] for p in data["players"]] == list(state.players)
        assert [p["total"] for p in data["players"]] == list(state.totals)
        assert data["ruleset"] == state.rules.name and data["after_event"] == index
        assert sum(data["draw_pile"].values()) == data["draw_pile_size"] == state.draw_size
        assert sum(data["discard_pile"].values()) == sum(state.discard_pile.values())
        assert data["waiting_for"]["kind"] == expecting(state).kind
        self.views += 1

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Any) -> None:
        """Nothing to do at the end."""


@each_mode
def test_the_table_view_is_built_after_every_event(mode: Mode) -> None:
    for game in sample_games(mode.id):
        observer = TableEveryEvent()
        result = replay_log(game.text(), observer=observer)
        assert result.verdict.valid and observer.views == len(game.events)
