"""The message time moves to the user's timezone only when a real one is known."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.domain.user_clock import on_users_clock

SENT = datetime(2026, 11, 24, 6, 30, tzinfo=UTC)  # 22:30 on Monday in Los Angeles


@pytest.mark.parametrize(
    ("timezone", "local_day"),
    [
        ("America/Los_Angeles", 23),
        ("Asia/Tokyo", 24),
        (None, 24),
        ("", 24),
        ("America", 24),  # a folder of zones, not a zone
        ("Mars/Olympus_Mons", 24),
        ("../../etc/passwd", 24),
        (7, 24),
    ],
)
def test_message_time_on_the_users_clock(timezone: object, local_day: int) -> None:
    local = on_users_clock(SENT, timezone)
    assert local == SENT  # the same instant, only the calendar day may differ
    assert local.day == local_day
