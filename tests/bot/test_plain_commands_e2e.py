"""Commands in the words a person uses, end to end through the bot: "/forget my location",
"/wrong rent" with a button per matching value, "/foo" answered with what exists, and
/state and /pending as sentences (the dotted names stay in /debug and `canon why`)."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(90)


async def _in_tahoe_with_rent(tg: FakeTelegram) -> None:
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
    paid = await tg.say(ALICE, "I paid $2,100 rent", expect="rent")
    for prompt in tg.open_prompts(ALICE):  # the payment is asked as one question
        await tg.tap(ALICE, prompt, "Yes")
        await tg.settled(prompt)
    assert paid


@pytest.mark.parametrize("words", ["location", "my location", "where I am"])
async def test_forget_takes_the_words_people_use(
    tg: FakeTelegram, start_bot: StartBot, words: str
) -> None:
    runner = await start_bot()
    await _in_tahoe_with_rent(tg)
    tg.user_says(ALICE, f"/forget {words}")
    prompt = await tg.prompt(ALICE, "Forget your location (Tahoe)?")
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "travel.location") is None


async def test_wrong_with_several_matches_offers_a_button_each(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    await _in_tahoe_with_rent(tg)
    tg.user_says(ALICE, "/wrong rent")
    which = await tg.prompt(ALICE, 'Several things match "rent". Which one should I correct?')
    labels = [b["text"] for row in which.buttons for b in row]
    assert "The rent amount" in labels
    assert not any("financial." in label for label in labels)
    # Choices with long labels get a row each: a phone breaks no label mid-word.
    assert all(len(row) == 1 for row in which.buttons)
    await tg.tap(ALICE, which, "The rent amount")
    asked = await tg.prompt(ALICE, "rent")
    assert "financial.rent.amount" not in asked.text


async def test_an_unknown_command_gets_the_list_of_those_that_exist(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    reply = await tg.say(ALICE, "/foo", expect="I don't know /foo.")
    assert "/state" in reply.text
    assert "/forget" in reply.text


async def test_a_command_that_only_looks_like_one_runs_nothing_and_says_so(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """'/cоnfirm' (a Cyrillic о) answers no question; a direction override or a zero-width
    space in an unknown command is said back escaped, never turning the reply around."""
    runner = await start_bot()
    tg.user_says(ALICE, "I paid $2,100 rent")
    prompt = await tg.prompt(ALICE, "rent")
    reply = await tg.say(ALICE, "/c\u043enfirm", expect="I don't know /c\u043enfirm")
    assert "\u043e: not a Latin letter" in reply.text
    assert tg.open_prompts(ALICE) == [prompt]  # still asked
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "financial.rent.amount") is None
    for typed, said in [
        ("/foo\u202eevil", "/foo\\u202eevil."),
        ("/st\u200bate", "/st\\u200bate."),
        ("/" + "x" * 5000, "/" + "x" * 58 + "…."),
    ]:
        reply = await tg.say(ALICE, typed, expect=f"I don't know {said}")
        assert reply.text.isprintable()


async def test_state_and_pending_read_as_sentences(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
    state = await tg.say(ALICE, "/state", expect="You're in Tahoe — you told me")
    assert "Your trip is under way" in state.text
    assert "travel." not in state.text
    assert "_" not in state.text
    tg.user_says(ALICE, "I paid $2,100 rent")
    await tg.prompt(ALICE, "rent")
    pending = await tg.say(ALICE, "/pending", expect="waiting for you")
    assert "Did you pay $2,100 rent?" in pending.text
    assert "financial." not in pending.text
    why = await tg.say(ALICE, "/why location", expect="Your location: Tahoe — taken from you")
    assert "travel." not in why.text
    assert "_" not in why.text


@pytest.mark.parametrize(
    ("command", "asks", "tapped", "answer", "not_shown"),
    [
        (
            "/why rent",
            "Which one should I explain?",
            "The rent amount",
            "The rent amount: 2,100",
            "The rent status",
        ),
        (
            "/history rent",
            "Which one's history should I show?",
            "The rent status",
            "paid",
            "The rent amount",
        ),
    ],
)
async def test_why_and_history_with_several_matches_offer_a_button_each(
    tg: FakeTelegram,
    start_bot: StartBot,
    command: str,
    asks: str,
    tapped: str,
    answer: str,
    not_shown: str,
) -> None:
    await start_bot()
    await _in_tahoe_with_rent(tg)
    tg.user_says(ALICE, command)
    which = await tg.prompt(ALICE, f'Several things match "rent". {asks}')
    labels = [b["text"] for row in which.buttons for b in row]
    assert {"The rent amount", "The rent status"} <= set(labels)
    assert not any("financial." in label for label in labels)
    await tg.tap(ALICE, which, tapped)
    reply = await tg.reply_after(ALICE, which.message_id, answer)
    assert not_shown not in reply.text, "the answer is for the value tapped only"


async def test_why_a_whole_domain_or_one_value_answers_at_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    await _in_tahoe_with_rent(tg)
    travel = await tg.say(ALICE, "/why travel", expect="Your location: Tahoe")
    assert "Your trip: under way" in travel.text
    where = await tg.say(ALICE, "/why where I am", expect="Your location: Tahoe")
    assert not where.buttons


async def test_forget_with_several_matches_offers_a_button_each(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await _in_tahoe_with_rent(tg)
    tg.user_says(ALICE, "/forget rent")
    which = await tg.prompt(ALICE, 'Several things match "rent". Which one should I forget?')
    await tg.tap(ALICE, which, "The rent amount")
    prompt = await tg.prompt(ALICE, "Forget the rent amount")
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert runner.chat is not None
    store = runner.chat.engine.store
    assert await store.fact("user:primary", "financial.rent.amount") is None
    assert await store.fact("user:primary", "financial.rent.status") is not None


async def test_status_reads_as_sentences(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    status = await tg.say(ALICE, "/status", expect="How much I do on my own:")
    assert "• Travel: " in status.text
    for internal in ("auto_threshold", "ask_threshold", "_", "0."):
        assert internal not in status.text
