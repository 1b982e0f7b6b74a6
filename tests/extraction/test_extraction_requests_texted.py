"""A request typed the short way is still a request: "could u", "would u", "will u".

What it asks for claims nothing about now, nor does the time it is for ("while we're in
denver"): the speaker may be asking ahead.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "could u feed the cat while we're in denver",
        "could you feed the cat while we're in denver",
        "can u feed the cat while we're in denver",
        "would u grab milk on the way home",
        "will u call me when ur back",
        "would you water the plants while we're away",
    ],
)
def test_a_request_claims_nothing(text: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == "none"
    assert found.observations == ()
