"""The chat asks, holds and explains a day with its year when it is next year's or far
away (``phrasing_values.needs_year``), as the HTTP API does
(tests/core/test_far_days_show_their_year_32.py): on December 28, "January 3" is asked
as "Sunday, January 3, 2027", and /state and /why say the year too."""

from __future__ import annotations

from datetime import UTC, datetime

from chat_harness import ALICE, Clock, Conversation, OpenConversation

DEC_28 = datetime(2026, 12, 28, 17, 0, tzinfo=UTC)


async def _answer(talk: Conversation, command: str, *args: object) -> str:
    """What Alice is told for /state or /why (the chat's own command methods)."""
    mark = talk.messenger.mark()
    await getattr(talk.chat, command)(ALICE, ALICE, *args)
    return "\n".join(m.text for m in talk.messenger.sent_after(mark, ALICE))


async def test_late_december_asks_and_explains_early_january_with_its_year(
    open_conversation: OpenConversation,
) -> None:
    talk = await open_conversation(clock=Clock(DEC_28))
    await talk.say(ALICE, "I'm flying to Denver on December 30")
    await talk.say(ALICE, "I'm flying to Denver on January 3")
    asked = talk.prompt(ALICE).text
    assert "Sunday, January 3, 2027?" in asked, asked
    assert "until now: Wednesday, December 30." in asked, asked  # this year's: no year
    await talk.tap(ALICE, "Yes")
    state = await _answer(talk, "show_state")
    assert "Sunday, January 3, 2027" in state, state
    why = await _answer(talk, "explain", "travel.depart_date")
    assert "Sunday, January 3, 2027" in why, why
    assert "Wednesday, December 30 →" in why, why
