"""Shared fixtures for the extraction tests: a fixed message time and the labelled sets."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from core.extraction.evaluation import LabelledRecord, load_jsonl
from core.extraction.offline import extract_offline

AT = datetime.fromisoformat("2026-03-04T09:00:00-08:00")
"""Wednesday 4 March 2026, 09:00 in California: the 'now' of every test."""
SATURDAY = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
"""Saturday 28 November 2026, 15:00 UTC: the 'now' of the tables of phrasings found by using
Canon that day (trips, money, family, homes, British words, long posts)."""


def intent_said(text: str, at: datetime = AT) -> str:
    """The intent the offline extractor reads in ``text``."""
    return extract_offline(text, at=at).intent


def commits_anything(text: str, at: datetime = AT) -> bool:
    """Whether ``text`` states anything as a fact or a plan (assertive or planning)."""
    found = extract_offline(text, at=at).observations
    return any(o.intent in ("assertive", "planning") for o in found)


def held_said(text: str, at: datetime = AT) -> dict[str, object]:
    """Field -> value of what ``text`` says as a fact, a plan or a past that still holds
    (a carer's note told in the past: "had a good day"); not what it only imagines."""
    found = extract_offline(text, at=at).observations
    return {
        o.field: o.candidate_value for o in found if o.intent not in ("hypothetical", "retract")
    }


def facts_said(text: str, at: datetime = SATURDAY) -> dict[str, object]:
    """Field -> value of what ``text`` states as a fact or a plan (assertive or planning)."""
    found = extract_offline(text, at=at).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


LABELLED_PATH = Path(__file__).with_name("labelled_messages.jsonl")
# ../shared/eval beside the checkout (where CI puts it), or CANON_EVAL_DIR.
_REPO = Path(__file__).resolve().parents[2]
DEV_PATH = (
    Path(os.environ.get("CANON_EVAL_DIR", _REPO.parent / "shared" / "eval")) / "intents-dev.jsonl"
)


def labelled() -> list[LabelledRecord]:
    return load_jsonl(LABELLED_PATH.read_text(encoding="utf-8").splitlines())


def dev_set() -> list[LabelledRecord]:
    if not DEV_PATH.exists():
        return []
    return load_jsonl(DEV_PATH.read_text(encoding="utf-8").splitlines())


FieldRow = tuple[str, str, str | float | None, str]
"""A table row of a field test: (message, field, value or None for "not as a fact",
intent of the observation; "a|b" when a careful reader accepts either)."""


def check_field_row(text: str, field: str, value: str | float | None, intent: str) -> None:
    """``text`` yields ``field`` = ``value`` with one of the ``intent``s, or, when
    ``value`` is None, never states ``field`` as a fact (assertive or planning)."""
    found = [o for o in extract_offline(text, at=AT).observations if o.field == field]
    if value is None:
        facts = [o for o in found if o.intent in ("assertive", "planning")]
        assert facts == [], f"{text!r} must not state {field} as a fact: {facts}"
    else:
        got = {(str(o.candidate_value), o.intent) for o in found}
        accepted = {(str(value), i) for i in intent.split("|")}
        assert got & accepted, f"{text!r}: expected {field}={value!r} ({intent}), got {got}"
