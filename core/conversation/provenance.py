"""Who made a write, in words for whoever reads it, and what of its origin they may see.

Every view of a fact, a piece of evidence or a change says who it came from
(``by``), worded for the reader (a ``Viewer``):

=========================  ========================================================
the write's principal      what the reader is told
=========================  ========================================================
the reader themself        "you"
``user:*`` (anyone else)   their name when Canon knows it ("Bob"), else
                           "another member of the household"
``token:*`` of the reader  "your assistant 'NAME'" (the token's name)
``token:*`` (anyone else)  "an assistant" (never its name: that is its user's)
``source:NAME``            "your calendar 'NAME'", "your mailbox 'NAME'", "the webhook"
``assistant:chat``         "the chat assistant" (the model in someone's chat)
``workspace:agent``        "your assistant" (an edit of the workspace it keeps)
``system``                 "Canon"
none (older than this)     from the source type, as before: "a chat message", ...
=========================  ========================================================

The owner's command line (``OWNER``) is told the principal's ref itself.

What the reader may see of a write's origin: its source ref (``tg:<chat>:<msg>``,
``api:<token>:<id>``), its event id and its corroborators' refs are shown only to
the principal who made it, on the reader's own entity, and to the owner. Everyone
else (another member reading the household's entity) sees ``None`` in their place:
another member's token, chat or message ids are never shown. Nor are their words
(``quotes``): the value, who said it and when are shown, not the sentence it came from,
which may say much more ("Emma is sick today, and honestly ...").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from core.domain.api_tokens import ApiToken
from core.domain.event_log import EventRecord, HistoryEntry
from core.domain.principals import SYSTEM
from core.domain.provenance import ANOTHER_MEMBER

AN_ASSISTANT = "an assistant"

_LEGACY: Mapping[str, str] = MappingProxyType(
    {
        "conversation_assertive": "a chat message",
        "user_confirmation": "an answer to a question",
        "manual_markdown": "a hand edit in the workspace",
        "static_markdown": "a workspace note",
        "calendar": "a calendar",
        "email": "an email",
        "transactions_email": "an email",
        "agent": AN_ASSISTANT,
        "import": "an import",
    }
)
"""Writes logged before principals existed: what their source type says they are."""

_SOURCE_KINDS: Mapping[str, str] = MappingProxyType(
    {"calendar": "calendar", "email": "mailbox", "transactions_email": "mailbox"}
)


@dataclass(frozen=True)
class Viewer:
    """Who reads a view."""

    refs: frozenset[str] = frozenset()
    """The principal refs that are the reader themself (their user, their token)."""
    entity: str | None = None
    """The reader's own entity: every write about it is shown whole."""
    tokens: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The reader's own tokens (``token:<id>`` → name): named, and shown whole."""
    owner: bool = False
    """The owner's command line: told every ref, shown everything."""
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The household's members by entity (``user:bob`` → "Bob"): another member's word is
    told as theirs by name, as their questions already say ("Bob says you're in Tahoe")."""
    own_writes_only: bool = False
    """An assistant's or a source's token that does not act for its user (role ``agent``
    or ``signals``): of the dead letters it reads, only those it wrote are its own."""

    def is_theirs(self, principal: str | None, entity_id: str) -> bool:
        """Whether a write by ``principal`` about ``entity_id`` is shown whole."""
        return (
            self.owner
            or entity_id == self.entity
            or (principal is not None and (principal in self.refs or principal in self.tokens))
        )

    def letter_is_theirs(self, principal: str | None, entity_id: str) -> bool:
        """Whether a dead letter written by ``principal`` about ``entity_id`` is shown whole:
        as any write (``is_theirs``), except to a token that does not act for its user,
        which is shown whole only what it wrote itself. Its user's own input, another
        assistant's, a stranger's invitation: what they sent is not the token's to read."""
        if not self.own_writes_only:
            return self.is_theirs(principal, entity_id)
        return principal is not None and principal in self.refs and principal != self.entity

    def quotes(self, principal: str | None, entity_id: str) -> bool:
        """Whether the words behind a write (its evidence text) are quoted to the reader:
        a write shown whole, or a source's or Canon's; another member's words (in their
        chat, their client or their assistant) are theirs, never quoted to anyone else."""
        return self.is_theirs(principal, entity_id) or not _persons(principal)


def shown_events(
    events: Iterable[EventRecord], history: Iterable[HistoryEntry], viewer: Viewer
) -> list[EventRecord]:
    """The evidence of a /why the reader may see: another member's words that are not a
    fact (pending, refused, asked of them) are theirs, as their questions are not in the
    reader's lists (``core.domain.whose_word.may_answer``); what made a commit is the
    fact's provenance and stays, as do sources' and Canon's."""
    made = {h.event_id for h in history}
    return [
        e
        for e in events
        if viewer.is_theirs(e.principal, e.entity_id)
        or not _persons(e.principal)
        or e.event_id in made
    ]


def _persons(principal: str | None) -> bool:
    return principal is not None and principal.startswith(("user:", "token:"))


OWNER = Viewer(owner=True)
"""The owner's command line (``canon why``, ``canon history``): sees everything."""


def user_viewer(
    entity_id: str,
    tokens: Mapping[str, str] | None = None,
    names: Mapping[str, str] | None = None,
) -> Viewer:
    """The user ``entity_id`` reading in their own chat (or through their own token);
    ``tokens`` are their tokens' refs and names, ``names`` the household's members'."""
    return Viewer(
        frozenset({entity_id}),
        entity_id,
        MappingProxyType(dict(tokens or {})),
        names=MappingProxyType(dict(names or {})),
    )


def token_viewer(
    token: ApiToken, tokens: Iterable[ApiToken], names: Mapping[str, str] | None = None
) -> Viewer:
    """A bearer token reading: it and its user are "you"; its user's other ``tokens``
    are "your assistant 'NAME'"; ``names``: the household's members its user reads by
    name in the chat (``user:bob`` → "Bob"), so the token reads them by name too."""
    own = {f"token:{t.id}": t.name for t in tokens if t.entity_id == token.entity_id}
    refs = frozenset({token.entity_id, f"token:{token.id}"})
    narrow = token.role not in ("user", "delegate")
    return Viewer(
        refs,
        token.entity_id,
        MappingProxyType(own),
        names=MappingProxyType(dict(names or {})),
        own_writes_only=narrow,
    )


def member_words(principal: str | None, viewer: Viewer) -> dict[str, object] | None:
    """Whose own word a write is, when it is a household member's (their chat or their
    own client: a ``user:*`` principal), for a program reading ``by``: ``name`` as the
    household calls them (None when Canon knows no name: never their user id) and ``you``
    when it is the reader's. None for every other writer (an assistant, a source, Canon,
    a write older than principals)."""
    if principal is None or not principal.startswith("user:"):
        return None
    return {"name": viewer.names.get(principal), "you": principal in viewer.refs}


def by_words(principal: str | None, source_type: str, viewer: Viewer) -> str:
    """Who made a write, in words for ``viewer`` (the table above)."""
    if principal is None:
        return _LEGACY.get(source_type) or source_type.replace("_", " ") or "earlier input"
    if viewer.owner:
        return principal
    if principal in viewer.refs:
        return "you"
    if principal == SYSTEM.ref:
        return "Canon"
    kind, _, name = principal.partition(":")
    if kind == "token":
        own = viewer.tokens.get(principal)
        feed = _SOURCE_KINDS.get(source_type)
        if feed is not None:  # a signals token is a connected source, not an assistant
            return f"a {feed}" if own is None else f"your {feed} '{own}'"
        return AN_ASSISTANT if own is None else f"your assistant '{own}'"
    if kind == "source":
        if name == "webhook":
            return "the webhook"
        what = _SOURCE_KINDS.get(source_type, "source")
        return f"your {what} '{name}'"
    if kind == "assistant":
        return "the chat assistant"
    if kind == "workspace":  # an edit of the workspace by the assistant that keeps it
        return "your assistant"
    return viewer.names.get(principal) or ANOTHER_MEMBER


def told_by(
    words: str,
    principal: str | None,
    source_type: str,
    reader: str,
    names: Mapping[str, str] | None = None,
) -> str:
    """A source's words for ``reader`` ("you told me", "you confirmed it") with the
    "you" made true: another member's answer on the household's entity is "Bob confirmed
    it" (by ``names``; "another member of the household" unnamed), an assistant's "an
    assistant confirmed it".
    Words that name no one ("from your calendar"), and writes older than principals,
    stay as they are."""
    if principal is None or not words.startswith("you "):
        return words
    who = by_words(principal, source_type, user_viewer(reader, names=names))
    return words if who == "you" else f"{who} {words.removeprefix('you ')}"
