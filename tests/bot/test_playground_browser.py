"""The playground in a real headless Chromium: chat, buttons, edits and the side panel.

Layout is checked at a desktop (1280x800) and a phone (390x844) window. What "no element
narrower than 200 px" means here: the layout containers that carry text (the chat, the
message list, the message box, the side panel when open) are each at least 200 px wide;
a message bubble may be as narrow as its text (a "yes" is a small bubble, as in
Telegram), but never so narrow that its text wraps below 200 px, and a question with
buttons is at least 200 px wide. Icons and single buttons are exempt. Nothing may stick
out to the right, the page never scrolls sideways, and only the message list scrolls up
and down. Screenshots of each stage are saved in the test's tmp directory (printed on
failure) for a look by eye.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from canon_testing import calibrated_policy

from bot.playground.server import Playground
from core.conversation.responder import OfflineResponder
from core.settings import Settings

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


@pytest.fixture(autouse=True)
def _patient_waits() -> None:
    """Every wait for the page is a bound, never a timing: on a busy machine (the suite
    beside other work on two cores) the /report chart renders past Playwright's 5-second
    default, so each expect may wait up to 30 s (the module's own timeout stays 90 s)."""
    from playwright.async_api import expect

    expect.set_options(timeout=30_000)


StartPlayground = Callable[..., Awaitable[Playground]]


@pytest.fixture
async def start_playground(tmp_path: Path) -> AsyncIterator[StartPlayground]:
    started: list[Playground] = []

    async def start(**options: Any) -> Playground:
        pg = Playground(
            # Past calibration: these tests are about plans, facts and questions.
            Settings(store_url=str(tmp_path / "canon.db"), policy=calibrated_policy()),
            responder=OfflineResponder(),
            poll_timeout=1.0,
            **options,
        )
        started.append(pg)
        await pg.start()
        return pg

    yield start
    for pg in started:
        await pg.stop()


@pytest.fixture
async def playground(start_playground: StartPlayground) -> Playground:
    return await start_playground()


async def test_a_new_user_tries_canon_in_the_browser(playground: Playground) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page()
            await page.goto(playground.url)
            messages = page.locator("#messages")
            await expect(messages).to_contain_text("I keep your assistant's beliefs true")

            await page.fill("#text", "We're planning a trip to Tahoe")
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
            prompt = page.locator(".msg.bot", has_text="Do you live in Seattle?")
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


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
QUESTION = ".msg.bot:has(.keyboard button)"

LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const vw = window.innerWidth;
  const scroll = document.scrollingElement.scrollWidth;
  if (scroll > vw) problems.push(`the page scrolls sideways: ${scroll} > ${vw}`);
  // Only the message list scrolls: the header and the message box stay in view.
  const tall = document.scrollingElement.scrollHeight;
  if (tall > window.innerHeight) problems.push(`the page scrolls: ${tall}px tall`);
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (shown(e) && (r.right > vw + 0.5 || r.left < -0.5))
      problems.push(`${e.tagName}#${e.id}.${e.className} sticks out: ${r.left}..${r.right}`);
  }
  for (const sel of ["#chat", "#messages", "#text", "#panel"]) {
    const e = document.querySelector(sel);
    if (e && shown(e) && e.getBoundingClientRect().width < 200)
      problems.push(`${sel} is ${e.getBoundingClientRect().width}px wide`);
  }
  for (const m of document.querySelectorAll(".msg")) {
    const width = m.getBoundingClientRect().width;
    const text = m.querySelector(".text");
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
    const lines = text.textContent.split("\\n").length;
    const wraps = text.getBoundingClientRect().height > lines * lineHeight + 2;
    if (width < 200 && (wraps || m.querySelector(".keyboard")))
      problems.push(`a ${width}px bubble: ${text.textContent.slice(0, 40)}`);
  }
  return problems;
}"""

EMOJI_IN_COLOUR = """() => {
  // Draw the bot's ✅ in white with the page's own font: a colour emoji font paints it
  // green; a missing glyph (a white box, or nothing) has no green at all.
  const c = document.createElement("canvas"); c.width = c.height = 48;
  const g = c.getContext("2d");
  g.font = "32px " + getComputedStyle(document.body).fontFamily;
  g.fillStyle = "#fff"; g.textBaseline = "top"; g.fillText("\u2705", 4, 4);
  const px = g.getImageData(0, 0, 48, 48).data;
  for (let i = 0; i < px.length; i += 4)
    if (px[i + 3] > 200 && px[i + 1] > px[i] + 30 && px[i + 1] > px[i + 2] + 60) return true;
  return false;
}"""


async def _layout_is_sound(page: Any, shots: Path, name: str) -> None:
    await page.screenshot(path=str(shots / f"{name}.png"))
    assert await page.evaluate(LAYOUT_PROBLEMS) == [], f"see {shots / name}.png"


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
async def test_the_chat_works_and_fits_the_window(
    playground: Playground, tmp_path: Path, size: str, viewport: dict[str, int]
) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            phone = size == "phone"
            page = await browser.new_page(viewport=viewport, is_mobile=phone, has_touch=phone)
            await page.goto(playground.url)
            messages = page.locator("#messages")
            await expect(messages).to_contain_text("I keep your assistant's beliefs true")
            await expect(page.locator("#panel")).to_be_visible(visible=not phone)
            await expect(page.locator("#panel-toggle")).to_be_visible(visible=phone)

            # A question, answered with its Yes button: the question says what happened.
            await page.fill("#text", "I live in Seattle now")
            await page.press("#text", "Enter")
            question = page.locator(QUESTION)
            await expect(question).to_have_count(1)
            await expect(question.locator("button")).to_have_text(["Yes", "No", "Edit"])
            await _layout_is_sound(page, tmp_path, f"{size}-1-question")
            await question.locator("button", has_text="Yes").click()
            await expect(page.locator(QUESTION)).to_have_count(0)
            await expect(page.locator(".msg.bot").last).to_contain_text("✅ Confirmed")
            assert await page.evaluate(EMOJI_IN_COLOUR), "✅ is not drawn in colour"

            # A question answered by typing "no": the reply shows up right below it.
            await page.fill("#text", "I live in Denver now")
            await page.press("#text", "Enter")
            await expect(page.locator(QUESTION)).to_have_count(1)
            await page.fill("#text", "no")
            await page.press("#text", "Enter")
            await expect(page.locator(QUESTION)).to_have_count(0)
            await expect(page.locator(".msg").nth(-2)).to_have_text("no")
            await expect(page.locator(".msg.bot").last).to_contain_text("Rejected")
            # A long unbroken word wraps inside its bubble instead of widening the page.
            await page.fill("#text", "see https://example.com/" + "a" * 300)
            await page.press("#text", "Enter")
            await expect(page.locator(".msg.user").last).to_contain_text("aaaa")
            await _layout_is_sound(page, tmp_path, f"{size}-2-answered")

            # The side panel: beside the chat on a desktop, behind a toggle on a phone.
            if phone:
                await page.click("#panel-toggle")
                await expect(page.locator("#panel")).to_be_visible()
                await expect(page.locator("#messages")).to_be_hidden()
            await expect(page.locator("#beliefs")).to_contain_text("profile.home_city Seattle")
            await _layout_is_sound(page, tmp_path, f"{size}-3-panel")
            if phone:
                await page.click("#panel-toggle")
                await expect(page.locator("#messages")).to_be_visible()
                await expect(page.locator("#panel")).to_be_hidden()

            # Over Telegram's 4,096 characters: refused in the page, the text kept.
            too_long = "x" * 5000
            await page.fill("#text", too_long)
            await page.press("#text", "Enter")
            alert = page.locator("#alerts")
            await expect(alert).to_contain_text("Telegram allows 4,096 characters")
            await expect(alert).to_contain_text("has 5,000")
            await expect(page.locator("#text")).to_have_value(too_long)
            await _layout_is_sound(page, tmp_path, f"{size}-4-too-long")
            await page.fill("#text", "hello")
            await page.press("#text", "Enter")
            await expect(alert).to_be_empty()
            assert not [m for m in playground.emulator.chat(1) if m.text == too_long]
        finally:
            await browser.close()


async def test_a_silent_bot_and_a_gone_server_are_shown_in_the_page(
    start_playground: StartPlayground,
) -> None:
    from playwright.async_api import async_playwright, expect

    playground = await start_playground(stall_after=0.5)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page(viewport=PHONE)
            await page.goto(playground.url)
            await expect(page.locator("#messages")).to_contain_text("I keep your")
            alert = page.locator("#alerts")
            await expect(alert).to_be_empty()

            await playground.stop_bot()
            await page.fill("#text", "We're in Tahoe")
            await page.press("#text", "Enter")
            await expect(page.locator(".msg.user").last).to_have_text("We're in Tahoe")
            await expect(alert).to_contain_text("The bot hasn't picked up your message yet")

            await playground.stop()
            await expect(alert).to_contain_text("Can't reach the playground")
        finally:
            await browser.close()


async def test_report_shows_the_chart_in_the_chat(playground: Playground, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page(viewport=PHONE)
            await page.goto(playground.url)
            messages = page.locator("#messages")
            await page.fill("#text", "We're in Tahoe")
            await page.press("#text", "Enter")
            await expect(messages).to_contain_text("Noted: you're in Tahoe")
            await page.fill("#text", "/report")
            await page.press("#text", "Enter")
            shown = page.locator(".msg.bot", has_text="Last 7 days:")
            chart = shown.locator("img.photo")
            await expect(chart).to_have_count(1)
            await expect(shown).to_contain_text("questions waiting.")
            await chart.scroll_into_view_if_needed()
            await page.wait_for_function(
                "() => { const i = document.querySelector('img.photo');"
                " return i && i.complete && i.naturalWidth > 0; }"
            )
            box = await chart.bounding_box()
            assert box is not None
            assert box["width"] <= PHONE["width"]
            assert await page.evaluate(LAYOUT_PROBLEMS) == []
            await page.screenshot(path=str(tmp_path / "report.png"))
            print(f"screenshot: {tmp_path / 'report.png'}")
        finally:
            await browser.close()


async def test_after_a_restart_the_page_shows_the_same_conversation(
    start_playground: StartPlayground, tmp_path: Path
) -> None:
    """The answered question with its outcome, the chart and the open question come back;
    the open one still answers with its buttons, and nothing stands there twice."""
    from playwright.async_api import async_playwright, expect

    first = await start_playground()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page(viewport=DESKTOP)
            await page.goto(first.url)
            messages = page.locator("#messages")
            await expect(messages).to_contain_text("I keep your assistant's beliefs true")
            await page.fill("#text", "We're in Tahoe")
            await page.press("#text", "Enter")
            await expect(messages).to_contain_text("Noted: you're in Tahoe", timeout=20_000)
            await page.fill("#text", "I live in Seattle now")
            await page.press("#text", "Enter")
            seattle = page.locator(".msg.bot", has_text="Do you live in Seattle?")
            await seattle.locator("button", has_text="Yes").click()
            await expect(seattle).to_contain_text("✅ Confirmed")
            await page.fill("#text", "/report")
            await page.press("#text", "Enter")
            await expect(page.locator("img.photo")).to_have_count(1)
            await page.fill("#text", "I live in Denver now")
            await page.press("#text", "Enter")
            await expect(page.locator(QUESTION)).to_have_count(1)
            before = await messages.inner_text()
            await page.screenshot(path=str(tmp_path / "restart-1-before.png"))

            port = first.emulator.port
            await first.stop()
            second = await start_playground(port=port)
            # The same address with the new start's key, as `canon bot` prints it: the page
            # loads again (the old key opens nothing, test_playground_cross_site).
            await page.goto(second.url)
            await expect(page.locator(QUESTION)).to_have_count(1)
            await page.wait_for_function(
                "() => { const i = document.querySelector('img.photo');"
                " return i && i.complete && i.naturalWidth > 0; }"
            )
            assert await messages.inner_text() == before
            await expect(page.locator(QUESTION)).to_be_in_viewport()  # scrolled to the bottom
            await page.screenshot(path=str(tmp_path / "restart-2-after.png"))
            seattle = page.locator(".msg.bot", has_text="Do you live in Seattle?")
            await expect(seattle).to_have_count(1)
            await expect(seattle).to_contain_text("✅ Confirmed")
            await expect(seattle.locator(".keyboard button")).to_have_count(0)
            await expect(page.locator(".msg.user", has_text="/report")).to_have_count(1)

            denver = page.locator(QUESTION)
            await expect(denver).to_contain_text("Do you live in Denver?")
            await denver.locator("button", has_text="Yes").click()
            await expect(page.locator(QUESTION)).to_have_count(0)
            answered = page.locator(".msg.bot", has_text="Do you live in Denver?")
            await expect(answered).to_have_count(1)
            await expect(answered).to_contain_text("✅ Confirmed")
            await expect(page.locator("#beliefs")).to_contain_text("profile.home_city Denver")
            assert await page.evaluate(LAYOUT_PROBLEMS) == []
            await page.screenshot(path=str(tmp_path / "restart-3-answered.png"))
            print(f"screenshots: {tmp_path}/restart-*.png")
            assert second.runner is not None
        finally:
            await browser.close()
