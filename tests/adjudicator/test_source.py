"""Reading logs line by line: BOM, UTF-8, over-long lines, bounded memory."""

from __future__ import annotations

import io

import pytest

from adjudicator.errors import LogUnreadable
from adjudicator.replay import check_log, replay_log
from adjudicator.source import MAX_LINE_BYTES, TooLongLine, lines_from_bytes, lines_from_stream, lines_from_text
from tests.adjudicator.helpers import KITCHEN


def test_bom_is_ignored_in_bytes_and_text() -> None:
    assert list(lines_from_bytes(b"\xef\xbb\xbf{}\n[]")) == ["{}", "[]"]
    assert list(lines_from_text("\ufeff{}\r\n[]\n")) == ["{}", "[]"]
    assert check_log(b"\xef\xbb\xbf" + KITCHEN.encode()).valid


def test_not_utf8_is_unreadable_and_names_the_line() -> None:
    with pytest.raises(LogUnreadable, match="line 2 is not UTF-8"):
        list(lines_from_bytes(b'{"type":"shuffle"}\n\xff\xfe\n'))


def test_only_newline_ends_a_line() -> None:
    assert list(lines_from_text('{"a":"x\u2028y"}\n')) == ['{"a":"x\u2028y"}']


def test_over_long_line_is_skipped_in_chunks_and_reported() -> None:
    data = b'{"type":"game","id":"' + b"x" * (5 * MAX_LINE_BYTES) + b'"}\n{"type":"shuffle"}\n'
    lines = list(lines_from_stream(io.BytesIO(data)))
    assert isinstance(lines[0], TooLongLine) and lines[0].length == len(data.split(b"\n")[0])  # the ending not counted
    assert list(lines_from_stream(io.BytesIO(data.replace(b"\n", b"\r\n"))))[0].length == lines[0].length
    assert next(iter(lines_from_text(data.decode()))).length == lines[0].length  # as the text reader says
    verdict = check_log(data)
    assert verdict.events == 2
    assert verdict.violations[0].code == "bad_event" and "at most 65,536 bytes" in verdict.violations[0].message


def test_a_line_at_the_limit_is_read() -> None:
    line = b'{"type":"hit","player":"' + b"a" * (MAX_LINE_BYTES - 26) + b'"}'
    assert len(line) == MAX_LINE_BYTES
    assert list(lines_from_stream(io.BytesIO(line + b"\n"))) == [line.decode()]


def test_empty_and_comment_only_logs_are_unreadable() -> None:
    for text in ("", "\n\n", "# only a comment\n"):
        with pytest.raises(LogUnreadable, match="empty"):
            replay_log(text)


def test_fifty_megabytes_on_one_line_stays_bounded() -> None:
    class Endless(io.RawIOBase):
        """50 MB of 'x' with no newline, produced on demand (never held in memory at once)."""

        def __init__(self) -> None:
            self.left = 50 * 1024 * 1024

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:  # type: ignore[override]
            n = min(len(buffer), self.left)
            buffer[:n] = b"x" * n
            self.left -= n
            return n

    verdict = replay_log(lines_from_stream(io.BufferedReader(Endless()))).verdict
    assert verdict.events == 1 and verdict.violations[0].rule == "log.line"
