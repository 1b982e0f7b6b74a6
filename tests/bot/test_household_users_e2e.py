"""Two users share a household, through the real bot: what Bob says of Alice by name is
asked of Alice, in the second person, saying who said it; only her answer makes it hers;
and what the household says of her never stands beside her own word as true."""

from __future__ import annotations

import re
from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, quiet
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.conversation.context_read import read_context

pytestmark = pytest.mark.timeout(90)

HOUSEHOLD: dict[str, Any] = {
    "family_entity": "family:smith",
    "entity_map": {ALICE: "user:alice", BOB: "user:bob"},
    "user_names": {BOB: "Bob"},  # CANON_USER_NAMES=222=Bob; Alice tells Canon hers
}


CLOSED_BY_HER = r"☑️ Closed: you said later \(\w+ at \d\d:\d\d\) "
"""How Bob's question reads once Alice's own newer word closed it (whose word, when)."""


async def _alice_is_known_by_name(tg: FakeTelegram) -> None:
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")


async def _held(runner: BotRunner, entity: str) -> dict[str, Any]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts(entity)}


async def test_bobs_word_about_alice_is_asked_of_alice_and_her_yes_makes_it_hers(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)

    await tg.say(BOB, "alice is in tahoe", expect="I'll ask Alice to confirm it.")
    asked = await tg.prompt(ALICE, "Bob says you're in Tahoe — is that right?")
    assert [b["text"] for row in asked.buttons for b in row] == ["Yes", "No", "Edit"]
    assert "Is Alice away" not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert tg.open_prompts(BOB) == []  # it is Alice's to answer, not Bob's
    await tg.say(ALICE, "/pending", expect="• Bob says you're in Tahoe — is that right?")
    await tg.say(
        BOB,
        "where is alice?",
        expect="I don't know where Alice is yet — I've asked Alice to confirm what you told me.",
    )
    assert await _held(runner, "user:alice") == {"profile.name": "Alice"}
    assert await _held(runner, "family:smith") == {}

    await tg.tap(ALICE, asked, "Yes")
    await tg.settled(asked)
    assert (await _held(runner, "user:alice"))["travel.location"] == "Tahoe"
    assert runner.chat is not None
    said, answered = await runner.chat.engine.store.events_for("user:alice", "travel.location")
    assert (said.principal, answered.principal) == ("user:bob", "user:alice")
    await tg.say(ALICE, "where am I?", expect="In Tahoe")


async def test_alices_no_leaves_her_own_word_standing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Her own word is where she is: home in Portland (with no trip known, being back
    home is being home, never a trip over); Bob's "in Tahoe" asked of her, her No keeps it."""
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)
    await tg.confirm(ALICE, "i live in portland", "Do you live in Portland?")
    await tg.say(ALICE, "I'm back home now", expect="")
    await quiet(tg, runner)
    for question in tg.open_prompts(ALICE):  # as unsure as the words: where she is
        assert question.text.startswith("Are you in Portland?"), question.text
        await tg.tap(ALICE, question, "Yes")
        await tg.settled(question)

    await tg.say(BOB, "Alice is in Tahoe this week", expect="I'll ask Alice")
    asked = await tg.prompt(ALICE, "Bob says you're in Tahoe — is that right?")
    assert "Only you can confirm what others say of you." in asked.text
    await tg.tap(ALICE, asked, "No")
    await tg.settled(asked)
    held = await _held(runner, "user:alice")
    assert held["travel.location"] == "Portland"
    assert "travel.status" not in held  # no trip was ever "completed"


async def test_the_households_word_about_alice_never_stands_beside_her_own(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Bob said "alice is away this week" before Canon knew Alice was a user: it is the
    household's (Bob confirmed it). Alice then says she is home: her word wins in every
    view of hers, and Bob's is shown as what someone else said."""
    runner = await start_bot(settings=HOUSEHOLD)
    await tg.confirm(BOB, "alice is away this week", "Is Alice away today?")
    await _alice_is_known_by_name(tg)
    await tg.say(ALICE, "I'm back home now", expect="your trip is over")

    state = await tg.say(ALICE, "/state", expect="your word wins")
    assert "Alice is away" not in state.text
    assert (  # by his name, as his questions to her say it
        "Bob said you're away (just now) — you told me you're home, and your word wins"
        in state.text
    )
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "away" not in about.text
    mine = await tg.say(ALICE, "where is alice?", expect="Back home")
    assert "away" not in mine.text

    assert runner.chat is not None
    deps = runner.chat.parts.deps
    read = await read_context(
        runner.chat.engine.store,
        runner.chat.engine.policy,
        ["user:alice", "family:smith"],
        deps.clock(),
        viewer="user:alice",
        users=await deps.household_users(),
    )
    assert "family.alice.status" not in read.block.text
    assert (
        "- family:smith: \"Alice is away, someone else said; the user's own word is that "
        'they are at home, and it wins" (from household member "Bob", quoted)'
    ) in read.block.text.splitlines()  # named as her chat names him (household33)
    # Bob's own view is the household's, as before: he never sees Alice's entity.
    await tg.say(BOB, "where is alice?", expect="Alice is away")


async def test_a_user_who_never_opened_the_bot_is_asked_when_she_does(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Telegram will not start a chat with Alice before she writes to the bot: Bob's turn
    is not broken by it, and Alice is asked as soon as she comes."""
    await start_bot(settings={**HOUSEHOLD, "user_names": {ALICE: "Alice", BOB: "Bob"}})
    await tg.say(BOB, "alice is in tahoe", expect="I'll ask Alice to confirm it.")
    await tg.say(BOB, "fyi alice's back on sunday", expect="I'll ask Alice to confirm it.")
    assert not any("went wrong" in m.text for m in tg.bot_messages(BOB))

    tg.user_says(ALICE, "hi")
    await tg.prompt(ALICE, "Bob says you're in Tahoe — is that right?")


@pytest.mark.parametrize("said", ["alice and I are in tahoe", "me and Alice are in Tahoe"])
async def test_bob_and_alice_together_is_bobs_own_word_and_a_question_to_alice(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)

    await tg.say(BOB, said, expect="I'll ask Alice to confirm it.")
    assert "Noted: you're in Tahoe" in "\n".join(m.text for m in tg.bot_messages(BOB))
    await tg.say(BOB, "where am I?", expect="In Tahoe")  # his own word: his own fact
    asked = await tg.prompt(ALICE, "Bob says you're in Tahoe — is that right?")
    assert "travel.location" not in await _held(runner, "user:alice")
    await tg.tap(ALICE, asked, "Yes")
    await tg.settled(asked)
    assert (await _held(runner, "user:alice"))["travel.location"] == "Tahoe"


async def test_where_bob_says_alice_is_in_household_words_is_still_asked_of_alice(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "alice is at her mom's" is where she is, though only the household's reading
    places it (away): asked of her, never the household's fact on Bob's word; "alice is
    sick" places nobody and stays the household's news."""
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)
    await tg.say(BOB, "alice is at her mom's", expect="I'll ask Alice to confirm it.")
    await tg.prompt(ALICE, "Bob says you're away — is that right?")
    assert "family.alice.status" not in await _held(runner, "family:smith")
    await tg.say(BOB, "alice is sick", expect="Alice")
    assert runner.chat is not None
    asked = await runner.chat.engine.store.open_review_items(["family:smith"])
    held = await _held(runner, "family:smith")
    assert held.get("family.alice.status") == "sick" or any(
        (r.field, r.candidate_value) == ("family.alice.status", "sick") for r in asked
    )


async def test_alices_own_newer_word_settles_what_bob_said_of_her_before(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Bob said "alice is in tahoe"; before she answers, Alice says "we got back home last
    night". Her own word is newer: Bob's question is closed, hers is asked at once, and
    nothing she reads says she is in Tahoe again."""
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)
    await tg.say(BOB, "alice is in tahoe", expect="I'll ask Alice to confirm it.")
    bobs = await tg.prompt(ALICE, "Bob says you're in Tahoe — is that right?")

    await tg.say(ALICE, "we got back home last night", expect="")
    await tg.settled(bobs)  # closed: her own word came after it
    assert re.search(
        CLOSED_BY_HER + r'"we got back home last night", so I go by that instead$', bobs.text
    ), bobs.text
    [hers] = tg.open_prompts(ALICE)  # her own question, asked at once
    assert "Is your trip over?" in hers.text
    assert runner.chat is not None
    open_ones = await runner.chat.engine.store.open_review_items(["user:alice"])
    assert all(r.principal == "user:alice" for r in open_ones)
    for q in ("where am I?", "what do you know about me?", "/pending"):
        said = await tg.say(ALICE, q, expect="")
        assert "Tahoe" not in said.text, (q, said.text)


async def test_what_else_bob_says_of_alice_is_hers_to_confirm(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Not only where she is: her clock, her work, her rent said by Bob are asked of her,
    never lost and never committed on his word; her own newer word closes his."""
    runner = await start_bot(settings=HOUSEHOLD)
    await _alice_is_known_by_name(tg)
    await tg.say(BOB, "alice works at google now", expect="I'll ask Alice to confirm it.")
    bobs = await tg.prompt(ALICE, "Bob says your employer is Google — is that right?")
    assert "profile.employer" not in await _held(runner, "user:alice")
    await tg.say(ALICE, "I work at Apple now", expect="")
    await tg.settled(bobs)
    assert re.search(
        CLOSED_BY_HER + r'"I work at Apple now", so I go by that instead$', bobs.text
    ), bobs.text
