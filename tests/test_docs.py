"""The README and docs/: links stay inside the repository, and what they count or list is true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main

from cli.main import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]  # docs/contract/: the contract, as it is
SPEC = Path("/work/shared/spec")


def section(text: str, heading: str) -> str:
    """The text of the section under ``heading`` (up to the next heading of the same level)."""
    level = heading.split(" ", 1)[0]
    return text.split(heading + "\n", 1)[1].split(f"\n{level} ", 1)[0]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    # issue 21 item 6: the README pointed at ../shared/spec/, which a clone does not have
    text = page.read_text(encoding="utf-8")
    assert "../shared" not in text and "shared/spec" not in text
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path = (page.parent / target).resolve()
        assert path.exists(), f"{page.name} links {target}, which is missing"
        assert path.is_relative_to(ROOT), f"{page.name} links {target}, outside the repository"


def test_the_readme_names_the_projects_own_docs_as_the_contract() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "[docs/log-format.md](docs/log-format.md) and [docs/rules.md](docs/rules.md) are the\ncontract" in readme


@pytest.mark.skipif(not SPEC.is_dir(), reason="the originals of the contract are not on this machine")
def test_the_copy_of_the_contract_is_word_for_word() -> None:
    for original in sorted(SPEC.glob("*.md")):
        assert (ROOT / "docs" / "contract" / original.name).read_text(encoding="utf-8") == original.read_text(encoding="utf-8")


def test_the_readme_counts_the_disputes_right() -> None:
    # issue 21 item 13: it said three while disputes.md has four
    disputes = (ROOT / "docs" / "disputes.md").read_text(encoding="utf-8")
    count = len(re.findall(r"^## \d+\.", disputes, flags=re.M))
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    assert f"— {words[count]} disputes settled" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_api_endpoint_table_is_one_table() -> None:
    # issue 21 item 13: blank lines split it, so Markdown rendered half of it as text
    endpoints = section((ROOT / "docs" / "api.md").read_text(encoding="utf-8"), "## Endpoints")
    rows = [i for i, line in enumerate(endpoints.splitlines()) if re.match(r"\| `(GET|POST|PUT|DELETE) ", line)]
    assert rows == list(range(rows[0], rows[0] + len(rows)))
    assert len(rows) >= 20


def test_the_simulator_synopsis_names_every_option() -> None:
    # issue 21 item 13: it lacked --brutal
    synopsis = section((ROOT / "docs" / "simulator.md").read_text(encoding="utf-8"), "## The command").split("```")[1]
    simulate = typer.main.get_command(app).commands["simulate"]  # type: ignore[attr-defined]
    options = {opt for p in simulate.params for opt in p.opts if opt.startswith("--")} - {"--help"}
    assert options and all(opt in synopsis for opt in options), sorted(o for o in options if o not in synopsis)


def test_every_page_gives_decks_the_bound_the_code_keeps() -> None:
    # issue 23: docs/decisions.md said "1 to 100" (twice), log-format.md "≥ 1" and rules.md "at least 1"
    from adjudicator.events import MAX_DECKS

    pages = {page.name: page.read_text(encoding="utf-8") for page in PAGES}
    decisions = pages["decisions.md"]
    assert decisions.count("Options such as `decks: 5`") == 1
    assert f"any whole number of decks from 1 to {MAX_DECKS}" in decisions
    assert f"| `decks` | 1 … {MAX_DECKS} |" in section(decisions, "## Bounds on hostile input")
    assert f"`decks` int 1 … {MAX_DECKS}" in pages["log-format.md"]
    assert f"`decks` is from 1 to {MAX_DECKS}" in pages["rules.md"]
    for name, text in pages.items():
        assert not re.search(r"`decks` int ≥ 1|and `decks` are at least 1", text), name
