"""A story told through the bot on a clock the story moves on (the strict Bot API
double, the offline extractor): what the user types, the replies, taps, and what the
store and the context block hold at the story's ``now``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

from bot.app import BotRunner
from core.conversation.context import load_context
from core.domain.policy import Policy
from core.engine.engine import Engine

WEDNESDAY = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
"""Wednesday 25 November 2026, 10:00 in Portland: where the told stories start."""


@dataclass
class Story:
    """Alice's chat with the bot on a clock the story moves on."""

    tg: FakeTelegram
    now: datetime = WEDNESDAY
    runner: BotRunner | None = field(default=None)

    async def start(self, start_bot: StartBot, policy: Policy | None = None) -> BotRunner:
        self.runner = await start_bot(policy=policy or calibrated_policy(), clock=lambda: self.now)
        return self.runner

    async def restart(self, start_bot: StartBot) -> None:
        """The bot stops and starts again over the same store, mid-conversation."""
        assert self.runner is not None
        await stop_bot(self.tg, self.runner)
        await self.start(start_bot)

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
        question = await self.tg.prompt(ALICE, asked)
        text = question.text
        await self.tg.tap(ALICE, question, "Yes")
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
        """What /state, "where am i" and "what do you know about me" say now, together."""
        said = [(await self.hears(asked, "")).text for asked in ASKED]
        return "\n".join(said)


ASKED = ("/state", "where am i", "what do you know about me")
