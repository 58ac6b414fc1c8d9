"""Every violation any registered ruleset can raise is worded in English and German, and a kit
words its own violations (the shared referee names none of its codes or fields)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from adjudicator.errors import VIOLATION_CODES
from adjudicator.messages import MESSAGES
from adjudicator.referee import LANGUAGES, settlement
from adjudicator.referee.catalogue import text
from adjudicator.rulesets import RULESETS, find_kit

ROOT = Path(__file__).resolve().parents[3]


def _raised(package: Path) -> tuple[set[str], set[str]]:
    """The violation codes raised in ``package``'s sources, and the catalogue keys of the ``Note``s they build."""
    codes: set[str] = set()
    notes: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in ("violation", "RuleViolation") and isinstance(node.args[0].value, str):
                codes.add(node.args[0].value)
            elif name == "Note" and isinstance(node.args[0].value, str):
                notes.add(node.args[0].value)
    return codes, notes


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_violation_a_ruleset_can_raise_is_worded_in_every_language(name: str) -> None:
    rules = RULESETS[name]
    package = Path(importlib.import_module(type(find_kit(name).rules).__module__).__file__ or "").parent
    shared_codes, shared_notes = _raised(ROOT / "adjudicator" / "rules")
    own_codes, own_notes = _raised(package)
    codes = set(VIOLATION_CODES) | shared_codes | own_codes
    assert "illegal_target" in codes and shared_codes <= set(VIOLATION_CODES)
    for lang in LANGUAGES:
        missing = [code for code in sorted(codes) if not _has(f"v_{code}", lang, rules)]
        missing += [key for key in sorted(shared_notes | own_notes) if not _has(key, lang, rules)]
        assert missing == [], (name, lang)


def _has(key: str, lang: str, rules: object) -> bool:
    """The referee words ``key`` (a headline, a fact), or the messages' catalogues do (the shared
    one or the game's kit's: what a refusal says)."""
    try:
        return bool(text(key, lang, rules))  # type: ignore[arg-type]
    except KeyError:
        return key in MESSAGES[lang] or key in rules.messages.get(lang, {})  # type: ignore[attr-defined]


def test_the_shared_referee_names_no_rulesets_codes_or_fields() -> None:
    shared = "".join((ROOT / "adjudicator" / "referee" / f).read_text(encoding="utf-8") for f in ("story.py", "catalogue.py", "ruling.py"))
    for word in ('"must_hit"', '"target_card"', '"other"', '"other_card"', '"holds_sc"', '"v_illegal_take"'):
        assert word not in shared, word


#: A kit's own wording of its violations, as the referee says them (unchanged from the shared
#: referee's special cases, now carried by the violation the kit raises).
KIT_WORDED = [
    ("fixtures/vengeance/030-swap-within-one-row-refused.jsonl", "de", "Swap tauscht Karten aus zwei verschiedenen Reihen, aber beide genannten Karten liegen bei Ben.", None),
    ("fixtures/vengeance/025-steal-card-not-in-row.jsonl", "de", "Steal kann nicht bei Cem auf eine 7 eingesetzt werden.", None),
    ("fixtures/vengeance/025-steal-card-not-in-row.jsonl", "en", "Steal cannot be used on a 7 of Cem.", None),
    ("fixtures/vengeance/019-zero-stay-must-hit.jsonl", "de", "Ben hat The Zero und darf nicht „Stopp“ sagen, sondern muss noch eine Karte nehmen.", None),
    ("fixtures/disputes/17-extra-second-chance-to-holder.txt", "de", "Second Chance kann nicht an Ben gehen.", "Ben hat schon eine Second Chance"),
    ("fixtures/disputes/17-extra-second-chance-to-holder.txt", "en", "Second Chance cannot go to Ben.", "Ben already holds a Second Chance"),
]


@pytest.mark.parametrize(("log", "lang", "summary", "fact"), KIT_WORDED)
def test_a_kit_words_its_own_violations(log: str, lang: str, summary: str, fact: str | None) -> None:
    [violation] = settlement((ROOT / log).read_text(encoding="utf-8"), lang).ruling.violations
    assert violation.summary == summary
    if fact is not None:
        assert violation.facts[0] == fact
    if lang == "de":
        assert violation.message.startswith(summary)
