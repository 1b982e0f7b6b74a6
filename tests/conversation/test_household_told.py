"""Who is in the household, told in the chat: "my wife Priya is in Madrid" is asked before
it is kept ("Is Priya your wife?"), and once kept /state, /why and the context block
say who Priya is."""

from __future__ import annotations

from typing import Any

from chat_harness import ALICE, Conversation

from core.conversation.context_read import load_context
from core.domain.policy import default_policy


async def _answer(talk: Conversation, method: str, *args: Any) -> str:
    mark = talk.messenger.mark()
    await getattr(talk.chat, method)(ALICE, ALICE, *args)
    return "\n".join(m.text for m in talk.messenger.sent_after(mark, ALICE))


async def test_a_member_first_told_in_chat_is_asked_then_said_everywhere(
    talk: Conversation,
) -> None:
    replies = await talk.say(ALICE, "my wife Priya is in Madrid this week")
    assert replies[-1].startswith("Is Priya your wife?"), replies
    held = {f.field: f.value for f in await talk.store.facts()}
    assert "family.priya.relation" not in held  # asked, not yet kept
    assert await talk.tap(ALICE, "Yes") == "Confirmed"

    state = await _answer(talk, "show_state", "family")
    assert "• Priya is your wife — you confirmed it" in state, state
    why = await _answer(talk, "explain", "family.priya.relation")
    assert why.startswith("Who Priya is to you: wife — confirmed by you"), why
    assert '"my wife Priya is in Madrid this week": wife; I asked' in why, why
    block = await load_context(talk.store, default_policy(), None, talk.clock())
    assert '"family.priya.relation": "wife"' in block.text or "family.priya.relation" in block.text

    # Said again, she is the same wife: nothing more to ask about who she is.
    replies = await talk.say(ALICE, "my wife Priya is back home")
    assert not [r for r in replies if "your wife?" in r], replies
