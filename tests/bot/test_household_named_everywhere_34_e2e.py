"""A member Canon knows by name is named wherever their word is shown to the other, through
the real bot (the strict Bot API double); one it knows no name of is "another member of the
household", in the same words everywhere.

Before: Bob's long word for where Alice is ("the cabin by the pier at Lake Tahoe") was
quoted from household member "Bob" in her question, yet from "another member of the household"
in her /pending and in the note her "where am I?" got (a second wording for the same
unnamed member, and no name where the chat knew it). Now every view quotes him as the
question does."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD

from core.domain.principals import user_principal
from core.domain.provenance import ANOTHER_MEMBER, member_origin
from core.domain.quoting import slot
from core.signals.intake import REPORTED_DOUBT

pytestmark = pytest.mark.timeout(120)

THERE = "the cabin by the pier at Lake Tahoe"
"""Bob's word for where Alice is: more than a name, so quoted from him."""

KNOWN_AS: dict[str, tuple[dict[str, Any], str | None, str, str]] = {
    # how Bob is known -> (settings, the name he tells Canon, the mark, who says it)
    "configured": (HOUSEHOLD, None, member_origin("Bob"), "Bob"),
    "told Canon himself": ({**HOUSEHOLD, "user_names": {}}, "Bob", member_origin("Bob"), "Bob"),
    "told a name of two words": (
        {**HOUSEHOLD, "user_names": {}},
        "Mary Ann",
        member_origin("Mary Ann"),
        "Mary Ann",
    ),
    "unknown": (
        {**HOUSEHOLD, "user_names": {}},
        None,
        ANOTHER_MEMBER,
        "Another member of the household",
    ),
}


async def _bobs_word_of_alice(
    tg: FakeTelegram, start_bot: StartBot, settings: dict[str, Any], told: str | None, who: str
) -> None:
    runner = await start_bot(settings=settings, policy=calibrated_policy())
    await tg.say(ALICE, "/start", expect="Canon")
    if told is not None:
        await tg.confirm(BOB, f"my name is {told}", f"Is your name {told}?")
    assert runner.chat is not None
    now = datetime.now(UTC)
    speaker = told or ("Bob" if settings["user_names"] else "another member of the household")
    doubt = REPORTED_DOUBT.format(who=speaker)  # as the chat's intake records his word of her
    his = make_observation(
        "travel.location", THERE, at=now, entity="user:alice", needs_confirmation=doubt
    )
    [asked] = await runner.chat.engine.ingest_batch(
        [his], now=now, principal=user_principal("user:bob")
    )
    assert asked.decision == "ask_user", asked
    await runner.chat.sweep()
    await tg.prompt(ALICE, f"{who} says you're in")


@pytest.mark.parametrize("known", KNOWN_AS)
async def test_her_pending_quotes_him_as_her_question_does(
    tg: FakeTelegram, start_bot: StartBot, known: str
) -> None:
    settings, told, origin, who = KNOWN_AS[known]
    await _bobs_word_of_alice(tg, start_bot, settings, told, who)

    pending = await tg.say(ALICE, "/pending", expect="says you're in")
    assert f"• {who} says you're in {slot(THERE, origin)}" in pending.text, pending.text


@pytest.mark.parametrize("known", KNOWN_AS)
async def test_the_note_on_her_question_quotes_him_as_her_question_does(
    tg: FakeTelegram, start_bot: StartBot, known: str
) -> None:
    settings, told, origin, who = KNOWN_AS[known]
    await _bobs_word_of_alice(tg, start_bot, settings, told, who)

    answer = await tg.say(ALICE, "where am I?", expect="says you're in")
    assert f"{who} says you're in {slot(THERE, origin)}" in answer.text, answer.text
