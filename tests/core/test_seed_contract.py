"""The design's example payloads (001 seed, section 6) are Canon's contract, kept exactly.

Fixtures under tests/fixtures are copied verbatim from the seed; the *_real_ids
variants differ only in the placeholder ids ("uuid-v7"), replaced by uuid7 values.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import CALIBRATED_POLICY_FILE, make_observation

from core.domain.models import UserConfirmation, parse_model
from core.domain.validation import schema_errors

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SEED_TS = "2026-02-19T15:00:00Z"
SEED = datetime(2026, 2, 19, 15, tzinfo=UTC)


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def canon(*args: str, db: Path, stdin: str | None = None) -> Ran:
    env = {"CANON_DB": str(db), "NO_COLOR": "1", "COLUMNS": "200"}
    env["CANON_POLICY"] = str(CALIBRATED_POLICY_FILE)  # past calibration
    result = run_canon(*args, env=env, stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_the_seed_observation_with_real_ids_commits_with_its_corroborator_counted_and_shown(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    line = json.dumps(fixture("seed_state_observation_real_ids.json"))
    summary = json.loads(canon("ingest", "--json", "--now", SEED_TS, "-", db=db, stdin=line).stdout)
    assert summary["auto_commit"] == 1
    assert summary["invalid"] == 0

    why = json.loads(canon("why", "travel.status", "--json", "--now", SEED_TS, db=db).stdout)
    assert why["current"]["value"] == "in_progress"
    [evidence] = why["evidence"]
    assert evidence["source"] == {"type": "conversation_assertive", "ref": "thread:646:msg:1842"}
    assert evidence["corroborators"] == [{"type": "calendar", "ref": "event:abc123"}]
    # conversation_assertive 0.90 × recency 1 × assertive 1 × corroboration (1 + 0.08).
    assert evidence["confidence"] == pytest.approx(0.972)

    text = canon("why", "travel.status", "--now", SEED_TS, db=db).stdout
    assert "+ calendar:event:abc123" in text


def test_the_verbatim_seed_observation_goes_to_the_dead_letter_queue_naming_the_placeholder(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    line = json.dumps(fixture("seed_state_observation.json"))
    summary = json.loads(canon("ingest", "--json", "--now", SEED_TS, "-", db=db, stdin=line).stdout)
    assert summary["invalid"] == 1
    [letter] = json.loads(canon("dlq", "--json", "--now", SEED_TS, db=db).stdout)["dead_letters"]
    assert letter["errors"][0] == (
        "$.event_id: 'uuid-v7' is the design document's placeholder, not a UUID; "
        "send a real one (Canon mints uuid7 values)"
    )
    assert json.loads(canon("state", "--json", db=db).stdout) == {}


def test_the_seed_user_confirmation_validates_and_its_placeholder_is_named() -> None:
    payload = fixture("seed_user_confirmation_real_ids.json")
    assert schema_errors("user_confirmation", payload) == []
    parsed = parse_model(UserConfirmation, "user_confirmation", payload)
    assert parsed.actions == ["confirm", "reject", "edit"]

    errors = schema_errors("user_confirmation", fixture("seed_user_confirmation.json"))
    assert errors[0].startswith("$.prompt_id: 'uuid-v7' is the design document's placeholder")


# Each case breaks one rule; the file interleaves them with valid lines.
MALFORMED: list[tuple[str, dict[str, Any], str]] = [
    ("field outside its domain", {"field": "profile.home_city"}, "does not match '^travel"),
    ("entity with trailing newline", {"entity_id": "user:primary\n"}, "does not match"),
    ("field with trailing newline", {"field": "travel.status\n"}, "does not match"),
    ("timestamp with trailing newline", {"event_ts": SEED_TS + "\n"}, "is not a 'date-time'"),
    ("uuid in braces", {"event_id": "{01a2023b-88d6-732c-b564-2dabb0dee049}"}, "'uuid'"),
    ("urn uuid", {"event_id": "urn:uuid:01a2023b-88d6-732c-b564-2dabb0dee049"}, "'uuid'"),
    ("uuid without hyphens", {"event_id": "01a2023b88d6732cb5642dabb0dee049"}, "'uuid'"),
    (
        "uuid with non-ASCII digit",
        {"event_id": "01a2023b-88d6-732c-b564-2dabb0dee04\u0669"},
        "'uuid'",
    ),
    ("year 1 east of UTC", {"event_ts": "0001-01-01T00:00:00+01:00"}, "outside the range"),
    ("year 9999 west of UTC", {"event_ts": "9999-12-31T23:59:59-01:00"}, "outside the range"),
    # `canon ingest` refuses these while reading the line, before the schema sees them.
    ("NaN value", {"candidate_value": math.nan}, "JSON has no NaN or Infinity"),
    ("infinite value", {"candidate_value": math.inf}, "JSON has no NaN or Infinity"),
    ("NaN confidence", {"extraction_confidence": math.nan}, "JSON has no NaN or Infinity"),
    ("lone surrogate", {"candidate_value": "Re\ud800no"}, "lone surrogate"),
    (
        "lone surrogate in a ref",
        {"source": {"type": "calendar", "ref": "\udfff"}},
        "lone surrogate",
    ),
]


def test_malformed_lines_go_to_the_dead_letter_queue_and_the_rest_of_the_file_is_ingested(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    lines = []
    for i, (_name, change, _error) in enumerate(MALFORMED):
        bad = {**make_observation("travel.location", "Reno", at=SEED), **change}
        lines.append(json.dumps(bad))
        good = make_observation(f"project.p{i}.status", "active", at=SEED)
        lines.append(json.dumps(good))
    summary = json.loads(
        canon("ingest", "--json", "--now", SEED_TS, "-", db=db, stdin="\n".join(lines)).stdout
    )
    assert summary["invalid"] == len(MALFORMED)
    assert summary["auto_commit"] == len(MALFORMED)

    letters = json.loads(canon("dlq", "--json", "--now", SEED_TS, db=db).stdout)["dead_letters"]
    assert len(letters) == len(MALFORMED)
    for (name, _change, error), letter in zip(MALFORMED, letters, strict=True):
        assert any(error in e for e in letter["errors"]), (name, letter["errors"])
        assert all("\n" not in e for e in letter["errors"]), name
    state = json.loads(canon("state", "--json", db=db).stdout)
    assert "travel.location" not in state["user:primary"]
    assert len(state["user:primary"]) == len(MALFORMED)
