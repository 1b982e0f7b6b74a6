"""The playground in a real headless Chromium: chat, buttons, edits and the side panel."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import BotConfig
from bot.playground import Playground
from core.config import load_config
from core.responder import OfflineResponder

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
pytestmark = [
    pytest.mark.timeout(90),
    pytest.mark.skipif(
        shutil.which("chromium") is None, reason="tests/services/install-chromium.sh not run"
    ),
]


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    pg = Playground(
        BotConfig(),
        load_config(db=str(tmp_path / "canon.db"), environ={}),
        responder=OfflineResponder(),
        poll_timeout=1.0,
    )
    await pg.start()
    try:
        yield pg
    finally:
        await pg.stop()


async def test_a_new_user_tries_canon_in_the_browser(playground: Playground) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page()
            await page.goto(playground.url)
            messages = page.locator("#messages")
            await expect(messages).to_contain_text("I keep your assistant's beliefs true")

            await page.fill("#text", "We're planning a trip to Tahoe next weekend")
            await page.press("#text", "Enter")
            await expect(messages).to_contain_text("Sounds like a plan, not a fact")
            await page.fill("#text", "We're in Tahoe")
            await page.click("form button")
            await expect(messages).to_contain_text(
                "Noted: you're in Tahoe; your trip is under way."
            )
            await expect(page.locator("#beliefs")).to_contain_text("travel.location Tahoe")
            await expect(page.locator("#beliefs")).to_contain_text("travel.status in_progress")

            await page.fill("#text", "I live in Seattle now")
            await page.click("form button")
            prompt = page.locator(".msg.bot", has_text="profile.home_city: (none) → Seattle")
            await expect(prompt.locator(".keyboard button")).to_have_text(["Yes", "No", "Edit"])
            await expect(page.locator("#pending")).to_contain_text("profile.home_city")

            await prompt.locator("button", has_text="Yes").click()
            await expect(prompt).to_contain_text("✅ Confirmed")
            await expect(prompt).to_contain_text("edited")
            await expect(prompt.locator(".keyboard button")).to_have_count(0)
            await expect(page.locator("#beliefs")).to_contain_text("profile.home_city Seattle")
            await expect(page.locator("#pending")).to_contain_text("none")
            await expect(page.locator("#audit")).to_contain_text("(resolution: user_confirm)")
        finally:
            await browser.close()
