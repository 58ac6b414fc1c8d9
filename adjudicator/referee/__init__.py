"""The referee: rulings that give their reasons, and games told move by move, in English and German.

A layer over the core's public replay API (``apply``, ``expecting``, ``legal_moves``,
``build_verdict``); the rules are not touched. ``settle`` answers a dispute, ``explain`` narrates a
log; every text comes from ``catalogue`` (one table per language). ``models`` defines the
settlement's shape (``Settlement``) once, for the CLI and the API.
"""

from adjudicator.referee.catalogue import LANGUAGES, Breakdown, Note, render, rule_text
from adjudicator.referee.models import SETTLEMENT_FORMAT, PlayerStanding, Ruling, RulingViolation, Settlement
from adjudicator.referee.ruling import EXPLANATION_FORMAT, explain, read_items, settle, settlement, word_violations
from adjudicator.referee.story import Step, Story, Witness, tell

__all__ = [
    "EXPLANATION_FORMAT", "LANGUAGES", "SETTLEMENT_FORMAT", "Breakdown", "Note", "PlayerStanding", "Ruling", "RulingViolation",
    "Settlement", "Step", "Story", "Witness", "explain", "read_items", "render", "rule_text", "settle", "settlement", "tell", "word_violations",
]
