"""The shape of a canned statistic of the store (``Statistic``) and the SQL pieces statistics share.

Shared by the store's statistics (``adjudicator.store.stats``) and the kits' own (a kit's
``statistics`` facet), which build on these pieces; this module imports no ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.messages import STATISTIC_WORDS_DE

#: The ``$ruleset`` filter of the store's queries: a ruleset's name (``vengeance``: Brutal games
#: too) or a whole label (``vengeance (brutal)``); NULL for every game.
RULESET_FILTER_SQL = "($ruleset IS NULL OR ruleset = $ruleset OR split_part(ruleset, ' ', 1) = $ruleset)"

#: Which games a statistic counts: ingested since ``$since``, with ``$player`` seated, of ``$ruleset``.
FILTERS = f"""($since IS NULL OR ingested_at >= $since)
      AND ($player IS NULL OR list_contains(players, $player))
      AND {RULESET_FILTER_SQL}"""

#: The games a statistic looks at: complete ones that pass ``FILTERS``.
GAMES = f"""\
WITH g AS (
    SELECT id, finished, players FROM games
    WHERE complete
      AND {FILTERS}
)"""

#: As ``GAMES``, with each game's ruleset: ``flip7``, ``vengeance`` or ``vengeance (brutal)``.
RULESET_GAMES = f"""\
WITH g AS (
    SELECT id, finished, players, ruleset
    FROM games
    WHERE complete
      AND {FILTERS}
)"""

#: The columns of the target statistics (who a card went to), over ``targets t`` joined to ``g``.
TARGET_COLUMNS = """SELECT t.card,
       count(*) AS given,
       count(*) FILTER (WHERE t.at_self) AS at_self,
       round(avg(t.at_self::INTEGER), 3) AS self_rate,
       count(*) FILTER (WHERE t.at_leader) AS at_leader,
       round(avg(t.at_leader::INTEGER), 3) AS leader_rate,
       count(*) FILTER (WHERE t.at_most_cards) AS at_most_cards,
       round(avg(t.at_most_cards::INTEGER), 3) AS most_cards_rate
FROM targets t JOIN g ON t.game = g.id
"""

#: The columns of the bust statistics (hits, busts, actual and expected rate), over ``hits h``.
BUST_COLUMNS = """       count(*) AS hits,
       count(*) FILTER (WHERE h.busted) AS busts,
       round(avg(h.busted::INTEGER), 3) AS bust_rate,
       round(avg(h.bust_probability), 3) AS expected_bust_rate
FROM hits h JOIN g ON h.game = g.id
WHERE $player IS NULL OR h.player = $player
"""


@dataclass(frozen=True, slots=True)
class Statistic:
    """One statistic: a name (for ``--json`` and the API), a title, what it shows, and its SQL.

    ``after``, for a kit's statistic: the statistic it is listed after (a shared one, or one listed
    before it); None lists it after the shared ones.
    """

    name: str
    title: str
    explanation: str
    sql: str
    after: str | None = None
    #: Its title and explanation in German.
    de: tuple[str, str] = ("", "")
    #: Its own German words (columns, and ``column=value`` values) beside the shared ones.
    words_de: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def title_in(self, lang: str) -> str:
        """Its title in ``lang`` (``en`` or ``de``)."""
        return self.de[0] if lang == "de" and self.de[0] else self.title

    def explanation_in(self, lang: str) -> str:
        """What it shows, in ``lang``."""
        return self.de[1] if lang == "de" and self.de[1] else self.explanation

    def word(self, key: str, lang: str, default: str | None = None) -> str:
        """A column name (or a ``column=value`` value) in ``lang``: its own word, else the shared one."""
        if lang != "de":
            return key if default is None else default
        found = self.words_de.get(key) or STATISTIC_WORDS_DE.get(key)
        return found if found is not None else (key if default is None else default)


__all__ = ["BUST_COLUMNS", "RULESET_FILTER_SQL", "FILTERS", "GAMES", "RULESET_GAMES", "TARGET_COLUMNS", "Statistic"]
