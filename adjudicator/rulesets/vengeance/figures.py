"""With a Vengeance's figures (its kit's ``figures`` facet): what an Unlucky 7 wipe cost, whom
the actions were aimed at, and the special numbers. Each draws one of the kit's statistics
(``statistics``); ``adjudicator.plots`` lists them after the shared figures.

The drawing code is imported when the figures are asked for (``figures()``), so the registry and
this module do not import the plots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.rulesets.vengeance.rules import DISCARD, FLIP_FOUR, JUST_ONE_MORE, STEAL, SWAP, card_name

if TYPE_CHECKING:
    from adjudicator.plots import Figure
    from adjudicator.plots.svg import Chart


#: The figures' labels and notes in German (beside the shared ones of ``adjudicator.messages``).
_GERMAN: dict[str, str] = {
    "drawn": "gezogen", "stolen": "gestohlen", "swapped in": "hineingetauscht",
    "points per wipe; {wipes} wipes of {arrivals} arrivals threw out {cards} cards and {lost} points, the most {most}; {helped} helped":
        "Punkte je Abräumen; {wipes}-mal Abräumen bei {arrivals} Ankünften warf {cards} Karten und {lost} Punkte ab, "
        "höchstens {most}; {helped}-mal half es",
    "round points thrown out per wipe": "abgeworfene Rundenpunkte je Abräumen",
    "how the Unlucky 7 reached the row": "wie die Unlucky 7 in die Reihe kam", "the most in one wipe": "höchstens bei einem Abräumen",
    "self": "selbst", "leader": "Führung", "most": "meiste",
    "({n} of {given})": "({n} von {given})",
    "(the player with the most cards: {n} of {given})": "(der Spieler mit den meisten Karten: {n} von {given})",
    "share of the times it was used": "Anteil der Einsätze", "the action, and whom it was aimed at": "die Aktion, und wem sie galt",
    "Lucky 13 pair": "Lucky 13 als Paar", "Lucky 13 alone": "Lucky 13 allein",
    "({n} of {rows} rows)": "({n} von {rows} Reihen)", "kept": "behalten", "busted": "verzockt",
    "(kept without Flip 7: {n} of {rows} rows)": "(ohne Flip 7 behalten: {n} von {rows} Reihen)",
    "share of the rows holding it": "Anteil der Reihen, die sie hielten",
    "the special number at the end of the round": "die besondere Zahl am Rundenende",
}


def _unlucky_7_wipes(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    from adjudicator.plots import empty, num, say
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    bars = [
        Bar(
            say(r["came"], lang, _GERMAN), num(r["avg_lost"]), mark=num(r["max_lost"]),
            note=say(
                "points per wipe; {wipes} wipes of {arrivals} arrivals threw out {cards} cards and {lost} points, the most {most}; {helped} helped",
                lang, _GERMAN, wipes=r["wipes"], arrivals=r["arrivals"], cards=r["cards"], lost=r["lost"], most=r["max_lost"], helped=r["helped"],
            ),
        )
        for r in rows
    ]
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), [BarGroup("", [b]) for b in bars],
        y_label=say("round points thrown out per wipe", lang, _GERMAN), x_label=say("how the Unlucky 7 reached the row", lang, _GERMAN),
        mark_label=say("the most in one wipe", lang, _GERMAN), empty=empty(lang),
    )


#: The actions whose targets the figure ``vengeance_actions`` shows, in its order.
_ACTIONS = (STEAL, SWAP, DISCARD, JUST_ONE_MORE, FLIP_FOUR)


def _vengeance_actions(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    from adjudicator.plots import empty, num, say
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    name = card_name
    by_card = {r["card"]: r for r in rows}
    groups = []
    for card in (c for c in _ACTIONS if c in by_card):
        r = by_card[card]
        groups.append(BarGroup(name(card), [
            Bar(say("self", lang, _GERMAN), num(r["self_rate"]), note=say("({n} of {given})", lang, _GERMAN, n=r["at_self"], given=r["given"])),
            Bar(say("leader", lang, _GERMAN), num(r["leader_rate"]), note=say("({n} of {given})", lang, _GERMAN, n=r["at_leader"], given=r["given"])),
            Bar(say("most", lang, _GERMAN), num(r["most_cards_rate"]),
                note=say("(the player with the most cards: {n} of {given})", lang, _GERMAN, n=r["at_most_cards"], given=r["given"])),
        ]))
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), groups,
        y_label=say("share of the times it was used", lang, _GERMAN), x_label=say("the action, and whom it was aimed at", lang, _GERMAN),
        y_max=1.0, empty=empty(lang),
    )


#: The order of the special numbers in the figure ``special_numbers``: The Zero first.
_HELD = ("The Zero", "Unlucky 7", "Lucky 13 pair", "Lucky 13 alone")


def _special_numbers(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    from adjudicator.plots import empty, say
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    groups = []
    for r in sorted(rows, key=lambda r: _HELD.index(r["held"]) if r["held"] in _HELD else len(_HELD)):
        n = r["rows"] or 1
        groups.append(BarGroup(say(r["held"], lang, _GERMAN), [
            Bar("Flip 7", r["flip7s"] / n, note=say("({n} of {rows} rows)", lang, _GERMAN, n=r["flip7s"], rows=r["rows"])),
            Bar(say("kept", lang, _GERMAN), r["kept_without_flip7"] / n,
                note=say("(kept without Flip 7: {n} of {rows} rows)", lang, _GERMAN, n=r["kept_without_flip7"], rows=r["rows"])),
            Bar(say("busted", lang, _GERMAN), r["busted"] / n, note=say("({n} of {rows} rows)", lang, _GERMAN, n=r["busted"], rows=r["rows"])),
        ]))
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), groups,
        y_label=say("share of the rows holding it", lang, _GERMAN), x_label=say("the special number at the end of the round", lang, _GERMAN),
        y_max=1.0, empty=empty(lang),
    )


def figures() -> tuple[Figure, ...]:
    """This ruleset's figures, in page order."""
    from adjudicator.plots import Figure

    return (
        Figure(
            "unlucky_7_wipes", "With a Vengeance: what an Unlucky 7 wipe cost",
            "Every Unlucky 7 that threw cards out of a row, by how it came: the round points the row held "
            "just before, on average (bar) and at most (dashed tick).",
            "unlucky_7_wipes", _unlucky_7_wipes, ruleset="vengeance",
            de=(
                "Vengeance: was ein Abräumen durch die Unlucky 7 kostete",
                "Jede Unlucky 7, die Karten aus einer Reihe warf, nach ihrem Weg: die Rundenpunkte der Reihe kurz "
                "davor, im Mittel (Balken) und höchstens (gestrichelter Strich).",
            ),
        ),
        Figure(
            "vengeance_actions", "With a Vengeance: whom the actions were aimed at",
            "Steal, Swap, Discard, Just One More and Flip Four: how often the player aimed the card at "
            "themselves (self), at the leader, or at the player with the most cards (most).",
            "vengeance_targets", _vengeance_actions, ruleset="vengeance",
            de=(
                "Vengeance: wem die Aktionen galten",
                "Steal, Swap, Discard, Just One More und Flip Four: wie oft der Spieler die Karte sich selbst gab "
                "(selbst), der Führung, oder dem Spieler mit den meisten Karten (meiste).",
            ),
        ),
        Figure(
            "special_numbers", "With a Vengeance: The Zero's fate and the other special numbers",
            "Rows holding The Zero, the Unlucky 7 or the Lucky 13 at the end of the round: the share that "
            "made Flip 7, that stayed without it (with The Zero: the round's score lost) and that busted.",
            "special_numbers", _special_numbers, ruleset="vengeance",
            de=(
                "Vengeance: das Schicksal von The Zero und die anderen besonderen Zahlen",
                "Reihen, die am Rundenende The Zero, die Unlucky 7 oder die Lucky 13 hielten: der Anteil mit Flip 7, "
                "der ohne ihn Stopp sagte (mit The Zero: die Punkte der Runde verloren) und der sich verzockte.",
            ),
        ),
    )


__all__ = ["figures"]
