"""A story told through the bot: Alice's chat with the bot on a clock the story moves on
(the strict Bot API double, the offline extractor), restarted where it matters, and what
/state, "where am i", "what do you know about me" and the context block say together."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot, quiet, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

from bot.app import BotRunner
from core.conversation.context_read import load_context
from core.domain.policy import Policy
from core.engine.engine import Engine

WEDNESDAY = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
"""Wednesday 25 November 2026, 10:00 in Portland: where every story starts."""

SATURDAY = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)
"""Saturday 28 November 2026, 10:00 in Portland."""
MONDAY = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
"""Monday 30 November 2026, 10:00 in Portland."""

ASKED = ("/state", "where am i", "what do you know about me")
"""What the user asks to hear the whole story."""


@dataclass
class Story:
    """Alice's chat with the bot on a clock the story moves on."""

    tg: FakeTelegram
    now: datetime = WEDNESDAY
    runner: BotRunner | None = field(default=None)
    settings: dict[str, str] = field(default_factory=dict)
    """The bot's settings, each start the same ({"family_entity": ...}: a household)."""

    async def start(self, start_bot: StartBot, policy: Policy | None = None) -> BotRunner:
        self.runner = await start_bot(
            policy=policy or calibrated_policy(), clock=lambda: self.now, settings=self.settings
        )
        return self.runner

    async def restart(self, start_bot: StartBot) -> None:
        """The bot stops and starts again over the same store, mid-conversation."""
        assert self.runner is not None
        await stop_bot(self.tg, self.runner)
        await self.start(start_bot)

    async def at_home_in_portland(self, start_bot: StartBot) -> None:
        """The bot starts, and Alice's home is Portland (said and confirmed)."""
        await self.start(start_bot)
        self.says("i live in portland")
        await self.yes("Do you live in Portland?")

    def later(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def says(self, text: str) -> int:
        return self.tg.user_says(ALICE, text, date=int(self.now.timestamp()))

    async def hears(self, text: str, expect: str = "") -> ChatMessage:
        """Alice says ``text``; the bot's first reply after it containing ``expect``."""
        return await self.tg.reply_after(ALICE, self.says(text), expect)

    async def yes(self, asked: str) -> str:
        """Alice taps Yes under the open question containing ``asked``; the question as it
        was asked (the settled prompt shows its outcome instead)."""
        return await self.tap(asked, "Yes")

    async def yes_to_all(self) -> list[str]:
        """Yes to each question Canon asks, one after another; the questions as asked."""
        asked = []
        for _ in range(6):
            await self.quiet()  # a question follows its message's reply
            open_prompts = self.tg.open_prompts(ALICE)
            if not open_prompts:
                break
            asked.append(await self.yes(open_prompts[0].text))
        return asked

    async def quiet(self) -> None:
        """Until the bot has handled all Alice said and tapped, and said all it will."""
        assert self.runner is not None
        await quiet(self.tg, self.runner)

    async def tap(self, asked: str, label: str) -> str:
        """Alice taps ``label`` under the open question containing ``asked``; its text."""
        question = await self.tg.prompt(ALICE, asked)
        text = question.text
        await self.tg.tap(ALICE, question, label)
        await self.tg.settled(question)
        return text

    async def no_to_all(self, asked: str) -> str:
        """Alice says No to every part of the open question containing ``asked``: a No to
        a question listing its parts asks which is wrong, and she taps "All of it"."""
        question = await self.tg.prompt(ALICE, asked)
        text = question.text
        await self.tg.tap(ALICE, question, "No")
        pick = await self.tg.reply_after(ALICE, question.message_id, "Which part is wrong?")
        await self.tg.tap(ALICE, pick, "All of it")
        await self.tg.settled(question)
        return text

    @property
    def engine(self) -> Engine:
        chat = None if self.runner is None else self.runner.chat
        assert chat is not None, "the bot is running"
        return chat.engine

    async def held(self, name: str) -> Any:
        fact = await self.engine.store.fact("user:primary", name)
        return None if fact is None else fact.value

    async def block(self) -> str:
        engine = self.engine
        return (await load_context(engine.store, engine.policy, ["user:primary"], self.now)).text

    async def told(self) -> str:
        """What /state, "where am i" and "what do you know about me" say now, together
        (with anything else the bot said meanwhile: a workflow's step may come late)."""
        first = self.says(ASKED[0])
        for asked in ASKED[1:]:
            self.says(asked)

        def replies() -> list[ChatMessage]:
            return [m for m in self.tg.bot_messages(ALICE) if m.message_id > first]

        await self.tg.wait_for(
            lambda: sum(not m.text.startswith(_WORKFLOW_STEP) for m in replies()) >= len(ASKED)
        )
        return "\n".join(m.text for m in replies())


_WORKFLOW_STEP = "Trip: "
"""How a trip workflow's step begins: sent after the reply to the message that moved it."""
