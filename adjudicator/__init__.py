"""flip7's core: replay and judge Flip 7 game logs (flip7-log/1). Pure: no terminal, HTTP or clock.

The pieces, in the order a log flows through them:

- ``events``: frozen pydantic event models (a union on ``type``) and ``parse_event``;
- ``state``: ``GameState``, the table a replay updates in place;
- ``rules``: the shared engine (``apply(state, event, index)``, ``check``, ``is_legal``,
  ``legal_moves(state)``) and one ``Ruleset`` per variant, registered by name (``base``: Flip 7);
- ``replay``: the fold (``replay_log`` / ``check_log`` / ``state_at`` / ``walk``, with observers);
- ``table``: ``table_view``, the table after event N as one typed model;
- ``verdict``: the ``flip7-verdict/1`` result; ``scoring``: game end, bust chance;
- ``store`` (DuckDB) and ``simulate`` (random games) build on these and are imported on their own.

``accel`` decides, on import and before the rules load, whether the mypyc build of the engine
runs or the pure-Python sources (``engine_path()``, ``engine_description()``).

Errors are a small family: ``Flip7Error`` ⊃ ``LogUnreadable``, ``UnsupportedRuleset``, ``RuleViolation``.
"""

from adjudicator.accel import engine_description, engine_path  # first: decides compiled or pure before the rules load
from adjudicator.errors import EventOutOfRange, Flip7Error, LogUnreadable, RuleViolation, UnsupportedRuleset
from adjudicator.events import Event, parse_event
from adjudicator.replay import ReplayResult, check_log, replay_log, state_at
from adjudicator.rules import apply, check, expecting, is_legal, legal_moves
from adjudicator.rulesets import event_json_schema
from adjudicator.rulesets.base.rules import score_row
from adjudicator.scoring import bust_probability
from adjudicator.state import GameState
from adjudicator.table import TableView, table_view
from adjudicator.verdict import Verdict, Violation

__all__ = [
    "Event", "EventOutOfRange", "Flip7Error", "GameState", "LogUnreadable", "ReplayResult", "RuleViolation", "UnsupportedRuleset",
    "TableView", "Verdict", "Violation", "apply", "bust_probability", "check", "check_log", "engine_description", "engine_path", "event_json_schema", "expecting",
    "is_legal", "legal_moves", "parse_event", "replay_log", "score_row", "state_at", "table_view",
]
