"""When something was said, in words that hold at the moment they are shown: "just now",
"20 minutes ago", "this morning", "yesterday evening", "on Tuesday", "on Tuesday,
November 24". A question's "You said it just now" left unanswered and shown again the
next day reads "You said it yesterday evening" (``phrasing_reasons.reason_line``, rendered
at each showing). Pure: two moments and the user's zone (their clock decides what
"yesterday" is).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from core.domain.user_clock import on_users_clock

_WEEK = timedelta(days=7)


def said_when(then: datetime, now: datetime, zone: object = None) -> str:
    """``then`` seen from ``now`` on ``zone``'s clock: "just now" (under two minutes),
    "N minutes ago", "an hour ago", "this morning" / "this afternoon" / "this evening"
    (the same day), "yesterday morning" / … (the day before), "on Tuesday" (within the
    week), "on Tuesday, November 24" (further back)."""
    now = on_users_clock(now, zone)
    then = then.astimezone(now.tzinfo)
    minutes = int((now - then).total_seconds() // 60)
    if minutes < 2:
        return "just now"
    if minutes < 60:
        return f"{minutes} minutes ago"
    days = (now.date() - then.date()).days
    if days == 0:
        return "an hour ago" if minutes < 120 else f"this {_part_of_day(then)}"
    if days == 1:
        return f"yesterday {_part_of_day(then)}"
    if now - then < _WEEK - timedelta(days=1):
        return f"on {then:%A}"
    return f"on {then:%A}, {then:%B} {then.day}"


def _part_of_day(at: datetime) -> str:
    if at.hour < 12:
        return "morning"
    return "afternoon" if at.hour < 18 else "evening"
