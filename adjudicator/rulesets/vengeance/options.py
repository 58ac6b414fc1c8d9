"""With a Vengeance's options model: the ``game`` event of a ``"ruleset": "vengeance"`` log.

The one definition of its own option, Brutal mode; the simulator's flags, the notation's game
line, the store (the label ``vengeance (brutal)``) and the log's JSON Schema read it from here.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from adjudicator.events import GameEvent


class VengeanceOptions(GameEvent):
    """A Vengeance ``game`` line: the options every ruleset has, plus ``brutal``."""

    brutal: bool = Field(False, description="Brutal mode: negative scores, the Flip 7 bonus choice")

    #: Brutal mode names a variant: the game's label is ``vengeance (brutal)``.
    modes: ClassVar[tuple[str, ...]] = ("brutal",)


__all__ = ["VengeanceOptions"]
