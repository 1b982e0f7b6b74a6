"""A new user's first weeks: Canon asks before it changes anything until it has seen 30
changes in an area (unless it is nearly certain), and says so."""

from __future__ import annotations

from chat_harness import ALICE, BOB, OpenConversation

from core.domain.policy import default_policy, load_policy


async def test_a_fresh_store_asks_about_a_plain_statement_and_says_it_is_calibrating(
    open_conversation: OpenConversation,
) -> None:
    talk = await open_conversation(policy=default_policy())
    replies = await talk.say(ALICE, "I'm in Tahoe now")
    assert replies == [
        "Is your trip to Tahoe under way?\n"
        "You said it just now; I'm still calibrating, so I check changes with you first."
    ]
    assert await talk.engine.store.fact("user:primary", "travel.location") is None
    assert await talk.tap(ALICE, "Yes") == "Confirmed"
    facts = await talk.engine.store.facts("user:primary")
    assert {(f.field, f.value, f.resolution) for f in facts} == {
        ("travel.location", "Tahoe", "user_confirm"),
        ("travel.status", "in_progress", "user_confirm"),
    }


async def test_status_counts_calibration_down_in_plain_words(
    open_conversation: OpenConversation,
) -> None:
    talk = await open_conversation(policy=default_policy())
    mark = talk.messenger.mark()
    await talk.chat.show_status(ALICE, ALICE)
    [before] = talk.messenger.sent_after(mark, ALICE)
    assert before.text.splitlines() == [
        "How much I do on my own:",
        "• Travel: still calibrating: I ask you about the next 30 change(s) unless I'm at "
        "least 98% sure",
        "• Family: still calibrating: I ask you about the next 30 change(s) unless I'm at "
        "least 98% sure",
        "• Project: still calibrating: I ask you about the next 30 change(s) unless I'm at "
        "least 98% sure",
        "• Financial: still calibrating: I ask you about the next 30 change(s) unless I'm at "
        "least 98% sure",
        "• Profile: I change it only with your OK",
        "I don't adjust my thresholds from your answers yet (learning is off).",
    ]
    await talk.say(ALICE, "I'm in Tahoe now")
    await talk.tap(ALICE, "Yes")  # where you are and that the trip is under way: two changes
    mark = talk.messenger.mark()
    await talk.chat.show_status(ALICE, ALICE)
    [after] = talk.messenger.sent_after(mark, ALICE)
    assert "• Travel: still calibrating: I ask you about the next 28 change(s)" in after.text
    # Each speaker sees their own entity's calibration: Alice's changes are not Bob's.
    mark = talk.messenger.mark()
    await talk.chat.show_status(BOB, BOB)
    [bobs] = talk.messenger.sent_after(mark, BOB)
    assert "• Travel: still calibrating: I ask you about the next 30 change(s)" in bobs.text


async def test_alices_calibration_does_not_make_bobs_first_message_commit(
    open_conversation: OpenConversation,
) -> None:
    """Issue 23 in the chat: 30 changes of Alice's end her calibration, not Bob's."""
    talk = await open_conversation(
        policy=load_policy(overrides={"rollout": {"calibration_mutations": 2}})
    )
    await talk.say(ALICE, "I'm in Tahoe now")
    await talk.tap(ALICE, "Yes")  # two changes: Alice's travel calibration is over
    assert (await talk.engine.rollout.statuses("user:primary"))[0].calibration_remaining == 0
    replies = await talk.say(BOB, "I'm in Tahoe now")
    assert replies[0].startswith("Is your trip to Tahoe under way?")
    assert await talk.engine.store.fact("user:bob", "travel.location") is None


async def test_once_calibrated_the_status_gives_the_thresholds(
    open_conversation: OpenConversation,
) -> None:
    talk = await open_conversation()  # calibration over
    mark = talk.messenger.mark()
    await talk.chat.show_status(ALICE, ALICE)
    [status] = talk.messenger.sent_after(mark, ALICE)
    assert (
        "• Travel: I change it on my own when I'm at least 90% sure and ask you from 65%"
        in status.text
    )
    assert "• Financial: I change it on my own when I'm at least 85% sure" in status.text
