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


def _unlucky_7_wipes(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    from adjudicator.plots import num
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    bars = [
        Bar(
            r["came"], num(r["avg_lost"]), mark=num(r["max_lost"]),
            note=f"points per wipe; {r['wipes']} wipes of {r['arrivals']} arrivals threw out {r['cards']} cards and "
            f"{r['lost']} points, the most {r['max_lost']}; {r['helped']} helped",
        )
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, [BarGroup("", [b]) for b in bars],
        y_label="round points thrown out per wipe", x_label="how the Unlucky 7 reached the row", mark_label="the most in one wipe",
    )


#: The actions whose targets the figure ``vengeance_actions`` shows, in its order.
_ACTIONS = (STEAL, SWAP, DISCARD, JUST_ONE_MORE, FLIP_FOUR)


def _vengeance_actions(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    from adjudicator.plots import num
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    name = card_name
    by_card = {r["card"]: r for r in rows}
    groups = []
    for card in (c for c in _ACTIONS if c in by_card):
        r = by_card[card]
        groups.append(BarGroup(name(card), [
            Bar("self", num(r["self_rate"]), note=f"({r['at_self']} of {r['given']})"),
            Bar("leader", num(r["leader_rate"]), note=f"({r['at_leader']} of {r['given']})"),
            Bar("most", num(r["most_cards_rate"]), note=f"(the player with the most cards: {r['at_most_cards']} of {r['given']})"),
        ]))
    return bar_chart(
        fig.title, fig.explanation, groups,
        y_label="share of the times it was used", x_label="the action, and whom it was aimed at", y_max=1.0,
    )


#: The order of the special numbers in the figure ``special_numbers``: The Zero first.
_HELD = ("The Zero", "Unlucky 7", "Lucky 13 pair", "Lucky 13 alone")


def _special_numbers(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    groups = []
    for r in sorted(rows, key=lambda r: _HELD.index(r["held"]) if r["held"] in _HELD else len(_HELD)):
        n = r["rows"] or 1
        groups.append(BarGroup(r["held"], [
            Bar("Flip 7", r["flip7s"] / n, note=f"({r['flip7s']} of {r['rows']} rows)"),
            Bar("kept", r["kept_without_flip7"] / n, note=f"(kept without Flip 7: {r['kept_without_flip7']} of {r['rows']} rows)"),
            Bar("busted", r["busted"] / n, note=f"({r['busted']} of {r['rows']} rows)"),
        ]))
    return bar_chart(
        fig.title, fig.explanation, groups,
        y_label="share of the rows holding it", x_label="the special number at the end of the round", y_max=1.0,
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
        ),
        Figure(
            "vengeance_actions", "With a Vengeance: whom the actions were aimed at",
            "Steal, Swap, Discard, Just One More and Flip Four: how often the player aimed the card at "
            "themselves (self), at the leader, or at the player with the most cards (most).",
            "vengeance_targets", _vengeance_actions, ruleset="vengeance",
        ),
        Figure(
            "special_numbers", "With a Vengeance: The Zero's fate and the other special numbers",
            "Rows holding The Zero, the Unlucky 7 or the Lucky 13 at the end of the round: the share that "
            "made Flip 7, that stayed without it (with The Zero: the round's score lost) and that busted.",
            "special_numbers", _special_numbers, ruleset="vengeance",
        ),
    )


__all__ = ["figures"]
