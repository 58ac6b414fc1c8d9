"""Tests of the base ruleset's own modules."""
