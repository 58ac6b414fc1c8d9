"""A timeline with its violation messages in the viewer's language, from one replay: the referee
watches the replay that builds the tables (``adjudicator.referee.Witness``) and words the same
violations in German; English keeps the engine's. The same witness notes each table's words (what
it waits for, the rows' notes), said in the asked language. Used by ``/v1/replay`` and
``/v1/games/{id}/replay`` with ``?lang=de``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.messages import say
from adjudicator.referee import Witness, word_violations
from adjudicator.timeline import replay_timeline
from adjudicator.verdict import Verdict


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
        tell_tables(data["tables"], witness, timeline.verdict, lang)
    return data


def tell_tables(tables: list[dict[str, Any]], witness: Witness, verdict: Verdict, lang: str) -> None:
    """Put what each table says in ``lang``: what it waits for (``waiting_for.description``) and each
    row's ``notes`` (why the player is out, a card held against a bust, a move forbidden now), as
    the referee noted them on the same replay; the pages show them as they come."""
    story = witness.story(verdict)
    for table in tables:
        told = witness.told.get(table.get("after_event", -1))
        if told is None:
            continue
        waiting, notes = told
        if table.get("waiting_for"):
            table["waiting_for"]["description"] = say(waiting, lang)
        for seat, row in enumerate(table.get("players") or []):
            if seat < len(notes):
                row["notes"] = [story.say(n, lang) for n in notes[seat]]
