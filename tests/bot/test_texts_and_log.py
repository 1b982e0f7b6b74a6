"""What the bot says (pure) and what it remembers (the append-only conversation log)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from canon_testing import NOW
from hypothesis import given
from hypothesis import strategies as st

from bot.playground.server import pending_row
from core.conversation import buttons, texts
from core.conversation.alert_texts import alert_text
from core.conversation.found_texts import found_lines
from core.conversation.question_texts import shown_prompt
from core.conversation.typed_replies import typed_answer
from core.engine.bootstrap import Finding
from core.mcp.shown import question_model
from core.store import Alert, ReviewItem
from core.store.sqlite import SQLiteStore


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("yes", "confirm"),
        ("Yes!", "confirm"),
        ("  yep ", "confirm"),
        ("that's right", "confirm"),
        ("👍", "confirm"),
        ("no", "reject"),
        ("Nope.", "reject"),
        ("not really", "reject"),
        ("yes we're in Tahoe", None),
        ("know", None),
        ("", None),
    ],
)
def test_typed_answers(typed: str, action: str | None) -> None:
    assert typed_answer(typed) == action


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20000))
def test_split_message_keeps_every_line_under_the_limit(text: str) -> None:
    chunks = texts.split_message(text)
    assert chunks
    assert all(0 < len(c) <= texts.MAX_MESSAGE for c in chunks)
    if text.strip():  # nothing but whitespace is ever lost
        assert "".join("".join(chunks).split()) == "".join(text.split())


@given(
    st.text(
        alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
        min_size=1,
        max_size=40,
    )
)
def test_callback_data_round_trips_within_64_bytes(token: str) -> None:
    for action in ("confirm", "reject", "edit"):
        data = buttons.callback_data(token, action)  # type: ignore[arg-type]
        assert len(data.encode()) <= 64
        assert buttons.parse_callback(data) == (token, action)


@pytest.mark.parametrize("data", [None, "", "nocolon", "tok:x", "a" * 70 + ":y"])
def test_foreign_callback_data_is_ignored(data: str | None) -> None:
    assert buttons.parse_callback(data) is None


async def test_the_conversation_log_is_append_only_and_chronological(
    store: SQLiteStore, now: object
) -> None:
    log = store.conversation
    at = now
    for i, text in enumerate(["one", "two", "three"]):
        await log.append_message(
            7, "user" if i % 2 == 0 else "assistant", text, at + timedelta(seconds=i)
        )  # type: ignore[operator]
    await log.append_message(8, "user", "elsewhere", at)  # type: ignore[arg-type]
    assert [m.text for m in await log.messages(7)] == ["one", "two", "three"]
    assert [m.text for m in await log.messages(7, limit=2)] == ["two", "three"]
    for statement in (
        "UPDATE conversation_messages SET text = 'x'",
        "DELETE FROM conversation_messages",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await store.db.execute(statement)


def _notice(kind: str, candidate: str, reasons: tuple[str, ...]) -> ReviewItem:
    at = datetime(2026, 2, 19, tzinfo=UTC)
    return ReviewItem(
        "i1", 1, kind, None, "user:primary", kind, candidate, None, 1.0, reasons, f"{kind}:k",
        "pending", at, at, None, None,
    )  # fmt: skip


def _found(field: str, value: object) -> dict[str, object]:
    return {
        "entity_id": "user:primary", "field": field, "value": value, "intent": "assertive",
        "event_id": f"e-{field}", "line_ref": "HEARTBEAT.md:abc",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ("America/Los_Angeles", "Your time zone is Pacific time (America/Los Angeles)"),
        ("Europe/Berlin", "Your time zone is Central European time (Europe/Berlin)"),
        ("Asia/Kolkata", "Your time zone is India time (Asia/Kolkata)"),
    ],
)
def test_a_time_zone_is_said_by_the_name_people_use(zone: str, said: str) -> None:
    assert texts.value_sentence("user:primary", "profile.timezone", zone, "user:primary") == said


FOUND_THINGS = [
    pytest.param(
        [
            _found("family.dentist.event_status", "scheduled"),
            _found("family.dentist.schedule", "2026-02-26T15:00:00-08:00"),
            _found("travel.destination", "Tahoe"),
            _found("travel.status", "planning"),
            _found("travel.depart_date", "2026-03-01"),
            _found("financial.amazon_return.status", "due"),
            _found("financial.water_bill.status", "due"),
            _found("financial.water_bill.amount", 64),
            _found("financial.water_bill.currency", "USD"),
            _found("financial.water_bill.due_date", "2026-03-10"),
            _found("financial.amazon_return.due_date", "2026-03-01"),
            _found("profile.home_city", "Portland"),
        ],
        "America/Los_Angeles",
        [
            "Dentist on Thursday, February 26 at 15:00",
            "Trip to Tahoe planned, leaving Sunday, March 1",
            "The Amazon return is due Sunday, March 1, before you leave",
            "The water bill ($64) is due Tuesday, March 10",
            "You live in Portland",
        ],
        id="the founding files: a thing a line, its fields together in the file's order",
    ),
    pytest.param(
        [_found("family.dentist.schedule", "2026-02-26T15:00:00-08:00")],
        "America/New_York",
        ["Dentist on Thursday, February 26 at 18:00"],
        id="a time on the user's clock",
    ),
    pytest.param(
        [_found("travel.destination", "Tahoe"), _found("travel.depart_date", "2026-11-29")],
        None,
        ["Trip to Tahoe; your departure date is Sunday, November 29, 2026"],
        id="a trip with no status keeps its day",
    ),
    pytest.param(
        [
            _found("financial.rent.amount", 1200),
            _found("financial.rent.currency", "EUR"),
            _found("financial.rent.status", "paid"),
        ],
        None,
        ["The rent (€1,200) is paid"],
        id="money with its currency",
    ),
    pytest.param(
        [_found("profile.employer", "Acme"), _found("family.emma.status", "sick")],
        None,
        ["You work for Acme", "Emma is sick"],
        id="one line each for things of one field",
    ),
]


@pytest.mark.parametrize(("findings", "zone", "lines"), FOUND_THINGS)
def test_what_the_files_say_is_told_a_thing_a_line(
    findings: list[dict[str, object]], zone: str | None, lines: list[str]
) -> None:
    found = [Finding(**f) for f in findings]  # type: ignore[arg-type]
    assert [line for _, line in found_lines(found, "user:primary", NOW, zone)] == lines


def test_what_the_files_say_is_asked_with_an_edit_that_drops_a_thing() -> None:
    """ "canon migrate" found a trip, an errand and where she works: asked in words, never
    field names, with Yes, No and Edit; the Edit offers each thing to drop."""
    findings = [
        _found("profile.employer", "Acme"),
        _found("travel.destination", "Tahoe"),
        _found("travel.depart_date", "2026-03-01"),
        _found("financial.amazon_return.status", "due"),
    ]
    item = _notice("bootstrap", json.dumps(findings), ("profile.employer = Acme",))
    asked = [
        "• You work for Acme",
        "• Trip to Tahoe; your departure date is Sunday, March 1",
        "• The Amazon return is due",
    ]
    assert texts.prompt_body(item, "user:primary").splitlines() == [
        "Things I found in your files (3): keep them?",
        *asked,
        "Yes keeps them all, No drops them all, Edit drops some and keeps the rest.",
    ]
    assert [label for label, _ in buttons.prompt_buttons(item, "tok")] == ["Yes", "No", "Edit"]
    assert texts.edit_request(item).startswith("Which of these is wrong?")
    assert [label for label, _ in buttons.edit_buttons(item, "tok")] == [
        *(line.removeprefix("• ") for line in asked),
        "Cancel",
    ]
    # Answered, it still lists everything the Yes believed.
    assert texts.settled_text(item, "user:primary", "confirmed").splitlines()[1:] == [
        *asked,
        "✅ Kept them all",
    ]
    dropped = replace(item, status="edited", answer={"dropped": ["profile.employer"]})
    assert texts.settled_text(dropped, "user:primary", "held").splitlines()[-1] == (
        "✏️ Dropped: You work for Acme (the rest asked again below)"
    )
    assert texts.pending_text([item], "user:primary").splitlines()[1] == (
        "• Things I found in your files (3): keep them?"
    )


def test_what_the_files_say_is_told_on_the_readers_clock_and_alike_everywhere() -> None:
    """``canon migrate`` ran with a UTC ``--now``; a time it found is told on the reader's
    clock wherever it is shown: asked, in the Edit's buttons, answered, dropped, in MCP's
    ``prompt`` and the CLI's "Next question" (the chat's words, never "field = value").
    Before, all but the first told it on the value's own offset ("at 15:00")."""
    findings = [_found("family.dentist.schedule", "2026-02-26T15:00:00+00:00")]
    item = _notice("bootstrap", json.dumps(findings), ("family.dentist.schedule = …",))
    zone, line = "America/New_York", "Dentist on Thursday, February 26 at 10:00"
    asked = texts.prompt_body(item, "user:primary", now=NOW, zone=zone)
    assert asked.splitlines()[1] == f"• {line}"
    assert shown_prompt(item, "user:primary", now=NOW, zone=zone) == asked
    assert question_model(item, "user:primary", now=NOW, zone=zone).prompt == asked
    assert next(label for label, _ in buttons.edit_buttons(item, "tok", zone)) == line
    kept = texts.settled_text(item, "user:primary", "confirmed", zone=zone)
    assert kept.splitlines()[1] == f"• {line}"
    dropped = replace(item, status="edited", answer={"dropped": ["family.dentist"]})
    assert texts.settled_text(dropped, "user:primary", "held", zone=zone).endswith(
        f"✏️ Dropped: {line} (the rest asked again below)"
    )
    # The CLI's owner reads it on the moment's own clock (no zone known to it).
    assert shown_prompt(item).splitlines()[1] == "• Dentist on Thursday, February 26 at 15:00"


def test_the_playground_panel_shows_what_the_files_say_a_finding_a_line() -> None:
    findings = [_found("travel.destination", "Tahoe"), _found("financial.rent.amount", 1200)]
    row = pending_row(_notice("bootstrap", json.dumps(findings), ()))
    assert row["candidate"] == "Things I found in your files (2): keep them?"
    assert row["lines"] == ["travel.destination = Tahoe", "financial.rent.amount = 1200"]


def test_a_drift_notice_is_shown_as_one_question_with_yes_and_no() -> None:
    reasons = ("You edited HEARTBEAT.md inside Canon's section; I put it back.", "Use STATE-INPUT.")
    item = _notice("drift", "x", reasons)
    assert texts.prompt_body(item, "user:primary") == "\n".join(reasons)
    assert [label for label, _ in buttons.prompt_buttons(item, "tok")] == ["Yes", "No"]


def test_an_acknowledgement_never_contradicts_the_question_it_raised() -> None:
    from core.conversation.acknowledgements import AckKind
    from core.conversation.texts import acknowledgement
    from core.engine.engine import Outcome

    asked = Outcome(
        "ask_user", "e1", "user:primary", "travel.status", "planning", review_item_id="r"
    )
    assert acknowledgement([asked], ["planning"]) is None
    assert acknowledgement([asked], ["hypothetical"]) is None
    done = Outcome("auto_commit", "e2", "user:primary", "travel.location", "Tahoe", committed=True)
    noted = acknowledgement([done, asked], ["assertive", "planning"])
    assert noted is not None
    assert (noted.text, noted.kind) == ("Noted: you're in Tahoe.", AckKind.NOTED)


def test_said_again_while_its_question_is_open_is_said_to_be_waiting() -> None:
    """ "emma is sick" asked; "emma has a fever" before the tap raises no second question
    (the engine asks a value once): the reply says so, never "I'm not sure what you mean"."""
    from core.conversation.acknowledgements import ALREADY_ASKED, AckKind, Acknowledgement
    from core.conversation.texts import acknowledgement
    from core.engine.engine import Outcome

    again = Outcome("ask_user", "e3", "family:smith", "family.emma.status", "sick")
    assert acknowledgement([again], ["assertive"], "emma has a fever") == Acknowledgement(
        ALREADY_ASKED, AckKind.ALREADY_ASKED
    )
    asked = Outcome(
        "ask_user", "e4", "family:smith", "family.emma.status", "sick", review_item_id="r"
    )
    assert acknowledgement([asked], ["assertive"], "emma is sick") is None  # the question says it


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("Rollback: travel dropped for user:primary.", "⚠️ Rollback: travel dropped for you."),
        ("Rollback: travel dropped for user:bob.", "⚠️ Rollback: travel dropped for Bob."),
        ("20 family changes for family:home.", "⚠️ 20 family changes for Home."),
        ("No entity named here.", "⚠️ No entity named here."),
    ],
)
def test_an_alert_names_entities_in_words(message: str, shown: str) -> None:
    alert = Alert(1, NOW, "rollback", "travel", message)
    assert alert_text(alert, "user:primary") == shown


@pytest.mark.parametrize(
    ("status", "said"),
    [
        # The trip's status and place are one thing, told in one line (round 35).
        ("in_progress", "On your trip to Tahoe"),
        ("planning", "Trip to Tahoe planned"),
        ("completed", "Your trip to Tahoe is over"),
        ("cancelled", "Your trip to Tahoe is off"),
    ],
)
def test_state_tells_a_trip_that_is_over_in_the_past(status: str, said: str) -> None:
    from core.domain.ids import new_id
    from core.domain.state import CommittedFact

    def fact(field: str, value: str) -> CommittedFact:
        return CommittedFact(
            "user:primary", field, value, 1, "conversation_assertive", "r", 0.9, new_id(),
            NOW, NOW, "auto_commit",
        )  # fmt: skip

    text = texts.state_text(
        [fact("travel.destination", "Tahoe"), fact("travel.status", status)], NOW, "user:primary"
    )
    assert f"• {said} — you told me" in text


@pytest.mark.parametrize(
    ("field", "current", "candidate", "until_now"),
    [
        ("travel.return_date", "2026-12-03", "2026-12-05", "until now: Thursday, December 3."),
        ("travel.status", "in_progress", "completed", "until now: in progress."),
        ("financial.rent.amount", 2100, 2300, "until now: 2,100."),
    ],
)
def test_a_question_says_what_it_replaces_in_words(
    field: str, current: object, candidate: object, until_now: str
) -> None:
    """ "Are you back on Saturday, December 5?" says the day it replaces as a day, never
    "2026-12-03"."""
    from datetime import UTC, datetime

    from core.store import ReviewItem

    at = datetime(2026, 11, 29, tzinfo=UTC)
    item = ReviewItem(
        "i1", 1, "change", "e1", "user:primary", field, candidate, current, 0.7,
        ("conversation_assertive 0.90 × recency 1.00 × assertive 0.78 × corroboration 1.00",),
        "conversation_assertive:tg:1:9", "pending", at, at, None, None,
    )  # fmt: skip
    why = texts.prompt_body(item, "user:primary", now=at).splitlines()[-1]
    assert why.endswith(until_now), why
    assert "2026-" not in why


def test_the_part_buttons_of_a_grouped_question_show_days_as_days() -> None:
    from datetime import UTC, datetime

    from core.store import ReviewItem

    at = datetime(2026, 11, 29, tzinfo=UTC)
    said = [("travel.destination", "Austin"), ("travel.return_date", "2026-12-03")]

    def member(n: int, field: str, value: str) -> ReviewItem:
        return ReviewItem(
            f"i{n}", n, "change", f"e{n}", "user:primary", field, value, None, 0.7, (),
            "conversation_assertive:tg:1:9", "pending", at, at, None, None, group_key="g",
        )  # fmt: skip

    members = [member(n, field, value) for n, (field, value) in enumerate(said, 1)]
    labels = [label for label, _ in buttons.part_buttons(members, "tok", "user:primary")]
    assert labels[1].endswith("Thursday, December 3"), labels
    assert labels[-1] == "Cancel"


def _fix(field: str, current: object, proposed: object, entity: str = "user:primary") -> ReviewItem:
    return ReviewItem(
        id=f"fix-{field}",
        seq=1,
        kind="change",
        event_id=None,
        entity_id=entity,
        field=field,
        candidate_value=proposed,  # type: ignore[arg-type]
        current_value=current,  # type: ignore[arg-type]
        confidence=0.0,
        reasons=(),
        source_key="consistency:x",
        status="confirmed",
        created_at=NOW,
        promoted_at=NOW,
        answered_at=NOW,
        answer=None,
    )


@pytest.mark.parametrize(
    ("fixes", "said"),
    [
        ([], None),
        (
            [
                _fix("travel.depart_date", "2026-12-06", None),
                _fix("travel.location", "Tahoe", None),
            ],
            "So I also forgot your departure date (Sunday, December 6) and your location (Tahoe).",
        ),
        (
            [_fix("travel.location", "Tahoe", "Portland")],
            "So I also set your location to Portland.",
        ),
        (
            [
                _fix("travel.depart_date", "2026-12-06", None),
                _fix("travel.location", "Tahoe", "Oslo"),
            ],
            "So I also forgot your departure date (Sunday, December 6) and set your location to "
            "Oslo.",
        ),
    ],
)
def test_what_an_answer_also_settled_is_said_in_one_line(
    fixes: list[ReviewItem], said: str | None
) -> None:
    assert texts.followed_from_answer(fixes, "user:primary") == said
