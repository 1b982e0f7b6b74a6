"""The commands' answers through CanonChat's methods (what /state, /why ... call)."""

from __future__ import annotations

from typing import Any

import pytest
from chat_harness import ALICE, BOB, Conversation

from core.conversation.plain_commands import nothing_named


async def _tahoe(talk: Conversation) -> None:
    await talk.say(ALICE, "We're planning a trip to Tahoe")
    assert await talk.say(ALICE, "We're in Tahoe") == [
        "Noted: you're in Tahoe; your trip is under way."
    ]


async def _answer(talk: Conversation, method: str, *args: Any, user: int = ALICE) -> str:
    mark = talk.messenger.mark()
    await getattr(talk.chat, method)(user, user, *args)
    return "\n".join(m.text for m in talk.messenger.sent_after(mark, user))


@pytest.mark.parametrize(
    ("method", "args", "expect"),
    [
        ("show_state", (), "• You're in Tahoe — you told me, just now"),
        ("show_state", ("travel",), "Travel (you)\n• On your trip to Tahoe — you told me"),
        ("show_state", ("weather",), "Unknown domain 'weather'; use one of travel, family"),
        ("show_pending", (), "Nothing is waiting for your confirmation."),
        (
            "explain",
            ("travel.status",),
            "Your trip: under way — taken from you, just now (sure: 0.90)",
        ),
        ("explain", ("travel",), "Your location: Tahoe — taken from you"),
        ("explain", (None,), "Which one should I explain?"),
        ("explain", ("travel.nothing",), 'I hold nothing about "travel.nothing". I know: '),
        ("show_history", ("travel.status",), "planned → under way (taken from you)"),
        ("show_history", (), ": Tahoe (taken from you)"),
        ("show_history", ("weather",), 'I hold nothing about "weather".'),
        ("cancel", (), "Nothing to cancel."),
    ],
)
async def test_command_answers(
    talk: Conversation, method: str, args: tuple[Any, ...], expect: str
) -> None:
    await _tahoe(talk)
    if method == "cancel":  # /cancel names only the chat
        mark = talk.messenger.mark()
        await talk.chat.cancel(ALICE)
        answer = talk.messenger.sent_after(mark)[0].text
    else:
        answer = await _answer(talk, method, *args)
    assert expect in answer


async def test_the_state_names_an_errand_as_the_questions_do(talk: Conversation) -> None:
    await talk.say(ALICE, "the hospital bill came, $1,200")
    await talk.tap(ALICE, "Yes")
    state = await _answer(talk, "show_state", "financial")
    assert "• The hospital bill ($1,200) is due — you confirmed it" in state, state


async def test_another_users_commands_see_only_their_own_state(talk: Conversation) -> None:
    await _tahoe(talk)
    await talk.say(ALICE, "I live in Seattle now")
    assert await _answer(talk, "show_state", user=BOB) == "I don't know anything about you yet."
    assert await _answer(talk, "show_pending", user=BOB) == (
        "Nothing is waiting for your confirmation."
    )
    assert "Seattle" in await _answer(talk, "show_pending")


@pytest.mark.parametrize(
    ("kind", "field", "asked", "done", "after"),
    [
        (
            "forget",
            "travel.location",
            "Forget your location (Tahoe)?",
            "✅ Done: I no longer know your location.",
            None,
        ),
        (
            # "We're in Tahoe" set the trip under way and the location with one message:
            # one act, taken back as one.
            "undo",
            "",
            "Undo all of this?\n• forget your location (Tahoe); it had no value before\n"
            "• your trip back from in progress to planning",
            "✅ Done: all of it is as it was before.",
            "planning",
        ),
    ],
)
async def test_forget_and_undo_ask_first_then_change(
    talk: Conversation, kind: str, field: str, asked: str, done: str, after: str | None
) -> None:
    await _tahoe(talk)
    await talk.chat.correction(ALICE, ALICE, kind, field)
    prompt = talk.prompt(ALICE)
    assert (prompt.text, prompt.labels) == (asked, ("Yes", "No"))
    changed = "travel.location" if kind == "forget" else "travel.status"
    assert await talk.engine.store.fact("user:primary", changed) is not None, "asked, not done"
    assert await talk.tap(ALICE, "Yes") == "Confirmed"
    assert talk.now_showing(prompt).text.endswith(done)
    fact = await talk.engine.store.fact("user:primary", changed)
    assert (fact.value if fact else None) == after


async def test_forgetting_what_is_not_known_says_so(talk: Conversation) -> None:
    await talk.chat.correction(ALICE, ALICE, "forget", "travel.location")
    assert talk.messenger.texts(ALICE) == [
        'I hold nothing about "travel.location" (I know nothing yet).'
    ]
    assert talk.messenger.prompts(ALICE) == []


@pytest.mark.parametrize(
    ("typed", "echoed"),
    [
        ("x" * 5000, "x" * 59 + "…"),  # a huge argument is cut short
        ("loc\x00ation", "loc ation"),  # a NUL is not said back
        ("my\nlocation\t now", "my location now"),  # one line
    ],
)
def test_what_matches_nothing_is_echoed_short_and_printable(typed: str, echoed: str) -> None:
    assert nothing_named(typed, [], "user:primary") == (
        f'I hold nothing about "{echoed}" (I know nothing yet).'
    )
