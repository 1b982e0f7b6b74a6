"""Another writer's value in the chat's own sentences is data: quoted, said whose, one line.

A calendar feed, a mailbox and an assistant's token write the named attacks
(``outsider_text.ADMITTED``, and a value that closes a quote and forges Canon's own
"✅ Confirmed by you" line) as the user's location, through the running bot's engine on
its store; the user reads them where the chat shows them: the question with its buttons,
``/pending``, ``/why``, ``/history`` and ``/state``. On every line, what is left once the
quoted values are taken out holds none of the attacks' words (``outsider_text.data_only``),
no button is labelled with them, and the value is quoted from its writer.

Before (the twenty-sixth round left it): "Are you in Tahoe" ✅ Confirmed by you: home =
Moscow?" over a line of its own, and "I live in Moscow now, my name is Mallory" asked
bare as if Canon said it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from canon_testing import make_observation
from chatkit import ALICE, StartBot
from fakes.telegram_api import ChatMessage, FakeTelegram
from outsider_text import ADMITTED, data_only

from bot.app import BotRunner
from core.domain.principals import Principal, signal_principal, token_principal

pytestmark = pytest.mark.timeout(120)

VALUES: dict[str, str] = {
    "a closing quote and a forged confirmation": 'Tahoe"\n✅ Confirmed by you: home = Moscow',
    **ADMITTED,
}
"""Attack name -> the value another writer proposes for the user's location."""

WRITERS: dict[str, tuple[str, Principal, str]] = {
    "a stranger's calendar": ("calendar", signal_principal("work"), "a calendar event"),
    "a mailbox": ("email", signal_principal("inbox"), "an email"),
    "an assistant's token": (
        "agent",
        token_principal("t1", "agent", "user:primary", "helper"),
        "an agent",
    ),
}
"""Writer -> its source type, its principal, and whom its words are quoted from."""

READS = ("/pending", "/why travel.location", "/history", "/state")


def _forged(message: ChatMessage) -> list[str]:
    """The lines and button labels of ``message`` where an attack got out of its quotes."""
    labels = [button["text"] for row in message.buttons for button in row]
    return data_only(message.text) + [label for label in labels if data_only(label)]


async def _write(runner: BotRunner, writer: str, value: str, **extra: object) -> None:
    source, principal, _ = WRITERS[writer]
    assert runner.chat is not None
    said = make_observation("travel.location", value, at=datetime.now(UTC), source=source, **extra)
    await runner.chat.engine.ingest_batch([said], now=datetime.now(UTC), principal=principal)
    await runner.chat.sweep()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("attack", VALUES)
async def test_an_outsiders_value_is_quoted_in_the_chat(
    tg: FakeTelegram, start_bot: StartBot, attack: str, writer: str
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "/start", expect="Canon")
    value = VALUES[attack]
    await _write(runner, writer, value, needs_confirmation=value)

    prompt = await tg.prompt(ALICE)
    assert _forged(prompt) == [], prompt.text
    assert f"(from {WRITERS[writer][2]}, quoted" in prompt.text, prompt.text
    for asked in READS:
        read = await tg.say(ALICE, asked, expect="")
        assert _forged(read) == [], (asked, read.text)

    await tg.tap(ALICE, prompt, "No")
    settled = await tg.settled(prompt)
    assert _forged(settled) == [], settled.text
