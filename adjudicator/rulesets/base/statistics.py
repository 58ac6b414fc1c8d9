"""The base game's statistics (its kit's ``statistics`` facet): where Freeze and Flip Three went,
and what the Second Chance saved.

Each is one named SQL query over the store, with the parameters every statistic takes (see
``adjudicator.store.stats``). They are listed among the shared ones, where they always stood
(``Statistic.after``).
"""

from __future__ import annotations

from types import MappingProxyType

from adjudicator.statistic import GAMES, TARGET_COLUMNS, Statistic

#: The statistics of this ruleset, each listed after the statistic its ``after`` names.
STATISTICS: tuple[Statistic, ...] = (
    Statistic(
        "action_targets",
        "Where Freeze and Flip Three went",
        "Who the holder aimed the card at: themselves (also when forced: they were the only "
        "player left), the leader (highest total before the round, ties included), or the "
        "player with the most cards in front of them.",
        GAMES
        + "\n"
        + TARGET_COLUMNS
        + """WHERE t.card IN ('freeze', 'flip_three') AND ($player IS NULL OR t.player = $player)
GROUP BY t.card
ORDER BY t.card""",
        after="flip7_by_players",
        de=(
            "Wohin Freeze und Flip Three gingen",
            "Wem der Halter die Karte gab: sich selbst (auch gezwungen, als einziger Spieler noch dabei), der "
            "Führung (höchste Summe vor der Runde, Gleichstand eingeschlossen) oder dem Spieler mit den meisten "
            "Karten vor sich.",
        ),
    ),
    Statistic(
        "second_chance",
        "Second Chance saves",
        "Duplicates a Second Chance cancelled, in how many player-rounds, how many of those rows "
        "busted later all the same, and what the others scored on average.",
        GAMES
        + """
SELECT coalesce(sum(pr.busts_saved), 0) AS saves,
       count(*) FILTER (WHERE pr.busts_saved > 0) AS rounds_saved,
       count(*) FILTER (WHERE pr.busts_saved > 0 AND pr.outcome = 'busted') AS busted_anyway,
       round(avg(pr.score) FILTER (WHERE pr.busts_saved > 0 AND pr.outcome <> 'busted'), 2)
           AS avg_score_after_save
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)""",
        after="action_targets",
        de=(
            "Was die Second Chance rettete",
            "Doppelte Zahlen, die eine Second Chance aufhob, in wie vielen Spielerrunden, wie viele dieser Reihen "
            "sich später doch verzockten, und was die übrigen im Mittel brachten.",
        ),
        words_de=MappingProxyType({
            "saves": "Rettungen", "rounds_saved": "gerettete Runden", "busted_anyway": "doch verzockt",
            "avg_score_after_save": "Punkte nach Rettung im Mittel",
        }),
    ),
)

__all__ = ["STATISTICS"]
