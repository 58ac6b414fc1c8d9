"""Each statistic against values computed by hand from the fixture games.

The hand computation, from the logs in games/ (one deck of 94 cards, no shuffle):

fx-1 (Ana deals; seats Ana Ben Cem; target 30; a wrong score claim, so invalid but complete)
  round 1: deal Ben 12, Cem 11, Ana 10 (pile 91).
    Ben hits, 1 number {12}: 11 twelves of 91 left -> 11/91, draws 12: busted.
    Cem hits, {11}: 10 elevens of 90 -> 10/90, draws 9.     Ana stays on 10.
    Cem hits, {11, 9}: 10 + 8 of 89 -> 18/89, draws 8.       Cem stays on 28.
  round 2 (Ben deals): Cem 7; Ana's Freeze -> Cem (the leader with 28, and the most cards: 1);
    Ben 6. Ana hits with no number: 0, draws 5. Ben hits, {6}: 5 sixes of 84 -> 5/84, busts.
    Ana stays on 5. Totals Ana 15, Ben 0, Cem 35: Cem wins (seat 2 from the dealer Ana).
fx-2 (Fay deals; seats Ana Eve Fay; one round; valid)
  deal: Ana Second Chance, Eve 1, Fay 2.  Ana hits (holds a Second Chance): 0, draws 3.
  Eve hits, {1}: no 1 left -> 0, draws Flip Three, gives it to Fay (leader: all tied at 0;
  most cards: no, Ana has 2); Fay draws 4 5 6 and stays on 17.
  Ana hits {3} holding the Second Chance: 0, draws 3: saved.  Eve {1}: 0 -> 7.
  Ana {3}: 1 three of 84 -> 1/84 -> 8.   Eve {1,7}: 6/83 -> 9.   Ana {3,8}: 1+7 of 82 -> 10.
  Eve {1,7,9}: 6+8 of 81 -> 11.   Ana {3,8,10}: 1+7+9 of 80 -> 12.   Eve {1,7,9,11}: 24/79 -> 0.
  Ana stays on 33.  Eve {0,1,7,9,11}: 24/78 -> 2.  Eve {0,1,2,7,9,11}: 24/77 -> 12: Flip 7,
  42 + 15 = 57. Eve wins (seat 2 from the dealer Fay).
fx-3 is stopped by an illegal move (not complete), fx-4 has a bad game line: both only in overview.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adjudicator.store import STATISTICS, Store
from adjudicator.store.stats import BY_NAME, render_markdown

from .conftest import T1


def table(store: Store, name: str, **filters: object) -> list[tuple]:
    (result,) = store.stats(names=[name], **filters)  # type: ignore[arg-type]
    assert result.statistic.name == name
    return result.rows


def r3(x: float) -> object:
    """A value the SQL rounded to 3 places (DuckDB rounds halves away from zero)."""
    return pytest.approx(x, abs=0.0005 + 1e-12)


def test_overview(fixture_store: Store) -> None:
    # games, valid, invalid, complete, finished, rounds (2 + 1 + 1 + 0), events (25 + 37 + 5 + 2)
    assert table(fixture_store, "overview") == [(4, 1, 3, 2, 2, 4, 69)]


def test_players(fixture_store: Store) -> None:
    assert table(fixture_store, "players") == [
        # player, games, finished, wins, win_rate, rounds, avg round score, bust rate, flip7s
        ("Ana", 2, 2, 0, 0.0, 3, round((10 + 5 + 33) / 3, 2), 0.0, 0),
        ("Ben", 1, 1, 0, 0.0, 2, 0.0, 1.0, 0),
        ("Cem", 1, 1, 1, 1.0, 2, (28 + 7) / 2, 0.0, 0),
        ("Eve", 1, 1, 1, 1.0, 1, 57.0, 0.0, 1),
        ("Fay", 1, 1, 0, 0.0, 1, 17.0, 0.0, 0),
    ]


def test_seat_wins(fixture_store: Store) -> None:
    # fx-1: Ben 1, Cem 2 (won), Ana 3; fx-2: Ana 1, Eve 2 (won), Fay 3
    assert table(fixture_store, "seat_wins") == [
        (3, 1, 2, 0, 0.0, 0.333),
        (3, 2, 2, 2, 1.0, 0.333),
        (3, 3, 2, 0, 0.0, 0.333),
    ]


def test_round_score_by_outcome(fixture_store: Store) -> None:
    assert table(fixture_store, "round_score_by_outcome") == [
        ("flip7", 1, 57.0, 57, 57),
        ("stayed", 5, (10 + 28 + 5 + 33 + 17) / 5, 5, 33),
        ("frozen", 1, 7.0, 7, 7),
        ("busted", 2, 0.0, 0, 0),
    ]


def test_bust_risk(fixture_store: Store) -> None:
    d1 = [11 / 91, 10 / 90, 5 / 84, 0, 0, 0, 1 / 84]  # two of them busted (Ben twice)
    d2 = [18 / 89, 6 / 83, 8 / 82]
    d3 = [14 / 81, 17 / 80]
    assert table(fixture_store, "bust_risk") == [
        (0, 2, 0, 0.0, 0.0),
        (1, 7, 2, r3(2 / 7), r3(sum(d1) / 7)),
        (2, 3, 0, 0.0, r3(sum(d2) / 3)),
        (3, 2, 0, 0.0, r3(sum(d3) / 2)),
        (4, 1, 0, 0.0, r3(24 / 79)),
        (5, 1, 0, 0.0, r3(24 / 78)),
        (6, 1, 0, 0.0, r3(24 / 77)),
    ]


def test_flip7_rate(fixture_store: Store) -> None:
    # 9 player-rounds (3 players x 3 rounds), one Flip 7; 3 rounds
    assert table(fixture_store, "flip7_rate") == [(9, 1, round(1 / 9, 4), 3, round(1 / 3, 4))]


def test_flip7_by_players(fixture_store: Store) -> None:
    # all complete fixture games seat 3 players: the same counts as flip7_rate, under players = 3
    assert table(fixture_store, "flip7_by_players") == [(3, 9, 1, round(1 / 9, 4), 3, round(1 / 3, 4))]


def test_action_targets(fixture_store: Store) -> None:
    assert table(fixture_store, "action_targets") == [
        # card, given, at self, rate, at leader, rate, at most cards, rate
        ("flip_three", 1, 0, 0.0, 1, 1.0, 0, 0.0),
        ("freeze", 1, 0, 0.0, 1, 1.0, 1, 1.0),
    ]


def test_second_chance(fixture_store: Store) -> None:
    assert table(fixture_store, "second_chance") == [(1, 1, 0, 33.0)]


def test_rounds_per_game(fixture_store: Store) -> None:
    assert table(fixture_store, "rounds_per_game") == [(1, 1, 0.5), (2, 1, 0.5)]


def test_score_distribution(fixture_store: Store) -> None:
    # round scores 10 0 28 / 5 0 7 / 33 57 17
    assert table(fixture_store, "score_distribution") == [
        (0, 9, 4, 2, r3(4 / 9)),
        (10, 19, 2, 0, r3(2 / 9)),
        (20, 29, 1, 0, r3(1 / 9)),
        (30, 39, 1, 0, r3(1 / 9)),
        (50, 59, 1, 0, r3(1 / 9)),
    ]


def test_player_filter_keeps_only_that_players_rows(fixture_store: Store) -> None:
    ana = {r.statistic.name: r.rows for r in fixture_store.stats(player="Ana")}
    assert ana["overview"] == [(2, 1, 1, 2, 2, 3, 62)]
    assert ana["players"] == [("Ana", 2, 2, 0, 0.0, 3, 16.0, 0.0, 0)]
    assert ana["seat_wins"] == [(3, 1, 1, 0, 0.0, 0.333), (3, 3, 1, 0, 0.0, 0.333)]
    assert ana["round_score_by_outcome"] == [("stayed", 3, 16.0, 5, 33)]
    assert ana["bust_risk"] == [(0, 2, 0, 0.0, 0.0), (1, 2, 0, 0.0, r3(1 / 84 / 2)), (2, 1, 0, 0.0, r3(8 / 82)), (3, 1, 0, 0.0, r3(17 / 80))]
    assert ana["flip7_rate"] == [(3, 0, 0.0, 3, 0.0)]
    assert ana["action_targets"] == [("freeze", 1, 0, 0.0, 1, 1.0, 1, 1.0)]  # the Freeze she gave
    assert ana["second_chance"] == [(1, 1, 0, 33.0)]
    assert ana["rounds_per_game"] == [(1, 1, 0.5), (2, 1, 0.5)]
    assert ana["score_distribution"] == [(0, 9, 1, 0, r3(1 / 3)), (10, 19, 1, 0, r3(1 / 3)), (30, 39, 1, 0, r3(1 / 3))]


def test_since_filter_uses_ingest_time(fixture_store: Store) -> None:
    since = datetime(2026, 1, 15, tzinfo=UTC)  # fx-1 came at T0, the rest at T1
    assert table(fixture_store, "overview", since=since) == [(3, 1, 2, 1, 1, 2, 44)]
    assert [r[0] for r in table(fixture_store, "players", since=since)] == ["Ana", "Eve", "Fay"]
    assert table(fixture_store, "rounds_per_game", since=T1) == [(1, 1, 1.0)]
    assert table(fixture_store, "overview", since=datetime(2027, 1, 1, tzinfo=UTC)) == [(0, 0, 0, 0, 0, 0, 0)]


def test_unknown_player_gives_empty_tables(fixture_store: Store) -> None:
    results = {r.statistic.name: r.rows for r in fixture_store.stats(player="Nobody")}
    assert results["overview"] == [(0, 0, 0, 0, 0, 0, 0)]
    assert results["players"] == [] and results["bust_risk"] == []


def test_unknown_statistic_is_refused(fixture_store: Store) -> None:
    with pytest.raises(KeyError):
        fixture_store.stats(names=["nope"])


def test_every_statistic_is_documented_verbatim() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "storage.md").read_text(encoding="utf-8")
    assert render_markdown() in doc, (
        "docs/storage.md is out of date: paste the output of "
        "`python -c 'from adjudicator.store.stats import render_markdown as r; print(r())'`"
    )
    assert len(BY_NAME) == len(STATISTICS) >= 10
    for s in STATISTICS:
        assert s.explanation and s.sql.count(";") == 0


def test_a_kits_statistic_stands_right_after_the_one_it_names_else_after_the_shared_ones() -> None:
    from adjudicator.statistic import Statistic
    from adjudicator.store.stats import listed

    def stat(name: str, after: str | None = None) -> Statistic:
        return Statistic(name, name, name, "SELECT 1", after)

    shared = (stat("a"), stat("b"), stat("c"))
    own = (stat("x", after="a"), stat("y"), stat("z", after="x"))
    assert [s.name for s in listed(shared, own)] == ["a", "x", "z", "b", "c", "y"]
