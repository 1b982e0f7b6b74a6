"""`canon` puts a contradiction between facts as one question, answered like any other."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from canon_testing import make_observation
from test_cli import canon, jsonl

NOW = "2026-11-23T12:00:00Z"
AT = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "canon.db"


def test_a_return_before_the_departure_is_asked_once_and_answered_by_edit(db: Path) -> None:
    feed = jsonl(
        make_observation("travel.depart_date", "2026-11-29", source="manual_markdown", at=AT),
        make_observation("travel.return_date", "2026-11-27", source="manual_markdown", at=AT),
    )
    canon("ingest", "-", "--now", NOW, db=db, stdin=feed)
    canon("ingest", "-", "--now", NOW, db=db, stdin=feed)  # the same input again
    (item,) = json.loads(canon("pending", "--json", db=db).stdout)["pending"]
    assert item["field"] == "travel.return_date"
    assert "is before your departure date" in canon("pending", db=db).stdout
    before = canon("context", "--now", NOW, db=db).stdout
    assert "Conflicts:\n- user:primary: Your return date (Friday, November 27) is before" in before

    answered = canon("answer", item["id"][:12], "edit", "December 3", "--now", NOW, db=db)
    assert "travel.return_date = 2026-12-03" in answered.stdout
    assert json.loads(canon("pending", "--json", db=db).stdout)["pending"] == []
    context = canon("context", "--now", NOW, db=db).stdout
    assert "Conflicts:" not in context
    assert "travel.return_date = 2026-12-03" in context
