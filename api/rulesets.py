"""The ruleset as the pages name a game's: ``flip7``, ``vengeance`` or ``vengeance (brutal)``.

The label is the core's (``adjudicator.replay.ruleset_label``, the one the store keeps as
``games.ruleset`` and ``GET /v1/games`` lists); here it is only put on the answer that does not
carry it, the timeline of ``/v1/replay``, from the timeline's first event (its ``game`` line).
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.replay import ruleset_label


def timeline_ruleset(timeline: dict[str, Any]) -> str | None:
    """The ruleset label of a replayed log, from its first event (the ``game`` line), if it reads."""
    events = timeline.get("events") or []
    if not events or events[0].get("type") != "game":
        return None
    try:
        return ruleset_label(json.loads(events[0]["raw"]))
    except (ValueError, TypeError, KeyError):
        return None
