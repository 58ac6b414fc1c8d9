"""The sample logs in logs/ are exactly what the simulator regenerates, and show what they claim."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.replay import check_log
from scripts.samples import INVALID, SAMPLES, find_seed, sample_texts, tie_at_target

LOGS = Path(__file__).resolve().parents[3] / "logs"


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return sample_texts()


def test_logs_folder_is_reproducible(texts: dict[str, str]) -> None:
    on_disk = {p.name for p in LOGS.iterdir() if p.is_file()}
    assert set(texts) <= on_disk
    for name, text in texts.items():
        assert (LOGS / name).read_text(encoding="utf-8") == text, f"logs/{name} differs: regenerate with python -m scripts.samples"


def test_required_table_sizes_and_edition_are_there(texts: dict[str, str]) -> None:
    sizes = {s.players for s in SAMPLES}
    assert {3, 4, 6, 8, 12} <= sizes
    assert any(s.options.edition == "first" for s in SAMPLES)
    assert '"edition":"first"' in texts["first-edition.jsonl"].splitlines()[0]


def test_valid_samples_are_valid_finished_and_have_right_claims(texts: dict[str, str]) -> None:
    for sample in SAMPLES:
        verdict = check_log(texts[sample.file])
        assert verdict.valid and verdict.finished, sample.file
        lines = texts[sample.file].splitlines()
        assert sum('"type":"score"' in line for line in lines) == len(verdict.rounds)
        assert '"type":"end"' in lines[-1]


def test_invalid_samples_have_exactly_their_violations(texts: dict[str, str]) -> None:
    for file, _, _, _, codes in INVALID:
        text = texts[file]
        assert text.startswith("# INVALID")
        assert tuple(v.code for v in check_log(text).violations) == codes


def test_searched_seeds_are_the_first_that_show_their_point() -> None:
    tie = next(s for s in SAMPLES if s.file == "tie-at-target.jsonl")
    assert tie.needs is tie_at_target
    assert find_seed(tie) == tie.seed
    assert not tie_at_target(tie.play(tie.seed - 1))
