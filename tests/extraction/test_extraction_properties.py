"""Properties that hold for any input: determinism, safety of non-factual wrappers,
schema-valid output, no crash on arbitrary text."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import jsonschema
from extraction_fixtures import AT
from hypothesis import given, settings
from hypothesis import strategies as st

from core.extraction.offline import extract_offline
from core.extraction.types import Extraction

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "schemas" / "state_observation.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# Plain present/future statements that, on their own, produce factual observations.
STATEMENTS = [
    "we're in Tahoe",
    "I'm at the airport in Atlanta",
    "we fly to Madrid next Tuesday",
    "I live in Denver",
    "I work at Google",
    "I'm vegetarian",
    "Emma is sick",
    "the SSO project is blocked",
    "I paid rent",
    "soccer practice moved to Thursday",
    "we're back from Maui",
    "the Vegas trip is off",
    "I'm working on the pricing page",
    "my name is Sam",
    "we moved to Austin",
    "I'll be in Toronto from May 3 to May 7",
    "school is cancelled tomorrow",
    "I bought a desk from IKEA for $300",
]
WRAPPERS = [
    "if {s}, then we'll celebrate",
    "If {s} we would be thrilled",
    "I wish {s}",
    "what if {s}?",
    "maybe {s}",
    "it would be nice if {s}",
    "suppose {s}",
    "imagine if {s}",
    "{s}? not sure yet",
    "had things gone differently, {s}",
    "unless {s}, we stay home",
    "I'm not sure whether {s}",
    "we might say {s}",
    "if only {s}",
    "I'd be happy if {s}",
    "would it be crazy if {s}?",
]


def aware_datetimes() -> st.SearchStrategy[datetime]:
    return st.builds(
        lambda base, minutes: base.replace(tzinfo=UTC).astimezone(
            timezone(timedelta(minutes=minutes))
        ),
        st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 1, 1)),
        st.integers(min_value=-12 * 60, max_value=14 * 60),
    )


def _schema_check(ex: Extraction, at: datetime) -> None:
    for o in ex.observations:
        doc: dict[str, Any] = {
            **o.as_dict(),
            "event_id": str(uuid.uuid4()),
            "event_ts": at.isoformat(),
            "source": {"type": "conversation_assertive"},
        }
        VALIDATOR.validate(doc)
        assert (o.candidate_value is None) == (o.intent == "retract")
        assert 0.0 <= o.extraction_confidence <= 1.0
        if o.valid_until is not None:
            assert o.valid_until.tzinfo is not None


@given(st.sampled_from(STATEMENTS), st.sampled_from(WRAPPERS), st.booleans())
@settings(max_examples=100, deadline=None)
def test_wrapped_statements_never_commit(statement: str, wrapper: str, upper: bool) -> None:
    text = wrapper.format(s=statement)
    if upper:
        text = text[0].upper() + text[1:]
    ex = extract_offline(text, at=AT)
    assert ex.intent in ("hypothetical", "none"), text
    assert [o for o in ex.observations if o.intent in ("assertive", "planning")] == [], text


@given(st.sampled_from(STATEMENTS))
def test_bare_statements_do_commit(statement: str) -> None:
    # The control for the property above: without the wrapper there is a claim.
    ex = extract_offline(statement, at=AT)
    assert any(o.intent in ("assertive", "planning", "retract") for o in ex.observations)


@given(
    st.text(max_size=300),
    aware_datetimes(),
    st.sampled_from(["conversation_assertive", "static_markdown"]),
)
@settings(max_examples=300, deadline=None)
def test_any_text_gives_a_valid_extraction(text: str, at: datetime, source: Any) -> None:
    ex = extract_offline(text, at=at, source=source)
    assert ex.text == text
    assert ex.intent in ("assertive", "planning", "hypothetical", "historical", "none")
    _schema_check(ex, at)


@given(
    st.lists(
        st.sampled_from(
            STATEMENTS
            + WRAPPERS
            + [
                ",",
                " and ",
                " but ",
                "!",
                "?",
                " tomorrow",
                " next week",
                " on the 31st",
                "\n",
                "$5",
            ]
        ),
        max_size=8,
    ).map("".join),
    aware_datetimes(),
)
@settings(max_examples=100, deadline=None)
def test_deterministic_and_schema_valid(text: str, at: datetime) -> None:
    first = extract_offline(text, at=at)
    assert extract_offline(text, at=at) == first
    assert first.as_dict() == extract_offline(text, at=at).as_dict()
    _schema_check(first, at)
