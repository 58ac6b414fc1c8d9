"""The shared layers name no ruleset's card (issue 18): outside ``adjudicator/rulesets/``, the
code of ``adjudicator/``, ``api/`` and ``cli/`` asks the ruleset's kit instead.

The cards looked for are every registered kit's cards that are not plain numbers (actions,
modifiers, special numbers such as ``unlucky_7``), asked from the registry. What counts as naming
one:
- the card's name quoted as a string, ``"freeze"`` or ``'x2'`` (in code, SQL, JSON examples);
- a name made of several words (``second_chance``, ``flip_four``) as a whole word anywhere, also
  as an attribute or in a docstring (``row.second_chance``).
A card's name as an ordinary word is not one: the discard pile, ``frozen``, a ``+8.3f`` format or
an SVG's ``x2=`` attribute. Labels ("Second Chance") in prose are words, not names.
"""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.rulesets import KITS_BY_NAME

ROOT = Path(__file__).resolve().parents[1]
#: The shared layers searched, and the files in them that are read.
LAYERS = ("adjudicator", "api", "cli")
SUFFIXES = (".py", ".js", ".html")
#: Where a ruleset's cards belong.
KITS_DIR = ROOT / "adjudicator" / "rulesets"
#: Quoted words that are a card's name but mean something else there: (file, the text, why).
NOT_A_CARD = (
    ("adjudicator/notation/words.py", '"discard": "discards"', "the position's discard pile, not the Discard card"),
)


def card_names() -> set[str]:
    """Every registered ruleset's cards that are not plain numbers."""
    names: set[str] = set()
    for kit in KITS_BY_NAME.values():
        rules = kit.rules
        names |= (set(rules.cards) | set(rules.target_cards or ())) - set(rules.numbers)
    return names


def hits(names: set[str]) -> list[str]:
    """``file:line: text`` for every line of the shared layers that names one of ``names``."""
    longest_first = sorted(names, key=len, reverse=True)
    quoted = re.compile(r"([\"'])(?:" + "|".join(map(re.escape, longest_first)) + r")\1")
    words = [n for n in longest_first if "_" in n]
    whole = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, words)) + r")(?![A-Za-z0-9_])")
    found = []
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*")):
            if path.suffix not in SUFFIXES or path.is_relative_to(KITS_DIR):
                continue
            where = path.relative_to(ROOT).as_posix()
            allowed = [text for file, text, _ in NOT_A_CARD if file == where]
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                rest = line
                for text in allowed:
                    rest = rest.replace(text, "")
                if quoted.search(rest) or whole.search(rest):
                    found.append(f"{where}:{number}: {line.strip()}")
    return found


def test_the_search_finds_what_it_should() -> None:
    names = card_names()
    assert {"second_chance", "freeze", "x2", "unlucky_7", "flip_four", "steal"} <= names and "7" not in names
    assert not {"frozen", "discards"} & names


def test_no_shared_layer_names_a_rulesets_card() -> None:
    found = hits(card_names())
    assert not found, "a shared layer names a ruleset's card (ask its kit instead):\n" + "\n".join(found)
