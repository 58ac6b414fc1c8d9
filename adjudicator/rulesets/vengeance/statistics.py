"""With a Vengeance's statistics (its kit's ``statistics`` facet): where its cards went, what
Steal, Swap and Discard took, the special numbers, the Unlucky 7's wipes and Brutal mode.

Each is one named SQL query over the store, with the parameters every statistic takes (see
``adjudicator.store.stats``).
"""

from __future__ import annotations

from types import MappingProxyType

from adjudicator.statistic import RULESET_GAMES, TARGET_COLUMNS, Statistic

#: The statistics of this ruleset, in the order the store lists them (after the shared ones).
STATISTICS: tuple[Statistic, ...] = (
    Statistic(
        "vengeance_targets",
        "With a Vengeance: where the cards went",
        "Every Vengeance card that needed a recipient (modifiers, Just One More, Flip Four, Steal, "
        "Swap, Discard, the Brutal Flip 7 bonus): how often it went to the giver themselves, to the "
        "leader (highest total before the round, ties included), or to the player with the most cards.",
        RULESET_GAMES
        + "\n"
        + TARGET_COLUMNS
        + """WHERE g.ruleset LIKE 'vengeance%' AND ($player IS NULL OR t.player = $player)
GROUP BY t.card
ORDER BY given DESC, t.card""",
        de=(
            "Vengeance: wohin die Karten gingen",
            "Jede Vengeance-Karte, die einen Empfänger brauchte (Modifikatoren, Just One More, Flip Four, Steal, "
            "Swap, Discard, der Flip-7-Bonus im Brutal-Modus): wie oft sie an den Geber selbst ging, an die "
            "Führung (höchste Summe vor der Runde, Gleichstand eingeschlossen) oder an den Spieler mit den meisten Karten.",
        ),
    ),
    Statistic(
        "vengeance_taken",
        "With a Vengeance: what Steal, Swap and Discard took",
        "Each card a Steal took, a Discard threw away or a Swap moved (both of a swap's cards), by "
        "what it was, and whether it came from the player's own row.",
        RULESET_GAMES
        + """,
moved AS (
    SELECT e.card AS action, e.player, e.target AS owner, json_extract_string(e.raw, '$.target_card') AS taken
    FROM events e JOIN g ON e.game = g.id
    WHERE e.type = 'target' AND e.card IN ('steal', 'swap', 'discard')
    UNION ALL
    SELECT e.card, e.player, json_extract_string(e.raw, '$.other'), json_extract_string(e.raw, '$.other_card')
    FROM events e JOIN g ON e.game = g.id
    WHERE e.type = 'target' AND e.card = 'swap'
)
SELECT action,
       CASE WHEN taken = '0' THEN 'The Zero'
            WHEN taken = 'unlucky_7' THEN 'Unlucky 7'
            WHEN taken = 'lucky_13' THEN 'Lucky 13'
            WHEN taken IN ('/2', '-2', '-4', '-6', '-8', '-10') THEN 'modifier ' || taken
            WHEN TRY_CAST(taken AS INTEGER) >= 10 THEN 'number 10-13'
            ELSE 'number 1-9' END AS card_taken,
       count(*) AS times,
       count(*) FILTER (WHERE owner = player) AS from_own_row
FROM moved
WHERE $player IS NULL OR player = $player
GROUP BY ALL
ORDER BY action, times DESC, card_taken""",
        de=(
            "Vengeance: was Steal, Swap und Discard nahmen",
            "Jede Karte, die ein Steal nahm, ein Discard abwarf oder ein Swap bewegte (beide Karten eines "
            "Tauschs), nach ihrer Art, und ob sie aus der eigenen Reihe kam.",
        ),
        words_de=MappingProxyType({
            "action": "Aktion", "card_taken": "genommene Karte", "times": "Anzahl", "from_own_row": "aus eigener Reihe",
            "card_taken=number 1-9": "Zahl 1-9", "card_taken=number 10-13": "Zahl 10-13",
            **{f"card_taken=modifier {m}": f"Modifikator {m}" for m in ("/2", "-2", "-4", "-6", "-8", "-10")},
        }),
    ),
    Statistic(
        "special_numbers",
        "With a Vengeance: The Zero, the Unlucky 7 and the Lucky 13",
        "Rows that ended the round holding each special number: how many, how they ended, and "
        "what they scored. The Zero's fate: a Flip 7 made with it, or (kept without Flip 7) the "
        "round's score lost. Unlucky 7 arrivals count every time one reached a row (drawn, stolen or swapped), each "
        "wiping the rest of that row (what that cost: 'unlucky_7_wipes'); the Lucky 13 rows are split by whether they held a pair.",
        RULESET_GAMES
        + """,
special AS (
    SELECT pr.flip7, pr.outcome, pr.score,
           CASE s.card WHEN '0' THEN 'The Zero' WHEN 'unlucky_7' THEN 'Unlucky 7'
                ELSE CASE WHEN len(list_filter(pr.numbers, lambda n: n IN ('13', 'lucky_13'))) >= 2
                          THEN 'Lucky 13 pair' ELSE 'Lucky 13 alone' END END AS held
    FROM player_rounds pr JOIN g ON pr.game = g.id,
         (VALUES ('0'), ('unlucky_7'), ('lucky_13')) s(card)
    WHERE g.ruleset LIKE 'vengeance%' AND pr.outcome <> 'playing' AND list_contains(pr.numbers, s.card)
      AND ($player IS NULL OR pr.player = $player)
),
arrivals AS (
    SELECT count(*) AS n
    FROM wipes w JOIN g ON w.game = g.id
    WHERE $player IS NULL OR w.player = $player
)
SELECT held,
       count(*) AS rows,
       count(*) FILTER (WHERE flip7) AS flip7s,
       count(*) FILTER (WHERE outcome = 'busted') AS busted,
       count(*) FILTER (WHERE NOT flip7 AND outcome <> 'busted') AS kept_without_flip7,
       round(avg(score), 2) AS avg_score,
       CASE WHEN held = 'Unlucky 7' THEN any_value(arrivals.n) END AS unlucky_7_arrivals
FROM special, arrivals
GROUP BY held
ORDER BY held""",
        de=(
            "Vengeance: The Zero, die Unlucky 7 und die Lucky 13",
            "Reihen, die am Rundenende jede besondere Zahl hielten: wie viele, wie sie endeten, und was sie "
            "brachten. Das Schicksal von The Zero: ein Flip 7 damit, oder (ohne Flip 7 behalten) die Punkte der "
            "Runde verloren. Ankünfte der Unlucky 7 zählen jedes Mal, wenn eine in eine Reihe kam (gezogen, "
            "gestohlen oder getauscht), und jede räumt den Rest dieser Reihe ab (was das kostete: "
            "'unlucky_7_wipes'); die Reihen mit Lucky 13 sind danach getrennt, ob sie ein Paar hielten.",
        ),
        words_de=MappingProxyType({
            "held": "gehalten", "rows": "Reihen", "kept_without_flip7": "ohne Flip 7 behalten",
            "unlucky_7_arrivals": "Ankünfte der Unlucky 7",
            "held=Lucky 13 pair": "Lucky 13 als Paar", "held=Lucky 13 alone": "Lucky 13 allein",
        }),
    ),
    Statistic(
        "unlucky_7_wipes",
        "With a Vengeance: what each Unlucky 7 wipe cost",
        "Every Unlucky 7 that reached a row, by how it came (drawn, stolen, swapped in): how many "
        "found cards to throw out (wipes) and how many cards went, and the round score the rows "
        "held just before: the points lost in total, on average per wipe and at most (lost, "
        "avg_lost, max_lost). The row then holds the Unlucky 7 alone, worth 7: a wipe helped when "
        "the row held less (a -N or The Zero thrown out). The cards are in the table 'wipes'.",
        RULESET_GAMES
        + """,
w AS (
    SELECT CASE WHEN e.type = 'card' THEN 'drawn' WHEN e.card = 'steal' THEN 'stolen' ELSE 'swapped in' END AS came,
           w.cards, w.points
    FROM wipes w JOIN g ON w.game = g.id JOIN events e ON e.game = w.game AND e.idx = w.event
    WHERE $player IS NULL OR w.player = $player
)
SELECT came,
       count(*) AS arrivals,
       count(*) FILTER (WHERE len(cards) > 0) AS wipes,
       coalesce(sum(len(cards)), 0) AS cards,
       coalesce(sum(points), 0) AS lost,
       round(avg(points) FILTER (WHERE len(cards) > 0), 2) AS avg_lost,
       max(points) AS max_lost,
       count(*) FILTER (WHERE len(cards) > 0 AND points < 7) AS helped
FROM w
GROUP BY came
ORDER BY arrivals DESC, came""",
        de=(
            "Vengeance: was jedes Abräumen durch die Unlucky 7 kostete",
            "Jede Unlucky 7, die in eine Reihe kam, nach ihrem Weg (gezogen, gestohlen, hineingetauscht): wie "
            "viele Karten zum Abwerfen vorfanden (Abräumen) und wie viele Karten gingen, und die Rundenpunkte der "
            "Reihen kurz davor: die verlorenen Punkte insgesamt, im Mittel je Abräumen und höchstens. Danach hält "
            "die Reihe nur die Unlucky 7, 7 Punkte wert: ein Abräumen half, wenn die Reihe weniger hielt (ein -N "
            "oder The Zero abgeworfen). Die Karten stehen in der Tabelle 'wipes'.",
        ),
        words_de=MappingProxyType({
            "came": "Weg", "arrivals": "Ankünfte", "wipes": "Abräumen", "cards": "Karten", "lost": "verloren",
            "avg_lost": "verloren im Mittel", "max_lost": "verloren höchstens", "helped": "half",
            "came=drawn": "gezogen", "came=stolen": "gestohlen", "came=swapped in": "hineingetauscht",
        }),
    ),
    Statistic(
        "brutal",
        "Brutal mode: negative rounds and the Flip 7 bonus",
        "In Brutal games: how many player-rounds scored below 0 and their average, and what Flip 7 "
        "makers chose: +15 for themselves or -15 for another player (and how often that was the leader).",
        RULESET_GAMES
        + """,
neg AS (
    SELECT count(*) AS player_rounds,
           count(*) FILTER (WHERE pr.score < 0) AS negative_rounds,
           round(avg(pr.score) FILTER (WHERE pr.score < 0), 2) AS avg_negative_score
    FROM player_rounds pr JOIN g ON pr.game = g.id
    WHERE g.ruleset = 'vengeance (brutal)' AND pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
),
bonus AS (
    SELECT count(*) FILTER (WHERE t.at_self) AS plus_15_self,
           count(*) FILTER (WHERE NOT t.at_self) AS minus_15_other,
           count(*) FILTER (WHERE NOT t.at_self AND t.at_leader) AS minus_15_leader
    FROM targets t JOIN g ON t.game = g.id
    WHERE g.ruleset = 'vengeance (brutal)' AND t.card = 'flip7_bonus' AND ($player IS NULL OR t.player = $player)
)
SELECT * FROM neg, bonus""",
        de=(
            "Brutal-Modus: Runden unter 0 und der Flip-7-Bonus",
            "In Brutal-Partien: wie viele Spielerrunden unter 0 Punkte brachten und ihr Mittel, und was die "
            "Spieler mit Flip 7 wählten: +15 für sich selbst oder -15 für einen anderen Spieler (und wie oft das "
            "die Führung war).",
        ),
        words_de=MappingProxyType({
            "avg_negative_score": "Punkte unter 0 im Mittel", "plus_15_self": "+15 für sich",
            "minus_15_other": "-15 für andere", "minus_15_leader": "-15 für die Führung",
        }),
    ),
)

__all__ = ["STATISTICS"]
