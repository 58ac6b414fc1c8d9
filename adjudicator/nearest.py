"""The did-you-mean of messages, with its work bounded (issue 23, item 13).

``difflib`` compares every pair of characters of two strings in the worst case, so 150 names of 200
characters cost about a second per unknown name. Here both the word and the choices are cut to
``MAX_CHARS`` characters and at most ``MAX_CHOICES`` choices are compared: a suggestion is a hint,
and a real name is short.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: Characters of a word and of each choice that are compared.
MAX_CHARS = 40
#: Choices compared at most (the first ones, in the order given).
MAX_CHOICES = 200


def nearest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The choice closest to ``word`` (``difflib``'s ratio at least ``cutoff``), or None."""
    cut: dict[str, str] = {}
    for choice in choices:
        if len(cut) >= MAX_CHOICES:
            break
        cut.setdefault(choice[:MAX_CHARS], choice)
    found = difflib.get_close_matches(word[:MAX_CHARS], list(cut), n=1, cutoff=cutoff)
    return cut[found[0]] if found else None
