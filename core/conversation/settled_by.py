"""What closed a question nobody answered, in plain words (pure).

A question is closed as superseded when a newer word made it moot: the user's own
message ("we got to tahoe yesterday" closes the plan's "Is the trip planned?"), an
answer to another question, a household member's word, a calendar. Its message used to
end "☑️ Settled by newer evidence", which says neither whose word nor when. The newer
word is in the log, written in the same moment the question closed: ``newer_word`` finds
it, ``settled_line`` says it ("☑️ Closed: you said later (Monday at 11:40) "we got to
tahoe yesterday", so I go by that instead").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.conversation.provenance import by_words, user_viewer
from core.domain.event_log import EventRecord
from core.domain.quoting import quote
from core.domain.review_items import ReviewItem
from core.domain.user_clock import on_users_clock

UNKNOWN_WORD = "☑️ Closed unanswered: what it asked about changed since, so I saved nothing from it"
"""When the word that closed it is not in the log (a workspace line deleted, say)."""
_QUOTED_CHARS = 80
"""A longer message is cut: the line names it, it does not repeat it."""


def newer_word(item: ReviewItem, events: Iterable[EventRecord]) -> EventRecord | None:
    """The word that closed ``item``: of ``events`` (the log of its fields, and of its
    trip's), the newest written when it closed (``answered_at``), other than its own."""
    if item.answered_at is None:
        return None
    closed_with = [
        e for e in events if e.ingested_at == item.answered_at and e.event_id != item.event_id
    ]
    return max(closed_with, key=lambda e: (e.event_ts, e.seq), default=None)


def settled_line(
    word: EventRecord | None,
    reader: str,
    zone: object,
    names: Mapping[str, str] | None = None,
) -> str:
    """The closed question's last line: whose newer word closed it (another member by
    their name, ``names``), when (on the reader's clock), and the words themselves when
    they were a message."""
    if word is None:
        return UNKNOWN_WORD
    viewer = user_viewer(reader, names=names)
    who = by_words(word.principal, word.source_type, viewer)
    local = on_users_clock(word.event_ts, zone)
    when = f"{local:%A} at {local:%H:%M}"
    if word.source_type == "user_confirmation":
        said = f"{who} answered another question ({when})"
        if who != "you":
            said = f"{who} confirmed it otherwise ({when})"
    elif word.evidence_text and viewer.quotes(word.principal, word.entity_id):
        # Another member's message is theirs: who and when are told, never their words.
        text = " ".join(word.evidence_text.split())
        if len(text) > _QUOTED_CHARS:
            text = text[: _QUOTED_CHARS - 1].rstrip() + "…"
        said = f"{who} said later ({when}) {quote(text)}"
    else:
        said = f"{who} said otherwise later ({when})"
    return f"☑️ Closed: {said}, so I go by that instead"
