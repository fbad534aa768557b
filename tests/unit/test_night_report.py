"""The nightly summary's drops and drift section once the night's partitions have committed: a
store that can no longer be read (a connection cut by the server) leaves the section unread in
one line, with no statement or parameter in it, instead of failing a night that committed."""

from __future__ import annotations

from datetime import date

from sqlalchemy import create_engine

from flows.night_report import _drops


def test_an_unreadable_store_leaves_the_drops_section_unread_not_the_night_failed() -> None:
    nobody = create_engine(
        "postgresql+psycopg://postgres@127.0.0.1:1/nothing", connect_args={"connect_timeout": 2}
    )
    lines = _drops(nobody, date(2025, 1, 7))
    assert lines[0] == "## Gate drops on 2025-01-07"
    assert lines[-1].startswith("Not read: OperationalError"), lines
    assert "SELECT" not in "\n".join(lines) and "127.0.0.1" not in "\n".join(lines)
