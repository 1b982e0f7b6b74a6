"""Scratch: tell the story, print the transcript (not committed)."""
from __future__ import annotations
import asyncio, os
import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE
from fakes.telegram_api import FakeTelegram
from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(300)

SCRIPT = os.environ.get("STORY", "").split("|")

async def _turn(tg: FakeTelegram, text: str) -> None:
    before = len(tg.bot_messages(ALICE))
    if text.startswith("TAP:"):
        label = text[4:]
        prompts = tg.open_prompts(ALICE)
        if not prompts:
            print("   (no open prompt)"); return
        p = prompts[0]
        print(f">> [tap {label} on: {p.text!r}]")
        await tg.tap(ALICE, p, label)
    else:
        print(f">> {text}")
        tg.user_says(ALICE, text)
        await tg.wait_for(lambda: len(tg.bot_messages(ALICE)) > before, 20)
    await asyncio.sleep(2.0)
    for m in tg.bot_messages(ALICE)[before:]:
        btn = [b["text"] for row in m.buttons for b in row]
        print(f"   << {m.text!r} {btn if btn else ''}")

@pytest.mark.parametrize("fresh", [os.environ.get("FRESH") == "1"])
async def test_story(tg: FakeTelegram, start_bot, fresh: bool) -> None:
    runner = await start_bot(policy=default_policy() if fresh else calibrated_policy())
    for line in SCRIPT:
        await _turn(tg, line)
    for p in tg.open_prompts(ALICE):
        print("OPEN:", repr(p.text))
    facts = await runner.chat.engine.store.facts("user:primary") if hasattr(runner.chat.engine.store, "facts") else None
    print("FACTS:", [(f.field, f.value) for f in facts] if facts else facts)
