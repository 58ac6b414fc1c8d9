"""The ruleset as the pages name a game's: ``flip7``, ``vengeance`` or ``vengeance (brutal)``.

The same label as the store's statistics (``by_ruleset``), worked out here from a game's options
(its ``game`` line) for the answers that do not carry it yet: each listed game of ``GET /v1/games``
and the timeline of ``/v1/replay``. Where the store keeps the label with the game (a ``ruleset``
column), ``with_rulesets`` leaves that one as it is.
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.replay import ruleset_label
from adjudicator.store import Store


def with_rulesets(store: Store, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listed games, each with its ``ruleset`` (from its stored options where it has none)."""
    for game in games:
        if game.get("ruleset") is None:
            game["ruleset"] = ruleset_label(store.options(game["id"]))
    return games


def timeline_ruleset(timeline: dict[str, Any]) -> str | None:
    """The ruleset label of a replayed log, from its first event (the ``game`` line), if it reads."""
    events = timeline.get("events") or []
    if not events or events[0].get("type") != "game":
        return None
    try:
        return ruleset_label(json.loads(events[0]["raw"]))
    except (ValueError, TypeError, KeyError):
        return None
