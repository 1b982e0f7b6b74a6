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
