"""A voice-note user (the thirtieth round's playground session): "need to pay the PG&E bill
before the 10th its like 180 bucks" was confirmed as the PG&E bill, due; after a restart
"is the pge bill paid" answered "I don't know whether you paid pge yet" and "just paid the
pge bill" asked "Did you pay pge bill?", a second bill, leaving the first one due. The
same letters are the bill held: its answer, and its payment.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


async def test_the_bill_named_again_in_other_letters(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("i live in oakland", "Oakland")
    await story.yes("Oakland")
    await story.hears("also need to pay the PG&E bill before the 10th its like 180 bucks", "$180")
    await story.yes_to_all()
    assert await story.held("financial.pg_e_bill.status") == "due"
    story.later(days=1)
    await story.restart(start_bot)
    due = await story.hears("is the pge bill paid", "due")
    assert "I don't know" not in due.text, due.text
    await story.hears("just paid the pge bill", "pay")
    await story.yes_to_all()
    assert await story.held("financial.pg_e_bill.status") == "paid"
    assert await story.held("financial.pge_bill.status") is None
    paid = await story.hears("is the pge bill paid", "paid")
    assert paid.text.startswith("Yes"), paid.text
    # Its reasons, by the same letters.
    why = await story.hears("why do you think i paid the pge bill", "PG&E bill status: paid")
    assert "just paid the pge bill" in why.text, why.text
    # Another bill is its own.
    await story.hears("the water bill is due friday, $40", "water")
    await story.yes_to_all()
    assert await story.held("financial.water_bill.status") == "due"
    assert await story.held("financial.pg_e_bill.status") == "paid"
