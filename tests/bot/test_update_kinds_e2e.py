"""Every kind of Telegram update, and who said it (``bot.update_kinds``), over the strict
Bot API double with python-telegram-bot's own types.

Before: an edit of a message from days ago would have been read as said now (PTB hands
edits to the same handlers); an inline bot's "sunny in Paris" or a chat's post was the
user's own first-person word; in a group, a member's "we're home" or /state was answered
there, in front of everyone; a voice message or a contact card got silence.
Now each kind is read as hers, set aside with a reply saying why (nothing changes, no
open question is answered), or ignored without a word; her caption under her own photo,
and her words in a reply quoting someone else, are hers (the quoted text never is).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from chatkit import ALICE, BOB, STRANGER, StartBot, quiet, stop_bot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(180)

MALLORY = {"id": 4242, "is_bot": False, "first_name": "Mallory"}
WEATHER_BOT = {"id": 5555, "is_bot": True, "first_name": "Weather", "username": "weatherbot"}
GROUP = {"id": -5001, "type": "group", "title": "Family"}
CHANNEL = {"id": -100777, "type": "channel", "title": "Travel Deals"}
PHOTO = [{"file_id": "p1", "file_unique_id": "u1", "width": 90, "height": 90}]
POINT = {"latitude": 39.5296, "longitude": -119.8138}
PARIS = {"type": "user", "sender_user": MALLORY, "date": int(time.time()) - 3600}

Send = Callable[[FakeTelegram, dict[str, int]], int | None]
"""Sends one update (given the ids of the messages set up); its message id, if it has one."""

SET_ASIDE: list[tuple[str, Send, str | None]] = [
    ("an edit of the message that made a value",
     lambda tg, ids: tg.user_sends(ALICE, {"text": "I'm in Reno"}, kind="edited_message",
                                   edits=ids["denver"]),
     "You edited a message"),
    ("an inline bot's result she sent",
     lambda tg, ids: tg.user_sends(ALICE, {"text": "Sunny in Paris, where I am",
                                           "via_bot": WEATHER_BOT}),
     "@weatherbot"),
    ("a message sent on behalf of a chat",
     lambda tg, ids: tg.user_sends(ALICE, {"text": "We're in Paris", "sender_chat": CHANNEL}),
     "Travel Deals"),
    ("a forwarded photo's caption",
     lambda tg, ids: tg.user_sends(ALICE, {"photo": PHOTO, "caption": "We're in Paris",
                                           "forward_origin": PARIS}),
     "forwarded from"),
    ("a forwarded yes",
     lambda tg, ids: tg.user_sends(ALICE, {"text": "yes", "forward_origin": PARIS}),
     "Mallory"),
    ("a yes quoting another chat's message",
     lambda tg, ids: tg.user_sends(ALICE, {"text": "yes", "external_reply": {"origin": PARIS},
                                           "quote": {"text": "Still in Paris?", "position": 0}}),
     "another chat"),
    ("a voice message",
     lambda tg, ids: tg.user_sends(ALICE, {"voice": {"file_id": "v", "file_unique_id": "v",
                                                     "duration": 3}}),
     "voice message"),
    ("a photo without a caption",
     lambda tg, ids: tg.user_sends(ALICE, {"photo": PHOTO}), "that photo"),
    ("a poll",
     lambda tg, ids: tg.user_sends(ALICE, {"poll": {
         "id": "1", "question": "Paris or Rome?", "total_voter_count": 0, "is_closed": False,
         "is_anonymous": True, "type": "regular", "allows_multiple_answers": False,
         "allows_revoting": False, "members_only": False,
         "options": [{"text": "Paris", "voter_count": 0, "persistent_id": "a"},
                     {"text": "Rome", "voter_count": 0, "persistent_id": "b"}],
     }}),
     "poll"),
    ("a poll in a shape the library cannot read (a field it requires missing)",
     lambda tg, ids: tg.user_sends(ALICE, {"poll": {"id": "2", "question": "Paris?"}}),
     None),
    ("a story shared",
     lambda tg, ids: tg.user_sends(ALICE, {"story": {"chat": CHANNEL, "id": 3}}), "story"),
    ("a contact card",
     lambda tg, ids: tg.user_sends(ALICE, {"contact": {"phone_number": "+15550100",
                                                       "first_name": "Mallory"}}),
     "contact card"),
    ("a forwarded location (someone else's, wherever they were)",
     lambda tg, ids: tg.user_sends(ALICE, {"location": POINT, "forward_origin": PARIS}),
     "forwarded from"),
    ("a sticker",
     lambda tg, ids: tg.user_sends(ALICE, {"sticker": {
         "file_id": "s", "file_unique_id": "s", "width": 9, "height": 9, "is_animated": False,
         "is_video": False, "type": "regular"}}),
     None),
    ("a channel's post",
     lambda tg, ids: tg.push({"channel_post": {"message_id": 1, "chat": CHANNEL, "date": 1,
                                               "text": "We're in Paris"}}),
     None),
    ("a channel's post edited",
     lambda tg, ids: tg.push({"edited_channel_post": {"message_id": 1, "chat": CHANNEL,
                                                      "date": 1, "edit_date": 2,
                                                      "text": "I live in Rome now"}}),
     None),
    ("her reaction to a message",
     lambda tg, ids: tg.push({"message_reaction": {
         "chat": {"id": ALICE, "type": "private", "first_name": "Alex"},
         "message_id": ids["denver"], "user": {"id": ALICE, "is_bot": False,
                                               "first_name": "Alex"},
         "date": 1, "old_reaction": [], "new_reaction": [{"type": "emoji", "emoji": "👍"}]}}),
     None),
    ("her business account's chat with a customer",
     lambda tg, ids: tg.push({"business_message": {
         "message_id": 1, "business_connection_id": "b1", "date": 1, "text": "yes",
         "chat": {"id": 4242, "type": "private", "first_name": "Mallory"},
         "from": {"id": ALICE, "is_bot": False, "first_name": "Alex"}}}),
     None),
]  # fmt: skip

IN_THE_GROUP: list[tuple[str, int, str, str | None]] = [
    ("a member's we're home", BOB, "we're home", "I read only what you tell me in our own"),
    ("her /state before everyone", ALICE, "/state", None),
    ("her I'm in Paris", ALICE, "I'm in Paris", None),
    ("a stranger's yes", STRANGER, "yes", None),
]
"""Said in a group Canon is a member of: the group is told once, then nothing is said."""


async def test_every_update_not_her_own_words_now_changes_nothing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    store = runner.chat.engine.store
    ids = {"denver": tg.user_says(ALICE, "I'm in Denver")}
    await tg.reply_after(ALICE, ids["denver"], "Denver")
    await tg.say(ALICE, "I live in Seattle now", expect="")
    await tg.prompt(ALICE, "Seattle")  # open: nothing below may answer it
    await quiet(tg, runner)
    before = {(f.field, f.value) for f in await store.facts("user:primary")}
    for name, send, expect in SET_ASIDE:
        said = len(tg.bot_messages(ALICE))
        sent = send(tg, ids)
        if expect is not None:
            reply = await tg.reply_after(ALICE, sent or 0, expect, within=30)
            assert "changed nothing" in reply.text or "changed\nnothing" in reply.text, name
        await quiet(tg, runner)
        assert len(tg.bot_messages(ALICE)) == said + (expect is not None), name
    for name, sender, words, expect in IN_THE_GROUP:
        said = len(tg.bot_messages(GROUP["id"]))
        sent = tg.user_sends(sender, {"text": words}, chat=GROUP)
        if expect is not None:
            await tg.reply_after(GROUP["id"], sent, expect, within=30)
        await quiet(tg, runner, GROUP["id"])
        assert len(tg.bot_messages(GROUP["id"])) == said + (expect is not None), name
    await quiet(tg, runner)
    assert {(f.field, f.value) for f in await store.facts("user:primary")} == before
    assert await store.facts("user:bob") == []
    [asked] = tg.open_prompts(ALICE)
    assert "Seattle" in asked.text
    assert [r.candidate_value for r in await store.review_items(["pending", "queued"])] == [
        "Seattle"
    ]
    assert not any("Denver" in m.text for m in tg.bot_messages(GROUP["id"]))


async def test_her_caption_and_her_words_in_a_reply_are_hers(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    store = runner.chat.engine.store
    caption = tg.user_sends(ALICE, {"photo": PHOTO, "caption": "I'm in Reno now"})
    await tg.reply_after(ALICE, caption, "Reno", within=30)
    quoting: dict[str, Any] = {
        "text": "I live in Boston now",
        "external_reply": {"origin": PARIS, "chat": {"id": 4242, "type": "private",
                                                    "first_name": "Mallory"}},
        "quote": {"text": "We're in Paris", "position": 0},
    }  # fmt: skip
    reply = tg.user_sends(ALICE, quoting)
    await tg.reply_after(ALICE, reply, "Boston", within=30)
    await quiet(tg, runner)
    facts = {f.value for f in await store.facts("user:primary")}
    asked = {r.candidate_value for r in await store.review_items(["pending", "queued"])}
    assert {"Reno", "Boston"} <= facts | asked
    assert "Paris" not in facts | asked


async def test_a_group_is_told_once_a_day_whatever_restarts_between(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The group note is kept in the store, not in the process: a restart does not say it
    again the same day; the next day it is said once more (members come and go)."""
    now = [datetime(2026, 6, 1, 9, 0, tzinfo=UTC)]
    first = await start_bot(clock=lambda: now[0])
    told = "I read only what you tell me in our own"
    sent = tg.user_sends(BOB, {"text": "we're home"}, chat=GROUP)
    await tg.reply_after(GROUP["id"], sent, told, within=30)
    await quiet(tg, first, GROUP["id"])
    await stop_bot(tg, first)
    second = await start_bot(clock=lambda: now[0])
    for day, words, expect in [(0, "anyone in?", None), (1, "we're out", told),
                               (1, "still out", None)]:  # fmt: skip
        now[0] = datetime(2026, 6, 1 + day, 9, 0, tzinfo=UTC)
        said = len(tg.bot_messages(GROUP["id"]))
        sent = tg.user_sends(ALICE, {"text": words}, chat=GROUP)
        if expect is not None:
            await tg.reply_after(GROUP["id"], sent, expect, within=30)
        await quiet(tg, second, GROUP["id"])
        assert len(tg.bot_messages(GROUP["id"])) == said + (expect is not None), words
