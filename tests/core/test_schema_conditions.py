"""A payload is refused for what is wrong with it, and only that.

A schema's "if the answer is edit, a value is required" holds vacuously for a body with
no answer at all (a missing property matches any ``properties`` rule), so a body without
"answer" once read "'value' is a required property" first, a signal without "kind" was
checked as a calendar event and as an email at once (twelve errors), and a delta without
"op" as every op. Each condition now names the property it tests as required.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from core.api.bodies import body_errors
from core.domain.validation import load_schema

REQUIRED = "$: 'answer' is a required property"


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"answer": "yes"}, []),
        ({"answer": "no"}, []),
        ({"answer": "edit", "value": "Denver"}, []),
        ({"answer": "edit", "value": None}, []),
        ({"answer": "edit"}, ["$: 'value' is a required property"]),
        ({}, [REQUIRED]),
        ({"value": "Denver"}, [REQUIRED]),
        (
            {"action": "reject"},
            [REQUIRED, "$: Additional properties are not allowed ('action' was unexpected)"],
        ),
        ({"answer": "maybe"}, ["$.answer: 'maybe' is not one of ['yes', 'no', 'edit']"]),
    ],
)
def test_an_answer_body_is_refused_for_what_is_wrong_with_it(
    body: dict[str, Any], errors: list[str]
) -> None:
    assert body_errors("AnswerRequest", body) == errors


def _messages(schema: str, payload: dict[str, Any]) -> list[str]:
    return sorted(e.message for e in Draft202012Validator(load_schema(schema)).iter_errors(payload))


def test_a_signal_without_a_kind_is_refused_for_that_not_for_every_kind() -> None:
    signal = {
        "event_id": "0190a5c8-0000-7000-8000-000000000001",
        "event_ts": "2026-03-04T09:00:00Z",
        "entity_id": "user:alice",
        "source": {"type": "calendar"},
        "payload": {"title": "Flight to Denver"},
    }
    errors = _messages("signal_event", signal)
    assert "'kind' is a required property" in errors
    assert not [e for e in errors if "'start'" in e or "'from'" in e]


def test_a_delta_without_an_op_is_refused_for_that_not_for_every_op() -> None:
    errors = _messages("agent_state_delta", {"items": [{"id": "t1"}]})
    assert "'op' is a required property" in errors
    assert not [e for e in errors if "'value'" in e or "'patch'" in e]
