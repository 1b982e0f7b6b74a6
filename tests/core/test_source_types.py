"""conversation_assertive is the one name; 'conversation' is an accepted old spelling;
corroborators count once per distinct source type; ids compare case-insensitively."""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.models import StateObservation, UserConfirmation, parse_model
from core.domain.policy import default_policy, load_policy
from core.domain.source_types import shown_source
from core.domain.validation import schema_errors
from core.engine.answers import confirmation_prompt, confirmation_record
from core.engine.engine import Engine
from core.store.migrations.sqlite import MIGRATIONS
from core.store.sqlite import SQLiteStore


def corroborated(source: str, *types: str) -> dict[str, Any]:
    return make_observation(
        "travel.status",
        "in_progress",
        source=source,
        corroborators=[{"type": t, "ref": f"{t}-ref"} for t in types],
    )


@pytest.mark.parametrize(
    ("earlier", "corroborators", "bonus_types"),
    [
        ((), (), 0),
        ((), ("calendar",), 1),
        ((), ("calendar", "calendar"), 1),  # one type counts once
        ((), ("conversation_assertive",), 0),  # the observation's own type never counts
        ((), ("conversation",), 0),  # ... whichever way it is spelled
        (("calendar",), ("calendar",), 1),  # earlier source and corroborator: same type, once
        (("calendar",), ("email",), 2),
        ((), ("calendar", "email", "execution", "static_markdown"), 3),  # capped
    ],
)
async def test_corroborators_count_once_per_distinct_source_type(
    engine: Engine, earlier: tuple[str, ...], corroborators: tuple[str, ...], bonus_types: int
) -> None:
    for source in earlier:
        # A plan cannot set travel.status to in_progress: it is stored, not committed,
        # and still agrees with the value.
        await engine.ingest(
            make_observation(
                "travel.status",
                "in_progress",
                source=source,
                intent="planning",
                at=NOW - timedelta(minutes=5),
            ),
            now=NOW,
        )
    out = await engine.ingest(corroborated("conversation_assertive", *corroborators), now=NOW)
    policy = default_policy()
    factor = min(policy.corroboration_cap, 1 + policy.corroboration_bonus * bonus_types)
    assert out.confidence == pytest.approx(min(1.0, 0.90 * factor), abs=1e-4)


async def test_the_old_name_is_accepted_and_stored_as_the_design_names_it(engine: Engine) -> None:
    payload = make_observation(
        source="conversation", corroborators=[{"type": "conversation", "ref": "m1"}]
    )
    assert schema_errors("state_observation", payload) == []
    out = await engine.ingest(payload, now=NOW)
    assert out.decision == "auto_commit"
    [fact] = await engine.store.facts()
    assert fact.source_type == "conversation_assertive"
    [event] = await engine.store.events_for("user:primary", "travel.status")
    assert event.source_type == "conversation_assertive"
    assert event.corroborators == (("conversation_assertive", "m1"),)


async def test_one_event_id_in_another_case_or_spelling_is_a_duplicate(engine: Engine) -> None:
    payload = make_observation(source="conversation")
    first = await engine.ingest({**payload, "event_id": payload["event_id"].upper()}, now=NOW)
    again = await engine.ingest(
        {**payload, "source": {**payload["source"], "type": "conversation_assertive"}}, now=NOW
    )
    assert first.event_id == payload["event_id"].lower()
    assert again.decision == "duplicate"
    assert await engine.store.count_events() == 1


def test_policy_files_may_use_the_old_name() -> None:
    policy = load_policy(
        overrides={
            "source_reliability": {"conversation": 0.5},
            "domains": {"travel": {"authority": ["conversation", "calendar"]}},
        }
    )
    assert policy.reliability("conversation_assertive") == 0.5
    assert policy.domain("travel").rank("conversation_assertive") == 0


async def test_a_store_written_with_the_old_name_opens_and_reads_the_design_name(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.db"
    (old,) = [m for m in MIGRATIONS if m[0].startswith("0006")]
    with sqlite3.connect(db) as con:
        con.execute(
            "CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        for name, script in MIGRATIONS:
            if name < old[0]:  # the store as it was before the rename
                con.executescript(script)
                con.execute(
                    "INSERT INTO schema_migrations VALUES (?, '2026-01-01T00:00:00Z')", (name,)
                )
        payload = make_observation(source="conversation", ref="tg:7:9")
        t = "2026-02-19T14:30:00.000000Z"
        con.execute(
            "INSERT INTO events (event_id, entity_id, field, domain, intent, value_json, value_key,"
            " source_type, source_ref, event_ts, ingested_at, payload, decision, confidence,"
            " margin, reasons, patch) VALUES (?, 'user:primary', 'travel.status', 'travel',"
            " 'assertive', '\"in_progress\"', ?, 'conversation', 'tg:7:9', ?, ?, ?, 'auto_commit',"
            " 0.9, 0.9, '[]', '[]')",
            (payload["event_id"], _value_key("in_progress"), t, t, json.dumps(payload)),
        )
        con.execute(
            "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted,"
            " source_type, source_ref, confidence, event_id, evidence_ts, committed_at,"
            " resolution, audit_line) VALUES ('user:primary', 'travel.status', 1, 'null',"
            " '\"in_progress\"', 0, 'conversation', 'tg:7:9', 0.9, ?, ?, ?, 'auto_commit', 'x')",
            (payload["event_id"], t, t),
        )
        con.execute(
            "INSERT INTO review_items (id, kind, event_id, entity_id, field, candidate_json,"
            " current_json, value_key, confidence, reasons, source_key, status, created_at)"
            " VALUES ('01a2023b-88d6-732c-b564-2dabb0dee049', 'change', NULL, 'user:primary',"
            " 'travel.location', '\"Reno\"', 'null', 'k', 0.7, '[]', 'conversation:tg:7:10',"
            " 'pending', ?)",
            (t,),
        )
        con.execute(
            "INSERT INTO rejections VALUES ('user:primary', 'travel.location', 'k',"
            " 'conversation:tg:7:11', ?)",
            (t,),
        )
    store = SQLiteStore(db)
    await store.open()
    try:
        assert old[0] in await store.applied_migrations()
        [fact] = await store.facts()
        assert fact.source_type == "conversation_assertive"
        [event] = await store.events_for("user:primary", "travel.status")
        assert event.source_type == "conversation_assertive"
        [item] = await store.review_items(["pending"])
        assert item.source_key == "conversation_assertive:tg:7:10"
        snaps, _ = await store.snapshots(
            [("user:primary", "travel.status"), ("user:primary", "travel.location")],
            [],
            NOW - timedelta(days=1),
        )
        status = snaps[("user:primary", "travel.status")]
        assert status.agreeing_sources(_value_key("in_progress")) == {"conversation_assertive"}
        assert snaps[("user:primary", "travel.location")].rejected == {
            ("k", "conversation_assertive:tg:7:11")
        }
    finally:
        await store.close()


def _value_key(value: Any) -> str:
    from core.domain.state import value_key

    return value_key(value)


async def test_questions_and_answers_are_recorded_as_the_design_s_user_confirmation(
    engine: Engine,
) -> None:
    out = await engine.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
    assert out.review_item_id
    item = await engine.store.review_item(out.review_item_id)
    assert item is not None
    prompt = confirmation_prompt(item)
    assert schema_errors("user_confirmation", prompt) == []
    assert prompt["domain"] == "profile"
    assert prompt["proposed_change"] == "profile.home_city: (none) -> Seattle"
    assert prompt["actions"] == ["confirm", "reject", "edit"]
    for action in ("confirm", "reject", "edit"):
        record = confirmation_record(item, action, "Reno", NOW, "tg:1")
        assert record["actions"] == [action]
        parse_model(UserConfirmation, "user_confirmation", record)
    result = await engine.answer(out.review_item_id, "confirm", now=NOW)
    assert result.item.answer is not None
    assert schema_errors("user_confirmation", result.item.answer) == []
    assert result.item.answer["actions"] == ["confirm"]


def test_the_model_stores_ids_in_lowercase_and_the_canonical_source() -> None:
    payload = make_observation(source="conversation")
    payload["event_id"] = payload["event_id"].upper()
    obs = parse_model(StateObservation, "state_observation", payload)
    assert obs.payload()["event_id"] == payload["event_id"].lower()
    assert obs.payload()["source"]["type"] == "conversation_assertive"


@pytest.mark.parametrize(
    ("source_type", "resolution", "shown"),
    [
        # A value Canon worked out itself is shown as what it followed, never as the
        # confirmation of the answer it followed from (the context block, the playground's
        # panel: one rule, ``shown_source``).
        ("user_confirmation", "follows_trip", "follows_trip"),
        ("user_confirmation", "follows_answer", "follows_answer"),
        ("user_confirmation", "user_confirm", "user_confirmation"),
        ("user_confirmation", "user_edit", "user_confirmation"),
        ("conversation_assertive", "auto_commit", "conversation_assertive"),
        ("calendar", "auto_commit", "calendar"),
    ],
)
def test_the_source_a_value_is_shown_with(source_type: str, resolution: str, shown: str) -> None:
    assert shown_source(source_type, resolution) == shown
