"""/debug: the assistant's session in this chat, for the owner only.

The owner is the first allowed user (``CANON_ALLOWED_USER_IDS``). What they see is what the
user never does by default: the agent state (understanding, assumptions, expectations,
hypotheses, items), the errors the session recorded, the citations its tools gave, the
prompt's size and the history summary.
"""

from __future__ import annotations

from core.agent.render import debug_text
from core.agent.session import SessionState
from core.conversation.audience import Audience
from core.conversation.responder import Responder
from core.conversation.turn_context import CHAT_MODE, thread_id
from core.domain.timeutil import format_ts

OWNER_ONLY = "Only the owner can use /debug."
NO_SESSION = "No assistant session in this chat yet: say something first."
SHOWN = 5
"""Errors and citations shown, newest last."""


async def debug_answer(responder: Responder, audience: Audience, user_id: int, chat_id: int) -> str:
    """The owner's view of their session in ``chat_id``; a refusal for anyone else."""
    if not audience.allowed_user_ids or user_id != audience.allowed_user_ids[0]:
        return OWNER_ONLY
    thread = thread_id(CHAT_MODE, audience.entity_of(user_id), chat_id)
    session = await responder.session(thread)
    if session is None:
        return NO_SESSION
    return session_text(thread, session)


def session_text(thread: str, session: SessionState) -> str:
    """One session as the owner reads it."""
    lines = [
        f"Session {thread}",
        f"Prompt: {len(session['messages'])} messages, about {session['token_count']} tokens",
    ]
    summary = session["history_summary"]
    lines.append(f"History summary: {_short(summary) if summary else 'none'}")
    waiting = session["pending_approval"]
    if waiting is not None:
        lines.append(f"Waiting on: {_short(waiting.prompt)} ({waiting.kind})")
    workflow = session["workflow"]
    if workflow is not None:
        lines.append(f"Workflow: {workflow.name} in {workflow.state} (step {workflow.step})")
    errors = session["errors"]
    lines.append(f"Errors: {len(errors)}" + (f", the last {SHOWN}:" if len(errors) > SHOWN else ""))
    for e in errors[-SHOWN:]:
        lines.append(f"  {format_ts(e.at)} {e.code.value} at {e.node or '?'}: {_short(e.message)}")
    sources = session["sources"]
    lines.append(f"Citations: {len(sources)}")
    for c in sources[-SHOWN:]:
        lines.append(f"  {c.source_id}: {c.label}" + (f" ({c.snippet})" if c.snippet else ""))
    lines.append(debug_text(session["agent_state"]))
    return "\n".join(lines)


def _short(text: str, limit: int = 200) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"
