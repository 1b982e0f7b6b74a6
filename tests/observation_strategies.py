"""Hypothesis strategies for valid StateObservation payloads, built from the schema's
rules by hand (hypothesis-jsonschema no longer works with current hypothesis releases):
the model-and-schema agreement and the engine's record both read them."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

TEXT = st.text(max_size=12)
TS = st.sampled_from(
    ["2026-02-19T14:30:00Z", "2026-02-19T06:30:00-08:00", "2026-02-19T14:30:00.5+01:00"]
)
VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
UUID = st.uuids().map(str)
# "conversation" is the deprecated spelling, still accepted as input.
SOURCE_TYPE = st.sampled_from(
    ["conversation_assertive", "conversation", "calendar", "static_markdown", "agent"]
)


@st.composite
def valid_observations(draw: st.DrawFn) -> dict[str, Any]:
    """A payload the state_observation schema accepts, every optional key sometimes."""
    domain = draw(st.sampled_from(["travel", "family", "project", "financial", "profile"]))
    payload: dict[str, Any] = {
        "event_id": draw(UUID),
        "event_ts": draw(TS),
        "entity_id": draw(st.from_regex(r"\A(user|family|team):[a-z0-9._-]{1,12}\Z")),
        "domain": domain,
        "field": domain + draw(st.from_regex(r"\A(\.[a-z0-9_]{1,8}){1,2}\Z")),
        "candidate_value": draw(VALUE),
        "intent": draw(
            st.sampled_from(["assertive", "planning", "hypothetical", "historical", "retract"])
        ),
        "source": {"type": draw(SOURCE_TYPE)},
    }
    if draw(st.booleans()):
        payload["event_id"] = payload["event_id"].upper()
    if draw(st.booleans()):
        payload["corroborators"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {"type": SOURCE_TYPE, "ref": st.text(min_size=1, max_size=10)}
                ),
                max_size=3,
            )
        )
    if draw(st.booleans()):
        payload["source"]["ref"] = draw(st.text(min_size=1, max_size=10))
    if draw(st.booleans()):
        # A whole number is a number too: the model reads it as a float.
        payload["extraction_confidence"] = draw(st.one_of(st.floats(0, 1), st.integers(0, 1)))
    if draw(st.booleans()):
        payload["valid_until"] = draw(TS)
    if draw(st.booleans()):
        payload["evidence_text"] = draw(TEXT)
    if draw(st.booleans()):
        payload["needs_confirmation"] = draw(st.text(min_size=1, max_size=12))
    if draw(st.booleans()):
        # Keys in another order than the model's: the dump is in the model's order.
        payload = dict(reversed(payload.items()))
    return payload
