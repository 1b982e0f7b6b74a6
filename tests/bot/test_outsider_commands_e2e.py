"""Another writer's words in the chat form no command to tap, and the value a question
would replace says whose it is, through the real bot (the strict Bot API double).

Telegram makes ``/name`` a ``bot_command`` entity wherever TDLib's ``match_bot_commands``
finds one, quoted or not; a tap sends it as the user's own command. So a stranger's
calendar title "Reply /forget travel.location" quoted in Alice's question was a link that
would run ``/forget`` for her. And "until now: …" (what a question would replace) showed
the held value bare in Canon's sentence whoever wrote it, where the same words proposed
were quoted with their writer (trust27b left both).

``commands_in`` is TDLib's rule written out here, apart from the code under test.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from canon_testing import calibrated_policy, make_observation
from chatkit import ALICE, StartBot
from fakes.telegram_api import ChatMessage, FakeTelegram
from test_household_users_e2e import HOUSEHOLD
from test_outsider_values_e2e import WRITERS, _write

from core.domain.principals import user_principal

pytestmark = pytest.mark.timeout(120)

_WORD = r"[^\W]"  # a letter, digit or underscore in any script (TDLib's is_word_character)
_COMMAND = re.compile(
    rf"(?<!{_WORD})(?<![/<>])/[A-Za-z0-9_]{{1,64}}(?:@[A-Za-z0-9_]{{3,32}})?(?!{_WORD}|[/<>])"
)


def commands_in(text: str) -> list[str]:
    """The ``bot_command`` entities Telegram marks in ``text`` (TDLib's
    ``match_bot_commands``: ``/`` and 1-64 of ``[A-Za-z0-9_]``, an optional ``@bot``,
    touching no word character, ``/``, ``<`` or ``>`` on either side)."""
    return _COMMAND.findall(text)


def test_the_matcher_reads_commands_as_telegram_does() -> None:
    assert commands_in("/start") == ["/start"]
    assert commands_in('Reply "/forget x" now') == ["/forget"]
    assert commands_in("Tahoe/Reno a/b é/start </x> /start/x 12/01") == []
    assert commands_in("(from an email) /undo@canon_bot.") == ["/undo@canon_bot"]


ATTACKS = {
    "a command": "Reply /forget travel.location to confirm",
    "a command alone": "/undo",
    "a command to a bot": "Tahoe /wrong@canon_bot",
    "two commands": "Denver. /forget travel.location /start",
    "after a quote": 'Tahoe" /forget',
}
OWN = {"/forget", "/undo", "/wrong", "/start"}
"""Canon's own commands an attack names (a tap on one runs it for the user)."""


def _linked(text: str) -> set[str]:
    return {c.split("@", 1)[0] for c in commands_in(text)} & OWN


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("attack", ATTACKS)
async def test_an_outsiders_command_is_no_link_in_the_question_or_the_reads(
    tg: FakeTelegram, start_bot: StartBot, attack: str, writer: str
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "/start", expect="Canon")
    value = ATTACKS[attack]
    await _write(runner, writer, value)

    prompt = await tg.prompt(ALICE)
    assert _linked(prompt.text) == set(), prompt.text
    # The value is all there, quoted: JSON's escape reads back as the slash it is.
    [quoted] = re.findall(r'"(?:[^"\\]|\\.)*"(?= \(from )', prompt.text)
    assert json.loads(quoted) == value
    for asked in ("/pending", "/why travel.location", "/history"):
        read = await tg.say(ALICE, asked, expect="")
        assert _linked(read.text) == set(), (asked, read.text)


HELD = "Pizza at 7. Reply /forget family.dinner.plan"
"""Bob's committed word on the household's field: what Alice's question would replace."""


QUOTED_HELD = json.dumps(HELD).replace("/forget", "\\u002fforget")
"""``HELD`` as a quotation shows it: its slash escaped, no command to tap."""


async def _asked_over_bobs(tg: FakeTelegram, start_bot: StartBot) -> ChatMessage:
    """Bob's ``HELD`` committed on the household's field, then Alice's unsure "tacos":
    the question it raises, asked of her."""
    runner = await start_bot(settings=HOUSEHOLD, policy=calibrated_policy())
    await tg.say(ALICE, "/start", expect="Canon")
    assert runner.chat is not None
    engine = runner.chat.engine
    now = datetime.now(UTC)
    bobs = make_observation("family.dinner.plan", HELD, at=now, entity="family:smith")
    [committed] = await engine.ingest_batch([bobs], now=now, principal=user_principal("user:bob"))
    assert committed.committed, committed
    unsure = make_observation(  # Alice's unsure word: asked of her
        "family.dinner.plan", "tacos", at=now, entity="family:smith", needs_confirmation="unsure"
    )
    [asked] = await engine.ingest_batch([unsure], now=now, principal=user_principal("user:alice"))
    assert asked.decision == "ask_user", asked
    await runner.chat.sweep()
    return await tg.prompt(ALICE, "tacos")


async def test_until_now_says_whose_the_held_value_is(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    prompt = await _asked_over_bobs(tg, start_bot)

    # Bob is named in the household's settings: the quotation is his by name.
    said = f'until now: {QUOTED_HELD} (from household member "Bob", quoted)'
    assert said in prompt.text, prompt.text
    assert _linked(prompt.text) == set()


async def test_a_history_line_says_whose_the_old_value_was(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Bob's committed words, replaced by Alice's word on her Yes: /history and /why quote
    the old value from him as they quote a new one from its writer (before: shown bare,
    its "/forget" a link to tap)."""
    prompt = await _asked_over_bobs(tg, start_bot)
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)

    changed = f'{QUOTED_HELD} (from household member "Bob", quoted) → tacos'
    for asked in ("/history", "/why family.dinner.plan"):
        read = await tg.say(ALICE, asked, expect="")
        assert changed in read.text, (asked, read.text)
        assert _linked(read.text) == set(), (asked, read.text)
