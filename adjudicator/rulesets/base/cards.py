"""Cards of the base game and the deck they make up (its kit's; shared layers ask the ruleset).

A card is its name in the log: ``"0"`` … ``"12"``, ``"+2"`` … ``"+10"``, ``"x2"``, ``"freeze"``,
``"flip_three"``, ``"second_chance"``.
"""

from __future__ import annotations

NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(13))
PLUS_MODIFIERS: tuple[str, ...] = ("+2", "+4", "+6", "+8", "+10")
MODIFIERS: tuple[str, ...] = (*PLUS_MODIFIERS, "x2")
FREEZE = "freeze"
FLIP_THREE = "flip_three"
SECOND_CHANCE = "second_chance"
ACTIONS: tuple[str, ...] = (FREEZE, FLIP_THREE, SECOND_CHANCE)
ALL_CARDS: tuple[str, ...] = (*NUMBERS, *MODIFIERS, *ACTIONS)
CARD_SET = frozenset(ALL_CARDS)
NUMBER_SET = frozenset(NUMBERS)
MODIFIER_SET = frozenset(MODIFIERS)

#: Copies of each card in one deck of 94.
ONE_DECK: dict[str, int] = {
    **{str(n): max(n, 1) for n in range(13)},
    **{m: 1 for m in MODIFIERS},
    **{a: 3 for a in ACTIONS},
}

#: Players one deck seats at most.
PLAYERS_PER_DECK = 18
MIN_PLAYERS = 3

CARD_LABELS = {FREEZE: "Freeze", FLIP_THREE: "Flip Three", SECOND_CHANCE: "Second Chance"}


def deck_counts(decks: int = 1) -> dict[str, int]:
    """Copies of every card in ``decks`` shuffled-together decks (94 cards each)."""
    return {card: count * decks for card, count in ONE_DECK.items()}


def is_number(card: str) -> bool:
    """True for a number card ``"0"`` … ``"12"``."""
    return card in NUMBER_SET


def is_modifier(card: str) -> bool:
    """True for ``"+2"`` … ``"+10"`` and ``"x2"``."""
    return card in MODIFIER_SET


def label(card: str) -> str:
    """How a card is named in messages: ``Freeze``, ``Flip Three``, ``a 7``, ``+4``."""
    if card in CARD_LABELS:
        return CARD_LABELS[card]
    if is_number(card):
        return f"an {card}" if card in ("8", "11") else f"a {card}"
    return card
