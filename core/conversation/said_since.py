"""What another member of the household committed since a member's own question was asked.

Alice asked "Is Lily sick today?" (her unsure "I think Lily is sick"); Bob then said
plainly "Lily is fine now" and it was committed. Bob's word used to close Alice's question
as if she had answered it. A demanding household keeps her question hers: it stays open,
and wherever it is shown (her chat, her client's ``GET /v1/questions``) it says what was
said since, in whose words, and asks whether she still wants to answer ("Since then, Bob
said Lily is well. Still want to answer?"). Her Yes is her word, as new as any: it
commits what she was asked. Her No leaves Bob's word standing (his is his to undo).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.conversation.answer_texts import fact_sentence
from core.domain.api_tokens import ApiToken
from core.domain.provenance import ANOTHER_MEMBER
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.domain.user_clock import on_users_clock
from core.domain.whose_word import member_of, someone_elses
from core.engine.household import users_by_name
from core.store import ReviewItem
from core.store.protocol import StoreBackend


def said_since_asked(
    item: ReviewItem, fact: CommittedFact | None, reader: str, tokens: Sequence[ApiToken] = ()
) -> CommittedFact | None:
    """``fact`` (the field's now) when another member committed it after ``item`` was
    asked and it is not what the question already knew; else None. Only a household
    question: on a user's own entity nobody else commits (what others say of them is asked).
    The fact returned is the member's word: its ``principal`` is their user ref, whichever
    of their doors wrote it (their chat, their client, their delegate's answer), so every
    surface names them alike (``said_since_line``)."""
    if fact is None or item.kind != "change" or item.entity_id.startswith("user:"):
        return None
    if fact.committed_at < item.created_at or fact.value == item.current_value:
        return None
    member = someone_elses(item.entity_id, fact.principal, reader, tokens)
    return None if member is None else replace(fact, principal=member)


async def said_since(store: StoreBackend, item: ReviewItem, reader: str) -> CommittedFact | None:
    """``said_since_asked`` with the field's fact read now (one read, household only; the
    tokens too when a token's write is behind it: Bob's delegate answering his question
    commits on ``token:<id>``, his word all the same)."""
    if item.kind != "change" or item.entity_id.startswith("user:"):
        return None
    fact = await store.fact(item.entity_id, item.field)
    by_token = fact is not None and (fact.principal or "").startswith("token:")
    tokens = await store.api_tokens.tokens() if by_token else ()
    return said_since_asked(item, fact, reader, tokens)


async def names_of_speakers(
    store: StoreBackend,
    household: Iterable[str],
    said: Iterable[CommittedFact | None],
    configured: Mapping[str, str],
) -> Mapping[str, str]:
    """What the household calls the members whose words are ``said`` since (the names the
    chat shows, ``core.engine.household``): read only when there is one to name, so the
    API and MCP name Bob as the chat does rather than "another member"."""
    speakers = [f.principal for f in said if f is not None and f.principal]
    if not speakers:
        return {}
    return (await users_by_name(store, [*household, *speakers], configured)).names


def said_since_view(
    fact: CommittedFact | None, reader: str, names: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """``fact`` as the API's and MCP's ``said_since`` (``SaidSince`` in
    ``schemas/http_api.schema.json``): whose later word it is, what and when, beside the
    line the question's text ends with, so an assistant knows without reading the prose.
    ``by_member`` names them as every other view of a write does (``Member``: a name or
    None, never a user id); ``member``, their user id, stays for older clients only."""
    if fact is None:
        return None
    return {
        "by": _who(fact, names),
        "by_member": {
            "name": (names or {}).get(fact.principal or ""),
            "you": fact.principal == reader,
        },
        "member": fact.principal,
        "value": fact.value,
        "committed_at": format_ts(fact.committed_at),
        "line": said_since_line(fact, reader, names),
    }


def _who(fact: CommittedFact, names: Mapping[str, str] | None) -> str:
    return (names or {}).get(fact.principal or "") or ANOTHER_MEMBER


async def overtaken_refusal(
    store: StoreBackend,
    item: ReviewItem,
    word: CommittedFact,
    reader: str,
    household: Iterable[str],
    configured: Mapping[str, str],
    again: str = 'answer again with seen_since "{seen}"',
) -> tuple[str, dict[str, Any] | None]:
    """What a Yes refused as overtaken (``core.errors.Overtaken``) tells a client, the
    API's, MCP's and the command line's alike: whose newer word, when and what, and how to
    answer knowing it (``again``, its ``{seen}`` the word's ``committed_at``: each door
    names its own way to pass it); and the word as ``said_since_view``. The word is the
    member's (``said_since``, else its writer's member), named as the household names them."""
    since = await said_since(store, item, reader)
    shown = since or replace(word, principal=member_of(word.principal, ()) or word.principal)
    names = await names_of_speakers(store, household, [shown], configured)
    how = again.format(seen=format_ts(shown.committed_at))
    said = f"{overtaken_line(shown, reader, names)} Nothing changed; to still say yes, {how}."
    return said, said_since_view(shown, reader, names)


def overtaken_line(
    fact: CommittedFact,
    reader: str,
    names: Mapping[str, str] | None = None,
    zone: object = None,
) -> str:
    """What a Yes refused as overtaken (``core.errors.Overtaken``) is told: whose newer
    word, when on the reader's clock, and what it says ("That question was overtaken: you
    told me at 14:02 that Noah is well."). ``fact``'s principal is the member's as
    ``said_since`` gives it (or the raw writer's, named as another member)."""
    who = "you" if fact.principal == reader else _who(fact, names)
    local = on_users_clock(fact.committed_at, zone)
    said = fact_sentence(fact, reader, names=names)
    if said.split(" ", 1)[0] in ("Your", "You"):  # mid-sentence: "that your dad is away"
        said = said[:1].lower() + said[1:]
    return f"That question was overtaken: {who} told me at {local:%H:%M} that {said}."


def said_since_line(
    fact: CommittedFact, reader: str, names: Mapping[str, str] | None = None
) -> str:
    """The line a question shown after ``fact`` ends with: who said what, since. The name
    is the household's (a configured or told first name, a word by ``name_key``), never
    text of the writer's choosing beyond that word."""
    who = _who(fact, names)
    said = fact_sentence(
        fact, reader, names=names
    )  # the member's value in their words (``read_values``)
    if said.split(" ", 1)[0] in ("Your", "You"):  # mid-sentence now: "said your dad is away"
        said = said[:1].lower() + said[1:]
    return f"Since then, {who} said {said}. Still want to answer?"
