"""Shared files name no ruleset (issue 29): no shipped ruleset's card, status, option or mode name
(nor a ruleset's name other than ``flip7``, which is also the program's) may appear in them; they ask
the registry, or ``GET /v1/rulesets``, instead.

The names come from the registry: every card of every shipped kit that has a letter in it (as a log
writes it and as the pages and sentences label it), every status of a kit's own (its rules'
``status_words``, its view's legend and marks, beyond the shared ``active``, ``stayed``, ``busted``
and ``flip7``), every option and mode of its options model. A name is matched as a whole word in any
case; ``frozen=`` (a keyword argument) and ``discard pile`` (the shared pile) are not the names.

Checked so far (``CLEAN``): the files issue 29's first slice cleaned, the live table's page, the
statistics page, ``cli/store.py`` (its ruleset filter), ``GET /v1/rulesets``, and the pages' one
renderer with the table view and timeline that tell its sentences. *Meadow*, the tests' own
ruleset that is played through the pages (``tests/adjudicator/rulesets/meadow.py``), is named by
no shared file at all. Not yet clean, by
the same match over ``api/``, ``cli/`` and ``adjudicator/`` outside the kits (to be cleaned and added
to ``CLEAN`` file by file; some hits there are plain English, "frozen" models, ``set.discard``):

- pages: ``api/static/i18n.js``, ``api/static/style.css`` (status classes);
- API: ``api/models.py``, ``api/viewer_models.py``, ``api/routes/common.py``, ``api/routes/referee.py``;
- CLI: ``cli/render.py``, ``cli/check.py``, ``cli/plot.py``, ``cli/record.py``, ``cli/simulate.py``;
- core (``adjudicator/``): ``__init__.py``, ``accel.py``, ``bulk.py``, ``effects.py``,
  ``event_cache.py``, ``events.py``, ``replay.py``, ``scoring.py``, ``state.py``, ``statistic.py``,
  ``verdict.py``, ``analysis/evaluate.py``, ``analysis/models.py``,
  ``live/service.py``, ``live/table.py``, ``notation/parse.py``, ``notation/words.py``,
  ``notation/write.py``, ``plots/__init__.py``, ``plots/svg.py``, ``referee/catalogue.py``,
  ``referee/models.py``, ``referee/story.py``, ``rules/common.py``, ``rules/engine.py``,
  ``rulesets/kit.py``, ``simulate/play.py``, ``simulate/view.py``, ``store/ingest.py``,
  ``store/migrate.py``, ``store/records.py``, ``store/service.py``, ``store/stats.py``.

``adjudicator/rulesets/__init__.py`` lists the kits: the one place a ruleset is named.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.rulesets import KITS
from adjudicator.table import card_labels

ROOT = Path(__file__).resolve().parents[2]
#: The shared files checked: they must name no ruleset.
CLEAN = (
    "api/static/table.html", "api/static/table.js", "api/static/stats.html", "api/static/stats.js",
    "api/static/players.html", "api/static/players.js",
    "cli/store.py", "api/rulesets.py", "api/routes/rulesets.py",
    # the pages' one renderer and the sentences behind it (issue 29, the pages)
    "api/static/render.js", "api/static/viewer.js", "api/static/index.html",
    "adjudicator/table.py", "adjudicator/timeline.py", "adjudicator/rulesets/view.py", "adjudicator/rulesets/sentences.py",
)
#: The statuses every ruleset has (``adjudicator.state``), and the program's own name.
SHARED = {"active", "stayed", "busted", "flip7"}
#: Shared files of issue 29's words, checked too: the catalogue of refusals and the glossary, its
#: route, the refusal and its note, and the modules that only say what the catalogues hold.
CLEAN_WORDS = (
    "adjudicator/messages.py", "adjudicator/note.py", "adjudicator/errors.py", "api/routes/words.py", "api/localize.py",
    "adjudicator/rules/position.py", "adjudicator/referee/ruling.py",
)


def ruleset_names() -> set[str]:
    """Every shipped ruleset's own names: cards with a letter, own statuses, options, modes, its name."""
    names: set[str] = set()
    for kit in KITS:
        rules = kit.rules
        for card, label in card_labels(rules).items():
            names |= {word for word in (card, label, rules.card_name(card)) if re.search("[A-Za-z]", word)}
        names |= {*rules.status_words, *kit.view.status_legend(), *kit.view.outcome_marks()}
        names |= {*rules.game_event.options(), *rules.game_event.modes, kit.name}
    return names - SHARED


def pattern(names: set[str]) -> re.Pattern[str]:
    """A whole-word match of any of ``names`` (longest first), in any case; not a keyword argument
    (``frozen=True``) nor the discard pile."""
    words = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({words})(?![\w-]|=|[ _]pile)", re.IGNORECASE)


def test_the_names_are_found() -> None:
    names = ruleset_names()
    found = pattern(names)
    assert {"freeze", "second_chance", "Second Chance", "frozen", "edition", "brutal", "vengeance"} <= names
    for text in ('<option value="vengeance">', 'if (body.brutal) …', "a Second Chance", "FLIP_THREE = 'flip_three'"):
        assert found.search(text), text
    for text in ("@dataclass(frozen=True)", "the discard pile", "flip7 serve", "frozenset()", "discards"):
        assert not found.search(text), text


@pytest.mark.parametrize("path", (*CLEAN, *CLEAN_WORDS))
def test_a_clean_shared_file_names_no_ruleset(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    hits = [(text.count("\n", 0, m.start()) + 1, m.group(0)) for m in pattern(ruleset_names()).finditer(text)]
    assert not hits, f"{path} names a ruleset's card, status, option or mode (line, name): {hits}"


def test_no_shared_file_names_the_tests_own_ruleset() -> None:
    """Meadow reaches every page with no shared file naming it: its name, cards, status, option and
    mode appear in no file of ``adjudicator/``, ``api/`` or ``cli/``."""
    from tests.adjudicator.rulesets.meadow import KIT, OWN_NAMES

    names = set(OWN_NAMES) | set(KIT.view.status_legend()) - SHARED
    assert {"meadow", "nap", "napping", "sunny"} <= names
    found = pattern(names)
    shared = [p for folder in ("adjudicator", "api", "cli") for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".js", ".html", ".css")]
    assert len(shared) > 100
    hits = [(str(p.relative_to(ROOT)), m.group(0)) for p in shared for m in found.finditer(p.read_text(encoding="utf-8"))]
    assert not hits, hits
