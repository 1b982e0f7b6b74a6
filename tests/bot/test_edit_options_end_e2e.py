"""An Edit's options never outlive it: when the Edit ends, however it ends, its value
buttons go (``editMessageReplyMarkup`` on the strict Bot API double) and the request
reads as it did. No live-looking button stays under a question nobody waits on.

The message offering them is kept with the chat's mode, so an Edit that ends after a
restart loses its buttons too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import pytest
from canon_testing import make_observation
from chatkit import ALICE, StartBot, quiet, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(60)

WEDNESDAY = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
REQUEST = "Tap one, or type it"
LEFT = "I stopped waiting for a new value"


def _at(when: datetime) -> int:
    return int(when.timestamp())


async def _editing(runner: BotRunner, tg: FakeTelegram) -> tuple[ChatMessage, ChatMessage]:
    """Alice's trip status asked, and Edit tapped: the question and its options."""
    assert runner.chat is not None
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    obs = make_observation("travel.status", "in_progress", source="calendar", at=WEDNESDAY)
    await runner.chat.engine.ingest(obs, now=WEDNESDAY)
    await runner.chat.sweep()
    prompt = await tg.prompt(ALICE)
    await tg.tap(ALICE, prompt, "Edit")
    options = await tg.reply_after(ALICE, prompt.message_id, REQUEST)
    assert options.buttons, "the options are offered as buttons"
    return prompt, options


Ending = Callable[[FakeTelegram, ChatMessage, ChatMessage], Awaitable[None]]


async def _typed_value(tg: FakeTelegram, prompt: ChatMessage, _options: ChatMessage) -> None:
    tg.user_says(ALICE, "back home", date=_at(WEDNESDAY))
    await tg.settled(prompt)


async def _question(tg: FakeTelegram, _prompt: ChatMessage, _options: ChatMessage) -> None:
    sent = tg.user_says(ALICE, "what's on my calendar?", date=_at(WEDNESDAY))
    await tg.reply_after(ALICE, sent, LEFT)


async def _late(tg: FakeTelegram, _prompt: ChatMessage, _options: ChatMessage) -> None:
    sent = tg.user_says(ALICE, "back home", date=_at(WEDNESDAY + timedelta(minutes=11)))
    await tg.reply_after(ALICE, sent, LEFT)


async def _command(tg: FakeTelegram, _prompt: ChatMessage, _options: ChatMessage) -> None:
    sent = tg.user_says(ALICE, "/pending", date=_at(WEDNESDAY))
    await tg.reply_after(ALICE, sent, LEFT)


async def _cancel(tg: FakeTelegram, _prompt: ChatMessage, _options: ChatMessage) -> None:
    sent = tg.user_says(ALICE, "/cancel", date=_at(WEDNESDAY))
    await tg.reply_after(ALICE, sent, "OK, cancelled")


async def _yes_instead(tg: FakeTelegram, prompt: ChatMessage, _options: ChatMessage) -> None:
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)


async def _edit_again(tg: FakeTelegram, prompt: ChatMessage, options: ChatMessage) -> None:
    await tg.tap(ALICE, prompt, "Edit")
    newer = await tg.reply_after(ALICE, options.message_id, REQUEST)
    assert newer.buttons, "the new Edit's options are live"


@pytest.mark.parametrize(
    "ending",
    [_typed_value, _yes_instead, _question, _late, _command, _cancel, _edit_again],
    ids=[
        "answered",
        "Yes tapped instead",
        "a question",
        "late",
        "a command",
        "/cancel",
        "Edit tapped again",
    ],
)
async def test_when_an_edit_ends_its_options_lose_their_buttons(
    tg: FakeTelegram, start_bot: StartBot, ending: Ending
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt, options = await _editing(runner, tg)
    await ending(tg, prompt, options)
    await quiet(tg, runner)
    assert not options.buttons, "no option answers a question nobody waits on"
    assert options.text.startswith("What is the correct value"), "the request reads as it did"
    dropped = tg.methods("editMessageReplyMarkup")
    assert [c.params["message_id"] for c in dropped if c.status == 200] == [options.message_id]


async def test_an_edit_ended_after_a_restart_loses_its_buttons_too(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot(clock=lambda: WEDNESDAY)
    _prompt, options = await _editing(first, tg)
    await stop_bot(tg, first)
    second = await start_bot(clock=lambda: WEDNESDAY)
    await _question(tg, _prompt, options)
    await quiet(tg, second)
    assert not options.buttons


async def test_a_tapped_option_is_shown_chosen_with_no_second_edit(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The tap's own edit ("→ back home") takes the buttons already: nothing more is sent."""
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt, options = await _editing(runner, tg)
    await tg.tap(ALICE, options, "back home")
    await tg.settled(prompt)
    await quiet(tg, runner)
    assert options.text.endswith("→ back home")
    assert tg.methods("editMessageReplyMarkup") == []


async def test_an_edit_whose_time_ran_out_loses_its_buttons_with_no_message(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Ten minutes on, nobody types: the bot's next sweep takes the options' buttons, as
    a late message would, and says nothing; the question stays open."""
    now = [WEDNESDAY]
    runner = await start_bot(clock=lambda: now[0])
    assert runner.chat is not None
    prompt, options = await _editing(runner, tg)
    sent_before = len(tg.methods("sendMessage"))
    now[0] = WEDNESDAY + timedelta(minutes=9)
    await runner.chat.sweep()
    await quiet(tg, runner)
    assert options.buttons, "within its ten minutes the Edit still waits"
    now[0] = WEDNESDAY + timedelta(minutes=11)
    await runner.chat.sweep()
    await quiet(tg, runner)
    assert not options.buttons, "no stale option stays tappable"
    assert options.text.startswith("What is the correct value"), "the request reads as it did"
    assert len(tg.methods("sendMessage")) == sent_before, "the sweep says nothing"
    assert prompt.buttons, "the question itself stays open"
    await runner.chat.sweep()
    await quiet(tg, runner)
    dropped = tg.methods("editMessageReplyMarkup")
    assert [c.params["message_id"] for c in dropped] == [options.message_id], "taken once"
