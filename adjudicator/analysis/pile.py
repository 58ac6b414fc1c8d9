"""The draw pile of a card model (``SoloModel``) packed in one integer, as the kits' models keep it.

The copies left of each kind of card take ``bits`` bits each, kind ``i`` at bit ``i * bits`` (the
kinds in the model's own order), so that a state holds its pile as one small number and taking a
card is one subtraction. The helpers name no card: what a kind is stays the model's business.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def pack(counts: Sequence[int]) -> tuple[int, int]:
    """The pile of ``counts`` (the copies of each kind, in the model's order) as ``(pile, bits)``:
    just enough bits per kind for the largest count, and at least one."""
    bits = max(max(counts, default=1).bit_length(), 1)
    pile = 0
    for i, copies in enumerate(counts):
        pile |= copies << (i * bits)
    return pile, bits


def draws(kinds: Sequence[tuple[int, int]], pile: int, bits: int) -> Iterator[tuple[int, int, int, int]]:
    """Every kind the packed ``pile`` still holds, in the order of ``kinds`` (each ``(kind,
    amount)``): ``(kind, amount, copies, after)``, where ``after`` is the pile once one is drawn."""
    mask = (1 << bits) - 1
    shift = 0
    for kind, amount in kinds:
        copies = (pile >> shift) & mask
        if copies:
            yield kind, amount, copies, pile - (1 << shift)
        shift += bits
