"""Players and ratings in the store (issue 33): seats linked to players, renames and merges that
keep every game, ratings updated in game order and recomputed from scratch alike."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import duckdb
import pytest

from adjudicator.simulate import play_game
from adjudicator.store import Store
from adjudicator.store.players import AliasFileError, PlayerConflict, UnknownPlayer, parse_aliases

from .conftest import T0, Clock


def game_log(game_id: str, names: list[str], seed: int) -> bytes:
    """A finished, valid simulated game with these players (the stronger strategy seated first)."""
    return play_game(game_id, "threshold:25,random:0.8", random.Random(seed), players=names).text().encode()


def tables(seed: int = 1, games: int = 12) -> list[tuple[str, bytes]]:
    rng = random.Random(seed)
    out = []
    for number in range(games):
        seated = rng.sample(["Ana", "Ben", "Cem", "Dora", "Eve"], rng.randint(3, 4))
        if number % 4 == 3:  # "ana " plays too: a spacing variant of Ana, never at Ana's table
            seated = ["ana " if n == "Ana" else n for n in seated]
        out.append((f"g{number:02}", game_log(f"g{number:02}", seated, seed * 100 + number)))
    return out


@pytest.fixture
def players_store(store: Store, clock: Clock) -> Store:
    for number, (game_id, data) in enumerate(tables()):
        clock.moment = T0 + timedelta(minutes=number)
        store.ingest(data, game_id)
    return store


def snapshot(store: Store) -> dict[str, object]:
    """Everything a rename or merge must leave as it was: games, logs, verdicts, statistics, ratings."""
    q = lambda sql: store.query(sql, max_rows=100_000).rows  # noqa: E731
    return {
        "games": q("SELECT * FROM games ORDER BY id"),
        "logs": q("SELECT game, content FROM logs ORDER BY game"),
        "game_players": q("SELECT * FROM game_players ORDER BY ALL"),
        "stats": [(r.statistic.name, r.rows) for r in store.stats()],
        "players": [p.as_dict() for p in store.players().listed()],
        "ratings": q("SELECT * FROM ratings ORDER BY ALL"),
        "changes": q("SELECT * FROM rating_changes ORDER BY ALL"),
    }


def test_seats_are_linked_to_players_and_variants_are_only_suggested(players_store: Store) -> None:
    book = players_store.players()
    names = [p.name for p in book.listed()]
    assert names == sorted(["Ana", "Ben", "Cem", "Dora", "Eve", "ana "])  # "ana " is not merged silently
    assert book.suggestions() == [["Ana", "ana "]]
    linked = players_store.query("SELECT count(*) FROM player_seats").rows[0][0]
    assert linked == players_store.query("SELECT sum(len(players)) FROM games").rows[0][0]
    listed = {p.name: p for p in book.listed()}
    assert sum(p.wins for p in listed.values()) == 12  # every finished game has one winner


def test_merge_rename_unmerge_keep_every_game_and_rating(players_store: Store) -> None:
    book = players_store.players()
    before = snapshot(players_store)
    preview = book.merge("ana ", "Ana", dry_run=True)
    assert preview["games_after"] == preview["merge"]["games"] + preview["into"]["games"]
    assert snapshot(players_store) == before  # a preview changes nothing
    book.merge("ana ", "Ana")
    merged = {p.name: p for p in book.listed()}
    assert "ana " not in merged and merged["Ana"].games == preview["games_after"]
    assert book.profile("ana ")["name"] == "Ana"  # a log's name still finds the player
    book.rename("Ana", "Ana Silva")
    assert book.profile("Ana Silva")["merged"] == ["ana "]
    book.rename("Ana Silva", "Ana")
    book.unmerge("ana ")
    after = snapshot(players_store)
    assert after == before
    book.recompute()
    assert snapshot(players_store) == before  # recomputed from scratch: the same numbers


def test_ratings_game_by_game_equal_ratings_from_scratch(players_store: Store) -> None:
    changes = players_store.query("SELECT * FROM rating_changes ORDER BY ALL", max_rows=10_000).rows
    ratings = players_store.query("SELECT * FROM ratings ORDER BY ALL").rows
    assert players_store.players().recompute() == 12
    assert players_store.query("SELECT * FROM rating_changes ORDER BY ALL", max_rows=10_000).rows == changes
    assert players_store.query("SELECT * FROM ratings ORDER BY ALL").rows == ratings
    scopes = players_store.players().scopes()
    assert scopes == ["all", "flip7"]


def test_deleting_a_game_rates_again_without_it(players_store: Store) -> None:
    players_store.delete_game("g00")
    assert players_store.query("SELECT count(DISTINCT game) FROM rating_changes").rows == [(11,)]
    assert "g00" not in {r[0] for r in players_store.query("SELECT game FROM player_seats").rows}


def test_leaderboard_is_conservative_and_ordered(players_store: Store) -> None:
    board = players_store.players().leaderboard()
    assert [r["rank"] for r in board] == list(range(1, len(board) + 1))
    assert all(abs(r["rating"] - (r["mu"] - 3 * r["sigma"])) < 0.01 for r in board)
    assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
    assert sum(r["games"] for r in board) == players_store.query("SELECT sum(len(players)) FROM games").rows[0][0]


def test_win_chances_sum_to_one_and_follow_the_ratings(players_store: Store) -> None:
    book = players_store.players()
    board = book.leaderboard()
    best, worst = board[0]["name"], board[-1]["name"]
    chances = book.predict([best, worst])
    assert abs(sum(c["win_chance"] for c in chances) - 1) < 1e-3
    assert chances[0]["win_chance"] > chances[1]["win_chance"]


def test_head_to_head(players_store: Store) -> None:
    h2h = players_store.players().head_to_head("Ana", "Ben")
    together = players_store.query(
        "SELECT count(*) FROM games WHERE list_contains(players, 'Ana') AND list_contains(players, 'Ben')").rows[0][0]
    assert h2h["games"] == together > 0
    a, b = h2h["players"]
    assert a["ahead"] + b["ahead"] <= together and a["wins"] + b["wins"] <= together


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (lambda b: b.merge("Ana", "Ana"), PlayerConflict),
        (lambda b: b.merge("Ana", "Ben"), PlayerConflict),  # they sat at one table: two people
        (lambda b: b.merge("Nobody", "Ana"), UnknownPlayer),
        (lambda b: b.rename("Ana", "Ben"), PlayerConflict),
        (lambda b: b.rename("Zed", "Ben"), UnknownPlayer),
        (lambda b: b.rename("Ana", " Ana"), PlayerConflict),
        (lambda b: b.unmerge("Ana"), PlayerConflict),
        (lambda b: b.apply_aliases({"pid:404": "Ana"}), AliasFileError),
    ],
)
def test_bad_requests_change_nothing(players_store: Store, action, error) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(players_store)
    with pytest.raises(error):
        action(players_store.players())
    assert snapshot(players_store) == before


def test_unknown_player_suggests_case_variants(players_store: Store) -> None:
    with pytest.raises(UnknownPlayer, match="did you mean 'Ana' or 'ana '"):
        players_store.players().profile("ANA")


def test_aliases_give_platform_ids_display_names(store: Store) -> None:
    book = store.players()
    store.ingest(game_log("a1", ["pid:1", "pid:2", "Dora"], 1), "a1")
    book.apply_aliases({"pid:1": "Ana", "pid:3": "Ben"}, known={"pid:3"})
    store.ingest(game_log("a2", ["pid:3", "Cem", "Dora"], 2), "a2")
    assert [p.name for p in book.listed()] == ["Ben", "Cem", "Dora", "pid:1", "pid:2"]  # a1 was linked before the aliases


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"pid:1": "Ana", "pid:1": "Ben"}', "more than once"),
        ("[1, 2]", "one JSON object"),
        ("{not json", "not JSON"),
        ('{"pid:1": ""}', "non-empty"),
    ],
)
def test_bad_alias_files(text: str, message: str) -> None:
    with pytest.raises(AliasFileError, match=message):
        parse_aliases(text)


def test_a_version_5_store_gets_players_and_ratings(players_store: Store, db_path: Path) -> None:
    before = snapshot(players_store)
    players_store.close()
    con = duckdb.connect(str(db_path))
    for table in ("ratings", "rating_changes", "player_aliases", "player_seats", "players"):
        con.execute(f"DROP TABLE {table}")
    con.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
    con.close()
    with Store.open(db_path, read_only=True) as upgraded:
        after = snapshot(upgraded)
    assert after == before



def test_since_rates_only_the_period(players_store: Store) -> None:
    book = players_store.players()
    whole = sum(r["games"] for r in book.leaderboard())
    late = book.leaderboard(since=T0 + timedelta(minutes=6))  # games g06 to g11
    seats = players_store.query("SELECT sum(len(players)) FROM games WHERE id >= 'g06'").rows[0][0]
    assert sum(r["games"] for r in late) == seats < whole


def test_each_ruleset_has_its_own_ratings(players_store: Store, clock: Clock) -> None:
    from adjudicator.simulate import GameOptions

    clock.moment = T0 + timedelta(hours=1)
    text = play_game("v1", "threshold:25", random.Random(7), players=["Vic", "Wen", "Ana"], options=GameOptions(ruleset="vengeance")).text()
    players_store.ingest(text, "v1")
    book = players_store.players()
    assert book.scopes() == ["all", "flip7", "vengeance"]
    assert sorted(r["name"] for r in book.leaderboard(scope="vengeance")) == ["Ana", "Vic", "Wen"]
    assert "Vic" not in {r["name"] for r in book.leaderboard(scope="flip7")}
    assert book.profile("Ana")["ratings"]["vengeance"]["games"] == 1


def test_rating_history_follows_every_rated_game_to_the_current_rating(players_store: Store) -> None:
    book = players_store.players()
    history = book.history(["Ben"])
    (ben,) = history
    rated = players_store.query(f"SELECT count(*) FROM rating_changes WHERE scope = 'all' AND player = {int(ben['id'])}").rows[0][0]
    assert ben["games"] == rated and len(ben["points"]) == rated + 1  # the start, then one point a game
    assert ben["points"][0] == {"seq": 0, "game": None, "at": None, "rating": 0.0, "mu": 25.0, "sigma": 8.333}
    seqs = [p["seq"] for p in ben["points"]]
    assert seqs == sorted(seqs)
    now = book.profile("Ben")["ratings"]["all"]
    assert ben["points"][-1]["rating"] == pytest.approx(now["rating"], abs=1e-3)
    top = book.history()  # no player named: the best of the leaderboard, in its order
    assert [h["id"] for h in top] == [r["id"] for r in book.leaderboard()[:5]]
    thin = [p["seq"] for p in book.history(["Ben"], points=3)[0]["points"]]
    assert len(thin) == 3 and thin[0] == seqs[0] and thin[-1] == seqs[-1]  # thinned, first and last kept


def test_skill_says_when_games_were_not_analysed(players_store: Store) -> None:
    skill = players_store.players().skill("Ben")
    assert skill["games"] > 0 and skill["analysed_games"] == 0 and skill["decisions"] == 0
    assert skill["mean_points_lost"] is None and skill["mean_luck_per_game"] is None
    assert skill["notes"] == ["not-analysed", "no-win-chance"]


def test_skill_averages_the_analysed_decisions_of_the_player(store: Store) -> None:
    store.ingest(game_log("a1", ["Ana", "Ben", "Cem"], 5), "a1", analyze=True)
    skill = store.players().skill("Ana")
    losses = store.query("SELECT avg(loss), count(*) FROM decisions WHERE player = 'Ana'").rows[0]
    assert skill["analysed_games"] == skill["games"] == 1 and "not-analysed" not in skill["notes"]
    assert skill["decisions"] == losses[1] > 0
    assert skill["mean_points_lost"] == pytest.approx(losses[0], abs=1e-3)


def test_skill_reads_win_chance_and_luck_once_the_decisions_hold_them(store: Store) -> None:
    store.ingest(game_log("a1", ["Ana", "Ben", "Cem"], 5), "a1", analyze=True)
    assert "no-win-chance" in store.players().skill("Ana")["notes"]  # analysed without --win
    with store._writer() as con:  # values of the columns ``ingest --analyze --win`` fills
        con.execute("UPDATE decisions SET win_loss = 0.02, luck = CASE WHEN kind = 'turn' THEN 0.01 ELSE -0.01 END")
    skill = store.players().skill("Ana")
    turns, targets = store.query(
        "SELECT count(*) FILTER (WHERE kind = 'turn'), count(*) FILTER (WHERE kind <> 'turn') FROM decisions WHERE player = 'Ana'").rows[0]
    assert skill["notes"] == [] and skill["mean_win_chance_lost"] == pytest.approx(0.02)
    assert skill["mean_luck_per_game"] == pytest.approx(0.01 * turns - 0.01 * targets, abs=1e-4)  # one game: its sum
