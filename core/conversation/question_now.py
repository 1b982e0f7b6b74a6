"""A question as it reads at the moment it is shown, on its reader's clock: the one place
every surface words it from (the chat's message and its rewording, the assistant's
session, ``GET /v1/questions`` and the API's answers, MCP's ``prompt``).

A question is asked once and shown many times; "You said it just now" shown the next
day is "You said it yesterday evening" (``core.domain.said_when``), and which day is
"yesterday" is the reader's, not the server's. Before, the chat said it that way while
the API, MCP and the assistant's session said "You said it", with no time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import MappingProxyType

from core.conversation.message_intake import speakers_zone
from core.conversation.one_kid import as_said
from core.conversation.question_texts import prompt_body, why_line
from core.conversation.trip_left import trip_days
from core.domain.state import CommittedFact
from core.domain.user_clock import on_users_clock
from core.store import ReviewItem, Store


async def readers_zone(store: Store, reader: str) -> str | None:
    """The zone of ``reader``'s clock (``speakers_zone``: their committed time zone or
    home city, else the one they said that still waits for a Yes); None when not known."""
    return await speakers_zone(store, reader, await store.facts(reader))


async def question_now(
    store: Store,
    item: ReviewItem,
    reader: str,
    group: Sequence[ReviewItem],
    now: datetime,
    *,
    names: Mapping[str, str] = MappingProxyType({}),
    since: CommittedFact | None = None,
) -> str:
    """``item``'s question (``prompt_body``; ``group``: the items asked with it) as
    ``reader`` reads it at ``now``: when it was said, which day "today" is, whether its
    trip has left, all on the reader's clock. ``item``: its held value read by
    ``held_by_writer`` first; ``since``: what another member committed since it was asked."""
    zone = await readers_zone(store, reader)
    days = await trip_days(store, item, now, group)
    # Worded as it was said ("Is your kid sick today?" of one kid said), on every surface.
    worded, worded_group = await as_said(store, item, group)
    return prompt_body(
        worded,
        reader,
        worded_group,
        now=now,
        zone=zone,
        names=names,
        since=since,
        trip_left=days.left,
        trip_back_by=days.back_by,
        today=on_users_clock(now, zone).date(),
    )


async def why_now(store: Store, item: ReviewItem, reader: str, now: datetime) -> str:
    """``item``'s why line (``why_line``) as ``reader`` reads it at ``now``, on their clock:
    what a surface that words its question its own way (MCP's ``prompt``) says it with."""
    return why_line(item, reader, now, await readers_zone(store, reader))
