"""The simulator: deterministic runs, a physical deck, decisions from the strategies among the legal
moves, claims, options and refusals."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from adjudicator.replay import check_log
from adjudicator.rulesets.base.cards import deck_counts
from adjudicator.scoring import bust_probability
from adjudicator.simulate import (
    GameOptions,
    PlayerView,
    SimulationError,
    StrategyError,
    game_id,
    game_rng,
    play_game,
    simulate,
)
from adjudicator.simulate.strategies import Threshold
from scripts.samples import before_each


def test_a_seed_gives_the_same_games_and_another_seed_others() -> None:
    first = [g.text() for g in simulate(3, 4, seed=7)]
    again = [g.text() for g in simulate(3, 4, seed=7)]
    other = [g.text() for g in simulate(3, 4, seed=8)]
    assert first == again
    assert len(set(first)) == 3
    assert not set(first) & set(other)


def test_each_game_of_a_run_can_be_played_alone() -> None:
    run = list(simulate(3, 5, seed=11, strategies="threshold:25,cautious"))
    alone = play_game(run[1].game_id, "threshold:25,cautious", game_rng(11, 2), players=5)
    assert alone.text() == run[1].text()


def test_game_ids() -> None:
    ids = [g.game_id for g in simulate(2, 3, seed=1)]
    tag = ids[0].split("-")[2]
    assert ids == [f"sim-s1-{tag}-0001", f"sim-s1-{tag}-0002"]
    assert game_id(3, 7, 12_000) == "sim-s3-00007"
    assert game_id(3, 7, tag="ab12cd34", prefix="club") == "club-s3-ab12cd34-0007"


def test_the_same_seed_with_other_settings_gives_other_ids() -> None:
    # issue 21 item 4: ids depended only on the seed and the number
    ids = {g.game_id for g in simulate(1, 3, seed=1)}
    ids |= {g.game_id for g in simulate(1, 4, seed=1)}
    ids |= {g.game_id for g in simulate(1, 3, seed=1, claims="none")}
    ids |= {g.game_id for g in simulate(1, 3, seed=1, options=GameOptions(target=100))}
    assert len(ids) == 4
    assert {g.game_id for g in simulate(1, 3, seed=1)} <= ids  # the same settings: the same id


def test_games_are_valid_and_finished_with_the_simulators_winner() -> None:
    for game in simulate(20, 5, seed=2):
        verdict = check_log(game.text())
        assert verdict.valid, verdict.violations
        assert verdict.finished and game.finished and not game.stalled
        assert verdict.winner == game.winner
        assert verdict.totals == game.totals
        assert len(verdict.rounds) == game.rounds


def test_options_reach_the_game_event() -> None:
    options = GameOptions(edition="first", delayed="assign_first", target=80, rounds=2, decks=2)
    game = play_game("opts", "cautious", random.Random(1), players=20, options=options)
    first = json.loads(game.lines()[0])
    assert first["edition"] == "first" and first["delayed"] == "assign_first"
    assert first["target"] == 80 and first["rounds"] == 2 and first["decks"] == 2
    assert len(first["players"]) == 20 and first["dealer"] in first["players"]
    assert game.rounds >= 2 and check_log(game.text()).valid
    plain = json.loads(play_game("plain", "cautious", random.Random(1), players=3).lines()[0])
    assert set(plain) == {"type", "id", "players", "dealer"}  # defaults are left out


def test_the_deck_is_physical_every_card_comes_off_it_and_reshuffles_follow_the_discard_pile() -> None:
    game = play_game("deck", "threshold:30", random.Random(5), players=12, options=GameOptions(target=300))
    # (apply already refuses a card from an empty pile and a shuffle while cards are left.)
    kinds = [e.type for e in game.events]
    shuffles = [i for i, kind in enumerate(kinds) if kind == "shuffle"]
    assert len(shuffles) >= 2
    # The simulator reshuffles only when a card is owed, never ahead of time (the rules would allow it
    # at any moment the draw pile is empty).
    assert all(kinds[i + 1] == "card" for i in shuffles)
    # Before the first shuffle the whole deck comes off the pile, in a shuffled order.
    first_deck = [e.card for e in game.events[: shuffles[0]] if e.type == "card"]  # type: ignore[union-attr]
    assert Counter(first_deck) == Counter(deck_counts(1))
    assert first_deck != sorted(first_deck, key=first_deck.index)  # not grouped card by card
    other = play_game("deck", "threshold:30", random.Random(6), players=12, options=GameOptions(target=300))
    assert [e.card for e in other.events if e.type == "card"][:20] != first_deck[:20]  # type: ignore[union-attr]


def test_the_deck_order_does_not_depend_on_the_strategies() -> None:
    def cards_until_first_shuffle(strategies: str) -> list[str]:
        game = play_game("order", strategies, random.Random(12), players=8, options=GameOptions(target=500))
        events = game.events[: [e.type for e in game.events].index("shuffle")]
        return [e.card for e in events if e.type == "card"]  # type: ignore[union-attr]

    bold = cards_until_first_shuffle("threshold:60")
    careful = cards_until_first_shuffle("cautious:0.05,random")
    assert len(bold) == 94 and bold == careful
    # ... although the players decided differently (different rows, different games).
    bold_game = play_game("order", "threshold:60", random.Random(12), players=8, options=GameOptions(target=500))
    careful_game = play_game("order", "cautious:0.05,random", random.Random(12), players=8, options=GameOptions(target=500))
    assert bold_game.text() != careful_game.text()


def test_claims_right_wrong_and_none() -> None:
    right = play_game("c", "threshold:25", random.Random(3), players=4, claims="right")
    wrong = play_game("c", "threshold:25", random.Random(3), players=4, claims="wrong")
    none = play_game("c", "threshold:25", random.Random(3), players=4, claims="none")
    kinds = [e.type for e in right.events]
    assert kinds.count("score") == right.rounds and kinds[-1] == "end"
    assert not {e.type for e in none.events} & {"score", "end"}
    assert [e for e in right.events if e.type not in ("score", "end")] == none.events
    assert check_log(right.text()).valid
    verdict = check_log(wrong.text())
    assert [v.code for v in verdict.violations] == ["score_mismatch", "winner_mismatch"]
    first_claim = next(i for i, e in enumerate(wrong.events) if e.type == "score")
    assert verdict.violations[0].event == first_claim
    assert verdict.winner == right.winner and verdict.finished


def test_a_wrong_end_claim_in_an_unfinished_game_is_game_not_over() -> None:
    game = play_game("short", "threshold:25", random.Random(3), players=4, claims="wrong", max_rounds=1)
    assert not game.finished
    assert [v.code for v in check_log(game.text()).violations] == ["score_mismatch", "game_not_over"]


def test_threshold_players_decide_by_their_threshold() -> None:
    game = play_game("t", "threshold:20,threshold:35", random.Random(9), players=4)
    decided = 0
    for _, event, state in before_each(game):
        if event.type not in ("hit", "stay") or not state.in_round:
            continue
        seat = state.seat_of[event.player]  # type: ignore[union-attr]
        row = state.rows[seat]
        if not row.has_card():
            assert event.type == "hit"
            continue
        limit = (20, 35)[seat % 2]
        score = PlayerView(state, seat).row().score
        assert (event.type == "stay") == (score >= limit), (event, score, limit)
        decided += 1
    assert decided > 20


def test_cautious_players_decide_by_the_exact_bust_chance() -> None:
    game = play_game("c", "cautious:0.2", random.Random(4), players=5)
    decided = 0
    for _, event, state in before_each(game):
        if event.type not in ("hit", "stay") or not state.rows[state.seat_of[event.player]].has_card():  # type: ignore[union-attr]
            continue
        row = state.rows[state.seat_of[event.player]]  # type: ignore[union-attr]
        pile = state.draw_pile if state.draw_size else state.discard_pile
        chance = 0.0 if row.second_chance else bust_probability(row.numbers, pile)
        assert (event.type == "stay") == (chance > 0.2), (event, chance)
        decided += 1
    assert decided > 20


def test_a_player_who_never_wants_a_card_hits_only_with_nothing_in_front() -> None:
    game = play_game("r", "random:0", random.Random(2), players=6)
    for _, event, state in before_each(game):
        if event.type == "hit":
            assert not state.rows[state.seat_of[event.player]].has_card()  # type: ignore[union-attr]


def test_every_decision_is_the_strategys_and_strategies_see_only_a_view() -> None:
    seen: list[type] = []
    stays: list[str] = []
    picks: list[str] = []

    class Spy(Threshold):
        def take_card(self, view, rng):  # type: ignore[no-untyped-def]
            seen.append(type(view))
            wants = super().take_card(view, rng)
            if not wants:
                stays.append(view.me)
            return wants

        def pick_target(self, view, card, eligible, rng):  # type: ignore[no-untyped-def]
            seen.append(type(view))
            picks.append(super().pick_target(view, card, eligible, rng))
            return picks[-1]

    game = play_game("spy", [Spy(25)], random.Random(6), players=5)
    assert seen and set(seen) == {PlayerView}
    # Every stay and every target in the log is the one the strategy chose, in order, and nothing else.
    assert [e.player for e in game.events if e.type == "stay"] == stays  # type: ignore[union-attr]
    assert [e.target for e in game.events if e.type == "target"] == picks  # type: ignore[union-attr]
    assert stays and picks


def test_when_no_card_is_left_anywhere_the_game_stops_unfinished() -> None:
    # Eighteen players who all draw until they bust can hold the whole deck between them.
    game = play_game("stall", "threshold:1000", random.Random(3), players=18, options=GameOptions(target=100))
    assert game.stalled and not game.finished
    result = check_log(game.text())
    assert result.valid and not result.finished


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (4, GameOptions(brutal=True), "brutal mode exists only in the vengeance ruleset"),
        (4, GameOptions(ruleset="poker"), "ruleset = 'poker'"),
        (4, GameOptions(target=0), "target = 0"),
        (4, GameOptions(rounds=0), "rounds = 0"),
        (4, GameOptions(decks=0), "decks = 0"),
        (2, GameOptions(), "at least 3 players"),
        (0, GameOptions(), "at least 3 players"),
        (19, GameOptions(), "seat at most 18 .* Use --decks 2"),
        (37, GameOptions(decks=2), "seat at most 36 players; this game seats 37"),
    ],
)
def test_games_that_cannot_be_simulated_are_refused(players: int, options: GameOptions, words: str) -> None:
    with pytest.raises(SimulationError, match=words):
        play_game("x", "threshold", random.Random(0), players=players, options=options)
    with pytest.raises(SimulationError, match=words) as refused:
        simulate(3, players, options=options)  # at once, before any game is played
    assert "Use --decks 2" not in str(refused.value) or players == 19


def test_a_run_checks_strategies_and_claims_before_playing() -> None:
    with pytest.raises(StrategyError, match="unknown strategy"):
        simulate(3, 4, strategies="bold")
    with pytest.raises(SimulationError, match="claims must be one of right, wrong, none"):
        simulate(3, 4, claims="maybe")  # type: ignore[arg-type]


@pytest.mark.parametrize("brutal", [False, True])
def test_vengeance_games_are_simulated_and_valid(brutal: bool) -> None:
    game = play_game("v", "threshold:25,cautious:0.3,random", random.Random(5), players=4, options=GameOptions(ruleset="vengeance", brutal=brutal))
    verdict = check_log(game.text())
    assert verdict.valid and verdict.finished == game.finished
    assert '"ruleset":"vengeance"' in game.lines()[0] and ('"brutal":true' in game.lines()[0]) == brutal
    cards = {e.card for e in game.events if e.type == "card"}
    assert cards & {"steal", "swap", "discard", "just_one_more", "flip_four"}  # the new actions were played


def test_a_round_whose_cards_only_cycle_stops_as_stalled() -> None:
    # Found by the property tests: 18 players on one deck, every number card on the table, and one
    # player left who gives himself Flip Three for ever (the actions return with every shuffle).
    options = GameOptions(edition="first", delayed="in_turn", target=100, rounds=2)
    game = play_game("cycle", ["threshold:40", "threshold:40"], random.Random(2335327645), players=18, options=options)
    assert game.stalled and not game.finished
    assert len(game.events) < 40_000
    result = check_log(game.text())
    assert result.valid and not result.finished


def test_equal_moves_share_one_event_and_the_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.simulate import play

    game = play_game("shared", "threshold:20", random.Random(8), players=4)
    hits = [e for e in game.events if e.type == "hit" and e.player == "Ana"]  # type: ignore[union-attr]
    assert len(hits) > 1 and all(h is hits[0] for h in hits)  # frozen events: one object per equal move
    assert check_log(game.text()).valid
    monkeypatch.setattr(play, "_MOVES", {})
    monkeypatch.setattr(play, "_MOVES_CAP", 5)
    sizes = []
    for seed in range(3):
        play_game(f"bounded-{seed}", "threshold:20", random.Random(seed), players=4)
        sizes.append(len(play._MOVES))
    assert 0 < max(sizes) <= 5


@pytest.mark.parametrize("ruleset", ["flip7", "vengeance"])
def test_unique_names_seat_players_of_their_own_in_every_game_of_the_same_games(ruleset: str) -> None:
    """As a platform's logs: no name seated in two games; otherwise the very games of a plain run."""
    options = GameOptions(ruleset=ruleset)
    plain = list(simulate(4, 5, seed=3, options=options))
    renamed = list(simulate(4, 5, seed=3, options=options, unique_names=True))
    seated = [game.events[0].players for game in renamed]
    assert all(len(set(names)) == 5 for names in seated)
    assert len({name for names in seated for name in names}) == 4 * 5
    assert {game.game_id for game in plain}.isdisjoint(game.game_id for game in renamed)
    for a, b in zip(plain, renamed, strict=True):
        rename = dict(zip(a.events[0].players, b.events[0].players, strict=True))
        text = a.text().replace(a.game_id, b.game_id)
        for old, new in rename.items():
            text = re.sub(rf'"{old}"', f'"{new}"', text)
        assert text == b.text()
        assert check_log(b.lines()).valid
    assert [g.text() for g in simulate(4, 5, seed=3, options=options, unique_names=True)] == [g.text() for g in renamed]
