"""When something was said, in words, on the user's clock: "this morning", "yesterday"
(a pure function of two moments and the user's zone)."""

from __future__ import annotations

from datetime import datetime, timedelta

from core.domain.user_clock import on_users_clock


def when_text(then: datetime, now: datetime, zone: object = None) -> str:
    """'just now', '20 minutes ago', 'this morning', 'yesterday', '3 days ago', 'on 2 Mar',
    on the user's clock (``zone``): 10 am and 8 pm in Los Angeles are one day, "this
    morning", though UTC's dates differ."""
    now = on_users_clock(now, zone)
    then = then.astimezone(now.tzinfo)
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        minutes = int(seconds // 60)
        return "a minute ago" if minutes == 1 else f"{minutes} minutes ago"
    if then.date() == now.date():
        if seconds < 2 * 3600:
            return "an hour ago"
        if then.hour < 12:
            return "this morning"
        return "this afternoon" if then.hour < 18 else "this evening"
    if then.date() == (now - timedelta(days=1)).date():
        return "yesterday"
    days = (now.date() - then.date()).days
    if days < 14:
        return f"{days} days ago"
    return f"on {then.day} {then:%b}"
