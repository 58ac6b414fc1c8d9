"""The did-you-mean of messages, with its work bounded (issue 23, item 13).

``difflib`` compares every pair of characters of two strings in the worst case, so 150 names of 200
characters cost about a second per unknown name. Here the word and each choice are compared by a
key of at most ``MAX_CHARS`` characters (a longer string: its first and last ``MAX_CHARS // 2``, so
names that differ only at their ends still differ), at most ``MAX_CHOICES`` choices are compared,
and a cheap prefilter (lengths, then ``difflib``'s quick ratios) skips choices that cannot reach
the cutoff before the costly ratio runs: a suggestion is a hint, and a real name is short. At the
bounds, one suggestion costs at most ``MAX_CHOICES`` comparisons of ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: Characters of a word and of each choice that are compared (see ``key``).
MAX_CHARS = 40
#: Choices compared at most (the first ones, in the order given).
MAX_CHOICES = 200


def key(text: str) -> str:
    """What of ``text`` is compared: all of it up to ``MAX_CHARS`` characters, else its first and
    last ``MAX_CHARS // 2``."""
    if len(text) <= MAX_CHARS:
        return text
    half = MAX_CHARS // 2
    return text[:half] + text[-half:]


def nearest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The choice closest to ``word`` (``difflib``'s ratio at least ``cutoff``), or None; as
    ``difflib.get_close_matches`` picks, the greatest key when several are as close."""
    target = key(word)
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(target)
    best: tuple[float, str, str] | None = None
    seen: set[str] = set()
    for choice in choices:
        if len(seen) >= MAX_CHOICES:
            break
        cut = key(choice)
        if cut in seen:
            continue
        seen.add(cut)
        total = len(cut) + len(target)
        if total and 2.0 * min(len(cut), len(target)) / total < cutoff:  # the lengths alone rule it out
            continue
        matcher.set_seq1(cut)
        if matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
            continue
        score = matcher.ratio()
        if score >= cutoff and (best is None or (score, cut) > best[:2]):
            best = (score, cut, choice)
    return best[2] if best else None
