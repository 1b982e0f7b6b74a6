"""Which dead-letter questions an MCP session may see and answer, and how.

A letter that failed for good is asked of the owner (``LETTERS_ENTITY``): "try it again
now, discard it, or send a corrected payload". Over MCP the asker is always an assistant,
so it is asked there only of a session that acts for its user (a delegate: the user's
own token, or ``canon mcp`` over stdio as a delegate), and only about the user's own
letter: its payload names an entity the session reaches, and it was the user's input or
is about the user's own entity (``Viewer.is_theirs``), as ``GET /v1/dead-letters``
shows it whole; a letter naming no entity (a refused body) only when the session or its
user wrote it (``writers_own``), as that listing shows it. An agent session is never asked: it cannot answer as the user
(``claims.answer_refusal``), and a letter's payload is words never read.

Yes (ingest it again, as its writer's: a stranger's stays a stranger's) and No (discard)
are the user's relayed word. An Edit is not taken over MCP: a corrected payload is
ingested as Canon's own (``answer_dead_letter``), and an assistant never writes as
Canon; the user edits in the chat or with ``canon dlq``.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.conversation.provenance import user_viewer
from core.domain.dead_letters import LETTERS_ENTITY, DeadLetter, letter_entity, writers_own
from core.domain.principals import Principal
from core.domain.review_items import ReviewItem
from core.store.protocol import StoreBackend

NO_EDIT = (
    "a dead letter's corrected payload is written as Canon's own, which an assistant "
    "never does: answer yes (try it again) or no (discard it), or the user edits it in "
    "the chat or with canon dlq"
)
NOT_ASKED = (
    "a dead letter's question is the user's: only a session acting for them (their own "
    "token or canon mcp as a delegate) answers it, about their own letters"
)


def is_letter_question(item: ReviewItem) -> bool:
    return item.kind == "dead_letter" and item.entity_id == LETTERS_ENTITY


def may_see_letter(
    letter: DeadLetter | None, entity: str, reach: Sequence[str], principal: Principal
) -> bool:
    """Whether a session of ``principal`` for ``entity`` reaching ``reach`` is asked
    about ``letter``: it acts for the user, the letter's payload names an entity it
    reaches, and the letter is the user's own (their input, or about them)."""
    if letter is None or principal.acting_for != entity:
        return False
    about = letter_entity(letter)
    if about is None:  # a refused body names no entity: its writer's alone
        return writers_own(letter, principal)
    if about not in reach:
        return False
    return writers_own(letter, principal) or user_viewer(entity).is_theirs(letter.principal, about)


async def letter_questions(
    store: StoreBackend, entity: str, reach: Sequence[str], principal: Principal
) -> list[ReviewItem]:
    """The open dead-letter questions a session may see (``may_see_letter``)."""
    if principal.acting_for != entity:
        return []
    items = await store.open_review_items([LETTERS_ENTITY])
    if not items:
        return []
    letters = {d.id: d for d in await store.dead_letters()}
    return [
        r
        for r in items
        if may_see_letter(letters.get(str(r.candidate_value)), entity, reach, principal)
    ]


async def letter_refusal(
    store: StoreBackend,
    item: ReviewItem,
    entity: str,
    reach: Sequence[str],
    principal: Principal,
    edit: bool,
) -> str | None:
    """Why the session may not answer the dead-letter question ``item`` (None: it may)."""
    letters = {d.id: d for d in await store.dead_letters()}
    if not may_see_letter(letters.get(str(item.candidate_value)), entity, reach, principal):
        return NOT_ASKED
    return NO_EDIT if edit else None
