"""A sentence to be said, in no language yet: a catalogue key and its facts.

The rules refuse an event with a ``RuleViolation`` that carries one (what the violation is, with
its parameters); the referee's catalogue (``adjudicator.referee.catalogue``) and a kit's own
texts (``adjudicator.rulesets.texts``) render it in English or German. Imports nothing of the project.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence to be said, in no language yet: a catalogue key and its facts."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


__all__ = ["Note"]
