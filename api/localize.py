"""A timeline's violation messages in the viewer's language: German ones come from the referee,
which words the same violations in German (``adjudicator.referee.localize_messages``); English keeps the
engine's. Used by ``/v1/replay`` and ``/v1/games/{id}/replay`` with ``?lang=de``.
"""

from __future__ import annotations

import logging
from typing import Any

from adjudicator.referee import localize_messages

log = logging.getLogger(__name__)


def localize_violations(timeline: dict[str, Any], source: bytes | list[str], lang: str) -> None:
    """Put the timeline's violation messages into ``lang`` (``en``: left as they are). Should the
    referee not read the log as the replay did, the English messages stay."""
    violations = timeline.get("verdict", {}).get("violations") or []
    if lang == "en" or not violations:
        return
    try:
        text = "\n".join(source) if isinstance(source, list) else source.decode("utf-8")
        localize_messages(violations, text, lang)
    except Exception:  # the replay judged the log; a ruling that cannot be had leaves the English
        log.debug("no %s messages for this timeline", lang, exc_info=True)
