"""`canon e2e` against the real bot: a person follows the guide in Telegram (the strict
Bot API double here), and `canon e2e verify`, a separate process reading the same
store, says whether every step happened."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation.e2e_steps import STEPS

pytestmark = pytest.mark.timeout(90)

ENTITY = "user:e2e-ann"


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


async def canon(tmp_path: Path, *args: str) -> Ran:
    """``canon ARGS`` in its own process, configured like the bot (ALICE is ENTITY)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CANON_", "TELEGRAM_"))}
    env |= {
        "CANON_DB": str(tmp_path / "canon.db"),
        "CANON_ALLOWED_USER_IDS": f"{ALICE},{BOB}",
        "CANON_ENTITY_MAP": f"{ALICE}={ENTITY},{BOB}=user:bob",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "core.cli",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode is not None
    return Ran(process.returncode, out.decode(), err.decode())


async def _typed_lines_of_the_guide(tmp_path: Path) -> list[str]:
    guide = await canon(tmp_path, "e2e", "guide", "--entity", ENTITY)
    assert guide.code == 0, guide.err
    assert f"CANON_ENTITY_MAP=<your Telegram user id>={ENTITY}" in guide.out
    return [line.split("type:", 1)[1].strip() for line in guide.out.splitlines() if "type:" in line]


async def _start(tmp_path: Path, start_bot: StartBot) -> None:
    prepared = await canon(tmp_path, "e2e", "prepare", "--entity", ENTITY)
    assert prepared.code == 0, prepared.err
    assert f"run started for {ENTITY}" in prepared.out
    await start_bot(settings={"entity_map": {ALICE: ENTITY, BOB: "user:bob"}})


async def test_following_the_guide_in_telegram_verifies(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    plan, arrival, back = await _typed_lines_of_the_guide(tmp_path)
    await _start(tmp_path, start_bot)
    await tg.say(ALICE, plan, expect="Sounds like a plan")
    await tg.say(
        ALICE, arrival, expect="Noted: you're in Tahoe; your trip is under way; you left today."
    )
    assert tg.open_prompts(ALICE) == [], "the departure moved with the arrival"
    # Back before the planned return: the trip ended today, and the reply says so.
    await tg.say(ALICE, back, expect="Noted: your trip is over; you're back home; back today.")

    verified = await canon(tmp_path, "e2e", "verify", "--entity", ENTITY, "--json")
    assert verified.code == 0, verified.out + verified.err
    report = json.loads(verified.out)
    assert report["ok"] is True
    assert [(s["name"], s["ok"]) for s in report["steps"]] == [
        ("plan", True),
        ("arrival", True),
        ("confirmation", True),
        ("return", True),
    ]
    at = [s["at"] for s in report["steps"]]
    assert at == sorted(at), "the steps happened in order"


async def test_a_step_not_yet_done_is_named_and_a_used_entity_is_refused(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    plan = STEPS[0].say
    await _start(tmp_path, start_bot)
    await tg.say(ALICE, str(plan), expect="Sounds like a plan")

    status = await canon(tmp_path, "e2e", "status", "--entity", ENTITY)
    assert "next: 2. arrival: " in status.out
    assert "  1. plan: done" in status.out
    verified = await canon(tmp_path, "e2e", "verify", "--entity", ENTITY)
    assert verified.code == 1
    failures = [line for line in verified.out.splitlines() if line.startswith("FAIL")]
    assert failures[0].startswith("FAIL  2. arrival: the trip did not get under way")
    assert failures[1].startswith("FAIL  3. confirmation: your departure date did not move")
    assert "ok    1. plan" in verified.out
    assert verified.err == ""

    again = await canon(tmp_path, "e2e", "prepare", "--entity", ENTITY)
    assert again.code == 2
    assert again.err.splitlines() == [
        f"canon: error: {ENTITY} already has state; pick a new name, or add --reset to clear it"
    ]
