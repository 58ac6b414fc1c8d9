"""A timeline with its violation messages in the viewer's language, from one replay: the referee
watches the replay that builds the tables (``adjudicator.referee.Witness``) and words the same
violations in German; English keeps the engine's. Used by ``/v1/replay`` and
``/v1/games/{id}/replay`` with ``?lang=de``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.referee import Witness, word_violations
from adjudicator.timeline import replay_timeline


def timeline_in(source: bytes | list[str], lang: str) -> dict[str, Any]:
    """The timeline of ``source`` as JSON, its violation messages in ``lang`` (one replay)."""
    witness = Witness() if lang != "en" else None
    timeline = replay_timeline(source, also=witness)
    data = timeline.to_dict()
    if witness is not None:
        word_violations(data["verdict"]["violations"], witness, timeline.verdict, lang)
        worded = {v["event"]: v["message"] for v in data["verdict"]["violations"]}
        for table in data["tables"]:  # each table after a fatal violation names it
            stop = table.get("stopped_by")
            if stop is not None and stop["event"] in worded:
                stop["message"] = worded[stop["event"]]
    return data
