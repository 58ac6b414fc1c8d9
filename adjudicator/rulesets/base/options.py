"""The base game's options model: the ``game`` event of a ``"ruleset": "flip7"`` log.

The one definition of the base game's own options; the simulator's flags, the notation's game
line, the store and the log's JSON Schema read them from here (``GameEvent.options()``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.events import GameEvent


class BaseGameOptions(GameEvent):
    """A base-game ``game`` line: the options every ruleset has, plus ``edition`` and ``delayed``."""

    edition: Literal["current", "first"] = Field(
        "current", description="which printing's rules apply (first: a busted Flip Three target still gives its set-aside actions)"
    )
    delayed: Literal["in_turn", "assign_first"] = Field(
        "in_turn", description="when the set-aside actions of a Flip Three are given (in turn, or all recipients named first)"
    )


__all__ = ["BaseGameOptions"]
