"""The `flip7` command line: thin Typer commands over the adjudicator core."""
