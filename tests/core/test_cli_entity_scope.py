"""`--entity` on pending, answer, status and dlq: one entity's view, and no answering for another."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from canon_testing import make_observation
from click.testing import CliRunner, Result

from core.cli import cli

NOW = "2026-02-19T14:30:00Z"
ME, FAMILY = "user:primary", "family:home"


def canon(db: Path, *args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["--db", str(db), *args], input=stdin)


def data(db: Path, *args: str) -> Any:
    result = canon(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Each entity has one question waiting and one dead letter."""
    path = tmp_path / "canon.db"
    feed = [
        make_observation("profile.home_city", "Seattle", entity=ME),
        make_observation("profile.home_city", "Portland", entity=FAMILY),
        make_observation(entity=ME, event_ts="soon"),
        make_observation(entity=FAMILY, event_ts="later"),
    ]
    stdin = "".join(json.dumps(p) + "\n" for p in feed) + "{not json\n"
    assert canon(path, "ingest", "-", "--now", NOW, stdin=stdin).exit_code == 0
    return path


def questions(db: Path, *scope: str) -> list[tuple[str, Any]]:
    return [(q["entity_id"], q["candidate_value"]) for q in data(db, "pending", *scope)["pending"]]


def test_pending_shows_only_the_entitys_questions(db: Path) -> None:
    assert questions(db) == [(ME, "Seattle"), (FAMILY, "Portland")]
    assert questions(db, "--entity", ME) == [(ME, "Seattle")]
    assert questions(db, "-e", FAMILY) == [(FAMILY, "Portland")]
    assert "Portland" not in canon(db, "pending", "--entity", ME).stdout


def test_dlq_shows_only_the_dead_letters_naming_the_entity(db: Path) -> None:
    def errors(*scope: str) -> list[str]:
        return [d["errors"][0] for d in data(db, "dlq", *scope)["dead_letters"]]

    assert len(errors()) == 3
    (mine,) = errors("--entity", ME)
    assert "'soon'" in mine
    (theirs,) = errors("--entity", FAMILY)
    assert "'later'" in theirs


def test_dlq_retry_is_for_the_whole_queue(db: Path) -> None:
    result = canon(db, "dlq", "--retry", "--entity", ME)
    assert result.exit_code == 2
    assert "--retry works on the whole queue" in result.stderr


def test_status_counts_only_the_entity(db: Path) -> None:
    whole = data(db, "status", "--now", NOW)
    mine = data(db, "status", "--now", NOW, "--entity", ME)
    assert (whole["pending"], sum(whole["dead_letters"].values())) == (2, 3)
    assert (mine["pending"], sum(mine["dead_letters"].values())) == (1, 1)


def unique_prefix(db: Path, item_id: str) -> str:
    others = [q["id"] for q in data(db, "pending")["pending"] if q["id"] != item_id]
    return next(
        item_id[:n] for n in range(4, 37) if not any(o.startswith(item_id[:n]) for o in others)
    )


def test_a_prefix_names_the_same_question_with_or_without_a_scope(db: Path) -> None:
    ids = [q["id"] for q in data(db, "pending")["pending"]]
    shared = next(ids[0][:n] for n in range(36, 0, -1) if ids[1].startswith(ids[0][:n]))
    result = canon(db, "answer", "--entity", ME, shared, "confirm", "--now", NOW)
    assert result.exit_code == 2
    assert "is ambiguous" in result.stderr
    assert len(questions(db)) == 2


def test_answering_another_entitys_question_is_refused_and_changes_nothing(db: Path) -> None:
    (theirs,) = data(db, "pending", "--entity", FAMILY)["pending"]
    before = data(db, "pending")
    for item_id in (theirs["id"], unique_prefix(db, theirs["id"])):
        result = canon(db, "answer", "--entity", ME, item_id, "confirm", "--now", NOW)
        assert result.exit_code == 2
        assert result.stderr.strip() == (
            f"canon: error: question {theirs['id'][:13]} is about {FAMILY}, not {ME}; "
            "nothing changed"
        )
    assert data(db, "pending") == before
    assert data(db, "state", "--now", NOW) == {}

    answered = canon(db, "answer", "-e", FAMILY, theirs["id"], "confirm", "--now", NOW)
    assert answered.exit_code == 0, answered.output
    assert questions(db) == [(ME, "Seattle")]
