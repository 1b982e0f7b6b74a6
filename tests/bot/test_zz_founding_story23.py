from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)


async def test_founding(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg)
    await story.start(start_bot)
    seen = 0

    async def say(text: str) -> None:
        nonlocal seen
        print(f"\n[{story.now:%a %d %H:%M}Z] ALICE: {text}")
        story.says(text)
        await asyncio.sleep(1.5)
        msgs = tg.bot_messages(ALICE)
        for m in msgs[seen:]:
            print("   BOT:", m.text.replace("\n", " | "), "[btn]" if m.buttons else "")
        seen = len(msgs)

    async def tap(asked: str, label: str = "Yes") -> None:
        nonlocal seen
        print(f"   (taps {label} on {asked!r})")
        await story.tap(asked, label)
        await asyncio.sleep(1)
        msgs = tg.bot_messages(ALICE)
        for m in msgs[seen:]:
            print("   BOT:", m.text.replace("\n", " | "), "[btn]" if m.buttons else "")
        seen = len(msgs)

    def opens() -> list[str]:
        return [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)]

    await say("hi! i live in portland btw")
    for q in opens():
        await tap(q)
    await say("so me n the kids r going to tahoe for thanksgiving, leavin thurs mornin, back sun")
    for q in opens():
        await tap(q)
    await say("what do you know about me")
    story.later(hours=6)
    await story.restart(start_bot)
    seen = len(tg.bot_messages(ALICE))
    await say("ugh gotta return the amazon package b4 we go")
    for q in opens():
        await tap(q)
    story.now = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)  # Thursday noon
    await say("made it to tahoe!! roads were insane")
    for q in opens():
        await tap(q)
    await say("where am i")
    await story.restart(start_bot)
    seen = len(tg.bot_messages(ALICE))
    story.now = datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # Friday 19:00
    await say("staying one more nite, back monday now")
    for q in opens():
        await tap(q)
    story.now = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)  # Monday 18:00
    await story.runner.sweep_tick()
    await say("home sweet home finally, kids r asleep")
    for q in opens():
        await tap(q)
    await say("where am i")
    await say("what do you know about me")
    await say("/state")
    print(await story.block())
    story.now = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)
    await story.restart(start_bot)
    seen = len(tg.bot_messages(ALICE))
    await story.runner.sweep_tick()
    await say("what's on my plate?")
    await say("where am i")
    print("OPEN", opens())
    for m in tg.bot_messages(ALICE):
        print("ALL:", m.text.replace("\n", " | "))
    for f in await story.engine.store.facts():
        print("FACT", f.field, f.value, f.valid_until)
