"""A sentence to be said, in no language yet: a catalogue key and its facts.

The rules refuse an event with a ``RuleViolation`` that carries one (what the violation is, with
its parameters); the violation's message is rendered from a catalogue in English or German
(``adjudicator.messages``: the shared one; a kit's own ``messages`` for its own keys), and the
referee's catalogue (``adjudicator.referee.catalogue``) tells the ruling. Imports nothing of the project.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: A catalogue: language → key → template (``str.format`` fields, ``{card.label}`` for a card).
Words = Mapping[str, Mapping[str, str]]


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence to be said, in no language yet: a catalogue key and its facts.

    ``words``: the catalogue that holds ``key`` (a kit's own); None: the shared catalogue.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    words: Words | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card named in a sentence: ``name`` as the game prints it (``7``, an action card's printed
    name), ``label`` with its English article (``a 7``, ``an 8``), ``number`` for a plain number
    (German says ``eine 7``). A template picks the form: ``{card.name}``, ``{card.label}``,
    ``{card.Label}`` (capitalised)."""

    name: str
    label: str
    number: bool = False


__all__ = ["Card", "Note", "Words"]
