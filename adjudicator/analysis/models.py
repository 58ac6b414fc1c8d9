"""Where a ruleset's card model for the analysis is found: one function, ``card_model``.

A card model is a module (or object) with two functions:

- ``start_of(state, seat)`` → ``(model, start)``: a ``SoloModel`` and the state of ``seat``'s row
  drawing alone from the pile as it is now;
- ``given(state, exp, seat)`` → ``(model, start)``, a number (a value fixed at once, e.g. a Freeze
  banks the row), or None (this card's targets are not rated): the same for ``seat`` once the card
  awaiting its target (``exp``, the engine's ``Expectation``) has gone to them.

``start_of`` may raise ``Unmodelled``. A model may also offer (the analysis asks with ``getattr``):
``rate_moves(state, exp, moves, budget)`` → one value per legal target move, for cards whose
moves name more than a recipient; ``hit_now(state, seat, memo)`` and
``choose_target(state, seat, moves, own)``: the choices of a Monte Carlo playout
(``adjudicator.analysis.montecarlo``).
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

from adjudicator.analysis.solver import SoloModel

if TYPE_CHECKING:
    from adjudicator.rules.engine import Expectation
    from adjudicator.rules.ruleset import Ruleset
    from adjudicator.state import GameState

class Unmodelled(Exception):
    """The card model cannot value this position exactly (for example, a pile holding cards that
    act on other rows): the analysis samples the round with the rules' engine instead."""


class CardModel(Protocol):
    """What a ruleset supplies to the analysis (see the module's docstring)."""

    def start_of(self, state: GameState, seat: int) -> tuple[SoloModel, Hashable]:
        """The model and start state of ``seat`` drawing alone from the pile as it is."""
        ...

    def given(self, state: GameState, exp: Expectation, seat: int) -> tuple[SoloModel, Hashable] | float | None:
        """The same once the waiting card has gone to ``seat`` (a number: its value at once)."""
        ...


def card_model(rules: Ruleset) -> CardModel | None:
    """The analysis model of a ruleset, or None when it has none."""
    from adjudicator.rulesets import find_kit

    home = find_kit(rules.name).analysis
    if home is None:
        return None
    try:
        module = importlib.import_module(home)
    except ModuleNotFoundError:
        return None
    return module
