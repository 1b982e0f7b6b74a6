"""Why a letter was refused, told to a reader whose input it was not (an assistant's token
reading its user's letters): which field, never what was sent (``unquoted_reason``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.error_sentences import unquoted_reason


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            "$.candidate_value: {'street': '12 Hidden Lane'} is not valid under any of the "
            "given schemas",
            "The field candidate_value was not valid.",
        ),
        ("$.event_ts: 'yesterday' is not a 'date-time'", "The field event_ts was not valid."),
        ("$.source.ref: 'x' is too long", "The field source was not valid."),
        (
            "$: Additional properties are not allowed ('alice_pin' was unexpected)",
            "The payload was not valid.",
        ),
        ("$.Alice_Pin_1234: 5 is not of type 'string'", "The payload was not valid."),
        (
            "POST /v1/messages: 400 $.text: 'my pin is 1234' is not of type 'string'",
            "POST /v1/messages refused the body.",
        ),
        ("message time 2030-01-01T00:00:00Z is in the future", "Canon could not read it."),
        ("", "Canon could not read it."),
    ],
)
def test_a_reason_names_the_field_and_nothing_sent(error: str, said: str) -> None:
    assert unquoted_reason(error) == said


@given(st.text(min_size=1))
def test_what_was_sent_changes_nothing_of_it(value: str) -> None:
    """The reason is the same whatever the value sent: none of it can be in it."""
    for template in (
        "$.candidate_value: {} is not of type 'number'",
        "$: Additional properties are not allowed ({} was unexpected)",
        "POST /v1/observations: 422 $.field: {} does not match '^x$'",
        "message time {} is in the future",
    ):
        assert unquoted_reason(template.format(repr(value))) == unquoted_reason(
            template.format("'x'")
        )
