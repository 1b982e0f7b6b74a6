"""A question bound to a chat but never shown, then withdrawn or replaced, is closed
without a word: the user was never asked it, so nothing may say it was asked or settled.
A shown one closed the same way keeps its message, told with its outcome."""

from __future__ import annotations

from chat_harness import ALICE, OpenConversation

from core.domain.policy import default_policy
from core.engine.superseded import supersede


async def test_a_question_never_shown_is_withdrawn_silently(
    open_conversation: OpenConversation,
) -> None:
    talk = await open_conversation(policy=default_policy())  # a fresh store asks everything
    await talk.say(ALICE, "i live in portland")
    shown = talk.prompt(ALICE)
    await talk.say(ALICE, "emma is sick today")  # waits behind the question shown
    store, now = talk.store, talk.clock()
    waiting = [r for r in await store.open_review_items() if r.field.startswith("family.")]
    assert waiting, "the second message raised a question of its own"
    questions = talk.chat.parts.questions
    prompt = await questions.bind(waiting[0], ALICE, ALICE, now)
    assert prompt.message_id is None  # bound, not shown
    await supersede(store, waiting[0].id, now, talk.engine.policy.max_pending)
    closed = await store.review_item(waiting[0].id)
    assert closed is not None
    mark, edits = talk.messenger.mark(), len(talk.messenger.edits)
    await questions.close(prompt, closed, "superseded", None, now)
    assert talk.messenger.sent_after(mark) == []
    assert len(talk.messenger.edits) == edits
    assert talk.now_showing(shown).buttons, "the question shown is still the one to answer"
