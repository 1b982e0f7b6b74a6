"""A question's life in CanonChat, driven as a library through the RecordingMessenger.

The Telegram end-to-end tests (tests/bot) show the same conversations over HTTP;
these are the specification of the conversation service itself.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from chat_harness import ALICE, BOB, STRANGER, Conversation, OpenConversation

from core.conversation import texts
from core.conversation.testing import RecordingMessenger
from core.domain.state import value_key

SEATTLE = "I live in Seattle now"
ASKED = "Do you live in Seattle?"


async def test_a_claim_that_needs_the_users_ok_becomes_exactly_one_prompt(
    talk: Conversation,
) -> None:
    replies = await talk.say(ALICE, SEATTLE)
    assert replies == [f"{ASKED}\nYou said it just now; I only change this with your OK."]
    [prompt] = talk.messenger.prompts(ALICE)
    assert prompt.labels == ("Yes", "No", "Edit")
    assert await talk.engine.store.fact("user:primary", "profile.home_city") is None


@pytest.mark.parametrize(
    ("button", "tap_notice", "settled", "value", "resolution"),
    [
        ("Yes", "Confirmed", "✅ Confirmed", "Seattle", "user_confirm"),
        ("No", "Rejected", "❌ Rejected, nothing changed", None, None),
    ],
)
async def test_a_tap_settles_the_question_and_the_prompt_says_so(
    talk: Conversation,
    button: str,
    tap_notice: str,
    settled: str,
    value: str | None,
    resolution: str | None,
) -> None:
    await talk.say(ALICE, SEATTLE)
    prompt = talk.prompt(ALICE)
    assert await talk.tap(ALICE, button) == tap_notice
    shown = talk.now_showing(prompt)
    assert shown.text == f"{ASKED}\n{settled}"
    assert shown.buttons == ()
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert (fact and (fact.value, fact.resolution)) == (value and (value, resolution))
    assert talk.messenger.prompts(ALICE) == []


async def test_no_is_remembered_against_the_claims_source(talk: Conversation) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.tap(ALICE, "No")
    [rejected] = await talk.engine.store.review_items(["rejected"])
    key = ("user:primary", "profile.home_city")
    snaps, _ = await talk.engine.store.snapshots([key], [], talk.clock())
    assert (value_key("Seattle"), rejected.source_key) in snaps[key].rejected


async def test_edit_takes_the_next_message_as_the_value_and_refuses_a_bad_one(
    talk: Conversation,
) -> None:
    await talk.say(ALICE, "Feature X is blocked on legal review")
    prompt = talk.prompt(ALICE)
    assert await talk.tap(ALICE, "Edit") == "Send the value"
    request = talk.messenger.last(ALICE)
    assert request.text.startswith("What is the correct value for the feature x status?")
    assert "Cancel" in request.labels  # a closed set: its values as buttons, then Cancel
    refused = await talk.say(ALICE, "flying")
    assert refused == [
        "I need one of planned, in progress, blocked, shipped or cancelled, like 'shipped'. "
        "Try again, or /cancel."
    ]
    assert talk.now_showing(prompt).buttons, "a bad value leaves the question open"
    # The question is settled where it stands, and the typed value gets its answer below.
    assert await talk.say(ALICE, "shipped") == ["✏️ Noted. Feature X is shipped."]
    assert talk.now_showing(prompt).text.endswith("✏️ Edited to shipped")
    fact = await talk.engine.store.fact("user:primary", "project.feature_x.status")
    assert fact is not None
    assert (fact.value, fact.resolution) == ("shipped", "user_edit")


@pytest.mark.parametrize("typed", ["yes", "Yep!", "👍"])
async def test_a_typed_yes_answers_the_question_on_screen(talk: Conversation, typed: str) -> None:
    await talk.say(ALICE, SEATTLE)
    # Typed, not tapped: the question may be far up, so the answer is also said below.
    assert await talk.say(ALICE, typed) == [f"{ASKED}\n✅ Confirmed"]
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"


@pytest.mark.parametrize("tapper", [BOB, STRANGER])
async def test_someone_elses_tap_is_refused_and_changes_nothing(
    talk: Conversation, tapper: int
) -> None:
    await talk.say(ALICE, SEATTLE)
    prompt = talk.prompt(ALICE)
    notice = await talk.messenger.tap(talk.chat, tapper, "Yes", chat_id=ALICE)
    assert notice == texts.NOT_YOURS
    assert talk.now_showing(prompt) == prompt
    assert await talk.engine.store.fact("user:primary", "profile.home_city") is None
    assert await talk.tap(ALICE, "Yes") == "Confirmed", "the owner still can"


@pytest.mark.parametrize(
    "data",
    [
        "no-such-token:y",  # a token never given out (or from another installation)
        "garbage",
        None,
        "x" * 100,  # longer than Telegram's callback data
    ],
)
async def test_a_button_with_an_unknown_token_is_expired(
    talk: Conversation, data: str | None
) -> None:
    await talk.say(ALICE, SEATTLE)
    assert await talk.messenger.tap_data(talk.chat, ALICE, data) == texts.EXPIRED
    assert [p.labels for p in talk.messenger.prompts(ALICE)] == [("Yes", "No", "Edit")]


async def test_a_settled_questions_old_button_is_answered_already(talk: Conversation) -> None:
    await talk.say(ALICE, SEATTLE)
    prompt = talk.prompt(ALICE)
    await talk.tap(ALICE, "Yes")
    stale = dict(prompt.buttons)["No"]  # a second phone still showing the buttons
    notice = await talk.messenger.tap_data(talk.chat, ALICE, stale, prompt.message_id)
    assert notice == texts.ALREADY
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"


async def test_questions_come_one_at_a_time_in_order(talk: Conversation) -> None:
    await talk.say(ALICE, SEATTLE)
    later = await talk.say(ALICE, "Feature X is blocked on legal review")
    assert later == ["I'll ask you about that after the current question."]
    assert len(talk.messenger.prompts(ALICE)) == 1
    await talk.tap(ALICE, "No")
    [second] = talk.messenger.prompts(ALICE)
    assert second.text.startswith("Is Feature X blocked?")


async def test_a_yes_replying_to_an_open_question_not_the_current_one_answers_that_one(
    talk: Conversation,
) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.say(ALICE, "Feature X is blocked on legal review")
    current = talk.prompt(ALICE)
    log = talk.store.conversation
    asked = await log.prompt_for_message(ALICE, current.message_id)
    assert asked is not None
    [waiting] = [
        r for r in await talk.engine.store.review_items(["pending", "queued"])
        if r.id != asked.item_id
    ]  # fmt: skip
    # Shown below the current question (another flow may show one so): open, not current.
    await log.open_prompt(waiting.id, "tok-below", ALICE, ALICE, talk.clock())
    below = await talk.messenger.send(ALICE, "Is Feature X blocked?", [("Yes", "tok-below")])
    await log.set_prompt_message(waiting.id, below)
    typed = replace(talk.messenger.incoming(ALICE, "yes", talk.clock()), replying_to=below)
    await talk.chat.on_text(typed)
    [answered] = await talk.engine.store.review_items(["confirmed"])
    assert answered.id == waiting.id
    assert [p.message_id for p in await log.open_prompts(ALICE)] == [current.message_id]
    # A reply to a message that asked nothing answers the current question, as before.
    typed = replace(talk.messenger.incoming(ALICE, "no", talk.clock()), replying_to=1)
    await talk.chat.on_text(typed)
    assert await log.open_prompts(ALICE) == []
    assert [r.candidate_value for r in await talk.engine.store.review_items(["rejected"])] == [
        "Seattle"
    ]


async def test_two_users_each_see_and_answer_only_their_own(talk: Conversation) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.say(BOB, "Feature X is blocked on legal review")
    [alices] = talk.messenger.prompts(ALICE)
    [bobs] = talk.messenger.prompts(BOB)
    assert alices.text.startswith(ASKED)
    assert bobs.text.startswith("Is Feature X blocked?")
    # Bob's yes answers Bob's question, never Alice's.
    assert await talk.say(BOB, "yes") == ["Is Feature X blocked?\n✅ Confirmed"]
    assert talk.now_showing(alices) == alices
    bob_fact = await talk.engine.store.fact("user:bob", "project.feature_x.status")
    assert bob_fact is not None
    assert await talk.engine.store.fact("user:primary", "project.feature_x.status") is None
    mark = talk.messenger.mark()
    await talk.chat.show_pending(BOB, BOB)
    await talk.chat.show_pending(ALICE, ALICE)
    bob_sees, alice_sees = [m.text for m in talk.messenger.sent_after(mark)]
    assert bob_sees == "Nothing is waiting for your confirmation."
    assert "Seattle" in alice_sees


async def test_a_restart_carries_on_with_the_same_question(
    open_conversation: OpenConversation,
) -> None:
    phone = RecordingMessenger()  # what the users' apps show survives the restart
    before = await open_conversation(messenger=phone)
    await before.say(ALICE, SEATTLE)
    await before.say(ALICE, "Feature X is blocked on legal review")
    old = phone.prompt(ALICE)

    after = await open_conversation(messenger=phone)
    assert await after.chat.resume() == 1
    # Asked again below with the same token; the old message loses its buttons.
    new = phone.prompt(ALICE)
    assert new.message_id != old.message_id
    assert new.buttons == old.buttons
    assert after.now_showing(old).text.endswith(texts.ASKED_AGAIN)
    assert await after.tap(ALICE, "Yes") == "Confirmed"
    fact = await after.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"
    [queued] = phone.prompts(ALICE)
    assert queued.text.startswith("Is Feature X blocked?"), "then the next one, as before"


async def test_a_restart_without_resume_still_takes_the_typed_answer(
    open_conversation: OpenConversation,
) -> None:
    phone = RecordingMessenger()
    await (await open_conversation(messenger=phone)).say(ALICE, SEATTLE)
    after = await open_conversation(messenger=phone)
    assert await after.say(ALICE, "no") == [f"{ASKED}\n❌ Rejected, nothing changed"]
    assert phone.prompts(ALICE) == []
