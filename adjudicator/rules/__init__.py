"""The rules: one module per ruleset (``base`` for Flip 7; With a Vengeance is not judged yet)."""
