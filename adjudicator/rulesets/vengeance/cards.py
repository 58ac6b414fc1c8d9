"""The cards of *With a Vengeance*: its 108-card deck, the names of its cards, and how messages
say them. Read by its rules (``rules``), its ``target`` event model (``events``) and the rest of
its kit; it imports nothing of the engine."""

from __future__ import annotations

ZERO = "0"
UNLUCKY_7 = "unlucky_7"
LUCKY_13 = "lucky_13"
HALVE = "/2"
MINUS_MODIFIERS: tuple[str, ...] = ("-2", "-4", "-6", "-8", "-10")
MODIFIERS: tuple[str, ...] = (HALVE, *MINUS_MODIFIERS)
JUST_ONE_MORE = "just_one_more"
FLIP_FOUR = "flip_four"
STEAL = "steal"
SWAP = "swap"
DISCARD = "discard"
ACTIONS: tuple[str, ...] = (JUST_ONE_MORE, FLIP_FOUR, STEAL, SWAP, DISCARD)
#: Not a card: the ``card`` of the Brutal-mode target event that gives the Flip 7 bonus.
FLIP7_BONUS = "flip7_bonus"

PLAIN_NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(14))
NUMBERS: tuple[str, ...] = (*PLAIN_NUMBERS, UNLUCKY_7, LUCKY_13)
NUMBER_SET = frozenset(NUMBERS)
MODIFIER_SET = frozenset(MODIFIERS)
CARD_SET = frozenset((*NUMBERS, *MODIFIERS, *ACTIONS))
#: A number card's value (the special 7 and 13 are a 7 and a 13 for every rule about equal numbers).
VALUE: dict[str, int] = {**{str(n): n for n in range(14)}, UNLUCKY_7: 7, LUCKY_13: 13}

#: Copies of each card in one deck of 108.
ONE_DECK: dict[str, int] = {
    ZERO: 1,
    **{str(n): n for n in range(1, 14)},
    "7": 6, UNLUCKY_7: 1, "13": 12, LUCKY_13: 1,
    **{m: 1 for m in MODIFIERS},
    **{a: 2 for a in ACTIONS},
}

FLIP7_POINTS = 15

CARD_LABELS = {
    ZERO: "The Zero", UNLUCKY_7: "Unlucky 7", LUCKY_13: "Lucky 13", JUST_ONE_MORE: "Just One More",
    FLIP_FOUR: "Flip Four", STEAL: "Steal", SWAP: "Swap", DISCARD: "Discard", FLIP7_BONUS: "the Flip 7 bonus",
}


def is_number(card: str) -> bool:
    """True for The Zero, 1 … 13 and the two special numbers."""
    return card in NUMBER_SET


def is_modifier(card: str) -> bool:
    """True for ``/2`` and ``-2`` … ``-10``."""
    return card in MODIFIER_SET


def deck_counts(decks: int = 1) -> dict[str, int]:
    """Copies of every card in ``decks`` shuffled-together decks (108 cards each)."""
    return {card: count * decks for card, count in ONE_DECK.items()}


def card_name(card: str) -> str:
    """A card as a noun in messages: ``The Zero``, ``Unlucky 7``, ``Steal``, ``9``, ``-4``."""
    return CARD_LABELS.get(card, card)


def label(card: str) -> str:
    """A card with its article: ``a 9``, ``an 8``, ``The Zero``, ``the Unlucky 7``, ``Steal``, ``the -4``."""
    if card in (UNLUCKY_7, LUCKY_13):
        return f"the {CARD_LABELS[card]}"
    if card in CARD_LABELS:
        return CARD_LABELS[card]
    if card in PLAIN_NUMBERS:
        return f"an {card}" if card in ("8", "11") else f"a {card}"
    return f"the {card}"



__all__ = [
    "ACTIONS", "CARD_LABELS", "CARD_SET", "DISCARD", "FLIP7_BONUS", "FLIP7_POINTS", "FLIP_FOUR", "HALVE", "JUST_ONE_MORE",
    "LUCKY_13", "MINUS_MODIFIERS", "MODIFIERS", "MODIFIER_SET", "NUMBERS", "NUMBER_SET", "ONE_DECK", "PLAIN_NUMBERS", "STEAL",
    "SWAP", "UNLUCKY_7", "VALUE", "ZERO", "card_name", "deck_counts", "is_modifier", "is_number", "label",
]
