"""Whose word a write or a question is, among the household's users (pure).

Every write and question keeps its principal's ref (``core.domain.principals``): the user
in their chat or own client (``user:alice``), a token (``token:<id>``), a source, Canon.
A token speaks for its user: what Alice's client, assistant or delegate wrote is Alice's
word. On a shared entity (the household) a member's word is theirs to settle: a question
it raised is theirs to answer (and listed for them alone), and what they said is not
another member's to forget or undo (``core.engine.corrections``). On a user's own entity
reach decides (nobody else's token reaches it).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.domain.api_tokens import ApiToken
from core.domain.principals import STDIO_SESSION, Principal, token_principal, user_principal
from core.domain.review_items import ReviewItem


def users_own_word(ref: str | None, entity_id: str) -> bool:
    """Whether a write or question by principal ``ref`` on ``entity_id`` is that user's own
    word about themselves: the user in their chat or their own client (a user principal's
    ref is its entity), or a write older than principals (None) on a user's own entity.
    Never an assistant's, a member's about another user, a source's or Canon's. The one
    test of it: the resolver's fold (``core.domain.snapshot``), the engine's new trip,
    what a user's word outdates of what others said of them, and whose clock a message
    reads, all ask here."""
    return entity_id.startswith("user:") and ref in (None, entity_id)


def member_of(ref: str | None, tokens: Sequence[ApiToken]) -> str | None:
    """The user whose word a principal ``ref`` is: the user, a token's user, or the user an
    stdio MCP session was started for; None for a configured source, Canon, a write older than principals or a token made for no user."""
    if ref is None:
        return None
    if ref.startswith("user:"):
        return ref
    if ref.startswith(STDIO_SESSION + "user:"):  # the user's own assistant over stdio
        return ref.removeprefix(STDIO_SESSION)
    made = _token_of(ref, tokens)
    if made is not None and made.entity_id.startswith("user:"):
        return made.entity_id
    return None


def persons_word(ref: str | None) -> bool:
    """Whether a principal ``ref`` is a person's or a token's (a user in their chat, a
    token, the user's own stdio session): a member's word, or an assistant's, whose
    words are theirs; never a configured source's or Canon's."""
    return ref is not None and ref.startswith(("user:", "token:", STDIO_SESSION + "user:"))


def reader_of(ref: str | None, tokens: Sequence[ApiToken]) -> str | None:
    """Who a principal ``ref`` reads and corrects as (``someone_elses``'s reader): the user
    whose word it is (``member_of``), else the ref itself; None only for Canon's owner (no
    principal). A principal that is no member's (a token made for the household, an MCP
    session for nobody) is not any member, so every member's word is someone else's to it:
    read as the owner, a household token's /undo asked to erase Bob's "Noah is sick" and
    Alice's Yes erased it."""
    return member_of(ref, tokens) or ref


def _token_of(ref: str, tokens: Sequence[ApiToken]) -> ApiToken | None:
    """The token whose principal ``ref`` is (``token:<id>``), when it is among ``tokens``."""
    if not ref.startswith("token:"):
        return None
    return next((t for t in tokens if f"token:{t.id}" == ref), None)


def someone_elses(
    entity: str, ref: str | None, reader: str | None, tokens: Sequence[ApiToken]
) -> str | None:
    """The other user whose word ``ref`` is on the shared ``entity``, when ``reader`` (a
    user) is not them; None when it is the reader's own, nobody's (a source, Canon), or
    ``entity`` is a user's own (reach decides there) or the reader is Canon's owner."""
    if entity.startswith("user:") or reader is None:
        return None
    member = member_of(ref, tokens)
    return member if member is not None and member != reader else None


def whose_question(item: ReviewItem, tokens: Sequence[ApiToken]) -> str | None:
    """The user whose question ``item`` is when it is on a shared entity (the household):
    the user whose own words raised it, through their chat or client, or through a token
    of theirs. None when no user's words did (a connected source, Canon, an item older than
    principals) or the item is on a user's own entity (reach decides there). Bob does not
    answer what Alice said of the household, in the chat or through any client."""
    if item.entity_id.startswith("user:"):
        return None
    return member_of(item.principal, tokens)


def commit_settles(
    entity: str,
    committer: str | None,
    raised_by: str | None,
    tokens: Sequence[ApiToken] | None,
) -> bool:
    """Whether a value committed on ``committer``'s word settles an older open question
    about the same field that ``raised_by`` raised. On the household a member's question
    stays theirs: Bob's committed "Lily is well" closed Alice's own "Is Lily sick today?"
    (and his edit to "well" her "Is Lily well today?") as if she had answered it. Her
    question stays open and, shown again, says what he said since
    (``core.conversation.said_since``). A question no member raised (a source's, Canon's),
    the committer's own, or any on a user's own entity (reach decides there) is settled by
    the commit that replaces it. ``tokens``: None when not read; a question a token raised
    is then kept open (whose member's it is is not known), as the stores' statements do."""
    if entity.startswith("user:") or raised_by is None or raised_by == committer:
        return True
    if tokens is None and raised_by.startswith("token:"):
        return False
    owner = member_of(raised_by, tokens or ())
    return owner is None or owner == member_of(committer, tokens or ())


def joins_question(
    entity: str, speaker: str | None, raised_by: str | None, tokens: Sequence[ApiToken]
) -> bool:
    """Whether ``speaker``'s word that is asked joins an open question proposing the same
    value that ``raised_by`` raised (and raises none of its own): only when both are one
    voice, the same member's (their chat, client, any token of theirs) or both no member's
    (a source's, Canon's), or on a user's own entity (reach decides there). Bob's "Lily is
    sick" was absorbed into Alice's open "Is Lily sick today?", so her No rejected his word
    too and he was never asked; his word is his own question now, listed and answered by
    him, and hers stays hers. Callers read ``tokens`` when either ref is a token's."""
    if entity.startswith("user:") or speaker == raised_by:
        return True
    return member_of(speaker, tokens) == member_of(raised_by, tokens)


def tokens_needed(items: Sequence[ReviewItem]) -> bool:
    """Whether ``whose_question`` needs the store's tokens to name the owner of any of
    ``items``: only a question on a shared entity that a token's words raised does (a user
    ref names its user; a user's own entity is settled by reach), so most turns read none."""
    return any(
        not r.entity_id.startswith("user:") and (r.principal or "").startswith("token:")
        for r in items
    )


def may_answer(item: ReviewItem, reader: str, tokens: Sequence[ApiToken]) -> bool:
    """Whether the user ``reader`` may answer ``item`` (and so see it in their list)."""
    owner = whose_question(item, tokens)
    return owner is None or owner == reader


def capped(principal: Principal, entity: str) -> bool:
    """Whether the open questions ``principal`` raises about ``entity`` are capped (the
    policy's ``max_agent_questions``): an assistant's about anyone, and a member's about
    another user (what Bob says of Alice is asked of her: he cannot flood her queue).
    A user's own words about themselves or the household raise their own questions."""
    if principal.kind == "agent":
        return True
    return principal.is_user and entity.startswith("user:") and entity != principal.ref


def asker(ref: str | None, tokens: Sequence[ApiToken]) -> Principal | None:
    """The principal a stored ``ref`` names when it is a person's or a token's (a user,
    or a token with its role); None for a source, Canon, or a token no longer known."""
    if ref is None:
        return None
    if ref.startswith("user:"):
        return user_principal(ref)
    made = _token_of(ref, tokens)
    return None if made is None else token_principal(made.id, made.role, made.entity_id)


def counts_against(
    ref: str | None, entity: str, writer: Principal, tokens: Sequence[ApiToken]
) -> bool:
    """Whether an open question about ``entity`` raised by ``ref`` counts against
    ``writer``'s cap (``capped``): it is the same member's (their chat, their client,
    any assistant token of theirs: one count per member, not per token) and was capped
    when raised. A token made for no user, or an MCP session, counts on its own."""
    if ref == writer.ref:
        return capped(writer, entity)
    member = member_of(writer.ref, tokens) or writer.ref
    raised = asker(ref, tokens)
    if raised is None or (member_of(ref, tokens) or ref) != member:
        return False
    return capped(raised, entity)
