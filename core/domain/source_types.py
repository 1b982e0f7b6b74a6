"""The kinds of source an observation can come from, and their old spellings.

The design names a first-person chat statement ``conversation_assertive``;
Canon called it ``conversation`` before. The old name is still accepted as
input (payloads, scenario files, policy files) and always normalised to the
design's, so one source type is never counted, ranked or shown as two.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

CONVERSATION: Final = "conversation_assertive"
SourceType = Literal[
    "conversation_assertive",
    "calendar",
    "transactions_email",
    "email",
    "static_markdown",
    "manual_markdown",
    "execution",
    "agent",
    "user_confirmation",
    "system",
]
SOURCE_TYPES: Final[tuple[str, ...]] = get_args(SourceType)
LEGACY_SOURCE_TYPES: Final = {"conversation": CONVERSATION}
"""Deprecated spelling -> canonical source type."""


def canonical_source_type(name: str) -> str:
    """``name`` with a deprecated spelling replaced by the canonical one."""
    return LEGACY_SOURCE_TYPES.get(name, name)


def canonical_source_key(key: str) -> str:
    """A '<type>:<ref>' evidence key with its type spelled canonically."""
    kind, sep, ref = key.partition(":")
    return canonical_source_type(kind) + sep + ref if sep else canonical_source_type(key)


DERIVED_RESOLUTIONS: Final = {
    "follows_trip": "I moved it with your trip",
    "follows_answer": "I worked it out from your answer",
}
"""How a value Canon worked out itself came to be held: nobody said or confirmed it (an
errand's day moved with the trip's, a date a trip under way cannot keep), so no reader
may tell it as "you confirmed it". Its commit is the answerer's (``principal``) and its
evidence says what it followed from; these words are how it is told."""


def derivation(resolution: str) -> str | None:
    """ "I moved it with your trip": how a value Canon worked out came to be held; None for a
    value someone said, confirmed or corrected."""
    return DERIVED_RESOLUTIONS.get(resolution)


def shown_source(source_type: str, resolution: str) -> str:
    """The source a value is shown with: ``follows_trip`` for a value Canon moved with the
    trip, never the ``user_confirmation`` of the answer it followed from; else its type."""
    return resolution if derivation(resolution) is not None else source_type
